//! Criterion benches of the certified pipeline's stages on the puzzle sets:
//! `Cn` alone and the full certified solve (each with its certificate), RON
//! serialization of the certificates, and checking;
//! the plain solver against the `sudoku` crate on 17-clue and top1465; and the
//! certified solve + check of both strategies against the crate's uniqueness check.
//!
//! `cargo bench --bench engine` (one iteration = the whole slice of a set).
// criterion_group! defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "sets.rs"]
mod sets;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use deduku::grid::Grid;
use deduku::solve::{solve, SolveOptions, Strategy};
use deduku::solver::Solver;
use std::hint::black_box;
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

fn stages(c: &mut Criterion) {
    for (name, rel, first, limit) in sets::SETS {
        let puzzles = sets::load(rel, first, limit);
        let mut g = c.benchmark_group(format!("stages/{name}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        let cn_only = SolveOptions { max_depth: Some(0), ..SolveOptions::default() };
        g.bench_function("cn", |b| {
            b.iter(|| puzzles.iter().map(|p| solve(p, &cn_only).proof.steps.len()).sum::<usize>());
        });
        let full = SolveOptions::default();
        g.bench_function("certified_solve", |b| {
            b.iter(|| puzzles.iter().map(|p| solve(p, &full).proof.steps.len()).sum::<usize>());
        });
        let proofs: Vec<_> = puzzles.iter().map(|p| (p.to_line(), solve(p, &full).proof)).collect();
        g.bench_function("ron", |b| {
            b.iter(|| proofs.iter().map(|(_, pr)| deduku_check::to_ron(pr).len()).sum::<usize>());
        });
        g.bench_function("check", |b| {
            b.iter(|| {
                proofs.iter().filter(|(p, pr)| deduku_check::check(pr, Some(p)).is_ok()).count()
            });
        });
        g.finish();
    }
}

/// deduku's plain solver (the order-3 fast path) against the `sudoku` crate,
/// both classifying (0 / 1 / ≥2): `solution()` returns the unique solution as
/// `classify` does; `is_uniquely_solvable()` only counts, the crate's fastest
/// uniqueness check. The target: deduku within 1.5× of the faster.
fn peers(c: &mut Criterion) {
    let sets_9x9 = [
        ("clue17[..2000]", "9x9/clue17_49158.txt", 2000),
        ("top1465", "9x9/magictour_top1465.txt", 1465),
    ];
    for (name, rel, limit) in sets_9x9 {
        let puzzles = sets::load(rel, 1, limit);
        let bytes: Vec<[u8; 81]> = puzzles.iter().map(sets::to_bytes).collect();
        let mut g = c.benchmark_group(format!("plain/{name}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        // One reused solver, as `solve` and `batch` use it (tables built once per thread).
        let mut solver = Solver::new(puzzles[0].order());
        g.bench_function("deduku", |b| {
            b.iter(|| {
                puzzles.iter().filter(|p| solver.classify(black_box(p)).count() == 1).count()
            });
        });
        g.bench_function("sudoku_crate", |b| {
            b.iter(|| {
                bytes
                    .iter()
                    .filter_map(|a| sudoku::Sudoku::from_bytes(*black_box(a)).ok())
                    .filter(|s| s.solution().is_some())
                    .count()
            });
        });
        g.bench_function("sudoku_crate_count", |b| {
            b.iter(|| {
                bytes
                    .iter()
                    .filter_map(|a| sudoku::Sudoku::from_bytes(*black_box(a)).ok())
                    .filter(|s| s.is_uniquely_solvable())
                    .count()
            });
        });
        g.finish();
    }
}

/// Certified solve + check with each strategy against the `sudoku` crate's
/// uniqueness check, side by side in one run on the five 9×9 sets: the
/// issue's targets are `dfs` ≤ 10× and `bfs` ≤ 40× the crate.
fn certified(c: &mut Criterion) {
    let sets_9x9 = [
        ("pe96", "9x9/pe96_easy50.txt", 50),
        ("top95", "9x9/top95.txt", 95),
        ("top1465[..200]", "9x9/magictour_top1465.txt", 200),
        ("clue17[..500]", "9x9/clue17_49158.txt", 500),
        ("forum_hardest[..40]", "9x9/forum_hardest_1106.txt", 40),
    ];
    for (name, rel, limit) in sets_9x9 {
        let puzzles = sets::load(rel, 1, limit);
        // Each side's input prepared outside the timed loop: the crate's bytes, deduku's
        // grids and the givens' text the checker compares the certificate's header with.
        let bytes: Vec<[u8; 81]> = puzzles.iter().map(sets::to_bytes).collect();
        let lines: Vec<String> = puzzles.iter().map(Grid::to_line).collect();
        let mut g = c.benchmark_group(format!("certified/{name}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.bench_function("sudoku_crate_unique", |b| {
            b.iter(|| {
                let unique = |a: &[u8; 81]| {
                    sudoku::Sudoku::from_bytes(*black_box(a))
                        .is_ok_and(sudoku::Sudoku::is_uniquely_solvable)
                };
                bytes.iter().filter(|a| unique(a)).count()
            });
        });
        for search in [Strategy::Dfs, Strategy::Bfs, Strategy::Cdcl] {
            let opts = SolveOptions::with_search(search);
            g.bench_function(format!("deduku_{search:?}_solve_check").to_lowercase(), |b| {
                b.iter(|| {
                    let given = puzzles.iter().zip(&lines);
                    given.filter(|(p, line)| solve_and_check(p, line, &opts)).count()
                });
            });
        }
        g.finish();
    }
}

/// Solve `p` and check the certificate with the kernel against its givens `line`; whether
/// it verified.
fn solve_and_check(p: &Grid, line: &str, opts: &SolveOptions) -> bool {
    let outcome = solve(black_box(p), opts);
    deduku_check::check(&outcome.proof, Some(line)).is_ok()
}

criterion_group! { name = benches; config = config(); targets = stages, peers, certified }
criterion_main!(benches);
