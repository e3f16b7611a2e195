//! The order in which the search tries assumptions: cells with fewer
//! candidates first (they are most constrained, and their refutations close
//! cells soonest), then row-major, digits ascending.

use crate::grid::{Cell, Digit, Grid};
use crate::state::State;

/// Every open candidate of `state` in trial order, minus the `oracle`
/// solution's own digits (which cannot be refuted).
pub fn ordered_candidates(state: &State, oracle: Option<&Grid>) -> Vec<(Cell, Digit)> {
    let mut cells: Vec<Cell> =
        state.geo().all_cells().filter(|&c| state.placed(c).is_none()).collect();
    cells.sort_by_key(|&c| state.cands(c).len());
    let mut out = Vec::new();
    for cell in cells {
        let known = oracle.and_then(|g| g.get(cell));
        out.extend(state.cands(cell).iter().filter(|&d| Some(d) != known).map(|d| (cell, d)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Order;

    #[test]
    fn fewest_candidates_first_and_oracle_digits_skipped() {
        let order = Order::new(2).unwrap();
        let mut s = State::new(order);
        let narrow = Cell::new(3, 3, 4);
        for d in [1, 2] {
            s.eliminate(narrow, Digit::new(d), 0);
        }
        let all = ordered_candidates(&s, None);
        assert_eq!(all.len(), 16 * 4 - 2);
        assert_eq!(all[0], (narrow, Digit::new(3)));
        let mut solution = Grid::empty(order);
        solution.set(narrow, Some(Digit::new(3)));
        let pruned = ordered_candidates(&s, Some(&solution));
        assert_eq!(pruned[0], (narrow, Digit::new(4)));
    }
}
