//! A unit's cells by their position in it (0 to 8: a row's left to right, a column's top to
//! bottom, a box's row by row), for citing: a set of a unit's cells is a 9-bit mask of
//! positions, where an 81-bit mask of cells costs two words per operation.

use super::masks::{CROSSINGS, UNIT_MASKS};

/// Every position of a unit.
pub(super) const ALL_POSITIONS: u16 = 0x1ff;

/// Per unit, the index of the cell at each position (increasing: positions and cell indices
/// run in the same order).
pub(super) const UNIT_CELLS: [[u8; 9]; 27] = {
    let mut cells = [[0u8; 9]; 27];
    let mut u = 0;
    while u < 27 {
        let (mut mask, mut p) = (UNIT_MASKS[u], 0);
        while mask != 0 {
            cells[u][p] = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            p += 1;
        }
        u += 1;
    }
    cells
};

/// Per cell, its position in its row, its column and its box (as [`super::masks::CELL_UNITS`]).
pub(super) const CELL_POSITIONS: [[u8; 3]; 81] = {
    let mut positions = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        positions[i] = [c as u8, r as u8, ((r % 3) * 3 + c % 3) as u8];
        i += 1;
    }
    positions
};

/// Per unit, the positions where each of its [`CROSSINGS`] meets it (in the same order).
pub(super) const MEETS: [[u16; 6]; 27] = {
    let mut meets = [[0u16; 6]; 27];
    let mut u = 0;
    while u < 27 {
        let mut k = 0;
        while k < 6 {
            meets[u][k] = positions_of(u, UNIT_MASKS[CROSSINGS[u][k] as usize]);
            k += 1;
        }
        u += 1;
    }
    meets
};

/// The positions in `unit` of the cells of `cells` that lie in it.
pub(super) const fn positions_of(unit: usize, cells: u128) -> u16 {
    let (mut positions, mut p) = (0u16, 0);
    while p < 9 {
        positions |= ((cells >> UNIT_CELLS[unit][p] & 1) as u16) << p;
        p += 1;
    }
    positions
}

/// The position of the cell of index `i` in `unit`, one of its three units.
pub(super) fn position_in(unit: usize, i: usize) -> usize {
    usize::from(CELL_POSITIONS[i][unit / 9])
}

/// Every position of `unit` but that of the cell of index `i` (one of its cells).
pub(super) fn all_but(unit: usize, i: usize) -> u16 {
    ALL_POSITIONS & !(1 << position_in(unit, i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Geometry, Order};

    #[test]
    fn positions_are_the_geometry_s_order_of_a_unit_s_cells() {
        let geo = Geometry::of(Order::new(3).expect("order 3"));
        for (unit, cells) in UNIT_CELLS.iter().enumerate() {
            let theirs: Vec<u8> = geo.unit_cells(unit).iter().map(|c| c.index() as u8).collect();
            assert_eq!(&cells[..], &theirs[..], "unit {unit}");
            for (p, &i) in cells.iter().enumerate() {
                assert_eq!(position_in(unit, usize::from(i)), p, "unit {unit}, cell {i}");
            }
        }
        for (unit, meets) in MEETS.iter().enumerate() {
            for (k, &meet) in meets.iter().enumerate() {
                let crossing = UNIT_MASKS[usize::from(CROSSINGS[unit][k])];
                let cells = (0..9).filter(|&p| meet >> p & 1 == 1);
                let shared = cells.fold(0u128, |m, p| m | 1 << UNIT_CELLS[unit][p]);
                assert_eq!(shared, UNIT_MASKS[unit] & crossing, "unit {unit}, crossing {k}");
            }
        }
    }
}
