use super::*;
use crate::grid::{Cell, Digit, Order};
use crate::rng::SplitMix64;
use crate::rules::hall_subsets;
use deduku_check::format::Rule;

/// Eliminate a random candidate of a random open cell that is not the cell's digit in
/// `solution` (a row-shifted Latin square), recording it as step `step`.
fn shrink(state: &mut State, rng: &mut SplitMix64, step: u32) {
    let side = state.side();
    let cell = Cell::new(rng.below(side), rng.below(side), side);
    let keep = (cell.row() * 3 + cell.row() / 3 + cell.col()) % side + 1;
    let cands: Vec<usize> = (1..=side).filter(|&d| d != keep).collect();
    let d = Digit::new(cands[rng.below(cands.len())]);
    if state.cands(cell).contains(d) {
        state.eliminate(cell, d, step);
    }
}

#[test]
fn the_cache_finds_an_instance_exactly_when_a_full_scan_does() {
    let mut rng = SplitMix64::new(41);
    let mut found = 0;
    for _ in 0..40 {
        let mut state = State::new(Order::new(3).unwrap());
        let mut cache = HallCache::default();
        for step in 1..400 {
            shrink(&mut state, &mut rng, step);
            let mut full = Vec::new();
            hall_subsets(&state, &mut full);
            let first = cache.first_instance(&state);
            assert_eq!(first.is_some(), !full.is_empty(), "step {step}");
            if let Some(inst) = first {
                found += 1;
                assert!(matches!(inst.rule, Rule::NakedSubset { .. }));
                assert!(full.contains(&inst), "the cached instance is one a full scan finds");
            }
        }
    }
    assert!(found > 100, "the walk meets Hall sets ({found})");
}

#[test]
fn the_cache_rescans_a_unit_that_an_undo_restored() {
    let mut rng = SplitMix64::new(43);
    let mut state = State::new(Order::new(3).unwrap());
    let mut cache = HallCache::default();
    for step in (1..600).step_by(4) {
        let mark = state.mark();
        for k in 0..3 {
            shrink(&mut state, &mut rng, step + k);
        }
        // The cache now remembers the shrunk units; undoing must not fool it.
        let _ = cache.first_instance(&state);
        state.undo(mark);
        let mut full = Vec::new();
        hall_subsets(&state, &mut full);
        assert_eq!(cache.first_instance(&state).is_some(), !full.is_empty(), "undo at {step}");
        shrink(&mut state, &mut rng, step + 3);
    }
}
