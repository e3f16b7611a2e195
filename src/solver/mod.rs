//! A plain (uncertified) solver for every order 2..=8.
//!
//! It classifies a puzzle as having 0, 1 or ≥2 solutions before proof search
//! and serves as an oracle during it. It proves nothing: certificates come from
//! the engine's rules, never from this module.
//!
//! Two engines behind one [`Solver`]:
//! * **Order 3 (9×9)**: a band solver (`band/`, after JCZSolve and the
//!   `sudoku` crate): candidates per digit and band as 27-bit masks, one table
//!   lookup per changed mask for the row–box constraints of a band, naked
//!   singles and bivalue cells by bit-slice counting. About as fast as the
//!   `sudoku` crate (docs/performance.md).
//! * **Every order** (the only one for 2 and 4..=8): a state of cell masks and
//!   place masks (positions of each digit in each unit) kept in step
//!   (`work.rs`); naked and hidden singles from queues; then the matching rule
//!   of Régin (`alldiff.rs`), generalised arc consistency, on every unit (all
//!   naked and hidden subsets), every digit's rows × columns (all basic fish)
//!   and every digit's lines × boxes in a band or stack (pointing, claiming),
//!   each run on what changed; depth-first search branching on the cell with
//!   the smallest `candidates² / conflict weight` (`branch.rs`), states copied
//!   on a preallocated stack.
//!
//! Every search can be bounded by a node budget
//! ([`Solver::classify_with_budget`]); [`Solver::nodes`] tells the work done,
//! and [`Solver::branch_cell`] offers the search's choice of branching cell
//! to other searches. [`Solver::find_one`] looks for one solution by one search
//! (the depth-first proof search's oracle), [`Solver::find_one_restarting`] by
//! searches restarted on the Luby schedule, keeping the conflict weights
//! (`restarts.rs`): the oracle when one search takes too long.
//!
//! ```
//! use deduku::grid::{Grid, Order};
//! use deduku::solver::{classify, Classification};
//!
//! let order = Order::new(2).unwrap();
//! let puzzle = Grid::from_values(order, vec![0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 2, 0])
//!     .unwrap();
//! match classify(&puzzle) {
//!     Classification::Unique(solution) => assert!(solution.solves(&puzzle)),
//!     other => panic!("expected a unique solution, got {other:?}"),
//! }
//! ```

mod alldiff;
mod band;
mod branch;
mod entry;
mod gac;
mod propagate;
mod restarts;
mod search;
mod swap;
mod tables;
mod work;

#[cfg(test)]
mod tests_band;
#[cfg(test)]
mod tests_data;
#[cfg(test)]
mod tests_rules;
#[cfg(test)]
mod tests_small;
#[cfg(test)]
mod tests_swap;

pub use restarts::{luby, FirstSolution, RESTART_UNIT};

use crate::grid::{Candidates, Grid, Order};
pub use search::Solver;
pub use swap::swapped_solution;

/// How many solutions a puzzle has, with witnesses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Classification {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// At least two solutions; two distinct ones as witnesses.
    Multiple(Grid, Grid),
}

impl Classification {
    /// The number of solutions, capped at 2.
    pub fn count(&self) -> usize {
        match self {
            Classification::None => 0,
            Classification::Unique(_) => 1,
            Classification::Multiple(..) => 2,
        }
    }
}

/// Classifies `puzzle` as having no, one, or several solutions (stops at two).
/// Givens that clash (a digit twice in a unit) give [`Classification::None`].
pub fn classify(puzzle: &Grid) -> Classification {
    Solver::new(puzzle.order()).classify(puzzle)
}

/// Finds up to `limit` solutions of `puzzle`; returns their number and them.
pub fn solve_count(puzzle: &Grid, limit: usize) -> (usize, Vec<Grid>) {
    Solver::new(puzzle.order()).solve_count(puzzle, limit)
}

/// Candidate-state entry point for the oracle: given current candidate masks
/// (one [`Candidates`] per cell, row-major; placed cells have a single
/// candidate), counts solutions up to `limit` and returns the first solution
/// found. Bits above `N` are ignored; a slice whose length is not `N²` has no
/// solutions.
pub fn classify_candidates(
    order: Order,
    cands: &[Candidates],
    limit: usize,
) -> (usize, Option<Grid>) {
    Solver::new(order).classify_candidates(order, cands, limit)
}
