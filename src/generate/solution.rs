//! Random solution grids: the diagonal boxes filled with random permutations (they share no
//! row or column, so any filling is consistent), completed by the plain solver, then scrambled
//! by the transformations that map valid grids to valid grids (digits relabelled, rows within a
//! band, bands, columns within a stack, stacks, transposition).
//!
//! The grids are not drawn uniformly from all valid grids (the solver's completion is
//! deterministic), but every valid grid is reachable and the draw depends on the seed only.

use crate::grid::{Candidates, Cell, Digit, Grid, Order};
use crate::rng::SplitMix64;
use crate::solver::Solver;

/// A random valid complete grid of `order`, drawn from `rng`.
pub fn random_solution(order: Order, rng: &mut SplitMix64, solver: &mut Solver) -> Grid {
    loop {
        let cands = diagonal_boxes(order, rng);
        // Any filling of the diagonal boxes completes for the orders tried (2 to 8); the loop
        // only guards the case where one did not.
        if let (1, Some(grid)) = solver.classify_candidates(order, &cands, 1) {
            return scramble(&grid, rng);
        }
    }
}

/// Candidates with the diagonal boxes holding random permutations, every other cell open.
fn diagonal_boxes(order: Order, rng: &mut SplitMix64) -> Vec<Candidates> {
    let (n, side) = (order.n(), order.side());
    let mut cands = vec![Candidates::full(side); order.cells()];
    for b in 0..n {
        let mut digits: Vec<usize> = (1..=side).collect();
        rng.shuffle(&mut digits);
        for (k, &d) in digits.iter().enumerate() {
            let cell = Cell::new(b * n + k / n, b * n + k % n, side);
            cands[cell.index()] = Candidates(Digit::new(d).bit());
        }
    }
    cands
}

/// `grid` under a random validity-preserving transformation.
pub fn scramble(grid: &Grid, rng: &mut SplitMix64) -> Grid {
    let order = grid.order();
    let (n, side) = (order.n(), order.side());
    let mut digits: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut digits);
    let rows = band_permutation(n, rng);
    let cols = band_permutation(n, rng);
    let transpose = rng.below(2) == 1;
    let mut values = vec![0u8; order.cells()];
    for (r, &from_r) in rows.iter().enumerate() {
        for (c, &from_c) in cols.iter().enumerate() {
            let (sr, sc) = if transpose { (from_c, from_r) } else { (from_r, from_c) };
            let v = grid.values()[sr * side + sc];
            values[r * side + c] = if v == 0 { 0 } else { digits[usize::from(v) - 1] };
        }
    }
    Grid::from_values(order, values).expect("a permutation of a grid is a grid of its order")
}

/// A permutation of `0..n²` that keeps bands of `n` together: bands shuffled, then the lines
/// within each band.
fn band_permutation(n: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let mut bands: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut bands);
    let mut out = Vec::with_capacity(n * n);
    for b in bands {
        let mut lines: Vec<usize> = (0..n).map(|k| b * n + k).collect();
        rng.shuffle(&mut lines);
        out.extend(lines);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_solutions_are_valid_reproducible_and_varied() {
        for n in 2..=5 {
            let order = Order::new(n).unwrap();
            let mut solver = Solver::new(order);
            let draw =
                |seed| random_solution(order, &mut SplitMix64::new(seed), &mut Solver::new(order));
            let a = random_solution(order, &mut SplitMix64::new(1), &mut solver);
            assert!(a.is_complete() && a.is_consistent(), "order {n}");
            assert_eq!(a, draw(1));
            assert_ne!(a, draw(2), "order {n}");
        }
    }

    #[test]
    fn scramble_keeps_validity_and_blanks() {
        let order = Order::new(3).unwrap();
        let mut rng = SplitMix64::new(3);
        let full = random_solution(order, &mut rng, &mut Solver::new(order));
        let mut partial = full.clone();
        partial.set(Cell::from_index(0, 9), None);
        let s = scramble(&partial, &mut rng);
        assert!(s.is_consistent());
        assert_eq!(s.filled_count(), 80);
    }
}
