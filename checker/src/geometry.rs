//! The grid's shape, derived again here from the order alone: rows, columns, boxes, peers.
//!
//! Written plainly on purpose — the checker shares no logic with the engine. All coordinates
//! are 1-based `u8`s (`N ≤ 64`); boxes are numbered left to right, top to bottom.

use crate::format::Unit;
use crate::notation::CellRef;

/// The geometry of a grid of order `n` (side `N = n²`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    n: u8,
    side: u8,
    /// `⌊2¹⁶ / n⌋ + 1`: `v / n` is `v · reciprocal >> 16` for every `u8` value `v` (the error,
    /// under `v / 2¹⁶ < 1/256`, never reaches the next multiple, at most `1/n ≥ 1/8` away).
    /// The singles ask a box or a band of every premise: with a hardware division per
    /// question, the crossing-unit test alone was a sixth of a pe96 check's profile (check −3 %).
    reciprocal: u32,
}

impl Geometry {
    /// The geometry of order `n`, for `n` in 2..=8.
    pub(crate) fn new(n: u8) -> Option<Geometry> {
        if !(2..=8).contains(&n) {
            // Before any arithmetic on `n`: `n * n` overflows a `u8` for a larger one.
            return None;
        }
        let reciprocal = (1 << 16) / u32::from(n) + 1;
        Some(Geometry { n, side: n * n, reciprocal })
    }

    /// `v / n`: the band (box row or column) of a 0-based coordinate, the box row of a
    /// 0-based box index, the box line of a 0-based position in a box.
    pub(crate) fn band(&self, v: u8) -> u8 {
        // At most 255 · 32769 >> 16 = 127: the cast keeps every bit.
        ((u32::from(v) * self.reciprocal) >> 16) as u8
    }

    /// `v % n`: the place of a 0-based coordinate (or box index, or position) in its band.
    pub(crate) fn within(&self, v: u8) -> u8 {
        v - self.band(v) * self.n
    }

    /// The order `n` (the side is `n²`).
    pub(crate) fn order(&self) -> u8 {
        self.n
    }

    /// The side `N`: digits, rows, columns and boxes are numbered `1..=N`.
    pub(crate) fn side(&self) -> u8 {
        self.side
    }

    /// Every position of a unit (and every digit, 0-based), as a mask: bits `0..N`.
    pub(crate) fn all_positions(&self) -> u64 {
        u64::MAX >> (64 - u32::from(self.side).min(64))
    }

    /// The number of cells, `N²`.
    pub(crate) fn cell_count(&self) -> usize {
        usize::from(self.side) * usize::from(self.side)
    }

    /// Whether `v` is a valid 1-based coordinate or digit.
    pub(crate) fn in_range(&self, v: u8) -> bool {
        (1..=self.side).contains(&v)
    }

    /// Whether the unit's index is in `1..=N`.
    pub(crate) fn unit_in_range(&self, unit: Unit) -> bool {
        match unit {
            Unit::Row(i) | Unit::Col(i) | Unit::Box(i) => self.in_range(i),
        }
    }

    /// The 0-based row-major index of a cell (the cell must be in range).
    pub(crate) fn index(&self, cell: CellRef) -> usize {
        usize::from(cell.r.saturating_sub(1)) * usize::from(self.side)
            + usize::from(cell.c.saturating_sub(1))
    }

    /// The cell with 0-based row-major index `i` (`i < N²`).
    pub(crate) fn cell_of_index(&self, i: usize) -> CellRef {
        let side = usize::from(self.side);
        CellRef { r: to_coord(i / side), c: to_coord(i % side) }
    }

    /// The box holding a cell.
    pub(crate) fn box_of(&self, cell: CellRef) -> u8 {
        let (r0, c0) = (cell.r.saturating_sub(1), cell.c.saturating_sub(1));
        to_coord(usize::from(self.band(r0)) * usize::from(self.n) + usize::from(self.band(c0)))
    }

    /// The `k`-th cell (0-based, `k < N`) of a unit; boxes are read row by row.
    pub(crate) fn cell_at(&self, unit: Unit, k: u8) -> CellRef {
        match unit {
            Unit::Row(i) => CellRef { r: i, c: to_coord(k.into()) },
            Unit::Col(i) => CellRef { r: to_coord(k.into()), c: i },
            Unit::Box(i) => {
                let (n, b0) = (usize::from(self.n), i.saturating_sub(1));
                let at = |band: u8, within: u8| usize::from(band) * n + usize::from(within);
                let (r, c) = (at(self.band(b0), self.band(k)), at(self.within(b0), self.within(k)));
                CellRef { r: to_coord(r), c: to_coord(c) }
            }
        }
    }

    /// Where a cell sits in a unit (the `k` of [`Geometry::cell_at`]), if it is in it.
    pub(crate) fn position_in(&self, unit: Unit, cell: CellRef) -> Option<u8> {
        let (r0, c0) = (cell.r.checked_sub(1)?, cell.c.checked_sub(1)?);
        match unit {
            Unit::Row(i) => (cell.r == i).then_some(c0),
            Unit::Col(i) => (cell.c == i).then_some(r0),
            Unit::Box(i) => {
                (self.box_of(cell) == i).then_some(self.within(r0) * self.n + self.within(c0))
            }
        }
    }

    /// All `N` cells of a unit, in [`Geometry::cell_at`] order.
    pub(crate) fn cells(&self, unit: Unit) -> impl Iterator<Item = CellRef> + '_ {
        (0..self.side).map(move |k| self.cell_at(unit, k))
    }

    /// All `3N` units: rows, then columns, then boxes.
    pub(crate) fn units(&self) -> impl Iterator<Item = Unit> {
        let side = self.side;
        (1..=side).map(Unit::Row).chain((1..=side).map(Unit::Col)).chain((1..=side).map(Unit::Box))
    }

    /// Whether two distinct cells share a row, a column or a box.
    pub(crate) fn are_peers(&self, a: CellRef, b: CellRef) -> bool {
        a != b && (a.r == b.r || a.c == b.c || self.box_of(a) == self.box_of(b))
    }
}

/// A 0-based index as a 1-based coordinate; saturates rather than wraps, so out-of-range
/// input (which the kernel rejects before asking) can never alias a real cell silently.
fn to_coord(i: usize) -> u8 {
    u8::try_from(i + 1).unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(r: u8, c: u8) -> CellRef {
        CellRef { r, c }
    }

    #[test]
    fn band_and_within_divide_every_u8_by_every_order() {
        for n in 2..=8 {
            let g = Geometry::new(n).expect("order in range");
            for v in 0..=u8::MAX {
                assert_eq!((g.band(v), g.within(v)), (v / n, v % n), "{v} by {n}");
            }
        }
    }

    #[test]
    fn boxes_are_numbered_left_to_right_top_to_bottom() {
        let g = Geometry::new(3).expect("order 3");
        assert_eq!(g.box_of(cell(1, 1)), 1);
        assert_eq!(g.box_of(cell(1, 4)), 2);
        assert_eq!(g.box_of(cell(4, 1)), 4);
        assert_eq!(g.box_of(cell(9, 9)), 9);
        let box6: Vec<_> = g.cells(Unit::Box(6)).collect();
        assert_eq!(box6.first(), Some(&cell(4, 7)));
        assert_eq!(box6.last(), Some(&cell(6, 9)));
    }

    #[test]
    fn position_in_inverts_cell_at_for_every_unit_of_every_order() {
        for n in 2..=8 {
            let g = Geometry::new(n).expect("order in range");
            for unit in g.units() {
                for k in 0..g.side() {
                    let c = g.cell_at(unit, k);
                    assert!(g.in_range(c.r) && g.in_range(c.c), "{c} of {unit}");
                    assert_eq!(g.position_in(unit, c), Some(k), "{c} in {unit}");
                }
            }
        }
    }

    #[test]
    fn peers_share_a_unit_and_exclude_the_cell_itself() {
        let g = Geometry::new(3).expect("order 3");
        let me = cell(5, 5);
        let peers = (0..81).map(|i| g.cell_of_index(i)).filter(|&c| g.are_peers(me, c)).count();
        assert_eq!(peers, 20);
        assert!(g.are_peers(me, cell(4, 6)));
        assert!(!g.are_peers(me, cell(1, 1)));
        assert!(!g.are_peers(me, me));
        assert_eq!(g.index(cell(2, 3)), 11);
        assert_eq!(g.cell_of_index(11), cell(2, 3));
    }

    #[test]
    fn only_orders_two_to_eight_exist() {
        // Every order outside, before any arithmetic on it (a mask of order 9 or more
        // overflows a shift: this test caught the masks once computed first).
        assert!((0..2).chain(9..=u8::MAX).all(|n| Geometry::new(n).is_none()));
        assert_eq!(Geometry::new(8).map(|g| g.cell_count()), Some(4096));
        assert_eq!(Geometry::new(2).map(|g| g.units().count()), Some(12));
    }
}
