//! The breadth-first search (iterative deepening): `Cn`, then the refutation of
//! least depth, then `Cn` again, to a fixpoint.
//!
//! A refutation of depth `k` may use refutations of depth `k−1` inside its
//! subproof. Depths are tried in increasing order, so every refutation the search
//! keeps is one of least depth among the candidates tried in that state.
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
        match refute_one(search, state, k, &mut memo) {
            Some(depth) => used = used.max(depth),
            None => return (CnOutcome::Stuck, used),
        }
    }
}

/// Find one refutable candidate of least depth ≤ `k`, and conclude its
/// negation in `state`. Returns the refutation's depth.
fn refute_one(search: &mut Search, state: &mut State, k: usize, memo: &mut Memo) -> Option<usize> {
    let oracle = if state.scope == NONE { search.oracle.as_ref() } else { None };
    let candidates = ordered_candidates(state, oracle);
    for depth in 1..=k {
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
