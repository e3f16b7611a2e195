//! Newtypes of the grid: `Order`, `Cell`, `Digit`, `Unit`, `Lit`, `Candidates`.

use std::fmt;

/// The order `n` of a grid: side `N = n²`, `N²` cells. Supported: 2 to 8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Order(u8);

/// An order outside 2..=8, or a cell count that is no supported square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// The order itself is unsupported.
    #[error("order {0} is not supported (2 to 8: 4x4 up to 64x64)")]
    Unsupported(usize),
    /// No supported order has this many cells.
    #[error("{0} cells is not a supported grid size (16, 81, 256, 625, 1296, 2401 or 4096)")]
    CellCount(usize),
}

impl Order {
    /// The smallest supported order.
    pub const MIN: u8 = 2;
    /// The largest supported order (digit sets fit a `u64`).
    pub const MAX: u8 = 8;

    /// The order `n`, if supported.
    pub fn new(n: usize) -> Result<Order, OrderError> {
        if (Self::MIN as usize..=Self::MAX as usize).contains(&n) {
            Ok(Order(n as u8))
        } else {
            Err(OrderError::Unsupported(n))
        }
    }

    /// The order whose grid has `cells` cells.
    pub fn from_cell_count(cells: usize) -> Result<Order, OrderError> {
        (Self::MIN..=Self::MAX)
            .map(Order)
            .find(|o| o.cells() == cells)
            .ok_or(OrderError::CellCount(cells))
    }

    /// The order whose grid has side `side`.
    pub fn from_side(side: usize) -> Result<Order, OrderError> {
        (Self::MIN..=Self::MAX)
            .map(Order)
            .find(|o| o.side() == side)
            .ok_or(OrderError::CellCount(side * side))
    }

    /// `n`.
    pub fn n(self) -> usize {
        self.0 as usize
    }

    /// `N = n²`: the side, the number of digits, the size of a unit.
    pub fn side(self) -> usize {
        self.n() * self.n()
    }

    /// `N²`.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The set of all `N` digits.
    pub fn all_digits(self) -> Candidates {
        Candidates::full(self.side())
    }
}

impl fmt::Debug for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "order {} ({}x{})", self.0, self.side(), self.side())
    }
}

/// A cell, stored as its 0-based row-major index; printed `r3c5` (1-based).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    index: u16,
    side: u8,
}

impl Cell {
    /// The cell at 0-based `row`, `col` of a grid of side `side`.
    pub fn new(row: usize, col: usize, side: usize) -> Cell {
        debug_assert!(row < side && col < side);
        Cell { index: (row * side + col) as u16, side: side as u8 }
    }

    /// The cell with 0-based row-major `index`.
    pub fn from_index(index: usize, side: usize) -> Cell {
        Cell { index: index as u16, side: side as u8 }
    }

    /// 0-based row-major index.
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// 0-based row.
    pub fn row(self) -> usize {
        self.index as usize / self.side as usize
    }

    /// 0-based column.
    pub fn col(self) -> usize {
        self.index as usize % self.side as usize
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A digit, 1-based (`1..=N`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(u8);

impl Digit {
    /// The digit `d` (1-based).
    pub fn new(d: usize) -> Digit {
        debug_assert!((1..=64).contains(&d));
        Digit(d as u8)
    }

    /// The digit as a number, 1-based.
    pub fn get(self) -> usize {
        self.0 as usize
    }

    /// Its bit in a [`Candidates`] set.
    pub fn bit(self) -> u64 {
        1u64 << (self.0 - 1)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The kind of a unit (house).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Col,
    /// A box.
    Box,
}

/// A unit: row, column or box, with its 0-based index; printed `row 3` (1-based).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit {
    /// Row, column or box.
    pub kind: UnitKind,
    /// 0-based index among units of its kind.
    pub index: u8,
}

impl Unit {
    /// The unit's position in the geometry's list of units: rows, then columns, then boxes.
    pub fn id(self, side: usize) -> usize {
        let base = match self.kind {
            UnitKind::Row => 0,
            UnitKind::Col => side,
            UnitKind::Box => 2 * side,
        };
        base + self.index as usize
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.kind {
            UnitKind::Row => "row",
            UnitKind::Col => "col",
            UnitKind::Box => "box",
        };
        write!(f, "{name} {}", self.index + 1)
    }
}

impl fmt::Debug for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A literal: the placement `c=d` (`positive`) or the elimination `c≠d`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lit {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
    /// `true` for a placement, `false` for an elimination.
    pub positive: bool,
}

impl Lit {
    /// The placement `cell=digit`.
    pub fn place(cell: Cell, digit: Digit) -> Lit {
        Lit { cell, digit, positive: true }
    }

    /// The elimination `cell≠digit`.
    pub fn elim(cell: Cell, digit: Digit) -> Lit {
        Lit { cell, digit, positive: false }
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rel = if self.positive { "=" } else { "≠" };
        write!(f, "{}{rel}{}", self.cell, self.digit)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of digits as a bitset (bit `d−1` for digit `d`); fits orders up to 8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(pub u64);

impl Candidates {
    /// The empty set.
    pub const EMPTY: Candidates = Candidates(0);

    /// All digits `1..=side`.
    pub fn full(side: usize) -> Candidates {
        Candidates(if side >= 64 { u64::MAX } else { (1u64 << side) - 1 })
    }

    /// Number of digits in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `d` is in the set.
    pub fn contains(self, d: Digit) -> bool {
        self.0 & d.bit() != 0
    }

    /// The set without `d`.
    pub fn without(self, d: Digit) -> Candidates {
        Candidates(self.0 & !d.bit())
    }

    /// The only digit, if the set has exactly one.
    pub fn single(self) -> Option<Digit> {
        self.0.is_power_of_two().then(|| Digit::new(self.0.trailing_zeros() as usize + 1))
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros() as usize + 1;
                bits &= bits - 1;
                Digit::new(d)
            })
        })
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{d}")?;
        }
        write!(f, "}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_notation() {
        let cell = Cell::new(2, 4, 9);
        assert_eq!(cell.to_string(), "r3c5");
        assert_eq!(Lit::place(cell, Digit::new(7)).to_string(), "r3c5=7");
        assert_eq!(format!("{:?}", Lit::elim(cell, Digit::new(7))), "r3c5≠7");
        let unit = Unit { kind: UnitKind::Box, index: 1 };
        assert_eq!(unit.to_string(), "box 2");
    }

    #[test]
    fn orders_from_sizes() {
        assert_eq!(Order::from_cell_count(81).unwrap().n(), 3);
        assert_eq!(Order::from_cell_count(4096).unwrap().side(), 64);
        assert!(Order::from_cell_count(80).is_err());
        assert!(Order::new(9).is_err());
        assert!(Order::new(1).is_err());
    }

    #[test]
    fn candidate_sets() {
        let all = Candidates::full(64);
        assert_eq!(all.len(), 64);
        let s = Candidates::full(9).without(Digit::new(3));
        assert_eq!(s.len(), 8);
        assert!(!s.contains(Digit::new(3)));
        assert_eq!(Candidates(1 << 4).single(), Some(Digit::new(5)));
        assert_eq!(format!("{:?}", Candidates(0b101)), "{1 3}");
        assert_eq!(s.iter().count(), 8);
    }
}
