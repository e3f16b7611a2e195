//! Failed attempts the breadth-first search need not repeat, nor make at all.
//!
//! An attempt "assume `a` in state `S`, saturate at depth `k−1`" that ends
//! without ⊥ has reached the closure `S ∪ L` (the literals `L` it derived). The
//! saturation at depth `k−1` is a closure operator — extensive, monotone (a
//! refutation valid in a state stays valid in a larger one) and idempotent — so
//! while the state has grown only by literals of `L` (`S ⊆ S' ⊆ S ∪ L`):
//!
//! * the same attempt reaches the same closure again and must fail again;
//! * so must assuming any placement `b ∈ L`: `S' ∪ {b} ⊆ S ∪ L`, whose closure is
//!   `S ∪ L` itself, without ⊥. This is failed-literal probing's classic saving
//!   (a literal implied by a failed probe need not be probed): on hard 9×9
//!   puzzles about a third of the attempts are placements an earlier attempt of
//!   the same pass derived.
//!
//! Skipping them changes which attempts run, never which refutations are found.

use crate::grid::{Cell, Digit};
use crate::state::{Mark, State};
use rustc_hash::FxHashMap;

/// A failed attempt: the state's trail position then, and where what it derived lies in
/// [`Memo::derived`].
struct Failure {
    at: Mark,
    derived: std::ops::Range<usize>,
}

/// The failed attempts of one saturation, and for each candidate and depth the
/// failure that shows its attempt must fail (its own, or one that derived it).
#[derive(Default)]
pub(super) struct Memo {
    failures: Vec<Failure>,
    evidence: FxHashMap<(u32, usize), usize>,
    /// The trail entries every failure derived, one after the other (one allocation for
    /// all; a vector per failure cost a malloc and a free per attempt).
    derived: Vec<u32>,
    /// One bit per trail entry value, set only while [`Memo::must_fail`] compares.
    marks: Vec<u64>,
}

impl Memo {
    /// Record that assuming `lit` at depth `depth` failed, having derived
    /// everything `state` recorded since `mark` (call before undoing it).
    pub(super) fn record(&mut self, state: &State, mark: Mark, lit: (Cell, Digit), depth: usize) {
        let index = self.failures.len();
        self.evidence.insert(key(lit, depth), index);
        for (cell, digit, placed) in state.since(mark) {
            if placed {
                self.evidence.insert(key((cell, digit), depth), index);
            }
        }
        let start = self.derived.len();
        self.derived.extend_from_slice(state.packed_since(mark));
        self.failures.push(Failure { at: mark, derived: start..self.derived.len() });
    }

    /// Whether assuming `lit` at `depth` in `state` must fail: a failed attempt
    /// assumed or derived it, and everything `state` gained since is among what
    /// that attempt derived.
    pub(super) fn must_fail(&mut self, state: &State, lit: (Cell, Digit), depth: usize) -> bool {
        let Some(&index) = self.evidence.get(&key(lit, depth)) else { return false };
        let failure = &self.failures[index];
        // Nothing gained (the common case within a pass): no comparison.
        let gained = state.packed_since(failure.at);
        if gained.is_empty() || self.covers(failure.derived.clone(), gained) {
            self.failures[index].at = state.mark();
            true
        } else {
            self.evidence.remove(&key(lit, depth));
            false
        }
    }

    /// Whether every entry of `gained` is among the failure's `derived` entries: mark
    /// those, test these, clear the marks (linear, where sorting each failure's entries
    /// cost a sort per attempt).
    fn covers(&mut self, derived: std::ops::Range<usize>, gained: &[u32]) -> bool {
        let derived = &self.derived[derived];
        let words = derived.iter().chain(gained).map(|&e| e as usize / 64 + 1).max().unwrap_or(0);
        if self.marks.len() < words {
            self.marks.resize(words, 0);
        }
        for &e in derived {
            self.marks[e as usize / 64] |= 1 << (e % 64);
        }
        let covered = gained.iter().all(|&e| self.marks[e as usize / 64] & (1 << (e % 64)) != 0);
        for &e in derived {
            self.marks[e as usize / 64] = 0;
        }
        covered
    }
}

/// The candidate `lit` (its cell and digit packed by shifts: an index is below 2¹⁶ and a
/// digit below 2⁸ on every order) at `depth`.
fn key((cell, digit): (Cell, Digit), depth: usize) -> (u32, usize) {
    (((cell.index() as u32) << 8) | digit.get() as u32, depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cn::{Cn, CnOutcome};
    use crate::grid::{parse_one, ParseOptions};
    use crate::rules::RuleSet;
    use crate::search::candidates::ordered_candidates;
    use crate::search::Search;

    /// The root state of `line` after `Cn`, if the singles leave it open.
    fn stuck_root(search: &mut Search, line: &str) -> Option<State> {
        let puzzle = parse_one(line, &ParseOptions::default()).expect("a puzzle").grid;
        let mut state = search.cn.start(&puzzle, &mut search.trace).ok()?;
        (search.cn.run(&mut state, &mut search.trace) == CnOutcome::Stuck).then_some(state)
    }

    /// Assume `lit` at the root and run `Cn`; record the attempt in `memo` if it failed.
    /// Whether it derived ⊥.
    fn attempt(
        search: &mut Search,
        state: &mut State,
        lit: (Cell, Digit),
        memo: &mut Memo,
    ) -> bool {
        let (frame, placed) = search.open(state, lit);
        let bottom = placed.is_err()
            || matches!(search.cn.run(state, &mut search.trace), CnOutcome::Bottom(_));
        if !bottom {
            memo.record(state, frame.mark, lit, 1);
        }
        search.abandon(state, frame);
        bottom
    }

    #[test]
    fn every_attempt_the_memo_skips_does_fail() {
        let text = include_str!("../../data/9x9/top95.txt");
        let (mut skipped, mut checked) = (0, 0);
        for line in text.lines().filter(|l| l.len() >= 81).take(30) {
            let mut search = Search::new(Cn::new(RuleSet::SINGLES), None);
            let Some(mut state) = stuck_root(&mut search, line) else { continue };
            let mut memo = Memo::default();
            for lit in ordered_candidates(&state, None) {
                if memo.must_fail(&state, lit, 1) {
                    skipped += 1;
                    let mut fresh = Memo::default();
                    assert!(!attempt(&mut search, &mut state, lit, &mut fresh), "{line}: {lit:?}");
                    assert!(!memo.must_fail(&state, lit, 2), "only at the depth it failed at");
                } else {
                    attempt(&mut search, &mut state, lit, &mut memo);
                }
                checked += 1;
            }
        }
        // Not vacuous: on hard puzzles many placements follow from a failed attempt.
        assert!(skipped * 10 > checked, "{skipped} of {checked} skipped");
    }

    #[test]
    fn a_gain_outside_what_the_attempt_derived_voids_the_evidence() {
        let line = include_str!("../../data/9x9/top95.txt").lines().next().expect("a line");
        let mut search = Search::new(Cn::new(RuleSet::SINGLES), None);
        let mut state = stuck_root(&mut search, line).expect("top95's first puzzle needs more");
        let mut memo = Memo::default();
        let candidates = ordered_candidates(&state, None);
        let (lit, derived) = candidates
            .iter()
            .find_map(|&lit| {
                let (frame, placed) = search.open(&mut state, lit);
                let outcome = placed.map(|()| search.cn.run(&mut state, &mut search.trace));
                let placements: Vec<_> = state.since(frame.mark).filter(|l| l.2).collect();
                let found = (outcome == Ok(CnOutcome::Stuck) && placements.len() > 1)
                    .then(|| memo.record(&state, frame.mark, lit, 1))
                    .map(|()| (lit, placements[1]));
                search.abandon(&mut state, frame);
                found
            })
            .expect("an attempt that fails after placing two digits");
        let implied = (derived.0, derived.1);
        assert!(memo.must_fail(&state, lit, 1) && memo.must_fail(&state, implied, 1));
        // Eliminate a candidate the attempt did not: the closure may now reach ⊥.
        let outside = candidates
            .iter()
            .find(|&&(c, d)| c != lit.0 && c != implied.0 && !is_derived(&memo, lit, (c, d)))
            .copied()
            .expect("a candidate outside the attempt");
        state.eliminate(outside.0, outside.1, 0);
        assert!(!memo.must_fail(&state, lit, 1) && !memo.must_fail(&state, implied, 1));
    }

    /// Whether the failure recorded for `lit` derived the elimination `c≠d`.
    fn is_derived(memo: &Memo, lit: (Cell, Digit), (c, d): (Cell, Digit)) -> bool {
        let failure = &memo.failures[memo.evidence[&key(lit, 1)]];
        let packed = crate::state::pack(c, d, false);
        memo.derived[failure.derived.clone()].contains(&packed)
    }
}
