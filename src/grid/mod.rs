//! Grid geometry and values: orders, cells, digits, units, peers, candidate
//! bitsets, and puzzles.

mod geometry;
mod parse;
mod puzzle;
mod types;

pub use geometry::Geometry;

pub use puzzle::{Grid, PuzzleError};
pub use types::{Candidates, Cell, Digit, Lit, Order, OrderError, Unit, UnitKind};
