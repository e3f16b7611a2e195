//! Minimality witnesses: for every given, the unique solution and a second grid that agrees
//! with every other given — what a `Minimal` claim lists and the checker validates.

use super::judge::Judge;
use super::reduce::Known;
use crate::grid::{Cell, Grid};
use deduku_check::format::Witness;

/// One witness pair per given of `puzzle` (row-major), reusing the second solutions in `known`
/// when they still fit; `Err(cell)` names a given that can be removed (not minimal).
pub(crate) fn witnesses(
    puzzle: &Grid,
    solution: &Grid,
    known: &mut Known,
    judge: &mut Judge,
) -> Result<Vec<Witness>, Cell> {
    let first = solution.to_line();
    let givens: Vec<Cell> = puzzle.filled().map(|(cell, _)| cell).collect();
    let mut pairs = Vec::with_capacity(givens.len());
    for cell in givens {
        let reusable = known[cell.index()].take().filter(|g| agrees_except(g, puzzle, cell));
        let other = match reusable {
            Some(g) => g,
            None => judge.other_solution(puzzle, solution, cell).ok_or(cell)?,
        };
        let (r, c) = (cell.row() as u8 + 1, cell.col() as u8 + 1);
        pairs.push(Witness { r, c, first: first.clone(), second: other.to_line() });
        known[cell.index()] = Some(other);
    }
    Ok(pairs)
}

/// Whether `grid` agrees with every given of `puzzle` except the one at `cell`.
fn agrees_except(grid: &Grid, puzzle: &Grid, cell: Cell) -> bool {
    puzzle.filled().all(|(c, d)| c == cell || grid.get(c) == Some(d))
}
