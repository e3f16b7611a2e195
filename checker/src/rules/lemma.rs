//! Lemma: a refutation proved once and cited wherever its hypotheses hold again.
//!
//! A ⊥ derived under the hypotheses `a₁ … a_m` of nested subproofs proves the clause
//! `¬a₁ ∨ … ∨ ¬a_m` (a *lemma*, as a clause-learning solver learns it). Once those subproofs
//! are closed, the ⊥ is out of every later step's scope, so no other rule may cite it; Lemma
//! may, and the kernel hands it the chain of closed hypotheses around the ⊥ (`Ctx::chain`),
//! from the ⊥'s subproof out to the first subproof still open (or the root). Citing the ⊥ with
//! the hypotheses that hold here resolves the clause against them: sound because the open
//! context around the chain is the citing step's own.

use super::{as_elim, as_place, opposite, Ctx, Premise};
use crate::error::CheckError;
use crate::format::Fact;
use crate::geometry::Geometry;
use crate::notation::CellRef;

/// Lemma: `[b, p₁ … p_k]` with `b` a ⊥ inside closed subproofs of hypotheses `a₁ … a_m`
/// (`m ≥ 1`), each `p_i` (usable here) stating one of the `a_j` (an elimination at most once)
/// or implying some (a placement implies eliminations: see [`super::implies`]; a placement that
/// is an `a_j` does both), covering every `a_j` but those equal to one literal `l` ⟹ the
/// opposite of `l`; covering every `a_j` ⟹ ⊥. What a placement implies never covers the
/// opposite of the step's own conclusion (as in the singles, a placement in the concluded
/// cell does not count): a step `l` from a lemma whose other hypotheses hold is sound whether
/// or not `¬l` holds too, and a clause-learning solver writes such steps when it propagates
/// `l` before the placement's exclusions.
#[inline(never)]
pub(super) fn lemma(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    let (bottom, cited) = premises.split_first().ok_or_else(|| ctx.count_error(premises, 1))?;
    check_bottom(ctx, bottom)?;
    let mut hypotheses: Vec<Fact> = ctx.chain.to_vec();
    hypotheses.sort_unstable_by_key(|f| key(*f));
    hypotheses.dedup();
    let mut seen = vec![false; hypotheses.len()];
    let mut placements = Vec::new();
    for p in cited {
        let stated = hypotheses.binary_search_by_key(&key(p.fact), |f| key(*f)).ok();
        if let Some(k) = stated {
            // A placement may be cited again for the other eliminations it implies.
            if std::mem::replace(&mut seen[k], true) && as_elim(p.fact).is_some() {
                let (step, rule, premise, fact) = (ctx.step.id, ctx.step.rule, p.id, p.fact);
                return Err(CheckError::DuplicatePremise { step, rule, premise, fact });
            }
        }
        match (stated, as_place(p.fact)) {
            (_, Some(_)) => placements.push((p, stated.is_some())),
            (Some(_), None) => {}
            (None, None) => {
                return Err(ctx.wrong_premise(p, "a hypothesis of the lemma's subproofs"))
            }
        }
    }
    if !placements.is_empty() {
        let index = ElimIndex::new(ctx.geo, &hypotheses);
        let target = opposite(ctx.step.fact)
            .and_then(|t| hypotheses.binary_search_by_key(&key(t), |f| key(*f)).ok());
        let mut marks = Marks { seen: &mut seen, target };
        for (p, stated) in placements {
            if !index.mark_implied(ctx.geo, p.fact, &hypotheses, &mut marks) && !stated {
                let expected = "a hypothesis of the lemma's subproofs, or a placement implying one";
                return Err(ctx.wrong_premise(p, expected));
            }
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

/// The elimination hypotheses by unit and digit, so that the ones a placement implies in its
/// peers are found without a scan: a lemma may cite hundreds of placements.
struct ElimIndex {
    /// `(unit, digit, hypothesis index)`, sorted; units numbered rows, columns, boxes.
    by_unit: Vec<(usize, u8, usize)>,
}

impl ElimIndex {
    fn new(geo: &Geometry, hypotheses: &[Fact]) -> ElimIndex {
        let mut by_unit = Vec::new();
        for (k, &h) in hypotheses.iter().enumerate() {
            if let Some((cell, d)) = as_elim(h) {
                by_unit.extend(units(geo, cell).map(|u| (u, d, k)));
            }
        }
        by_unit.sort_unstable();
        ElimIndex { by_unit }
    }

    /// Marks every elimination hypothesis `fact` (a placement `c=d`) implies: `c≠e` for
    /// `e≠d`, and `c'≠d` for peers `c'`. Whether it implies any.
    fn mark_implied(&self, geo: &Geometry, fact: Fact, hyps: &[Fact], marks: &mut Marks) -> bool {
        let Some((cell, d)) = as_place(fact) else { return false };
        let mut any = false;
        let from = hyps.partition_point(|&h| key(h) < (1, cell.r, cell.c, 0));
        let upto = hyps.partition_point(|&h| key(h) <= (1, cell.r, cell.c, u8::MAX));
        for k in from..upto {
            if hyps.get(k).and_then(|&h| as_elim(h)).is_some_and(|(_, e)| e != d) {
                any |= marks.mark(k);
            }
        }
        for u in units(geo, cell) {
            let start = self.by_unit.partition_point(|&(v, e, _)| (v, e) < (u, d));
            for &(_, _, k) in
                self.by_unit.iter().skip(start).take_while(|&&(v, e, _)| (v, e) == (u, d))
            {
                let peer = hyps.get(k).and_then(|&h| as_elim(h)).is_some_and(|(c, _)| c != cell);
                if peer {
                    any |= marks.mark(k);
                }
            }
        }
        any
    }
}

/// The covered hypotheses, as placements mark them.
struct Marks<'a> {
    /// Per hypothesis, whether a premise covers it.
    seen: &'a mut [bool],
    /// The hypothesis opposite to the step's conclusion, if any: no placement covers it.
    target: Option<usize>,
}

impl Marks<'_> {
    /// Covers hypothesis `k` unless it is the target; true (the placement implies it).
    fn mark(&mut self, k: usize) -> bool {
        if let Some(s) = self.seen.get_mut(k).filter(|_| self.target != Some(k)) {
            *s = true;
        }
        true
    }
}

/// The three units of `cell`, numbered rows `0..N`, columns `N..2N`, boxes `2N..3N`.
fn units(geo: &Geometry, cell: CellRef) -> impl Iterator<Item = usize> {
    let side = usize::from(geo.side());
    let (r, c, b) = (usize::from(cell.r), usize::from(cell.c), usize::from(geo.box_of(cell)));
    [r, side + c, 2 * side + b].into_iter()
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
        Premise { id, fact: Fact::Bottom, assume: false, scope: Some(id - 1), open: false }
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
    fn a_placement_implying_the_concluded_hypothesis_leaves_it_open() {
        // r2c2=5 implies r2c2≠4, the hypothesis the step concludes against: the conclusion
        // r2c2=4 still follows from the other two (a clash at r2c2 comes later), and so does ⊥.
        let p = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, pl(3, 4, 1)), prem(7, pl(2, 2, 5))];
        assert_eq!(run_lemma(step(102, pl(2, 2, 4), Rule::Lemma), &p, &CHAIN), Ok(()));
        assert_eq!(run_lemma(step(102, Fact::Bottom, Rule::Lemma), &p, &CHAIN), Ok(()));
        // Stated, not implied, it is covered: only ⊥ follows.
        let p = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, pl(3, 4, 1)), prem(7, el(2, 2, 4))];
        let r = run_lemma(step(102, pl(2, 2, 4), Rule::Lemma), &p, &CHAIN);
        assert!(matches!(r, Err(CheckError::WrongFact { step: 102, .. })), "{r:?}");
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
        let twice = [bottom(90), prem(100, el(2, 2, 4)), prem(101, el(2, 2, 4))];
        let r = lemma(pl(3, 4, 1), &twice, &CHAIN);
        assert!(matches!(r, Err(CheckError::DuplicatePremise { premise: 101, .. })), "{r:?}");
        let not_bottom = [Premise { fact: el(1, 1, 1), ..good[0] }, good[1], good[2]];
        let r = lemma(pl(2, 2, 4), &not_bottom, &CHAIN);
        assert!(matches!(r, Err(CheckError::LemmaBottom { premise: 90, .. })), "{r:?}");
        let open = lemma(pl(2, 2, 4), &good, &[]);
        assert!(matches!(open, Err(CheckError::LemmaBottom { premise: 90, .. })), "{open:?}");
        let none = lemma(pl(2, 2, 4), &[], &CHAIN);
        assert!(matches!(none, Err(CheckError::PremiseCount { .. })), "{none:?}");
    }

    #[test]
    fn lemma_takes_placements_that_imply_its_elimination_hypotheses() {
        let lemma =
            |fact, p: &[Premise], chain: &[Fact]| run_lemma(step(102, fact, Rule::Lemma), p, chain);
        // r2c2≠4 follows from r2c4=4 (row) or from r2c2=1 (the cell holds another digit).
        for by in [pl(2, 4, 4), pl(2, 2, 1), pl(1, 1, 4)] {
            let p = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, by)];
            assert_eq!(lemma(el(3, 4, 1), &p, &CHAIN), Ok(()), "{by}");
        }
        // One placement implying two eliminations of the chain.
        let chain = [el(1, 1, 2), el(1, 3, 2), pl(4, 4, 3)];
        let p = [bottom(90), prem(100, pl(1, 4, 2))];
        assert_eq!(lemma(el(4, 4, 3), &p, &chain), Ok(()));
        let p = [bottom(90), prem(100, pl(1, 4, 2)), prem(101, pl(4, 4, 3))];
        assert_eq!(lemma(Fact::Bottom, &p, &chain), Ok(()));
        // Implying nothing, or only its own elimination's opposite, is refused.
        let p = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, pl(4, 4, 4))];
        let r = lemma(el(3, 4, 1), &p, &CHAIN);
        assert!(matches!(r, Err(CheckError::WrongPremise { premise: 101, .. })), "{r:?}");
        let p = [bottom(90), prem(100, pl(1, 2, 3)), prem(101, pl(2, 2, 4))];
        let r = lemma(el(3, 4, 1), &p, &CHAIN);
        assert!(matches!(r, Err(CheckError::WrongPremise { premise: 101, .. })), "{r:?}");
        // An implied hypothesis still leaves the others to cover.
        let p = [bottom(90), prem(101, pl(2, 4, 4))];
        let r = lemma(el(3, 4, 1), &p, &CHAIN);
        assert!(matches!(r, Err(CheckError::MissingPremise { .. })), "{r:?}");
    }

    #[test]
    fn a_placement_hypothesis_also_covers_the_eliminations_it_implies() {
        // r1c1=2 is a hypothesis and implies the hypothesis r1c3≠2 (row).
        let chain = [pl(1, 1, 2), el(1, 3, 2), el(4, 4, 3)];
        let p = [bottom(90), prem(100, pl(1, 1, 2))];
        let r = run_lemma(step(102, pl(4, 4, 3), Rule::Lemma), &p, &chain);
        assert_eq!(r, Ok(()));
    }
}
