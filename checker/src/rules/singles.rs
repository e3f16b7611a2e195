//! NakedSingle and HiddenSingle: a placement forced by `N−1` eliminations, each stated by
//! an elimination premise or implied by a placement premise (see [`super::implies`]).

use super::cover::Wanted;
use super::{bit, Ctx, Premise};
use crate::error::CheckError;
use crate::format::Unit;

/// NakedSingle: `c≠d'` for all `N−1` digits `d'≠d` ⟹ `c=d`. A premise `c'=d'` in a peer
/// `c'` of `c` stands for `c≠d'`.
#[inline(never)]
pub(super) fn naked_single(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    let (cell, d) = ctx.place()?;
    let describe = || {
        format!("an elimination in {cell} of a digit other than {d}, or a placement implying one")
    };
    let skip = bit(d.saturating_sub(1));
    ctx.cover_set(premises, Wanted::Digits(cell), skip, Some(cell), describe)
}

/// HiddenSingle(u): `c'≠d` for all `N−1` cells `c'≠c` of `u` ⟹ `c=d`, for `c` in `u`. A
/// premise `c'=d'` (`d'≠d`) stands for `c'≠d`, and `c''=d` for `c'≠d` at every peer `c'` of
/// `c''` in `u`.
pub(super) fn hidden_single(ctx: &Ctx, premises: &[Premise], unit: Unit) -> Result<(), CheckError> {
    ctx.unit(unit)?;
    let (cell, d) = ctx.place()?;
    let here = ctx
        .geo
        .position_in(unit, cell)
        .ok_or_else(|| ctx.wrong_fact(format!("a placement in {unit}")))?;
    let describe = || format!("an elimination of {d} in {unit}, or a placement implying one");
    ctx.cover_set(premises, Wanted::Places(unit, d), bit(here), Some(cell), describe)
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
    fn the_first_wrong_or_repeated_premise_in_order_is_named() {
        let ns = |facts: &[Fact]| run(step(20, pl(3, 2, 2), Rule::NakedSingle), &prems(10, facts));
        let repeated_first = ns(&[el(3, 2, 1), el(3, 2, 1), el(3, 3, 3), el(3, 2, 4)]);
        assert!(matches!(repeated_first, Err(CheckError::DuplicatePremise { premise: 11, .. })));
        let wrong_first = ns(&[el(3, 2, 1), el(3, 3, 3), el(3, 2, 1), el(3, 2, 4)]);
        assert!(matches!(wrong_first, Err(CheckError::WrongPremise { premise: 11, .. })));
        let bottom = ns(&[el(3, 2, 1), el(3, 2, 3), el(3, 2, 4), Fact::Bottom]);
        assert!(matches!(bottom, Err(CheckError::WrongPremise { premise: 13, .. })), "{bottom:?}");
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

    #[test]
    fn singles_take_placements_that_imply_their_eliminations() {
        // NakedSingle r3c2=2: 1 in its row, 3 in its column, 4 in its box.
        let ns = |facts: &[Fact]| run(step(20, pl(3, 2, 2), Rule::NakedSingle), &prems(10, facts));
        assert_eq!(ns(&[pl(3, 4, 1), pl(1, 2, 3), pl(4, 1, 4)]), Ok(()));
        assert_eq!(ns(&[el(3, 2, 1), pl(1, 2, 3), pl(4, 1, 4), pl(3, 3, 1)]), Ok(()), "overlap");
        let own_cell = ns(&[pl(3, 2, 1), el(3, 2, 1)]);
        assert!(matches!(own_cell, Err(CheckError::WrongPremise { premise: 10, .. })));
        let no_peer = ns(&[pl(3, 4, 1), pl(1, 2, 3), pl(1, 1, 4)]);
        assert!(matches!(no_peer, Err(CheckError::WrongPremise { premise: 12, .. })));
        let own_digit = ns(&[pl(3, 4, 1), pl(1, 2, 3), pl(4, 1, 4), pl(3, 3, 2)]);
        assert!(matches!(own_digit, Err(CheckError::WrongPremise { premise: 13, .. })));
        // HiddenSingle r2c2=3 in row 2: r1c1=3 (box) covers r2c1, r2c4 holds 1, r4c3=3 covers r2c3.
        let hs = |facts: &[Fact]| {
            run(step(9, pl(2, 2, 3), Rule::HiddenSingle(Unit::Row(2))), &prems(1, facts))
        };
        assert_eq!(hs(&[pl(1, 1, 3), pl(2, 4, 1), pl(4, 3, 3)]), Ok(()));
        let restated = hs(&[pl(2, 2, 3)]);
        assert!(matches!(restated, Err(CheckError::WrongPremise { premise: 1, .. })));
        let uncovered = hs(&[pl(1, 1, 3), pl(2, 4, 1)]);
        assert!(
            matches!(uncovered, Err(CheckError::MissingPremise { missing, .. }) if missing == el(2, 3, 3))
        );
    }
}
