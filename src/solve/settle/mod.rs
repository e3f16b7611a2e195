//! Settling a 9×9 puzzle by the singles (and locked candidates) alone, at the speed of a
//! plain solver.
//!
//! Most puzzles of the easy and 17-clue collections are solved by `Cn` at the root, with no
//! assumption. The engine's state is built for the search that usually follows: every
//! elimination is a table update in three units, records its justification, goes on the trail
//! (for undoing) and on the event queue (for the rules); the trace is trimmed into a
//! certificate afterwards. On a 9×9 puzzle `Cn` settles, its 600 or so eliminations cost more
//! than the rest of the certificate.
//!
//! [`settle`] runs the same fixpoint the way fast solvers do: one 81-bit mask of cells per
//! digit, a placement clearing its peers in one operation, naked singles counted across the
//! nine masks bit-parallel, hidden singles and locked candidates read off each unit's mask.
//! Nothing is recorded per implied elimination. Once the puzzle is settled, each step's
//! premises are found ([`cite`]): `c≠e` is justified by the earliest step implying it — a
//! locked-candidates elimination of it, a placement of `e` in a unit of `c`, or of `c` itself —
//! which is what the engine's state records for it (the first justification of every
//! elimination). A hidden single or a locked-candidates instance cites a crossing unit's
//! earlier placement once for the whole segment where they meet, as the engine does.
//!
//! It gives up (`None`) whenever these rules do not settle the puzzle — givens that clash, a
//! contradiction, or a fixpoint with open cells — and the engine starts again from the givens
//! and certifies whatever the verdict is; the work lost is this pass, a few microseconds. The
//! fixpoint is the same as `Cn`'s with the same rules (it is unique), so the verdict is too;
//! the certificate has the same kinds of steps, in the order this pass applies the rules
//! rather than in the engine's event order: hidden singles digit by digit as long as there are
//! any, a round of naked singles when there are none, and one locked-candidates instance when
//! neither is left. Hidden singles come first because they cite fewer premises (a crossing
//! unit's placement stands for a whole segment; a naked single cites all `N − 1` other
//! digits): taken naked first, a pe96 certificate had a third more premises to check. The
//! independent checker checks these certificates exactly as the engine's.
//!
//! On a puzzle that needs a search, the pass is lost: about 14 k instructions on a top95
//! puzzle, 2 % of its `dfs` solve (no premise is gathered for it).

use crate::grid::{Cell, Digit, Geometry, Grid, Order};
use crate::rules::format_unit;
use crate::trace::{StepId, NONE};
use deduku_check::format::{Proof, Rule};
use masks::{CELL_UNITS, PEER_MASKS, UNIT_MASKS};

mod cite;
mod masks;
mod proof;

/// A certificate of the solution, when the rules settle the puzzle at the root.
pub(crate) struct Settled {
    /// The solution.
    pub(crate) grid: Grid,
    /// Its certificate.
    pub(crate) proof: Proof,
    /// Steps derived (givens and eliminations included, cited or not).
    pub(crate) derived: usize,
}

/// The fixpoint of the singles (and of locked candidates if `locked`) on a 9×9 puzzle, when
/// it is the solution: its certificate.
pub(crate) fn settle(puzzle: &Grid, locked: bool) -> Option<Settled> {
    if puzzle.order().n() != 3 {
        return None;
    }
    let mut state = Settle::new(puzzle)?;
    loop {
        while state.hidden_singles()? || state.naked_singles()? {}
        if state.unsolved == 0 || !locked || !state.locked_candidates()? {
            break;
        }
    }
    if state.unsolved != 0 {
        return None;
    }
    state.into_settled(puzzle)
}

/// One step of the certificate being written.
struct Written {
    cell: Cell,
    digit: Digit,
    /// A placement (else an elimination).
    placed: bool,
    rule: Rule,
    why: Why,
}

/// What a step's premises must show, found once the puzzle is settled ([`cite`]): a puzzle
/// the pass does not settle costs no premise.
#[derive(Clone, Copy)]
enum Why {
    /// A given: none.
    Given,
    /// A naked single: the cell's other digits are gone.
    Naked,
    /// A hidden single in this unit: the digit is gone from the unit's other cells.
    Hidden(u8),
    /// Locked candidates from a unit to a crossing one: the digit is gone from the cells of
    /// the first outside the second.
    Locked(u8, u8),
}

/// The state of the pass, and the steps so far.
struct Settle {
    geo: &'static Geometry,
    /// Per digit (0-based), the open cells that still have it.
    cands: [u128; 9],
    /// The open cells.
    open: u128,
    /// The step placing each cell, or [`NONE`].
    place_step: [StepId; 81],
    /// Per unit and digit (`unit · 9 + digit − 1`), the step placing the digit in the unit.
    unit_step: [StepId; 27 * 9],
    /// Per cell and digit (`cell · 9 + digit − 1`), the step eliminating it as a step of its
    /// own (locked candidates), or [`NONE`]; empty until the first such step (most settled
    /// puzzles have none, and filling the table was 3 % of settling one).
    elim_step: Vec<StepId>,
    /// Per digit, its candidates when hidden singles last found none for it: unchanged, it
    /// has none still.
    hidden_seen: [u128; 9],
    /// Per digit, its candidates when locked candidates last found no instance for it.
    locked_seen: [u128; 9],
    unsolved: usize,
    steps: Vec<Written>,
}

impl Settle {
    /// The givens placed, with their exclusions; `None` if two clash.
    fn new(puzzle: &Grid) -> Option<Settle> {
        let mut state = Settle {
            geo: Geometry::of(Order::new(3).ok()?),
            cands: [masks::ALL; 9],
            open: masks::ALL,
            place_step: [NONE; 81],
            unit_step: [NONE; 27 * 9],
            elim_step: Vec::new(),
            hidden_seen: [u128::MAX; 9],
            locked_seen: [u128::MAX; 9],
            unsolved: 81,
            steps: Vec::with_capacity(96),
        };
        // The given cells gathered first, then visited bit by bit: a test per cell mispredicts
        // about twice per given (where they lie follows no pattern).
        let values = puzzle.values();
        let mut givens =
            values.iter().enumerate().fold(0u128, |m, (i, &v)| m | u128::from(v != 0) << i);
        while givens != 0 {
            let i = givens.trailing_zeros() as usize;
            givens &= givens - 1;
            let d0 = usize::from(values[i]) - 1;
            if state.cands[d0] >> i & 1 == 0 {
                return None;
            }
            state.place(state.geo.cell(i), Digit::new(d0 + 1), Rule::Given, Why::Given);
        }
        Some(state)
    }

    /// Write the step concluding `cell=digit` (or `≠` unless `placed`) by `rule`; its id.
    fn write(&mut self, cell: Cell, digit: Digit, placed: bool, rule: Rule, why: Why) -> StepId {
        self.steps.push(Written { cell, digit, placed, rule, why });
        (self.steps.len() - 1) as StepId
    }

    /// Write and apply `cell=digit`: the digit leaves the cell's peers, the cell every digit.
    fn place(&mut self, cell: Cell, digit: Digit, rule: Rule, why: Why) {
        let step = self.write(cell, digit, true, rule, why);
        let (i, d0) = (cell.index(), digit.get() - 1);
        self.place_step[i] = step;
        for unit in CELL_UNITS[i] {
            self.unit_step[usize::from(unit) * 9 + d0] = step;
        }
        self.cands[d0] &= !PEER_MASKS[i];
        for cands in &mut self.cands {
            *cands &= !(1 << i);
        }
        self.open &= !(1 << i);
        self.unsolved -= 1;
    }

    /// Apply every naked single, cell by cell; whether one was applied, `None` on a
    /// contradiction (an open cell without candidates).
    fn naked_singles(&mut self) -> Option<bool> {
        let (mut once, mut twice) = (0u128, 0u128);
        for &cands in &self.cands {
            twice |= once & cands;
            once |= cands;
        }
        if self.open & !once != 0 {
            return None;
        }
        let mut singles = once & !twice;
        let found = singles != 0;
        while singles != 0 {
            let i = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            // An earlier single of this round may have taken the cell's digit (a clash).
            let digits = (0..9).fold(0u16, |m, d0| m | ((self.cands[d0] >> i & 1) as u16) << d0);
            if digits.count_ones() != 1 {
                return None;
            }
            let (cell, d0) = (self.geo.cell(i), digits.trailing_zeros() as usize);
            self.place(cell, Digit::new(d0 + 1), Rule::NakedSingle, Why::Naked);
        }
        Some(found)
    }

    /// Apply every hidden single, digit by digit (each until it has none left), then unit by
    /// unit; whether one was applied, `None` on a contradiction. A digit whose candidates did
    /// not change since it was last looked at is skipped.
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for d0 in 0..9 {
            while self.cands[d0] != self.hidden_seen[d0] {
                self.hidden_seen[d0] = self.cands[d0];
                let mut units = masks::single_units(self.cands[d0]);
                while units != 0 {
                    let unit = units.trailing_zeros() as usize;
                    units &= units - 1;
                    found |= self.hidden_single(unit, d0)?;
                }
            }
        }
        Some(found)
    }

    /// The hidden single of `d0+1` in `unit`, if it still has one (an earlier single of the
    /// same look may have placed the cell, or taken it: then a contradiction, `None`).
    fn hidden_single(&mut self, unit: usize, d0: usize) -> Option<bool> {
        let places = self.cands[d0] & UNIT_MASKS[unit];
        if places & places.wrapping_sub(1) != 0 || self.unit_step[unit * 9 + d0] != NONE {
            return Some(false);
        }
        let i = (places != 0).then(|| places.trailing_zeros() as usize)?;
        let cell = self.geo.cell(i);
        let rule = Rule::HiddenSingle(format_unit(self.geo.unit(unit)));
        self.place(cell, Digit::new(d0 + 1), rule, Why::Hidden(unit as u8));
        Some(true)
    }

    /// Apply a locked-candidates instance that eliminates ([`masks::locked_instance`], digits
    /// in order; a digit whose candidates did not change since it was last looked at in vain
    /// is skipped). Whether one was applied.
    fn locked_candidates(&mut self) -> Option<bool> {
        for d0 in 0..9 {
            if self.cands[d0] == self.locked_seen[d0] {
                continue;
            }
            match masks::locked_instance(self.cands[d0]) {
                None => self.locked_seen[d0] = self.cands[d0],
                Some((from, to)) => {
                    let victims = self.cands[d0] & UNIT_MASKS[to] & !UNIT_MASKS[from];
                    self.eliminate_locked(from, to, d0, victims);
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// Write and apply `c≠d0+1` for each cell `c` of `victims` by locked candidates from
    /// `from` to `to` (every step will cite the same premises).
    fn eliminate_locked(&mut self, from: usize, to: usize, d0: usize, mut victims: u128) {
        let (geo, digit) = (self.geo, Digit::new(d0 + 1));
        let (from_unit, to_unit) = (format_unit(geo.unit(from)), format_unit(geo.unit(to)));
        let rule =
            Rule::LockedCandidates { from: from_unit, to: to_unit, digit: digit.get() as u8 };
        while victims != 0 {
            let i = victims.trailing_zeros() as usize;
            victims &= victims - 1;
            let step =
                self.write(geo.cell(i), digit, false, rule, Why::Locked(from as u8, to as u8));
            if self.elim_step.is_empty() {
                self.elim_step = vec![NONE; 81 * 9];
            }
            self.elim_step[i * 9 + d0] = step;
            self.cands[d0] &= !(1 << i);
        }
    }
}
