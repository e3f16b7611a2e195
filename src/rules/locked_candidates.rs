//! LockedCandidates: in unit `from`, digit `d` is eliminated from every cell outside unit
//! `to` (a box and a line that meet) ⟹ `d` leaves the cells of `to` outside `from`.
//! Pointing: `from` is the box; claiming: `from` is the row or column.

use super::{format_unit, Instance};
use crate::grid::{Digit, UnitKind};
use crate::state::State;
use deduku_check::format::Rule;

/// Every pointing and claiming instance, for every digit, that eliminates something new.
pub fn locked_candidates(state: &State, out: &mut Vec<Instance>) {
    let side = state.side();
    for bx in 2 * side..3 * side {
        for line in lines_through(state, bx) {
            for d in (1..=side).map(Digit::new) {
                out.extend(instance(state, bx, line, d));
                out.extend(instance(state, line, bx, d));
            }
        }
    }
}

/// The rows and columns (unit ids) that meet box `bx`.
fn lines_through(state: &State, bx: usize) -> Vec<usize> {
    let geo = state.geo();
    let mut lines: Vec<usize> = Vec::new();
    for &c in geo.unit_cells(bx) {
        let [row, col, _] = geo.units_of(c);
        for u in [row as usize, col as usize] {
            if !lines.contains(&u) {
                lines.push(u);
            }
        }
    }
    lines
}

/// The instance confining `digit` in `from` to its meeting with `to`, if it eliminates.
fn instance(state: &State, from: usize, to: usize, digit: Digit) -> Option<Instance> {
    let geo = state.geo();
    let in_unit = |u: usize, c| geo.units_of(c).contains(&(u as u16));
    let from_cells = geo.unit_cells(from);
    if from_cells.iter().any(|&c| !in_unit(to, c) && state.cands(c).contains(digit)) {
        return None;
    }
    let lits: Vec<_> = geo
        .unit_cells(to)
        .iter()
        .filter(|&&c| !in_unit(from, c) && state.cands(c).contains(digit))
        .map(|&c| (c, digit))
        .collect();
    if lits.is_empty() {
        return None;
    }
    let premises = from_cells.iter().filter(|&&c| !in_unit(to, c)).map(|&c| (c, digit)).collect();
    let (from_u, to_u) = (format_unit(geo.unit(from)), format_unit(geo.unit(to)));
    debug_assert!((geo.unit(from).kind == UnitKind::Box) != (geo.unit(to).kind == UnitKind::Box));
    let rule = Rule::LockedCandidates { from: from_u, to: to_u, digit: digit.get() as u8 };
    Some(Instance { rule, lits, premises })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;
    use deduku_check::format::Unit;

    #[test]
    fn pointing_from_a_box_clears_the_rest_of_the_row() {
        // 3 leaves row 2 of box 1, so box 1's 3 is in row 1: r1c3 and r1c4 lose it.
        let state = with_elims(&[(1, 0, 3), (1, 1, 3)]);
        let mut out = Vec::new();
        locked_candidates(&state, &mut out);
        let point = Rule::LockedCandidates { from: Unit::Box(1), to: Unit::Row(1), digit: 3 };
        let inst = out.iter().find(|i| i.rule == point).expect("pointing instance");
        assert_eq!(inst.lits.len(), 2);
        assert_eq!(inst.premises.len(), 2);
        // Row 2 also claims: its 3 lies in box 2, so box 2's row 1 loses 3.
        let claim = Rule::LockedCandidates { from: Unit::Row(2), to: Unit::Box(2), digit: 3 };
        assert!(out.iter().any(|i| i.rule == claim));
        let mut none = Vec::new();
        locked_candidates(&with_elims(&[(1, 0, 3)]), &mut none);
        assert!(none.is_empty(), "{none:?}");
    }
}
