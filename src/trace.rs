//! The trace: an arena of every step the engine derives, in derivation order.
//!
//! Steps are stored flat (one `TraceStep` each, premises in one shared vector)
//! so the hot loop never allocates per step. Step ids are indices into the
//! arena; a failed assumption is undone by truncating back to a checkpoint.

use deduku_check::format::{Fact, Rule};

/// Index of a step in the [`Trace`].
pub type StepId = u32;

/// Marks "no step" in justification tables and "root" as a scope.
pub const NONE: StepId = StepId::MAX;

/// One derived step: its conclusion, rule, premises and scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// The conclusion.
    pub fact: Fact,
    /// The rule applied.
    pub rule: Rule,
    /// The step's premises are `premises[start..start + len]` of the trace.
    prem_start: u32,
    prem_len: u32,
    /// The innermost open Assume, or [`NONE`] at the root.
    pub scope: StepId,
}

/// A point to truncate back to.
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    steps: usize,
    premises: usize,
}

/// The arena of derived steps.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    steps: Vec<TraceStep>,
    premises: Vec<StepId>,
    pushed: u64,
}

impl Trace {
    /// An empty trace.
    pub fn new() -> Trace {
        Trace::default()
    }

    /// Make room for about `steps` more steps, so the hot loop does not regrow.
    pub fn reserve(&mut self, steps: usize) {
        self.steps.reserve(steps);
        self.premises.reserve(steps * 3);
    }

    /// Append a step whose premises are `premises`; returns its id.
    pub fn push(&mut self, fact: Fact, rule: Rule, premises: &[StepId], scope: StepId) -> StepId {
        let id = self.steps.len() as StepId;
        self.pushed += 1;
        let prem_start = self.premises.len() as u32;
        self.premises.extend_from_slice(premises);
        let prem_len = premises.len() as u32;
        self.steps.push(TraceStep { fact, rule, prem_start, prem_len, scope });
        id
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

    /// Forget everything, keeping the allocations (batch mode reuses traces).
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
        let a = t.push(Fact::Place { r: 1, c: 1, d: 1 }, Rule::Given, &[], NONE);
        let cp = t.checkpoint();
        let b = t.push(Fact::Elim { r: 1, c: 2, d: 1 }, Rule::Exclusion, &[a], NONE);
        assert_eq!(t.premises(b), &[a]);
        t.truncate(cp);
        assert_eq!(t.len(), 1);
        assert!(t.premises(a).is_empty());
    }
}
