//! EmptyCell, NoPlace and Clash: the rules that conclude ⊥.

use super::{as_elim, as_place, Ctx, Premise};
use crate::error::CheckError;
use crate::format::Unit;

/// EmptyCell: `c≠d` for all `N` digits `d` of one cell `c` ⟹ ⊥.
pub(super) fn empty_cell(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    ctx.bottom()?;
    let first = premises.first().ok_or_else(|| no_premises(ctx))?;
    let (cell, _) =
        as_elim(first.fact).ok_or_else(|| ctx.wrong_premise(first, "an elimination"))?;
    let slot = |fact| as_elim(fact).filter(|&(c, _)| c == cell).map(|(_, d)| d.saturating_sub(1));
    let want = |k: u8| cell.elim(k + 1);
    ctx.exact_set(premises, 0, slot, want, || format!("an elimination in {cell}"))
}

/// NoPlace(u): `c≠d` for all `N` cells `c` of `u`, one digit `d` ⟹ ⊥.
pub(super) fn no_place(ctx: &Ctx, premises: &[Premise], unit: Unit) -> Result<(), CheckError> {
    ctx.unit(unit)?;
    ctx.bottom()?;
    let geo = ctx.geo;
    let first = premises.first().ok_or_else(|| no_premises(ctx))?;
    let fits = as_elim(first.fact).filter(|&(c, _)| geo.position_in(unit, c).is_some());
    let (_, d) =
        fits.ok_or_else(|| ctx.wrong_premise(first, format!("an elimination in {unit}")))?;
    let slot =
        |fact| as_elim(fact).filter(|&(_, e)| e == d).and_then(|(c, _)| geo.position_in(unit, c));
    let want = |k| geo.cell_at(unit, k).elim(d);
    ctx.exact_set(premises, 0, slot, want, || format!("an elimination of {d} in {unit}"))
}

/// Clash: `c=d` and `c≠d`, in either order ⟹ ⊥.
pub(super) fn clash(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    ctx.bottom()?;
    ctx.count(premises, 2)?;
    let (a, b) = match premises {
        [a, b] if as_place(b.fact).is_some() => (b, a),
        [a, b] => (a, b),
        _ => return Err(no_premises(ctx)),
    };
    let (cell, d) = as_place(a.fact).ok_or_else(|| ctx.wrong_premise(a, "a placement"))?;
    if as_elim(b.fact) == Some((cell, d)) {
        Ok(())
    } else {
        Err(ctx.wrong_premise(b, cell.elim(d).to_string()))
    }
}

/// The error for a set-pattern rule given no premises at all.
fn no_premises(ctx: &Ctx) -> CheckError {
    let (step, rule) = (ctx.step.id, ctx.step.rule);
    let expected = usize::from(ctx.geo.side());
    CheckError::PremiseCount { step, rule, expected, found: 0 }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{el, pl, prems, run, step};
    use crate::error::CheckError;
    use crate::format::{Fact, Rule, Unit};

    #[test]
    fn empty_cell_accepts_all_digits_in_any_order() {
        let p = prems(1, &[el(4, 4, 2), el(4, 4, 4), el(4, 4, 1), el(4, 4, 3)]);
        assert_eq!(run(step(5, Fact::Bottom, Rule::EmptyCell), &p), Ok(()));
    }

    #[test]
    fn empty_cell_rejects_each_wrong_variant() {
        let ec = |fact, facts: &[Fact]| run(step(5, fact, Rule::EmptyCell), &prems(1, facts));
        let full = [el(4, 4, 1), el(4, 4, 2), el(4, 4, 3), el(4, 4, 4)];
        assert!(matches!(ec(el(4, 4, 1), &full), Err(CheckError::WrongFact { .. })));
        assert!(matches!(ec(Fact::Bottom, &[]), Err(CheckError::PremiseCount { found: 0, .. })));
        let missing = ec(Fact::Bottom, &full[..3]);
        assert!(
            matches!(missing, Err(CheckError::MissingPremise { missing, .. }) if missing == el(4, 4, 4))
        );
        let other = ec(Fact::Bottom, &[el(4, 4, 1), el(4, 4, 2), el(4, 3, 3), el(4, 4, 4)]);
        assert!(matches!(other, Err(CheckError::WrongPremise { premise: 3, .. })), "{other:?}");
        let dup = ec(Fact::Bottom, &[el(4, 4, 1), el(4, 4, 2), el(4, 4, 2), el(4, 4, 4)]);
        assert!(matches!(dup, Err(CheckError::DuplicatePremise { premise: 3, .. })), "{dup:?}");
        let place_first = ec(Fact::Bottom, &[pl(4, 4, 1), el(4, 4, 2), el(4, 4, 3), el(4, 4, 4)]);
        assert!(matches!(place_first, Err(CheckError::WrongPremise { premise: 1, .. })));
    }

    #[test]
    fn no_place_accepts_every_cell_of_the_unit() {
        let p = prems(1, &[el(3, 4, 2), el(3, 3, 2), el(4, 3, 2), el(4, 4, 2)]);
        assert_eq!(run(step(5, Fact::Bottom, Rule::NoPlace(Unit::Box(4))), &p), Ok(()));
    }

    #[test]
    fn no_place_rejects_each_wrong_variant() {
        let np = |unit, facts: &[Fact]| {
            run(step(5, Fact::Bottom, Rule::NoPlace(unit)), &prems(1, facts))
        };
        let row = [el(1, 1, 2), el(1, 2, 2), el(1, 3, 2), el(1, 4, 2)];
        assert_eq!(np(Unit::Row(1), &row), Ok(()));
        assert!(matches!(np(Unit::Row(2), &row), Err(CheckError::WrongPremise { premise: 1, .. })));
        assert!(matches!(np(Unit::Col(9), &row), Err(CheckError::UnitOutOfRange { .. })));
        let mixed = np(Unit::Row(1), &[el(1, 1, 2), el(1, 2, 3), el(1, 3, 2), el(1, 4, 2)]);
        assert!(matches!(mixed, Err(CheckError::WrongPremise { premise: 2, .. })), "{mixed:?}");
        let missing = np(Unit::Row(1), &row[1..]);
        assert!(
            matches!(missing, Err(CheckError::MissingPremise { missing, .. }) if missing == el(1, 1, 2))
        );
        let dup = np(Unit::Row(1), &[el(1, 1, 2), el(1, 1, 2), el(1, 3, 2), el(1, 4, 2)]);
        assert!(matches!(dup, Err(CheckError::DuplicatePremise { premise: 2, .. })), "{dup:?}");
        let placed = run(step(5, pl(1, 1, 2), Rule::NoPlace(Unit::Row(1))), &prems(1, &row));
        assert!(matches!(placed, Err(CheckError::WrongFact { .. })), "{placed:?}");
    }

    #[test]
    fn clash_accepts_either_order_and_rejects_mismatches() {
        let cl = |facts: &[Fact]| run(step(5, Fact::Bottom, Rule::Clash), &prems(1, facts));
        assert_eq!(cl(&[pl(2, 2, 3), el(2, 2, 3)]), Ok(()));
        assert_eq!(cl(&[el(2, 2, 3), pl(2, 2, 3)]), Ok(()));
        assert!(matches!(
            cl(&[pl(2, 2, 3), el(2, 2, 4)]),
            Err(CheckError::WrongPremise { premise: 2, .. })
        ));
        assert!(matches!(
            cl(&[el(2, 2, 3), el(2, 2, 3)]),
            Err(CheckError::WrongPremise { premise: 1, .. })
        ));
        assert!(matches!(
            cl(&[pl(2, 2, 3), pl(2, 2, 3)]),
            Err(CheckError::WrongPremise { premise: 1, .. })
        ));
        assert!(matches!(
            cl(&[pl(2, 2, 3)]),
            Err(CheckError::PremiseCount { expected: 2, found: 1, .. })
        ));
        let placed = run(step(5, el(2, 2, 3), Rule::Clash), &prems(1, &[pl(2, 2, 3), el(2, 2, 3)]));
        assert!(matches!(placed, Err(CheckError::WrongFact { .. })), "{placed:?}");
    }
}
