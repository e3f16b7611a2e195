//! NakedSingle and HiddenSingle: a placement forced by `N−1` eliminations.

use super::{as_elim, bit, Ctx, Premise};
use crate::error::CheckError;
use crate::format::Unit;

/// NakedSingle: `c≠d'` for all `N−1` digits `d'≠d` ⟹ `c=d`.
pub(super) fn naked_single(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    let (cell, d) = ctx.place()?;
    let slot = |fact| as_elim(fact).filter(|&(c, _)| c == cell).map(|(_, e)| e.saturating_sub(1));
    let want = |k: u8| cell.elim(k + 1);
    let describe = || format!("an elimination in {cell} of a digit other than {d}");
    ctx.exact_set(premises, bit(d.saturating_sub(1)), slot, want, describe)
}

/// HiddenSingle(u): `c'≠d` for all `N−1` cells `c'≠c` of `u` ⟹ `c=d`, for `c` in `u`.
pub(super) fn hidden_single(ctx: &Ctx, premises: &[Premise], unit: Unit) -> Result<(), CheckError> {
    ctx.unit(unit)?;
    let (cell, d) = ctx.place()?;
    let here = ctx
        .geo
        .position_in(unit, cell)
        .ok_or_else(|| ctx.wrong_fact(format!("a placement in {unit}")))?;
    let geo = ctx.geo;
    let slot =
        |fact| as_elim(fact).filter(|&(_, e)| e == d).and_then(|(c, _)| geo.position_in(unit, c));
    let want = |k| geo.cell_at(unit, k).elim(d);
    let describe = || format!("an elimination of {d} in {unit}");
    ctx.exact_set(premises, bit(here), slot, want, describe)
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{el, pl, prems, run, step};
    use crate::error::CheckError;
    use crate::format::{Fact, Rule, Unit};

    #[test]
    fn naked_single_accepts_the_other_digits_in_any_order() {
        let p = prems(10, &[el(3, 2, 4), el(3, 2, 1), el(3, 2, 3)]);
        assert_eq!(run(step(20, pl(3, 2, 2), Rule::NakedSingle), &p), Ok(()));
    }

    #[test]
    fn naked_single_rejects_each_wrong_variant() {
        let ns = |fact, facts: &[Fact]| run(step(20, fact, Rule::NakedSingle), &prems(10, facts));
        let missing = ns(pl(3, 2, 2), &[el(3, 2, 1), el(3, 2, 3)]);
        assert_eq!(
            missing,
            Err(CheckError::MissingPremise {
                step: 20,
                rule: Rule::NakedSingle,
                missing: el(3, 2, 4)
            })
        );
        let own_digit = ns(pl(3, 2, 2), &[el(3, 2, 1), el(3, 2, 2), el(3, 2, 3), el(3, 2, 4)]);
        assert!(matches!(own_digit, Err(CheckError::WrongPremise { premise: 11, .. })));
        let dup = ns(pl(3, 2, 2), &[el(3, 2, 1), el(3, 2, 3), el(3, 2, 1), el(3, 2, 4)]);
        assert!(matches!(dup, Err(CheckError::DuplicatePremise { premise: 12, .. })), "{dup:?}");
        let other_cell = ns(pl(3, 2, 2), &[el(3, 2, 1), el(3, 3, 3), el(3, 2, 4)]);
        assert!(matches!(other_cell, Err(CheckError::WrongPremise { premise: 11, .. })));
        let placement = ns(pl(3, 2, 2), &[el(3, 2, 1), pl(3, 2, 3), el(3, 2, 4)]);
        assert!(matches!(placement, Err(CheckError::WrongPremise { premise: 11, .. })));
        let elim_fact = ns(el(3, 2, 2), &[el(3, 2, 1), el(3, 2, 3), el(3, 2, 4)]);
        assert!(matches!(elim_fact, Err(CheckError::WrongFact { .. })), "{elim_fact:?}");
    }

    #[test]
    fn hidden_single_accepts_the_other_cells_of_each_unit_kind() {
        let row = prems(1, &[el(2, 1, 3), el(2, 3, 3), el(2, 4, 3)]);
        assert_eq!(run(step(9, pl(2, 2, 3), Rule::HiddenSingle(Unit::Row(2))), &row), Ok(()));
        let col = prems(1, &[el(4, 2, 3), el(1, 2, 3), el(3, 2, 3)]);
        assert_eq!(run(step(9, pl(2, 2, 3), Rule::HiddenSingle(Unit::Col(2))), &col), Ok(()));
        let bx = prems(1, &[el(1, 1, 3), el(1, 2, 3), el(2, 1, 3)]);
        assert_eq!(run(step(9, pl(2, 2, 3), Rule::HiddenSingle(Unit::Box(1))), &bx), Ok(()));
    }

    #[test]
    fn hidden_single_rejects_each_wrong_variant() {
        let hs = |unit, fact, facts: &[Fact]| {
            run(step(9, fact, Rule::HiddenSingle(unit)), &prems(1, facts))
        };
        let row = [el(2, 1, 3), el(2, 3, 3), el(2, 4, 3)];
        let not_in_unit = hs(Unit::Row(1), pl(2, 2, 3), &row);
        assert!(matches!(not_in_unit, Err(CheckError::WrongFact { .. })), "{not_in_unit:?}");
        let out_of_range = hs(Unit::Box(5), pl(2, 2, 3), &row);
        assert!(matches!(out_of_range, Err(CheckError::UnitOutOfRange { .. })));
        let wrong_digit = hs(Unit::Row(2), pl(2, 2, 3), &[el(2, 1, 3), el(2, 3, 1), el(2, 4, 3)]);
        assert!(matches!(wrong_digit, Err(CheckError::WrongPremise { premise: 2, .. })));
        let own_cell = hs(Unit::Row(2), pl(2, 2, 3), &[el(2, 1, 3), el(2, 2, 3), el(2, 4, 3)]);
        assert!(matches!(own_cell, Err(CheckError::WrongPremise { premise: 2, .. })));
        let missing = hs(Unit::Row(2), pl(2, 2, 3), &[el(2, 1, 3), el(2, 4, 3)]);
        assert!(
            matches!(missing, Err(CheckError::MissingPremise { missing, .. }) if missing == el(2, 3, 3))
        );
        let dup = hs(Unit::Row(2), pl(2, 2, 3), &[el(2, 1, 3), el(2, 1, 3), el(2, 4, 3)]);
        assert!(matches!(dup, Err(CheckError::DuplicatePremise { premise: 2, .. })));
        let bottom = hs(Unit::Row(2), Fact::Bottom, &row);
        assert!(matches!(bottom, Err(CheckError::WrongFact { .. })), "{bottom:?}");
    }
}
