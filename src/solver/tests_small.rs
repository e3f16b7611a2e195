//! Small-grid tests: the solver against a naive brute force on random 4×4
//! puzzles and candidate states, and a proptest that solutions solve.

use super::*;
use crate::grid::{Cell, Digit, Geometry};
use proptest::prelude::*;

use crate::rng::SplitMix64 as Rng;

/// Counts assignments of digits from `cands` (one mask per cell) with no digit
/// twice in a unit, up to `limit`, by plain recursion over the cells.
fn brute_count(order: Order, cands: &mut Vec<u64>, values: &mut Vec<u8>, limit: usize) -> usize {
    let geo = Geometry::of(order);
    let Some(i) = values.iter().position(|&v| v == 0) else { return 1 };
    let cell = geo.cell(i);
    let mut count = 0;
    for d in Candidates(cands[i]).iter() {
        let clash = geo.peers(cell).iter().any(|p| values[p.index()] as usize == d.get());
        if !clash && count < limit {
            values[i] = d.get() as u8;
            count += brute_count(order, cands, values, limit - count);
            values[i] = 0;
        }
    }
    count
}

/// The brute-force count of a grid's solutions, up to `limit`.
fn brute_grid(puzzle: &Grid, limit: usize) -> usize {
    if !puzzle.is_consistent() {
        return 0;
    }
    let full = puzzle.order().all_digits().0;
    let mut cands =
        puzzle.values().iter().map(|&v| if v == 0 { full } else { 1 << (v - 1) }).collect();
    brute_count(puzzle.order(), &mut cands, &mut vec![0; puzzle.values().len()], limit)
}

/// A random complete 4×4 grid: random-order fill by backtracking.
fn random_solution(rng: &mut Rng, grid: &mut Grid, i: usize) -> bool {
    let geo = Geometry::of(grid.order());
    if i == geo.cells() {
        return true;
    }
    let cell = geo.cell(i);
    let start = rng.below(4);
    for k in 0..4 {
        let d = Digit::new((start + k) % 4 + 1);
        if geo.peers(cell).iter().all(|&p| grid.get(p) != Some(d)) {
            grid.set(cell, Some(d));
            if random_solution(rng, grid, i + 1) {
                return true;
            }
        }
    }
    grid.set(cell, None);
    false
}

/// A random 4×4 puzzle: either clues kept from a random solution, or random
/// digits dropped anywhere (often clashing or unsolvable).
fn random_puzzle(rng: &mut Rng) -> Grid {
    let order = Order::new(2).unwrap();
    let mut grid = Grid::empty(order);
    if rng.below(2) == 0 {
        random_solution(rng, &mut grid, 0);
        let keep = rng.below(17);
        for i in 0..16 {
            if rng.below(16) >= keep {
                grid.set(Cell::from_index(i, 4), None);
            }
        }
    } else {
        for _ in 0..rng.below(8) {
            grid.set(Cell::from_index(rng.below(16), 4), Some(Digit::new(rng.below(4) + 1)));
        }
    }
    grid
}

fn assert_classification_sound(puzzle: &Grid, class: &Classification) {
    match class {
        Classification::None => {}
        Classification::Unique(s) => assert!(s.solves(puzzle), "{puzzle:?} → {s:?}"),
        Classification::Multiple(a, b) => {
            assert!(a.solves(puzzle) && b.solves(puzzle) && a != b, "{puzzle:?} → {a:?}, {b:?}");
        }
    }
}

#[test]
fn random_4x4_puzzles_match_brute_force() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut solver = Solver::new(Order::new(2).unwrap());
    let mut seen = [0usize; 3];
    for _ in 0..3000 {
        let puzzle = random_puzzle(&mut rng);
        let class = solver.classify(&puzzle);
        assert_eq!(class.count(), brute_grid(&puzzle, 2), "{puzzle:?}");
        assert_classification_sound(&puzzle, &class);
        seen[class.count()] += 1;
    }
    // The generator must exercise every class, or the comparison proves little.
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

#[test]
fn empty_4x4_has_288_distinct_solutions() {
    let empty = Grid::empty(Order::new(2).unwrap());
    let (count, mut all) = solve_count(&empty, 1000);
    assert_eq!(count, 288);
    assert!(all.iter().all(|g| g.solves(&empty)));
    all.sort_by(|a, b| a.values().cmp(b.values()));
    all.dedup();
    assert_eq!(all.len(), 288);
    assert_eq!(solve_count(&empty, 5).0, 5);
    assert_eq!(solve_count(&empty, 0), (0, vec![]));
}

#[test]
fn random_4x4_candidate_states_match_brute_force() {
    let order = Order::new(2).unwrap();
    let mut rng = Rng::new(0x0123_4567_89AB_CDEF);
    let mut solver = Solver::new(order);
    for _ in 0..3000 {
        // Mostly full masks with some random restrictions and placements.
        let mut cands: Vec<u64> =
            (0..16).map(|_| if rng.below(3) == 0 { rng.below(16) as u64 } else { 15 }).collect();
        let masks: Vec<Candidates> = cands.iter().map(|&m| Candidates(m)).collect();
        let mut values: Vec<u8> = vec![0; 16];
        let want = brute_count(order, &mut cands, &mut values, 3);
        let (count, first) = solver.classify_candidates(order, &masks, 3);
        assert_eq!(count, want, "{masks:?}");
        assert_eq!(first.is_some(), want > 0);
        if let Some(grid) = first {
            assert!(grid.is_complete() && grid.is_consistent());
            let fits = grid.filled().all(|(c, d)| masks[c.index()].contains(d));
            assert!(fits, "{grid:?} outside {masks:?}");
        }
    }
}

#[test]
fn clashing_givens_and_bad_candidate_slices_have_no_solution() {
    let order = Order::new(3).unwrap();
    let mut clash = Grid::empty(order);
    clash.set(Cell::new(0, 0, 9), Some(Digit::new(5)));
    clash.set(Cell::new(8, 0, 9), Some(Digit::new(5)));
    assert_eq!(classify(&clash), Classification::None);
    let full = vec![order.all_digits(); 81];
    assert_eq!(classify_candidates(order, &full[..80], 2), (0, None));
    assert_eq!(classify_candidates(order, &full, 2).0, 2);
}

#[test]
fn solver_adapts_to_the_order_of_each_puzzle() {
    let mut solver = Solver::new(Order::new(3).unwrap());
    for n in [2, 4, 3, 5, 2] {
        let empty = Grid::empty(Order::new(n).unwrap());
        assert_eq!(solver.classify(&empty).count(), 2, "order {n}");
        assert_eq!(solver.order().n(), n);
    }
}

/// A puzzle of `order` from arbitrary (cell, digit) pairs, values in range.
fn arbitrary_puzzle(n: usize, givens: Vec<(usize, usize)>) -> Grid {
    let order = Order::new(n).unwrap();
    let side = order.side();
    let mut grid = Grid::empty(order);
    for (i, d) in givens {
        grid.set(Cell::from_index(i % order.cells(), side), Some(Digit::new(d % side + 1)));
    }
    grid
}

proptest! {
    #[test]
    fn solutions_always_solve_the_puzzle(
        n in 2usize..=3,
        givens in prop::collection::vec((0usize..81, 0usize..9), 0..30),
    ) {
        let puzzle = arbitrary_puzzle(n, givens);
        let (count, all) = solve_count(&puzzle, 3);
        prop_assert_eq!(count, all.len());
        for s in &all {
            prop_assert!(s.solves(&puzzle), "{:?} → {:?}", puzzle, s);
        }
        assert_classification_sound(&puzzle, &classify(&puzzle));
        if !puzzle.is_consistent() {
            prop_assert_eq!(count, 0);
        }
    }
}
