//! The generic solver's parts: the matching rule against brute force, the
//! two views of a state kept in step, the node budget and the branching
//! guide on orders ≥ 4.

use super::alldiff::filter;
use super::tables::Tables;
use super::work::{State, Work};
use super::*;
use crate::rng::SplitMix64 as Rng;

/// The edges of `masks` that lie on some perfect matching, by trying every
/// permutation of values.
fn brute_matching_edges(masks: &[u64]) -> Option<Vec<u64>> {
    fn go(masks: &[u64], p: usize, used: u64, chosen: &mut Vec<usize>, keep: &mut [u64]) {
        if p == masks.len() {
            chosen.iter().enumerate().for_each(|(q, &v)| keep[q] |= 1 << v);
            return;
        }
        for v in (0..masks.len()).filter(|&v| masks[p] & !used & 1 << v != 0) {
            chosen.push(v);
            go(masks, p + 1, used | 1 << v, chosen, keep);
            chosen.pop();
        }
    }
    let mut keep = vec![0; masks.len()];
    go(masks, 0, 0, &mut Vec::new(), &mut keep);
    keep.iter().all(|&k| k != 0).then_some(keep)
}

#[test]
fn matching_rule_keeps_exactly_the_edges_on_perfect_matchings() {
    let mut rng = Rng::new(0x0A11_D1FF);
    let mut seen = [0usize; 3];
    for _ in 0..20_000 {
        let n = 1 + rng.below(6);
        let full = (1u64 << n) - 1;
        let density = 1 + rng.below(4);
        let masks: Vec<u64> = (0..n)
            .map(|_| (0..n).filter(|_| rng.below(5) < density).fold(0, |m, v| m | 1 << v) & full)
            .collect();
        // A random warm start: stale pairs must not matter.
        let mut warm: Vec<u8> = (0..n).map(|_| rng.below(n) as u8).collect();
        let mut filtered = masks.clone();
        let result = filter(&mut filtered, &mut warm);
        match brute_matching_edges(&masks) {
            None => assert_eq!(result, None, "{masks:?}"),
            Some(keep) => {
                assert_eq!(filtered, keep, "{masks:?}");
                assert_eq!(result, Some(keep != masks), "{masks:?}");
                // The warm start now holds a perfect matching.
                let used = warm.iter().fold(0u64, |a, &v| a | 1 << v);
                assert_eq!(used, full);
                assert!(warm.iter().enumerate().all(|(p, &v)| keep[p] & 1 << v != 0));
            }
        }
        seen[match result {
            None => 0,
            Some(false) => 1,
            Some(true) => 2,
        }] += 1;
    }
    assert!(seen.iter().all(|&k| k > 1000), "every outcome must be exercised: {seen:?}");
}

#[test]
fn naked_and_hidden_pairs_fall_out_of_the_matching_rule() {
    // Positions 0 and 1 share values {0, 1}: the others lose them.
    let mut masks = [0b0011, 0b0011, 0b1111, 0b1110];
    assert_eq!(filter(&mut masks, &mut [0; 4]), Some(true));
    assert_eq!(masks, [0b0011, 0b0011, 0b1100, 0b1100]);
    // Values 3 and 4 only fit positions 3 and 4: those keep only them.
    let mut masks = [0b00111, 0b00011, 0b00110, 0b11111, 0b11001];
    assert_eq!(filter(&mut masks, &mut [0; 5]), Some(true));
    assert_eq!(masks, [0b00111, 0b00011, 0b00110, 0b11000, 0b11000]);
    // Three positions, two values: no perfect matching.
    assert_eq!(filter(&mut [0b011, 0b011, 0b011], &mut [0; 3]), None);
}

#[test]
fn removals_keep_cells_and_places_in_step() {
    let order = Order::new(3).unwrap();
    let t = Tables::new(order);
    let mut rng = Rng::new(42);
    for _ in 0..200 {
        let mut words = vec![0; t.state_len()];
        let mut s = State::of(&t, &mut words);
        s.fill(&t);
        let mut work = Work::default();
        let mut conflict = false;
        for _ in 0..rng.below(120) {
            let bits = 1 << rng.below(9);
            if work.remove(&t, &mut s, rng.below(81), bits).is_err() {
                conflict = true;
                break;
            }
        }
        // Each place mask is what the cells say (a conflict may stop an
        // update half-way: the places then still cover the cells).
        for u in 0..27 {
            for d in 0..9 {
                let want = (0..9)
                    .filter(|&p| s.cells[t.cell(u, p)] & 1 << d != 0)
                    .fold(0, |a, p| a | 1 << p);
                let places = s.places[u * 9 + d];
                assert_eq!(places & want, want, "unit {u} digit {d}");
                assert!(conflict || places == want, "unit {u} digit {d}");
            }
        }
        // The queues hold exactly the cells and places that became single.
        if !conflict {
            for &i in &work.singles {
                assert_eq!(s.cells[i as usize].count_ones(), 1);
            }
            let singles = s.cells.iter().filter(|m| m.is_power_of_two()).count();
            assert_eq!(work.singles.len(), singles);
            for &at in &work.hidden {
                assert_eq!(s.places[at as usize].count_ones(), 1);
            }
        }
    }
}

/// The `line` (1-based) of the 25×25 gecode set.
fn gecode25(line: usize) -> Grid {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/25x25/gecode18.txt"));
    let row = text.unwrap().lines().nth(line - 1).unwrap().trim().to_string();
    crate::grid::parse_one(&row, &crate::grid::ParseOptions::default()).unwrap().grid
}

#[test]
fn budget_bounds_the_generic_search() {
    let puzzle = gecode25(17);
    let mut solver = Solver::new(puzzle.order());
    let full = solver.classify(&puzzle);
    let nodes = solver.nodes();
    assert!(nodes > 10, "line 17 needs branching");
    assert_eq!(solver.classify_with_budget(&puzzle, nodes - 1), None);
    assert_eq!(solver.nodes(), nodes - 1);
    assert_eq!(solver.classify_with_budget(&puzzle, nodes), Some(full.clone()));
    assert_eq!(solver.classify_with_budget(&puzzle, 0), None);
    assert!(matches!(full, Classification::Unique(ref s) if s.solves(&puzzle)));
}

#[test]
fn branch_cell_is_open_and_none_when_propagation_decides() {
    let puzzle = gecode25(18);
    let order = puzzle.order();
    let mut solver = Solver::new(order);
    let Classification::Unique(solution) = solver.classify(&puzzle) else { panic!("unique") };
    let full = order.all_digits();
    let cands: Vec<Candidates> = puzzle
        .values()
        .iter()
        .map(|&v| if v == 0 { full } else { Candidates(1 << (v - 1)) })
        .collect();
    let cell = solver.branch_cell(order, &cands).expect("the puzzle needs branching");
    assert!(cands[cell.index()].len() >= 2);
    // A solved state and a contradictory one need no branch.
    let solved: Vec<Candidates> =
        solution.values().iter().map(|&v| Candidates(1 << (v - 1))).collect();
    assert_eq!(solver.branch_cell(order, &solved), None);
    let mut broken = solved.clone();
    broken.swap(0, 1);
    assert_eq!(solver.branch_cell(order, &broken), None);
    assert_eq!(solver.branch_cell(order, &cands[1..]), None);
}
