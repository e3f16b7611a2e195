//! Flat lookup tables of one order, laid out for the solver's hot loops.

use crate::grid::{Geometry, Order};

/// Units and peers of one order as flat `u16` cell indices, so that the hot
/// loops index plain slices instead of chasing `Vec<Vec<Cell>>`.
#[derive(Debug, Clone)]
pub(super) struct Tables {
    /// The order these tables describe.
    pub order: Order,
    /// `N`: digits per cell, cells per unit.
    pub side: usize,
    /// `N²`.
    pub cells: usize,
    /// The candidate mask of all `N` digits.
    pub full: u64,
    /// Cells of every unit, `3N` chunks of `N`: rows, columns, boxes.
    pub units: Vec<u16>,
    /// Peers of every cell, `N²` chunks of `peer_count`.
    pub peers: Vec<u16>,
    /// Peers per cell, `3N − 2n − 1`.
    pub peer_count: usize,
}

impl Tables {
    /// The tables of `order`, copied out of the shared [`Geometry`].
    pub fn new(order: Order) -> Tables {
        let geo = Geometry::of(order);
        let units = (0..geo.unit_count())
            .flat_map(|u| geo.unit_cells(u).iter().map(|c| c.index() as u16))
            .collect();
        let peers: Vec<u16> =
            geo.all_cells().flat_map(|c| geo.peers(c).iter().map(|p| p.index() as u16)).collect();
        Tables {
            order,
            side: order.side(),
            cells: order.cells(),
            full: order.all_digits().0,
            peer_count: peers.len() / order.cells(),
            units,
            peers,
        }
    }

    /// The peers of cell `index`.
    #[inline]
    pub fn peers_of(&self, index: usize) -> &[u16] {
        &self.peers[index * self.peer_count..(index + 1) * self.peer_count]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_tables_match_geometry() {
        for n in 2..=5 {
            let order = Order::new(n).unwrap();
            let t = Tables::new(order);
            assert_eq!(t.units.len(), 3 * t.side * t.side);
            assert_eq!(t.peer_count, 3 * t.side - 2 * n - 1);
            let geo = Geometry::of(order);
            for cell in geo.all_cells() {
                let want: Vec<u16> = geo.peers(cell).iter().map(|p| p.index() as u16).collect();
                assert_eq!(t.peers_of(cell.index()), want.as_slice());
            }
        }
    }
}
