//! The removal pass: try each orbit of clues once, in the given order, and keep it removed
//! when the judge allows.
//!
//! One pass suffices for "no orbit can be removed": removing clues only adds solutions (and
//! only deepens the proof the engine needs, its closure being monotone in the givens), so an
//! orbit refused once is refused for every later, smaller puzzle too.

use super::judge::{Judge, Ruling};
use crate::grid::{Cell, Grid};

/// Second solutions found when single clues were refused, per cell index: each agrees with
/// every given of the puzzle at the time except that cell, hence with every later one.
pub(crate) type Known = Vec<Option<Grid>>;

/// Removes orbits of `puzzle` (clues of `solution`) in order while the judge keeps it, until
/// at most `target` clues remain; records refused single cells' other solutions in `known`.
pub(crate) fn reduce(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &[Vec<Cell>],
    target: usize,
    judge: &mut Judge,
    known: &mut Known,
) {
    for orbit in orbits {
        if puzzle.filled_count() <= target {
            return;
        }
        if orbit.iter().any(|&c| puzzle.get(c).is_none()) {
            continue;
        }
        for &c in orbit {
            puzzle.set(c, None);
        }
        match judge.rule(puzzle, solution, orbit) {
            Ruling::Keep => {}
            Ruling::Refuse(other) => {
                restore(puzzle, solution, orbit);
                if let (Some(other), [cell]) = (other, orbit.as_slice()) {
                    known[cell.index()] = Some(other);
                }
            }
        }
    }
}

/// Puts the clues of `orbit` back (a perturbation for the depth search).
pub(crate) fn restore(puzzle: &mut Grid, solution: &Grid, orbit: &[Cell]) {
    for &c in orbit {
        puzzle.set(c, solution.get(c));
    }
}
