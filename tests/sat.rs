//! The SAT bridge, verified by third parties: rate checks every DRAT proof, cadical
//! agrees with every verdict, and a test-only LRAT checker replays every LRAT proof.

mod common;
#[path = "sat/lrat_check.rs"]
mod lrat_check;
#[path = "sat/tools.rs"]
mod tools;

use common::{expected_from_note, load, puzzle_from, random_grid, Expected};
use deduku::grid::{Grid, Order};
use deduku::sat::{render_drat, render_lrat, translate, Cnf, Translation};
use deduku::solve::{solve, Outcome, SolveOptions, Verdict};
use lrat_check::{check_lrat, parse_dimacs};
use std::path::{Path, PathBuf};

/// One certificate of the sample, with the files written for it.
struct Case {
    label: String,
    puzzle: Grid,
    outcome: Outcome,
}

fn case(label: String, puzzle: Grid) -> Case {
    let outcome = solve(&puzzle, &SolveOptions::default());
    Case { label, puzzle, outcome }
}

/// A deterministic generator for the random 4×4 puzzles.
fn lcg(seed: &mut u64, k: usize) -> usize {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ((*seed >> 33) % k as u64) as usize
}

/// At least 100 certificates: singles-only, depth 1, depth 2, Contradiction, 4×4, 16×16.
fn sample() -> Vec<Case> {
    let mut cases = Vec::new();
    let take = |rel: &str, n: usize, depth: Option<usize>, cases: &mut Vec<Case>| {
        let before = cases.len();
        for (i, p) in load(rel).into_iter().enumerate() {
            let c = case(format!("{rel} #{}", i + 1), p.grid);
            let fits = depth.is_none_or(|d| c.outcome.stats.search.depth == d);
            if fits && matches!(c.outcome.verdict, Verdict::Solution(_)) {
                cases.push(c);
            }
            if cases.len() - before == n {
                return;
            }
        }
        panic!("{rel}: fewer than {n} solution certificates of depth {depth:?}");
    };
    take("9x9/pe96_easy50.txt", 20, Some(0), &mut cases);
    take("9x9/top95.txt", 30, Some(1), &mut cases);
    take("9x9/forum_hardest_1106.txt", 15, Some(2), &mut cases);
    take("16x16/janko55.txt", 8, None, &mut cases);
    // The invalid set also holds ambiguous grids (no clues, too few): Multiple has no
    // derivation, so only the impossible ones join the sample.
    for (i, p) in load("invalid/sudopedia_invalid7.txt").into_iter().enumerate() {
        let c = case(format!("invalid #{}", i + 1), p.grid);
        if c.outcome.verdict == Verdict::Contradiction {
            cases.push(c);
        }
    }
    for (i, p) in load("sudopedia_testcases.txt").into_iter().enumerate() {
        if expected_from_note(p.note.as_deref(), Expected::Unique) == Expected::None {
            cases.push(case(format!("sudopedia unsolvable #{}", i + 1), p.grid));
        }
    }
    cases.extend(random_4x4(20));
    cases
}

/// `count` uniquely solvable random 4×4 puzzles (ambiguous draws are redrawn).
fn random_4x4(count: usize) -> Vec<Case> {
    let (mut seed, mut cases) = (7, Vec::new());
    for attempt in 0..100 * count {
        let solution = random_grid(Order::new(2).unwrap(), |k| lcg(&mut seed, k));
        let puzzle = puzzle_from(&solution, |_| lcg(&mut seed, 5) < 2);
        let c = case(format!("4x4 random (draw {attempt})"), puzzle);
        if c.outcome.verdict == Verdict::Solution(solution) {
            cases.push(c);
        }
        if cases.len() == count {
            return cases;
        }
    }
    panic!("fewer than {count} unique 4x4 puzzles in {} draws", 100 * count)
}

struct Files {
    cnf: PathBuf,
    plain: PathBuf,
    drat: PathBuf,
}

fn write_files(dir: &Path, i: usize, cnf: &Cnf, plain: &Cnf, t: &Translation) -> Files {
    let f = Files {
        cnf: dir.join(format!("{i}.cnf")),
        plain: dir.join(format!("{i}-plain.cnf")),
        drat: dir.join(format!("{i}.drat")),
    };
    std::fs::write(&f.cnf, cnf.render()).unwrap();
    std::fs::write(&f.plain, plain.render()).unwrap();
    std::fs::write(&f.drat, render_drat(t)).unwrap();
    f
}

/// cadical's model, decoded as a grid of the puzzle's order.
fn decode(cnf: &Cnf, model: &[u32], order: Order) -> Grid {
    let side = order.side();
    let mut values = vec![0u8; side * side];
    for &v in model {
        let (r, c, d) = cnf.encoding().decode(v);
        assert_eq!(values[r * side + c], 0, "two digits in r{}c{}", r + 1, c + 1);
        values[r * side + c] = d as u8 + 1;
    }
    Grid::from_values(order, values).unwrap()
}

#[test]
fn rate_cadical_and_the_lrat_checker_confirm_every_certificate_of_the_sample() {
    let cases = sample();
    assert!(cases.len() >= 100, "only {} certificates", cases.len());
    let mut kinds = std::collections::BTreeMap::new();
    let dir = tempfile::tempdir().unwrap();
    for (i, c) in cases.iter().enumerate() {
        let cnf = Cnf::for_proof(&c.outcome.proof).unwrap();
        let t = translate(&c.outcome.proof, &cnf).unwrap();
        assert!(t.refutes, "{}: no empty clause", c.label);
        let plain = Cnf::new(&c.puzzle);
        let files = write_files(dir.path(), i, &cnf, &plain, &t);
        assert!(tools::rate_verifies(&files.cnf, &files.drat), "{}: rate rejects", c.label);
        let summary = check_lrat(
            &parse_dimacs(&String::from_utf8(cnf.render()).unwrap()),
            &String::from_utf8(render_lrat(&t)).unwrap(),
        );
        let summary = summary.unwrap_or_else(|e| panic!("{}: LRAT: {e}", c.label));
        assert!(summary.refuted && summary.lemmas == t.lemmas(), "{}: {summary:?}", c.label);
        match &c.outcome.verdict {
            Verdict::Solution(sol) => {
                assert_eq!(tools::cadical(&files.cnf), None, "{}: another solution", c.label);
                let model = tools::cadical(&files.plain).expect("the puzzle is SAT");
                assert_eq!(&decode(&plain, &model, c.puzzle.order()), sol, "{}", c.label);
                *kinds
                    .entry(format!("solution depth {}", c.outcome.stats.search.depth))
                    .or_insert(0) += 1;
            }
            Verdict::Contradiction => {
                assert_eq!(tools::cadical(&files.plain), None, "{}: SAT", c.label);
                *kinds.entry("contradiction".to_string()).or_insert(0) += 1;
            }
            other => panic!("{}: unexpected verdict {}", c.label, other.name()),
        }
    }
    assert!(kinds.get("contradiction").is_some_and(|&n| n >= 5), "{kinds:?}");
    assert!(kinds.get("solution depth 2").is_some_and(|&n| n >= 15), "{kinds:?}");
}
