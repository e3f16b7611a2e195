//! NakedSingle: `c≠d'` for all `N−1` digits `d'≠d` ⟹ `c=d`.

use super::Placement;
use crate::grid::{Cell, Digit, Lit};
use crate::state::State;
use crate::trace::StepId;
use deduku_check::format::Rule;

/// The naked single at `cell`, if it has one candidate left and no placement.
pub fn naked_single(state: &State, cell: Cell, premises: &mut Vec<StepId>) -> Option<Placement> {
    if state.placed(cell).is_some() {
        return None;
    }
    let digit = state.cands(cell).single()?;
    premises.clear();
    premises.extend(
        (1..=state.side())
            .map(Digit::new)
            .filter(|&d| d != digit)
            .map(|d| state.elim_step(cell, d)),
    );
    Some(Placement { lit: Lit::place(cell, digit), rule: Rule::NakedSingle })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;

    #[test]
    fn fires_on_the_last_candidate_citing_every_elimination() {
        let state = with_elims(&[(1, 2, 1), (1, 2, 2), (1, 2, 4)]);
        let mut prem = Vec::new();
        let ded = naked_single(&state, Cell::new(1, 2, 4), &mut prem).unwrap();
        assert_eq!(ded.lit, Lit::place(Cell::new(1, 2, 4), Digit::new(3)));
        assert_eq!(prem, vec![100, 101, 102]);
    }

    #[test]
    fn silent_with_two_candidates() {
        let state = with_elims(&[(1, 2, 1), (1, 2, 2)]);
        assert!(naked_single(&state, Cell::new(1, 2, 4), &mut Vec::new()).is_none());
    }
}
