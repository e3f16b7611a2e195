//! Where the depth-first search branches: the smallest set of alternatives of
//! which exactly one holds in every solution — the candidates of a cell, or the
//! places left for a digit in a unit (a "bilocal" digit is as good a binary
//! choice as a cell with two candidates). Refuting every alternative but one
//! lets a single (naked or hidden) place the last one; refuting all of them is ⊥
//! by EmptyCell or NoPlace.

use crate::grid::{Cell, Digit, Grid};
use crate::state::State;

/// A set of alternatives, exactly one of which holds in every solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Branch {
    /// The candidates of an open cell.
    Cell(Cell),
    /// The places of `digit` in a unit where it is not placed yet.
    Places(usize, Digit),
}

/// The open branch with the fewest alternatives (at least two: with one, a
/// single would have fired), cells first on ties; `None` when every cell is placed.
pub(super) fn best_branch(state: &State) -> Option<Branch> {
    let mut best: Option<(u32, Branch)> = None;
    for cell in state.geo().all_cells().filter(|&c| state.placed(c).is_none()) {
        let n = state.cands(cell).len();
        if best.map_or(true, |(m, _)| n < m) {
            best = Some((n, Branch::Cell(cell)));
            if n <= 2 {
                return best.map(|(_, b)| b);
            }
        }
    }
    let side = state.side();
    for unit in 0..state.geo().unit_count() {
        for digit in (1..=side).map(Digit::new) {
            let n = state.count(unit, digit) as u32;
            if n >= 2 && best.map_or(true, |(m, _)| n < m) && !state.placed_in_unit(unit, digit) {
                best = Some((n, Branch::Places(unit, digit)));
                if n == 2 {
                    return best.map(|(_, b)| b);
                }
            }
        }
    }
    best.map(|(_, b)| b)
}

/// The alternative of `branch` to try first: one outside `solution` (those are
/// refutable when the solution is unique), or simply the first without a solution.
pub(super) fn first_alternative(
    state: &State,
    branch: Branch,
    solution: Option<&Grid>,
) -> Option<(Cell, Digit)> {
    let outside = |c: Cell, d: Digit| solution.map_or(true, |g| g.get(c) != Some(d));
    match branch {
        Branch::Cell(c) => state.cands(c).iter().find(|&d| outside(c, d)).map(|d| (c, d)),
        Branch::Places(unit, d) => {
            let cells = state.geo().unit_cells(unit).iter().copied();
            cells.filter(|&c| state.cands(c).contains(d) && outside(c, d)).map(|c| (c, d)).next()
        }
    }
}
