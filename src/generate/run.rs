//! Many puzzles in parallel (rayon), in a deterministic order: puzzle `i` comes from its own
//! seed, so the output depends on the options and the seed alone, not on the thread count.

use super::{generate_one, GenerateError, GenerateOptions, Generated};
use crate::rng::SplitMix64;
use rayon::prelude::*;
use std::collections::HashSet;

/// Puzzles generated in parallel before their results are emitted (bounds memory).
const CHUNK: usize = 64;
/// Fresh seeds tried for a puzzle that repeats an earlier one of the run.
const RETRIES: usize = 64;

/// The seed of puzzle `index` of a run seeded with `seed`: output `index` of a SplitMix64
/// stream, so neighbouring indices get unrelated seeds.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let gamma = 0x9E37_79B9_7F4A_7C15u64;
    SplitMix64::new(seed.wrapping_add(index.wrapping_mul(gamma))).next_u64()
}

/// Generates `count` distinct puzzles; calls `done` as each attempt finishes (any thread) and
/// `emit` with each result in index order. Stops early when `emit` returns `false`.
pub fn generate_many(
    opts: &GenerateOptions,
    seed: u64,
    count: usize,
    done: &(dyn Fn() + Sync),
    mut emit: impl FnMut(usize, Result<Generated, GenerateError>) -> bool,
) {
    let mut seen = HashSet::new();
    for first in (0..count).step_by(CHUNK) {
        let last = (first + CHUNK).min(count);
        let results: Vec<_> = (first..last)
            .into_par_iter()
            .map(|i| {
                let made = generate_one(opts, puzzle_seed(seed, i as u64));
                done();
                made
            })
            .collect();
        for (i, made) in (first..last).zip(results) {
            let made = made.and_then(|g| distinct(opts, seed, i, g, &mut seen));
            if !emit(i, made) {
                return;
            }
        }
    }
}

/// `made`, or a retry with a derived seed when it repeats an earlier puzzle (sequential, so
/// the result does not depend on which thread finished first).
fn distinct(
    opts: &GenerateOptions,
    seed: u64,
    index: usize,
    made: Generated,
    seen: &mut HashSet<crate::grid::Grid>,
) -> Result<Generated, GenerateError> {
    let base = puzzle_seed(seed, index as u64);
    let mut made = made;
    for retry in 1..=RETRIES {
        if seen.insert(made.puzzle.clone()) {
            return Ok(made);
        }
        made = generate_one(opts, puzzle_seed(base, retry as u64))?;
    }
    match seen.insert(made.puzzle.clone()) {
        true => Ok(made),
        false => Err(GenerateError::Duplicates { retries: RETRIES }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Order;

    #[test]
    fn seeds_differ_per_index_and_repeat_per_seed() {
        assert_ne!(puzzle_seed(7, 0), puzzle_seed(7, 1));
        assert_eq!(puzzle_seed(7, 3), puzzle_seed(7, 3));
        assert_ne!(puzzle_seed(7, 0), puzzle_seed(8, 0));
    }

    #[test]
    fn runs_are_deterministic_and_distinct() {
        let opts = GenerateOptions::new(Order::new(2).unwrap());
        let collect = || {
            let mut out = Vec::new();
            generate_many(&opts, 5, 20, &|| {}, |_, g| {
                out.push(g.expect("4x4 puzzles exist").puzzle);
                true
            });
            out
        };
        let a = collect();
        assert_eq!(a, collect());
        assert_eq!(a.iter().collect::<HashSet<_>>().len(), 20);
    }
}
