//! Exclusion: `c=d` ⟹ `c'≠d` for every peer `c'` of `c`, and `c≠d'` for every `d'≠d`.

use crate::grid::{Cell, Digit};
use crate::state::State;

/// The eliminations that follow from the placement `cell=digit` and are not
/// yet derived, appended to `out` (each has the placement as sole premise).
pub fn exclusions(state: &State, cell: Cell, digit: Digit, out: &mut Vec<(Cell, Digit)>) {
    out.extend(state.cands(cell).without(digit).iter().map(|d| (cell, d)));
    out.extend(
        state
            .geo()
            .peers(cell)
            .iter()
            .filter(|&&p| state.cands(p).contains(digit))
            .map(|&p| (p, digit)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;

    #[test]
    fn excludes_other_digits_and_peers_not_yet_eliminated() {
        // 4x4: r1c2≠1 is already known, so it is not reported again.
        let state = with_elims(&[(0, 1, 1)]);
        let mut out = Vec::new();
        exclusions(&state, Cell::new(0, 0, 4), Digit::new(1), &mut out);
        let other_digits = out.iter().filter(|(c, _)| *c == Cell::new(0, 0, 4)).count();
        assert_eq!(other_digits, 3);
        // 7 peers in a 4x4 grid, minus r1c2 which already lacks 1.
        assert_eq!(out.len() - other_digits, 6);
        assert!(!out.contains(&(Cell::new(0, 1, 4), Digit::new(1))));
    }
}
