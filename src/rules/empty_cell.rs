//! EmptyCell: `c≠d` for all `N` digits `d` ⟹ ⊥.

use super::Refutation;
use crate::grid::{Cell, Digit};
use crate::state::State;
use crate::trace::StepId;
use deduku_check::format::Rule;

/// ⊥ if `cell` has no candidate left.
pub fn empty_cell(state: &State, cell: Cell, premises: &mut Vec<StepId>) -> Option<Refutation> {
    if !state.cands(cell).is_empty() {
        return None;
    }
    premises.clear();
    premises.extend((1..=state.side()).map(|d| state.elim_step(cell, Digit::new(d))));
    Some(Refutation { rule: Rule::EmptyCell })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;

    #[test]
    fn fires_only_when_every_digit_is_gone() {
        let three = [(2, 2, 1), (2, 2, 2), (2, 2, 3)];
        let cell = Cell::new(2, 2, 4);
        assert!(empty_cell(&with_elims(&three), cell, &mut Vec::new()).is_none());
        let all = [(2, 2, 1), (2, 2, 2), (2, 2, 3), (2, 2, 4)];
        let mut prem = Vec::new();
        let ded = empty_cell(&with_elims(&all), cell, &mut prem).unwrap();
        assert_eq!(ded.rule, Rule::EmptyCell);
        assert_eq!(prem, vec![100, 101, 102, 103]);
    }
}
