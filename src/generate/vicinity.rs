//! Moves of the local search. A *refill* puts one or two blank orbits back (same solution); a
//! *shift* moves a clue to another cell with another digit, which may change the solution —
//! the `{−1,+1}` neighbourhood in which the hardest known puzzles were found — and then adds
//! clues of one solution until the puzzle is unique again.

use super::reduce::restore;
use crate::grid::{Candidates, Cell, Digit, Geometry, Grid};
use crate::rng::SplitMix64;
use crate::solver::{Classification, Solver};

/// Clues a shift may add back before giving up on uniqueness.
const REPAIRS: usize = 8;

/// `puzzle` with one or two random blank orbits refilled from `solution`.
pub(crate) fn refill(
    puzzle: &Grid,
    solution: &Grid,
    orbits: &[Vec<Cell>],
    rng: &mut SplitMix64,
) -> Grid {
    let mut out = puzzle.clone();
    let blank: Vec<&Vec<Cell>> =
        orbits.iter().filter(|o| o.iter().all(|&c| puzzle.get(c).is_none())).collect();
    for _ in 0..(1 + rng.below(2)).min(blank.len()) {
        restore(&mut out, solution, blank[rng.below(blank.len())]);
    }
    out
}

/// A random shift of `puzzle`: its new givens and unique solution, or `None` when the move
/// led nowhere (no solution, or still ambiguous after the repairs).
pub(crate) fn shift(
    puzzle: &Grid,
    rng: &mut SplitMix64,
    solver: &mut Solver,
) -> Option<(Grid, Grid)> {
    let mut out = puzzle.clone();
    let givens: Vec<Cell> = puzzle.filled().map(|(c, _)| c).collect();
    out.set(givens[rng.below(givens.len())], None);
    let blanks: Vec<Cell> = (0..out.order().cells())
        .map(|i| Cell::from_index(i, out.order().side()))
        .filter(|&c| out.get(c).is_none())
        .collect();
    let cell = blanks[rng.below(blanks.len())];
    let free: Vec<Digit> = free_digits(&out, cell).iter().collect();
    if free.is_empty() {
        return None;
    }
    out.set(cell, Some(free[rng.below(free.len())]));
    for _ in 0..REPAIRS {
        match solver.classify(&out) {
            Classification::None => return None,
            Classification::Unique(solution) => return Some((out, solution)),
            Classification::Multiple(a, b) => {
                let differ: Vec<Cell> = (0..out.order().cells())
                    .map(|i| Cell::from_index(i, out.order().side()))
                    .filter(|&c| a.get(c) != b.get(c))
                    .collect();
                let at = differ[rng.below(differ.len())];
                out.set(at, a.get(at));
            }
        }
    }
    None
}

/// The digits no peer of `cell` holds in `grid`.
fn free_digits(grid: &Grid, cell: Cell) -> Candidates {
    let geo = Geometry::of(grid.order());
    let taken = geo.peers(cell).iter().filter_map(|&p| grid.get(p)).fold(0, |m, d| m | d.bit());
    Candidates(Candidates::full(grid.order().side()).0 & !taken)
}
