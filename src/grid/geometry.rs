//! Units and peers of a grid, computed once per order and shared.

use super::types::{Cell, Order, Unit, UnitKind};
use std::sync::OnceLock;

/// The static structure of a grid of one order: its units and the peers of
/// every cell. Built once per order; get it with [`Geometry::of`].
#[derive(Debug)]
pub struct Geometry {
    order: Order,
    /// Cells of each unit: rows, then columns, then boxes (`3N` units).
    units: Vec<Vec<Cell>>,
    /// For each cell, its row, column and box unit ids.
    cell_units: Vec<[u16; 3]>,
    /// For each cell, its position within its row, column and box (the index
    /// into [`Geometry::unit_cells`] of each).
    cell_positions: Vec<[u8; 3]>,
    /// For each cell, `unit · N` for its row, column and box: where the unit's entries start
    /// in a table indexed by unit and digit.
    cell_slots: Vec<[u32; 3]>,
    /// For each cell, its peers (same row, column or box, the cell excluded).
    peers: Vec<Vec<Cell>>,
    /// Each unit's kind and index (what `id / N` and `id % N` give), by table: the rules
    /// name a unit on every firing, and a division by a runtime `N` costs tens of cycles.
    kinds: Vec<Unit>,
    /// `(x / n, x % n)` for every `x < N`, and the positions `0, n, 2n, …` of a box (one of
    /// its columns) as a mask: the box arithmetic of locked candidates, without divisions.
    splits: Vec<(u8, u8)>,
    box_column: u64,
    /// For each unit, the units meeting it in `n` cells (a line's boxes; a box's rows, then
    /// its columns), each with the positions of those cells in the unit, as a mask.
    crossings: Vec<Vec<(u16, u64)>>,
}

/// [`Geometry::crossings`] of unit `u`: the units of its cells of the other shape (boxes for a
/// line, lines for a box), each with the positions it covers.
fn crossings_of(u: usize, units: &[Vec<Cell>], cell_units: &[[u16; 3]]) -> Vec<(u16, u64)> {
    let side = units[u].len();
    let is_box = |v: usize| v >= 2 * side;
    let mut masks: Vec<(u16, u64)> = Vec::new();
    for (p, cell) in units[u].iter().enumerate() {
        for &v in cell_units[cell.index()].iter().filter(|&&v| is_box(v.into()) != is_box(u)) {
            match masks.iter_mut().find(|(w, _)| *w == v) {
                Some((_, mask)) => *mask |= 1 << p,
                None => masks.push((v, 1 << p)),
            }
        }
    }
    masks.sort_unstable();
    masks
}

static GEOMETRIES: [OnceLock<Geometry>; 7] = [const { OnceLock::new() }; 7];

impl Geometry {
    /// The shared geometry of `order`.
    pub fn of(order: Order) -> &'static Geometry {
        GEOMETRIES[order.n() - Order::MIN as usize].get_or_init(|| Geometry::build(order))
    }

    fn build(order: Order) -> Geometry {
        let (n, side) = (order.n(), order.side());
        let mut units: Vec<Vec<Cell>> = Vec::with_capacity(3 * side);
        for r in 0..side {
            units.push((0..side).map(|c| Cell::new(r, c, side)).collect());
        }
        for c in 0..side {
            units.push((0..side).map(|r| Cell::new(r, c, side)).collect());
        }
        for b in 0..side {
            let (r0, c0) = ((b / n) * n, (b % n) * n);
            units.push((0..side).map(|k| Cell::new(r0 + k / n, c0 + k % n, side)).collect());
        }
        let cell_units: Vec<[u16; 3]> = (0..order.cells())
            .map(|i| {
                let (r, c) = (i / side, i % side);
                [r as u16, (side + c) as u16, (2 * side + (r / n) * n + c / n) as u16]
            })
            .collect();
        let cell_slots =
            cell_units.iter().map(|us| us.map(|u| u32::from(u) * side as u32)).collect();
        let cell_positions: Vec<[u8; 3]> = (0..order.cells())
            .map(|i| {
                let (r, c) = (i / side, i % side);
                [c as u8, r as u8, ((r % n) * n + c % n) as u8]
            })
            .collect();
        let peers = (0..order.cells())
            .map(|i| {
                let mut mark = vec![false; order.cells()];
                for &u in &cell_units[i] {
                    for cell in &units[u as usize] {
                        mark[cell.index()] = true;
                    }
                }
                mark[i] = false;
                (0..order.cells()).filter(|&j| mark[j]).map(|j| Cell::from_index(j, side)).collect()
            })
            .collect();
        let kinds = (0..3 * side)
            .map(|id| Unit {
                kind: [UnitKind::Row, UnitKind::Col, UnitKind::Box][id / side],
                index: (id % side) as u8,
            })
            .collect();
        let splits = (0..side).map(|x| ((x / n) as u8, (x % n) as u8)).collect();
        let box_column = (0..n).map(|i| 1u64 << (i * n)).sum();
        let crossings = (0..3 * side).map(|u| crossings_of(u, &units, &cell_units)).collect();
        Geometry {
            order,
            units,
            cell_units,
            cell_positions,
            cell_slots,
            peers,
            kinds,
            splits,
            box_column,
            crossings,
        }
    }

    /// The units meeting `unit` in `n` cells, in unit order (a line's boxes; a box's rows,
    /// then its columns), each with those cells' positions in `unit` as a mask.
    pub fn crossings(&self, unit: usize) -> &[(u16, u64)] {
        &self.crossings[unit]
    }

    /// The order.
    pub fn order(&self) -> Order {
        self.order
    }

    /// `N`.
    pub fn side(&self) -> usize {
        self.order.side()
    }

    /// Number of cells, `N²`.
    pub fn cells(&self) -> usize {
        self.order.cells()
    }

    /// The cells of unit `id` (see [`Unit::id`]).
    pub fn unit_cells(&self, id: usize) -> &[Cell] {
        &self.units[id]
    }

    /// Number of units, `3N`.
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// `(x / n, x % n)` for `x < N`: which band (or stack) of `n` a coordinate or a
    /// position in a unit falls in, and where in it.
    pub fn split(&self, x: usize) -> (usize, usize) {
        let (q, r) = self.splits[x];
        (usize::from(q), usize::from(r))
    }

    /// The positions `0, n, 2n, …` within a box — one of its columns — as a mask.
    pub fn box_column(&self) -> u64 {
        self.box_column
    }

    /// The unit with position `id`.
    pub fn unit(&self, id: usize) -> Unit {
        self.kinds[id]
    }

    /// The row, column and box unit ids of `cell`.
    pub fn units_of(&self, cell: Cell) -> [u16; 3] {
        self.cell_units[cell.index()]
    }

    /// The position of `cell` within its row, column and box (same order as
    /// [`Geometry::units_of`]): `unit_cells(units_of(c)[k])[positions_of(c)[k]] == c`.
    pub fn positions_of(&self, cell: Cell) -> [u8; 3] {
        self.cell_positions[cell.index()]
    }

    /// `unit · N` for the row, column and box of `cell` (same order as
    /// [`Geometry::units_of`]): where their entries start in a table indexed by unit, then
    /// digit, such as the state's places.
    pub fn slots_of(&self, cell: Cell) -> [u32; 3] {
        self.cell_slots[cell.index()]
    }

    /// The peers of `cell`: `3N − 2n − 1` cells sharing a unit with it.
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        &self.peers[cell.index()]
    }

    /// The cell with 0-based row-major `index`.
    pub fn cell(&self, index: usize) -> Cell {
        Cell::from_index(index, self.side())
    }

    /// All cells, row-major.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.cells()).map(|i| self.cell(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_index_each_unit_back_to_the_cell() {
        for n in 2..=8 {
            let geo = Geometry::of(Order::new(n).unwrap());
            for cell in geo.all_cells() {
                for (u, p) in geo.units_of(cell).into_iter().zip(geo.positions_of(cell)) {
                    assert_eq!(geo.unit_cells(u as usize)[p as usize], cell);
                }
            }
        }
    }

    #[test]
    fn peer_counts_for_every_order() {
        for n in 2..=8 {
            let g = Geometry::of(Order::new(n).unwrap());
            let side = n * n;
            assert_eq!(g.unit_count(), 3 * side);
            for cell in g.all_cells() {
                assert_eq!(g.peers(cell).len(), 3 * side - 2 * n - 1, "order {n} {cell}");
            }
        }
    }

    #[test]
    fn crossings_are_the_segments_where_a_line_meets_a_box() {
        for n in 2..=8 {
            let g = Geometry::of(Order::new(n).unwrap());
            let side = n * n;
            for u in 0..g.unit_count() {
                let crossings = g.crossings(u);
                assert_eq!(crossings.len(), if u >= 2 * side { 2 * n } else { n }, "unit {u}");
                for &(v, mask) in crossings {
                    let shared = g
                        .unit_cells(u)
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| g.unit_cells(v as usize).contains(c))
                        .fold(0u64, |m, (p, _)| m | 1 << p);
                    assert_eq!((mask, mask.count_ones() as usize), (shared, n), "{u} and {v}");
                    assert_ne!(v as usize >= 2 * side, u >= 2 * side, "a line and a box");
                }
                assert!(crossings.windows(2).all(|w| w[0].0 < w[1].0), "in unit order");
            }
        }
    }

    #[test]
    fn boxes_numbered_left_to_right_top_to_bottom() {
        let g = Geometry::of(Order::new(3).unwrap());
        let cell = Cell::new(4, 7, 9); // r5c8 lies in box 6
        let [_, _, b] = g.units_of(cell);
        assert_eq!(g.unit(b as usize).to_string(), "box 6");
        assert!(g.unit_cells(b as usize).contains(&cell));
    }
}
