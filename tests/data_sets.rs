//! Whole puzzle sets: every verdict matches the documented solution count, and
//! every certificate the engine writes is accepted by the independent checker —
//! with the three proof strategies: breadth-first (shallowest), depth-first, and clause
//! learning.

mod common;

use common::{expected_from_note, load, load_with, Expected};
use deduku::grid::{Alphabet, Grid, ParseOptions};
use deduku::rules::RuleSet;
use deduku::solve::Strategy;
use deduku::solve::{solve, SolveOptions, Verdict};
use deduku_check::format::Claim;

/// Solve every puzzle of `rel`, check each certificate, and compare the verdict
/// class with the set's documentation. Returns the number of puzzles.
fn certify_set(rel: &str, default: Expected, opts: &SolveOptions) -> usize {
    let puzzles = load(rel);
    for p in &puzzles {
        let expected = expected_from_note(p.note.as_deref(), default);
        let at = format!("{rel} line {} ({})", p.line, opts.search);
        certify(&p.grid, expected, opts, &at);
    }
    puzzles.len()
}

/// [`certify_set`] with each strategy (default options otherwise); returns the count.
fn certify_set_all(rel: &str, default: Expected) -> usize {
    let counts = [Strategy::Bfs, Strategy::Dfs, Strategy::Cdcl]
        .map(|search| certify_set(rel, default, &SolveOptions::with_search(search)));
    assert!(counts.iter().all(|&c| c == counts[0]));
    counts[0]
}

fn certify(grid: &Grid, expected: Expected, opts: &SolveOptions, at: &str) {
    let outcome = solve(grid, opts);
    let verified = deduku_check::check(&outcome.proof, Some(&grid.to_line()))
        .unwrap_or_else(|e| panic!("{at}: certificate rejected: {e}"));
    let class = match &outcome.verdict {
        Verdict::Solution(s) => {
            assert!(s.solves(grid), "{at}: claimed solution does not solve the puzzle");
            Expected::Unique
        }
        Verdict::Contradiction => Expected::None,
        Verdict::Multiple(a, b) => {
            assert!(a != b && a.solves(grid) && b.solves(grid), "{at}: bad witnesses");
            Expected::Multiple
        }
        Verdict::Stuck(_) => panic!("{at}: unbounded search got stuck ({verified})"),
    };
    assert_eq!(class, expected, "{at}: verdict {}", outcome.verdict.name());
}

#[test]
fn pe96_easy50_all_unique() {
    assert_eq!(certify_set_all("9x9/pe96_easy50.txt", Expected::Unique), 50);
}

#[test]
fn top95_all_unique() {
    assert_eq!(certify_set_all("9x9/top95.txt", Expected::Unique), 95);
}

#[test]
fn top95_without_oracle() {
    for search in [Strategy::Bfs, Strategy::Dfs] {
        let opts = SolveOptions { oracle: false, search, ..SolveOptions::default() };
        assert_eq!(certify_set("9x9/top95.txt", Expected::Unique, &opts), 95);
    }
}

/// Without the plain solver's answer, the depth-first search finds solutions
/// itself: two distinct ones prove a puzzle ambiguous, none proves it impossible.
#[test]
fn depth_first_without_oracle_classifies_mixed_sets() {
    let opts = SolveOptions { oracle: false, search: Strategy::Dfs, ..SolveOptions::default() };
    for (rel, count) in [("tdoku_test_puzzles.txt", 43), ("sudopedia_testcases.txt", 34)] {
        assert_eq!(certify_set(rel, Expected::Unique, &opts), count);
    }
    let invalid = certify_set("invalid/sudopedia_invalid7.txt", Expected::None, &opts);
    assert_eq!(invalid, 7);
    for p in load("multiple/serg_multi10000.txt").iter().step_by(20) {
        certify(&p.grid, Expected::Multiple, &opts, &format!("serg line {} (dfs)", p.line));
    }
}

#[test]
fn hardest11_all_unique() {
    assert_eq!(certify_set_all("9x9/hardest11.txt", Expected::Unique), 11);
}

#[test]
fn forum_hardest_all_unique() {
    let n = certify_set_all("9x9/forum_hardest_1106.txt", Expected::Unique);
    assert_eq!(n, 375);
}

#[test]
fn tdoku_test_puzzles_match_their_counts() {
    assert_eq!(certify_set_all("tdoku_test_puzzles.txt", Expected::Unique), 43);
}

#[test]
fn sudopedia_test_cases_match_their_categories() {
    let n = certify_set_all("sudopedia_testcases.txt", Expected::Unique);
    assert_eq!(n, 34);
}

#[test]
fn sudopedia_invalid_all_impossible() {
    let n = certify_set_all("invalid/sudopedia_invalid7.txt", Expected::None);
    assert_eq!(n, 7);
}

#[test]
fn duplicate_givens_end_in_contradiction_under_cn_alone() {
    let opts = SolveOptions { max_depth: Some(0), ..SolveOptions::default() };
    for p in load("invalid/sudopedia_invalid7.txt") {
        let outcome = solve(&p.grid, &opts);
        deduku_check::check(&outcome.proof, Some(&p.grid.to_line())).expect("checks");
        if p.note.as_deref().unwrap_or("").contains("duplicate") {
            assert_eq!(outcome.proof.claim, Claim::Contradiction, "line {}", p.line);
        }
    }
}

#[test]
fn janko55_16x16_all_unique() {
    assert_eq!(certify_set_all("16x16/janko55.txt", Expected::Unique), 55);
}

#[test]
fn cn_fixpoint_certificates_on_the_core_sets() {
    // Cn alone (no negation), for each rule set: every certificate checks, and
    // every placement it claims agrees with the known unique solution.
    for rel in ["9x9/pe96_easy50.txt", "9x9/top95.txt", "16x16/janko55.txt"] {
        for p in load(rel) {
            let Verdict::Solution(solution) = solve(&p.grid, &SolveOptions::default()).verdict
            else {
                panic!("{rel} line {}: not unique", p.line)
            };
            for rules in [RuleSet::SINGLES, RuleSet::NS, RuleSet::HS] {
                let opts = SolveOptions {
                    rules: Some(rules),
                    max_depth: Some(0),
                    ..SolveOptions::default()
                };
                let outcome = solve(&p.grid, &opts);
                deduku_check::check(&outcome.proof, Some(&p.grid.to_line()))
                    .unwrap_or_else(|e| panic!("{rel} line {}: {e}", p.line));
                let reached = match outcome.verdict {
                    Verdict::Solution(g) | Verdict::Stuck(g) => g,
                    other => panic!("{rel} line {}: unexpected {}", p.line, other.name()),
                };
                for (cell, digit) in reached.filled() {
                    assert_eq!(solution.get(cell), Some(digit), "{rel} line {}: {cell}", p.line);
                }
            }
        }
    }
}

#[test]
fn magictour_top1465_all_unique() {
    let n = certify_set_all("9x9/magictour_top1465.txt", Expected::Unique);
    assert_eq!(n, 1465);
}

#[test]
fn royle_17_clue_all_unique() {
    let n = certify_set_all("9x9/clue17_49158.txt", Expected::Unique);
    assert_eq!(n, 49158);
}

#[test]
fn serg_multi10000_all_ambiguous() {
    let n = certify_set_all("multiple/serg_multi10000.txt", Expected::Multiple);
    assert_eq!(n, 10000);
}

#[test]
fn gecode18_9x9_all_unique() {
    assert_eq!(certify_set_all("9x9/gecode18.txt", Expected::Unique), 18);
}

#[test]
fn large_grids_of_orders_2_4_5_are_unique() {
    for rel in ["large/sudoku-4-1.txt", "large/sudoku-16-1.txt", "large/sudoku-25-1.txt"] {
        assert_eq!(certify_set_all(rel, Expected::Unique), 1);
    }
}

#[test]
fn large_64x64_grids_reach_a_checked_fixpoint() {
    let opts = SolveOptions { max_depth: Some(0), ..SolveOptions::default() };
    for rel in ["large/sudoku-64-1.txt", "large/sudoku-64-2.txt"] {
        let p = &load(rel)[0];
        assert_eq!(p.grid.order().side(), 64);
        let outcome = solve(&p.grid, &opts);
        let verified = deduku_check::check(&outcome.proof, Some(&p.grid.to_line()))
            .unwrap_or_else(|e| panic!("{rel}: {e}"));
        assert!(matches!(outcome.verdict, Verdict::Stuck(_) | Verdict::Solution(_)), "{verified}");
    }
}

#[test]
fn krazydad_16x16_csv_with_alphabet() {
    let opts = ParseOptions {
        alphabet: Alphabet::parse_spec("0-9a-f").expect("alphabet"),
        csv_column: Some(5),
    };
    let puzzles = load_with("16x16/krazydad_sample400.csv", &opts);
    assert_eq!(puzzles.len(), 400);
    for (i, p) in puzzles.iter().step_by(5).enumerate() {
        let search = [Strategy::Bfs, Strategy::Dfs, Strategy::Cdcl][i % 3];
        let opts = SolveOptions::with_search(search);
        certify(&p.grid, Expected::Unique, &opts, &format!("krazydad line {} ({search})", p.line));
    }
}

/// A thread keeps its trace between puzzles (`solve`'s spare trace): nothing of the earlier
/// puzzle may leak into the next certificate. Each certificate of a run through mixed sets (a
/// hard one first, easy and contradictory ones after) equals the one a fresh thread writes.
#[test]
fn a_reused_trace_leaves_nothing_in_the_next_certificate() {
    let mut puzzles = load("9x9/forum_hardest_1106.txt");
    puzzles.truncate(3);
    puzzles.extend(load("9x9/pe96_easy50.txt").into_iter().take(3));
    puzzles.extend(load("invalid/sudopedia_invalid7.txt").into_iter().take(3));
    for search in [Strategy::Bfs, Strategy::Dfs] {
        let opts = SolveOptions::with_search(search);
        // The certificate, and the trace's figures (its length would show left-over steps
        // that trimming hides).
        let run = move |grid: &Grid| {
            let o = solve(grid, &opts);
            (o.proof, o.stats.derived_steps, o.stats.trace_steps, o.stats.search)
        };
        for p in &puzzles {
            let reused = run(&p.grid);
            let grid = p.grid.clone();
            let fresh = std::thread::spawn(move || run(&grid)).join().unwrap();
            let at = format!("line {} ({search})", p.line);
            assert_eq!((reused.1, reused.2, reused.3), (fresh.1, fresh.2, fresh.3), "{at}");
            assert!(reused.0 == fresh.0, "{at}: the certificates differ");
        }
    }
}
