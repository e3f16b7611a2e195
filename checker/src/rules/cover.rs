//! The cover pattern of NakedSingle, HiddenSingle, EmptyCell and NoPlace: a wanted set of `N`
//! eliminations (one cell's digits, or one digit's places in a unit), each stated by an
//! elimination premise or implied by a placement premise.
//!
//! What a placement implies is [`super::implies`], the Exclusion relation. Asking it about every
//! wanted elimination costs `N` tests per placement; [`Frame::masks`] computes the same set
//! directly (a test of this file compares the two exhaustively on 4×4, 9×9 and 16×16), since
//! the singles are most of every certificate: for a cell's digits from the cell's row, column
//! and box, for a unit's places from the table of every cell's peers in every unit
//! ([`super::unit_peers`]).

use super::unit_peers::{InUnit, UnitPeers};
use super::{bit, Ctx, Premise};
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
}

/// A cover pattern as [`Frame::masks`] reads it, worked out once per step.
#[derive(Clone, Copy, Debug)]
enum Frame {
    /// [`Wanted::Digits`]: the cell's row, column and box, 0-based.
    Cell { r0: u8, c0: u8, b0: u8 },
    /// [`Wanted::Places`]: the unit's row of the peers table, and the digit.
    Unit { seen: &'static [InUnit], d: u8 },
}

impl Frame {
    /// The frame of `wanted`; `None` for a unit out of range.
    #[inline]
    fn of(geo: &Geometry, wanted: Wanted) -> Option<Frame> {
        match wanted {
            Wanted::Digits(cell) => {
                let (r0, c0) = (cell.r.saturating_sub(1), cell.c.saturating_sub(1));
                Some(Frame::Cell { r0, c0, b0: geo.box_of(cell).saturating_sub(1) })
            }
            Wanted::Places(unit, d) => {
                let seen = UnitPeers::of(geo)?.unit(geo, unit)?;
                Some(Frame::Unit { seen, d })
            }
        }
    }

    /// The wanted eliminations a premise about `at` and `e` gives, as masks of `k`: those the
    /// placement `at=e` implies ([`super::implies`]), and the one the elimination `at≠e`
    /// states (empty if it is none). Both are computed, without a branch on the premise:
    /// which case a premise falls in follows no pattern, and guessing it wrong was a quarter
    /// of the checker's mispredicted branches on easy certificates.
    #[inline(always)]
    fn masks(self, geo: &Geometry, at: CellRef, e: u8) -> (u64, u64) {
        match self {
            Frame::Cell { r0: r, c0: c, b0 } => {
                let (r0, c0) = (at.r.saturating_sub(1), at.c.saturating_sub(1));
                let digit = bit(e.saturating_sub(1));
                let here = (r0 == r) & (c0 == c);
                let peer = (r0 == r) | (c0 == c) | (box_index(geo, r0, c0) == b0);
                let implied = pick(here, geo.all_positions() & !digit, pick(peer, digit, 0));
                (implied, pick(here, digit, 0))
            }
            Frame::Unit { seen, d } => {
                // ⊥'s cell r0c0 wraps to an index past the grid: no entry, no peers.
                let side = usize::from(geo.side());
                let (r0, c0) =
                    (usize::from(at.r).wrapping_sub(1), usize::from(at.c).wrapping_sub(1));
                let i = r0.wrapping_mul(side).wrapping_add(c0);
                let InUnit { peers, here } = seen.get(i).copied().unwrap_or_default();
                // `d` elsewhere in the unit or in a peer: the peers' places; another digit in
                // a cell of the unit: that cell's place.
                let same = e == d;
                (pick(same, peers, here), pick(same, here, 0))
            }
        }
    }
}

/// `a` if `c`, else `b`, computed without a branch.
#[inline(always)]
fn pick(c: bool, a: u64, b: u64) -> u64 {
    let m = u64::from(c).wrapping_neg();
    (a & m) | (b & !m)
}

/// The 0-based box of the cell at 0-based row `r0` and column `c0`.
fn box_index(geo: &Geometry, r0: u8, c0: u8) -> u8 {
    geo.band(r0) * geo.order() + geo.band(c0)
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
        if let Wanted::Places(unit, _) = wanted {
            self.unit(unit)?;
        }
        // With the unit in range, only an order `Geometry` never makes has no table.
        let no_table = || CheckError::BadOrder { found: self.geo.order() };
        let frame = Frame::of(self.geo, wanted).ok_or_else(no_table)?;
        let wanted_mask = self.geo.all_positions() & !skip;
        // One pass without a branch per premise decides; only a refusal walks the premises
        // again ([`Ctx::refuse_cover`]), in order, to name the first wrong one. The pass is
        // written once per kind of frame, so that no premise asks which kind it is.
        let tally = |frame: Frame| tally(self.geo, premises, frame, wanted_mask, own);
        let (covered, repeated, wrong) = match frame {
            Frame::Cell { .. } => tally(frame),
            Frame::Unit { .. } => tally(frame),
        };
        if wrong | (repeated != 0) {
            return Err(self.refuse_cover(premises, frame, wanted_mask, own, describe));
        }
        let uncovered = wanted_mask & !covered;
        if uncovered == 0 {
            return Ok(());
        }
        let (step, rule) = (self.step.id, self.step.rule);
        let missing = wanted.fact(self.geo, uncovered.trailing_zeros() as u8);
        Err(CheckError::MissingPremise { step, rule, missing })
    }

    /// Why [`Ctx::cover_set`] refused a wrong or repeated premise: the first, in order, that
    /// gives no wanted elimination, or states one an earlier premise stated. Called only once
    /// the step is refused, so it never accepts: if it found nothing, the error names the
    /// last premise all the same.
    #[cold]
    fn refuse_cover(
        &self,
        premises: &[Premise],
        frame: Frame,
        wanted_mask: u64,
        own: Option<CellRef>,
        describe: impl Fn() -> String,
    ) -> CheckError {
        let mut stated = 0u64;
        for p in premises {
            let (at, e, place, elim) = parts(p.fact);
            let (implied, slot) = frame.masks(self.geo, at, e);
            let mask = match (place, elim) {
                (true, _) if Some(at) == own => 0,
                (true, _) => implied & wanted_mask,
                (_, true) => slot & wanted_mask,
                _ => 0,
            };
            if mask == 0 {
                return self.wrong_premise(p, describe());
            }
            if elim {
                if stated & mask != 0 {
                    let (step, rule) = (self.step.id, self.step.rule);
                    let (premise, fact) = (p.id, p.fact);
                    return CheckError::DuplicatePremise { step, rule, premise, fact };
                }
                stated |= mask;
            }
        }
        match premises.last() {
            Some(p) => self.wrong_premise(p, describe()),
            None => self.count_error(premises, 1),
        }
    }
}

/// The cover pass over `premises` for `frame`: what they cover of `wanted_mask`, what they
/// state twice, and whether one covers nothing.
#[inline(always)]
fn tally(
    geo: &Geometry,
    premises: &[Premise],
    frame: Frame,
    wanted_mask: u64,
    own: Option<CellRef>,
) -> (u64, u64, bool) {
    let own_cell = own.unwrap_or(CellRef { r: 0, c: 0 });
    let (mut stated, mut covered, mut repeated, mut wrong) = (0u64, 0u64, 0u64, false);
    for p in premises {
        let (at, e, place, elim) = parts(p.fact);
        let (implied, slot) = frame.masks(geo, at, e);
        let restated = place & own.is_some() & (at == own_cell);
        let mask = pick(place & !restated, implied, pick(elim, slot, 0)) & wanted_mask;
        wrong |= mask == 0;
        let states = pick(elim, mask, 0);
        repeated |= stated & states;
        stated |= states;
        covered |= mask;
    }
    (covered, repeated, wrong)
}

/// A premise's fact as cell, digit, whether a placement, whether an elimination (⊥: neither,
/// at no cell).
#[inline(always)]
fn parts(fact: Fact) -> (CellRef, u8, bool, bool) {
    match fact {
        Fact::Place { r, c, d } => (CellRef { r, c }, d, true, false),
        Fact::Elim { r, c, d } => (CellRef { r, c }, d, false, true),
        Fact::Bottom => (CellRef { r: 0, c: 0 }, 0, false, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The implied mask is `implies` asked about every `k`, and the stated one the `k` whose
    /// wanted elimination `at≠e` is, for one placement or elimination and one pattern.
    fn agrees_at(geo: &Geometry, at: CellRef, e: u8, w: Wanted) {
        let scan = |holds: &dyn Fn(Fact) -> bool| {
            (0..geo.side()).filter(|&k| holds(w.fact(geo, k))).fold(0u64, |m, k| m | bit(k))
        };
        let (implied, slot) = Frame::of(geo, w).expect("a unit in range").masks(geo, at, e);
        let by_scan = scan(&|want| implies(geo, at.place(e), want));
        assert_eq!(implied, by_scan, "{at}={e} for {w:?}");
        assert_eq!(slot, scan(&|want| want == at.elim(e)), "{at}≠{e} for {w:?}");
    }

    /// [`agrees_at`] for every cell, digit and pattern of order `n`.
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
                    agrees_at(&geo, at, e, w);
                }
            }
        }
    }

    proptest::proptest! {
        /// Orders 5 to 8 are too large to try whole: random cells, digits and patterns.
        #[test]
        fn the_implied_mask_is_the_exclusion_relation_on_larger_orders(
            n in 5u8..=8,
            picks in proptest::array::uniform6(proptest::num::u16::ANY),
        ) {
            let geo = Geometry::new(n).expect("an order");
            let side = u16::from(geo.side());
            let pick = |v: u16, below: u16| (v % below) as u8 + 1;
            let cell = |r, c| CellRef { r: pick(r, side), c: pick(c, side) };
            let (at, e) = (cell(picks[0], picks[1]), pick(picks[2], side));
            let i = pick(picks[4], side);
            let w = match picks[3] % 4 {
                0 => Wanted::Digits(cell(picks[4], picks[5])),
                1 => Wanted::Places(Unit::Row(i), pick(picks[5], side)),
                2 => Wanted::Places(Unit::Col(i), pick(picks[5], side)),
                _ => Wanted::Places(Unit::Box(i), pick(picks[5], side)),
            };
            // Besides a random cell, cells sharing a row, a column or a box with the pattern's,
            // each with a random digit and with the pattern's own (where most cases lie).
            let wanted = w.fact(&geo, pick(picks[1], side) - 1);
            let (own, d) = super::super::as_elim(wanted).expect("a wanted fact is an elimination");
            let own_digit = match w {
                Wanted::Digits(_) => e,
                Wanted::Places(_, d) => d,
            };
            let row = CellRef { r: own.r, c: at.c };
            let col = CellRef { r: at.r, c: own.c };
            let boxed = geo.cell_at(Unit::Box(geo.box_of(own)), pick(picks[2], side) - 1);
            for cell in [at, own, row, col, boxed] {
                for digit in [e, d, own_digit] {
                    agrees_at(&geo, cell, digit, w);
                }
            }
        }
    }

    #[test]
    fn the_implied_mask_is_the_exclusion_relation_on_4x4_9x9_and_16x16() {
        agrees_with_implies(2);
        agrees_with_implies(3);
        agrees_with_implies(4);
    }
}
