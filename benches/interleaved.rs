//! The `certified/` comparison of `benches/engine.rs`, measured interleaved: the `sudoku`
//! crate's uniqueness check and deduku's certified solve + check take turns over the same
//! slice, round after round, and the ratio is of their sums. On a machine whose speed drifts
//! between criterion's groups (this project's: the crate's own time moves by up to 10 % from
//! run to run), both sides then see the same drift. Cold caches make the crate slower here
//! than in criterion's hot loop, so the two ratios differ; compare each with itself.
//!
//! `cargo bench --bench interleaved` (every set, `dfs` and `bfs`), or with arguments
//! `-- SEARCH ROUNDS` (`dfs` or `bfs`; rounds after one warm-up).

// Only `load` is used here; `SETS` serves the criterion benches.
#[allow(dead_code)]
#[path = "sets.rs"]
mod sets;

use deduku::grid::Grid;
use deduku::solve::{solve, SolveOptions, Strategy};
use std::hint::black_box;
use std::time::Instant;

/// The slices of `certified/` in `benches/engine.rs`.
const SLICES: [(&str, &str, usize); 5] = [
    ("pe96", "9x9/pe96_easy50.txt", 50),
    ("top95", "9x9/top95.txt", 95),
    ("top1465[..200]", "9x9/magictour_top1465.txt", 200),
    ("clue17[..500]", "9x9/clue17_49158.txt", 500),
    ("forum_hardest[..40]", "9x9/forum_hardest_1106.txt", 40),
];

fn main() {
    // `cargo bench` passes `--bench`; the rest are ours.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let searches = match args.first().map(String::as_str) {
        Some("bfs") => vec![Strategy::Bfs],
        Some("dfs") => vec![Strategy::Dfs],
        _ => vec![Strategy::Dfs, Strategy::Bfs],
    };
    let rounds = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(10);
    for (name, rel, limit) in SLICES {
        let puzzles = sets::load(rel, 1, limit);
        for &search in &searches {
            let (crate_s, ours_s) = interleaved(&puzzles, search, rounds);
            let per = |s: f64| s / (rounds * puzzles.len()) as f64 * 1e6;
            let (c, o) = (per(crate_s), per(ours_s));
            println!("{name:<20} {search:?}: crate {c:8.2} µs, deduku {o:9.1} µs, {:6.2}×", o / c);
        }
    }
}

/// Seconds spent by the crate and by deduku over `rounds` rounds (after one warm-up).
fn interleaved(puzzles: &[Grid], search: Strategy, rounds: usize) -> (f64, f64) {
    let bytes: Vec<[u8; 81]> = puzzles.iter().map(sets::to_bytes).collect();
    let lines: Vec<String> = puzzles.iter().map(Grid::to_line).collect();
    let opts = SolveOptions::with_search(search);
    let (mut crate_s, mut ours_s) = (0.0, 0.0);
    for round in 0..=rounds {
        let t = Instant::now();
        let unique = bytes.iter().filter(|a| {
            sudoku::Sudoku::from_bytes(*black_box(*a))
                .is_ok_and(sudoku::Sudoku::is_uniquely_solvable)
        });
        assert_eq!(unique.count(), puzzles.len(), "the slices are unique puzzles");
        let c = t.elapsed().as_secs_f64();
        let t = Instant::now();
        for (p, line) in puzzles.iter().zip(&lines) {
            let outcome = solve(black_box(p), &opts);
            assert!(deduku_check::check(&outcome.proof, Some(line)).is_ok(), "{line}");
        }
        if round > 0 {
            (crate_s, ours_s) = (crate_s + c, ours_s + t.elapsed().as_secs_f64());
        }
    }
    (crate_s, ours_s)
}
