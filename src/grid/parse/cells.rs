//! Reading cells out of text: one-line puzzle tokens and rows of multi-line grids.

use super::alphabet::Alphabet;
use super::error::{ParseError, ParseErrorKind};
use crate::grid::Order;

/// Characters that end the puzzle token of a one-line puzzle (besides whitespace).
const NOTE_SEPARATORS: &[char] = &[',', ';', ':', '#'];

/// Whether `n` is the side of a supported grid (4, 9, ..., 64).
pub(super) fn is_side(n: usize) -> bool {
    Order::from_side(n).is_ok()
}

/// Whether `n` is the cell count of a supported grid (16, 81, ..., 4096).
pub(super) fn is_cell_count(n: usize) -> bool {
    Order::from_cell_count(n).is_ok()
}

/// The valid values closest to `found`, closest first: at most one below, one above.
pub(super) fn nearest(found: usize, valid: impl Iterator<Item = usize>) -> Vec<usize> {
    let valid: Vec<usize> = valid.collect();
    let below = valid.iter().rev().find(|&&v| v < found).copied();
    let above = valid.iter().find(|&&v| v > found).copied();
    let mut out: Vec<usize> = below.into_iter().chain(above).collect();
    out.sort_by_key(|&v| v.abs_diff(found));
    out
}

/// The supported sides, ascending.
pub(super) fn sides() -> impl Iterator<Item = usize> {
    (Order::MIN..=Order::MAX).map(|n| usize::from(n) * usize::from(n))
}

/// The supported cell counts, ascending.
pub(super) fn cell_counts() -> impl Iterator<Item = usize> {
    sides().map(|s| s * s)
}

/// The puzzle token of a one-line puzzle (byte range) and the note after it.
pub(super) fn split_token(line: &str) -> (usize, usize, Option<String>) {
    let start = line.len() - line.trim_start().len();
    let rest = &line[start..];
    let len = rest.find(|c: char| c.is_whitespace() || NOTE_SEPARATORS.contains(&c));
    let end = start + len.unwrap_or(rest.len());
    let after = line[end..].trim_start();
    let after = after.strip_prefix(NOTE_SEPARATORS).unwrap_or(after).trim();
    (start, end, (!after.is_empty()).then(|| after.to_string()))
}

/// How a row spells its cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Form {
    /// One character per cell; spaces and box separators `| + -` ignored.
    Symbols,
    /// Whitespace- (or `|`-) separated numbers, `0` or `.` blank.
    Integers,
    /// One character per cell, nothing ignored: the token of a one-line puzzle.
    Token,
}

/// Whether `c` is layout rather than a cell in a symbol row.
fn is_layout(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '+' | '-')
}

/// Whether a line holds only box-separator characters (`---+---`, `=====`).
pub(super) fn is_separator_line(trimmed: &str) -> bool {
    !trimmed.is_empty() && trimmed.chars().all(|c| matches!(c, '-' | '+' | '|' | '=' | ' '))
}

/// Whether a word is a plain cell number: `.`, `0`, or 1 to 64 without a leading zero.
fn is_cell_number(word: &str) -> bool {
    if word == "." || word == "0" {
        return true;
    }
    !word.starts_with('0')
        && word.len() <= 2
        && word.bytes().all(|b| b.is_ascii_digit())
        && word.parse::<usize>().is_ok_and(|v| v <= 64)
}

/// The words of a row (split at whitespace and `|`) with their 1-based columns, lazily.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let mut chars = line.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        let split = |c: char| c.is_whitespace() || c == '|';
        let (column, (start, _)) = loop {
            let (i, (b, c)) = chars.next()?;
            if !split(c) {
                break (i + 1, (b, c));
            }
        };
        let mut end = line.len();
        while let Some(&(_, (b, c))) = chars.peek() {
            if split(c) {
                end = b;
                break;
            }
            chars.next();
        }
        Some((column, &line[start..end]))
    })
}

/// The cells of `line` one character each (layout skipped unless `form` is a token), lazily.
fn symbol_cells(line: &str, form: Form, base: usize) -> impl Iterator<Item = (usize, &str)> {
    let cells = line.char_indices().enumerate();
    let cells = cells.filter(move |(_, (_, c))| form == Form::Token || !is_layout(*c));
    cells.map(move |(i, (b, c))| (base + i + 1, &line[b..b + c.len_utf8()]))
}

/// The most cells kept of a row: one more than the largest grid, so that every count
/// error can still point at the first cell too many. Longer rows are counted, not stored,
/// which keeps the parser's memory within a small constant of its input's size.
const KEPT: usize = 4096 + 1;

/// The cells of a row: how many there are, and the first [`KEPT`] of them (all of any row a
/// grid can use) with their 1-based columns and texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Row<'a> {
    /// How the row spells its cells.
    pub(super) form: Form,
    /// The number of cells.
    pub(super) len: usize,
    /// The first cells (all of them when `len` ≤ 4096).
    pub(super) cells: Vec<(usize, &'a str)>,
}

impl<'a> Row<'a> {
    /// Counts the cells `make` yields, then keeps the first few.
    fn capture<I: Iterator<Item = (usize, &'a str)>>(form: Form, make: impl Fn() -> I) -> Self {
        Row { form, len: make().count(), cells: make().take(KEPT).collect() }
    }
}

/// The cells of a row in `form`: 1-based column (from `base + 1`) and the cell's text.
pub(super) fn raw_cells(line: &str, form: Form, base: usize) -> Row<'_> {
    match form {
        Form::Integers => Row::capture(form, || words(line).map(move |(c, w)| (base + c, w))),
        Form::Symbols | Form::Token => Row::capture(form, || symbol_cells(line, form, base)),
    }
}

/// The first cell of `line` (a token, one character per cell) that is no symbol of `alphabet`.
pub(super) fn first_bad_symbol<'a>(
    line: &'a str,
    base: usize,
    alphabet: &Alphabet,
) -> Option<(usize, &'a str)> {
    let mut cells = symbol_cells(line, Form::Token, base);
    cells.find(|(_, t)| t.chars().next().and_then(|c| alphabet.value(c)).is_none())
}

/// The cells of a row and their form. A row is in integer form when it has two or more
/// words, every word is a cell number and one has two digits, unless only the symbol
/// reading gives a width `want`ed (so `12 34` is a 4x4 row of symbols). When neither
/// reading fits, the `fallback` form (that of the grid's rows so far) decides, if given.
pub(super) fn row_cells(
    line: &str,
    want: impl Fn(usize) -> bool,
    fallback: Option<Form>,
) -> Row<'_> {
    let (word_count, symbol_count) =
        (words(line).count(), symbol_cells(line, Form::Symbols, 0).count());
    let numeric = word_count >= 2
        && words(line).all(|(_, w)| is_cell_number(w))
        && words(line).any(|(_, w)| w.len() >= 2);
    let as_numbers = if want(word_count) {
        true
    } else {
        !want(symbol_count) && fallback != Some(Form::Symbols)
    };
    if numeric && as_numbers {
        raw_cells(line, Form::Integers, 0)
    } else {
        raw_cells(line, Form::Symbols, 0)
    }
}

/// Decode `cells` (from [`raw_cells`]) into `out`, checking every value against `side`.
pub(super) fn decode(
    cells: &[(usize, &str)],
    form: Form,
    side: usize,
    alphabet: &Alphabet,
    line: usize,
    out: &mut Vec<u8>,
) -> Result<(), ParseError> {
    for &(column, text) in cells {
        let first = text.chars().next();
        let value = match form {
            Form::Symbols | Form::Token => first.and_then(|c| alphabet.value(c)).map(usize::from),
            Form::Integers if text == "." => Some(0),
            Form::Integers => text.parse::<usize>().ok(),
        };
        let kind = match value {
            Some(v) if v <= side => {
                out.push(v as u8);
                continue;
            }
            Some(digit) => ParseErrorKind::DigitTooLarge { symbol: text.to_string(), digit, side },
            None => {
                let symbol = first.unwrap_or(' ');
                ParseErrorKind::BadSymbol { symbol, expected: alphabet.expected() }
            }
        };
        return Err(ParseError::new(line, column, first, kind));
    }
    Ok(())
}

/// Where a count error points: the first cell beyond `expected`, or just past the last cell.
pub(super) fn overflow_point(cells: &[(usize, &str)], expected: usize) -> (usize, Option<char>) {
    match cells.get(expected) {
        Some(&(column, text)) => (column, text.chars().next()),
        None => {
            let end = cells.last().map_or(1, |&(column, text)| column + text.chars().count());
            (end, None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_notes() {
        let (s, e, note) = split_token("  12.4:1:sol  ");
        assert_eq!((s, e, note.as_deref()), (2, 6, Some("1:sol")));
        let (_, _, note) = split_token("12.4 # valid/easy1.txt");
        assert_eq!(note.as_deref(), Some("valid/easy1.txt"));
        assert_eq!(split_token("12.4").2, None);
    }

    #[test]
    fn forms_of_rows() {
        let form = |line| row_cells(line, is_side, None).form;
        assert_eq!(form(" . 12 0 3"), Form::Integers);
        assert_eq!(form("0 2 0 1"), Form::Symbols);
        assert_eq!(form("003 020 600"), Form::Symbols);
        assert_eq!(form("123 456 789"), Form::Symbols);
        assert_eq!(form("1 A 10"), Form::Symbols);
        assert_eq!(form("12 34"), Form::Symbols);
        assert_eq!(form("12 34 5"), Form::Integers, "neither reading fits: words count");
        assert_eq!(row_cells("12 34 5", is_side, Some(Form::Symbols)).form, Form::Symbols);
        let cells = raw_cells(" 1 . | 12", Form::Integers, 0).cells;
        assert_eq!(cells, vec![(2, "1"), (4, "."), (8, "12")]);
        let cells = raw_cells("1.|3", Form::Symbols, 10).cells;
        assert_eq!(cells, vec![(11, "1"), (12, "."), (14, "3")]);
    }

    #[test]
    fn a_huge_row_is_counted_but_only_its_first_cells_are_kept() {
        let line = "1 ".repeat(100_000);
        let row = row_cells(&line, is_side, None);
        assert_eq!((row.form, row.len, row.cells.len()), (Form::Symbols, 100_000, KEPT));
        assert_eq!(row.cells[4096], (8193, "1"));
        let words: Vec<(usize, &str)> = words(" ab|c  d ").collect();
        assert_eq!(words, vec![(2, "ab"), (5, "c"), (8, "d")]);
    }

    #[test]
    fn nearest_counts() {
        assert_eq!(nearest(80, cell_counts()), vec![81, 16]);
        assert_eq!(nearest(5000, cell_counts()), vec![4096]);
        assert_eq!(nearest(8, sides()), vec![9, 4]);
    }
}
