//! EmptyCell, NoPlace and Clash: the rules that conclude ⊥. Where they need an elimination, a
//! placement implying it may stand for it (see [`super::implies`]); the first premise of
//! EmptyCell and NoPlace must still be an elimination, since it names the cell or the digit.

use super::cover::Wanted;
use super::{as_elim, as_place, implies, Ctx, Premise};
use crate::error::CheckError;
use crate::format::Unit;

/// EmptyCell: `c≠d` for all `N` digits `d` of one cell `c` ⟹ ⊥; the first premise an
/// elimination in `c`, the others eliminations or placements implying them.
#[inline(never)]
pub(super) fn empty_cell(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    ctx.bottom()?;
    let first = premises.first().ok_or_else(|| no_premises(ctx))?;
    let (cell, _) =
        as_elim(first.fact).ok_or_else(|| ctx.wrong_premise(first, "an elimination"))?;
    let describe = || format!("an elimination in {cell}, or a placement implying one");
    ctx.cover_set(premises, Wanted::Digits(cell), 0, None, describe)
}

/// NoPlace(u): `c≠d` for all `N` cells `c` of `u`, one digit `d` ⟹ ⊥; the first premise an
/// elimination of `d` in `u`, the others eliminations or placements implying them.
#[inline(never)]
pub(super) fn no_place(ctx: &Ctx, premises: &[Premise], unit: Unit) -> Result<(), CheckError> {
    ctx.unit(unit)?;
    ctx.bottom()?;
    let geo = ctx.geo;
    let first = premises.first().ok_or_else(|| no_premises(ctx))?;
    let fits = as_elim(first.fact).filter(|&(c, _)| geo.position_in(unit, c).is_some());
    let (_, d) =
        fits.ok_or_else(|| ctx.wrong_premise(first, format!("an elimination in {unit}")))?;
    let describe = || format!("an elimination of {d} in {unit}, or a placement implying one");
    ctx.cover_set(premises, Wanted::Places(unit, d), 0, None, describe)
}

/// Clash: `c=d` and a fact implying `c≠d` (the elimination itself, `c=d'` with `d'≠d`, or
/// `c'=d` in a peer `c'`), in either order ⟹ ⊥.
#[inline(never)]
pub(super) fn clash(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    ctx.bottom()?;
    ctx.count(premises, 2)?;
    let [a, b] = premises else { return Err(no_premises(ctx)) };
    let refutes = |p: &Premise, q: &Premise| {
        as_place(p.fact).is_some_and(|(cell, d)| implies(ctx.geo, q.fact, cell.elim(d)))
    };
    if refutes(a, b) || refutes(b, a) {
        return Ok(());
    }
    match (as_place(a.fact), as_place(b.fact)) {
        (Some((cell, d)), _) => {
            Err(ctx.wrong_premise(b, format!("a fact implying {}", cell.elim(d))))
        }
        (None, Some((cell, d))) => {
            Err(ctx.wrong_premise(a, format!("a fact implying {}", cell.elim(d))))
        }
        (None, None) => Err(ctx.wrong_premise(a, "a placement")),
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
            Err(CheckError::WrongPremise { premise: 2, .. })
        ));
        assert!(matches!(
            cl(&[pl(2, 2, 3)]),
            Err(CheckError::PremiseCount { expected: 2, found: 1, .. })
        ));
        let placed = run(step(5, el(2, 2, 3), Rule::Clash), &prems(1, &[pl(2, 2, 3), el(2, 2, 3)]));
        assert!(matches!(placed, Err(CheckError::WrongFact { .. })), "{placed:?}");
    }

    #[test]
    fn clash_takes_two_placements_that_exclude_each_other() {
        let cl = |facts: &[Fact]| run(step(5, Fact::Bottom, Rule::Clash), &prems(1, facts));
        assert_eq!(cl(&[pl(2, 2, 3), pl(2, 4, 3)]), Ok(()), "same digit in a row");
        assert_eq!(cl(&[pl(1, 1, 3), pl(2, 2, 3)]), Ok(()), "same digit in a box");
        assert_eq!(cl(&[pl(2, 2, 3), pl(2, 2, 1)]), Ok(()), "two digits in a cell");
        assert_eq!(cl(&[el(2, 2, 3), pl(2, 2, 3)]), Ok(()));
        let apart = cl(&[pl(1, 1, 3), pl(4, 4, 3)]);
        assert!(matches!(apart, Err(CheckError::WrongPremise { premise: 2, .. })), "{apart:?}");
        let other_digit = cl(&[pl(1, 1, 3), pl(1, 2, 4)]);
        assert!(matches!(other_digit, Err(CheckError::WrongPremise { .. })), "{other_digit:?}");
        let elim_elsewhere = cl(&[el(1, 2, 3), pl(1, 1, 3)]);
        assert!(matches!(elim_elsewhere, Err(CheckError::WrongPremise { premise: 1, .. })));
    }

    #[test]
    fn empty_cell_and_no_place_take_placements_after_their_first_elimination() {
        let ec = |facts: &[Fact]| run(step(5, Fact::Bottom, Rule::EmptyCell), &prems(1, facts));
        // r4c4: ≠2 stated; 1 in its row, 3 in its column, 4 in its box.
        assert_eq!(ec(&[el(4, 4, 2), pl(4, 1, 1), pl(1, 4, 3), pl(3, 3, 4)]), Ok(()));
        let far = ec(&[el(4, 4, 2), pl(4, 1, 1), pl(1, 4, 3), pl(1, 1, 4)]);
        assert!(
            matches!(far, Err(CheckError::WrongPremise { premise: 4, .. })),
            "r1c1 is no peer of r4c4: {far:?}"
        );
        let short = ec(&[el(4, 4, 2), pl(4, 1, 1), pl(1, 4, 3)]);
        assert!(
            matches!(short, Err(CheckError::MissingPremise { missing, .. }) if missing == el(4, 4, 4))
        );
        let np = |facts: &[Fact]| {
            run(step(5, Fact::Bottom, Rule::NoPlace(Unit::Row(1))), &prems(1, facts))
        };
        // 2 in row 1: r1c1≠2 stated, r1c2 holds 4, r2c3=2 rules out r1c3 and r1c4.
        assert_eq!(np(&[el(1, 1, 2), pl(1, 2, 4), pl(2, 3, 2)]), Ok(()));
        let first_placed = np(&[pl(2, 3, 2), el(1, 1, 2), pl(1, 2, 4)]);
        assert!(matches!(first_placed, Err(CheckError::WrongPremise { premise: 1, .. })));
        let own_digit = np(&[el(1, 1, 2), pl(1, 2, 2), pl(2, 3, 2)]);
        assert!(
            matches!(own_digit, Err(CheckError::MissingPremise { missing, .. }) if missing == el(1, 2, 2)),
            "r1c2=2 implies r1c2≠2 for no one: {own_digit:?}"
        );
    }
}
