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
