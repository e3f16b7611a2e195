//! `State`: a formula in solved form — the candidates left and, for every
//! literal derived so far, the trace step that justifies it.

use crate::grid::{Candidates, Cell, Digit, Geometry, Grid, Order};
use crate::trace::{StepId, NONE};
use deduku_check::format::Fact;

/// The derived literals of one scope, indexed for the rules.
///
/// Placed cells keep their digit as their only candidate, so "candidates" and
/// "not eliminated" coincide; `counts` tracks, per unit and digit, how many
/// cells of the unit still have the digit, so that hidden singles and empty
/// units are found without scanning.
#[derive(Clone, Debug)]
pub struct State {
    geo: &'static Geometry,
    cands: Vec<Candidates>,
    placed: Vec<u8>,
    place_step: Vec<StepId>,
    elim_step: Vec<StepId>,
    counts: Vec<u8>,
    /// Per unit, the digits already placed in it: a unit whose count for a
    /// digit is 1 because the digit is placed there needs no hidden-single scan.
    unit_placed: Vec<Candidates>,
    unsolved: usize,
    /// The Assume this state lives under, or [`NONE`] at the root.
    pub scope: StepId,
}

impl State {
    /// The state with no literal derived: every digit a candidate everywhere.
    pub fn new(order: Order) -> State {
        let geo = Geometry::of(order);
        let (side, cells) = (order.side(), order.cells());
        State {
            geo,
            cands: vec![Candidates::full(side); cells],
            placed: vec![0; cells],
            place_step: vec![NONE; cells],
            elim_step: vec![NONE; cells * side],
            counts: vec![side as u8; geo.unit_count() * side],
            unit_placed: vec![Candidates::EMPTY; geo.unit_count()],
            unsolved: cells,
            scope: NONE,
        }
    }

    /// The grid geometry.
    pub fn geo(&self) -> &'static Geometry {
        self.geo
    }

    /// `N`.
    pub fn side(&self) -> usize {
        self.geo.side()
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
        self.counts[unit * self.side() + digit.get() - 1] as usize
    }

    /// Whether `digit` is placed somewhere in unit `unit`.
    pub fn placed_in_unit(&self, unit: usize, digit: Digit) -> bool {
        self.unit_placed[unit].contains(digit)
    }

    /// Number of cells without a placement.
    pub fn unsolved(&self) -> usize {
        self.unsolved
    }

    /// Record `cell≠digit`, justified by `step`.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit, step: StepId) {
        debug_assert!(self.cands[cell.index()].contains(digit));
        let side = self.side();
        self.cands[cell.index()] = self.cands[cell.index()].without(digit);
        self.elim_step[cell.index() * side + digit.get() - 1] = step;
        for u in self.geo.units_of(cell) {
            self.counts[u as usize * side + digit.get() - 1] -= 1;
        }
    }

    /// Record `cell=digit`, justified by `step` (exclusions follow separately).
    pub fn place(&mut self, cell: Cell, digit: Digit, step: StepId) {
        debug_assert_eq!(self.placed[cell.index()], 0);
        self.placed[cell.index()] = digit.get() as u8;
        self.place_step[cell.index()] = step;
        for u in self.geo.units_of(cell) {
            self.unit_placed[u as usize].0 |= digit.bit();
        }
        self.unsolved -= 1;
    }

    /// The placements as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.geo.order(), self.placed.clone())
            .expect("placed digits are within the order")
    }
}

/// The format's fact for a placement or elimination of `digit` at `cell`.
pub fn fact(cell: Cell, digit: Digit, positive: bool) -> Fact {
    let (r, c, d) = (cell.row() as u8 + 1, cell.col() as u8 + 1, digit.get() as u8);
    if positive {
        Fact::Place { r, c, d }
    } else {
        Fact::Elim { r, c, d }
    }
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
        assert_eq!(fact(cell, d, false), Fact::Elim { r: 1, c: 2, d: 3 });
    }
}
