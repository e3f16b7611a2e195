//! NakedSubset of size `k` in unit `u`: `k` cells whose candidates fit in `k` digits `D`
//! (premises: the `k·(N−k)` eliminations of the other digits in those cells) ⟹ no other
//! cell of `u` has a digit of `D`. Pairs are `k = 2`, triples `k = 3`.

use super::{elim_lits, format_unit, mask, Instance};
use crate::grid::{Candidates, Cell};
use crate::state::State;
use deduku_check::format::Rule;

/// Every naked subset of size `k` in every unit that eliminates something new.
///
/// The pattern is monotone: when the cells' candidates fit in fewer than `k` digits, every
/// `k`-digit superset is a valid `D` (the state is then contradictory, and each superset is
/// still a sound instance), so more eliminations never disable an instance.
pub fn naked_subsets(state: &State, k: usize, out: &mut Vec<Instance>) {
    let geo = state.geo();
    let full = Candidates::full(state.side()).0;
    for unit in 0..geo.unit_count() {
        let cells = geo.unit_cells(unit);
        let small: Vec<u8> = (0..cells.len())
            .filter(|&i| state.cands(cells[i]).len() as usize <= k)
            .map(|i| i as u8)
            .collect();
        combinations(&small, k, &mut |pick| {
            let union = pick.iter().fold(0u64, |m, &i| m | mask(state, cells[i as usize]));
            for digits in supersets(union, full, k) {
                if let Some(inst) = instance(state, unit, pick, digits) {
                    out.push(inst);
                }
            }
        });
    }
}

/// The instance for cells `pick` (positions in `unit`) and digits `digits`, if it eliminates.
pub(super) fn instance(state: &State, unit: usize, pick: &[u8], digits: u64) -> Option<Instance> {
    let (geo, side) = (state.geo(), state.side());
    let cells = geo.unit_cells(unit);
    let mut lits = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        if !pick.contains(&(i as u8)) {
            lits.extend(elim_lits(&[c], mask(state, c) & digits, side));
        }
    }
    if lits.is_empty() {
        return None;
    }
    let inside: Vec<Cell> = pick.iter().map(|&i| cells[i as usize]).collect();
    let premises = elim_lits(&inside, Candidates::full(side).0 & !digits, side);
    let positions = pick.iter().fold(0u64, |m, &i| m | 1u64 << i);
    let rule = Rule::NakedSubset { unit: format_unit(geo.unit(unit)), cells: positions, digits };
    Some(Instance { rule, lits, premises })
}

/// Calls `f` with every `k`-element subset of `items`, in lexicographic order.
pub(super) fn combinations(items: &[u8], k: usize, f: &mut impl FnMut(&[u8])) {
    fn go(items: &[u8], k: usize, start: usize, pick: &mut Vec<u8>, f: &mut impl FnMut(&[u8])) {
        if pick.len() == k {
            f(pick);
            return;
        }
        for i in start..items.len() {
            pick.push(items[i]);
            go(items, k, i + 1, pick, f);
            pick.pop();
        }
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f);
}

/// Every mask of exactly `k` bits within `full` that contains `base` (none if `base` has
/// more than `k` bits).
pub(super) fn supersets(base: u64, full: u64, k: usize) -> Vec<u64> {
    let have = base.count_ones() as usize;
    if have > k {
        return Vec::new();
    }
    let free: Vec<u8> = (0..64u8).filter(|&b| full & !base & (1u64 << b) != 0).collect();
    let mut out = Vec::new();
    combinations(&free, k - have, &mut |add| {
        out.push(add.iter().fold(base, |m, &b| m | 1u64 << b));
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;
    use deduku_check::format::Unit;

    #[test]
    fn finds_the_pair_and_names_its_exact_premises() {
        // r1c1 and r1c2 hold only {1,2}; r1c3 and r1c4 lose 1 and 2.
        let state = with_elims(&[(0, 0, 3), (0, 0, 4), (0, 1, 3), (0, 1, 4)]);
        let mut out = Vec::new();
        naked_subsets(&state, 2, &mut out);
        let row =
            out.iter().find(|i| matches!(i.rule, Rule::NakedSubset { unit: Unit::Row(1), .. }));
        let inst = row.expect("the pair in row 1");
        assert_eq!(inst.rule, Rule::NakedSubset { unit: Unit::Row(1), cells: 0b11, digits: 0b11 });
        assert_eq!(inst.lits.len(), 4);
        assert_eq!(inst.premises.len(), 4);
        // The same two cells also form a pair in box 1.
        assert!(out.iter().any(|i| matches!(i.rule, Rule::NakedSubset { unit: Unit::Box(1), .. })));
    }

    #[test]
    fn supersets_fill_up_to_k_bits() {
        assert_eq!(supersets(0b001, 0b111, 2), vec![0b011, 0b101]);
        assert!(supersets(0b111, 0b111, 2).is_empty());
    }
}
