//! Parse errors: where (file, line, column, symbol) and what went wrong.

use std::fmt;

/// What is wrong with one puzzle of the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// A character that is neither a digit of the alphabet nor a blank.
    #[error("unexpected symbol {symbol:?} (expected {expected})")]
    BadSymbol {
        /// The offending character.
        symbol: char,
        /// What the alphabet accepts, in words.
        expected: String,
    },
    /// A one-line puzzle whose length is no supported cell count.
    #[error("wrong cell count: found {found}, expected {}", describe_counts(.nearest))]
    WrongCellCount {
        /// Cells found.
        found: usize,
        /// The valid cell counts closest to `found`, closest first.
        nearest: Vec<usize>,
    },
    /// A line that looks like the first row of a grid but has no supported width.
    #[error("wrong row length: found {found} cells, a grid row has {}", describe_sides(.nearest))]
    WrongRowLength {
        /// Cells found in the row.
        found: usize,
        /// The valid sides closest to `found`, closest first.
        nearest: Vec<usize>,
    },
    /// A digit above the side `N` of the grid its line belongs to.
    #[error(
        "`{symbol}` is digit {digit}, too large for a {side}x{side} grid (digits 1 to {side})"
    )]
    DigitTooLarge {
        /// The symbol as written (`x`, `10`).
        symbol: String,
        /// The digit read.
        digit: usize,
        /// The side of the inferred grid.
        side: usize,
    },
    /// The input holds no puzzle at all.
    #[error("empty input: no puzzle found")]
    Empty,
    /// A row of a multi-line grid whose width differs from the first row's.
    #[error("ragged rows: row {row} has {found} cells, expected {expected}")]
    Ragged {
        /// 1-based row within the grid.
        row: usize,
        /// Cells found in that row.
        found: usize,
        /// The side set by the first row.
        expected: usize,
    },
    /// A multi-line grid that ended before its last row.
    #[error("incomplete grid: found {found} of {expected} rows")]
    IncompleteGrid {
        /// Rows read.
        found: usize,
        /// Rows needed (0 when a `Grid NN` header had no row at all).
        expected: usize,
    },
    /// A CSV record without the requested column.
    #[error("CSV column {column} missing: the record has {fields} field(s)")]
    CsvColumnMissing {
        /// The requested 1-based column.
        column: usize,
        /// Fields in the record.
        fields: usize,
    },
    /// A second puzzle where exactly one was expected.
    #[error("more than one puzzle: expected exactly one")]
    TooManyPuzzles,
    /// The reader failed.
    #[error("read error: {0}")]
    Io(String),
}

/// A parse error located in the input: 1-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// The file name, when the caller knows it (see [`ParseError::with_file`]).
    pub file: Option<String>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// The offending symbol, if one character is to blame.
    pub symbol: Option<char>,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// An error at `line`, `column` with no file name.
    pub fn new(line: usize, column: usize, symbol: Option<char>, kind: ParseErrorKind) -> Self {
        ParseError { file: None, line, column, symbol, kind }
    }

    /// The same error, naming the file it came from.
    pub fn with_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }
}

impl fmt::Display for ParseError {
    /// `file:line:column: message`, as compilers print it (`line:column: …` without a file).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

/// "81 (9x9) or 16 (4x4)".
fn describe_counts(counts: &[usize]) -> String {
    let words: Vec<String> = counts
        .iter()
        .map(|&c| {
            let side = (c as f64).sqrt().round() as usize;
            format!("{c} ({side}x{side})")
        })
        .collect();
    words.join(" or ")
}

/// "9 or 16 cells".
fn describe_sides(sides: &[usize]) -> String {
    let words: Vec<String> = sides.iter().map(std::string::ToString::to_string).collect();
    format!("{} cells", words.join(" or "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_line_column_and_symbol() {
        let kind = ParseErrorKind::BadSymbol {
            symbol: 'x',
            expected: "a digit 1-9, A-Z or a blank . 0".into(),
        };
        let err = ParseError::new(3, 17, Some('x'), kind).with_file("puzzles.txt");
        assert_eq!(
            err.to_string(),
            "puzzles.txt:3:17: unexpected symbol 'x' (expected a digit 1-9, A-Z or a blank . 0)"
        );
        let count = ParseErrorKind::WrongCellCount { found: 80, nearest: vec![81, 16] };
        assert_eq!(
            ParseError::new(1, 1, None, count).to_string(),
            "1:1: wrong cell count: found 80, expected 81 (9x9) or 16 (4x4)"
        );
    }
}
