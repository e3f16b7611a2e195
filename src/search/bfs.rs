//! The breadth-first search (iterative deepening): `Cn`, then refutations of
//! least depth, then `Cn` again, to a fixpoint.
//!
//! A refutation of depth `k` may use refutations of depth `k−1` inside its
//! subproof. Depths are tried in increasing order, so every refutation the search
//! keeps is one of least depth among the candidates tried in that state. Depth 1
//! goes in passes: candidates are tried once each, each refutation is kept as it is
//! found (`Cn` runs after it), and a pass ends early when `Cn` placed a digit after a
//! refutation; a pass that refuted something is followed by another. Deeper levels stop
//! at their first refutation and go back to depth 1, since what it derived may have made
//! other candidates refutable at depth 1.
//!
//! Completeness: a state without solutions and with `E` open cells is refuted
//! at depth `E` (refute every candidate of one cell, then EmptyCell), so with
//! unbounded depth every candidate outside a unique solution is eventually
//! eliminated, and an impossible puzzle ends in ⊥ at the root.
//!
//! Between rounds the search skips attempts that must fail again ([`Memo`]), so
//! it finds exactly the refutations it would find without skipping.

use super::candidates::ordered_candidates;
use super::memo::Memo;
use super::{Ended, Search};
use crate::cn::CnOutcome;
use crate::grid::{Cell, Digit};
use crate::state::State;
use crate::trace::NONE;

/// Saturate the root with refutations of depth ≤ `max_depth`.
pub(super) fn run(search: &mut Search, state: &mut State, max_depth: usize) -> Ended {
    match saturate(search, state, max_depth).0 {
        CnOutcome::Bottom(b) => Ended::Bottom(b),
        CnOutcome::Solved => Ended::Solved,
        CnOutcome::Stuck => Ended::Stuck,
    }
}

/// `Cn` and refutations of depth ≤ `k` to a fixpoint; also returns the largest
/// depth of a refutation used.
fn saturate(search: &mut Search, state: &mut State, k: usize) -> (CnOutcome, usize) {
    let (mut used, mut memo) = (0, Memo::default());
    loop {
        let outcome = search.cn.run(state, &mut search.trace);
        if outcome != CnOutcome::Stuck || k == 0 || search.out_of_budget() {
            return (outcome, used);
        }
        match depth_one_pass(search, state, &mut memo) {
            Pass::Ended(outcome) => return (outcome, used.max(1)),
            Pass::Refuted => used = used.max(1),
            Pass::Nothing if search.timed_out => return (CnOutcome::Stuck, used),
            Pass::Nothing => match refute_deeper(search, state, k, &mut memo) {
                Some(depth) => used = used.max(depth),
                None => return (CnOutcome::Stuck, used),
            },
        }
    }
}

/// How a pass of depth-1 attempts ended.
enum Pass {
    /// No candidate of the pass was refuted (or the search ran out of budget): the state
    /// is unchanged.
    Nothing,
    /// Some were (each followed by `Cn`), and `Cn` is stuck again (the pass stops at the
    /// first refutation after which `Cn` placed a digit).
    Refuted,
    /// `Cn` after a refutation ended in ⊥ or a solved grid.
    Ended(CnOutcome),
}

/// Try the candidates of `state` once each at depth 1, keeping each refutation (and running
/// `Cn` after it) as it is found, until one lets `Cn` place a digit. Depth 1 is the least a
/// refutation can have, so going on after one keeps every refutation of least depth; restarting
/// the list after each, as the deeper levels must, would retry the failed attempts before it
/// once per refutation instead of once per pass. A placement is where the pass does start
/// again: the grid changed enough that the cells with fewest candidates come first again,
/// which keeps certificates as small as restarting after every refutation did (measured in
/// `docs/performance.md`).
fn depth_one_pass(search: &mut Search, state: &mut State, memo: &mut Memo) -> Pass {
    let mut refuted = false;
    for lit in candidates_of(search, state) {
        if !is_open(state, lit) {
            continue;
        }
        if memo.must_fail(state, lit, 1) {
            search.stats.skipped += 1;
            continue;
        }
        if try_refute(search, state, lit, 1, memo).is_some() {
            refuted = true;
            let open = state.unsolved();
            let outcome = search.cn.run(state, &mut search.trace);
            if outcome != CnOutcome::Stuck {
                return Pass::Ended(outcome);
            }
            if state.unsolved() < open {
                return Pass::Refuted;
            }
        }
        if search.out_of_budget() {
            break;
        }
    }
    if refuted {
        Pass::Refuted
    } else {
        Pass::Nothing
    }
}

/// The candidates of `state` in trial order; at the root, those outside the known solution.
fn candidates_of(search: &Search, state: &State) -> Vec<(Cell, Digit)> {
    let oracle = if state.scope == NONE { search.oracle.as_ref() } else { None };
    ordered_candidates(state, oracle)
}

/// Whether `lit` is still a candidate of an open cell (a refutation earlier in the
/// pass may have settled it).
fn is_open(state: &State, (cell, digit): (Cell, Digit)) -> bool {
    state.placed(cell).is_none() && state.cands(cell).contains(digit)
}

/// Find one refutable candidate of least depth in `2..=k` (no depth-1 refutation is
/// left), and conclude its negation in `state`. Returns the refutation's depth.
fn refute_deeper(
    search: &mut Search,
    state: &mut State,
    k: usize,
    memo: &mut Memo,
) -> Option<usize> {
    let candidates = candidates_of(search, state);
    for depth in 2..=k {
        for &lit in &candidates {
            if memo.must_fail(state, lit, depth) {
                search.stats.skipped += 1;
                continue;
            }
            if let Some(used) = try_refute(search, state, lit, depth, memo) {
                return Some(used);
            }
            if search.timed_out {
                return None;
            }
        }
    }
    None
}

/// Assume `lit` under `state`, saturate with depth `depth − 1`; on ⊥ keep the
/// subproof and add the Negation, otherwise remember the failure and forget it.
fn try_refute(
    search: &mut Search,
    state: &mut State,
    lit: (Cell, Digit),
    depth: usize,
    memo: &mut Memo,
) -> Option<usize> {
    let (mut frame, placed) = search.open(state, lit);
    let (outcome, inner) = match placed {
        Err(bottom) => (CnOutcome::Bottom(bottom), 0),
        Ok(()) => saturate(search, state, depth - 1),
    };
    if let CnOutcome::Bottom(bottom) = outcome {
        frame.inner = inner;
        search.close_refuted(state, frame, bottom);
        return Some(inner + 1);
    }
    if !search.timed_out {
        memo.record(state, frame.mark, lit, depth);
    }
    search.abandon(state, frame);
    None
}
