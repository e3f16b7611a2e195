//! Every cell's peers in every unit, as masks of the unit's positions: which of a unit's
//! eliminations of `d` a placement of `d` implies ([`super::implies`], the Exclusion
//! relation), read from a table rather than worked out for each premise.
//!
//! The cover rules (the singles, EmptyCell, NoPlace, locked candidates) ask of every premise
//! which positions of a unit it covers. Worked out from bands and box segments, branch-free,
//! that was about 90 instructions a premise (register spills included), a third of checking
//! an easy certificate; read from here, it is one entry. The table is a pure function of
//! the order, built once per process on first use from the definition of a peer alone (same
//! row, column or box, not the cell itself): a test compares it with `implies` on every
//! cell, digit and unit of the 4×4, 9×9 and 16×16 grids, and on random ones above.
//!
//! Size: `3N` units × `N²` cells, two `u64` masks each: 35 KB for 9×9, 12.6 MB for 64×64
//! (built only when a certificate of that order is checked).

use crate::format::Unit;
use crate::geometry::Geometry;
use std::sync::OnceLock;

/// The peers and positions of every cell in every unit of one order.
pub(super) struct UnitPeers {
    order: u8,
    cells: usize,
    /// Per unit (rows, then columns, then boxes), per cell (row-major).
    entries: Vec<InUnit>,
}

/// One cell seen from one unit, as masks of the unit's positions.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct InUnit {
    /// The positions that hold a peer of the cell.
    pub peers: u64,
    /// The cell's own position, if it is in the unit (else empty).
    pub here: u64,
}

/// One table per order 2 to 8 (all [`Geometry::new`] accepts), each built on first use.
static TABLES: [OnceLock<UnitPeers>; 7] = [const { OnceLock::new() }; 7];

impl UnitPeers {
    /// The table of `geo`'s order (`None` only for an order `Geometry` never makes).
    ///
    /// The slot is the order's, so the table's own order always matches; it is compared all
    /// the same, as a guard that costs nothing (without it the compiler inlined this lookup
    /// worse: pe96's check took 3 % more instructions).
    #[inline]
    pub(super) fn of(geo: &Geometry) -> Option<&'static UnitPeers> {
        let slot = TABLES.get(usize::from(geo.order()).checked_sub(2)?)?;
        Some(slot.get_or_init(|| UnitPeers::build(geo))).filter(|t| t.order == geo.order())
    }

    /// Every cell seen from `unit`, by cell index; `None` for a unit out of range.
    #[inline]
    pub(super) fn unit(&self, geo: &Geometry, unit: Unit) -> Option<&[InUnit]> {
        let index = unit_index(geo, unit)?;
        self.entries.get(index * self.cells..(index + 1) * self.cells)
    }

    /// From the definition: for each unit `u` and each position `k` of it, every cell sharing
    /// a row, a column or a box with `u[k]`, other than `u[k]` itself, has `k` among its
    /// peers in `u`; `u[k]` is at `k`.
    fn build(geo: &Geometry) -> UnitPeers {
        let cells = geo.cell_count();
        let units: Vec<Unit> = geo.units().collect();
        let mut entries = vec![InUnit::default(); units.len() * cells];
        // Every index below is of a cell of the grid, in range; `get_mut` all the same, so
        // that nothing here can panic.
        for (seen, &unit) in entries.chunks_exact_mut(cells).zip(&units) {
            for (k, cell) in geo.cells(unit).enumerate() {
                if let Some(entry) = seen.get_mut(geo.index(cell)) {
                    entry.here = 1 << k;
                }
                let around = [Unit::Row(cell.r), Unit::Col(cell.c), Unit::Box(geo.box_of(cell))];
                for peer in around.into_iter().flat_map(|v| geo.cells(v)).filter(|&p| p != cell) {
                    if let Some(entry) = seen.get_mut(geo.index(peer)) {
                        entry.peers |= 1 << k;
                    }
                }
            }
        }
        UnitPeers { order: geo.order(), cells, entries }
    }
}

/// The unit's place in [`Geometry::units`]' order: rows, columns, boxes.
fn unit_index(geo: &Geometry, unit: Unit) -> Option<usize> {
    let side = usize::from(geo.side());
    let (kind, i) = match unit {
        Unit::Row(i) => (0, i),
        Unit::Col(i) => (1, i),
        Unit::Box(i) => (2, i),
    };
    let i = usize::from(i).checked_sub(1).filter(|&i| i < side)?;
    Some(kind * side + i)
}
