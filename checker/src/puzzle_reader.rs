//! Reading the one puzzle a certificate is checked against, from a file's text or an argument.
//!
//! Written for the checker, independently of the engine's parser, it reads the same formats:
//!
//! * lines are split at `\n` (a `\r` before it dropped), a leading UTF-8 BOM is skipped, and
//!   blank lines and lines starting with `#` are comments;
//! * `Grid NN` (Project Euler) starts a grid whose rows follow;
//! * a *one-line puzzle*: the line's first run of characters up to whitespace or `, ; : #`
//!   has one of the cell counts 16, 81, …, 4096, one symbol per cell; the rest of the line is
//!   a note. A bare 16-symbol run with a digit above 4 is no 4×4 puzzle but a 16×16 row;
//! * otherwise the line is read as a *row*: one symbol per cell (whitespace and `| + -`
//!   ignored), or whitespace- or `|`-separated numbers (`0`/`.` blank) when every word is a
//!   cell number, one has two digits, and that reading gives a grid width. A row of side
//!   `N` starts a grid of `N` rows (`#` and `---+---` lines inside it skipped; a blank line
//!   ends it); a row of `N²` cells is a whole puzzle on one line;
//! * with a CSV column `k`, each record's field `k` is a one-line puzzle, and a first
//!   record whose field is words (a letter, no blank) is a header.
//!
//! **Exactly one puzzle**: after it, only blank and comment lines may follow. A second
//! puzzle, a note line, a stray row: anything the reader does not consume is refused, so a
//! certificate can never be verified against part of a file.
//!
//! Memory stays within a small constant of the input: counts come first, and no line is
//! turned into more than 4,096 cells.

use crate::alphabet::Alphabet;
use crate::puzzle_cells::{check_digits, is_side, is_wide_row, row, side_of_cells, symbols};
pub use crate::puzzle_error::PuzzleError;

/// Characters that end the puzzle run of a one-line puzzle, besides whitespace.
const NOTE_MARKS: &[char] = &[',', ';', ':', '#'];

/// How to read a puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The digit and blank symbols.
    pub alphabet: Alphabet,
    /// Read records of comma-separated fields, the puzzle in field `k` (1-based).
    pub csv_column: Option<usize>,
}

/// The puzzle read: its side and its values, row-major, 0 for a blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Givens {
    pub(crate) side: usize,
    pub(crate) values: Vec<u8>,
}

impl Givens {
    /// The side `N` of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The values, row-major, 0 for a blank.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The grid as the checker's grid string (integers, so that every order reads back).
    pub fn to_grid_string(&self) -> String {
        let words: Vec<String> = self.values.iter().map(u8::to_string).collect();
        words.join(" ")
    }
}

/// Reads exactly one puzzle from `text`.
pub fn read_puzzle(text: &str, opts: &ReadOptions) -> Result<Givens, PuzzleError> {
    // Any number of BOMs, as an editor that adds one to a file that had one leaves them.
    let text = text.trim_start_matches('\u{feff}');
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).zip(1..);
    let givens = first_puzzle(&mut lines, opts)?;
    match next_content(&mut lines) {
        Some((_, line)) => Err(PuzzleError::Trailing { line }),
        None => Ok(givens),
    }
}

/// The numbered lines of the input.
type Lines<'a> = dyn Iterator<Item = (&'a str, usize)> + 'a;

/// The next line that is not a comment.
fn next_content<'a>(lines: &mut Lines<'a>) -> Option<(&'a str, usize)> {
    loop {
        let (line, n) = lines.next()?;
        if !is_comment(line) {
            return Some((line, n));
        }
    }
}

/// Blank or `#` lines.
fn is_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

fn first_puzzle(lines: &mut Lines<'_>, opts: &ReadOptions) -> Result<Givens, PuzzleError> {
    let mut first_record = true;
    while let Some((line, n)) = next_content(lines) {
        if is_grid_header(line) {
            return rest_of_grid(lines, opts, n, None);
        }
        let record = match opts.csv_column {
            Some(column) => csv_record(line, n, column, &opts.alphabet),
            None => plain_line(line, n, &opts.alphabet),
        };
        let (result, field) = match record {
            Record::FirstRow(row) => return rest_of_grid(lines, opts, n, Some(row?)),
            Record::Line(result, field) => (result, field),
        };
        let header = first_record
            && result.is_err()
            && line.contains(',')
            && is_header_field(field, &opts.alphabet);
        if !header {
            return result;
        }
        first_record = false;
    }
    Err(PuzzleError::Empty)
}

/// What a content line outside a grid is.
enum Record<'a> {
    /// The first row of a multi-line grid, or its problem.
    FirstRow(Result<Vec<u8>, PuzzleError>),
    /// A puzzle on one line, or why the line is none; with the field a header would be.
    Line(Result<Givens, PuzzleError>, &'a str),
}

/// `Grid 01`, any case.
fn is_grid_header(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let grid = words.next().is_some_and(|w| w.eq_ignore_ascii_case("grid"));
    let number = words.next().is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()));
    grid && number && words.next().is_none()
}

/// A header record (`DIFFICULTY,…,PUZZLE`, `quizzes,solutions`): its field is words, with a
/// letter and no blank symbol, where a puzzle has blanks.
fn is_header_field(field: &str, alphabet: &Alphabet) -> bool {
    field.chars().any(|c| c.is_ascii_alphabetic())
        && !field.chars().any(|c| alphabet.value(c) == Some(0))
}

/// A line read without CSV: a one-line puzzle, a first row, or a whole puzzle in row form.
fn plain_line<'a>(line: &'a str, n: usize, alphabet: &Alphabet) -> Record<'a> {
    let start = line.len() - line.trim_start().len();
    let rest = &line[start..];
    let end = rest.find(|c: char| c.is_whitespace() || NOTE_MARKS.contains(&c));
    let run = &rest[..end.unwrap_or(rest.len())];
    let count = run.chars().count();
    let note = rest[run.len()..].trim_start();
    let bare = note.strip_prefix(NOTE_MARKS).unwrap_or(note).trim().is_empty();
    if side_of_cells(count).is_some() && !(bare && is_wide_row(run, count, alphabet)) {
        let column0 = line[..start].chars().count();
        return Record::Line(symbols(run, column0, count, n, alphabet), run);
    }
    let (found, cells) = row(line, n, alphabet, |k| side_of_cells(k).is_some() || is_side(k));
    if is_side(found) {
        return Record::FirstRow(cells);
    }
    let whole = match side_of_cells(found) {
        Some(side) => cells.and_then(|values| {
            check_digits(&values, side, n)?;
            Ok(Givens { side, values })
        }),
        None => Err(PuzzleError::Shape { line: n, found }),
    };
    Record::Line(whole, run)
}

/// The rows after a header (`first` = None) or after a first row, up to the grid's side.
fn rest_of_grid(
    lines: &mut Lines<'_>,
    opts: &ReadOptions,
    start: usize,
    first: Option<Vec<u8>>,
) -> Result<Givens, PuzzleError> {
    let mut side = first.as_ref().map(Vec::len);
    let (mut values, mut rows) = (Vec::new(), 0);
    if let Some(row) = first {
        check_digits(&row, row.len(), start)?;
        values.extend(row);
        rows = 1;
    }
    while side.map_or(true, |s| rows < s) {
        let Some((line, n)) = lines.next() else { break };
        let trimmed = line.trim();
        let skipped = trimmed.starts_with('#') || is_separator(trimmed);
        if skipped || (trimmed.is_empty() && side.is_none()) {
            continue;
        }
        if trimmed.is_empty() {
            break;
        }
        let (found, cells) = row(line, n, &opts.alphabet, |k| side.map_or(is_side(k), |s| s == k));
        let width = *side.get_or_insert(found);
        if found != width || !is_side(width) {
            return Err(PuzzleError::RowWidth { line: n, found, side: width });
        }
        let cells = cells?;
        check_digits(&cells, width, n)?;
        values.extend(cells);
        rows += 1;
    }
    match side {
        Some(s) if rows == s => Ok(Givens { side: s, values }),
        _ => Err(PuzzleError::Incomplete { line: start, found: rows, side: side.unwrap_or(0) }),
    }
}

/// `---+---`, `=====`: a box separator line.
fn is_separator(trimmed: &str) -> bool {
    !trimmed.is_empty() && trimmed.chars().all(|c| matches!(c, '-' | '+' | '|' | '=' | ' '))
}

/// One CSV record: field `column` (1-based, split at `,`, trimmed) is a one-line puzzle.
fn csv_record<'a>(line: &'a str, n: usize, column: usize, alphabet: &Alphabet) -> Record<'a> {
    let fields = || line.split(',');
    let Some(field) = column.checked_sub(1).and_then(|k| fields().nth(k)) else {
        let missing = PuzzleError::CsvColumn { line: n, column, fields: fields().count() };
        return Record::Line(Err(missing), "");
    };
    let run = field.trim();
    let before: usize = fields().take(column - 1).map(|f| f.chars().count() + 1).sum();
    let column0 = before + field.chars().count() - field.trim_start().chars().count();
    Record::Line(symbols(run, column0, run.chars().count(), n, alphabet), run)
}
