//! Hall (the matching rule on a unit): a candidate `x=v` that lies on no perfect matching of
//! the unit's open cells to its missing digits is eliminated. Each elimination is justified by
//! a Hall set — `k` cells `C` whose candidates fit in `k` digits `D` — so the certificate
//! records an ordinary [`deduku_check::format::Rule::NakedSubset`] of size `k` (any `1 < k < N`), found by a
//! maximum matching and alternating-path reachability instead of by enumerating subsets.

use super::naked_subset::instance;
use super::{mask, positions as bits, Instance};
use crate::state::State;
use crate::trace::NONE;

/// A digit or cell slot with no partner in the matching.
pub(crate) const FREE: u8 = u8::MAX;

/// Every Hall set of size ≥ 2 in every unit that eliminates something, as naked subsets.
pub fn hall_subsets(state: &State, out: &mut Vec<Instance>) {
    let geo = state.geo();
    for unit in 0..geo.unit_count() {
        let masks = unit_masks(state, unit);
        let sets = hall_sets(&masks);
        out.extend(sets.into_iter().filter_map(|set| set_instance(state, unit, &masks, set)));
    }
}

/// The candidate masks of `unit`'s cells, in unit order (0 for a placed cell).
fn unit_masks(state: &State, unit: usize) -> Vec<u64> {
    let mut masks = Vec::new();
    unit_masks_into(state, unit, &mut masks);
    masks
}

/// [`unit_masks`], written into `masks` (cleared first).
pub(crate) fn unit_masks_into(state: &State, unit: usize, masks: &mut Vec<u64>) {
    let cells = state.geo().unit_cells(unit);
    masks.clear();
    masks.extend(cells.iter().map(|&c| if state.placed(c).is_some() { 0 } else { mask(state, c) }));
}

/// The first Hall set of `unit` (candidate masks `masks`) that eliminates, as a naked
/// subset; `owner` is the unit's matching from an earlier call (warm start) and is updated.
pub(crate) fn first_unit_instance(
    state: &State,
    unit: usize,
    masks: &[u64],
    owner: &mut [u8; 64],
) -> Option<Instance> {
    let sets = hall_sets_from(masks, owner);
    sets.into_iter().find_map(|set| set_instance(state, unit, masks, set))
}

/// The naked subset on the positions `set` of `unit`, if it has size ≥ 2, eliminates, and
/// every premise is derived.
fn set_instance(state: &State, unit: usize, masks: &[u64], set: u64) -> Option<Instance> {
    if set.count_ones() < 2 {
        return None;
    }
    let pick: Vec<u8> = (0..64u8).filter(|&i| set >> i & 1 == 1).collect();
    let digits = pick.iter().fold(0u64, |m, &i| m | masks[i as usize]);
    let inst = instance(state, unit, &pick, digits)?;
    inst.premises.iter().all(|&(c, d)| state.elim_step(c, d) != NONE).then_some(inst)
}

/// The distinct Hall sets (bit masks of positions) that remove a candidate lying on no
/// perfect matching, for a unit whose open cells have candidate masks `masks` (0: not open).
///
/// Every returned `C` has `|C| = |candidates(C)|` and some open cell outside `C` shares one
/// of those candidates. Nothing is returned when the open cells cannot all be matched (the
/// state is contradictory; other rules find ⊥).
pub(crate) fn hall_sets(masks: &[u64]) -> Vec<u64> {
    hall_sets_from(masks, &mut [FREE; 64])
}

/// [`hall_sets`], starting the matching from `owner` (each digit's cell in an earlier
/// matching of the same unit; entries no longer valid are dropped) and leaving the new
/// matching there.
fn hall_sets_from(masks: &[u64], owner: &mut [u8; 64]) -> Vec<u64> {
    if !perfect_matching(masks, owner) {
        return Vec::new();
    }
    let graph = Graph::new(masks, owner);
    let mut sets = Vec::new();
    let mut left =
        masks.iter().enumerate().filter(|(_, &m)| m != 0).fold(0u64, |a, (c, _)| a | 1 << c);
    while left != 0 {
        let u = 1u64 << left.trailing_zeros();
        // The strongly connected component of `u`: an edge leaving it is a candidate on no
        // perfect matching (its head cannot reach back), and the head's reach is a Hall set.
        let scc = graph.reach(u, &graph.fwd) & graph.reach(u, &graph.bwd);
        left &= !scc;
        for x in bits(scc) {
            for y in bits(graph.fwd[x] & !scc) {
                let c = graph.reach(1 << y, &graph.fwd);
                if c & graph.broken == 0 && !sets.contains(&c) {
                    sets.push(c);
                }
            }
        }
    }
    sets
}

/// The digraph of a matched unit: cell `x` → cell `y` when `x` has a candidate matched to
/// `y` (forward and backward adjacency as bit rows), and the cells with an unmatched
/// candidate — a reachable set meeting those is no Hall set.
struct Graph {
    fwd: [u64; 64],
    bwd: [u64; 64],
    broken: u64,
}

impl Graph {
    fn new(masks: &[u64], owner: &[u8; 64]) -> Graph {
        let mut g = Graph { fwd: [0; 64], bwd: [0; 64], broken: 0 };
        for (x, &m) in masks.iter().enumerate() {
            for d in bits(m) {
                match owner[d] {
                    FREE => g.broken |= 1 << x,
                    y if y as usize == x => {}
                    y => {
                        g.fwd[x] |= 1 << y;
                        g.bwd[y as usize] |= 1 << x;
                    }
                }
            }
        }
        g
    }

    /// The cells reachable from the set `from` (included) along `adj`.
    fn reach(&self, from: u64, adj: &[u64; 64]) -> u64 {
        let (mut seen, mut todo) = (from, from);
        while todo != 0 {
            let next = adj[todo.trailing_zeros() as usize] & !seen;
            todo &= todo - 1;
            seen |= next;
            todo |= next;
        }
        seen
    }
}

/// Extend `owner` (the cell owning each digit bit, `FREE` if unmatched) to a matching of
/// every open cell to a distinct candidate (Kuhn's augmenting paths); false if none exists.
/// Pairs of `owner` that `masks` no longer allow are dropped first, so a matching of an
/// earlier state of the unit is a warm start: only the cells it lost are augmented.
fn perfect_matching(masks: &[u64], owner: &mut [u8; 64]) -> bool {
    let mut matched = 0u64;
    for (d, o) in owner.iter_mut().enumerate().filter(|(_, o)| **o != FREE) {
        let cell = *o as usize;
        if masks.get(cell).is_some_and(|m| m >> d & 1 == 1) && matched >> cell & 1 == 0 {
            matched |= 1 << cell;
        } else {
            *o = FREE;
        }
    }
    for (cell, &m) in masks.iter().enumerate() {
        if m != 0 && matched >> cell & 1 == 0 && !augment(cell, masks, &mut 0, owner) {
            return false;
        }
    }
    true
}

/// Try to match `cell`, re-routing earlier matches along an augmenting path; `seen` holds
/// the digits already tried in this search (each is tried once).
fn augment(cell: usize, masks: &[u64], seen: &mut u64, owner: &mut [u8; 64]) -> bool {
    let mut todo = masks[cell] & !*seen;
    while todo != 0 {
        let d = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        if *seen >> d & 1 == 1 {
            continue;
        }
        *seen |= 1 << d;
        if owner[d] == FREE || augment(owner[d] as usize, masks, seen, owner) {
            owner[d] = cell as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
#[path = "hall_tests.rs"]
mod tests;
