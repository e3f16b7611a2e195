//! Variables and literals of the clause-learning search: variable `cell·N + digit − 1` is
//! the placement `cell=digit`; its positive literal places, its negative one eliminates.

use crate::grid::{Cell, Digit, Lit};

/// A literal: `2·var` is the placement, `2·var + 1` the elimination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct L(pub u32);

impl L {
    /// The placement of variable `var`.
    pub fn place(var: u32) -> L {
        L(var << 1)
    }

    /// The elimination of variable `var`.
    pub fn elim(var: u32) -> L {
        L(var << 1 | 1)
    }

    /// The variable.
    pub fn var(self) -> u32 {
        self.0 >> 1
    }

    /// Whether it places (rather than eliminates).
    pub fn is_place(self) -> bool {
        self.0 & 1 == 0
    }

    /// The opposite literal.
    pub fn not(self) -> L {
        L(self.0 ^ 1)
    }

    /// Its index in per-literal tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Variable numbering for a side `N`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Vars {
    pub side: usize,
}

impl Vars {
    /// The variable of `cell=digit`.
    pub fn var(self, cell: Cell, digit: Digit) -> u32 {
        (cell.index() * self.side + digit.get() - 1) as u32
    }

    /// The cell of variable `var`.
    pub fn cell(self, var: u32) -> Cell {
        Cell::from_index(var as usize / self.side, self.side)
    }

    /// The digit of variable `var`.
    pub fn digit(self, var: u32) -> Digit {
        Digit::new(var as usize % self.side + 1)
    }

    /// The engine's literal for `l`.
    pub fn lit(self, l: L) -> Lit {
        let (cell, digit) = (self.cell(l.var()), self.digit(l.var()));
        if l.is_place() {
            Lit::place(cell, digit)
        } else {
            Lit::elim(cell, digit)
        }
    }
}
