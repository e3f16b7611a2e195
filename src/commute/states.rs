//! The states a check visits: a puzzle's givens and states met along its solution.

use super::schedule::Rng;
use crate::grid::Grid;
use crate::solver::{classify, Classification};

/// `count` states along the solution of `puzzle`: the givens, then the givens plus the first
/// `j·m/count` missing cells (in a seeded random order) filled from the unique solution.
/// Puzzles without a unique solution give their givens only.
pub fn states_along(puzzle: &Grid, count: usize, seed: u64) -> Vec<Grid> {
    let Classification::Unique(solution) = classify(puzzle) else {
        return vec![puzzle.clone()];
    };
    let geo = crate::grid::Geometry::of(puzzle.order());
    let mut open: Vec<_> = geo.all_cells().filter(|&c| puzzle.get(c).is_none()).collect();
    Rng::new(seed).shuffle(&mut open);
    let count = count.max(1);
    (0..count)
        .map(|j| {
            let mut g = puzzle.clone();
            for &c in &open[..j * open.len() / count] {
                g.set(c, solution.get(c));
            }
            g
        })
        .collect()
}
