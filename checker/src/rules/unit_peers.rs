//! Every cell's peers in every unit, as masks of the unit's positions: which of a unit's
//! eliminations of `d` a placement of `d` implies ([`super::implies`], the Exclusion
//! relation), read from a table rather than worked out for each premise.
//!
//! The cover rules (the singles, EmptyCell, NoPlace, locked candidates) ask of every premise
//! which positions of a unit it covers. Worked out from bands and box segments, branch-free,
//! that was about 90 instructions a premise (register spills included), a third of checking
//! an easy certificate; read from here, it is two loads. The table is a pure function of
//! the order, built once per process on first use from the definition of a peer alone (same
//! row, column or box, not the cell itself): a test compares it with `implies` on every
//! cell, digit and unit of the 4×4, 9×9 and 16×16 grids, and on random ones above.
//!
//! Size: `3N` units × `N²` cells, a `u64` and a `u8` each: 20 KB for 9×9, 7 MB for 64×64
//! (built only when a certificate of that order is checked).

use crate::format::Unit;
use crate::geometry::Geometry;
use std::sync::OnceLock;

/// The peers and positions of every cell in every unit of one order.
pub(super) struct UnitPeers {
    order: u8,
    cells: usize,
    /// Per unit (rows, then columns, then boxes), per cell (row-major): the unit's positions
    /// that hold a peer of the cell.
    peers: Vec<u64>,
    /// Per unit, per cell: the cell's position in the unit, [`NOT_IN_UNIT`] if it has none.
    positions: Vec<u8>,
}

/// The position of a cell outside the unit: no bit of any mask ([`super::bit`] gives 0).
pub(super) const NOT_IN_UNIT: u8 = u8::MAX;

/// One table per order 2 to 8 (all [`Geometry::new`] accepts), each built on first use.
static TABLES: [OnceLock<UnitPeers>; 7] = [const { OnceLock::new() }; 7];

impl UnitPeers {
    /// The table of `geo`'s order (`None` only for an order `Geometry` never makes).
    pub(super) fn of(geo: &Geometry) -> Option<&'static UnitPeers> {
        let slot = TABLES.get(usize::from(geo.order()).checked_sub(2)?)?;
        Some(slot.get_or_init(|| UnitPeers::build(geo))).filter(|t| t.order == geo.order())
    }

    /// The peers and positions of every cell in `unit`; `None` for a unit out of range.
    pub(super) fn unit(&self, geo: &Geometry, unit: Unit) -> Option<(&[u64], &[u8])> {
        let index = unit_index(geo, unit)?;
        let range = index * self.cells..(index + 1) * self.cells;
        Some((self.peers.get(range.clone())?, self.positions.get(range)?))
    }

    /// From the definition: for each unit `u` and each position `k` of it, every cell sharing
    /// a row, a column or a box with `u[k]`, other than `u[k]` itself, has `k` among its
    /// peers in `u`; `u[k]` has position `k`.
    fn build(geo: &Geometry) -> UnitPeers {
        let cells = geo.cell_count();
        let units: Vec<Unit> = geo.units().collect();
        let mut peers = vec![0u64; units.len() * cells];
        let mut positions = vec![NOT_IN_UNIT; units.len() * cells];
        // Every index below is of a cell of the grid, in range; `get_mut` all the same, so
        // that nothing here can panic.
        let rows = peers.chunks_exact_mut(cells).zip(positions.chunks_exact_mut(cells));
        for ((peers, positions), &unit) in rows.zip(&units) {
            for (k, cell) in geo.cells(unit).enumerate() {
                if let Some(position) = positions.get_mut(geo.index(cell)) {
                    *position = k as u8;
                }
                let around = [Unit::Row(cell.r), Unit::Col(cell.c), Unit::Box(geo.box_of(cell))];
                for peer in around.into_iter().flat_map(|v| geo.cells(v)).filter(|&p| p != cell) {
                    if let Some(mask) = peers.get_mut(geo.index(peer)) {
                        *mask |= 1 << k;
                    }
                }
            }
        }
        UnitPeers { order: geo.order(), cells, peers, positions }
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
