//! Composition: `Cn_B ∘ Cn_A` runs `A` to its own fixpoint, then `B` to its own fixpoint
//! (one pass each); commutation asks whether that equals `Cn_A ∘ Cn_B`.

use super::runner::Run;
use super::schedule::{RuleKind, Schedule};
use super::Counterexample;
use crate::grid::Grid;
use crate::rules::RuleSet;

/// `Cn_second(Cn_first(givens))`, each pass under its canonical priority schedule (by
/// confluence any fair schedule gives the same pass result).
pub fn composed(givens: &Grid, first: RuleSet, second: RuleSet) -> Run {
    let mut run = Run::start(givens);
    for set in [first, second] {
        let kinds = RuleKind::of(set);
        run.saturate(&kinds, &Schedule::Priority(kinds.clone()));
    }
    run
}

/// A counterexample to `Cn_A ∘ Cn_B = Cn_B ∘ Cn_A` at `givens`, or `None` if they agree.
/// The first side is `Cn_A ∘ Cn_B` (B runs first).
pub fn compose_difference(givens: &Grid, a: RuleSet, b: RuleSet) -> Option<Counterexample> {
    let ab = composed(givens, b, a);
    let ba = composed(givens, a, b);
    Counterexample::of(&ab, &ba, format!("Cn_{a}∘Cn_{b}"), format!("Cn_{b}∘Cn_{a}"))
}
