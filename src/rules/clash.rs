//! Clash: `c=d` and `c≠d` ⟹ ⊥.

use super::Refutation;
use crate::grid::{Cell, Digit};
use crate::state::State;
use crate::trace::{StepId, NONE};
use deduku_check::format::Rule;

/// ⊥ if the placement `cell=digit`, justified by `place`, meets an
/// elimination of the same literal already derived.
pub fn clash(
    state: &State,
    cell: Cell,
    digit: Digit,
    place: StepId,
    premises: &mut Vec<StepId>,
) -> Option<Refutation> {
    let elim = state.elim_step(cell, digit);
    if elim == NONE {
        return None;
    }
    premises.clear();
    premises.extend([place, elim]);
    Some(Refutation { rule: Rule::Clash })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;

    #[test]
    fn fires_on_a_placement_of_an_eliminated_digit() {
        let state = with_elims(&[(3, 3, 2)]);
        let mut prem = Vec::new();
        let ded = clash(&state, Cell::new(3, 3, 4), Digit::new(2), 7, &mut prem).unwrap();
        assert_eq!(ded.rule, Rule::Clash);
        assert_eq!(prem, vec![7, 100]);
        assert!(clash(&state, Cell::new(3, 3, 4), Digit::new(1), 7, &mut prem).is_none());
    }
}
