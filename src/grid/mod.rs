//! Grid geometry and values: orders, cells, digits, units, peers, candidate
//! bitsets, and puzzles.

mod cert_string;
mod geometry;
mod parse;
mod puzzle;
mod types;

pub use cert_string::{parse_grid_string, GridStringError};
pub use geometry::Geometry;
pub use parse::{
    parse_one, parse_puzzles, read_puzzles, Alphabet, ParseError, ParseErrorKind, ParseOptions,
    ParsedPuzzle, MAX_LINE_BYTES,
};

pub use puzzle::{Grid, PuzzleError};
pub use types::{Candidates, Cell, Digit, Lit, Order, OrderError, Unit, UnitKind};
