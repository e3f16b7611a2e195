//! Clause learning: certified solving at a SAT solver's pace (`--search cdcl`).
//!
//! # Design
//!
//! The depth-first search (`search::dfs`) records a solver's search as nested subproofs, but
//! a refutation proved in one branch cannot be used in another: on the hard 25×25 grids the
//! same refutations are found again and again, millions of times. A clause-learning solver
//! (CDCL) learns a clause from each conflict and never repeats it. This module is such a
//! solver on the grid's literals, whose propagation is exactly the checker's rules — naked
//! single, hidden single, exclusion, and the ⊥ rules — plus the learned clauses, so that
//! every implication it makes is one certificate step.
//!
//! Every learned clause becomes a *lemma* of the certificate (`emit.rs`): nested `Assume`
//! steps of its literals' negations, the implications its conflict analysis resolved,
//! replayed in trail order, and ⊥. Wherever the solver later uses the clause (to imply a
//! literal, or as a conflict), the certificate has a `Lemma` step citing that ⊥ and the
//! hypotheses that hold there. Literals fixed at the root are root steps, recorded in trail
//! order. The certificate is the trace trimmed to what the claim needs, so lemmas the final
//! proof never used are dropped.
//!
//! Uniqueness is proved as SAT solvers prove it under assumptions: with a first solution
//! `S` found, each cell not yet placed at the root is assumed to differ from `S` (decided
//! first, at level 1) until the learned clauses make `S`'s digit a root fact — or a second
//! solution turns up (`Multiple`). Learned clauses never depend on the assumption, so every
//! round keeps all the lemmas of the rounds before.
//!
//! The checker needs to know none of this: `Assume`, `Negation`'s kin `Lemma` and the rules
//! of `Cn` are all it reads.

mod analyze;
mod assign;
mod clauses;
mod emit;
mod engine;
mod heap;
mod lit;
#[cfg(test)]
mod tests;

use crate::grid::{Candidates, Grid};
use crate::solver::swapped_solution;
use crate::trace::{Budget, StepId, Trace};
use engine::{Engine, Found};
use lit::L;
use std::time::Instant;

/// Figures of one clause-learning search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Decisions (including the assumptions of uniqueness rounds).
    pub decisions: u64,
    /// Conflicts, each a learned clause (a lemma).
    pub conflicts: u64,
    /// Trail literals propagated.
    pub propagations: u64,
    /// Restarts.
    pub restarts: u64,
    /// Literals of all learned clauses.
    pub lemma_literals: u64,
    /// The longest learned clause.
    pub longest: usize,
    /// The deepest decision level.
    pub deepest: u32,
    /// Conflicts before the first solution was found.
    pub first_solution: u64,
}

/// How a clause-learning proof ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// ⊥ at the root, derived by this step.
    Contradiction(StepId),
    /// The unique solution; the root steps placing each cell.
    Solution(Grid, Vec<StepId>),
    /// Two distinct solutions.
    Multiple(Grid, Grid),
    /// Out of time: the root steps placing or eliminating, for a `Consequences` claim.
    Stuck(Grid, Vec<StepId>),
}

/// The result of [`prove`]: how it ended, the trace the certificate is trimmed from, figures.
pub(crate) struct Proved {
    pub end: End,
    pub trace: Trace,
    pub counters: Counters,
    /// Per cell, the digits not eliminated at the root when the search ended.
    pub candidates: Vec<Candidates>,
}

/// Proves `puzzle`'s verdict by clause learning, stopping at `deadline` or when the trace
/// outgrows `budget`.
pub(crate) fn prove(puzzle: &Grid, deadline: Option<Instant>, budget: Budget) -> Proved {
    let mut engine = Engine::new(puzzle, deadline, budget);
    let end = run(&mut engine, puzzle);
    engine.back_to_root();
    let (a, side) = (&engine.a, engine.a.vars.side);
    let open = |var: usize| a.value(L::elim(var as u32)) != 1;
    let candidates = (0..a.geo.cells())
        .map(|cell| Candidates((0..side).filter(|d| open(cell * side + d)).map(|d| 1 << d).sum()))
        .collect();
    Proved {
        end,
        trace: std::mem::take(&mut engine.rec.trace),
        counters: engine.counters,
        candidates,
    }
}

fn run(engine: &mut Engine, puzzle: &Grid) -> End {
    let first = match engine.search(None) {
        Found::Solution(grid) => {
            engine.counters.first_solution = engine.counters.conflicts;
            grid
        }
        Found::Bottom(bottom) => return End::Contradiction(bottom),
        Found::Refuted | Found::OutOfBudget => return stuck(engine),
    };
    debug_assert!(first.solves(puzzle));
    // A second solution by a digit swap needs no search (and no lemma).
    if let Some(other) = swapped_solution(puzzle, &first) {
        return End::Multiple(first, other);
    }
    engine.back_to_root();
    let vars = engine.a.vars;
    let cells: Vec<u32> = first.filled().map(|(c, d)| vars.var(c, d)).collect();
    for var in cells {
        if engine.root_place(var).is_some() {
            continue;
        }
        match engine.search(Some(L::elim(var))) {
            Found::Refuted => {}
            Found::Solution(other) => return End::Multiple(first, other),
            Found::Bottom(bottom) => return End::Contradiction(bottom),
            Found::OutOfBudget => return stuck(engine),
        }
        engine.back_to_root();
    }
    let roots = first.filled().filter_map(|(c, d)| engine.root_place(vars.var(c, d))).collect();
    End::Solution(first, roots)
}

/// The root facts so far: placements (the claimed grid) and eliminations.
fn stuck(engine: &mut Engine) -> End {
    engine.back_to_root();
    let vars = engine.a.vars;
    let mut grid = Grid::empty(engine.a.geo.order());
    let mut roots = Vec::new();
    for var in 0..engine.a.var_count() as u32 {
        let Some(step) = engine.rec.root_step(var) else { continue };
        roots.push(step);
        if engine.a.value(L::place(var)) == 1 {
            grid.set(vars.cell(var), Some(vars.digit(var)));
        }
    }
    End::Stuck(grid, roots)
}
