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
        if let Some(cells) = valid_compact_ascii(text, geo) {
            return Ok(GridValues { cells });
        }
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
        // `contains` on bytes is a vector search: a full grid, the common case, is one.
        if !self.cells.contains(&0) {
            return None;
        }
        self.cells.iter().position(|&v| v == 0).map(|i| geo.cell_of_index(i))
    }

    /// The first unit (rows, columns, boxes) repeating a digit, with that digit.
    pub(crate) fn first_repeat(&self, geo: &Geometry) -> Option<(Unit, u8)> {
        if self.every_unit_full(geo) {
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

    /// Whether every unit holds all `N` digits, so that none repeats one (`N` cells, `N`
    /// distinct digits): one pass over the cells, ORing each digit into its row's, column's
    /// and box's set, without a test per cell (a valid grid, the common case, needs no more;
    /// otherwise [`Self::first_repeat`] scans for the first repeat in unit order, and finds
    /// none when the grid only has blanks). The cells are walked band by band, row by row,
    /// box segment by segment, so each cell's three units are counted, not divided out (this
    /// test is part of every solution claim's fixed cost).
    fn every_unit_full(&self, geo: &Geometry) -> bool {
        let (side, n) = (usize::from(geo.side()), usize::from(geo.order()));
        // On the stack: the digit sets of every unit of the largest grid (two allocations
        // were a tenth of this test). A box segment's digits are gathered in a register and
        // added to its row and its box once; only the columns take one store per cell.
        // Indices are below 64 (`N ≤ 64`); masked so, they need no bounds test.
        let (mut rows, mut cols, mut boxes) = ([0u64; 64], [0u64; 64], [0u64; 64]);
        for (band, band_cells) in self.cells.chunks(n * side).enumerate() {
            for (i, row_cells) in band_cells.chunks(side).enumerate() {
                for (stack, segment) in row_cells.chunks(n).enumerate() {
                    let mut digits = 0;
                    for (j, &v) in segment.iter().enumerate() {
                        let bit = digit_bit(v);
                        cols[(stack * n + j) & 63] |= bit;
                        digits |= bit;
                    }
                    rows[(band * n + i) & 63] |= digits;
                    boxes[(band * n + stack) & 63] |= digits;
                }
            }
        }
        let full = geo.all_positions();
        let units = rows.iter().zip(&cols).zip(&boxes).take(side);
        units.fold(true, |all, ((&r, &c), &b)| all & (r == full) & (c == full) & (b == full))
    }

    /// The first cell where both grids are filled and differ: `(cell, self's, other's)`.
    pub(crate) fn first_conflict(
        &self,
        other: &GridValues,
        geo: &Geometry,
    ) -> Option<(CellRef, u8, u8)> {
        let conflict = |(&a, &b): (&u8, &u8)| (a != 0) & (b != 0) & (a != b);
        let pairs = self.cells.iter().zip(&other.cells);
        // First whether there is any, without a branch per cell (which cells are givens
        // follows no pattern: a test per cell mispredicted, 2 % of solving and checking pe96);
        // then where.
        if !pairs.clone().fold(false, |any, pair| any | conflict(pair)) {
            return None;
        }
        pairs
            .enumerate()
            .find_map(|(i, (&a, &b))| conflict((&a, &b)).then(|| (geo.cell_of_index(i), a, b)))
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
    // Without a branch: `d − 1` wraps to 255 for a blank, and no shift past 63 is made.
    1u64.checked_shl(u32::from(d.wrapping_sub(1))).unwrap_or(0)
}

/// The grid when `text` is `N²` ASCII symbols of the compact form, every value at most `N`
/// (every grid the engine writes): one table load per byte, no decoding, no branch per cell.
/// `None` for anything else, which [`GridValues::parse`] then reads again symbol by symbol,
/// to accept it or name its first fault (a non-ASCII byte or whitespace is never a symbol
/// here, so the integer form and Unicode text are always read the slow way).
fn valid_compact_ascii(text: &str, geo: &Geometry) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    if bytes.len() != geo.cell_count() {
        return None;
    }
    // Two loops: the table lookups, independent of each other, then the largest value, which
    // the compiler reads sixteen or more at a time (a running maximum in the first loop made
    // every lookup wait for the one before: 2.5 % of solving and checking pe96).
    let cells: Vec<u8> = bytes.iter().map(|&byte| ASCII_VALUE[usize::from(byte)]).collect();
    let largest = cells.iter().fold(0, |largest, &value| largest.max(value));
    (largest <= geo.side()).then_some(cells)
}

/// Marks a byte of [`ASCII_VALUE`] that is no symbol of the compact form (above every `N`).
const NOT_A_SYMBOL: u8 = u8::MAX;

/// The compact form's value of each byte: what [`compact_value`] reads from it, or
/// [`NOT_A_SYMBOL`] (every byte past ASCII: a whole table, so that a lookup needs no bound
/// check).
const ASCII_VALUE: [u8; 256] = {
    let mut table = [NOT_A_SYMBOL; 256];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = match byte as u8 {
            b'.' => 0,
            b @ b'0'..=b'9' => b - b'0',
            b @ b'a'..=b'z' => b - b'a' + 10,
            b @ b'A'..=b'Z' => b - b'A' + 10,
            _ => NOT_A_SYMBOL,
        };
        byte += 1;
    }
    table
};

fn parse_compact(text: &str, geo: &Geometry) -> Result<Vec<u8>, GridFault> {
    check_length(text.chars().count(), geo)?;
    let side = geo.side();
    // A plain loop: collecting an iterator of `Result`s cost a call per cell.
    let mut cells = Vec::with_capacity(geo.cell_count());
    for (i, symbol) in text.chars().enumerate() {
        cells.push(compact_value(symbol, i + 1, side)?);
    }
    Ok(cells)
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
    fn the_byte_table_agrees_with_the_char_reading_on_every_ascii_symbol() {
        for side in [4, 9, 16, 25, 36, 64] {
            for byte in 0..128u8 {
                let by_char = compact_value(char::from(byte), 7, side).ok();
                let by_table = Some(ASCII_VALUE[usize::from(byte)]).filter(|&v| v <= side);
                assert_eq!(by_table, by_char, "{byte} with side {side}");
            }
        }
    }

    #[test]
    fn the_fast_reading_changes_no_answer() {
        let g = geo(2);
        let cases =
            ["1.3.02..........", "1.3.0g..........", "1.3.02.........", "1.3.02..........."];
        let more = [" 1 0 3 0 0 2 0 0 0 0 0 0 0 0 0 0", "1.3.02.........é", "1.3.02.......\t.."];
        for text in cases.into_iter().chain(more) {
            let slow = if text.contains(char::is_whitespace) {
                parse_integers(text, &g)
            } else {
                parse_compact(text, &g)
            };
            let slow =
                slow.map_err(|reason| CheckError::BadGrid { field: GridField::Puzzle, reason });
            let whole = GridValues::parse(text, &g, GridField::Puzzle).map(|v| v.cells);
            assert_eq!(whole, slow, "{text:?}");
        }
        assert!(valid_compact_ascii(cases[0], &g).is_some(), "the usual case is the fast one");
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
            assert!(valid.every_unit_full(&g) && valid.scan_repeat(&g).is_none());
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
