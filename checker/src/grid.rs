//! Grid strings, parsed again here: the compact form (`.`/`0` blank, `1-9`, then `A-Z` for
//! 10..35, letters in either case) or whitespace-separated decimal integers (`0` blank).
//!
//! Lengths are checked by counting before anything is allocated, so a huge string costs a scan,
//! never a huge buffer.

use std::fmt;

use crate::error::CheckError;
use crate::format::Unit;
use crate::geometry::Geometry;
use crate::notation::CellRef;

/// Which grid string an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridField {
    /// The header's `puzzle`.
    Puzzle,
    /// The givens the caller checks the proof against.
    Givens,
    /// The grid of a `Solution` claim.
    Solution,
    /// The grid of a `Consequences` claim.
    Consequences,
    /// The first grid of a `Multiple` claim.
    MultipleFirst,
    /// The second grid of a `Multiple` claim.
    MultipleSecond,
    /// The solution of a `Minimal` claim.
    MinimalSolution,
    /// The first grid of a `Minimal` claim's witness for the given at this cell.
    WitnessFirst(CellRef),
    /// The second grid of a `Minimal` claim's witness for the given at this cell.
    WitnessSecond(CellRef),
}

impl fmt::Display for GridField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GridField::Puzzle => "header: puzzle",
            GridField::Givens => "givens",
            GridField::Solution => "claim (Solution)",
            GridField::Consequences => "claim (Consequences)",
            GridField::MultipleFirst => "claim (Multiple, first grid)",
            GridField::MultipleSecond => "claim (Multiple, second grid)",
            GridField::MinimalSolution => "claim (Minimal, solution)",
            GridField::WitnessFirst(cell) => {
                return write!(f, "claim (Minimal, witness for {cell}, first grid)")
            }
            GridField::WitnessSecond(cell) => {
                return write!(f, "claim (Minimal, witness for {cell}, second grid)")
            }
        })
    }
}

/// Why a grid string does not parse; positions are 1-based symbol or token indices.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridFault {
    /// The string does not hold exactly `N²` symbols or tokens.
    #[error("has {found} cells, expected {expected}")]
    BadLength {
        /// `N²` for the proof's order.
        expected: usize,
        /// How many symbols or tokens the string holds.
        found: usize,
    },
    /// A symbol of the compact form that is not `.`, `0`-`9` or a letter.
    #[error("has symbol {symbol:?} at position {position}")]
    BadSymbol {
        /// 1-based index of the symbol.
        position: usize,
        /// The offending character.
        symbol: char,
    },
    /// A token of the integer form that is not a decimal number (shown truncated).
    #[error("has token {token:?} at position {position}, not a number")]
    BadToken {
        /// 1-based index of the token.
        position: usize,
        /// The offending token, at most 20 characters of it.
        token: String,
    },
    /// A digit above `N`.
    #[error("has value {value} at position {position}, above {side}")]
    ValueTooLarge {
        /// 1-based index of the cell.
        position: usize,
        /// The value read.
        value: u64,
        /// The grid's side `N`.
        side: u8,
    },
}

/// The values of a grid, row-major, `0` for blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GridValues {
    cells: Vec<u8>,
}

impl GridValues {
    /// Parses a grid string for the geometry's order.
    pub(crate) fn parse(text: &str, geo: &Geometry, field: GridField) -> Result<Self, CheckError> {
        let text = text.trim();
        let cells = if text.contains(char::is_whitespace) {
            parse_integers(text, geo)
        } else {
            parse_compact(text, geo)
        };
        cells
            .map(|cells| GridValues { cells })
            .map_err(|reason| CheckError::BadGrid { field, reason })
    }

    /// The value at a cell (0 = blank; also 0 for a cell outside the grid).
    pub(crate) fn get(&self, geo: &Geometry, cell: CellRef) -> u8 {
        self.cells.get(geo.index(cell)).copied().unwrap_or(0)
    }

    /// The first blank cell, if any.
    pub(crate) fn first_blank(&self, geo: &Geometry) -> Option<CellRef> {
        self.cells.iter().position(|&v| v == 0).map(|i| geo.cell_of_index(i))
    }

    /// The first unit (rows, columns, boxes) repeating a digit, with that digit.
    pub(crate) fn first_repeat(&self, geo: &Geometry) -> Option<(Unit, u8)> {
        if !self.has_repeat(geo) {
            return None;
        }
        self.scan_repeat(geo)
    }

    /// [`Self::first_repeat`] by scanning unit after unit.
    fn scan_repeat(&self, geo: &Geometry) -> Option<(Unit, u8)> {
        geo.units().find_map(|unit| {
            let mut seen = 0u64;
            geo.cells(unit).find_map(|cell| {
                let v = self.get(geo, cell);
                let bit = digit_bit(v);
                let repeated = seen & bit != 0;
                seen |= bit;
                repeated.then_some((unit, v))
            })
        })
    }

    /// Whether some unit repeats a digit: one pass over the cells with a digit set per row,
    /// column and box (a valid grid, the common case, needs no more); [`Self::first_repeat`]
    /// then names the first in unit order. Rows are walked in order, so a cell's box is its
    /// band's first box plus its column's box offset: no division per cell (this test is part
    /// of every solution claim's fixed cost).
    fn has_repeat(&self, geo: &Geometry) -> bool {
        let (side, n) = (usize::from(geo.side()), usize::from(geo.order()));
        let box_column: Vec<usize> = (0..side).map(|c| c / n).collect();
        let mut seen = vec![0u64; 3 * side];
        for (r, row) in self.cells.chunks(side).enumerate() {
            let band = side + (r / n) * n;
            for ((c, &v), &bc) in row.iter().enumerate().zip(&box_column) {
                for u in [r, side + c, side + band + bc] {
                    let Some(digits) = seen.get_mut(u) else { return true };
                    if *digits & digit_bit(v) != 0 {
                        return true;
                    }
                    *digits |= digit_bit(v);
                }
            }
        }
        false
    }

    /// The first cell where both grids are filled and differ: `(cell, self's, other's)`.
    pub(crate) fn first_conflict(
        &self,
        other: &GridValues,
        geo: &Geometry,
    ) -> Option<(CellRef, u8, u8)> {
        let pairs = self.cells.iter().zip(&other.cells);
        pairs.enumerate().find_map(|(i, (&a, &b))| {
            (a != 0 && b != 0 && a != b).then(|| (geo.cell_of_index(i), a, b))
        })
    }

    /// The first cell where the grids differ, blanks included: `(cell, self's, other's)`.
    pub(crate) fn first_difference(
        &self,
        other: &GridValues,
        geo: &Geometry,
    ) -> Option<(CellRef, u8, u8)> {
        let pairs = self.cells.iter().zip(&other.cells);
        pairs.enumerate().find_map(|(i, (&a, &b))| (a != b).then(|| (geo.cell_of_index(i), a, b)))
    }

    /// The same values with `cell` blank (the givens without one clue).
    pub(crate) fn without(&self, geo: &Geometry, cell: CellRef) -> GridValues {
        let mut cells = self.cells.clone();
        if let Some(v) = cells.get_mut(geo.index(cell)) {
            *v = 0;
        }
        GridValues { cells }
    }

    /// Every filled cell with its digit, in row-major order.
    pub(crate) fn filled<'a>(
        &'a self,
        geo: &'a Geometry,
    ) -> impl Iterator<Item = (CellRef, u8)> + 'a {
        let cells = self.cells.iter().enumerate();
        cells.filter(|(_, &v)| v != 0).map(|(i, &v)| (geo.cell_of_index(i), v))
    }

    /// The values, row-major, `0` for blank.
    pub(crate) fn values(&self) -> &[u8] {
        &self.cells
    }
}

/// The bit of digit `d` in a `u64` digit set (`d` in 1..=64); 0 for a blank.
pub(crate) fn digit_bit(d: u8) -> u64 {
    match d {
        1..=64 => 1u64 << (d - 1),
        _ => 0,
    }
}

fn parse_compact(text: &str, geo: &Geometry) -> Result<Vec<u8>, GridFault> {
    // ASCII text (every grid the engine writes) has one byte per symbol: counted by its length.
    let count = if text.is_ascii() { text.len() } else { text.chars().count() };
    check_length(count, geo)?;
    let side = geo.side();
    // A plain loop: collecting an iterator of `Result`s cost a call per cell (a tenth of
    // checking an easy 9×9 certificate went to reading its three grids). ASCII text (every
    // grid the engine writes) is read byte by byte: the same symbols as `char::to_digit(36)`
    // accepts, without decoding characters.
    let mut cells = Vec::with_capacity(geo.cell_count());
    if text.is_ascii() {
        for (i, &byte) in text.as_bytes().iter().enumerate() {
            cells.push(ascii_value(byte, i + 1, side)?);
        }
    } else {
        for (i, symbol) in text.chars().enumerate() {
            cells.push(compact_value(symbol, i + 1, side)?);
        }
    }
    Ok(cells)
}

/// [`compact_value`] for an ASCII symbol, without decoding it as a `char`.
fn ascii_value(byte: u8, position: usize, side: u8) -> Result<u8, GridFault> {
    let value = match byte {
        b'.' => 0,
        b'0'..=b'9' => byte - b'0',
        b'a'..=b'z' => byte - b'a' + 10,
        b'A'..=b'Z' => byte - b'A' + 10,
        _ => return Err(GridFault::BadSymbol { position, symbol: char::from(byte) }),
    };
    check_value(u64::from(value), position, side)
}

/// The value of one symbol of the compact form at 1-based `position`.
fn compact_value(symbol: char, position: usize, side: u8) -> Result<u8, GridFault> {
    let value = match symbol {
        '.' => 0,
        _ => symbol.to_digit(36).ok_or(GridFault::BadSymbol { position, symbol })?,
    };
    check_value(u64::from(value), position, side)
}

fn parse_integers(text: &str, geo: &Geometry) -> Result<Vec<u8>, GridFault> {
    check_length(text.split_whitespace().count(), geo)?;
    let side = geo.side();
    let values = text.split_whitespace().enumerate().map(|(i, token)| {
        let position = i + 1;
        let bad = || GridFault::BadToken { position, token: token.chars().take(20).collect() };
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        // A run of digits too long for u64 is still a (huge) number, not a malformed token.
        check_value(token.parse::<u64>().unwrap_or(u64::MAX), position, side)
    });
    values.collect()
}

fn check_length(found: usize, geo: &Geometry) -> Result<(), GridFault> {
    let expected = geo.cell_count();
    if found == expected {
        Ok(())
    } else {
        Err(GridFault::BadLength { expected, found })
    }
}

fn check_value(value: u64, position: usize, side: u8) -> Result<u8, GridFault> {
    match u8::try_from(value) {
        Ok(v) if v <= side => Ok(v),
        _ => Err(GridFault::ValueTooLarge { position, value, side }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geo(n: u8) -> Geometry {
        Geometry::new(n).expect("order in range")
    }

    fn parse(text: &str, n: u8) -> Result<GridValues, GridFault> {
        GridValues::parse(text, &geo(n), GridField::Puzzle).map_err(|e| match e {
            CheckError::BadGrid { reason, .. } => reason,
            other => panic!("unexpected error {other}"),
        })
    }

    #[test]
    fn compact_and_integer_forms_agree() {
        let compact = parse("1.3.0g..........", 2);
        assert_eq!(compact, Err(GridFault::ValueTooLarge { position: 6, value: 16, side: 4 }));
        let a = parse("1.3.02..........", 2).expect("compact");
        let b = parse(" 1 0 3 0\n0 2 0 0 0 0 0 0 0 0 0 0 ", 2).expect("integers");
        assert_eq!(a, b);
        assert_eq!(a.get(&geo(2), CellRef { r: 2, c: 2 }), 2);
        assert_eq!(a.first_blank(&geo(2)), Some(CellRef { r: 1, c: 2 }));
    }

    #[test]
    fn letters_are_digits_above_nine_in_either_case() {
        let mut text = "G".to_string();
        text.push('a');
        text.push_str(&".".repeat(254));
        let g = parse(&text, 4).expect("16x16");
        assert_eq!(g.get(&geo(4), CellRef { r: 1, c: 1 }), 16);
        assert_eq!(g.get(&geo(4), CellRef { r: 1, c: 2 }), 10);
    }

    #[test]
    fn the_byte_reading_agrees_with_the_char_reading_on_every_ascii_symbol() {
        for side in [4, 9, 16, 25, 36, 64] {
            for byte in 0..128u8 {
                let by_char = compact_value(char::from(byte), 7, side);
                assert_eq!(ascii_value(byte, 7, side), by_char, "{byte} with side {side}");
            }
        }
    }

    #[test]
    fn bad_strings_name_the_fault() {
        assert_eq!(parse("123", 2), Err(GridFault::BadLength { expected: 16, found: 3 }));
        let sym = parse("1.3.?...........", 2);
        assert_eq!(sym, Err(GridFault::BadSymbol { position: 5, symbol: '?' }));
        let tok = parse("1 2 x 0 0 0 0 0 0 0 0 0 0 0 0 0", 2);
        assert_eq!(tok, Err(GridFault::BadToken { position: 3, token: "x".to_string() }));
        let huge = parse("99999999999999999999999 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", 2);
        assert!(matches!(huge, Err(GridFault::ValueTooLarge { position: 1, .. })));
        let minus = parse("-1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", 2);
        assert!(matches!(minus, Err(GridFault::BadToken { position: 1, .. })));
    }

    #[test]
    fn repeats_and_conflicts_are_found() {
        let g = geo(2);
        let valid = parse("1234341221434321", 2).expect("valid");
        assert_eq!(valid.first_repeat(&g), None);
        let row_dup = parse("1134341221434321", 2).expect("parses");
        assert_eq!(row_dup.first_repeat(&g), Some((Unit::Row(1), 1)));
        let partial = parse("2...............", 2).expect("parses");
        assert_eq!(valid.first_conflict(&partial, &g), Some((CellRef { r: 1, c: 1 }, 1, 2)));
        assert_eq!(valid.first_difference(&valid, &g), None);
        assert_eq!(partial.filled(&g).count(), 1);
    }

    /// The one-pass test agrees with the scan on every grid one cell away from a valid one
    /// (a repeat in a row, a column, a box, or none), on 4×4 and 9×9.
    #[test]
    fn the_fast_repeat_test_agrees_with_the_scan() {
        let grids = [
            (2, "1234341221434321"),
            (
                3,
                "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            ),
        ];
        let mut repeats = 0;
        for (n, text) in grids {
            let (g, valid) = (geo(n), parse(text, n).expect("a valid grid"));
            assert!(!valid.has_repeat(&g) && valid.scan_repeat(&g).is_none());
            for i in 0..g.cell_count() {
                for v in 0..=g.side() {
                    let mut grid = valid.clone();
                    grid.cells[i] = v;
                    let fast = grid.first_repeat(&g);
                    assert_eq!(fast, grid.scan_repeat(&g), "cell {i} = {v}");
                    repeats += usize::from(fast.is_some());
                }
            }
        }
        assert!(repeats > 600, "{repeats} mutated grids repeat a digit");
    }
}
