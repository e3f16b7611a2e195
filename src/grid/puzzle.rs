//! `Grid`: a (partial) assignment of digits to cells — a puzzle or a solution.

use super::geometry::Geometry;
use super::parse::Alphabet;
use super::types::{Cell, Digit, Order};
use std::fmt;

/// Symbols of the canonical one-line form: blank, then digits 1.. (up to 35).
const SYMBOLS: &[u8] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// [`SYMBOLS`] for every byte value (`?` past the last, which no grid of side below
/// `SYMBOLS.len()` holds): indexed by a `u8`, a lookup needs no bounds test, and the line of
/// a grid, written for every certificate's header and claim, is one load per cell.
const SYMBOL_OF: [u8; 256] = {
    let mut table = [b'?'; 256];
    let mut v = 0;
    while v < SYMBOLS.len() {
        table[v] = SYMBOLS[v];
        v += 1;
    }
    table
};

/// A grid whose values are not a well-formed grid of an order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A value above `N`.
    #[error("value {value} at {cell} is out of range 0..={side}")]
    ValueOutOfRange {
        /// Where.
        cell: Cell,
        /// The value.
        value: usize,
        /// `N`.
        side: usize,
    },
    /// The value count is not `N²`.
    #[error("expected {expected} cells, found {found}")]
    Length {
        /// `N²`.
        expected: usize,
        /// What was given.
        found: usize,
    },
}

/// A grid of one order; each cell holds a digit or is empty.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    order: Order,
    values: Vec<u8>,
}

impl Grid {
    /// The empty grid of `order`.
    pub fn empty(order: Order) -> Grid {
        Grid { order, values: vec![0; order.cells()] }
    }

    /// A grid from row-major values, `0` for empty.
    pub fn from_values(order: Order, values: Vec<u8>) -> Result<Grid, PuzzleError> {
        if values.len() != order.cells() {
            return Err(PuzzleError::Length { expected: order.cells(), found: values.len() });
        }
        let side = order.side();
        if let Some(i) = values.iter().position(|&v| v as usize > side) {
            let cell = Cell::from_index(i, side);
            return Err(PuzzleError::ValueOutOfRange { cell, value: values[i] as usize, side });
        }
        Ok(Grid { order, values })
    }

    /// The order.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The digit at `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        match self.values[cell.index()] {
            0 => None,
            v => Some(Digit::new(v as usize)),
        }
    }

    /// Put `digit` (or nothing) at `cell`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.values[cell.index()] = digit.map_or(0, |d| d.get() as u8);
    }

    /// Row-major values, `0` for empty.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The filled cells with their digits.
    pub fn filled(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        let side = self.order.side();
        self.values
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0)
            .map(move |(i, &v)| (Cell::from_index(i, side), Digit::new(v as usize)))
    }

    /// Number of filled cells.
    pub fn filled_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Whether no digit repeats within a unit.
    pub fn is_consistent(&self) -> bool {
        let geo = Geometry::of(self.order);
        (0..geo.unit_count()).all(|u| {
            let mut seen = 0u64;
            geo.unit_cells(u).iter().all(|&c| match self.get(c) {
                None => true,
                Some(d) => {
                    let fresh = seen & d.bit() == 0;
                    seen |= d.bit();
                    fresh
                }
            })
        })
    }

    /// Whether `self` is a complete, consistent grid agreeing with `givens`.
    pub fn solves(&self, givens: &Grid) -> bool {
        self.order == givens.order
            && self.is_complete()
            && self.is_consistent()
            && givens.filled().all(|(c, d)| self.get(c) == Some(d))
    }

    /// The canonical one-line form: `.` and `1-9A-Z` up to 35×35, otherwise
    /// whitespace-separated integers with `0` for empty. The checker reads both.
    pub fn to_line(&self) -> String {
        if self.order.side() < SYMBOLS.len() {
            // Bytes, not chars: a `char` pushed to a `String` is encoded one by one.
            let bytes = self.values.iter().map(|&v| SYMBOL_OF[usize::from(v)]).collect();
            String::from_utf8(bytes).expect("the symbols are ASCII")
        } else {
            let words: Vec<String> =
                self.values.iter().map(std::string::ToString::to_string).collect();
            words.join(" ")
        }
    }

    /// The symbol of one value in the canonical alphabet (numbers beyond 35).
    pub fn symbol(&self, value: u8) -> String {
        if self.order.side() < SYMBOLS.len() {
            (SYMBOLS[value as usize] as char).to_string()
        } else if value == 0 {
            ".".to_string()
        } else {
            value.to_string()
        }
    }
}

impl Grid {
    /// The symbol of `value` in `alphabet` (the user's, for output), else the canonical one.
    pub fn symbol_in(&self, value: u8, alphabet: &Alphabet) -> String {
        match alphabet.symbol(value) {
            Some(ch) if !alphabet.is_standard() => ch.to_string(),
            _ => self.symbol(value),
        }
    }

    /// The one-line form in `alphabet`: what the user typed reads back (`0-9a-f` gives
    /// `f`, not `G`). The standard alphabet, or one lacking a digit, gives [`Grid::to_line`].
    pub fn to_line_in(&self, alphabet: &Alphabet) -> String {
        let all = self.values.iter().all(|&v| v == 0 || alphabet.symbol(v).is_some());
        if alphabet.is_standard() || !all {
            return self.to_line();
        }
        self.values.iter().map(|&v| alphabet.symbol(v).unwrap_or('.')).collect()
    }

    /// The multi-line form (box separators) in `alphabet`.
    pub fn display_in(&self, alphabet: &Alphabet) -> String {
        self.layout(&|v| if v == 0 { ".".to_string() } else { self.symbol_in(v, alphabet) })
    }

    fn layout(&self, symbol: &dyn Fn(u8) -> String) -> String {
        let (n, side) = (self.order.n(), self.order.side());
        let texts: Vec<String> = self.values.iter().map(|&v| symbol(v)).collect();
        let least = if side < SYMBOLS.len() { 1 } else { 2 };
        let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1).max(least);
        let mut out = String::new();
        for r in 0..side {
            if r > 0 && r % n == 0 {
                let dashes = vec!["-".repeat((width + 1) * n - 1); n];
                out.push_str(&dashes.join("-+-"));
                out.push('\n');
            }
            for c in 0..side {
                if c > 0 {
                    out.push_str(if c % n == 0 { " | " } else { " " });
                }
                out.push_str(&format!("{:>width$}", texts[r * side + c]));
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Grid {
    /// The multi-line form, with box separators.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.layout(&|v| self.symbol(v)))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid4(line: &str) -> Grid {
        let values = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        Grid::from_values(Order::new(2).unwrap(), values).unwrap()
    }

    #[test]
    fn canonical_line_round_trip_and_validity() {
        let solved = grid4("1234341221434321");
        assert_eq!(solved.to_line(), "1234341221434321");
        assert!(solved.is_complete() && solved.is_consistent());
        let puzzle = grid4("1.3.............");
        assert!(solved.solves(&puzzle));
        assert!(!grid4("1134341221434321").is_consistent());
    }

    #[test]
    fn rejects_out_of_range_values() {
        let err = Grid::from_values(Order::new(2).unwrap(), vec![5; 16]).unwrap_err();
        assert_eq!(err.to_string(), "value 5 at r1c1 is out of range 0..=4");
    }

    #[test]
    fn big_orders_use_integers() {
        let g = Grid::empty(Order::new(6).unwrap());
        assert!(g.to_line().starts_with("0 0 0"));
    }
}
