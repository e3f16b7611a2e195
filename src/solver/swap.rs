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
//! solutions differ in a quarter of the cells). The test costs `N²/2` digit pairs of `3N`
//! links each: milliseconds at 64×64, and it needs no search. It proves nothing by itself —
//! the certificate of a `Multiple` verdict is the two grids, which the checker verifies.

use crate::grid::{Cell, Digit, Geometry, Grid};

/// A solution of `puzzle` other than `solution`, found by exchanging two digits on one
/// connected set of cells that holds no given; `None` if no such set exists. `solution` must
/// be a complete, consistent grid that `solves` `puzzle`.
pub fn swapped_solution(puzzle: &Grid, solution: &Grid) -> Option<Grid> {
    let geo = Geometry::of(puzzle.order());
    let holder = Holders::new(geo, solution)?;
    let mut links = Links::new(geo.cells());
    for a in 1..=geo.side() {
        for b in a + 1..=geo.side() {
            let (a, b) = (Digit::new(a), Digit::new(b));
            links.link_all(geo, &holder, a, b);
            if let Some(root) = links.free_component(puzzle, &holder, a, b) {
                return Some(links.swapped(solution, &holder, (a, b), root));
            }
        }
    }
    None
}

/// Per unit and digit, the cell of the solution holding the digit there.
struct Holders {
    side: usize,
    cells: Vec<Cell>,
}

impl Holders {
    /// `None` if `solution` is not complete and consistent (a unit without some digit).
    fn new(geo: &Geometry, solution: &Grid) -> Option<Holders> {
        let side = geo.side();
        let mut cells = vec![None; geo.unit_count() * side];
        for unit in 0..geo.unit_count() {
            for &cell in geo.unit_cells(unit) {
                let digit = solution.get(cell)?;
                cells[unit * side + digit.get() - 1] = Some(cell);
            }
        }
        Some(Holders { side, cells: cells.into_iter().collect::<Option<_>>()? })
    }

    fn of(&self, unit: usize, digit: Digit) -> Cell {
        self.cells[unit * self.side + digit.get() - 1]
    }

    /// The cells holding `digit`: one per row (rows are the first `N` units).
    fn all(&self, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        (0..self.side).map(move |row| self.of(row, digit))
    }
}

/// Union-find over cell indices, reset for the cells of each digit pair.
struct Links {
    parent: Vec<u32>,
}

impl Links {
    fn new(cells: usize) -> Links {
        Links { parent: (0..cells as u32).collect() }
    }

    /// Links, in every unit, the cell holding `a` with the one holding `b`.
    fn link_all(&mut self, geo: &Geometry, holder: &Holders, a: Digit, b: Digit) {
        for cell in holder.all(a).chain(holder.all(b)) {
            self.parent[cell.index()] = cell.index() as u32;
        }
        for unit in 0..geo.unit_count() {
            let (x, y) = (self.find(holder.of(unit, a)), self.find(holder.of(unit, b)));
            self.parent[x as usize] = y;
        }
    }

    fn find(&mut self, cell: Cell) -> u32 {
        let mut i = cell.index() as u32;
        while self.parent[i as usize] != i {
            let grandparent = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = grandparent;
            i = grandparent;
        }
        i
    }

    /// The root of a component of the `a`/`b` cells that holds no given of `puzzle`.
    fn free_component(
        &mut self,
        puzzle: &Grid,
        holder: &Holders,
        a: Digit,
        b: Digit,
    ) -> Option<u32> {
        let cells: Vec<Cell> = holder.all(a).chain(holder.all(b)).collect();
        let pinned: Vec<u32> =
            cells.iter().filter(|&&c| puzzle.get(c).is_some()).map(|&c| self.find(c)).collect();
        cells.iter().map(|&c| self.find(c)).find(|root| !pinned.contains(root))
    }

    /// `solution` with `a` and `b` exchanged on the component of `root`.
    fn swapped(
        &mut self,
        solution: &Grid,
        holder: &Holders,
        (a, b): (Digit, Digit),
        root: u32,
    ) -> Grid {
        let mut other = solution.clone();
        for (cell, digit) in holder.all(a).map(|c| (c, b)).chain(holder.all(b).map(|c| (c, a))) {
            if self.find(cell) == root {
                other.set(cell, Some(digit));
            }
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
    fn an_incomplete_solution_is_refused() {
        let puzzle = Grid::empty(grid(SOLVED).order());
        assert_eq!(swapped_solution(&puzzle, &open(&grid(SOLVED), &[40])), None);
    }
}
