//! The symmetries a puzzle's clue pattern may keep, and the orbits of cells they induce:
//! clues are removed one orbit at a time, so the pattern keeps its symmetry.

use crate::grid::{Cell, Order};
use std::fmt;
use std::str::FromStr;

/// A symmetry of the clue pattern (which cells are given, not their digits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint: cells are removed one at a time.
    #[default]
    None,
    /// Rotation by 180°: `(r, c)` and `(N−1−r, N−1−c)` are both given or both blank.
    Rot180,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Reflection in the vertical axis (left–right mirror): `(r, c)` with `(r, N−1−c)`.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, in the order the CLI lists them.
    pub const ALL: [Symmetry; 4] =
        [Symmetry::None, Symmetry::Rot180, Symmetry::Diagonal, Symmetry::Mirror];

    /// The CLI spelling: `none`, `rot180`, `diagonal`, `mirror`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The image of `(row, col)` in a grid of side `side` (an involution).
    fn image(self, row: usize, col: usize, side: usize) -> (usize, usize) {
        match self {
            Symmetry::None => (row, col),
            Symmetry::Rot180 => (side - 1 - row, side - 1 - col),
            Symmetry::Diagonal => (col, row),
            Symmetry::Mirror => (row, side - 1 - col),
        }
    }

    /// The orbits of the cells of `order`: one or two cells each, every cell in exactly
    /// one, in row-major order of their first cell.
    pub fn orbits(self, order: Order) -> Vec<Vec<Cell>> {
        let side = order.side();
        let mut orbits = Vec::new();
        for i in 0..order.cells() {
            let (row, col) = (i / side, i % side);
            let (r2, c2) = self.image(row, col, side);
            let j = r2 * side + c2;
            match j.cmp(&i) {
                std::cmp::Ordering::Less => {}
                std::cmp::Ordering::Equal => orbits.push(vec![Cell::from_index(i, side)]),
                std::cmp::Ordering::Greater => {
                    orbits.push(vec![Cell::from_index(i, side), Cell::from_index(j, side)]);
                }
            }
        }
        orbits
    }

    /// Whether the clue pattern of `values` (row-major, 0 blank) has this symmetry.
    pub fn holds(self, order: Order, values: &[u8]) -> bool {
        let side = order.side();
        (0..order.cells()).all(|i| {
            let (r2, c2) = self.image(i / side, i % side, side);
            (values[i] == 0) == (values[r2 * side + c2] == 0)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(s: &str) -> Result<Symmetry, String> {
        let found = Symmetry::ALL.into_iter().find(|sym| sym.name() == s);
        found.ok_or_else(|| {
            format!("unknown symmetry {s:?} (expected none, rot180, diagonal, mirror)")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells_and_pair_images() {
        for n in 2..=4 {
            let order = Order::new(n).unwrap();
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(order);
                let mut seen = vec![0; order.cells()];
                for orbit in &orbits {
                    assert!(!orbit.is_empty() && orbit.len() <= 2);
                    for c in orbit {
                        seen[c.index()] += 1;
                    }
                }
                assert!(seen.iter().all(|&k| k == 1), "{sym} {n}");
                let singles = orbits.iter().filter(|o| o.len() == 1).count();
                let expected = match sym {
                    Symmetry::None => order.cells(),
                    Symmetry::Rot180 => usize::from(order.side() % 2 == 1),
                    Symmetry::Diagonal => order.side(),
                    Symmetry::Mirror => order.side() * (order.side() % 2),
                };
                assert_eq!(singles, expected, "{sym} {n}");
            }
        }
    }

    #[test]
    fn holds_detects_a_broken_pattern() {
        let order = Order::new(2).unwrap();
        let mut values = vec![0u8; 16];
        values[0] = 1;
        assert!(!Symmetry::Rot180.holds(order, &values));
        values[15] = 2;
        assert!(Symmetry::Rot180.holds(order, &values));
        assert!(!Symmetry::Mirror.holds(order, &values));
        assert!(Symmetry::None.holds(order, &values));
        assert_eq!("rot180".parse::<Symmetry>(), Ok(Symmetry::Rot180));
        assert!("spin".parse::<Symmetry>().is_err());
    }
}
