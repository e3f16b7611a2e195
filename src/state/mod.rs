//! `State`: a formula in solved form — the candidates left and, for every
//! literal derived so far, the trace step that justifies it.
//!
//! Every change is also pushed on a trail, so a subproof is opened in place and
//! closed by undoing back to a mark: an assumption costs what it derives, not a
//! copy of the whole state (which is a megabyte at 64×64).

use crate::grid::{Candidates, Cell, Digit, Geometry, Grid, Order};
use crate::trace::{StepId, NONE};

mod exclude;

/// The derived literals of one scope, indexed for the rules.
///
/// Placed cells keep their digit as their only candidate, so "candidates" and
/// "not eliminated" coincide; `places` holds, per unit and digit, the positions
/// in the unit of the cells that still have the digit (a bit mask, `N ≤ 64`), so
/// that hidden singles, empty units and locked candidates are found without scanning.
#[derive(Clone, Debug)]
pub struct State {
    geo: &'static Geometry,
    /// `N`, kept here: every table below is indexed by it on the hot path.
    side: usize,
    cands: Vec<Candidates>,
    placed: Vec<u8>,
    place_step: Vec<StepId>,
    elim_step: Vec<StepId>,
    places: Vec<u64>,
    /// Per unit, the digits already placed in it: a unit whose count for a
    /// digit is 1 because the digit is placed there needs no hidden-single scan.
    unit_placed: Vec<Candidates>,
    /// Per unit and digit (`unit · N + digit − 1`), the step placing the digit in the unit, or
    /// [`NONE`]: the placement a hidden single cites for the cells of a crossing unit.
    unit_step: Vec<StepId>,
    unsolved: usize,
    /// Every literal recorded, in order, packed by [`pack`]; the givens' exclusions, which
    /// nothing undoes, are not on it ([`State::exclude_placed`]).
    trail: Vec<u32>,
    /// The Assume this state lives under, or [`NONE`] at the root.
    pub scope: StepId,
}

/// A point of the trail to undo back to (see [`State::undo`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark(usize);

impl State {
    /// The state with no literal derived: every digit a candidate everywhere.
    pub fn new(order: Order) -> State {
        let geo = Geometry::of(order);
        let (side, cells) = (order.side(), order.cells());
        State {
            geo,
            side,
            cands: vec![Candidates::full(side); cells],
            placed: vec![0; cells],
            place_step: vec![NONE; cells],
            elim_step: vec![NONE; cells * side],
            places: vec![Candidates::full(side).0; geo.unit_count() * side],
            unit_placed: vec![Candidates::EMPTY; geo.unit_count()],
            unit_step: vec![NONE; geo.unit_count() * side],
            unsolved: cells,
            // Each literal is recorded at most once per scope (undo pops it), so this never regrows.
            trail: Vec::with_capacity(cells * (side + 1)),
            scope: NONE,
        }
    }

    /// The current end of the trail.
    pub fn mark(&self) -> Mark {
        Mark(self.trail.len())
    }

    /// The literals recorded since `mark`, oldest first, as `(cell, digit, placed)`.
    pub fn since(&self, mark: Mark) -> impl Iterator<Item = (Cell, Digit, bool)> + '_ {
        let side = self.side();
        self.trail[mark.0..].iter().map(move |&e| decode(e, side))
    }

    /// The trail entries recorded since `mark`, in their packed form (a literal's
    /// identity: equal entries are equal literals).
    pub fn packed_since(&self, mark: Mark) -> &[u32] {
        &self.trail[mark.0..]
    }

    /// Undo every literal recorded since `mark`, newest first: the state is again
    /// exactly what it was at `mark` (its scope is the caller's to restore).
    pub fn undo(&mut self, mark: Mark) {
        let side = self.side();
        while self.trail.len() > mark.0 {
            let entry = self.trail.pop().expect("the trail is longer than the mark");
            let (cell, digit, placed) = decode(entry, side);
            if placed {
                self.unplace(cell, digit);
            } else {
                self.uneliminate(cell, digit);
            }
        }
    }

    fn unplace(&mut self, cell: Cell, digit: Digit) {
        self.placed[cell.index()] = 0;
        self.place_step[cell.index()] = NONE;
        for (u, slot) in self.geo.units_of(cell).into_iter().zip(self.geo.slots_of(cell)) {
            self.unit_placed[u as usize].0 &= !digit.bit();
            self.unit_step[slot as usize + digit.get() - 1] = NONE;
        }
        self.unsolved += 1;
    }

    fn uneliminate(&mut self, cell: Cell, digit: Digit) {
        let side = self.side();
        self.cands[cell.index()].0 |= digit.bit();
        self.elim_step[cell.index() * side + digit.get() - 1] = NONE;
        let (slots, positions) = (self.geo.slots_of(cell), self.geo.positions_of(cell));
        for (s, p) in slots.into_iter().zip(positions) {
            self.places[s as usize + digit.get() - 1] |= 1 << p;
        }
    }

    /// The grid geometry.
    pub fn geo(&self) -> &'static Geometry {
        self.geo
    }

    /// `N`.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Candidates of `cell` (a placed cell has exactly its digit).
    pub fn cands(&self, cell: Cell) -> Candidates {
        self.cands[cell.index()]
    }

    /// The digit placed at `cell`, if any.
    pub fn placed(&self, cell: Cell) -> Option<Digit> {
        match self.placed[cell.index()] {
            0 => None,
            d => Some(Digit::new(d as usize)),
        }
    }

    /// The step that placed a digit at `cell`, or [`NONE`].
    pub fn place_step(&self, cell: Cell) -> StepId {
        self.place_step[cell.index()]
    }

    /// The step that eliminated `digit` from `cell`, or [`NONE`].
    pub fn elim_step(&self, cell: Cell, digit: Digit) -> StepId {
        self.elim_step[cell.index() * self.side() + digit.get() - 1]
    }

    /// How many cells of unit `unit` still have `digit` as a candidate.
    pub fn count(&self, unit: usize, digit: Digit) -> usize {
        self.places(unit, digit).count_ones() as usize
    }

    /// The positions in unit `unit` (see [`crate::grid::Geometry::positions_of`])
    /// of the cells that still have `digit` as a candidate, as a bit mask.
    pub fn places(&self, unit: usize, digit: Digit) -> u64 {
        self.places[unit * self.side() + digit.get() - 1]
    }

    /// The step placing `digit` in unit `unit`, or [`NONE`].
    pub fn unit_step(&self, unit: usize, digit: Digit) -> StepId {
        self.unit_step[unit * self.side() + digit.get() - 1]
    }

    /// Whether `digit` is placed somewhere in unit `unit`.
    pub fn placed_in_unit(&self, unit: usize, digit: Digit) -> bool {
        self.unit_placed[unit].contains(digit)
    }

    /// The digits not placed anywhere in unit `unit`.
    pub fn unplaced_in_unit(&self, unit: usize) -> Candidates {
        Candidates(Candidates::full(self.side).0 & !self.unit_placed[unit].0)
    }

    /// Number of cells without a placement.
    pub fn unsolved(&self) -> usize {
        self.unsolved
    }

    /// Record `cell≠digit`, justified by `step`. Inlined into its few callers: a placement's
    /// exclusions call it a dozen times in a loop, and the call's saved registers cost more
    /// than its body (2.6 % of a top95 `dfs` solve's instructions).
    #[inline(always)]
    pub fn eliminate(&mut self, cell: Cell, digit: Digit, step: StepId) {
        debug_assert!(self.cands[cell.index()].contains(digit));
        let side = self.side();
        self.cands[cell.index()] = self.cands[cell.index()].without(digit);
        self.elim_step[cell.index() * side + digit.get() - 1] = step;
        let (slots, positions) = (self.geo.slots_of(cell), self.geo.positions_of(cell));
        for (s, p) in slots.into_iter().zip(positions) {
            self.places[s as usize + digit.get() - 1] &= !(1 << p);
        }
        self.trail.push(pack(cell, digit, false));
    }

    /// Record `cell=digit`, justified by `step` (exclusions follow separately).
    pub fn place(&mut self, cell: Cell, digit: Digit, step: StepId) {
        debug_assert_eq!(self.placed[cell.index()], 0);
        self.placed[cell.index()] = digit.get() as u8;
        self.place_step[cell.index()] = step;
        for (u, slot) in self.geo.units_of(cell).into_iter().zip(self.geo.slots_of(cell)) {
            self.unit_placed[u as usize].0 |= digit.bit();
            self.unit_step[slot as usize + digit.get() - 1] = step;
        }
        self.unsolved -= 1;
        self.trail.push(pack(cell, digit, true));
    }

    /// The placements as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.geo.order(), self.placed.clone())
            .expect("placed digits are within the order")
    }
}

/// A trail entry: the cell's index, the digit (7 bits: up to 64 and more) and 1 for a
/// placement, packed by shifts. Undoing decodes every entry, and a packing by `N` would cost
/// a division by a number unknown at compile time per literal undone.
pub(crate) fn pack(cell: Cell, digit: Digit, placed: bool) -> u32 {
    ((cell.index() as u32) << 8) | ((digit.get() as u32) << 1) | u32::from(placed)
}

fn decode(entry: u32, side: usize) -> (Cell, Digit, bool) {
    let (cell, digit) = ((entry >> 8) as usize, ((entry >> 1) & 0x7f) as usize);
    (Cell::from_index(cell, side), Digit::new(digit), entry & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eliminations_update_counts_and_justifications() {
        let order = Order::new(2).unwrap();
        let mut s = State::new(order);
        let cell = Cell::new(0, 1, 4);
        let d = Digit::new(3);
        s.eliminate(cell, d, 7);
        assert!(!s.cands(cell).contains(d));
        assert_eq!(s.elim_step(cell, d), 7);
        let [row, col, bx] = s.geo().units_of(cell);
        for u in [row, col, bx] {
            assert_eq!(s.count(u as usize, d), 3);
        }
        s.place(cell, Digit::new(1), 8);
        assert_eq!(s.placed(cell), Some(Digit::new(1)));
        let [row, _, bx] = s.geo().units_of(cell);
        assert!(s.placed_in_unit(row as usize, Digit::new(1)));
        assert!(s.placed_in_unit(bx as usize, Digit::new(1)));
        assert!(!s.placed_in_unit(row as usize, Digit::new(2)));
        assert_eq!(s.unsolved(), 15);
    }

    #[test]
    fn undo_restores_every_table_exactly() {
        let order = Order::new(2).unwrap();
        let mut s = State::new(order);
        s.eliminate(Cell::new(0, 0, 4), Digit::new(2), 1);
        let before = format!("{s:?}");
        let mark = s.mark();
        let cell = Cell::new(2, 3, 4);
        s.eliminate(cell, Digit::new(4), 2);
        s.place(cell, Digit::new(1), 3);
        s.eliminate(Cell::new(2, 0, 4), Digit::new(1), 4);
        let since: Vec<_> = s.since(mark).collect();
        assert_eq!(since[1], (cell, Digit::new(1), true));
        assert_eq!(since.len(), 3);
        s.undo(mark);
        assert_eq!(format!("{s:?}"), before);
    }
}
