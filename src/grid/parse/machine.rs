//! The line-driven state machine shared by the string and the reader front ends.

use super::alphabet::Alphabet;
use super::cells::{self, Form, Row};
use super::error::{ParseError, ParseErrorKind};
use super::records;
use super::{ParseOptions, ParsedPuzzle};
use crate::grid::{Grid, Order};
use std::borrow::Borrow;
use std::collections::VecDeque;

/// One result of the parser.
pub(super) type Item = Result<ParsedPuzzle, ParseError>;

/// The widest row of any supported grid.
const MAX_SIDE: usize = 64;

/// A multi-line grid being read.
struct Block {
    /// Its first line (the `Grid NN` header or the first row).
    start: usize,
    /// Set by the first row.
    side: Option<usize>,
    /// The rows' form so far, for rows that fit neither reading.
    form: Option<Form>,
    /// Rows read so far, good or bad.
    rows: usize,
    /// Row-major values of the good rows.
    values: Vec<u8>,
    /// The header text, if any.
    note: Option<String>,
    /// The first problem met; reported once the block ends.
    error: Option<ParseError>,
}

impl Block {
    /// A grid starting at line `start`, no row read yet.
    fn new(start: usize, note: Option<String>) -> Block {
        Block { start, side: None, form: None, rows: 0, values: Vec::new(), note, error: None }
    }
}

/// Turns lines into puzzles; outputs queue up until popped.
pub(super) struct Machine<O> {
    opts: O,
    block: Option<Block>,
    out: VecDeque<Item>,
    /// Non-blank, non-comment lines seen outside blocks (the header rule needs the first).
    records: usize,
    /// Whether anything was output (an input without puzzles is an error).
    produced: bool,
}

impl<O: Borrow<ParseOptions>> Machine<O> {
    /// A parser at the start of its input.
    pub(super) fn new(opts: O) -> Self {
        Machine { opts, block: None, out: VecDeque::new(), records: 0, produced: false }
    }

    /// The next output, if one is ready.
    pub(super) fn pop(&mut self) -> Option<Item> {
        self.out.pop_front()
    }

    /// Read line `line_no` (1-based), without its `\n`.
    pub(super) fn feed(&mut self, line_no: usize, raw: &str) {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let line = if line_no == 1 { line.trim_start_matches('\u{feff}') } else { line };
        if self.block.is_some() && self.feed_block(line_no, line) {
            return;
        }
        self.feed_idle(line_no, line);
    }

    /// End of input: close any open grid; an input without puzzles is an error.
    pub(super) fn finish(&mut self) {
        self.close_block();
        if !self.produced {
            self.emit(Err(ParseError::new(1, 1, None, ParseErrorKind::Empty)));
        }
    }

    /// The input failed (I/O): report it, dropping any half-read grid.
    pub(super) fn fail(&mut self, err: ParseError) {
        self.block = None;
        self.emit(Err(err));
    }

    fn emit(&mut self, item: Item) {
        self.produced = true;
        self.out.push_back(item);
    }

    fn alphabet(&self) -> &Alphabet {
        &self.opts.borrow().alphabet
    }

    /// A line inside a multi-line grid; `false` when it ended the grid and must be read again.
    fn feed_block(&mut self, line_no: usize, line: &str) -> bool {
        let trimmed = line.trim();
        let Some(block) = &mut self.block else { return false };
        if trimmed.starts_with('#') || cells::is_separator_line(trimmed) {
            return true;
        }
        if trimmed.is_empty() {
            // Blank lines may separate a `Grid NN` header from its rows, but end a started grid.
            if block.side.is_some() {
                self.close_block();
            }
            return true;
        }
        if records::is_grid_header(trimmed) {
            self.close_block();
            return false;
        }
        let side = block.side;
        let want = |n| side.map_or(cells::is_side(n), |s| s == n);
        let row = cells::row_cells(line, want, block.form);
        let fits = match side {
            None => cells::is_side(row.len),
            Some(_) => row.len <= MAX_SIDE,
        };
        if !fits {
            self.close_block();
            return false;
        }
        self.push_row(line_no, &row);
        true
    }

    /// Add a row to the open grid (its width sets the side if it is the first).
    fn push_row(&mut self, line_no: usize, row: &Row) {
        let alphabet = &self.opts.borrow().alphabet;
        let Some(block) = &mut self.block else { return };
        let (form, found) = (row.form, row.len);
        let side = *block.side.get_or_insert(found);
        // A grid with one integer row is an integer grid (its other rows may be all one-digit).
        if block.form.is_none() || form == Form::Integers {
            block.form = Some(form);
        }
        block.rows += 1;
        if block.error.is_none() {
            if found != side {
                let (column, symbol) = cells::overflow_point(&row.cells, side);
                let kind = ParseErrorKind::Ragged { row: block.rows, found, expected: side };
                block.error = Some(ParseError::new(line_no, column, symbol, kind));
            } else if let Err(e) =
                cells::decode(&row.cells, form, side, alphabet, line_no, &mut block.values)
            {
                block.error = Some(e);
            }
        }
        if block.rows == side {
            self.close_block();
        }
    }

    /// Output the open grid, or its first error, or that it is incomplete.
    fn close_block(&mut self) {
        let Some(block) = self.block.take() else { return };
        let side = block.side.unwrap_or(0);
        let item = if let Some(e) = block.error {
            Err(e)
        } else if block.rows < side || side == 0 {
            let kind = ParseErrorKind::IncompleteGrid { found: block.rows, expected: side };
            Err(ParseError::new(block.start, 1, None, kind))
        } else {
            make_grid(block.values, block.start, 1).map(|grid| ParsedPuzzle {
                grid,
                line: block.start,
                note: block.note,
            })
        };
        self.emit(item);
    }

    /// A line outside any grid: a comment, a header, a one-line puzzle or a first row.
    fn feed_idle(&mut self, line_no: usize, line: &str) {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return;
        }
        let first_record = self.records == 0;
        self.records += 1;
        if records::is_grid_header(trimmed) {
            let note = Some(trimmed.to_string());
            let block = Block::new(line_no, note);
            self.block = Some(block);
            return;
        }
        let (item, field) = match self.opts.borrow().csv_column {
            Some(column) => self.csv_record(line_no, line, column),
            None => match self.plain_line(line_no, line) {
                Some(result) => result,
                None => return,
            },
        };
        let header = first_record
            && item.is_err()
            && line.contains(',')
            && records::is_header_field(field, self.alphabet());
        if !header {
            self.emit(item);
        }
    }

    /// A line of the default mode; `None` when it started a multi-line grid.
    fn plain_line<'l>(&mut self, line_no: usize, line: &'l str) -> Option<(Item, &'l str)> {
        let (start, end, note) = cells::split_token(line);
        let token = &line[start..end];
        let count = token.chars().count();
        if cells::is_cell_count(count) && !(note.is_none() && self.wide_row(token, count)) {
            return Some((self.one_line(line_no, line, (start, end), note), token));
        }
        let row = cells::row_cells(line, |n| cells::is_side(n) || cells::is_cell_count(n), None);
        if cells::is_side(row.len) {
            let block = Block::new(line_no, None);
            self.block = Some(block);
            self.push_row(line_no, &row);
            return None;
        }
        if cells::is_cell_count(row.len) {
            return Some((self.whole_puzzle(line_no, row.form, &row.cells, None), token));
        }
        let several_words = line.split_whitespace().nth(1).is_some();
        if several_words && row.len <= MAX_SIDE {
            let nearest = cells::nearest(row.len, cells::sides());
            let kind = ParseErrorKind::WrongRowLength { found: row.len, nearest };
            let column = line.len() - line.trim_start().len() + 1;
            return Some((Err(ParseError::new(line_no, column, None, kind)), token));
        }
        Some((self.one_line(line_no, line, (start, end), note), token))
    }

    /// 16 symbols with a digit above 4 cannot be a 4x4 puzzle: it is a 16x16 grid's row.
    fn wide_row(&self, token: &str, count: usize) -> bool {
        count == 16 && token.chars().any(|c| self.alphabet().value(c).is_some_and(|v| v > 4))
    }

    /// A one-line puzzle spelled by `line[range]`, followed by `note`.
    fn one_line(
        &self,
        line_no: usize,
        line: &str,
        (start, end): (usize, usize),
        note: Option<String>,
    ) -> Item {
        let base = line[..start].chars().count();
        let row = cells::raw_cells(&line[start..end], Form::Token, base);
        if !cells::is_cell_count(row.len) {
            let alphabet = self.alphabet();
            if let Some((column, text)) = cells::first_bad_symbol(&line[start..end], base, alphabet)
            {
                let symbol = text.chars().next().unwrap_or(' ');
                let kind = ParseErrorKind::BadSymbol { symbol, expected: alphabet.expected() };
                return Err(ParseError::new(line_no, column, Some(symbol), kind));
            }
            let nearest = cells::nearest(row.len, cells::cell_counts());
            let (column, symbol) =
                cells::overflow_point(&row.cells, nearest.first().copied().unwrap_or(0));
            let kind = ParseErrorKind::WrongCellCount { found: row.len, nearest };
            return Err(ParseError::new(line_no, column, symbol, kind));
        }
        self.whole_puzzle(line_no, Form::Token, &row.cells, note)
    }

    /// A puzzle whose cells (a valid cell count of them) all stand on line `line_no`.
    fn whole_puzzle(
        &self,
        line_no: usize,
        form: Form,
        row: &[(usize, &str)],
        note: Option<String>,
    ) -> Item {
        let side = (1..=MAX_SIDE).find(|s| s * s == row.len()).unwrap_or(0);
        let mut values = Vec::with_capacity(row.len());
        cells::decode(row, form, side, self.alphabet(), line_no, &mut values)?;
        let column = row.first().map_or(1, |&(column, _)| column);
        let grid = make_grid(values, line_no, column)?;
        Ok(ParsedPuzzle { grid, line: line_no, note })
    }

    /// A CSV record whose field `column` (1-based) is the puzzle; the other fields are the note.
    fn csv_record<'l>(&self, line_no: usize, line: &'l str, column: usize) -> (Item, &'l str) {
        match records::csv_field(line, column) {
            Ok(field) => {
                let item = self.one_line(line_no, line, (field.start, field.end), field.note);
                (item, &line[field.start..field.end])
            }
            Err(fields) => {
                let kind = ParseErrorKind::CsvColumnMissing { column, fields };
                let end = line.trim_end().chars().count() + 1;
                (Err(ParseError::new(line_no, end, None, kind)), "")
            }
        }
    }
}

/// The grid of `values`, its order inferred from their count.
fn make_grid(values: Vec<u8>, line: usize, column: usize) -> Result<Grid, ParseError> {
    let found = values.len();
    let wrong = || {
        let nearest = cells::nearest(found, cells::cell_counts());
        ParseError::new(line, column, None, ParseErrorKind::WrongCellCount { found, nearest })
    };
    let order = Order::from_cell_count(found).map_err(|_| wrong())?;
    Grid::from_values(order, values).map_err(|_| wrong())
}
