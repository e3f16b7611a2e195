//! The matching rule ([`alldiff`](super::alldiff)) on the grid's
//! all-different constraints, each run on the constraints that changed:
//! * *units*: a unit's cells take distinct digits — naked and hidden subsets
//!   of every size;
//! * *fish*: a digit's rows take distinct columns — X-wing, swordfish,
//!   jellyfish and every larger basic fish;
//! * *line–box*: in a band, a digit's `n` rows take distinct boxes (likewise
//!   columns in a stack) — pointing, claiming, and their generalisation.

use super::alldiff::{filter, ones};
use super::propagate::Conflict;
use super::tables::Tables;
use super::work::{State, Work};

/// Warm-start matchings of every constraint, kept across calls: a child
/// state keeps most of its parent's matchings.
#[derive(Debug, Clone)]
pub(super) struct Gac {
    /// Per unit, the digit matched to each of its `N` cells.
    units: Vec<u8>,
    /// Per digit, the column matched to each row.
    fish: Vec<u8>,
    /// Per direction, digit and band, the box matched to each of `n` lines.
    boxes: Vec<u8>,
}

impl Gac {
    /// Buffers for the constraints of `t`, started at the identity matching.
    pub fn new(t: &Tables) -> Gac {
        let cycle = |k: u8, len: usize| (0..k).cycle().take(len).collect();
        let (n, side) = (t.order.n(), t.side);
        Gac {
            units: cycle(side as u8, t.units.len()),
            fish: cycle(side as u8, side * side),
            boxes: cycle(n as u8, 2 * side * side),
        }
    }

    /// Filters every changed unit; whether any candidate was removed.
    pub fn units(&mut self, t: &Tables, s: &mut State, work: &mut Work) -> Result<bool, Conflict> {
        let side = t.side;
        let dirty = std::mem::take(&mut work.units);
        let mut changed = false;
        for (w, &word) in dirty.iter().enumerate() {
            for u in ones(word).map(|b| 64 * w + b) {
                let mut masks = [0u64; 64];
                for (p, m) in masks[..side].iter_mut().enumerate() {
                    *m = s.cells[t.cell(u, p)];
                }
                let warm = &mut self.units[u * side..(u + 1) * side];
                if filter(&mut masks[..side], warm).ok_or(Conflict::Unit(u))? {
                    changed = true;
                    for (p, &kept) in masks[..side].iter().enumerate() {
                        let cell = t.cell(u, p);
                        work.remove(t, s, cell, s.cells[cell] & !kept)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Filters every changed digit's rows–columns constraint; whether any
    /// candidate was removed.
    pub fn fish(&mut self, t: &Tables, s: &mut State, work: &mut Work) -> Result<bool, Conflict> {
        let side = t.side;
        let mut changed = false;
        for d in ones(std::mem::take(&mut work.fish)) {
            // Row r is unit r; its places are the digit's columns.
            let mut masks = [0u64; 64];
            for (r, m) in masks[..side].iter_mut().enumerate() {
                *m = s.places[r * side + d];
            }
            let warm = &mut self.fish[d * side..(d + 1) * side];
            if filter(&mut masks[..side], warm).ok_or(Conflict::Digit(d))? {
                changed = true;
                for (r, &kept) in masks[..side].iter().enumerate() {
                    // Read before removing: each removal shrinks this mask.
                    for c in ones(s.places[r * side + d] & !kept) {
                        work.remove(t, s, r * side + c, 1 << d)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Filters every changed digit's line–box constraints; whether any
    /// candidate was removed.
    pub fn boxes(&mut self, t: &Tables, s: &mut State, work: &mut Work) -> Result<bool, Conflict> {
        let (n, side) = (t.order.n(), t.side);
        let mut changed = false;
        for d in ones(std::mem::take(&mut work.boxes)) {
            // Rows are units 0..N, columns N..2N; a line's positions in
            // chunks of n are its boxes.
            for first_line in (0..2 * side).step_by(n) {
                let mut masks = [0u64; 8];
                for (i, m) in masks[..n].iter_mut().enumerate() {
                    *m = boxes_of(s.places[(first_line + i) * side + d], n);
                }
                let before = masks;
                let at = d * 2 * side + first_line;
                let warm = &mut self.boxes[at..at + n];
                if !filter(&mut masks[..n], warm).ok_or(Conflict::Digit(d))? {
                    continue;
                }
                changed = true;
                for i in 0..n {
                    for b in ones(before[i] & !masks[i]) {
                        for p in b * n..(b + 1) * n {
                            work.remove(t, s, t.cell(first_line + i, p), 1 << d)?;
                        }
                    }
                }
            }
        }
        Ok(changed)
    }
}

/// The chunks of `n` positions (the boxes a line crosses) that `places` meets.
#[inline]
fn boxes_of(places: u64, n: usize) -> u64 {
    let chunk = (1u64 << n) - 1;
    (0..n).filter(|b| places >> (b * n) & chunk != 0).fold(0, |a, b| a | 1 << b)
}
