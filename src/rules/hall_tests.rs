use super::*;
use crate::grid::{Cell, Digit, Order};
use crate::rng::SplitMix64;
use crate::rules::naked_subsets;
use crate::rules::positions as bits;
use deduku_check::format::{Rule, Unit};

/// A 9×9 state whose row 1 has candidate masks `masks` (0: placed at `placed[i]`).
fn row_state(masks: &[u64], placed: &[usize]) -> State {
    let mut s = State::new(Order::new(3).unwrap());
    let mut step = 100;
    for (i, &m) in masks.iter().enumerate() {
        let cell = Cell::new(0, i, 9);
        let keep = if m == 0 { 1 << (placed[i] - 1) } else { m };
        for d in (1..=9).filter(|d| keep >> (d - 1) & 1 == 0) {
            s.eliminate(cell, Digit::new(d), step);
            step += 1;
        }
        if m == 0 {
            s.place(cell, Digit::new(placed[i]), step);
            step += 1;
        }
    }
    s
}

/// The row-1 instances of the hall rule.
fn row_instances(state: &State) -> Vec<Instance> {
    let mut out = Vec::new();
    hall_subsets(state, &mut out);
    out.retain(|i| matches!(i.rule, Rule::NakedSubset { unit: Unit::Row(1), .. }));
    out
}

/// A cycle of `k` pairs `{1,2},{2,3},…,{k,1}`, then full cells.
fn cycle(k: usize) -> Vec<u64> {
    let full = 0x1ff;
    (0..9).map(|i| if i < k { 1 << i | 1 << ((i + 1) % k) } else { full }).collect()
}

#[test]
fn finds_a_naked_quad_and_quint_that_pairs_and_triples_miss() {
    for k in [4usize, 5] {
        let state = row_state(&cycle(k), &[0; 9]);
        let mut small = Vec::new();
        naked_subsets(&state, 2, &mut small);
        naked_subsets(&state, 3, &mut small);
        assert!(small
            .iter()
            .all(|i| !matches!(i.rule, Rule::NakedSubset { unit: Unit::Row(1), .. })));
        let found = row_instances(&state);
        let low = (1u64 << k) - 1;
        assert_eq!(found.len(), 1, "one Hall set of size {k}");
        assert_eq!(
            found[0].rule,
            Rule::NakedSubset { unit: Unit::Row(1), cells: low, digits: low }
        );
        assert_eq!(found[0].lits.len(), k * (9 - k));
        assert_eq!(found[0].premises.len(), k * (9 - k));
    }
}

#[test]
fn finds_nothing_without_a_hall_set() {
    let fresh = State::new(Order::new(3).unwrap());
    let mut out = Vec::new();
    hall_subsets(&fresh, &mut out);
    assert!(out.is_empty());
    // Pairs {1,2},{2,3}: no two cells confined to two digits, no elimination.
    let mut masks = vec![0x1ff; 9];
    masks[0] = 0b011;
    masks[1] = 0b110;
    assert!(row_instances(&row_state(&masks, &[0; 9])).is_empty());
    // No perfect matching: nothing is claimed.
    assert!(hall_sets(&[1, 1, 0b11]).is_empty());
}

/// Whether the open cells from `i` on can be matched to distinct digits outside `used`
/// (plain backtracking: independent of the augmenting-path code).
fn matchable(masks: &[u64], i: usize, used: u64) -> bool {
    if i == masks.len() {
        return true;
    }
    if masks[i] == 0 {
        return matchable(masks, i + 1, used);
    }
    bits(masks[i] & !used).any(|d| matchable(masks, i + 1, used | 1 << d))
}

/// The candidates `(x, v)` on no perfect matching, by brute force.
fn off_every_matching(masks: &[u64]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (x, &m) in masks.iter().enumerate() {
        for v in bits(m) {
            let mut forced = masks.to_vec();
            forced[x] = 1 << v;
            if !matchable(&forced, 0, 0) {
                out.push((x, v));
            }
        }
    }
    out
}

/// A random consistent row: a hidden solution, some cells placed, extra candidates.
fn random_row(rng: &mut SplitMix64) -> (Vec<u64>, Vec<usize>) {
    let mut solution: Vec<usize> = (1..=9).collect();
    rng.shuffle(&mut solution);
    let (p_placed, p_extra) = (rng.below(4), 1 + rng.below(6));
    let placed: Vec<bool> = (0..9).map(|_| rng.below(10) < p_placed).collect();
    let gone = (0..9).filter(|&i| placed[i]).fold(0u64, |m, i| m | 1 << (solution[i] - 1));
    let masks = (0..9)
        .map(|i| {
            if placed[i] {
                return 0;
            }
            let extra = (0..9).filter(|_| rng.below(10) < p_extra).fold(0u64, |m, d| m | 1 << d);
            (1u64 << (solution[i] - 1) | extra) & !gone
        })
        .collect();
    (masks, solution)
}

#[test]
fn removes_exactly_the_candidates_on_no_perfect_matching() {
    let mut rng = SplitMix64::new(17);
    for _ in 0..2000 {
        let (masks, solution) = random_row(&mut rng);
        let state = row_state(&masks, &solution);
        let mut removed = Vec::new();
        for inst in row_instances(&state) {
            let Rule::NakedSubset { cells, digits, .. } = inst.rule else { unreachable!() };
            let union = bits(cells).fold(0, |m, i| m | masks[i]);
            assert!(cells.count_ones() >= 2 && union == digits);
            assert_eq!(digits.count_ones(), cells.count_ones());
            for &(c, d) in &inst.premises {
                assert!(state.elim_step(c, d) != NONE && !state.cands(c).contains(d));
            }
            for &(c, d) in &inst.lits {
                assert!(state.cands(c).contains(d) && cells >> c.col() & 1 == 0);
                assert!(digits >> (d.get() - 1) & 1 == 1);
                removed.push((c.col(), d.get() - 1));
            }
        }
        // Hall sets of one cell are naked singles, left to NS.
        for (y, &m) in masks.iter().enumerate().filter(|(_, m)| m.is_power_of_two()) {
            let others = (0..9).filter(|&x| x != y && masks[x] & m != 0);
            removed.extend(others.map(|x| (x, m.trailing_zeros() as usize)));
        }
        removed.sort_unstable();
        removed.dedup();
        assert_eq!(removed, off_every_matching(&masks), "masks {masks:?}");
    }
}

/// The candidates `(x, v)` the Hall sets of `sets` remove from `masks` (size ≥ 2 only).
fn removed_by(masks: &[u64], sets: &[u64]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for &set in sets.iter().filter(|s| s.count_ones() >= 2) {
        let digits = bits(set).fold(0, |m, i| m | masks[i]);
        assert_eq!(digits.count_ones(), set.count_ones(), "{set:b} is a Hall set");
        for x in (0..masks.len()).filter(|&x| set >> x & 1 == 0) {
            out.extend(bits(masks[x] & digits).map(|v| (x, v)));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
fn a_warm_matching_finds_what_a_cold_one_finds() {
    let mut rng = SplitMix64::new(29);
    for _ in 0..500 {
        let (mut masks, solution) = random_row(&mut rng);
        let mut warm = [FREE; 64];
        // Shrink the row step by step, keeping the solution, as a search does.
        for _ in 0..6 {
            let warm_sets = hall_sets_from(&masks, &mut warm);
            let cold_sets = hall_sets(&masks);
            assert_eq!(removed_by(&masks, &warm_sets), removed_by(&masks, &cold_sets));
            let x = rng.below(9);
            let keep = 1u64 << (solution[x] - 1);
            let drop = bits(masks[x] & !keep).next().map_or(0, |d| 1u64 << d);
            masks[x] &= !drop;
        }
    }
}
