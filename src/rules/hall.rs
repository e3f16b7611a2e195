//! Hall (the matching rule on a unit): a candidate `x=v` that lies on no perfect matching of
//! the unit's open cells to its missing digits is eliminated. Each elimination is justified by
//! a Hall set — `k` cells `C` whose candidates fit in `k` digits `D` — so the certificate
//! records an ordinary [`deduku_check::format::Rule::NakedSubset`] of size `k` (any `1 < k < N`), found by a
//! maximum matching and alternating-path reachability instead of by enumerating subsets.

use super::naked_subset::instance;
use super::{mask, Instance};
use crate::state::State;
use crate::trace::NONE;

/// A digit or cell slot with no partner in the matching.
const FREE: u8 = u8::MAX;

/// Every Hall set of size ≥ 2 in every unit that eliminates something, as naked subsets.
pub fn hall_subsets(state: &State, out: &mut Vec<Instance>) {
    let geo = state.geo();
    for unit in 0..geo.unit_count() {
        let cells = geo.unit_cells(unit);
        let masks: Vec<u64> = cells
            .iter()
            .map(|&c| if state.placed(c).is_some() { 0 } else { mask(state, c) })
            .collect();
        for set in hall_sets(&masks) {
            if set.count_ones() < 2 {
                continue;
            }
            let pick: Vec<u8> = (0..64u8).filter(|&i| set >> i & 1 == 1).collect();
            let digits = pick.iter().fold(0u64, |m, &i| m | masks[i as usize]);
            if let Some(inst) = instance(state, unit, &pick, digits) {
                if inst.premises.iter().all(|&(c, d)| state.elim_step(c, d) != NONE) {
                    out.push(inst);
                }
            }
        }
    }
}

/// The distinct Hall sets (bit masks of positions) that remove a candidate lying on no
/// perfect matching, for a unit whose open cells have candidate masks `masks` (0: not open).
///
/// Every returned `C` has `|C| = |candidates(C)|` and some open cell outside `C` shares one
/// of those candidates. Nothing is returned when the open cells cannot all be matched (the
/// state is contradictory; other rules find ⊥).
pub(crate) fn hall_sets(masks: &[u64]) -> Vec<u64> {
    let Some(owner) = perfect_matching(masks) else { return Vec::new() };
    let reach = reachability(masks, &owner);
    let mut sets = Vec::new();
    for (x, &m) in masks.iter().enumerate() {
        for v in bits(m) {
            let y = owner[v] as usize;
            let Some(Some(c)) = reach.get(y) else { continue };
            let c = *c;
            if y != x && c >> x & 1 == 0 && !sets.contains(&c) {
                sets.push(c);
            }
        }
    }
    sets
}

/// A matching of every open cell to a distinct candidate (Kuhn's augmenting paths), as the
/// cell owning each digit bit (`FREE` if unmatched); `None` if no such matching exists.
fn perfect_matching(masks: &[u64]) -> Option<[u8; 64]> {
    let mut owner = [FREE; 64];
    for (cell, &m) in masks.iter().enumerate() {
        if m != 0 && !augment(cell, masks, &mut 0, &mut owner) {
            return None;
        }
    }
    Some(owner)
}

/// Try to match `cell`, re-routing earlier matches along an augmenting path.
fn augment(cell: usize, masks: &[u64], seen: &mut u64, owner: &mut [u8; 64]) -> bool {
    for d in bits(masks[cell] & !*seen) {
        *seen |= 1 << d;
        if owner[d] == FREE || augment(owner[d] as usize, masks, seen, owner) {
            owner[d] = cell as u8;
            return true;
        }
    }
    false
}

/// For each open cell `y`, the cells reachable from it (itself included) along
/// cell → candidate digit → the cell matched to it; `None` when a reachable cell has an
/// unmatched candidate (then the reachable set is no Hall set).
fn reachability(masks: &[u64], owner: &[u8; 64]) -> Vec<Option<u64>> {
    let adj: Vec<Option<u64>> = masks
        .iter()
        .map(|&m| bits(m).try_fold(0u64, |a, d| (owner[d] != FREE).then(|| a | 1 << owner[d])))
        .collect();
    (0..masks.len())
        .map(|y| {
            let (mut seen, mut todo) = (1u64 << y, 1u64 << y);
            while todo != 0 {
                let next = adj[todo.trailing_zeros() as usize]?;
                todo &= todo - 1;
                todo |= next & !seen;
                seen |= next;
            }
            Some(seen)
        })
        .collect()
}

/// The indices of the set bits of `m`, in increasing order.
fn bits(m: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&i| m >> i & 1 == 1)
}

#[cfg(test)]
#[path = "hall_tests.rs"]
mod tests;
