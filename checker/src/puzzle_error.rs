//! Why a puzzle input is refused, with the line (and column) at fault.

/// Why the text holds no usable puzzle; lines are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// No puzzle at all.
    #[error("no puzzle found")]
    Empty,
    /// A character that is neither a digit nor a blank of the alphabet.
    #[error("line {line}, column {column}: {symbol:?} is not a digit or blank")]
    Symbol {
        /// The line.
        line: usize,
        /// The 1-based column, in characters.
        column: usize,
        /// The character.
        symbol: char,
    },
    /// A digit larger than the grid's side.
    #[error("line {line}: digit {digit} is too large for a {side}x{side} grid")]
    DigitTooLarge {
        /// The line.
        line: usize,
        /// The digit.
        digit: usize,
        /// The grid's side.
        side: usize,
    },
    /// A line that is no puzzle, no grid row and no header.
    #[error(
        "line {line}: {found} cells make no puzzle (16, 81, … 4096) and no grid row (4, 9, … 64)"
    )]
    Shape {
        /// The line.
        line: usize,
        /// The cells read on it.
        found: usize,
    },
    /// A row whose width is not the grid's side.
    #[error("line {line}: a row of {found} cells in a grid of side {side}")]
    RowWidth {
        /// The line.
        line: usize,
        /// The cells read.
        found: usize,
        /// The grid's side.
        side: usize,
    },
    /// A grid that ends before its last row.
    #[error("line {line}: the grid ends after {found} of {side} rows")]
    Incomplete {
        /// The line where the grid started.
        line: usize,
        /// Rows read.
        found: usize,
        /// Rows needed (0 if not even one row followed a header).
        side: usize,
    },
    /// A CSV record without the puzzle's column.
    #[error("line {line}: CSV column {column} missing (the record has {fields} fields)")]
    CsvColumn {
        /// The line.
        line: usize,
        /// The 1-based column asked for.
        column: usize,
        /// The fields of the record.
        fields: usize,
    },
    /// Content after the puzzle: the input must hold exactly one.
    #[error("line {line}: more after the puzzle (a second puzzle or stray text); the input must hold exactly one puzzle")]
    Trailing {
        /// The first line not consumed.
        line: usize,
    },
}
