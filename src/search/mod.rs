//! The negation rule and the breadth-first assumption search.
//!
//! When `Cn` stops short, the search refutes candidates: assume `c=d`, open a
//! subproof, saturate it, and if ⊥ appears conclude `c≠d` by Negation at the
//! enclosing scope; then `Cn` runs again. A refutation of depth `k` may use
//! refutations of depth `k−1` inside its subproof. Depths are tried in
//! increasing order (iterative deepening), so every refutation the search keeps
//! is one of least depth among the candidates tried in that state.
//!
//! Completeness: a state without solutions and with `E` open cells is refuted
//! at depth `E` (refute every candidate of one cell, then EmptyCell), so with
//! unbounded depth every candidate outside a unique solution is eventually
//! eliminated, and an impossible puzzle ends in ⊥ at the root.

mod candidates;

use crate::cn::{Cn, CnOutcome};
use crate::grid::{Cell, Digit, Grid};
use crate::state::State;
use crate::trace::{StepId, Trace, NONE};
use candidates::ordered_candidates;
use deduku_check::format::Rule;

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Assumptions opened (at any depth).
    pub assumptions: u64,
    /// Assumptions refuted (at any depth), including discarded inner ones.
    pub refutations: u64,
    /// Refutations kept at the root scope.
    pub root_refutations: u64,
    /// The largest depth of a root refutation (0: singles sufficed).
    pub depth: usize,
}

/// The assumption search over one puzzle.
pub struct Search<'o> {
    /// The fixpoint engine.
    pub cn: Cn,
    /// The trace all steps go to.
    pub trace: Trace,
    /// Counters.
    pub stats: SearchStats,
    /// The known unique solution, if the oracle is on: its candidates are never
    /// tried at the root, since they cannot be refuted.
    oracle: Option<&'o Grid>,
}

impl<'o> Search<'o> {
    /// A search with `cn`'s rules, optionally pruned by a known unique solution.
    pub fn new(cn: Cn, oracle: Option<&'o Grid>) -> Search<'o> {
        Search { cn, trace: Trace::new(), stats: SearchStats::default(), oracle }
    }

    /// Saturate the root `state`: `Cn`, then refutations of depth ≤ `max_depth`,
    /// until solved, ⊥, or no refutation is found.
    pub fn run_root(&mut self, state: &mut State, max_depth: usize) -> CnOutcome {
        self.saturate(state, max_depth).0
    }

    /// `Cn` and refutations of depth ≤ `k` to a fixpoint; also returns the
    /// largest depth of a refutation used.
    fn saturate(&mut self, state: &mut State, k: usize) -> (CnOutcome, usize) {
        let mut used = 0;
        loop {
            let outcome = self.cn.run(state, &mut self.trace);
            if outcome != CnOutcome::Stuck || k == 0 {
                return (outcome, used);
            }
            match self.refute_one(state, k) {
                Some(depth) => used = used.max(depth),
                None => return (CnOutcome::Stuck, used),
            }
        }
    }

    /// Find one refutable candidate of least depth ≤ `k`, and conclude its
    /// negation in `state`. Returns the refutation's depth.
    fn refute_one(&mut self, state: &mut State, k: usize) -> Option<usize> {
        let oracle = if state.scope == NONE { self.oracle } else { None };
        let candidates = ordered_candidates(state, oracle);
        for depth in 1..=k {
            for &(cell, digit) in &candidates {
                if let Some(used) = self.try_refute(state, (cell, digit), depth) {
                    if state.scope == NONE {
                        self.stats.root_refutations += 1;
                        self.stats.depth = self.stats.depth.max(used);
                    }
                    return Some(used);
                }
            }
        }
        None
    }

    /// Assume `lit` under `state`, saturate with depth `depth − 1`; on ⊥ keep
    /// the subproof and add the Negation, otherwise forget the attempt.
    fn try_refute(&mut self, state: &mut State, lit: (Cell, Digit), depth: usize) -> Option<usize> {
        let checkpoint = self.trace.checkpoint();
        self.stats.assumptions += 1;
        let (mut child, assume, placed) = self.cn.assume(state, lit.0, lit.1, &mut self.trace);
        let (outcome, inner) = match placed {
            Err(bottom) => (CnOutcome::Bottom(bottom), 0),
            Ok(()) => self.saturate(&mut child, depth - 1),
        };
        if let CnOutcome::Bottom(bottom) = outcome {
            self.stats.refutations += 1;
            self.cn.negate(state, lit, (assume, bottom), &mut self.trace);
            return Some(inner + 1);
        }
        self.trace.truncate(checkpoint);
        None
    }

    /// The placement steps of `state` other than givens: what a claim rests on
    /// (givens are axioms to the checker).
    pub fn derived_placements(&self, state: &State) -> Vec<StepId> {
        let derived = |&s: &StepId| s != NONE && self.trace.step(s).rule != Rule::Given;
        state.geo().all_cells().map(|c| state.place_step(c)).filter(derived).collect()
    }
}
