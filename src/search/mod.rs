//! The negation rule and the two searches that apply it.
//!
//! When `Cn` stops short, a search refutes candidates: assume `c=d`, open a
//! subproof, derive ⊥ inside it, and conclude `c≠d` by Negation at the
//! enclosing scope; then `Cn` runs again. Both searches record only steps of
//! rules the checker knows, so it cannot tell (and need not know) which one
//! built a proof:
//!
//! * [`Strategy::Bfs`] — iterative deepening (`bfs.rs`): every refutation it keeps
//!   is one of least depth among the candidates tried, so its proofs are the
//!   shallowest, and the depth they need rates the puzzle (the seed paper's method).
//! * [`Strategy::Dfs`] — depth-first (`dfs.rs`): what a solver does anyway,
//!   recorded as nested subproofs; deeper proofs at about the cost of one solver run.
//!
//! Subproofs are opened in place on the one `State` (its trail undoes them) and,
//! once refuted, compacted in the trace to the steps their ⊥ needs.

mod bfs;
mod branch;
mod candidates;
mod dfs;
mod memo;
mod strategy;
mod weights;

use crate::cn::Cn;
use crate::grid::{Cell, Digit, Grid};
use crate::state::{Mark, State};
use crate::trace::{Budget, Checkpoint, StepId, Trace, NONE};
use deduku_check::format::Rule;
use std::time::Instant;
pub use strategy::{Strategy, StrategyError};

/// Subproofs with at least this many steps are compacted when they close.
const COMPACT_AT: usize = 1 << 14;

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
    /// Attempts the breadth-first search skipped because they must fail again.
    pub skipped: u64,
}

/// How a search of the root scope ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// ⊥ at the root, derived by this step.
    Bottom(StepId),
    /// Every cell has a placement.
    Solved,
    /// Rules, depth or time ran out; the root state holds what was derived.
    Stuck,
    /// Two distinct solutions were found (depth-first search without an oracle).
    Multiple(Grid, Grid),
}

/// An open subproof: what closing it (by Negation, or by giving up) restores.
#[derive(Clone, Copy, Debug)]
struct Frame {
    lit: (Cell, Digit),
    assume: StepId,
    mark: Mark,
    checkpoint: Checkpoint,
    parent_scope: StepId,
    /// The deepest refutation closed inside this subproof (0: none).
    inner: usize,
}

/// The assumption search over one puzzle.
pub struct Search {
    /// The fixpoint engine.
    pub cn: Cn,
    /// The trace all steps go to.
    pub trace: Trace,
    /// Counters.
    pub stats: SearchStats,
    /// A solution of the puzzle, if known: at the root its candidates are never
    /// tried, since they cannot be refuted (unique puzzle), and a second solution
    /// found by the depth-first search proves the puzzle ambiguous.
    oracle: Option<Grid>,
    /// When to give up, leaving the root state as derived so far.
    deadline: Option<Instant>,
    /// How large the trace may grow before giving up the same way.
    budget: Budget,
    timed_out: bool,
}

impl Search {
    /// A search with `cn`'s rules, optionally pruned by a known solution.
    pub fn new(cn: Cn, oracle: Option<Grid>) -> Search {
        let stats = SearchStats::default();
        let (deadline, budget) = (None, Budget::DEFAULT);
        Search { cn, trace: Trace::new(), stats, oracle, deadline, budget, timed_out: false }
    }

    /// The search writing to `trace` (cleared first), e.g. one kept from an earlier puzzle.
    pub fn with_trace(mut self, mut trace: Trace) -> Search {
        trace.clear();
        self.trace = trace;
        self
    }

    /// Stop searching at `deadline`: the run then ends [`Ended::Stuck`].
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Search {
        self.deadline = deadline;
        self
    }

    /// Stop searching once the trace outgrows `budget` (by default [`Budget::DEFAULT`]): the
    /// run then ends [`Ended::Stuck`] too.
    pub fn with_budget(mut self, budget: Budget) -> Search {
        self.budget = budget;
        self
    }

    /// Prune the search with `oracle`, a solution of the puzzle (or none): at the root its
    /// candidates are never tried.
    pub fn set_oracle(&mut self, oracle: Option<Grid>) {
        self.oracle = oracle;
    }

    /// Whether the last run stopped at the deadline or the trace budget.
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// Saturate the root `state` with `strategy`, nesting subproofs at most
    /// `max_depth` deep, until solved, ⊥, two solutions, or nothing more is found.
    pub fn run_root(&mut self, state: &mut State, strategy: Strategy, max_depth: usize) -> Ended {
        match strategy {
            Strategy::Bfs => bfs::run(self, state, max_depth),
            // Clause learning is not a search over one `State`: `solve` runs `cdcl::prove`
            // for it, except with `--max-depth 0` (`Cn` alone), where any search does nothing.
            Strategy::Dfs | Strategy::Cdcl => dfs::run(self, state, max_depth),
        }
    }

    /// Whether the deadline passed or the trace outgrew its budget (then it stays so); the
    /// searches ask between attempts.
    fn out_of_budget(&mut self) -> bool {
        if let Some(deadline) = self.deadline {
            self.timed_out |= Instant::now() >= deadline;
        }
        self.timed_out |= self.budget.exceeded_by(&self.trace);
        self.timed_out
    }

    /// Open a subproof assuming `lit` in place; `Err` carries the ⊥ step if the
    /// assumption clashes at once.
    fn open(&mut self, state: &mut State, lit: (Cell, Digit)) -> (Frame, Result<(), StepId>) {
        self.stats.assumptions += 1;
        let (mark, checkpoint, parent_scope) = (state.mark(), self.trace.checkpoint(), state.scope);
        let (assume, placed) = self.cn.assume(state, lit.0, lit.1, &mut self.trace);
        (Frame { lit, assume, mark, checkpoint, parent_scope, inner: 0 }, placed)
    }

    /// Close `frame`'s subproof, refuted by `bottom`: undo it, keep only the steps
    /// its ⊥ needs, and conclude the negation of its assumption at the parent scope.
    fn close_refuted(&mut self, state: &mut State, frame: Frame, bottom: StepId) -> StepId {
        self.stats.refutations += 1;
        state.undo(frame.mark);
        state.scope = frame.parent_scope;
        let mut roots = [frame.assume, bottom];
        // Compacting costs a pass over the subproof, and nested subproofs would pay
        // it once per level: do it where it pays — at the root, whose trace becomes
        // the certificate, and for subproofs big enough to matter for memory.
        let size = self.trace.len() - frame.checkpoint.steps();
        if size >= COMPACT_AT {
            self.trace.compact(frame.checkpoint, &mut roots);
        }
        if state.scope == NONE {
            self.stats.root_refutations += 1;
            self.stats.depth = self.stats.depth.max(frame.inner + 1);
        }
        self.cn.negate(state, frame.lit, (roots[0], roots[1]), &mut self.trace)
    }

    /// Give `frame`'s subproof up: undo it and forget its steps.
    fn abandon(&mut self, state: &mut State, frame: Frame) {
        state.undo(frame.mark);
        state.scope = frame.parent_scope;
        self.trace.truncate(frame.checkpoint);
    }

    /// The placement steps of `state` other than givens: what a claim rests on
    /// (givens are axioms to the checker).
    pub fn derived_placements(&self, state: &State) -> Vec<StepId> {
        let derived = |&s: &StepId| s != NONE && !matches!(self.trace.step(s).rule, Rule::Given);
        // Sized once: collecting a filter grew the vector five times per solve.
        let mut placements = Vec::with_capacity(state.geo().cells());
        placements.extend(state.geo().all_cells().map(|c| state.place_step(c)).filter(derived));
        placements
    }
}
