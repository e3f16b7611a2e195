//! The depth-first search: a solver's backtracking, recorded as nested subproofs.
//!
//! When `Cn` is stuck, branch on the smallest set of alternatives
//! ([`best_branch`]) and assume one of them. Inside a subproof, every
//! alternative of every branch is refuted in turn — ⊥, Negation, `Cn` again at
//! the enclosing scope, which may itself reach ⊥ — until the subproof's own ⊥
//! closes it. At the root only alternatives outside the known solution are
//! assumed; when they are refuted, a single places the remaining one.
//!
//! Without a known solution (no oracle), an assumption may lead to a solved grid
//! instead of ⊥: the whole attempt is given up, the grid becomes the known
//! solution, and a second, different solution found later proves the puzzle
//! ambiguous. The search is iterative — an explicit stack of open subproofs — so
//! its depth is bounded by the grid, not by the thread's stack.

use super::branch::{best_branch, first_alternative};
use super::weights::Weights;
use super::{Ended, Frame, Search};
use crate::cn::CnOutcome;
use crate::grid::{Cell, Digit};
use crate::rules::RuleKind;
use crate::state::State;
use crate::trace::StepId;
use std::collections::HashSet;

/// Run the depth-first search from the root `state`, nesting at most `max_depth`.
pub(super) fn run(search: &mut Search, state: &mut State, max_depth: usize) -> Ended {
    let weights = Weights::new(state.geo());
    let cell_floor = if search.cn.rules().contains(RuleKind::NakedSingle) { 2 } else { 1 };
    let mut dfs =
        Dfs { stack: Vec::new(), given_up: HashSet::new(), max_depth, weights, cell_floor };
    let mut pending: Option<StepId> = None;
    loop {
        let outcome = match pending.take() {
            Some(bottom) => CnOutcome::Bottom(bottom),
            None => search.cn.run(state, &mut search.trace),
        };
        let next = match outcome {
            CnOutcome::Bottom(bottom) => dfs.refuted(search, state, bottom),
            CnOutcome::Solved => dfs.solved(search, state),
            CnOutcome::Stuck => dfs.stuck(search, state),
        };
        match next {
            Step::Continue => {}
            Step::Clash(bottom) => pending = Some(bottom),
            Step::End(ended) => return ended,
        }
    }
}

/// What the loop does next.
enum Step {
    /// Run `Cn` on the current scope.
    Continue,
    /// The assumption just opened clashed at once: ⊥ by this step.
    Clash(StepId),
    /// The search is over.
    End(Ended),
}

/// The open subproofs, innermost last.
struct Dfs {
    stack: Vec<Frame>,
    /// Root assumptions abandoned (depth limit): not tried again.
    given_up: HashSet<(Cell, Digit)>,
    max_depth: usize,
    /// Where refutations happened, to branch there again.
    weights: Weights,
    /// The fewest candidates of an open cell where `Cn` is stuck (see [`best_branch`]).
    cell_floor: u64,
}

impl Dfs {
    /// ⊥ in the current scope: close the innermost subproof by Negation, or end.
    fn refuted(&mut self, search: &mut Search, state: &mut State, bottom: StepId) -> Step {
        if let Some(site) = search.cn.conflict_site() {
            self.weights.blame(state.geo(), site);
        }
        let Some(frame) = self.stack.pop() else { return Step::End(Ended::Bottom(bottom)) };
        if let Some(parent) = self.stack.last_mut() {
            parent.inner = parent.inner.max(frame.inner + 1);
        }
        search.close_refuted(state, frame, bottom);
        Step::Continue
    }

    /// A solved grid: the answer at the root; under assumptions, a solution that
    /// makes the whole root attempt unrefutable.
    fn solved(&mut self, search: &mut Search, state: &mut State) -> Step {
        if self.stack.is_empty() {
            return Step::End(Ended::Solved);
        }
        let grid = state.grid();
        self.give_up_all(search, state);
        match search.oracle.take() {
            Some(known) if known != grid => Step::End(Ended::Multiple(known, grid)),
            _ => {
                search.oracle = Some(grid);
                Step::Continue
            }
        }
    }

    /// `Cn` is stuck: open a subproof on the best branch (or end at the root).
    fn stuck(&mut self, search: &mut Search, state: &mut State) -> Step {
        if search.out_of_budget() {
            self.give_up_all(search, state);
            return Step::End(Ended::Stuck);
        }
        if self.stack.len() >= self.max_depth {
            if self.stack.is_empty() {
                return Step::End(Ended::Stuck);
            }
            self.given_up.insert(self.stack[0].lit);
            self.give_up_all(search, state);
            return Step::Continue;
        }
        let Some(lit) = self.choose(search, state) else { return Step::End(Ended::Stuck) };
        let (frame, placed) = search.open(state, lit);
        self.stack.push(frame);
        match placed {
            Ok(()) => Step::Continue,
            Err(bottom) => Step::Clash(bottom),
        }
    }

    /// The assumption to open: inside a subproof, the first alternative of the
    /// best branch; at the root, one outside the known solution, not given up.
    fn choose(&self, search: &Search, state: &State) -> Option<(Cell, Digit)> {
        let branch = best_branch(state, &self.weights, self.cell_floor)?;
        if !self.stack.is_empty() {
            return first_alternative(state, branch, None);
        }
        let first = first_alternative(state, branch, search.oracle.as_ref());
        if self.given_up.is_empty() {
            return first;
        }
        // Depth-limited runs: any root candidate not given up yet.
        let oracle = search.oracle.as_ref();
        super::candidates::ordered_candidates(state, oracle)
            .into_iter()
            .find(|lit| !self.given_up.contains(lit))
    }

    /// Abandon every open subproof, back to the root state.
    fn give_up_all(&mut self, search: &mut Search, state: &mut State) {
        if let Some(&outermost) = self.stack.first() {
            search.abandon(state, outermost);
        }
        self.stack.clear();
    }
}
