//! Failed attempts the breadth-first search need not repeat.
//!
//! An attempt "assume `a` in state `S`, saturate at depth `k−1`" that ends
//! without ⊥ has reached the closure `S ∪ L` (the literals `L` it derived). If
//! the state has since grown only by literals of `L` (`ΔS ⊆ L`), the same
//! attempt reaches the same closure again — the saturation is the least fixpoint
//! of monotone rules, so adding literals it derives anyway changes nothing — and
//! must fail again. Skipping it changes which attempts run, never which
//! refutations are found.

use crate::grid::{Cell, Digit};
use crate::state::{Mark, State};
use std::collections::HashMap;

/// A failed attempt: the state's trail position then, and what it derived (sorted).
struct Failure {
    at: Mark,
    derived: Vec<u32>,
}

/// The failed attempts of one saturation, by candidate and depth.
#[derive(Default)]
pub(super) struct Memo {
    failed: HashMap<(u32, u32, usize), Failure>,
}

impl Memo {
    /// Record that assuming `lit` at depth `depth` failed, having derived
    /// everything `state` recorded since `mark` (call before undoing it).
    pub(super) fn record(&mut self, state: &State, mark: Mark, lit: (Cell, Digit), depth: usize) {
        let mut derived = state.packed_since(mark).to_vec();
        derived.sort_unstable();
        self.failed.insert(key(lit, depth), Failure { at: mark, derived });
    }

    /// Whether assuming `lit` at `depth` in `state` must fail as it did before:
    /// everything `state` gained since then is among what that attempt derived.
    pub(super) fn must_fail(&mut self, state: &State, lit: (Cell, Digit), depth: usize) -> bool {
        let Some(failure) = self.failed.get_mut(&key(lit, depth)) else { return false };
        let gained = state.packed_since(failure.at);
        if gained.iter().all(|l| failure.derived.binary_search(l).is_ok()) {
            failure.at = state.mark();
            true
        } else {
            self.failed.remove(&key(lit, depth));
            false
        }
    }
}

fn key((cell, digit): (Cell, Digit), depth: usize) -> (u32, u32, usize) {
    (cell.index() as u32, digit.get() as u32, depth)
}
