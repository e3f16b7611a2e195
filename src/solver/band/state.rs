//! The candidate state of a 9×9 search node and its propagation.
//!
//! Per digit and band, a 27-bit subband of possible cells (see
//! [`tables`](super::tables)). Propagation runs two steps to a fixpoint:
//! * *filter* a changed subband by the permutation table (pointing, claiming,
//!   and hidden singles in rows and boxes); a box of the band with one column
//!   left takes that column from the digit's other bands; a row left with one
//!   cell places the digit there, and the cell leaves the other digits;
//! * *naked singles*: a cell with one digit left gets it; a cell with none is a
//!   conflict.

use super::tables::{columns, minirows, BAND, COLUMN_CLAIMS, OTHER_BANDS, PERMUTATION_CELLS, ROW};

/// The state admits no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Conflict;

/// Candidates of one search node; `Copy`, so a branch is one 228-byte copy.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bands {
    /// `cand[3·digit + band]`: the digit's possible cells in the band.
    pub cand: [u32; 27],
    /// Each subband as last filtered, so that unchanged ones are skipped.
    seen: [u32; 27],
    /// The cells of each band not yet placed.
    pub unsolved: [u32; 3],
}

/// The band of cell index `i` (0..81) and its bit inside the band.
#[inline(always)]
pub(super) fn band_bit(i: usize) -> (usize, u32) {
    (i / 27, 1 << (i % 27))
}

/// The row of a band holding the cell `bit`, as a mask of its nine cells.
#[inline(always)]
fn row_of(bit: u32) -> u32 {
    ROW << (bit.trailing_zeros() / 9 * 9)
}

/// The cells of `x` that are alone in their row.
#[inline(always)]
fn single_rows(x: u32) -> u32 {
    let mut singles = 0;
    for shift in [0, 9, 18] {
        let row = x >> shift & ROW;
        if row & row.wrapping_sub(1) == 0 {
            singles |= row << shift;
        }
    }
    singles
}

impl Bands {
    /// Every digit possible everywhere, nothing placed.
    pub fn new() -> Bands {
        // `seen` differs from any 27-bit subband, so the first pass filters all.
        Bands { cand: [BAND; 27], seen: [u32::MAX; 27], unsolved: [BAND; 3] }
    }

    /// Restricts cell `i` (0..81) to the digits of `mask` (bit `d` = digit `d+1`).
    pub fn restrict(&mut self, i: usize, mask: u32) {
        let (band, bit) = band_bit(i);
        for d in (0..9).filter(|d| mask & 1 << d == 0) {
            self.cand[3 * d + band] &= !bit;
        }
    }

    /// Puts `digit` (0-based) in cell `bit` of `band`: the digit leaves the
    /// rest of the row; the cell's other digits leave when the row is filtered.
    #[inline]
    pub fn assign(&mut self, digit: usize, band: usize, bit: u32) {
        self.cand[3 * digit + band] &= !row_of(bit) | bit;
    }

    /// Whether every cell is placed.
    #[inline]
    pub fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Filters changed subbands until none changes.
    #[inline]
    pub fn settle(&mut self) -> Result<(), Conflict> {
        loop {
            let mut changed = false;
            for digit in 0..9 {
                // The band as a constant: the compiler unrolls each filter.
                changed |= self.filter::<0>(digit)?;
                changed |= self.filter::<1>(digit)?;
                changed |= self.filter::<2>(digit)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// If the subband of `digit` in `B` changed since its last filter: keeps
    /// the minirows that lie on a permutation, takes the single columns of
    /// its boxes from the other bands, and places the digit in the rows left
    /// with one cell. Returns whether it changed.
    #[inline(always)]
    fn filter<const B: usize>(&mut self, digit: usize) -> Result<bool, Conflict> {
        let i = 3 * digit + B;
        let old = self.cand[i];
        if old == self.seen[i] {
            return Ok(false);
        }
        let x = old & PERMUTATION_CELLS[minirows(old)];
        if x == 0 {
            return Err(Conflict);
        }
        let keep = OTHER_BANDS[columns(x) as usize];
        self.cand[3 * digit + (B + 1) % 3] &= keep;
        self.cand[3 * digit + (B + 2) % 3] &= keep;
        let placed = single_rows(x) & self.unsolved[B];
        if placed != 0 {
            self.unsolved[B] &= !placed;
            for d in 0..9 {
                self.cand[3 * d + B] &= !placed;
            }
        }
        self.cand[i] = x;
        self.seen[i] = x;
        Ok(true)
    }

    /// Assigns every unplaced cell with one digit left; a cell with none is
    /// a conflict. Returns `None` if any was assigned, else the cells with
    /// two digits left (per band), where the search branches best.
    pub fn naked_singles(&mut self) -> Result<Option<[u32; 3]>, Conflict> {
        let mut found = false;
        let mut pairs = [0; 3];
        for (band, pairs) in pairs.iter_mut().enumerate() {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for d in 0..9 {
                let x = self.cand[3 * d + band];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            if once != BAND {
                return Err(Conflict);
            }
            *pairs = twice & !thrice & self.unsolved[band];
            let mut singles = once & !twice & self.unsolved[band];
            found |= singles != 0;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // A cell emptied by an earlier single of this scan (same row,
                // same digit) is a conflict the next scan reports: skip it.
                if let Some(d) = (0..9).find(|d| self.cand[3 * d + band] & bit != 0) {
                    self.assign(d, band, bit);
                }
            }
        }
        Ok((!found).then_some(pairs))
    }

    /// Column claims of every digit: where a column has the digit in one band
    /// only, that band's box keeps it in that column only. Returns whether
    /// any candidate was removed (the next settle filters the changed bands).
    pub fn column_claims(&mut self) -> bool {
        let mut changed = false;
        for d in (0..27).step_by(3) {
            let cols =
                [columns(self.cand[d]), columns(self.cand[d + 1]), columns(self.cand[d + 2])];
            for b in 0..3 {
                let only_here = cols[b] & !(cols[(b + 1) % 3] | cols[(b + 2) % 3]);
                if only_here != 0 {
                    let x = self.cand[d + b] & COLUMN_CLAIMS[only_here as usize];
                    changed |= x != self.cand[d + b];
                    self.cand[d + b] = x;
                }
            }
        }
        changed
    }

    /// The digits (bits `0..9`) still possible in cell `bit` of `band`.
    #[inline]
    pub fn digits_at(&self, band: usize, bit: u32) -> u32 {
        (0..9).filter(|d| self.cand[3 * d + band] & bit != 0).fold(0, |m, d| m | 1 << d)
    }

    /// The values (1..=9) of a solved state, row-major.
    pub fn values(&self) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (i, &x) in self.cand.iter().enumerate() {
            let (digit, band) = (i / 3, i % 3);
            let mut bits = x;
            while bits != 0 {
                values[27 * band + bits.trailing_zeros() as usize] = digit as u8 + 1;
                bits &= bits - 1;
            }
        }
        values
    }
}
