//! Cells out of text for the puzzle reader: one-line runs of symbols and grid rows, measured
//! before they are decoded so that no line becomes more than 4,096 cells.

use crate::alphabet::Alphabet;
use crate::puzzle_error::PuzzleError;
use crate::puzzle_reader::Givens;

/// The most cells of any supported grid (64×64).
const MAX_CELLS: usize = 4096;
/// 16 symbols holding a digit above 4 make a 16×16 row (when nothing follows), not a 4×4 puzzle.
pub(crate) fn is_wide_row(run: &str, count: usize, alphabet: &Alphabet) -> bool {
    count == 16 && run.chars().any(|c| alphabet.value(c).is_some_and(|v| v > 4))
}

/// The cells of a one-line puzzle: every character of `run`, which follows `column0`
/// characters of its line.
pub(crate) fn symbols(
    run: &str,
    column0: usize,
    count: usize,
    n: usize,
    alphabet: &Alphabet,
) -> Result<Givens, PuzzleError> {
    let side = side_of_cells(count).ok_or(PuzzleError::Shape { line: n, found: count })?;
    let column0 = column0 + 1;
    let values = run
        .chars()
        .enumerate()
        .map(|(i, symbol)| {
            let value = alphabet.value(symbol);
            value.ok_or(PuzzleError::Symbol { line: n, column: column0 + i, symbol })
        })
        .collect::<Result<Vec<u8>, _>>()?;
    check_digits(&values, side, n)?;
    Ok(Givens { side, values })
}

/// The cell count of a row and its cells: numbers when every word is a cell number, one
/// has two digits, and that reading (rather than one symbol per cell) gives a width `want`
/// accepts. Cells are decoded only for a row of at most 4,096 of them.
pub(crate) fn row(
    line: &str,
    n: usize,
    alphabet: &Alphabet,
    want: impl Fn(usize) -> bool,
) -> (usize, Result<Vec<u8>, PuzzleError>) {
    let words = || line.split(|c: char| c.is_whitespace() || c == '|').filter(|w| !w.is_empty());
    let is_layout = |c: char| c.is_whitespace() || matches!(c, '|' | '+' | '-');
    let cell_chars = || line.chars().enumerate().filter(move |&(_, c)| !is_layout(c));
    let (word_count, char_count) = (words().count(), cell_chars().count());
    let numeric = word_count >= 2 && words().all(is_cell_number) && words().any(|w| w.len() == 2);
    let as_numbers = numeric && (want(word_count) || !want(char_count));
    let found = if as_numbers { word_count } else { char_count };
    if found > MAX_CELLS {
        return (found, Err(PuzzleError::Shape { line: n, found }));
    }
    if as_numbers {
        return (found, Ok(words().map(|w| w.parse::<u8>().unwrap_or(0)).collect()));
    }
    let decode = |(i, symbol)| {
        alphabet.value(symbol).ok_or(PuzzleError::Symbol { line: n, column: i + 1, symbol })
    };
    (found, cell_chars().map(decode).collect())
}

/// `.`, `0`, or 1 to 64 written in decimal digits without a leading zero.
fn is_cell_number(word: &str) -> bool {
    let digits = !word.is_empty() && word.len() <= 2 && word.bytes().all(|b| b.is_ascii_digit());
    let value = word.parse::<u8>().unwrap_or(0);
    word == "." || word == "0" || (digits && !word.starts_with('0') && value <= 64)
}

/// Whether `k` is a supported side (4, 9, …, 64).
pub(crate) fn is_side(k: usize) -> bool {
    (2..=8).any(|n| n * n == k)
}

/// The side of a grid of `k` cells, if `k` is a supported cell count (16, 81, …, 4096).
pub(crate) fn side_of_cells(k: usize) -> Option<usize> {
    (2..=8).map(|n| n * n).find(|&side| side * side == k)
}

/// Rejects a digit above `side`.
pub(crate) fn check_digits(values: &[u8], side: usize, n: usize) -> Result<(), PuzzleError> {
    match values.iter().find(|&&v| usize::from(v) > side) {
        Some(&v) => Err(PuzzleError::DigitTooLarge { line: n, digit: usize::from(v), side }),
        None => Ok(()),
    }
}
