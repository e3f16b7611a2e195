//! Flat lookup tables of one order, laid out for the solver's hot loops.

use crate::grid::{Geometry, Order};

/// Units of one order as flat `u16` cell indices, and each cell's units and
/// positions in them, so that the hot loops index plain slices.
#[derive(Debug, Clone)]
pub(super) struct Tables {
    /// The order these tables describe.
    pub order: Order,
    /// `N`: digits per cell, cells per unit.
    pub side: usize,
    /// `N²`.
    pub cells: usize,
    /// The candidate mask of all `N` digits (also: of all `N` positions).
    pub full: u64,
    /// Cells of every unit, `3N` chunks of `N`: rows, columns, boxes.
    pub units: Vec<u16>,
    /// The row, column and box unit of every cell.
    pub cell_units: Vec<[u16; 3]>,
    /// The position of every cell in its row, column and box.
    pub cell_pos: Vec<[u8; 3]>,
}

impl Tables {
    /// The tables of `order`, copied out of the shared [`Geometry`].
    pub fn new(order: Order) -> Tables {
        let geo = Geometry::of(order);
        let units: Vec<u16> = (0..geo.unit_count())
            .flat_map(|u| geo.unit_cells(u).iter().map(|c| c.index() as u16))
            .collect();
        let side = order.side();
        let cell_units: Vec<[u16; 3]> = geo.all_cells().map(|c| geo.units_of(c)).collect();
        let position = |u: u16, i: usize| {
            let unit = &units[u as usize * side..(u as usize + 1) * side];
            unit.iter().position(|&c| c as usize == i).expect("a cell is in its units") as u8
        };
        let cell_pos = (0..order.cells()).map(|i| cell_units[i].map(|u| position(u, i))).collect();
        Tables {
            order,
            side,
            cells: order.cells(),
            full: order.all_digits().0,
            units,
            cell_units,
            cell_pos,
        }
    }

    /// The cell at position `p` of unit `u`.
    #[inline(always)]
    pub fn cell(&self, u: usize, p: usize) -> usize {
        self.units[u * self.side + p] as usize
    }

    /// The number of `u64` words of one search state: `N²` cell masks, then
    /// `3N·N` place masks.
    pub fn state_len(&self) -> usize {
        self.cells + self.units.len()
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
            let geo = Geometry::of(order);
            for cell in geo.all_cells() {
                let i = cell.index();
                for k in 0..3 {
                    let (u, p) = (t.cell_units[i][k] as usize, t.cell_pos[i][k] as usize);
                    assert_eq!(t.cell(u, p), i);
                    assert!(geo.unit_cells(u).contains(&cell));
                }
            }
        }
    }
}
