//! The root probes' ranking (heaviest first, ties in the order offered, each alternative once,
//! at most [`PROBES`]), and the clock read however many assumptions they open at once.

use super::probe::{Probes, PROBES};
use super::CLOCK_EVERY;
use crate::grid::Grid;
use crate::solve::settle::{Searching, Settle};
use std::time::Instant;

#[test]
fn probes_are_kept_heaviest_first_ties_in_offer_order_without_repeats() {
    // (weight, cell, digit) as offered; (7, 3, 1) comes twice (a digit's cell and its place in
    // a unit are offered apart).
    let offers = [
        (5, 10, 0),
        (7, 3, 1),
        (5, 11, 2),
        (9, 40, 3),
        (7, 3, 1),
        (2, 70, 4),
        (7, 12, 5),
        (9, 41, 6),
        (1, 80, 7),
        (5, 13, 8),
    ];
    let mut probes = Probes::default();
    for &(weight, i, d0) in &offers {
        probes.offer(weight, i, d0);
    }
    // Expected: the first offer of each alternative, stably sorted by weight, heaviest first.
    let mut firsts: Vec<(u32, u8, u8)> = Vec::new();
    for &(w, i, d0) in &offers {
        if !firsts.iter().any(|&(_, j, e0)| (usize::from(j), usize::from(e0)) == (i, d0)) {
            firsts.push((w, i as u8, d0 as u8));
        }
    }
    firsts.sort_by_key(|&(w, ..)| std::cmp::Reverse(w));
    firsts.truncate(PROBES);
    assert_eq!(probes.kept(), &firsts[..]);
}

#[test]
fn the_clock_is_read_even_when_probes_step_over_a_multiple_of_the_cadence() {
    // Root probes open several assumptions between two looks at the budget: from 63 to 65,
    // say. The deadline must still be read once 64 is reached or passed.
    let puzzle = crate::grid::parse_one(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        &crate::grid::ParseOptions::default(),
    )
    .expect("top95 #1")
    .grid;
    let mut state = Settle::new(&puzzle).expect("givens agree");
    let mut never = |_: &Grid| None;
    let past = Some(Instant::now());
    let limits = Searching { oracle: &mut never, deadline: past, steps: usize::MAX };
    let mut next_look = 0;
    assert!(state.out_of_budget(&limits, &mut next_look), "read at the first stall");
    state.stats.assumptions = 63;
    next_look = 64;
    assert!(!state.out_of_budget(&limits, &mut next_look), "not read before the next look");
    state.stats.assumptions = 65;
    assert!(state.out_of_budget(&limits, &mut next_look), "read once the look is passed");
    assert_eq!(next_look, 65 + CLOCK_EVERY);
}
