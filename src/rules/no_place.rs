//! NoPlace in unit `u`: `c≠d` for all `N` cells `c` of `u` ⟹ ⊥.

use super::{format_unit, Refutation};
use crate::grid::Digit;
use crate::state::State;
use crate::trace::StepId;
use deduku_check::format::Rule;

/// ⊥ if `digit` has no place left in unit `unit`.
///
/// `Cn` asks this of three units per event and the answer is nearly always no: the test is
/// inlined into the caller, the premises are gathered out of line.
#[inline]
pub fn no_place(
    state: &State,
    unit: usize,
    digit: Digit,
    premises: &mut Vec<StepId>,
) -> Option<Refutation> {
    if state.places(unit, digit) != 0 {
        return None;
    }
    Some(refute(state, unit, digit, premises))
}

/// The NoPlace refutation of `digit` in `unit`, its premises written to `premises`.
#[inline(never)]
fn refute(state: &State, unit: usize, digit: Digit, premises: &mut Vec<StepId>) -> Refutation {
    premises.clear();
    let cells = state.geo().unit_cells(unit);
    super::extend_distinct(premises, cells.iter().map(|&c| state.elim_step(c, digit)));
    Refutation { rule: Rule::NoPlace(format_unit(state.geo().unit(unit))) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;
    use deduku_check::format::Unit;

    #[test]
    fn fires_when_a_column_has_no_place() {
        let col2 = [(0, 1, 3), (1, 1, 3), (2, 1, 3), (3, 1, 3)];
        let mut prem = Vec::new();
        let ded = no_place(&with_elims(&col2), 4 + 1, Digit::new(3), &mut prem).unwrap();
        assert_eq!(ded.rule, Rule::NoPlace(Unit::Col(2)));
        assert_eq!(prem.len(), 4);
        assert!(no_place(&with_elims(&col2[..3]), 5, Digit::new(3), &mut prem).is_none());
    }
}
