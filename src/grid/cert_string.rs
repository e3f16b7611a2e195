//! Grid strings of a certificate (its `puzzle` field and its claims' grids): the one reader
//! the engine uses for them, in explain and in the SAT export alike.

use super::{Grid, Order};

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

impl Grid {
    /// The grid a certificate's grid string of order `order` spells.
    pub fn from_certificate(order: u8, text: &str) -> Result<Grid, GridStringError> {
        let values = parse_grid_string(order, text)?;
        let order = Order::new(usize::from(order)).map_err(|_| GridStringError::BadOrder(order))?;
        // parse_grid_string has checked the length and every value against the side.
        Ok(Grid::from_values(order, values).expect("checked by parse_grid_string"))
    }
}
