//! A second solution next to a known one: exchanging two digits on a set of cells that holds
//! no given (an *unavoidable set* of the known solution, in the puzzle makers' terms).
//!
//! In a solution `S`, take two digits `a` and `b`. Every unit has exactly one cell holding
//! `a` and one holding `b`; link the two, for every unit. Exchanging `a` and `b` on a set of
//! those cells keeps every unit valid exactly when, for each unit, the set holds both of its
//! linked cells or neither: when it is a union of connected components of the links. So a
//! component without a given, swapped, is a second solution of the puzzle.
//!
//! Why bother: on an under-constrained large grid a search may take minutes to find a first
//! solution and then be no closer to a second (`large/sudoku-64-1`: the plain solver finds one
//! in about two minutes, then neither it nor the proof search found another in ten; its two
//! solutions differ in a quarter of the cells). The test costs `N²/2` digit pairs of `2N`
//! links between rows each, closed over by bit sets of rows (about 19,000 instructions at
//! 9×9, where a union-find per pair took 53,000 — most of what the search for the solution
//! costs), and it needs no search. It proves nothing by itself —
//! the certificate of a `Multiple` verdict is the two grids, which the checker verifies.

use crate::grid::{Cell, Digit, Grid};

/// A solution of `puzzle` other than `solution`, found by exchanging two digits on one
/// connected set of cells that holds no given; `None` if no such set exists, or if `solution`
/// is not a solution of `puzzle` (then what the swap gives is checked and refused).
///
/// Every row holds one `a`-cell and one `b`-cell, linked, so a component is a set of rows: a
/// bit set (`N` ≤ 64), grown from the rows holding a given of `a` or `b` through each row's
/// four links (the other ends of its cells' column and box links). A row outside that closure
/// starts a free component.
pub fn swapped_solution(puzzle: &Grid, solution: &Grid) -> Option<Grid> {
    let columns = Columns::new(puzzle, solution)?;
    let side = columns.side;
    let mut links = vec![0u64; side];
    for a in 0..side {
        for b in a + 1..side {
            columns.link(a, b, &mut links);
            if let Some(rows) = free_component(&links, columns.given[a] | columns.given[b]) {
                // A swap of a valid solution is one; checking costs `3N²` and keeps this
                // function honest about an input that was not.
                let other = columns.swapped(solution, (a, b), rows);
                return (other.is_consistent() && other.solves(puzzle)).then_some(other);
            }
        }
    }
    None
}

/// The rows linked to nothing pinned, as one component: the one holding the lowest such row.
fn free_component(links: &[u64], pinned: u64) -> Option<u64> {
    let all = u64::MAX >> (64 - links.len());
    let free = all & !closure(links, pinned);
    (free != 0).then(|| closure(links, free & free.wrapping_neg()))
}

/// The rows reachable from `from` through `links`.
fn closure(links: &[u64], from: u64) -> u64 {
    let (mut reached, mut todo) = (from, from);
    while todo != 0 {
        let row = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let new = links[row] & !reached;
        reached |= new;
        todo |= new;
    }
    reached
}

/// Digit `digit`'s `side` entries of a table indexed `digit · N + i`.
fn slice<T>(table: &[T], digit: usize, side: usize) -> &[T] {
    &table[digit * side..(digit + 1) * side]
}

/// Where each digit is in the solution: `at[d·N + r]` is the column of digit `d + 1` in row
/// `r` and `box_at[d·N + r]` its box; `column_bit[d·N + c]` and `box_bit[d·N + b]` the bit of
/// its row in column `c` and in box `b`; `given[d]`, the rows where that digit's cell is a
/// given of the puzzle. (Tables, so that linking a pair divides and shifts nothing.)
struct Columns {
    side: usize,
    at: Vec<u8>,
    box_at: Vec<u8>,
    column_bit: Vec<u64>,
    box_bit: Vec<u64>,
    given: Vec<u64>,
}

impl Columns {
    /// `None` if a cell is empty or a row repeats a digit. (A column or box that repeats one
    /// leaves links wrong; the swap they give is then refused by its check.)
    fn new(puzzle: &Grid, solution: &Grid) -> Option<Columns> {
        let (n, side) = (solution.order().n(), solution.order().side());
        let mut columns = Columns {
            side,
            at: vec![u8::MAX; side * side],
            box_at: vec![0; side * side],
            column_bit: vec![0; side * side],
            box_bit: vec![0; side * side],
            given: vec![0; side],
        };
        let stack: Vec<usize> = (0..side).map(|col| col / n).collect();
        let cells = solution.values().chunks(side).zip(puzzle.values().chunks(side));
        for (row, (values, givens)) in cells.enumerate() {
            let band = row / n * n;
            for (col, ((&v, &g), &stack)) in values.iter().zip(givens).zip(&stack).enumerate() {
                let d = usize::from(v).checked_sub(1)?;
                let (slot, bx) = (d * side + row, band + stack);
                if *columns.at.get(slot)? != u8::MAX {
                    return None;
                }
                (columns.at[slot], columns.box_at[slot]) = (col as u8, bx as u8);
                columns.column_bit[d * side + col] = 1 << row;
                columns.box_bit[d * side + bx] = 1 << row;
                columns.given[d] |= u64::from(g != 0) << row;
            }
        }
        Some(columns)
    }

    fn of(&self, digit: usize, row: usize) -> usize {
        usize::from(self.at[digit * self.side + row])
    }

    fn cell(&self, digit: usize, row: usize) -> Cell {
        Cell::new(row, self.of(digit, row), self.side)
    }

    /// For each row, the rows its `a`-cell and `b`-cell are linked to: the row holding the
    /// other digit in the same column, and in the same box.
    fn link(&self, a: usize, b: usize, links: &mut [u64]) {
        let side = self.side;
        let (at_a, box_a) = (slice(&self.at, a, side), slice(&self.box_at, a, side));
        let (at_b, box_b) = (slice(&self.at, b, side), slice(&self.box_at, b, side));
        let (column_a, in_box_a) =
            (slice(&self.column_bit, a, side), slice(&self.box_bit, a, side));
        let (column_b, in_box_b) =
            (slice(&self.column_bit, b, side), slice(&self.box_bit, b, side));
        let cells = at_a.iter().zip(box_a).zip(at_b.iter().zip(box_b));
        for (link, ((&ca, &ba), (&cb, &bb))) in links.iter_mut().zip(cells) {
            let (ca, ba, cb, bb) =
                (usize::from(ca), usize::from(ba), usize::from(cb), usize::from(bb));
            *link = column_b[ca] | in_box_b[ba] | column_a[cb] | in_box_a[bb];
        }
    }

    /// `solution` with the digits `a + 1` and `b + 1` exchanged in the rows of `rows`.
    fn swapped(&self, solution: &Grid, (a, b): (usize, usize), mut rows: u64) -> Grid {
        let mut other = solution.clone();
        while rows != 0 {
            let row = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            other.set(self.cell(a, row), Some(Digit::new(b + 1)));
            other.set(self.cell(b, row), Some(Digit::new(a + 1)));
        }
        other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{parse_one, ParseOptions};
    use crate::solver::entry::classification;
    use crate::solver::{Classification, Solver};

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn grid(text: &str) -> Grid {
        parse_one(text, &ParseOptions::default()).expect("a grid").grid
    }

    /// The cells (row-major indices) of a rectangle of `solution` holding `a b / b a` in two
    /// rows of one band: the smallest free component, when its four cells are open.
    fn deadly_rectangle(solution: &Grid) -> [usize; 4] {
        let (n, side) = (solution.order().n(), solution.order().side());
        let v = solution.values();
        for r1 in 0..side {
            for r2 in (r1 + 1..side).filter(|r2| r2 / n == r1 / n) {
                for c1 in 0..side {
                    for c2 in (c1 + 1..side).filter(|c2| c2 / n != c1 / n) {
                        let [p, q] = [r1 * side + c1, r1 * side + c2];
                        let [s, t] = [r2 * side + c1, r2 * side + c2];
                        if v[p] == v[t] && v[q] == v[s] {
                            return [p, q, s, t];
                        }
                    }
                }
            }
        }
        panic!("no a-b/b-a rectangle in a band of {}: pick another grid", solution.to_line());
    }

    /// `solution` with the cells `blank` (row-major indices) open.
    fn open(solution: &Grid, blank: &[usize]) -> Grid {
        let mut puzzle = solution.clone();
        let side = solution.order().side();
        for &i in blank {
            puzzle.set(Cell::from_index(i, side), None);
        }
        puzzle
    }

    #[test]
    fn an_open_rectangle_is_exchanged_and_nothing_else() {
        let solution = grid(SOLVED);
        let cells = deadly_rectangle(&solution);
        let puzzle = open(&solution, &cells);
        let other = swapped_solution(&puzzle, &solution).expect("the rectangle is free");
        assert!(other.solves(&puzzle) && other.is_consistent());
        let differ: Vec<usize> =
            (0..81).filter(|&i| other.values()[i] != solution.values()[i]).collect();
        assert_eq!(differ, cells);
        // The plain solver agrees that the puzzle has two solutions.
        assert!(matches!(
            Solver::new(puzzle.order()).classify(&puzzle),
            Classification::Multiple(..)
        ));
    }

    #[test]
    fn a_search_out_of_budget_after_one_solution_is_answered_by_a_swap() {
        let solution = grid(SOLVED);
        let puzzle = open(&solution, &deadly_rectangle(&solution));
        let Some(Classification::Multiple(a, b)) =
            classification(&puzzle, vec![solution.clone()], false)
        else {
            panic!("one solution and a free rectangle make two");
        };
        assert!(a == solution && b != a && b.solves(&puzzle));
        // Without a free component, a search that ran out knows nothing; one that ended does.
        let unique = open(&solution, &[0, 40]);
        assert_eq!(classification(&unique, vec![solution.clone()], false), None);
        let ended = classification(&unique, vec![solution.clone()], true);
        assert_eq!(ended, Some(Classification::Unique(solution)));
        assert_eq!(classification(&unique, Vec::new(), true), Some(Classification::None));
        assert_eq!(classification(&unique, Vec::new(), false), None);
    }

    #[test]
    fn unique_puzzles_have_no_free_component() {
        let text = include_str!("../../data/9x9/top95.txt");
        let mut solver = Solver::new(grid(SOLVED).order());
        for line in text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')) {
            let puzzle = grid(line);
            let Classification::Unique(solution) = solver.classify(&puzzle) else {
                panic!("top95 puzzles are unique: {line}");
            };
            assert_eq!(swapped_solution(&puzzle, &solution), None, "{line}");
        }
    }

    #[test]
    fn an_empty_puzzle_gets_another_valid_grid() {
        let solution = grid(SOLVED);
        let other = swapped_solution(&Grid::empty(solution.order()), &solution).expect("many");
        assert!(other.is_complete() && other.is_consistent() && other != solution);
    }

    #[test]
    fn an_open_rectangle_of_a_16x16_grid_is_found() {
        let order = crate::grid::Order::new(4).expect("order 4");
        let (_, found) = Solver::new(order).solve_count(&Grid::empty(order), 1);
        let solution = found.into_iter().next().expect("an empty grid has a solution");
        let puzzle = open(&solution, &deadly_rectangle(&solution));
        let other = swapped_solution(&puzzle, &solution).expect("the rectangle is free");
        assert!(other.solves(&puzzle) && other.is_consistent() && other != solution);
        assert_eq!(swapped_solution(&solution, &solution), None, "every cell given");
    }

    #[test]
    fn an_incomplete_solution_is_refused() {
        let puzzle = Grid::empty(grid(SOLVED).order());
        assert_eq!(swapped_solution(&puzzle, &open(&grid(SOLVED), &[40])), None);
    }

    #[test]
    fn a_grid_that_is_no_solution_gives_none() {
        // Columns 1 and 4 exchanged: every row and column still holds each digit once, the
        // boxes do not, so no swap of it is a solution.
        let text: String = SOLVED
            .as_bytes()
            .chunks(9)
            .flat_map(|row| {
                let mut row = row.to_vec();
                row.swap(0, 3);
                row
            })
            .map(char::from)
            .collect();
        let broken = grid(&text);
        assert!(!broken.is_consistent());
        assert_eq!(swapped_solution(&Grid::empty(broken.order()), &broken), None);
    }
}
