//! HiddenSubset of size `k` in unit `u`: `k` digits `D` whose places in `u` fit in `k` cells
//! `C` (premises: the `k·(N−k)` eliminations of `D` outside `C`) ⟹ the cells of `C` lose
//! every digit outside `D`. Pairs are `k = 2`, triples `k = 3`.

use super::naked_subset::{combinations, supersets};
use super::{elim_lits, format_unit, mask, Instance};
use crate::grid::{Candidates, Cell, Digit};
use crate::state::State;
use deduku_check::format::Rule;

/// Every hidden subset of size `k` in every unit that eliminates something new.
///
/// Monotone like [`super::naked_subsets`]: digits with fewer than `k` places between them
/// admit every `k`-cell superset as `C`.
pub fn hidden_subsets(state: &State, k: usize, out: &mut Vec<Instance>) {
    let geo = state.geo();
    let side = state.side();
    for unit in 0..geo.unit_count() {
        let cells = geo.unit_cells(unit);
        let places = |d: u8| -> u64 {
            let digit = Digit::new(d as usize + 1);
            (0..cells.len())
                .filter(|&i| state.cands(cells[i]).contains(digit))
                .fold(0, |m, i| m | 1 << i)
        };
        let rare: Vec<u8> =
            (0..side as u8).filter(|&d| places(d).count_ones() as usize <= k).collect();
        combinations(&rare, k, &mut |pick| {
            let digits = pick.iter().fold(0u64, |m, &d| m | 1u64 << d);
            let union = pick.iter().fold(0u64, |m, &d| m | places(d));
            for positions in supersets(union, Candidates::full(side).0, k) {
                if let Some(inst) = instance(state, unit, positions, digits) {
                    out.push(inst);
                }
            }
        });
    }
}

/// The instance for cells `positions` of `unit` and digits `digits`, if it eliminates.
fn instance(state: &State, unit: usize, positions: u64, digits: u64) -> Option<Instance> {
    let (geo, side) = (state.geo(), state.side());
    let cells = geo.unit_cells(unit);
    let split = |inside: bool| -> Vec<Cell> {
        (0..cells.len())
            .filter(|&i| (positions >> i & 1 == 1) == inside)
            .map(|i| cells[i])
            .collect()
    };
    let (inside, outside) = (split(true), split(false));
    let lits: Vec<(Cell, Digit)> =
        inside.iter().flat_map(|&c| elim_lits(&[c], mask(state, c) & !digits, side)).collect();
    if lits.is_empty() {
        return None;
    }
    let premises = elim_lits(&outside, digits, side);
    let rule = Rule::HiddenSubset { unit: format_unit(geo.unit(unit)), cells: positions, digits };
    Some(Instance { rule, lits, premises })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;
    use deduku_check::format::Unit;

    #[test]
    fn finds_the_hidden_pair_and_names_its_exact_premises() {
        // Digits 1 and 2 leave r1c3 and r1c4: in row 1 they fit r1c1 and r1c2 only.
        let state = with_elims(&[(0, 2, 1), (0, 2, 2), (0, 3, 1), (0, 3, 2)]);
        let mut out = Vec::new();
        hidden_subsets(&state, 2, &mut out);
        let inst = out
            .iter()
            .find(|i| matches!(i.rule, Rule::HiddenSubset { unit: Unit::Row(1), .. }))
            .expect("the hidden pair in row 1");
        assert_eq!(inst.rule, Rule::HiddenSubset { unit: Unit::Row(1), cells: 0b11, digits: 0b11 });
        assert_eq!(inst.lits.len(), 4, "r1c1 and r1c2 lose 3 and 4");
        assert_eq!(inst.premises.len(), 4);
        let none = with_elims(&[(0, 2, 1)]);
        let mut quiet = Vec::new();
        hidden_subsets(&none, 2, &mut quiet);
        assert!(quiet.is_empty(), "{quiet:?}");
    }
}
