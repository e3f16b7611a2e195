//! Negation: the rule that discharges an assumption refuted by its subproof.
//!
//! Its premises are not subject to the kernel's generic "usable here" test: they are, by design,
//! an Assume whose subproof is closed and a ⊥ inside it. This rule checks that shape exactly.

use super::{opposite, Ctx, Premise};
use crate::error::CheckError;
use crate::format::Fact;

/// Negation: `[a, b]` with `a` an Assume of a literal `l` in this step's scope whose subproof
/// is closed, and `b` a ⊥ whose scope is exactly `a` ⟹ the opposite of `l` (`c≠d` from `c=d`,
/// `c=d` from `c≠d`).
#[inline(never)]
pub(super) fn negation(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    let [a, b] = premises else {
        return ctx.count(premises, 2);
    };
    let opposite = check_assume(ctx, a)?;
    check_bottom(ctx, a, b)?;
    if ctx.step.fact == opposite {
        Ok(())
    } else {
        Err(ctx.wrong_fact(opposite.to_string()))
    }
}

/// The first premise: an Assume, in this step's scope, already closed; returns the opposite
/// of its literal.
fn check_assume(ctx: &Ctx, a: &Premise) -> Result<Fact, CheckError> {
    let fail = |reason: String| CheckError::NegationAssume {
        step: ctx.step.id,
        rule: ctx.step.rule,
        premise: a.id,
        reason,
    };
    let assumed = opposite(a.fact).filter(|_| a.assume);
    let literal = assumed.ok_or_else(|| fail("is not an Assume step".to_string()))?;
    if a.scope != ctx.step.scope {
        return Err(fail(format!(
            "is an Assume in {}, not in this step's scope",
            scope_name(a.scope)
        )));
    }
    if a.open {
        return Err(fail("is an Assume whose subproof is still open".to_string()));
    }
    Ok(literal)
}

/// The second premise: a ⊥ living directly in the subproof of `a`.
fn check_bottom(ctx: &Ctx, a: &Premise, b: &Premise) -> Result<(), CheckError> {
    let fail = |reason: String| CheckError::NegationBottom {
        step: ctx.step.id,
        rule: ctx.step.rule,
        premise: b.id,
        reason,
    };
    if b.fact != Fact::Bottom {
        return Err(fail(format!("is {}, not ⊥", b.fact)));
    }
    if b.scope != Some(a.id) {
        return Err(fail(format!("is a ⊥ in {}, not in subproof {}", scope_name(b.scope), a.id)));
    }
    Ok(())
}

/// A scope for messages: `the root` or `subproof 40`.
fn scope_name(scope: Option<u64>) -> String {
    scope.map_or_else(|| "the root".to_string(), |s| format!("subproof {s}"))
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{el, pl, run, step};
    use super::super::Premise;
    use crate::error::CheckError;
    use crate::format::{Fact, Rule};

    fn assume(id: u64, fact: Fact, scope: Option<u64>, open: bool) -> Premise {
        Premise { id, fact, assume: true, scope, open }
    }

    fn bottom(id: u64, scope: Option<u64>) -> Premise {
        Premise { id, fact: Fact::Bottom, assume: false, scope, open: false }
    }

    #[test]
    fn negation_accepts_a_refuted_assumption() {
        let p = [assume(40, pl(2, 3, 1), None, false), bottom(60, Some(40))];
        assert_eq!(run(step(61, el(2, 3, 1), Rule::Negation), &p), Ok(()));
        let from_elim = [assume(40, el(2, 3, 1), None, false), bottom(60, Some(40))];
        assert_eq!(run(step(61, pl(2, 3, 1), Rule::Negation), &from_elim), Ok(()));
        let same = run(step(61, el(2, 3, 1), Rule::Negation), &from_elim);
        assert!(matches!(same, Err(CheckError::WrongFact { step: 61, .. })), "{same:?}");
        let mut nested = step(61, el(2, 3, 1), Rule::Negation);
        nested.scope = Some(7);
        let p = [assume(40, pl(2, 3, 1), Some(7), false), bottom(60, Some(40))];
        assert_eq!(run(nested, &p), Ok(()));
    }

    #[test]
    fn negation_rejects_each_wrong_variant() {
        let neg = |fact, p: &[Premise]| run(step(61, fact, Rule::Negation), p);
        let good = [assume(40, pl(2, 3, 1), None, false), bottom(60, Some(40))];
        let wrong_literal = neg(el(2, 3, 2), &good);
        assert!(matches!(wrong_literal, Err(CheckError::WrongFact { step: 61, .. })));
        let swapped = neg(el(2, 3, 1), &[good[1], good[0]]);
        assert!(matches!(swapped, Err(CheckError::NegationAssume { premise: 60, .. })));
        let not_assume = [Premise { assume: false, ..good[0] }, good[1]];
        assert!(matches!(neg(el(2, 3, 1), &not_assume), Err(CheckError::NegationAssume { .. })));
        let open = [assume(40, pl(2, 3, 1), None, true), good[1]];
        assert!(matches!(neg(el(2, 3, 1), &open), Err(CheckError::NegationAssume { .. })));
        let other_scope = [assume(40, pl(2, 3, 1), Some(3), false), good[1]];
        assert!(matches!(neg(el(2, 3, 1), &other_scope), Err(CheckError::NegationAssume { .. })));
        let outside = [good[0], bottom(60, None)];
        let r = neg(el(2, 3, 1), &outside);
        assert!(matches!(r, Err(CheckError::NegationBottom { premise: 60, .. })), "{r:?}");
        let deeper = [good[0], bottom(60, Some(50))];
        assert!(matches!(neg(el(2, 3, 1), &deeper), Err(CheckError::NegationBottom { .. })));
        let not_bottom = [good[0], Premise { fact: el(1, 1, 2), ..good[1] }];
        assert!(matches!(neg(el(2, 3, 1), &not_bottom), Err(CheckError::NegationBottom { .. })));
        let one = neg(el(2, 3, 1), &good[..1]);
        assert!(matches!(one, Err(CheckError::PremiseCount { expected: 2, found: 1, .. })));
    }
}
