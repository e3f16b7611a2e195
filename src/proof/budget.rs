//! A size budget for `Consequences` certificates.
//!
//! A run that stops early (time budget, depth limit) certifies what it derived at the root.
//! After a long depth-first search that can be tens of millions of steps — each root
//! refutation carries its whole search tree (gecode18 25×25 line 6 after 60 s: 29 M steps,
//! a 2.2 GB file, over the checker's input limit). A `Consequences` claim may name any
//! subset of the root facts, so when they need more steps than the budget, the claim keeps
//! the facts in derivation order while their supporting steps fit, and drops the rest: a
//! smaller claim that can be checked rather than a larger one that cannot.

use crate::trace::{StepId, Trace, NONE};

/// Steps a `Consequences` certificate may hold: about 1 GB of RON, well inside the checker's
/// 2 GiB input limit and a few GB of its memory.
pub(crate) const CONSEQUENCES_MAX_STEPS: usize = 5_000_000;

/// The roots kept under a budget of `cap` supporting steps: in derivation order, the
/// longest prefix of `roots` whose steps fit together (all of them when they fit). Stopping
/// at the first root that does not fit keeps the cost within `cap` steps: later facts
/// mostly rest on earlier ones, and trying each would walk the same large proofs again.
pub(crate) fn roots_within(trace: &Trace, roots: &[StepId], cap: usize) -> Vec<StepId> {
    let mut sorted = roots.to_vec();
    sorted.sort_unstable();
    let mut marked = vec![false; trace.len()];
    let (mut count, mut todo) = (0, Vec::new());
    for (k, &root) in sorted.iter().enumerate() {
        todo.push(root);
        while let Some(id) = todo.pop() {
            if std::mem::replace(&mut marked[id as usize], true) {
                continue;
            }
            count += 1;
            if count > cap {
                sorted.truncate(k);
                return sorted;
            }
            todo.extend_from_slice(trace.premises(id));
            let scope = trace.step(id).scope;
            if scope != NONE {
                todo.push(scope);
            }
        }
    }
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit};
    use crate::trace::Conclusion;
    use deduku_check::format::Rule;

    /// A trace of a chain `0 ← 1 ← … ← len-1` (each step cites the one before) plus a step
    /// citing only step 0; returns it with the id of that last step.
    fn chain(len: usize) -> (Trace, StepId) {
        let mut t = Trace::new();
        let fact = |i: usize| Conclusion::elim(Cell::new(0, i % 9, 9), Digit::new(1 + i / 9));
        t.push(Conclusion::place(Cell::new(0, 0, 9), Digit::new(1)), Rule::Given, &[], NONE);
        for i in 1..len {
            t.push(fact(i), Rule::Exclusion, &[i as StepId - 1], NONE);
        }
        let side = t.push(fact(len), Rule::Exclusion, &[0], NONE);
        (t, side)
    }

    #[test]
    fn every_root_is_kept_when_their_steps_fit() {
        let (t, side) = chain(10);
        assert_eq!(roots_within(&t, &[9, side], 11), vec![9, side]);
    }

    #[test]
    fn the_longest_prefix_of_roots_in_derivation_order_that_fits_is_kept() {
        let (t, side) = chain(10);
        // Root 9 needs all ten chain steps; `side` needs itself and step 0.
        assert_eq!(roots_within(&t, &[side, 9], 10), vec![9], "9 first, then side does not fit");
        assert_eq!(roots_within(&t, &[side, 3], 6), vec![3, side], "step 0 is counted once");
        // The first root that does not fit ends the claim.
        assert_eq!(roots_within(&t, &[9, side], 2), Vec::<StepId>::new());
        assert_eq!(roots_within(&t, &[2, 9, side], 5), vec![2]);
    }
}
