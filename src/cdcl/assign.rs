//! The assignment: a value, level and reason per variable, the trail, and the counters of
//! the at-least-one constraints (digits left per cell, places left per unit and digit), kept
//! in step with the trail so that undoing a level restores them.

use super::lit::{Vars, L};
use crate::grid::{Cell, Geometry};

/// Why a literal is on the trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reason {
    /// A decision (or the assumption of a uniqueness round).
    Decision,
    /// A clue of the puzzle.
    Given,
    /// Eliminated by the placement of this variable (same cell or a peer): `Exclusion`.
    Excl(u32),
    /// The cell's last digit: `NakedSingle`.
    Naked,
    /// The digit's last place in this unit (a geometry unit id): `HiddenSingle`.
    Hidden(u16),
    /// The last literal of this learned clause not yet false: `Lemma`.
    Clause(u32),
}

/// A constraint every literal of which is false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Conflict {
    /// The placement of `by` eliminates the placed variable `placed`: `Clash`.
    Clash { by: u32, placed: u32 },
    /// Every digit of this cell (index) is eliminated: `EmptyCell`.
    Empty(u32),
    /// The digit (0-based) has no place left in the unit: `NoPlace`.
    NoPlace(u16, u32),
    /// Every literal of this learned clause is false: `Lemma` concluding ⊥.
    Clause(u32),
}

/// The trail and what it implies.
pub(super) struct Assign {
    pub vars: Vars,
    pub geo: &'static Geometry,
    /// Per variable: 1 placed, −1 eliminated, 0 open.
    value: Vec<i8>,
    pub level: Vec<u32>,
    pub reason: Vec<Reason>,
    /// Per variable, its position on the trail (valid while assigned).
    pub pos: Vec<u32>,
    pub trail: Vec<L>,
    /// Where each decision level starts on the trail.
    pub trail_lim: Vec<usize>,
    /// The next trail literal to propagate.
    pub qhead: usize,
    /// Per cell, digits not eliminated.
    cell_left: Vec<u16>,
    /// Per unit id and digit, cells where the digit is not eliminated.
    place_left: Vec<u16>,
}

impl Assign {
    /// Nothing assigned, on the grid `geo`.
    pub fn new(geo: &'static Geometry) -> Assign {
        let side = geo.side();
        let vars = side * side * side;
        Assign {
            vars: Vars { side },
            geo,
            value: vec![0; vars],
            level: vec![0; vars],
            reason: vec![Reason::Decision; vars],
            pos: vec![0; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            cell_left: vec![side as u16; side * side],
            place_left: vec![side as u16; 3 * side * side],
        }
    }

    /// The number of variables.
    pub fn var_count(&self) -> usize {
        self.value.len()
    }

    /// 1 if `l` is true, −1 if false, 0 if open.
    pub fn value(&self, l: L) -> i8 {
        let v = self.value[l.var() as usize];
        if l.is_place() {
            v
        } else {
            -v
        }
    }

    /// Whether variable `var` is assigned.
    pub fn assigned(&self, var: u32) -> bool {
        self.value[var as usize] != 0
    }

    /// The current decision level.
    pub fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Makes `l` true at the current level.
    pub fn assign(&mut self, l: L, reason: Reason) {
        let var = l.var() as usize;
        self.value[var] = if l.is_place() { 1 } else { -1 };
        self.level[var] = self.decision_level();
        self.reason[var] = reason;
        self.pos[var] = self.trail.len() as u32;
        self.trail.push(l);
        if !l.is_place() {
            self.count(l.var(), false);
        }
    }

    /// Opens a new decision level.
    pub fn new_level(&mut self) {
        self.trail_lim.push(self.trail.len());
    }

    /// Undoes every level above `level`; calls `undone` with each variable unassigned.
    pub fn backtrack(&mut self, level: u32, mut undone: impl FnMut(u32)) {
        let Some(&start) = self.trail_lim.get(level as usize) else { return };
        while self.trail.len() > start {
            let Some(l) = self.trail.pop() else { break };
            self.value[l.var() as usize] = 0;
            if !l.is_place() {
                self.count(l.var(), true);
            }
            undone(l.var());
        }
        self.trail_lim.truncate(level as usize);
        self.qhead = self.qhead.min(self.trail.len());
    }

    /// Keeps the counters of `var`'s cell and units in step with its elimination.
    fn count(&mut self, var: u32, up: bool) {
        let side = self.vars.side;
        let (cell, d) = (var as usize / side, var as usize % side);
        let step = |n: &mut u16| *n = if up { *n + 1 } else { *n - 1 };
        step(&mut self.cell_left[cell]);
        for u in self.geo.units_of(self.geo.cell(cell)) {
            step(&mut self.place_left[u as usize * side + d]);
        }
    }

    /// Propagates the sudoku constraints of trail literal `t`: a placement eliminates the
    /// cell's other digits and the digit in its peers; an elimination may leave a cell one
    /// digit, or a digit one place in a unit, or none.
    pub fn propagate_rules(&mut self, t: L) -> Result<(), Conflict> {
        let (vars, geo) = (self.vars, self.geo);
        let (cell, var) = (vars.cell(t.var()), t.var());
        if t.is_place() {
            let d0 = var as usize % vars.side;
            let first = var - d0 as u32;
            for other in (first..first + vars.side as u32).filter(|&o| o != var) {
                self.exclude(other, var)?;
            }
            for &peer in geo.peers(cell) {
                self.exclude((peer.index() * vars.side + d0) as u32, var)?;
            }
            return Ok(());
        }
        self.cell_single(cell)?;
        let d0 = var as usize % vars.side;
        for u in geo.units_of(cell) {
            self.unit_single(u, d0)?;
        }
        Ok(())
    }

    /// Eliminates `other`, excluded by the placement of `by`.
    fn exclude(&mut self, other: u32, by: u32) -> Result<(), Conflict> {
        match self.value[other as usize] {
            0 => self.assign(L::elim(other), Reason::Excl(by)),
            1 => return Err(Conflict::Clash { by, placed: other }),
            _ => {}
        }
        Ok(())
    }

    /// A cell with no digit left is a conflict; with one, the digit is placed.
    fn cell_single(&mut self, cell: Cell) -> Result<(), Conflict> {
        let side = self.vars.side;
        match self.cell_left[cell.index()] {
            0 => Err(Conflict::Empty(cell.index() as u32)),
            1 => {
                let first = (cell.index() * side) as u32;
                let last = (first..first + side as u32).find(|&v| self.value[v as usize] != -1);
                if let Some(v) = last.filter(|&v| self.value[v as usize] == 0) {
                    self.assign(L::place(v), Reason::Naked);
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// A digit with no place left in a unit is a conflict; with one, it is placed there.
    fn unit_single(&mut self, unit: u16, d0: usize) -> Result<(), Conflict> {
        let side = self.vars.side;
        match self.place_left[unit as usize * side + d0] {
            0 => Err(Conflict::NoPlace(unit, d0 as u32)),
            1 => {
                let var = |c: &Cell| (c.index() * side + d0) as u32;
                let cells = self.geo.unit_cells(unit as usize);
                let last = cells.iter().map(var).find(|&v| self.value[v as usize] != -1);
                if let Some(v) = last.filter(|&v| self.value[v as usize] == 0) {
                    self.assign(L::place(v), Reason::Hidden(unit));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The true literals that imply trail literal `l` by `reason` (learned clauses are
    /// read by the caller), into `out`.
    pub fn antecedents(&self, l: L, reason: Reason, out: &mut Vec<L>) {
        let (vars, side) = (self.vars, self.vars.side);
        let var = l.var();
        match reason {
            Reason::Decision | Reason::Given | Reason::Clause(_) => {}
            Reason::Excl(by) => out.push(L::place(by)),
            Reason::Naked => {
                let first = var - var % side as u32;
                out.extend((first..first + side as u32).filter(|&v| v != var).map(L::elim));
            }
            Reason::Hidden(unit) => {
                let (cell, d0) = (vars.cell(var), var as usize % side);
                let cells = self.geo.unit_cells(unit as usize).iter().filter(|&&c| c != cell);
                out.extend(cells.map(|c| L::elim((c.index() * side + d0) as u32)));
            }
        }
    }

    /// The true literals a conflict found false together (learned clauses: by the caller).
    pub fn conflict_antecedents(&self, conflict: Conflict, out: &mut Vec<L>) {
        let side = self.vars.side as u32;
        match conflict {
            Conflict::Clash { by, placed } => out.extend([L::place(by), L::place(placed)]),
            Conflict::Empty(cell) => out.extend((cell * side..(cell + 1) * side).map(L::elim)),
            Conflict::NoPlace(unit, d0) => {
                let cells = self.geo.unit_cells(unit as usize).iter();
                out.extend(cells.map(|c| L::elim(c.index() as u32 * side + d0)));
            }
            Conflict::Clause(_) => {}
        }
    }
}
