//! One set in a loop, for A/B comparisons of two builds and for profilers: solve, check, or
//! solve then check each fresh certificate (`sc`, what criterion's `certified/` times), with no
//! statistics of its own, one line of output (µs a puzzle). `sx` solves, then checks the
//! certificate made before the loop instead of the fresh one: as slow as `sc` (pe96, 12.3
//! µs both), so what alternating solving and checking costs over the two loops run apart
//! (about 1 µs a pe96 puzzle) comes from sharing the processor's predictors and caches
//! between the two codes, not from the certificate just written. `crate` runs the peer of
//! criterion's `certified/` group instead, the `sudoku` crate's uniqueness check, on the same
//! puzzles: under cachegrind, the instructions of both sides (docs/performance.md).
//!
//! `cargo bench --bench loops -- REL LIMIT REPS [dfs|bfs] [solve|check|sc|sx|crate] [KIND]`, `REL`
//! under `data/` (e.g. `9x9/pe96_easy50.txt`); `KIND` `settled` keeps only the puzzles whose
//! certificate has no assumption (the rules settle them), `searched` only the others. To
//! compare two commits, build this bench in a worktree of each (`cargo bench --bench loops
//! --no-run` prints the binary) and run the two binaries alternately, several rounds, in both
//! slots: `benches/ab.sh` does all of it (docs/performance.md); under `valgrind
//! --tool=cachegrind --branch-sim=yes` it ranks the mispredicted branches.

// Only `load` is used here; `SETS` serves the criterion benches.
#[allow(dead_code)]
#[path = "sets.rs"]
mod sets;

use deduku::grid::Grid;
use deduku::solve::{solve, SolveOptions, Strategy};
use deduku_check::format::{Proof, Rule};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    // `cargo bench` passes `--bench`; the rest are ours.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let (Some(rel), Some(limit), Some(reps)) = (
        args.first(),
        args.get(1).and_then(|a| a.parse().ok()),
        args.get(2).and_then(|a| a.parse::<usize>().ok()),
    ) else {
        eprintln!(
            "usage: loops REL LIMIT REPS [dfs|bfs] [solve|check|sc|sx|crate] [settled|searched]"
        );
        std::process::exit(2)
    };
    let search =
        if args.get(3).map(String::as_str) == Some("bfs") { Strategy::Bfs } else { Strategy::Dfs };
    let mode = args.get(4).map_or("sc", String::as_str);
    let opts = SolveOptions::with_search(search);
    let kept = |proof: &Proof| match args.get(5).map(String::as_str) {
        Some(kind @ ("settled" | "searched")) => {
            proof.steps.iter().any(|s| s.rule == Rule::Assume) == (kind == "searched")
        }
        _ => true,
    };
    let solved = sets::load(rel, 1, limit).into_iter().map(|p| (solve(&p, &opts).proof, p));
    let (proofs, puzzles): (Vec<Proof>, Vec<Grid>) = solved.filter(|(pr, _)| kept(pr)).unzip();
    let lines: Vec<String> = puzzles.iter().map(Grid::to_line).collect();
    // The crate's grids, made only for its mode: it reads 9×9 grids alone.
    let bytes: Vec<[u8; 81]> = match mode {
        "crate" => puzzles.iter().map(sets::to_bytes).collect(),
        _ => Vec::new(),
    };
    let start = Instant::now();
    for _ in 0..reps {
        for (i, p) in puzzles.iter().enumerate() {
            let verified = match mode {
                "solve" => !black_box(solve(black_box(p), &opts)).proof.steps.is_empty(),
                "check" => deduku_check::check(&proofs[i], Some(&lines[i])).is_ok(),
                "crate" => sudoku::Sudoku::from_bytes(*black_box(&bytes[i]))
                    .is_ok_and(sudoku::Sudoku::is_uniquely_solvable),
                "sx" => {
                    // The fresh certificate is dropped unchecked; the stored one is checked.
                    let solved = !black_box(solve(black_box(p), &opts)).proof.steps.is_empty();
                    solved && deduku_check::check(&proofs[i], Some(&lines[i])).is_ok()
                }
                _ => {
                    deduku_check::check(&solve(black_box(p), &opts).proof, Some(&lines[i])).is_ok()
                }
            };
            assert!(verified, "puzzle {} of {rel}", i + 1);
        }
    }
    let micros = start.elapsed().as_secs_f64() * 1e6 / (reps * puzzles.len()).max(1) as f64;
    println!("{micros:.2} µs/puzzle ({mode}, {search:?}, {} puzzles)", puzzles.len());
}
