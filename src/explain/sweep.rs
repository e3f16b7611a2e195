//! One forward pass over the lines that keeps the grid of the current scope: subproofs nest
//! like brackets, so a stack of open boxes and an undo log give the state of every line's
//! scope in time linear in the certificate (no per-line replay, no recursion).
//!
//! The state shown is the truth at that line: the givens, every fact derived so far in the
//! line's scope and its enclosing boxes, and every exclusion those placements imply (a
//! trimmed certificate leaves most of them out, but the Exclusion rule derives each). A
//! subproof's facts vanish when it closes. A step whose scope is not open (the checker
//! rejects it) changes nothing.

use super::derivation::Derivation;
use super::grid_state::{bit, CellKind, GridState};
use crate::grid::{parse_grid_string, GridStringError};
use deduku_check::format::{Fact, Rule};

/// A cell as it was before a change, to restore when a box closes.
#[derive(Clone, Copy)]
struct Saved {
    cell: u32,
    value: u8,
    kind: CellKind,
    cands: u64,
}

/// The scope-aware pass over a derivation; see the module documentation.
pub struct Sweep<'d, 'a> {
    d: &'d Derivation<'a>,
    state: GridState,
    /// Open boxes, innermost last: the Assume's position and the undo log's length then.
    stack: Vec<(usize, usize)>,
    /// Per position: the Assume there has an open box now.
    open: Vec<bool>,
    undo: Vec<Saved>,
    /// The next line to enter; `entered` says whether its scope is entered already.
    next: usize,
    entered: Option<bool>,
}

impl<'d, 'a> Sweep<'d, 'a> {
    /// A pass standing before the first line, with the givens placed and their exclusions.
    pub fn new(d: &'d Derivation<'a>) -> Result<Sweep<'d, 'a>, GridStringError> {
        let values = parse_grid_string(d.proof.order, &d.proof.puzzle)?;
        let mut state = GridState::from_puzzle(usize::from(d.proof.order), values);
        for i in 0..state.values.len() {
            if state.values[i] > 0 {
                let v = state.values[i];
                let peers: Vec<usize> = state.peers(i).collect();
                for p in peers {
                    state.cands[p] &= !bit(v);
                }
            }
        }
        let open = vec![false; d.lines.len()];
        Ok(Sweep { d, state, stack: Vec::new(), open, undo: Vec::new(), next: 0, entered: None })
    }

    /// The state before line position `i`, in that line's scope (`i` at or after the
    /// lines already passed; `i = lines` gives the end of the derivation at the root).
    pub fn before(&mut self, i: usize) -> &GridState {
        while self.next < i {
            self.step();
        }
        if i < self.d.lines.len() {
            self.enter();
        } else {
            self.close_to(None);
        }
        &self.state
    }

    /// The state after line position `i`, in its scope (an Assume: inside its own box).
    pub fn after(&mut self, i: usize) -> &GridState {
        while self.next <= i && self.next < self.d.lines.len() {
            self.step();
        }
        &self.state
    }

    /// Enter and apply the next line.
    fn step(&mut self) {
        let in_scope = self.enter();
        let i = self.next;
        if in_scope {
            self.apply(i);
        }
        self.next += 1;
        self.entered = None;
    }

    /// Close the boxes the next line leaves; returns whether its scope is open.
    fn enter(&mut self) -> bool {
        if let Some(in_scope) = self.entered {
            return in_scope;
        }
        let in_scope = match self.d.lines[self.next].scope {
            None => {
                self.close_to(None);
                true
            }
            Some(s) if self.open[s] => {
                self.close_to(Some(s));
                true
            }
            Some(_) => false,
        };
        self.entered = Some(in_scope);
        in_scope
    }

    /// Pop boxes until `target` is the innermost open one (`None`: the root).
    fn close_to(&mut self, target: Option<usize>) {
        while let Some(&(a, mark)) = self.stack.last() {
            if Some(a) == target {
                break;
            }
            self.stack.pop();
            self.open[a] = false;
            while self.undo.len() > mark {
                let Some(s) = self.undo.pop() else { break };
                let c = s.cell as usize;
                self.state.values[c] = s.value;
                self.state.kinds[c] = s.kind;
                self.state.cands[c] = s.cands;
            }
        }
    }

    fn apply(&mut self, i: usize) {
        let step = self.d.lines[i].step;
        if step.rule == Rule::Assume {
            self.stack.push((i, self.undo.len()));
            self.open[i] = true;
        }
        let Some(cell) = cell_index(self.state.side, step.fact) else { return };
        match step.fact {
            Fact::Place { d, .. } => {
                let kind = match step.rule {
                    Rule::Assume => CellKind::Assumed,
                    _ if !self.stack.is_empty() => CellKind::Hypothetical,
                    Rule::Given => CellKind::Given,
                    _ => CellKind::Placed,
                };
                self.place(cell, d, kind);
            }
            Fact::Elim { d, .. } => self.set_cands(cell, self.state.cands[cell] & !bit(d)),
            Fact::Bottom => {}
        }
    }

    /// Place `d` in `cell` and exclude it from the cell's peers.
    fn place(&mut self, cell: usize, d: u8, kind: CellKind) {
        if self.state.values[cell] == d {
            return;
        }
        self.save(cell);
        self.state.values[cell] = d;
        self.state.kinds[cell] = kind;
        self.state.cands[cell] = bit(d);
        let peers: Vec<usize> = self.state.peers(cell).collect();
        for p in peers {
            self.set_cands(p, self.state.cands[p] & !bit(d));
        }
    }

    fn set_cands(&mut self, cell: usize, cands: u64) {
        if self.state.cands[cell] != cands {
            self.save(cell);
            self.state.cands[cell] = cands;
        }
    }

    fn save(&mut self, cell: usize) {
        if self.stack.is_empty() {
            return; // root changes are never undone
        }
        let (value, kind, cands) =
            (self.state.values[cell], self.state.kinds[cell], self.state.cands[cell]);
        self.undo.push(Saved { cell: cell as u32, value, kind, cands });
    }
}

/// The cell index of a literal on a grid of `side`, if it fits.
pub fn cell_index(side: usize, fact: Fact) -> Option<usize> {
    let (r, c, d) = match fact {
        Fact::Place { r, c, d } | Fact::Elim { r, c, d } => (r, c, d),
        Fact::Bottom => return None,
    };
    let ok = |x: u8| (1..=side).contains(&usize::from(x));
    (ok(r) && ok(c) && ok(d)).then(|| (usize::from(r) - 1) * side + usize::from(c) - 1)
}

impl GridState {
    /// The state before line position `i` in its scope (one pass; for many lines use a
    /// [`Sweep`] directly).
    pub fn before(d: &Derivation, i: usize) -> Result<GridState, GridStringError> {
        Ok(Sweep::new(d)?.before(i).clone())
    }

    /// The state after line position `i`, in its scope.
    pub fn after(d: &Derivation, i: usize) -> Result<GridState, GridStringError> {
        Ok(Sweep::new(d)?.after(i).clone())
    }
}
