//! Where the depth-first search branches: the smallest set of alternatives of
//! which exactly one holds in every solution — the candidates of a cell, or the
//! places left for a digit in a unit (a "bilocal" digit is as good a binary
//! choice as a cell with two candidates). Refuting every alternative but one
//! lets a single (naked or hidden) place the last one; refuting all of them is ⊥
//! by EmptyCell or NoPlace.

use super::weights::Weights;
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

/// The open branch with the smallest `alternatives² / weight`, cells first on ties; `None`
/// when every cell is placed. With every weight equal this is the branch with the fewest
/// alternatives. `cell_floor` is the fewest candidates an open cell can have where `Cn` is
/// stuck: 2 with NakedSingle (one would have fired), else 1; cells whose weight could not win
/// with that many are not counted (the choice is the same, the scan cheaper). A digit in a
/// unit is offered only with two places or more.
pub(super) fn best_branch(state: &State, weights: &Weights, cell_floor: u64) -> Option<Branch> {
    let geo = state.geo();
    let mut best = Best::default();
    for (i, &weight) in weights.of_cells().iter().enumerate() {
        let cell = geo.cell(i);
        if best.may_lose_to(weight, cell_floor) && state.placed(cell).is_none() {
            let n = u64::from(state.cands(cell).len());
            best.offer(n, weight, Branch::Cell(cell));
        }
    }
    for unit in 0..geo.unit_count() {
        let weight = weights.of_unit(unit);
        if !best.may_lose_to(weight, 2) {
            continue;
        }
        if let Some((n, digit)) = fewest_places(state, unit) {
            best.offer(n, weight, Branch::Places(unit, digit));
        }
    }
    best.branch
}

/// The digit with the fewest places (at least two) in `unit`, the first on ties, and that
/// number. Within a unit every digit has the unit's weight, so only this one can be the best
/// branch (and offering it alone picks what offering each digit in turn would).
fn fewest_places(state: &State, unit: usize) -> Option<(u64, Digit)> {
    let mut fewest: Option<(u64, Digit)> = None;
    for digit in state.unplaced_in_unit(unit).iter() {
        let places = state.places(unit, digit);
        // Bit tricks before counting: two places (the fewest possible) end the scan.
        let rest = places & places.wrapping_sub(1);
        if rest == 0 {
            continue;
        }
        if rest & rest.wrapping_sub(1) == 0 {
            return Some((2, digit));
        }
        let n = u64::from(places.count_ones());
        if fewest.map_or(true, |(m, _)| n < m) {
            fewest = Some((n, digit));
        }
    }
    fewest
}

/// The best branch offered so far and its score `size / weight`.
#[derive(Default)]
struct Best {
    branch: Option<Branch>,
    size: u64,
    weight: u64,
}

impl Best {
    /// Whether a branch of this weight with at least `fewest` alternatives could score
    /// strictly better: the scan counts alternatives only then.
    fn may_lose_to(&self, weight: u64, fewest: u64) -> bool {
        self.branch.is_none() || fewest * fewest * self.weight < self.size * weight
    }

    /// Keep `branch` (with `n` alternatives) if it scores strictly better.
    fn offer(&mut self, n: u64, weight: u64, branch: Branch) {
        let size = n * n;
        // size / weight < self.size / self.weight, without division.
        if self.branch.is_none() || size * self.weight < self.size * weight {
            *self = Best { branch: Some(branch), size, weight };
        }
    }
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
