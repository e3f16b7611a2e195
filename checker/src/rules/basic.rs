//! Given, Exclusion and Assume: the rules with no premise or a single one.

use super::{as_place, opposite, Ctx, Premise};
use crate::error::CheckError;
use crate::notation::show_value;

/// Given: no premises, root scope ⟹ `c=d` where the puzzle has `d` at `c`.
pub(super) fn given(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    ctx.count(premises, 0)?;
    if ctx.step.scope.is_some() {
        return Err(CheckError::GivenInSubproof { step: ctx.step.id, rule: ctx.step.rule });
    }
    let (cell, d) = ctx.place()?;
    let clue = ctx.puzzle.get(ctx.geo, cell);
    if clue == d {
        Ok(())
    } else {
        Err(ctx.wrong_fact(format!("a clue of the puzzle ({cell} is {})", show_value(clue))))
    }
}

/// Exclusion: `c=d` ⟹ `c'≠d` for a peer `c'` of `c`, or `c≠d'` for `d'≠d`.
#[inline(never)]
pub(super) fn exclusion(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    ctx.count(premises, 1)?;
    let (elim_cell, elim_d) = ctx.elim()?;
    let p = premises.first().ok_or_else(|| ctx.wrong_fact("an elimination"))?;
    let (cell, d) = as_place(p.fact).ok_or_else(|| ctx.wrong_premise(p, "a placement"))?;
    let other_digit = elim_cell == cell && elim_d != d;
    let peer = elim_d == d && ctx.geo.are_peers(cell, elim_cell);
    if other_digit || peer {
        Ok(())
    } else {
        let expected =
            format!("an elimination of {d} in a peer of {cell}, or of another digit in {cell}");
        Err(ctx.wrong_fact(expected))
    }
}

/// Assume: no premises ⟹ a literal `c=d` or `c≠d`, holding only inside the subproof the
/// step opens.
#[inline(never)]
pub(super) fn assume(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    ctx.count(premises, 0)?;
    match opposite(ctx.step.fact) {
        Some(_) => Ok(()),
        None => Err(ctx.wrong_fact("a placement or an elimination")),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{el, pl, prems, run, step};
    use crate::error::CheckError;
    use crate::format::{Fact, Rule};

    #[test]
    fn given_accepts_a_clue_and_rejects_everything_else() {
        assert_eq!(run(step(0, pl(2, 3, 4), Rule::Given), &[]), Ok(()));
        let wrong_digit = run(step(0, pl(2, 3, 3), Rule::Given), &[]);
        assert!(
            matches!(wrong_digit, Err(CheckError::WrongFact { step: 0, .. })),
            "{wrong_digit:?}"
        );
        let blank = run(step(0, pl(1, 2, 3), Rule::Given), &[]);
        assert!(matches!(blank, Err(CheckError::WrongFact { .. })), "{blank:?}");
        let elim = run(step(0, el(1, 1, 2), Rule::Given), &[]);
        assert!(matches!(elim, Err(CheckError::WrongFact { .. })), "{elim:?}");
        let premised = run(step(1, pl(1, 1, 1), Rule::Given), &prems(0, &[pl(1, 1, 1)]));
        assert!(matches!(premised, Err(CheckError::PremiseCount { expected: 0, found: 1, .. })));
        let mut inside = step(5, pl(1, 1, 1), Rule::Given);
        inside.scope = Some(4);
        assert_eq!(
            run(inside, &[]),
            Err(CheckError::GivenInSubproof { step: 5, rule: Rule::Given })
        );
    }

    #[test]
    fn exclusion_accepts_peers_and_other_digits() {
        let p = prems(0, &[pl(1, 1, 1)]);
        for fact in [el(1, 4, 1), el(3, 1, 1), el(2, 2, 1), el(1, 1, 3)] {
            assert_eq!(run(step(1, fact, Rule::Exclusion), &p), Ok(()), "{fact}");
        }
    }

    #[test]
    fn exclusion_rejects_each_wrong_variant() {
        let p = prems(0, &[pl(1, 1, 1)]);
        for fact in [el(3, 3, 1), el(1, 1, 1), el(1, 2, 2)] {
            let r = run(step(1, fact, Rule::Exclusion), &p);
            assert!(matches!(r, Err(CheckError::WrongFact { step: 1, .. })), "{fact}: {r:?}");
        }
        let place = run(step(1, pl(1, 2, 2), Rule::Exclusion), &p);
        assert!(matches!(place, Err(CheckError::WrongFact { .. })), "{place:?}");
        let bottom = run(step(1, Fact::Bottom, Rule::Exclusion), &p);
        assert!(matches!(bottom, Err(CheckError::WrongFact { .. })), "{bottom:?}");
        let from_elim = run(step(1, el(1, 2, 1), Rule::Exclusion), &prems(0, &[el(1, 1, 1)]));
        assert!(matches!(from_elim, Err(CheckError::WrongPremise { premise: 0, .. })));
        let two = prems(0, &[pl(1, 1, 1), pl(1, 1, 1)]);
        let r = run(step(2, el(1, 2, 1), Rule::Exclusion), &two);
        assert!(matches!(r, Err(CheckError::PremiseCount { expected: 1, found: 2, .. })));
        let none = run(step(2, el(1, 2, 1), Rule::Exclusion), &[]);
        assert!(matches!(none, Err(CheckError::PremiseCount { expected: 1, found: 0, .. })));
    }

    #[test]
    fn assume_takes_a_literal_and_no_premises() {
        assert_eq!(run(step(3, pl(4, 4, 2), Rule::Assume), &[]), Ok(()));
        assert_eq!(run(step(3, el(4, 4, 2), Rule::Assume), &[]), Ok(()));
        let bottom = run(step(3, Fact::Bottom, Rule::Assume), &[]);
        assert!(matches!(bottom, Err(CheckError::WrongFact { .. })), "{bottom:?}");
        let premised = run(step(3, pl(4, 4, 2), Rule::Assume), &prems(0, &[pl(1, 1, 1)]));
        assert!(matches!(premised, Err(CheckError::PremiseCount { .. })), "{premised:?}");
    }
}
