//! The cover pattern of NakedSingle, HiddenSingle, EmptyCell and NoPlace: a wanted set of `N`
//! eliminations (one cell's digits, or one digit's places in a unit), each stated by an
//! elimination premise or implied by a placement premise.
//!
//! What a placement implies is [`super::implies`], the Exclusion relation. Asking it about every
//! wanted elimination costs `N` tests per placement; [`Frame::implied`] computes the same set
//! directly (a test of this file compares the two exhaustively on 4×4, 9×9 and 16×16), since
//! the singles are most of every certificate. The pattern's coordinates and bands are worked
//! out once per step ([`Frame`]): asked again for every premise, they were 3 % of a check.

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

    /// The pattern in the 0-based coordinates a premise's cell is compared with.
    fn frame(self, geo: &Geometry) -> Frame {
        match self {
            Wanted::Digits(cell) => {
                let (r0, c0) = (cell.r.saturating_sub(1), cell.c.saturating_sub(1));
                Frame::Cell { r0, c0, b0: geo.box_of(cell).saturating_sub(1) }
            }
            Wanted::Places(Unit::Row(i), d) => Frame::line(geo, false, i, d),
            Wanted::Places(Unit::Col(i), d) => Frame::line(geo, true, i, d),
            Wanted::Places(Unit::Box(i), d) => {
                let b0 = i.saturating_sub(1);
                Frame::Box { br: geo.band(b0), bc: geo.within(b0), d }
            }
        }
    }
}

/// A cover pattern as [`Frame::implied`] and [`Frame::slot`] read it: its cell or unit in
/// 0-based coordinates, bands worked out once for the step rather than once per premise
/// (the singles are most of every certificate, and this test most of checking one).
#[derive(Clone, Copy, Debug)]
enum Frame {
    /// [`Wanted::Digits`]: the cell's row, column and box.
    Cell { r0: u8, c0: u8, b0: u8 },
    /// [`Wanted::Places`] in a row — in a column when `transposed`, the roles of row and
    /// column swapped: the line's index, its band, and the digit.
    Line { transposed: bool, i0: u8, band: u8, d: u8 },
    /// [`Wanted::Places`] in a box: its band of rows and of columns, and the digit.
    Box { br: u8, bc: u8, d: u8 },
}

impl Frame {
    fn line(geo: &Geometry, transposed: bool, i: u8, d: u8) -> Frame {
        let i0 = i.saturating_sub(1);
        Frame::Line { transposed, i0, band: geo.band(i0), d }
    }

    /// The `k` whose elimination the placement `at=e` implies, as a mask: those `k` for which
    /// [`super::implies`] holds. Inlined into the cover loop, which a call's saved registers
    /// cost a tenth of the check.
    #[inline(always)]
    fn implied(self, geo: &Geometry, at: CellRef, e: u8) -> u64 {
        let (r0, c0) = (at.r.saturating_sub(1), at.c.saturating_sub(1));
        match self {
            Frame::Cell { r0: r, c0: c, b0 } => {
                let e0 = e.saturating_sub(1);
                if (r0, c0) == (r, c) {
                    all(geo) & !bit(e0)
                } else if r0 == r || c0 == c || box_index(geo, r0, c0) == b0 {
                    bit(e0)
                } else {
                    0
                }
            }
            Frame::Line { transposed, i0, band, d } => {
                // `across` numbers the lines parallel to this one, `along` the place on them.
                let (across, along) = if transposed { (c0, r0) } else { (r0, c0) };
                match (across == i0, e == d) {
                    (true, false) => bit(along),
                    (true, true) => all(geo) & !bit(along),
                    (false, false) => 0,
                    // The crossing line at `along`, and this line's segment in `at`'s box.
                    (false, true) if geo.band(across) == band => {
                        bit(along) | run(geo, geo.band(along) * geo.order())
                    }
                    (false, true) => bit(along),
                }
            }
            Frame::Box { br, bc, d } => {
                let (rb, cb) = (geo.band(r0), geo.band(c0));
                let (rw, cw) = (r0 - rb * geo.order(), c0 - cb * geo.order());
                match (rb == br && cb == bc, e == d) {
                    (true, false) => bit(rw * geo.order() + cw),
                    (true, true) => all(geo) & !bit(rw * geo.order() + cw),
                    (false, false) => 0,
                    // The box's cells in `at`'s row, and those in its column.
                    (false, true) => {
                        let row = if rb == br { run(geo, rw * geo.order()) } else { 0 };
                        let col = if cb == bc { geo.box_column(cw) } else { 0 };
                        row | col
                    }
                }
            }
        }
    }

    /// The `k` of the wanted elimination `at≠e` states, as a mask (empty if it is none).
    #[inline(always)]
    fn slot(self, geo: &Geometry, at: CellRef, e: u8) -> u64 {
        let (r0, c0) = (at.r.saturating_sub(1), at.c.saturating_sub(1));
        match self {
            Frame::Cell { r0: r, c0: c, .. } if (r0, c0) == (r, c) => bit(e.saturating_sub(1)),
            Frame::Line { transposed, i0, d, .. } if e == d => {
                let (across, along) = if transposed { (c0, r0) } else { (r0, c0) };
                if across == i0 {
                    bit(along)
                } else {
                    0
                }
            }
            Frame::Box { br, bc, d } if e == d => {
                let (rb, cb) = (geo.band(r0), geo.band(c0));
                if (rb, cb) == (br, bc) {
                    bit((r0 - rb * geo.order()) * geo.order() + c0 - cb * geo.order())
                } else {
                    0
                }
            }
            _ => 0,
        }
    }
}

/// The 0-based box of the cell at 0-based row `r0` and column `c0`.
fn box_index(geo: &Geometry, r0: u8, c0: u8) -> u8 {
    geo.band(r0) * geo.order() + geo.band(c0)
}

/// `n` positions from `start` on, as a mask (`start + n ≤ N ≤ 64`).
fn run(geo: &Geometry, start: u8) -> u64 {
    (u64::MAX >> (64 - u32::from(geo.order()))) << start
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
        let (frame, wanted_mask) = (wanted.frame(self.geo), all(self.geo) & !skip);
        let (mut stated, mut covered) = (0u64, 0u64);
        for p in premises {
            let mask = match as_place(p.fact) {
                Some((cell, _)) if Some(cell) == own => 0,
                Some((cell, e)) => frame.implied(self.geo, cell, e) & wanted_mask,
                None => match as_elim(p.fact) {
                    Some((cell, e)) => frame.slot(self.geo, cell, e) & wanted_mask,
                    None => 0,
                },
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

    /// `implied` is `implies` asked about every `k`, and `slot` the `k` whose wanted elimination
    /// `at≠e` is, for one placement or elimination and one pattern.
    fn agrees_at(geo: &Geometry, at: CellRef, e: u8, w: Wanted) {
        let scan = |holds: &dyn Fn(Fact) -> bool| {
            (0..geo.side()).filter(|&k| holds(w.fact(geo, k))).fold(0u64, |m, k| m | bit(k))
        };
        let frame = w.frame(geo);
        let implied = scan(&|want| implies(geo, at.place(e), want));
        assert_eq!(frame.implied(geo, at, e), implied, "{at}={e} for {w:?}");
        let slot = scan(&|want| want == at.elim(e));
        assert_eq!(frame.slot(geo, at, e), slot, "{at}≠{e} for {w:?}");
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
            let (own, d) = as_elim(wanted).expect("a wanted fact is an elimination");
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
