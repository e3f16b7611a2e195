//! The reference Π(n) is compared against: maximally parallel naked-single
//! rounds from the givens, with exclusion, stopping at a contradiction.

use crate::grid::{Candidates, Cell, Digit, Geometry, Grid};

/// What the naked-single rounds reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NakedSingleRounds {
    /// The givens plus every placement made.
    pub grid: Grid,
    /// How many digits each round placed (every entry is at least 1).
    pub placed_per_round: Vec<usize>,
    /// Whether a contradiction showed: two equal digits in a unit, an empty
    /// cell without candidates, or a digit with no cell left in a unit.
    pub contradiction: bool,
}

/// Placements reached by maximally parallel naked-single rounds from the
/// givens, the number of rounds, and whether a contradiction showed.
pub fn naked_single_rounds(puzzle: &Grid) -> (Grid, usize, bool) {
    let outcome = naked_single_round_sizes(puzzle);
    (outcome.grid, outcome.placed_per_round.len(), outcome.contradiction)
}

/// The rounds in detail: each round places, at once, the only candidate of
/// every empty cell that has exactly one.
pub fn naked_single_round_sizes(puzzle: &Grid) -> NakedSingleRounds {
    let geo = Geometry::of(puzzle.order());
    let mut grid = puzzle.clone();
    let mut placed_per_round = Vec::new();
    loop {
        if contradiction(geo, &grid) {
            return NakedSingleRounds { grid, placed_per_round, contradiction: true };
        }
        let singles: Vec<(Cell, Digit)> = geo
            .all_cells()
            .filter(|&cell| grid.get(cell).is_none())
            .filter_map(|cell| candidates(geo, &grid, cell).single().map(|d| (cell, d)))
            .collect();
        if singles.is_empty() {
            return NakedSingleRounds { grid, placed_per_round, contradiction: false };
        }
        for &(cell, digit) in &singles {
            grid.set(cell, Some(digit));
        }
        placed_per_round.push(singles.len());
    }
}

/// The digits not placed in any peer of `cell`.
fn candidates(geo: &Geometry, grid: &Grid, cell: Cell) -> Candidates {
    let used = geo.peers(cell).iter().filter_map(|&p| grid.get(p)).fold(0, |acc, d| acc | d.bit());
    Candidates(geo.order().all_digits().0 & !used)
}

/// Whether a ⊥ rule of `Cn` fires on the placements of `grid`: Clash, EmptyCell or NoPlace.
fn contradiction(geo: &Geometry, grid: &Grid) -> bool {
    if !grid.is_consistent() {
        return true;
    }
    let empty_cell = geo
        .all_cells()
        .any(|cell| grid.get(cell).is_none() && candidates(geo, grid, cell).is_empty());
    let no_place = (0..geo.unit_count()).any(|u| {
        let cells = geo.unit_cells(u);
        let placeable = cells.iter().fold(0u64, |acc, &cell| match grid.get(cell) {
            Some(d) => acc | d.bit(),
            None => acc | candidates(geo, grid, cell).0,
        });
        placeable != geo.order().all_digits().0
    });
    empty_cell || no_place
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Order;

    fn grid4(line: &str) -> Grid {
        let values = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        Grid::from_values(Order::new(2).unwrap(), values).unwrap()
    }

    #[test]
    fn the_papers_example_takes_parallel_rounds() {
        // Figure 1: r1c4=1, r2c1=3, r3c1=1, r3c2=2; the first round places r1c2=4 and r4c1=4.
        let outcome = naked_single_round_sizes(&grid4("...13...12......"));
        assert!(!outcome.contradiction);
        assert_eq!(outcome.placed_per_round[0], 2);
        assert!(outcome.grid.solves(&grid4("...13...12......")));
    }

    #[test]
    fn contradictions_are_reported() {
        let (_, rounds, bad) = naked_single_rounds(&grid4("11.............."));
        assert!(bad && rounds == 0);
        // r1c4 has no candidate left: EmptyCell before any round.
        let (_, rounds, bad) = naked_single_rounds(&grid4("123....4........"));
        assert!(bad && rounds == 0);
        // Round 1 puts 1 at r1c2 and at r1c4: a clash in row 1.
        let (grid, rounds, bad) = naked_single_rounds(&grid4("3....4...2.4...2"));
        assert!(bad && rounds == 1);
        assert!(!grid.is_consistent());
    }

    #[test]
    fn an_empty_grid_is_stuck_at_once() {
        let (grid, rounds, bad) = naked_single_rounds(&Grid::empty(Order::new(3).unwrap()));
        assert_eq!((grid.filled_count(), rounds, bad), (0, 0, false));
    }
}
