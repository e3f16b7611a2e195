//! HiddenSingle in unit `u`: `c'≠d` for all `N−1` cells `c'≠c` of `u` ⟹ `c=d`.

use super::{format_unit, Placement};
use crate::grid::{Digit, Lit};
use crate::state::State;
use crate::trace::StepId;
use deduku_check::format::Rule;

/// The hidden single of `digit` in unit `unit`, if exactly one unplaced cell of
/// the unit still has the digit.
///
/// `Cn` asks this of three units per event and the answer is nearly always no: the test is
/// inlined into the caller, the premises are gathered out of line.
#[inline]
pub fn hidden_single(
    state: &State,
    unit: usize,
    digit: Digit,
    premises: &mut Vec<StepId>,
) -> Option<Placement> {
    let places = state.places(unit, digit);
    if places.count_ones() != 1 || state.placed_in_unit(unit, digit) {
        return None;
    }
    Some(place(state, unit, digit, places, premises))
}

/// The placement of `digit` at its one place (`places`) in `unit`, its premises written to
/// `premises`.
#[inline(never)]
fn place(
    state: &State,
    unit: usize,
    digit: Digit,
    places: u64,
    premises: &mut Vec<StepId>,
) -> Placement {
    let (cells, at) = (state.geo().unit_cells(unit), places.trailing_zeros());
    let others = (u64::MAX >> (64 - cells.len())) & !(1 << at);
    others_premises(state, unit, digit, others, premises);
    let home = cells[at as usize];
    let rule = Rule::HiddenSingle(format_unit(state.geo().unit(unit)));
    Placement { lit: Lit::place(home, digit), rule }
}

/// Into `premises` (cleared first), steps implying `c≠digit` for every cell `c` of `unit` at
/// the positions in `open`: first, once per segment, a placement of the digit in a crossing
/// unit (a box for a line, a line for a box: it rules the digit out of the whole segment where
/// they meet, so one premise stands for up to `n` cells), then each cell left by its own
/// justification. Only a placement older than the innermost assumption (or any, at the root)
/// is cited for a segment: one made inside the subproof would pull into the certificate steps
/// its refutation does not otherwise need.
fn others_premises(
    state: &State,
    unit: usize,
    digit: Digit,
    mut open: u64,
    premises: &mut Vec<StepId>,
) {
    premises.clear();
    for &(crossing, segment) in state.geo().crossings(unit) {
        let by = state.unit_step(usize::from(crossing), digit);
        if open & segment != 0 && by < state.scope {
            premises.push(by);
            open &= !segment;
        }
    }
    let cells = state.geo().unit_cells(unit);
    super::extend_distinct(
        premises,
        super::positions(open).map(|k| state.elim_step(cells[k], digit)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::rules::test_support::with_elims;
    use deduku_check::format::Unit;

    #[test]
    fn fires_in_the_unit_with_one_place_left() {
        // Digit 2 eliminated from r1c1, r1c2, r1c4: only r1c3 is left in row 1.
        let state = with_elims(&[(0, 0, 2), (0, 1, 2), (0, 3, 2)]);
        let mut prem = Vec::new();
        let ded = hidden_single(&state, 0, Digit::new(2), &mut prem).unwrap();
        assert_eq!(ded.lit, Lit::place(Cell::new(0, 2, 4), Digit::new(2)));
        assert_eq!(ded.rule, Rule::HiddenSingle(Unit::Row(1)));
        assert_eq!(prem, vec![100, 101, 102]);
        // Column 3 still has four places for 2.
        assert!(hidden_single(&state, 4 + 2, Digit::new(2), &mut prem).is_none());
    }
}
