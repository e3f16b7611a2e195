//! Puzzle text input: every format of `data/`, streamed one puzzle at a time.
//!
//! The input is read line by line (CRLF and LF alike, a leading BOM dropped). Each line
//! outside a multi-line grid is classified by these rules, in order:
//!
//! 1. A blank line, or one starting with `#`, is skipped.
//! 2. `Grid NN` (any case) is a Project Euler header: a multi-line grid follows, and the
//!    header text becomes the puzzle's note.
//! 3. With [`ParseOptions::csv_column`] set, the line is a CSV record: that field (1-based,
//!    split at `,`) is a one-line puzzle and the other fields, joined by `,`, its note.
//! 4. Otherwise the *puzzle token* is the line's first run of characters up to whitespace
//!    or one of `, ; : #`. If its length is a valid cell count (16, 81, 256, 625, 1296, 2401,
//!    4096), the line is a one-line puzzle and the text after the token, less one leading
//!    separator, is its note (`puzzle:1:solution` keeps `1:solution`, `puzzle # x` keeps `x`).
//!    Exception: a bare 16-symbol token holding a digit above 4 is no 4x4 puzzle, so it is
//!    read as the first row of a 16x16 grid (rule 5).
//! 5. Otherwise, if the line read as a grid row has a valid side's worth of cells (4, 9, 16,
//!    25, 36, 49, 64), it is the first row of a multi-line grid of that side.
//!    Failing that, if it has a valid cell count of cells, it is a whole puzzle on one line
//!    in row form: this reads [`Grid::to_line`] of 36x36 and larger grids (integers).
//! 6. Anything else is an error for that line: a wrong row length when the line has
//!    several words and at most 64 cells, else a bad symbol or wrong cell count in its token.
//!
//! **Rows of multi-line grids.** A row is in *integer form* when it has at least two words
//! (split at whitespace and `|`), every word is `.`, `0` or a number 1..=64 without a
//! leading zero, and one word has two digits; numbers are digits, `0` and `.` blanks,
//! whatever the alphabet. Any other row is in *symbol form*: one alphabet symbol per cell,
//! with whitespace and the box separators `|`, `+`, `-` ignored (a row of single digits
//! reads the same both ways). A grid takes exactly as many rows as its first row has
//! cells; `#` lines and separator lines (`---+---`) inside it are skipped. A blank line, a
//! `Grid NN` header, or a line too wide for any row (over 64 cells) ends a grid early: it
//! is then reported incomplete and that line read afresh. A grid with a bad row is
//! reported once, at its first problem, after its last row.
//!
//! **CSV headers.** The first record of the input is a header, and skipped, when it
//! contains a comma, its puzzle field fails to parse, and that field holds an ASCII letter
//! but no blank symbol (`DIFFICULTY,VOLUME,BOOK,NUMBER,PUZZLE`, `quizzes,solutions`): a
//! puzzle has blanks, a header has words. A later such line is an error like any other.
//!
//! **Errors** ([`ParseError`]) carry the 1-based line and column (in characters) and the
//! offending symbol; the iterators yield one per malformed puzzle and go on with the next.
//! An input with no puzzle at all yields a single [`ParseErrorKind::Empty`].

mod alphabet;
mod cells;
mod error;
mod machine;
mod records;

pub use alphabet::Alphabet;
pub use error::{ParseError, ParseErrorKind};

use super::Grid;
use machine::Machine;
use std::borrow::Borrow;
use std::io::{self, BufRead, Read};

/// How to read puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// The symbols of digits and blanks.
    pub alphabet: Alphabet,
    /// Read every line as a CSV record whose field number `k` (1-based) is the puzzle.
    pub csv_column: Option<usize>,
}

/// A puzzle read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPuzzle {
    /// The givens.
    pub grid: Grid,
    /// The 1-based line where the puzzle starts (a `Grid NN` header's line, if any).
    pub line: usize,
    /// The text that came with the puzzle: trailing fields, label, or header.
    pub note: Option<String>,
}

/// Every puzzle of `text`, in order; malformed ones as errors, the rest still read.
pub fn parse_puzzles<'a>(
    text: &'a str,
    opts: &'a ParseOptions,
) -> impl Iterator<Item = Result<ParsedPuzzle, ParseError>> + 'a {
    Puzzles::new(opts, text.split('\n').map(Ok::<&str, io::Error>))
}

/// Every puzzle read from `reader`, one line in memory at a time (invalid UTF-8 is read
/// as U+FFFD and reported as a bad symbol; a read failure ends the iteration with an error).
pub fn read_puzzles<R: BufRead>(
    reader: R,
    opts: ParseOptions,
) -> impl Iterator<Item = Result<ParsedPuzzle, ParseError>> {
    Puzzles::new(opts, ReaderLines { reader, buf: Vec::new() })
}

/// Exactly one puzzle from `text` (an inline string or a whole file).
pub fn parse_one(text: &str, opts: &ParseOptions) -> Result<ParsedPuzzle, ParseError> {
    let mut puzzles = parse_puzzles(text, opts);
    let first = match puzzles.next() {
        Some(item) => item?,
        None => return Err(ParseError::new(1, 1, None, ParseErrorKind::Empty)),
    };
    match puzzles.next() {
        None => Ok(first),
        Some(Err(e)) => Err(e),
        Some(Ok(second)) => {
            Err(ParseError::new(second.line, 1, None, ParseErrorKind::TooManyPuzzles))
        }
    }
}

/// The iterator behind [`parse_puzzles`] and [`read_puzzles`]: lines in, puzzles out.
struct Puzzles<O, L> {
    machine: Machine<O>,
    lines: L,
    line_no: usize,
    done: bool,
}

impl<O: Borrow<ParseOptions>, L> Puzzles<O, L> {
    fn new(opts: O, lines: L) -> Self {
        Puzzles { machine: Machine::new(opts), lines, line_no: 0, done: false }
    }
}

impl<O, L, S> Iterator for Puzzles<O, L>
where
    O: Borrow<ParseOptions>,
    L: Iterator<Item = io::Result<S>>,
    S: AsRef<str>,
{
    type Item = Result<ParsedPuzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.machine.pop() {
                return Some(item);
            }
            if self.done {
                return None;
            }
            match self.lines.next() {
                Some(Ok(line)) => {
                    self.line_no += 1;
                    self.machine.feed(self.line_no, line.as_ref());
                }
                Some(Err(e)) => {
                    self.done = true;
                    let kind = ParseErrorKind::Io(e.to_string());
                    self.machine.fail(ParseError::new(self.line_no + 1, 1, None, kind));
                }
                None => {
                    self.done = true;
                    self.machine.finish();
                }
            }
        }
    }
}

/// The longest line a reader may hold: a 64x64 grid in integer form on one line, with a
/// note, is some 20 KB; anything near this is not a puzzle, and reading stops there rather
/// than buffer an endless line (a device, a binary file) without bound.
pub const MAX_LINE_BYTES: u64 = 16 << 20;

/// Lines of a reader without their `\n`, decoded leniently.
struct ReaderLines<R> {
    reader: R,
    buf: Vec<u8>,
}

impl<R: BufRead> Iterator for ReaderLines<R> {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<Self::Item> {
        self.buf.clear();
        let mut line = (&mut self.reader).take(MAX_LINE_BYTES + 1);
        match line.read_until(b'\n', &mut self.buf) {
            Ok(0) => None,
            Ok(n) if n as u64 > MAX_LINE_BYTES => Some(Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("a line longer than {MAX_LINE_BYTES} bytes: no puzzle is that long"),
            ))),
            Ok(_) => {
                let line = self.buf.strip_suffix(b"\n").unwrap_or(&self.buf);
                Some(Ok(String::from_utf8_lossy(line).into_owned()))
            }
            Err(e) => Some(Err(e)),
        }
    }
}
