//! The grid as the derivation stands at a line: givens, placements and
//! eliminations visible there (the root's and those of the open boxes).

use super::derivation::Derivation;
use deduku_check::format::Fact;
use std::fmt::Write;

/// A grid string in a certificate that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridStringError {
    /// The order is outside 2..=8.
    #[error("order {0} is outside 2..=8")]
    BadOrder(u8),
    /// Wrong number of cells.
    #[error("grid string has {found} cells, expected {expected}")]
    BadLength {
        /// Cells found.
        found: usize,
        /// `N²`.
        expected: usize,
    },
    /// A symbol that is no digit of this grid.
    #[error("grid string: `{0}` is not a digit of this grid")]
    BadSymbol(String),
}

/// Read a certificate grid string (compact symbols, or whitespace-separated integers).
pub fn parse_grid_string(order: u8, text: &str) -> Result<Vec<u8>, GridStringError> {
    if !(2..=8).contains(&order) {
        return Err(GridStringError::BadOrder(order));
    }
    let side = usize::from(order) * usize::from(order);
    let text = text.trim();
    let words: Vec<String> = if text.contains(char::is_whitespace) {
        text.split_whitespace().map(str::to_string).collect()
    } else {
        text.chars().map(String::from).collect()
    };
    if words.len() != side * side {
        return Err(GridStringError::BadLength { found: words.len(), expected: side * side });
    }
    words
        .iter()
        .map(|w| value_of(w, side).ok_or_else(|| GridStringError::BadSymbol(w.clone())))
        .collect()
}

fn value_of(word: &str, side: usize) -> Option<u8> {
    let v = match word {
        "." => 0,
        w if w.len() == 1 => w.chars().next()?.to_digit(36)?,
        w => w.parse().ok()?,
    };
    (v as usize <= side).then_some(v as u8)
}

/// The symbol people read for digit `v` on a grid of `side`: `1-9A-Z`, numbers beyond 35.
pub fn symbol(side: usize, v: u8) -> String {
    match v {
        0 => ".".to_string(),
        1..=9 => v.to_string(),
        _ if side <= 35 => char::from(b'A' + v - 10).to_string(),
        _ => v.to_string(),
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
    /// Whether the cell is a given of the puzzle.
    pub given: Vec<bool>,
    /// Candidate bitset per cell (bit `d − 1` for digit `d`).
    pub cands: Vec<u64>,
}

impl GridState {
    /// The state after line position `at` (clamped to the last line); `None` before any line.
    pub fn at(d: &Derivation, at: Option<usize>) -> Result<GridState, GridStringError> {
        let values = parse_grid_string(d.proof.order, &d.proof.puzzle)?;
        let n = usize::from(d.proof.order);
        let side = n * n;
        let full = if side == 64 { u64::MAX } else { (1u64 << side) - 1 };
        let given: Vec<bool> = values.iter().map(|&v| v > 0).collect();
        let cands = values.iter().map(|&v| if v > 0 { 1u64 << (v - 1) } else { full }).collect();
        let mut state = GridState { n, side, values, given, cands };
        let Some(at) = at.map(|a| a.min(d.lines.len().saturating_sub(1))) else {
            return Ok(state);
        };
        let open = d.open_boxes(at);
        for line in d.lines.iter().take(at + 1) {
            if line.home.map_or(true, |h| open.contains(&h)) {
                state.apply(line.step.fact);
            }
        }
        Ok(state)
    }

    fn apply(&mut self, fact: Fact) {
        let Some(i) = self.cell_of(fact) else { return };
        match fact {
            Fact::Place { d, .. } => {
                self.values[i] = d;
                self.cands[i] = 1u64 << (d - 1);
            }
            Fact::Elim { d, .. } => self.cands[i] &= !(1u64 << (d - 1)),
            Fact::Bottom => {}
        }
    }

    /// The cell index of a literal, if its coordinates and digit fit the grid.
    pub fn cell_of(&self, fact: Fact) -> Option<usize> {
        let (r, c, d) = match fact {
            Fact::Place { r, c, d } | Fact::Elim { r, c, d } => (r, c, d),
            Fact::Bottom => return None,
        };
        let ok = |x: u8| (1..=self.side).contains(&usize::from(x));
        (ok(r) && ok(c) && ok(d)).then(|| (usize::from(r) - 1) * self.side + usize::from(c) - 1)
    }

    /// The digits still possible in cell `i`.
    pub fn candidates(&self, i: usize) -> Vec<u8> {
        (1..=self.side as u8).filter(|&d| self.cands[i] & (1u64 << (d - 1)) != 0).collect()
    }

    /// Pencil marks as text: placed digits, `{candidates}` for open cells.
    pub fn render_text(&self) -> String {
        let sep = if self.side > 35 { "," } else { "" };
        let texts: Vec<String> = (0..self.side * self.side)
            .map(|i| match self.values[i] {
                0 => {
                    let syms: Vec<String> =
                        self.candidates(i).iter().map(|&d| symbol(self.side, d)).collect();
                    format!("{{{}}}", syms.join(sep))
                }
                v => symbol(self.side, v),
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
