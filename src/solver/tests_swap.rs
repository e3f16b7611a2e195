//! The digit swap's bit-set closure against the union-find over rows it replaced (kept here
//! as the reference): the same answer — the same second solution, or none — on grids with
//! random cells opened, 9×9 and 16×16.

use super::{swapped_solution, Solver};
use crate::grid::{Cell, Digit, Grid, Order};
use crate::rng::SplitMix64 as Rng;

/// The union-find version: per digit pair, link the rows of each column's and each box's
/// `a`- and `b`-cells, then take the component of the lowest row no given pins.
fn reference(puzzle: &Grid, solution: &Grid) -> Option<Grid> {
    let (n, side) = (solution.order().n(), solution.order().side());
    let (mut at, mut given) = (vec![usize::MAX; side * side], vec![0u64; side]);
    for (i, (&v, &g)) in solution.values().iter().zip(puzzle.values()).enumerate() {
        let d = usize::from(v).checked_sub(1)?;
        at[d * side + i / side] = i % side;
        given[d] |= u64::from(g != 0) << (i / side);
    }
    let boxed = |row: usize, col: usize| side + row / n * n + col / n;
    for a in 0..side {
        for b in a + 1..side {
            let mut parent: Vec<usize> = (0..side).collect();
            let mut a_row = vec![0; 2 * side];
            for row in 0..side {
                a_row[at[a * side + row]] = row;
                a_row[boxed(row, at[a * side + row])] = row;
            }
            for row in 0..side {
                let col = at[b * side + row];
                union(&mut parent, row, a_row[col]);
                union(&mut parent, row, a_row[boxed(row, col)]);
            }
            let mut pinned = vec![false; side];
            for row in (0..side).filter(|&r| (given[a] | given[b]) >> r & 1 == 1) {
                pinned[find(&mut parent, row)] = true;
            }
            let Some(root) = (0..side).map(|r| find(&mut parent, r)).find(|&r| !pinned[r]) else {
                continue;
            };
            let mut other = solution.clone();
            for row in (0..side).filter(|&r| find(&mut parent, r) == root) {
                other.set(Cell::new(row, at[a * side + row], side), Some(Digit::new(b + 1)));
                other.set(Cell::new(row, at[b * side + row], side), Some(Digit::new(a + 1)));
            }
            return (other.is_consistent() && other.solves(puzzle)).then_some(other);
        }
    }
    None
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        x = parent[x];
    }
    x
}

fn union(parent: &mut [usize], x: usize, y: usize) {
    let (x, y) = (find(parent, x), find(parent, y));
    parent[x] = y;
}

/// `solution` with `open` random cells blanked.
fn opened(solution: &Grid, open: usize, rng: &mut Rng) -> Grid {
    let side = solution.order().side();
    let mut cells: Vec<usize> = (0..side * side).collect();
    rng.shuffle(&mut cells);
    let mut puzzle = solution.clone();
    for &i in &cells[..open] {
        puzzle.set(Cell::from_index(i, side), None);
    }
    puzzle
}

#[test]
fn the_bit_set_closure_finds_what_the_union_find_found() {
    let mut rng = Rng::new(12);
    let (mut found, mut none) = (0, 0);
    for n in [3, 4] {
        let order = Order::new(n).expect("a valid order");
        let (_, solutions) = Solver::new(order).solve_count(&Grid::empty(order), 1);
        let solution = solutions.into_iter().next().expect("an empty grid has a solution");
        for _ in 0..300 {
            let open = 4 + rng.below(order.cells() - 4);
            let puzzle = opened(&solution, open, &mut rng);
            let swapped = swapped_solution(&puzzle, &solution);
            assert_eq!(swapped, reference(&puzzle, &solution), "{}", puzzle.to_line());
            match swapped {
                Some(_) => found += 1,
                None => none += 1,
            }
        }
    }
    // Both answers occur, so the comparison tested both.
    assert!(found > 50 && none > 50, "{found} swaps found, {none} not");
}
