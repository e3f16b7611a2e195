//! Whether a clue may go: the puzzle must stay uniquely solvable and, when a depth bound is
//! set, provable by the engine within it.
//!
//! Uniqueness is asked of the plain solver the cheap way. Removing the clues `O` from a puzzle
//! whose unique solution is `S` admits another solution iff some solution differs from `S` at a
//! cell of `O` (one agreeing with `S` on `O` solves the puzzle before the removal, so it is `S`).
//! So each cell `x` of `O` costs one search with `x ≠ S(x)`, stopped at the first solution —
//! which, for a single cell, is the second grid of its minimality witness.

use crate::grid::{Candidates, Cell, Grid, Order};
use crate::solve::{solve, SolveOptions, Verdict};
use crate::solver::Solver;

/// The acceptance test of the removal passes, with counters.
pub(crate) struct Judge {
    solver: Solver,
    /// Certified-solve options when a depth bound applies (`max_depth` is `Some`).
    bound: Option<SolveOptions>,
    /// Plain-solver searches run.
    pub(crate) searches: u64,
    /// Certified solves run for the depth bound.
    pub(crate) solves: u64,
}

/// What the judge says of a removal.
pub(crate) enum Ruling {
    /// The puzzle stays unique (and within the bound).
    Keep,
    /// Refused; for a single cell, the other solution found (its minimality witness).
    Refuse(Option<Grid>),
}

impl Judge {
    /// A judge for puzzles of `order`; with `bound`, a puzzle must also be certified a
    /// `Solution` under those options (whose `max_depth` bounds the proof's depth).
    pub(crate) fn new(order: Order, bound: Option<SolveOptions>) -> Judge {
        Judge { solver: Solver::new(order), bound, searches: 0, solves: 0 }
    }

    /// The plain solver, for drawing solution grids.
    pub(crate) fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// Rules on `puzzle`, which is `solution`'s puzzle with the cells `removed` just blanked.
    pub(crate) fn rule(&mut self, puzzle: &Grid, solution: &Grid, removed: &[Cell]) -> Ruling {
        for &cell in removed {
            if let Some(other) = self.other_solution(puzzle, solution, cell) {
                return Ruling::Refuse((removed.len() == 1).then_some(other));
            }
        }
        match self.bound {
            Some(opts) => {
                self.solves += 1;
                match solve(puzzle, &opts).verdict {
                    Verdict::Solution(_) => Ruling::Keep,
                    _ => Ruling::Refuse(None),
                }
            }
            None => Ruling::Keep,
        }
    }

    /// A solution of `puzzle` whose digit at `cell` differs from `solution`'s, if any.
    pub(crate) fn other_solution(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        cell: Cell,
    ) -> Option<Grid> {
        let side = puzzle.order().side();
        let mut cands: Vec<Candidates> = puzzle
            .values()
            .iter()
            .map(|&v| if v == 0 { Candidates::full(side) } else { Candidates(1u64 << (v - 1)) })
            .collect();
        let not_there = solution
            .get(cell)
            .map_or(Candidates::full(side), |d| Candidates::full(side).without(d));
        cands[cell.index()] = not_there;
        self.searches += 1;
        match self.solver.classify_candidates(puzzle.order(), &cands, 1) {
            (0, _) => None,
            (_, found) => found,
        }
    }
}
