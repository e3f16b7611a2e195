//! The witnesses of a `Minimal` claim: no clue of the puzzle can be removed.
//!
//! The rule, checked after the claim's solution (as for `Solution`, so the puzzle is uniquely
//! solvable):
//!
//! > the puzzle has `k` givens `g₁ … g_k` (row-major), the claim lists `k` pairs, pair `i`
//! > names the cell of `gᵢ`, and its grids `a`, `b` are complete, repeat no digit in any unit,
//! > agree with every given except `gᵢ`, and differ in some cell
//! > ⟹ the puzzle without `gᵢ` has at least two solutions, so `gᵢ` is needed for uniqueness.
//!
//! With the `Solution` part this proves the puzzle *minimal*: uniquely solvable, and
//! ambiguous as soon as any one clue is removed. Nothing here trusts the engine's solver: each
//! witness is a whole grid the checker validates itself.

use crate::claims::valid_grid;
use crate::error::CheckError;
use crate::format::Witness;
use crate::geometry::Geometry;
use crate::grid::{GridField, GridValues};
use crate::notation::CellRef;

/// Checks one witness pair per given, in row-major order of the givens.
pub(crate) fn check_witnesses(
    geo: &Geometry,
    puzzle: &GridValues,
    witnesses: &[Witness],
) -> Result<(), CheckError> {
    let givens = puzzle.filled(geo).count();
    if givens != witnesses.len() {
        return Err(CheckError::ClaimWitnessCount { givens, witnesses: witnesses.len() });
    }
    let pairs = puzzle.filled(geo).zip(witnesses).enumerate();
    for (i, ((expected, _), witness)) in pairs {
        let found = CellRef { r: witness.r, c: witness.c };
        if found != expected {
            return Err(CheckError::ClaimWitnessCell { index: i + 1, expected, found });
        }
        check_pair(geo, &puzzle.without(geo, expected), expected, witness)?;
    }
    Ok(())
}

/// Both grids valid against the givens without `cell`, and distinct.
fn check_pair(
    geo: &Geometry,
    others: &GridValues,
    cell: CellRef,
    witness: &Witness,
) -> Result<(), CheckError> {
    let a = valid_grid(geo, others, &witness.first, GridField::WitnessFirst(cell))?;
    let b = valid_grid(geo, others, &witness.second, GridField::WitnessSecond(cell))?;
    match a.first_difference(&b, geo) {
        Some(_) => Ok(()),
        None => Err(CheckError::ClaimWitnessIdentical { cell }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "...4.32.....1...";
    const SOLUTION: &str = "2134432134121243";

    fn geo() -> Geometry {
        Geometry::new(2).expect("order 2")
    }

    fn pair(r: u8, c: u8, second: &str) -> Witness {
        Witness { r, c, first: SOLUTION.to_string(), second: second.to_string() }
    }

    /// The four real pairs of the puzzle (each second grid found by removing that clue).
    fn pairs() -> Vec<Witness> {
        vec![
            pair(1, 4, "2143432134121234"),
            pair(2, 2, "2134342142131342"),
            pair(2, 3, "2134431232411423"),
            pair(4, 1, "2134432112433412"),
        ]
    }

    fn check(witnesses: &[Witness]) -> Result<(), CheckError> {
        let geo = geo();
        let puzzle = GridValues::parse(PUZZLE, &geo, GridField::Puzzle)?;
        check_witnesses(&geo, &puzzle, witnesses)
    }

    #[test]
    fn real_pairs_pass() {
        assert_eq!(check(&pairs()), Ok(()));
    }

    #[test]
    fn count_cell_and_order_are_checked() {
        let mut short = pairs();
        short.pop();
        assert_eq!(check(&short), Err(CheckError::ClaimWitnessCount { givens: 4, witnesses: 3 }));
        let mut moved = pairs();
        moved[2].c = 4;
        let (expected, found) = (CellRef { r: 2, c: 3 }, CellRef { r: 2, c: 4 });
        assert_eq!(check(&moved), Err(CheckError::ClaimWitnessCell { index: 3, expected, found }));
    }

    #[test]
    fn grids_must_be_distinct_valid_and_agree_with_the_other_givens() {
        let cell = CellRef { r: 2, c: 2 };
        let mut same = pairs();
        same[1].second = SOLUTION.to_string();
        assert_eq!(check(&same), Err(CheckError::ClaimWitnessIdentical { cell }));
        let mut off = pairs();
        off[1].second = pairs()[0].second.clone();
        let field = GridField::WitnessSecond(cell);
        let found = CellRef { r: 1, c: 4 };
        assert_eq!(
            check(&off),
            Err(CheckError::ClaimGivens { field, cell: found, given: 4, found: 3 })
        );
        let mut blank = pairs();
        blank[1].first = format!(".{}", &SOLUTION[1..]);
        let field = GridField::WitnessFirst(cell);
        let at = CellRef { r: 1, c: 1 };
        assert_eq!(check(&blank), Err(CheckError::ClaimIncomplete { field, cell: at }));
        assert_eq!(
            field.to_string(),
            "claim (Minimal, witness for r2c2, first grid)",
            "errors name the pair"
        );
    }
}
