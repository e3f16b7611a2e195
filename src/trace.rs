//! The trace: an arena of every step the engine derives, in derivation order.
//!
//! Steps are stored flat (one `TraceStep` each, premises in one shared vector)
//! so the hot loop never allocates per step. Step ids are indices into the
//! arena; a failed assumption is undone by truncating back to a checkpoint.

use crate::grid::{Cell, Digit, Lit};
use deduku_check::format::Rule;

/// Index of a step in the [`Trace`].
pub type StepId = u32;

/// Marks "no step" in justification tables and "root" as a scope.
pub const NONE: StepId = StepId::MAX;

/// What a step concludes, in the engine's types: a literal or ⊥. It becomes the wire
/// format's 1-based `Fact` once, when a certificate is built (`proof::build`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conclusion {
    /// A placement or an elimination.
    Lit(Lit),
    /// ⊥.
    Bottom,
}

impl Conclusion {
    /// The placement `cell=digit`.
    pub fn place(cell: Cell, digit: Digit) -> Conclusion {
        Conclusion::Lit(Lit::place(cell, digit))
    }

    /// The elimination `cell≠digit`.
    pub fn elim(cell: Cell, digit: Digit) -> Conclusion {
        Conclusion::Lit(Lit::elim(cell, digit))
    }
}

/// One derived step: its conclusion, rule, premises and scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// The conclusion.
    pub conclusion: Conclusion,
    /// The rule applied.
    pub rule: Rule,
    /// The step's premises are `premises[start..start + len]` of the trace.
    prem_start: u32,
    prem_len: u32,
    /// The innermost open Assume, or [`NONE`] at the root.
    pub scope: StepId,
}

/// How large a search's trace may grow before the search stops and certifies what it derived
/// (a `Consequences` certificate): steps and premises. Without a bound, a 64×64 grid ran the
/// machine out of memory — by clause learning at 18 GB, by the depth-first search at 17.5 GB
/// in ten minutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most steps.
    pub steps: usize,
    /// The most premises (4 bytes each).
    pub premises: usize,
}

impl Budget {
    /// Twice the checker's `MAX_STEPS` (trimming keeps part of a trace: about 85 % of a
    /// clause-learning one, gecode18 line 10: 72.7 M recorded, 62.3 M in the certificate), and
    /// 2³⁰ premises: 4 GB, far below `u32::MAX`, the trace's premise offsets.
    pub const DEFAULT: Budget = Budget { steps: 2 * deduku_check::MAX_STEPS, premises: 1 << 30 };

    /// Whether `trace` holds more than this budget allows.
    pub fn exceeded_by(self, trace: &Trace) -> bool {
        trace.len() > self.steps || trace.premise_count() > self.premises
    }
}

/// A point to truncate back to.
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    steps: usize,
    premises: usize,
}

impl Checkpoint {
    /// The number of steps before this point.
    pub fn steps(self) -> usize {
        self.steps
    }
}

/// The arena of derived steps.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    steps: Vec<TraceStep>,
    premises: Vec<StepId>,
    pushed: u64,
    /// The new ids of [`Trace::compact`], kept between calls: a deep search compacts
    /// large subproofs often, and a fresh buffer each time cost more in zeroed pages
    /// than the compaction itself.
    renumber: Vec<StepId>,
}

impl Trace {
    /// An empty trace.
    pub fn new() -> Trace {
        Trace::default()
    }

    /// How many steps fit without regrowing.
    pub fn capacity(&self) -> usize {
        self.steps.capacity()
    }

    /// Make room for about `steps` more steps, so the hot loop does not regrow.
    pub fn reserve(&mut self, steps: usize) {
        self.steps.reserve(steps);
        self.premises.reserve(steps * 3);
    }

    /// Append a step whose premises are `premises`; returns its id.
    pub fn push(
        &mut self,
        conclusion: Conclusion,
        rule: Rule,
        premises: &[StepId],
        scope: StepId,
    ) -> StepId {
        let id = self.steps.len() as StepId;
        self.pushed += 1;
        let prem_start = self.premises.len() as u32;
        self.premises.extend_from_slice(premises);
        let prem_len = premises.len() as u32;
        self.steps.push(TraceStep { conclusion, rule, prem_start, prem_len, scope });
        id
    }

    /// The number of premises of all steps.
    pub fn premise_count(&self) -> usize {
        self.premises.len()
    }

    /// The step with id `id`.
    pub fn step(&self, id: StepId) -> &TraceStep {
        &self.steps[id as usize]
    }

    /// The premises of step `id`.
    pub fn premises(&self, id: StepId) -> &[StepId] {
        let s = &self.steps[id as usize];
        &self.premises[s.prem_start as usize..(s.prem_start + s.prem_len) as usize]
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Steps ever pushed, including those later truncated (failed assumptions).
    pub fn pushed(&self) -> u64 {
        self.pushed
    }

    /// Whether the trace has no step.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The current end, to come back to with [`Trace::truncate`].
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint { steps: self.steps.len(), premises: self.premises.len() }
    }

    /// Forget every step after `cp` (a failed assumption leaves nothing behind).
    pub fn truncate(&mut self, cp: Checkpoint) {
        self.steps.truncate(cp.steps);
        self.premises.truncate(cp.premises);
    }

    /// Keep, of the steps after `cp`, only those that `roots` (steps after `cp`)
    /// need, transitively through premises and scopes; renumber them densely and
    /// write the new id of each root into `roots`.
    ///
    /// Used when a subproof closes: its steps can only be cited from inside it,
    /// so what its ⊥ does not need can never be needed (the certificate would trim
    /// it anyway), and a deep search then holds only the proof it keeps.
    pub fn compact(&mut self, cp: Checkpoint, roots: &mut [StepId]) {
        let start = cp.steps;
        let mut new_id = std::mem::take(&mut self.renumber);
        new_id.clear();
        new_id.resize(self.steps.len() - start, NONE);
        for &r in roots.iter() {
            new_id[r as usize - start] = 0;
        }
        for id in (start..self.steps.len()).rev() {
            if new_id[id - start] == NONE {
                continue;
            }
            let s = self.steps[id];
            let own = &self.premises[s.prem_start as usize..(s.prem_start + s.prem_len) as usize];
            for &p in own.iter().chain([&s.scope]) {
                if p != NONE && p as usize >= start {
                    new_id[p as usize - start] = 0;
                }
            }
        }
        self.rewrite_kept(cp, &mut new_id);
        for r in roots.iter_mut() {
            *r = new_id[*r as usize - start];
        }
        self.renumber = new_id;
    }

    /// Move the steps after `cp` marked in `new_id` (non-[`NONE`]) down, in order,
    /// setting each mark to the step's new id and remapping premises and scopes.
    fn rewrite_kept(&mut self, cp: Checkpoint, new_id: &mut [StepId]) {
        let (start, mut next_prem) = (cp.steps, cp.premises);
        let remap = |p: StepId, new_id: &[StepId]| {
            if p != NONE && p as usize >= start {
                new_id[p as usize - start]
            } else {
                p
            }
        };
        let mut kept = start;
        for id in start..self.steps.len() {
            if new_id[id - start] == NONE {
                continue;
            }
            new_id[id - start] = kept as StepId;
            let mut s = self.steps[id];
            let first = next_prem;
            for k in s.prem_start..s.prem_start + s.prem_len {
                self.premises[next_prem] = remap(self.premises[k as usize], new_id);
                next_prem += 1;
            }
            s.prem_start = first as u32;
            s.scope = remap(s.scope, new_id);
            self.steps[kept] = s;
            kept += 1;
        }
        self.steps.truncate(kept);
        self.premises.truncate(next_prem);
    }

    /// Forget everything, keeping the allocations (`solve` keeps a trace per thread).
    pub fn clear(&mut self) {
        self.steps.clear();
        self.premises.clear();
        self.pushed = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_and_truncate() {
        let mut t = Trace::new();
        let a =
            t.push(Conclusion::place(Cell::new(0, 0, 4), Digit::new(1)), Rule::Given, &[], NONE);
        let cp = t.checkpoint();
        let b = t.push(
            Conclusion::elim(Cell::new(0, 1, 4), Digit::new(1)),
            Rule::Exclusion,
            &[a],
            NONE,
        );
        assert_eq!(t.premises(b), &[a]);
        t.truncate(cp);
        assert_eq!(t.len(), 1);
        assert!(t.premises(a).is_empty());
    }

    #[test]
    fn compact_keeps_what_the_roots_need_and_renumbers() {
        let mut t = Trace::new();
        let g =
            t.push(Conclusion::place(Cell::new(0, 0, 4), Digit::new(1)), Rule::Given, &[], NONE);
        let cp = t.checkpoint();
        let a =
            t.push(Conclusion::place(Cell::new(1, 1, 4), Digit::new(1)), Rule::Assume, &[], NONE);
        let unused =
            t.push(Conclusion::elim(Cell::new(1, 2, 4), Digit::new(1)), Rule::Exclusion, &[a], a);
        let e =
            t.push(Conclusion::elim(Cell::new(0, 1, 4), Digit::new(1)), Rule::Exclusion, &[g], a);
        let b = t.push(Conclusion::Bottom, Rule::Clash, &[a, e], a);
        assert_eq!(t.premises(unused), &[a]);
        let mut roots = [a, b];
        t.compact(cp, &mut roots);
        assert_eq!(t.len(), 4);
        assert_eq!(roots, [1, 3]);
        assert_eq!(t.premises(2), &[g]);
        assert_eq!(t.step(2).scope, 1);
        assert_eq!(t.premises(3), &[1, 2]);
    }
}
