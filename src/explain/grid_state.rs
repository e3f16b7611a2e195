//! The grid as the derivation stands at a line: what each cell shows (given, placed,
//! assumed, derived under an assumption, or its candidates) in that line's scope.
//! [`Sweep`](super::sweep::Sweep) computes it; this module holds the state and its text form.

use super::notation::Digits;
use std::fmt::Write;

/// What a cell shows at a line; the names are the CSS classes of the pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// Open: its remaining candidates are shown.
    Open,
    /// A clue of the puzzle.
    Given,
    /// Placed in this line's scope without depending on an open assumption.
    Placed,
    /// The hypothesis of an open subproof.
    Assumed,
    /// Placed inside an open subproof: holds only under its hypothesis.
    Hypothetical,
}

impl CellKind {
    /// The picture's class of a cell of this kind (an open cell with no candidate left
    /// is `eliminated`, see [`GridState::class`]).
    pub fn class(self) -> &'static str {
        match self {
            CellKind::Open => "candidate",
            CellKind::Given => "given",
            CellKind::Placed => "placed",
            CellKind::Assumed => "assumed",
            CellKind::Hypothetical => "placed hypothetical",
        }
    }
}

/// Placed digits and remaining candidates of every cell at one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridState {
    /// The box size `n`.
    pub n: usize,
    /// The side `N = n²`.
    pub side: usize,
    /// Placed digit per cell (0: open), row by row.
    pub values: Vec<u8>,
    /// What each cell shows.
    pub kinds: Vec<CellKind>,
    /// Candidate bitset per cell (bit `d − 1` for digit `d`).
    pub cands: Vec<u64>,
}

impl GridState {
    /// The givens of `puzzle` (values row by row), before any exclusion.
    pub fn from_puzzle(n: usize, puzzle: Vec<u8>) -> GridState {
        let side = n * n;
        let full = if side == 64 { u64::MAX } else { (1u64 << side) - 1 };
        let kinds = puzzle.iter().map(|&v| if v > 0 { CellKind::Given } else { CellKind::Open });
        let cands = puzzle.iter().map(|&v| if v > 0 { bit(v) } else { full }).collect();
        GridState { n, side, kinds: kinds.collect(), values: puzzle, cands }
    }

    /// The digits still possible in cell `i`.
    pub fn candidates(&self, i: usize) -> Vec<u8> {
        (1..=self.side as u8).filter(|&d| self.cands[i] & bit(d) != 0).collect()
    }

    /// The CSS class of cell `i`: its kind, or `eliminated` for an open cell left empty.
    pub fn class(&self, i: usize) -> &'static str {
        match self.kinds[i] {
            CellKind::Open if self.cands[i] == 0 => "eliminated",
            kind => kind.class(),
        }
    }

    /// The row, column and box neighbours of cell `i` (with repeats), itself excluded.
    pub fn peers(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (side, n) = (self.side, self.n);
        let (r, c) = (i / side, i % side);
        let (br, bc) = (r / n * n, c / n * n);
        let row = (0..side).map(move |k| r * side + k);
        let col = (0..side).map(move |k| k * side + c);
        let boxed = (0..side).map(move |k| (br + k / n) * side + bc + k % n);
        row.chain(col).chain(boxed).filter(move |&j| j != i)
    }

    /// Pencil marks as text: placed digits, `[d]` for an assumption, `d*` for a digit
    /// derived under one, `{candidates}` for open cells.
    pub fn render_text(&self, digits: &Digits) -> String {
        let sep = if digits.compact() { "" } else { "," };
        let texts: Vec<String> = (0..self.side * self.side)
            .map(|i| match self.kinds[i] {
                CellKind::Open => {
                    let names: Vec<String> =
                        self.candidates(i).iter().map(|&d| digits.name(d)).collect();
                    format!("{{{}}}", names.join(sep))
                }
                CellKind::Assumed => format!("[{}]", digits.name(self.values[i])),
                CellKind::Hypothetical => format!("{}*", digits.name(self.values[i])),
                CellKind::Given | CellKind::Placed => digits.name(self.values[i]),
            })
            .collect();
        let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
        let mut out = String::new();
        for r in 0..self.side {
            if r > 0 && r % self.n == 0 {
                let _ = writeln!(out, "{}", "-".repeat((width + 1) * self.side + 2 * (self.n - 1)));
            }
            let mut row = String::new();
            for c in 0..self.side {
                if c > 0 && c % self.n == 0 {
                    row.push_str("| ");
                }
                let _ = write!(row, "{:<width$} ", texts[r * self.side + c]);
            }
            let _ = writeln!(out, "{}", row.trim_end());
        }
        out
    }
}

/// The legend of [`GridState::render_text`].
pub const TEXT_LEGEND: &str = "7 given or derived, [7] assumed, 7* derived under an \
                               assumption, {12} candidates after every exclusion so far";

/// Bit `d − 1`: digit `d` in a candidate set.
pub fn bit(d: u8) -> u64 {
    match d {
        0 => 0,
        d => 1u64.checked_shl(u32::from(d) - 1).unwrap_or(0),
    }
}
