//! The cover pattern of NakedSingle, HiddenSingle, EmptyCell and NoPlace: a wanted set of `N`
//! eliminations (one cell's digits, or one digit's places in a unit), each stated by an
//! elimination premise or implied by a placement premise.
//!
//! What a placement implies is [`super::implies`], the Exclusion relation. Asking it about every
//! wanted elimination costs `N` tests per placement; [`Wanted::implied`] computes the same set
//! directly (a test of this file compares the two exhaustively on 4×4 and 9×9), since the
//! singles are most of every certificate.

use super::{as_elim, as_place, bit, Ctx, Premise};
use crate::error::CheckError;
use crate::format::{Fact, Unit};
use crate::geometry::Geometry;
use crate::notation::CellRef;

#[cfg(test)]
use super::implies;

/// The wanted eliminations of a cover pattern, numbered `k < N`.
#[derive(Clone, Copy, Debug)]
pub(super) enum Wanted {
    /// `c≠k+1` for every digit: NakedSingle, EmptyCell.
    Digits(CellRef),
    /// `u[k]≠d` for every position `k` of unit `u`: HiddenSingle, NoPlace.
    Places(Unit, u8),
}

impl Wanted {
    /// The wanted elimination `k`.
    pub(super) fn fact(self, geo: &Geometry, k: u8) -> Fact {
        match self {
            Wanted::Digits(cell) => cell.elim(k + 1),
            Wanted::Places(unit, d) => geo.cell_at(unit, k).elim(d),
        }
    }

    /// The `k` an elimination premise states, if it is a wanted one.
    fn slot(self, geo: &Geometry, fact: Fact) -> Option<u8> {
        let (cell, d) = as_elim(fact)?;
        match self {
            Wanted::Digits(c) => (cell == c).then(|| d.saturating_sub(1)),
            Wanted::Places(unit, e) => geo.position_in(unit, cell).filter(|_| d == e),
        }
    }

    /// The `k` whose elimination the placement `at=e` implies, as a mask: those `k` for which
    /// [`super::implies`] holds. Asked once per placement premise of every single: inlined
    /// into the cover loop, which a call's saved registers cost a tenth of the check.
    #[inline(always)]
    fn implied(self, geo: &Geometry, at: CellRef, e: u8) -> u64 {
        let e0 = e.saturating_sub(1);
        match self {
            Wanted::Digits(cell) if at == cell => all(geo) & !bit(e0),
            Wanted::Digits(cell) if geo.are_peers(at, cell) => bit(e0),
            Wanted::Digits(_) => 0,
            Wanted::Places(unit, d) if e != d => geo.position_in(unit, at).map_or(0, bit),
            Wanted::Places(unit, _) => match geo.position_in(unit, at) {
                Some(k) => all(geo) & !bit(k),
                None => peers_in(geo, unit, at),
            },
        }
    }
}

/// The positions of `unit` whose cells are peers of `at`, a cell outside it: the one sharing
/// its column (row), and those of its box when the unit crosses it; for a box, the cells of
/// `at`'s row or column, if the box meets it.
fn peers_in(geo: &Geometry, unit: Unit, at: CellRef) -> u64 {
    let n = geo.order();
    let (r0, c0) = (at.r.saturating_sub(1), at.c.saturating_sub(1));
    let run = |start: u8| (u64::MAX >> (64 - u32::from(n))) << start;
    let line = |i0: u8, along: u8, across: u8| {
        let band = if geo.band(i0) == geo.band(across) { run(geo.band(along) * n) } else { 0 };
        bit(along) | band
    };
    match unit {
        Unit::Row(i) => line(i.saturating_sub(1), c0, r0),
        Unit::Col(i) => line(i.saturating_sub(1), r0, c0),
        Unit::Box(i) => {
            let b0 = i.saturating_sub(1);
            let row = if geo.band(r0) == geo.band(b0) { run(geo.within(r0) * n) } else { 0 };
            let col =
                if geo.band(c0) == geo.within(b0) { geo.box_column(geo.within(c0)) } else { 0 };
            row | col
        }
    }
}

/// Every `k < N`, as a mask.
fn all(geo: &Geometry) -> u64 {
    u64::MAX >> (64 - u32::from(geo.side()).min(64))
}

impl Ctx<'_> {
    /// Checks a cover pattern: the wanted eliminations are those of `wanted` whose `k` is not
    /// in `skip`. An elimination premise must be one of them, each at most once; a placement
    /// premise stands for every wanted elimination it implies and must imply at least one —
    /// unless it lies in `own`, the conclusion's cell, where it would restate or contradict
    /// the conclusion. Placements may overlap (one box placement implies `≠d` for several
    /// cells of a row). Every wanted elimination must be stated or implied by some premise.
    pub(super) fn cover_set(
        &self,
        premises: &[Premise],
        wanted: Wanted,
        skip: u64,
        own: Option<CellRef>,
        describe: impl Fn() -> String,
    ) -> Result<(), CheckError> {
        let wanted_mask = all(self.geo) & !skip;
        let (mut stated, mut covered) = (0u64, 0u64);
        for p in premises {
            let mask = match as_place(p.fact) {
                Some((cell, _)) if Some(cell) == own => 0,
                Some((cell, e)) => wanted.implied(self.geo, cell, e) & wanted_mask,
                None => wanted.slot(self.geo, p.fact).map_or(0, bit) & wanted_mask,
            };
            if mask == 0 {
                return Err(self.wrong_premise(p, describe()));
            }
            if as_elim(p.fact).is_some() {
                if stated & mask != 0 {
                    let (step, rule) = (self.step.id, self.step.rule);
                    let (premise, fact) = (p.id, p.fact);
                    return Err(CheckError::DuplicatePremise { step, rule, premise, fact });
                }
                stated |= mask;
            }
            covered |= mask;
        }
        let uncovered = wanted_mask & !covered;
        if uncovered == 0 {
            return Ok(());
        }
        let (step, rule) = (self.step.id, self.step.rule);
        let missing = wanted.fact(self.geo, uncovered.trailing_zeros() as u8);
        Err(CheckError::MissingPremise { step, rule, missing })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `implied` is `implies` asked about every `k`, for every placement and pattern.
    fn agrees_with_implies(n: u8) {
        let geo = Geometry::new(n).expect("an order");
        let side = geo.side();
        let cells: Vec<CellRef> = (0..geo.cell_count()).map(|i| geo.cell_of_index(i)).collect();
        let mut patterns: Vec<Wanted> = cells.iter().map(|&c| Wanted::Digits(c)).collect();
        for unit in geo.units() {
            patterns.extend((1..=side).map(|d| Wanted::Places(unit, d)));
        }
        for &at in &cells {
            for e in 1..=side {
                for &w in &patterns {
                    let by_scan = (0..side)
                        .filter(|&k| implies(&geo, at.place(e), w.fact(&geo, k)))
                        .fold(0u64, |m, k| m | bit(k));
                    assert_eq!(w.implied(&geo, at, e), by_scan, "{at}={e} for {w:?}");
                }
            }
        }
    }

    #[test]
    fn the_implied_mask_is_the_exclusion_relation_on_4x4_and_9x9() {
        agrees_with_implies(2);
        agrees_with_implies(3);
    }
}
