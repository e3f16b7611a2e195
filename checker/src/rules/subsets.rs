//! LockedCandidates, NakedSubset and HiddenSubset: eliminations whose premise set is a
//! whole pattern of eliminations, named exactly by the rule's data.
//!
//! Each rule computes the one premise set its data allows, then checks the conclusion is one
//! of the eliminations the pattern licenses. The subsets demand exactly that set (any order,
//! no repeats, nothing missing or extra); LockedCandidates, whose set is one digit's places in
//! a unit like HiddenSingle's, takes it as a cover set ([`super::cover`]): placements may
//! stand for the eliminations they imply.

use super::cover::Wanted;
use super::{bit, Ctx, Premise};
use crate::error::CheckError;
use crate::format::{Fact, Unit};
use crate::notation::CellRef;

/// LockedCandidates: `c≠d` for all `c` in `from \ to` ⟹ `c'≠d` for `c'` in `to \ from`. A
/// premise may be a placement standing for the eliminations it implies (as for HiddenSingle:
/// `c=e` for `c≠d`, `c''=d` for `c≠d` at every peer `c` of `c''` in `from`).
#[inline(never)]
pub(super) fn locked(
    ctx: &Ctx,
    premises: &[Premise],
    from: Unit,
    to: Unit,
    digit: u8,
) -> Result<(), CheckError> {
    ctx.unit(from)?;
    ctx.unit(to)?;
    let is_box = |u| matches!(u, Unit::Box(_));
    if is_box(from) == is_box(to) {
        return Err(bad(ctx, "one unit must be a box, the other a row or column"));
    }
    if !ctx.geo.in_range(digit) {
        return Err(bad(ctx, format!("digit {digit} is outside the grid")));
    }
    let (geo, inside) = (ctx.geo, |u: Unit, c: CellRef| ctx.geo.position_in(u, c).is_some());
    // The positions of `from` inside `to`: their cells are the ones `digit` is confined to.
    let meet =
        (0..geo.side()).filter(|&k| inside(to, geo.cell_at(from, k))).fold(0, |m, k| m | bit(k));
    if meet == 0 {
        return Err(bad(ctx, format!("{from} and {to} do not meet")));
    }
    let (cell, d) = ctx.elim()?;
    if d != digit || !inside(to, cell) || inside(from, cell) {
        return Err(ctx.wrong_fact(format!("an elimination of {digit} in {to} outside {from}")));
    }
    let describe =
        || format!("an elimination of {digit} in {from} outside {to}, or a placement implying one");
    ctx.cover_set(premises, Wanted::Places(from, digit), meet, None, describe)
}

/// NakedSubset: cells `C` of `u` lack every digit outside `D` ⟹ `c≠d`, `c ∈ u \ C`, `d ∈ D`.
#[inline(never)]
pub(super) fn naked(
    ctx: &Ctx,
    premises: &[Premise],
    unit: Unit,
    cells: u64,
    digits: u64,
) -> Result<(), CheckError> {
    subset_shape(ctx, unit, cells, digits)?;
    let (cell, d) = ctx.elim()?;
    let at = position(ctx, unit, cell)?;
    if has(cells, at) || !has(digits, d.saturating_sub(1)) {
        return Err(ctx
            .wrong_fact(format!("an elimination of a subset digit outside the subset in {unit}")));
    }
    exact_pattern(
        ctx,
        premises,
        (unit, cells, !digits),
        &format!("an elimination of a non-subset digit in a subset cell of {unit}"),
    )
}

/// HiddenSubset: digits `D` are gone from `u \ C` ⟹ `c≠d` for `c` in `C`, `d ∉ D`.
#[inline(never)]
pub(super) fn hidden(
    ctx: &Ctx,
    premises: &[Premise],
    unit: Unit,
    cells: u64,
    digits: u64,
) -> Result<(), CheckError> {
    subset_shape(ctx, unit, cells, digits)?;
    let (cell, d) = ctx.elim()?;
    let at = position(ctx, unit, cell)?;
    if !has(cells, at) || has(digits, d.saturating_sub(1)) {
        return Err(ctx.wrong_fact(format!(
            "an elimination of a non-subset digit in a subset cell of {unit}"
        )));
    }
    exact_pattern(
        ctx,
        premises,
        (unit, !cells, digits),
        &format!("an elimination of a subset digit outside the subset in {unit}"),
    )
}

/// Rejects masks outside `N` bits, an empty or full subset, and `|cells| ≠ |digits|`.
fn subset_shape(ctx: &Ctx, unit: Unit, cells: u64, digits: u64) -> Result<(), CheckError> {
    ctx.unit(unit)?;
    let (side, full) = (u32::from(ctx.geo.side()), ctx.geo.all_positions());
    if cells & !full != 0 || digits & !full != 0 {
        return Err(bad(ctx, "a mask names a position or digit outside the grid"));
    }
    let k = cells.count_ones();
    if k != digits.count_ones() || k == 0 || k >= side {
        return Err(bad(
            ctx,
            "a subset needs as many cells as digits, at least one and fewer than N",
        ));
    }
    Ok(())
}

/// Where the step's cell sits in `unit`, or a `WrongFact` if it is not in it.
fn position(ctx: &Ctx, unit: Unit, cell: CellRef) -> Result<u8, CheckError> {
    ctx.geo
        .position_in(unit, cell)
        .ok_or_else(|| ctx.wrong_fact(format!("an elimination in {unit}")))
}

/// Whether bit `k` of `mask` is set.
fn has(mask: u64, k: u8) -> bool {
    k < 64 && mask & (1u64 << k) != 0
}

/// A `BadPattern` for this step.
fn bad(ctx: &Ctx, reason: impl Into<String>) -> CheckError {
    CheckError::BadPattern { step: ctx.step.id, rule: ctx.step.rule, reason: reason.into() }
}

/// The premises are exactly the eliminations `c≠d` for `c` at a position of `cells` in
/// `unit` and `d` in `digits` (bit `d−1`; both masks cut to the grid's `N` bits), each once,
/// in any order. Refused: the first premise, in order, that is none of them, or states one a
/// second time; else the first of them, by position then digit, that no premise states.
///
/// Tallied per position in a digit mask: a hash set of the wanted facts, built for every
/// subset step, was most of checking one (a hidden pair's step cites fourteen).
fn exact_pattern(
    ctx: &Ctx,
    premises: &[Premise],
    (unit, cells, digits): (Unit, u64, u64),
    describe: &str,
) -> Result<(), CheckError> {
    let side = ctx.geo.side();
    let full = ctx.geo.all_positions();
    let (cells, digits) = (cells & full, digits & full);
    let (step, rule) = (ctx.step.id, ctx.step.rule);
    // Per position of the unit (at most 64), the digits stated so far.
    let mut stated = [0u64; 64];
    for p in premises {
        let wanted = match p.fact {
            Fact::Elim { r, c, d } if d >= 1 && has(digits, d - 1) => {
                let at = ctx.geo.position_in(unit, CellRef { r, c });
                at.filter(|&k| has(cells, k)).map(|k| (k, d))
            }
            _ => None,
        };
        let Some((k, d)) = wanted else {
            return Err(ctx.wrong_premise(p, describe));
        };
        let (slot, digit) = (&mut stated[usize::from(k) & 63], 1u64 << (d - 1));
        if *slot & digit != 0 {
            return Err(CheckError::DuplicatePremise { step, rule, premise: p.id, fact: p.fact });
        }
        *slot |= digit;
    }
    for k in (0..side).filter(|&k| has(cells, k)) {
        let unstated = digits & !stated[usize::from(k) & 63];
        if unstated != 0 {
            let missing = ctx.geo.cell_at(unit, k).elim(unstated.trailing_zeros() as u8 + 1);
            return Err(CheckError::MissingPremise { step, rule, missing });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{el, pl, prems, run, step};
    use crate::error::CheckError;
    use crate::format::{Fact, Rule, Unit};

    const POINT: Rule = Rule::LockedCandidates { from: Unit::Box(1), to: Unit::Row(1), digit: 3 };

    #[test]
    fn locked_pointing_and_claiming_accept_the_exact_pattern() {
        // 3 is gone from row 2 of box 1, so in box 1 it sits in row 1: not elsewhere in row 1.
        let p = prems(1, &[el(2, 2, 3), el(2, 1, 3)]);
        assert_eq!(run(step(9, el(1, 4, 3), POINT), &p), Ok(()));
        let claim = Rule::LockedCandidates { from: Unit::Col(2), to: Unit::Box(3), digit: 4 };
        let p = prems(1, &[el(1, 2, 4), el(2, 2, 4)]);
        assert_eq!(run(step(9, el(4, 1, 4), claim), &p), Ok(()));
    }

    #[test]
    fn locked_rejects_each_wrong_variant() {
        let p = prems(1, &[el(2, 2, 3), el(2, 1, 3)]);
        let inside = run(step(9, el(1, 2, 3), POINT), &p);
        assert!(matches!(inside, Err(CheckError::WrongFact { .. })), "{inside:?}");
        let missing = run(step(9, el(1, 4, 3), POINT), &p[..1]);
        assert_eq!(
            missing,
            Err(CheckError::MissingPremise { step: 9, rule: POINT, missing: el(2, 1, 3) })
        );
        let extra =
            run(step(9, el(1, 4, 3), POINT), &prems(1, &[el(2, 2, 3), el(2, 1, 3), el(1, 2, 3)]));
        assert!(matches!(extra, Err(CheckError::WrongPremise { premise: 3, .. })), "{extra:?}");
        let dup = run(step(9, el(1, 4, 3), POINT), &prems(1, &[el(2, 2, 3), el(2, 2, 3)]));
        assert!(matches!(dup, Err(CheckError::DuplicatePremise { premise: 2, .. })), "{dup:?}");
        let apart = Rule::LockedCandidates { from: Unit::Box(1), to: Unit::Row(3), digit: 3 };
        assert!(matches!(run(step(9, el(3, 4, 3), apart), &p), Err(CheckError::BadPattern { .. })));
        let two_lines = Rule::LockedCandidates { from: Unit::Row(1), to: Unit::Col(1), digit: 3 };
        assert!(matches!(
            run(step(9, el(3, 1, 3), two_lines), &p),
            Err(CheckError::BadPattern { .. })
        ));
    }

    #[test]
    fn locked_takes_placements_that_imply_its_eliminations() {
        // Box 1, digit 3, wanted: r2c1≠3, r2c2≠3 (4×4). r2c3=3 implies both (same row);
        // r2c1=1 implies r2c1≠3 only, r4c2=3 implies r2c2≠3 (same column).
        let lc = |facts: &[Fact]| run(step(9, el(1, 4, 3), POINT), &prems(1, facts));
        assert_eq!(lc(&[pl(2, 3, 3)]), Ok(()));
        assert_eq!(lc(&[pl(2, 1, 1), pl(4, 2, 3)]), Ok(()));
        assert_eq!(lc(&[el(2, 1, 3), pl(2, 3, 3)]), Ok(()), "placements may overlap");
        let uncovered = lc(&[pl(2, 1, 1)]);
        assert_eq!(
            uncovered,
            Err(CheckError::MissingPremise { step: 9, rule: POINT, missing: el(2, 2, 3) })
        );
        // r1c3=3 lies in the row the digit is confined to: it implies only eliminations the
        // pattern skips (r1c1, r1c2), none it wants.
        let skipped = lc(&[pl(1, 3, 3), el(2, 1, 3), el(2, 2, 3)]);
        assert!(matches!(skipped, Err(CheckError::WrongPremise { premise: 1, .. })), "{skipped:?}");
        let stranger = lc(&[el(2, 1, 3), el(2, 2, 3), pl(4, 4, 3)]);
        assert!(matches!(stranger, Err(CheckError::WrongPremise { premise: 3, .. })));
    }

    #[test]
    fn naked_pair_accepts_the_exact_pattern_and_rejects_variants() {
        // r1c1 and r1c2 hold only {1,2}: row 1's other cells lose 1 and 2.
        let rule = Rule::NakedSubset { unit: Unit::Row(1), cells: 0b0011, digits: 0b0011 };
        let p = prems(1, &[el(1, 1, 3), el(1, 1, 4), el(1, 2, 4), el(1, 2, 3)]);
        assert_eq!(run(step(9, el(1, 4, 2), rule), &p), Ok(()));
        let in_pair = run(step(9, el(1, 2, 1), rule), &p);
        assert!(matches!(in_pair, Err(CheckError::WrongFact { .. })), "{in_pair:?}");
        let short = run(step(9, el(1, 4, 2), rule), &p[..3]);
        assert!(matches!(short, Err(CheckError::MissingPremise { .. })), "{short:?}");
        let lopsided = Rule::NakedSubset { unit: Unit::Row(1), cells: 0b0011, digits: 0b0111 };
        assert!(matches!(
            run(step(9, el(1, 4, 2), lopsided), &p),
            Err(CheckError::BadPattern { .. })
        ));
        let wide = Rule::NakedSubset { unit: Unit::Row(1), cells: 0b1_0001, digits: 0b0011 };
        assert!(matches!(run(step(9, el(1, 4, 2), wide), &p), Err(CheckError::BadPattern { .. })));
    }

    #[test]
    fn hidden_pair_accepts_the_exact_pattern_and_rejects_variants() {
        // In box 4, digits 1 and 2 only fit r3c3 and r4c4: those cells lose 3 and 4.
        let rule = Rule::HiddenSubset { unit: Unit::Box(4), cells: 0b1001, digits: 0b0011 };
        let p = prems(1, &[el(3, 4, 1), el(3, 4, 2), el(4, 3, 1), el(4, 3, 2)]);
        assert_eq!(run(step(9, el(4, 4, 3), rule), &p), Ok(()));
        let subset_digit = run(step(9, el(4, 4, 2), rule), &p);
        assert!(matches!(subset_digit, Err(CheckError::WrongFact { .. })), "{subset_digit:?}");
        let wrong = prems(1, &[el(3, 4, 1), el(3, 4, 3), el(4, 3, 1), el(4, 3, 2)]);
        let bad_premise = run(step(9, el(4, 4, 3), rule), &wrong);
        assert!(matches!(bad_premise, Err(CheckError::WrongPremise { premise: 2, .. })));
        let outside = run(step(9, el(1, 1, 3), rule), &p);
        assert!(matches!(outside, Err(CheckError::WrongFact { .. })), "{outside:?}");
    }

    #[test]
    fn subset_patterns_refuse_repeats_and_placements_and_name_the_first_missing() {
        let rule = Rule::HiddenSubset { unit: Unit::Box(4), cells: 0b1001, digits: 0b0011 };
        let conclusion = step(9, el(4, 4, 3), rule);
        let twice = prems(1, &[el(3, 4, 1), el(3, 4, 1), el(4, 3, 1), el(4, 3, 2)]);
        let repeat = run(conclusion.clone(), &twice);
        assert!(matches!(repeat, Err(CheckError::DuplicatePremise { premise: 2, .. })));
        // A placement never stands for a subset's elimination.
        let placed = prems(1, &[pl(3, 4, 3), el(3, 4, 2), el(4, 3, 1), el(4, 3, 2)]);
        let placement = run(conclusion.clone(), &placed);
        assert!(matches!(placement, Err(CheckError::WrongPremise { premise: 1, .. })));
        // Both 2s missing: the first by position (r3c4 before r4c3), then by digit.
        let short = run(conclusion, &prems(1, &[el(3, 4, 1), el(4, 3, 1)]));
        assert!(
            matches!(short, Err(CheckError::MissingPremise { missing, .. }) if missing == el(3, 4, 2)),
            "{short:?}"
        );
    }
}
