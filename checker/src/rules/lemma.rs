//! Lemma: a refutation proved once and cited wherever its hypotheses hold again.
//!
//! A ⊥ derived under the hypotheses `a₁ … a_m` of nested subproofs proves the clause
//! `¬a₁ ∨ … ∨ ¬a_m` (a *lemma*, as a clause-learning solver learns it). Once those subproofs
//! are closed, the ⊥ is out of every later step's scope, so no other rule may cite it; Lemma
//! may, and the kernel hands it the chain of closed hypotheses around the ⊥ (`Ctx::chain`),
//! from the ⊥'s subproof out to the first subproof still open (or the root). Citing the ⊥ with
//! the hypotheses that hold here resolves the clause against them: sound because the open
//! context around the chain is the citing step's own.

use super::{opposite, Ctx, Premise};
use crate::error::CheckError;
use crate::format::Fact;

/// Lemma: `[b, p₁ … p_k]` with `b` a ⊥ inside closed subproofs of hypotheses `a₁ … a_m`
/// (`m ≥ 1`), each `p_i` one of the `a_j` (usable here, each hypothesis cited once), covering
/// every `a_j` but those equal to one literal `l` ⟹ the opposite of `l`; covering every
/// `a_j` ⟹ ⊥.
pub(super) fn lemma(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    let (bottom, cited) = premises.split_first().ok_or_else(|| ctx.count_error(premises, 1))?;
    check_bottom(ctx, bottom)?;
    let mut hypotheses: Vec<Fact> = ctx.chain.to_vec();
    hypotheses.sort_unstable_by_key(|f| key(*f));
    hypotheses.dedup();
    let mut seen = vec![false; hypotheses.len()];
    for p in cited {
        let at = hypotheses.binary_search_by_key(&key(p.fact), |f| key(*f));
        let k = at.map_err(|_| ctx.wrong_premise(p, "a hypothesis of the lemma's subproofs"))?;
        if std::mem::replace(&mut seen[k], true) {
            let (step, rule, premise, fact) = (ctx.step.id, ctx.step.rule, p.id, p.fact);
            return Err(CheckError::DuplicatePremise { step, rule, premise, fact });
        }
    }
    let mut open = hypotheses.iter().zip(&seen).filter(|(_, &s)| !s).map(|(f, _)| *f);
    let expected = match (open.next(), open.next()) {
        (None, _) => Fact::Bottom,
        (Some(l), None) => opposite(l).unwrap_or(Fact::Bottom),
        (Some(l), Some(m)) => {
            let (step, rule) = (ctx.step.id, ctx.step.rule);
            let missing = if opposite(ctx.step.fact) == Some(l) { m } else { l };
            return Err(CheckError::MissingPremise { step, rule, missing });
        }
    };
    if ctx.step.fact == expected {
        Ok(())
    } else {
        Err(ctx.wrong_fact(expected.to_string()))
    }
}

/// The first premise: a ⊥ with at least one closed subproof around it.
fn check_bottom(ctx: &Ctx, b: &Premise) -> Result<(), CheckError> {
    let fail = |reason: &str| CheckError::LemmaBottom {
        step: ctx.step.id,
        rule: ctx.step.rule,
        premise: b.id,
        reason: reason.to_string(),
    };
    if b.fact != Fact::Bottom {
        return Err(fail("is not ⊥"));
    }
    if ctx.chain.is_empty() {
        return Err(fail("is a ⊥ inside no closed subproof"));
    }
    Ok(())
}

/// A total order on literals, for matching premises against hypotheses.
fn key(fact: Fact) -> (u8, u8, u8, u8) {
    match fact {
        Fact::Place { r, c, d } => (0, r, c, d),
        Fact::Elim { r, c, d } => (1, r, c, d),
        Fact::Bottom => (2, 0, 0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{el, pl, prem, run_lemma, step};
    use super::super::Premise;
    use crate::error::CheckError;
    use crate::format::{Fact, Rule};

    fn bottom(id: u64) -> Premise {
        Premise { id, fact: Fact::Bottom, rule: Rule::Clash, scope: Some(id - 1), open: false }
    }

    const CHAIN: [Fact; 3] = [pl(1, 2, 3), el(2, 2, 4), pl(3, 4, 1)];

    #[test]
    fn lemma_concludes_the_opposite_of_the_one_hypothesis_left() {
        let p = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, pl(3, 4, 1))];
        assert_eq!(run_lemma(step(102, pl(2, 2, 4), Rule::Lemma), &p, &CHAIN), Ok(()));
        let p = [bottom(90), prem(100, el(2, 2, 4)), prem(101, pl(1, 2, 3))];
        assert_eq!(run_lemma(step(102, el(3, 4, 1), Rule::Lemma), &p, &CHAIN), Ok(()));
        let all =
            [bottom(90), prem(100, el(2, 2, 4)), prem(101, pl(1, 2, 3)), prem(5, pl(3, 4, 1))];
        assert_eq!(run_lemma(step(102, Fact::Bottom, Rule::Lemma), &all, &CHAIN), Ok(()));
        let unit = [bottom(90)];
        assert_eq!(run_lemma(step(102, el(1, 1, 1), Rule::Lemma), &unit, &[pl(1, 1, 1)]), Ok(()));
    }

    #[test]
    fn lemma_rejects_each_wrong_variant() {
        let lemma =
            |fact, p: &[Premise], chain: &[Fact]| run_lemma(step(102, fact, Rule::Lemma), p, chain);
        let good = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, pl(3, 4, 1))];
        let wrong = lemma(el(2, 2, 4), &good, &CHAIN);
        assert!(matches!(wrong, Err(CheckError::WrongFact { step: 102, .. })), "{wrong:?}");
        let two_left = lemma(pl(2, 2, 4), &good[..2], &CHAIN);
        assert!(
            matches!(two_left, Err(CheckError::MissingPremise { missing, .. }) if missing == pl(3, 4, 1)),
            "{two_left:?}"
        );
        let stranger = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, pl(4, 4, 1))];
        let r = lemma(pl(2, 2, 4), &stranger, &CHAIN);
        assert!(matches!(r, Err(CheckError::WrongPremise { premise: 101, .. })), "{r:?}");
        let twice = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, pl(1, 2, 3))];
        let r = lemma(pl(2, 2, 4), &twice, &CHAIN);
        assert!(matches!(r, Err(CheckError::DuplicatePremise { premise: 101, .. })), "{r:?}");
        let not_bottom = [Premise { fact: el(1, 1, 1), ..good[0] }, good[1], good[2]];
        let r = lemma(pl(2, 2, 4), &not_bottom, &CHAIN);
        assert!(matches!(r, Err(CheckError::LemmaBottom { premise: 90, .. })), "{r:?}");
        let open = lemma(pl(2, 2, 4), &good, &[]);
        assert!(matches!(open, Err(CheckError::LemmaBottom { premise: 90, .. })), "{open:?}");
        let none = lemma(pl(2, 2, 4), &[], &CHAIN);
        assert!(matches!(none, Err(CheckError::PremiseCount { .. })), "{none:?}");
    }
}
