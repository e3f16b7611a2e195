//! Human notation for the format types: `r3c5=7`, `r3c5≠7`, `⊥`, `row 3`.
//!
//! The format types derive `Debug` with their RON spelling (`HiddenSingle(Row(3))`), which is
//! what a reader of a proof file sees; `Display` gives the 1-based notation of the design.

use std::fmt;

use crate::format::{Fact, Unit};

/// A cell named by its 1-based row and column; prints as `r3c5`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellRef {
    /// Row, 1-based.
    pub r: u8,
    /// Column, 1-based.
    pub c: u8,
}

impl CellRef {
    /// The placement `self=d`.
    pub fn place(self, d: u8) -> Fact {
        Fact::Place { r: self.r, c: self.c, d }
    }

    /// The elimination `self≠d`.
    pub fn elim(self, d: u8) -> Fact {
        Fact::Elim { r: self.r, c: self.c, d }
    }
}

impl fmt::Display for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.r, self.c)
    }
}

impl fmt::Debug for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fact::Place { r, c, d } => write!(f, "r{r}c{c}={d}"),
            Fact::Elim { r, c, d } => write!(f, "r{r}c{c}≠{d}"),
            Fact::Bottom => f.write_str("⊥"),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {i}"),
            Unit::Col(i) => write!(f, "col {i}"),
            Unit::Box(i) => write!(f, "box {i}"),
        }
    }
}

/// A cell value for messages: a digit, or `blank` for 0.
pub(crate) fn show_value(v: u8) -> String {
    if v == 0 {
        "blank".to_string()
    } else {
        v.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_print_one_based_notation() {
        assert_eq!(Fact::Place { r: 3, c: 5, d: 7 }.to_string(), "r3c5=7");
        assert_eq!(Fact::Elim { r: 3, c: 5, d: 7 }.to_string(), "r3c5≠7");
        assert_eq!(Fact::Bottom.to_string(), "⊥");
        assert_eq!(Unit::Box(2).to_string(), "box 2");
        assert_eq!(format!("{:?}", CellRef { r: 1, c: 12 }), "r1c12");
        assert_eq!(show_value(0), "blank");
    }
}
