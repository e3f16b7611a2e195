//! The order-3 fast path: a band-oriented 9×9 solver.
//!
//! Candidates are stored per digit and band (three rows) as 27-bit masks, the
//! layout of JCZSolve and of the `sudoku` crate's solver: one table lookup
//! per changed mask applies the row and box constraints of a band at once
//! (see [`tables`]), and bit-slice counting over the nine digits finds naked
//! singles and bivalue cells. [`Solver`](super::Solver) dispatches here when
//! the order is 3; results match the generic solver (tests in `tests_band`).

mod search;
mod state;
mod tables;

use crate::grid::Candidates;
use search::BandSearch;
pub(crate) use state::Bands;

/// The start state of a puzzle's 81 values (`0` blank, `1..=9` given).
/// Clashing givens yield a state whose propagation fails.
pub(crate) fn from_values(values: &[u8]) -> Bands {
    let mut state = Bands::new();
    for (i, &v) in values.iter().enumerate().filter(|(_, &v)| v != 0) {
        let digit = v as usize - 1;
        state.restrict(i, 1 << digit);
        let (band, bit) = state::band_bit(i);
        state.assign(digit, band, bit);
    }
    state
}

/// The start state of 81 candidate masks (bits above digit 9 ignored);
/// `None` if some cell has no candidate.
pub(crate) fn from_candidates(cands: &[Candidates]) -> Option<Bands> {
    let mut state = Bands::new();
    for (i, c) in cands.iter().enumerate() {
        let mask = c.0 as u32 & 0o777;
        if mask == 0 {
            return None;
        }
        state.restrict(i, mask);
    }
    Some(state)
}

/// Counts the solutions of `start` up to `limit`, opening at most `budget`
/// branches, and calls `on_solution` with the values of each. Returns the
/// count, the number of branches opened, and whether the budget cut the
/// search short (then fewer than `limit` solutions were found).
pub(crate) fn count(
    start: Bands,
    limit: usize,
    budget: u64,
    mut on_solution: impl FnMut(&[u8; 81]),
) -> (usize, u64, bool) {
    if limit == 0 {
        return (0, 0, false);
    }
    let on_solution = |s: &Bands| on_solution(&s.values());
    let mut search = BandSearch { limit, found: 0, nodes: 0, budget, cut: false, on_solution };
    search.run(start);
    (search.found, search.nodes, search.cut)
}
