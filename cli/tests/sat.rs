//! The SAT bridge, verified by third parties: rate checks every DRAT proof, cadical
//! agrees with every verdict, and a test-only LRAT checker replays every LRAT proof.

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../tests/sat/lrat_check.rs"]
mod lrat_check;
#[path = "../../tests/sat/tools.rs"]
mod tools;

use common::{expected_from_note, load, puzzle_from, random_grid, Expected};
use deduku::grid::{Grid, Order};
use deduku::sat::{render_drat, render_lrat, translate, translate_with, Cnf, Lemmas, Translation};
use deduku::solve::Strategy;
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

/// The depth-first certificate of `puzzle`: nested subproofs, locked candidates.
fn dfs_case(label: String, puzzle: Grid) -> Case {
    let outcome = solve(&puzzle, &SolveOptions::with_search(Strategy::Dfs));
    Case { label, puzzle, outcome }
}

/// A deterministic generator for the random 4×4 puzzles.
fn lcg(seed: &mut u64, k: usize) -> usize {
    *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    ((*seed >> 33) % k as u64) as usize
}

/// At least 100 certificates: singles-only, depth 1, depth 2, Contradiction, 4×4, 16×16,
/// and depth-first ones (9×9 and 16×16).
fn sample() -> Vec<Case> {
    let mut cases = Vec::new();
    let take = |rel: &str, n: usize, depth: Option<usize>, cases: &mut Vec<Case>| {
        let before = cases.len();
        for (i, p) in load(rel).into_iter().enumerate() {
            let c = case(format!("{rel} #{}", i + 1), p.grid);
            let fits = depth.is_none() || depth == Some(c.outcome.stats.search.depth);
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
    let forum = load("9x9/forum_hardest_1106.txt").into_iter().take(10);
    cases.extend(forum.enumerate().map(|(i, p)| dfs_case(format!("forum dfs #{}", i + 1), p.grid)));
    let janko = load("16x16/janko55.txt").into_iter().take(3);
    cases.extend(janko.enumerate().map(|(i, p)| dfs_case(format!("janko dfs #{}", i + 1), p.grid)));
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
#[ignore = "needs rate and cadical: cargo install rate --locked; apt-get install cadical"]
fn rate_cadical_and_the_lrat_checker_confirm_every_certificate_of_the_sample() {
    let cases = sample();
    assert!(cases.len() >= 100, "only {} certificates", cases.len());
    let mut kinds = std::collections::BTreeMap::new();
    let dir = tempfile::tempdir().unwrap();
    for (i, c) in cases.iter().enumerate() {
        let cnf = Cnf::for_proof(&c.outcome.proof).unwrap();
        let t = translate(&c.outcome.proof, &cnf).unwrap();
        assert!(t.refutes, "{}: no empty clause", c.label);
        let all = translate_with(&c.outcome.proof, &cnf, Lemmas::All).unwrap();
        assert!(t.lemmas() <= all.lemmas(), "{}: the compact proof is larger", c.label);
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

fn top95_first() -> (Grid, Outcome) {
    let puzzle = load("9x9/top95.txt").swap_remove(0).grid;
    let outcome = solve(&puzzle, &SolveOptions::default());
    (puzzle, outcome)
}

#[test]
#[ignore = "needs rate and cadical: cargo install rate --locked; apt-get install cadical"]
fn rate_rejects_a_truncated_proof_and_a_proof_of_a_satisfiable_cnf() {
    let (puzzle, outcome) = top95_first();
    assert!(outcome.stats.search.depth >= 1, "unit propagation alone must not refute it");
    let cnf = Cnf::for_proof(&outcome.proof).unwrap();
    let t = translate(&outcome.proof, &cnf).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let files = write_files(dir.path(), 0, &cnf, &Cnf::new(&puzzle), &t);
    assert!(tools::rate_verifies(&files.cnf, &files.drat));
    // Only the final empty clause: not RUP, since propagation cannot solve this puzzle.
    let truncated = dir.path().join("truncated.drat");
    std::fs::write(&truncated, "0\n").unwrap();
    assert!(!tools::rate_verifies(&files.cnf, &truncated));
    // Half the lemmas, then the empty clause.
    let text = String::from_utf8(render_drat(&t)).unwrap();
    let half: Vec<&str> = text.lines().take(text.lines().count() / 2).collect();
    std::fs::write(&truncated, format!("{}\n0\n", half.join("\n"))).unwrap();
    assert!(!tools::rate_verifies(&files.cnf, &truncated));
    // Without the blocking clause the CNF is satisfiable: no refutation can pass.
    assert!(!tools::rate_verifies(&files.plain, &files.drat));
}

#[test]
fn the_lrat_checker_rejects_a_dropped_hint_a_reordered_hint_and_a_stale_id() {
    let (_, outcome) = top95_first();
    for lemmas in [Lemmas::All, Lemmas::Needed] {
        let cnf = Cnf::for_proof(&outcome.proof).unwrap();
        let lrat = render_lrat(&translate_with(&outcome.proof, &cnf, lemmas).unwrap());
        let clauses = parse_dimacs(&String::from_utf8(cnf.render()).unwrap());
        let summary = check_lrat(&clauses, &String::from_utf8(lrat.clone()).unwrap()).unwrap();
        // Depth 1 with singles: each subproof's only needed lemma is its kept ⊥.
        let deletes = lemmas == Lemmas::All;
        assert_eq!(summary.deleted > 0, deletes, "closed subproofs' lemmas deleted ({lemmas:?})");
        corruptions_are_rejected(&clauses, &String::from_utf8(lrat).unwrap());
    }
}

/// A lemma with several hints, its first hint dropped, swapped with its last one, or its id
/// replaced by a stale one: the LRAT checker rejects each.
fn corruptions_are_rejected(clauses: &[Vec<i32>], lrat: &str) {
    let lines: Vec<&str> = lrat.lines().collect();
    let target = lines.iter().position(|l| l.matches(' ').count() > 6 && !l.contains(" d "));
    let k = target.expect("a lemma with several hints");
    let toks: Vec<&str> = lines[k].split_whitespace().collect();
    let zero = toks.iter().position(|&t| t == "0").unwrap();
    let mut dropped = toks.clone();
    dropped.remove(zero + 1);
    let mut swapped = toks.clone();
    swapped.swap(zero + 1, toks.len() - 2);
    let mut stale = toks.clone();
    stale[0] = "1";
    for bad in [dropped, swapped, stale] {
        let mut corrupted = lines.clone();
        let joined = bad.join(" ");
        corrupted[k] = &joined;
        assert!(check_lrat(clauses, &corrupted.join("\n")).is_err(), "accepted {joined}");
    }
}

#[test]
fn a_consequences_certificate_gives_lemmas_without_the_empty_clause() {
    let puzzle = load("9x9/top95.txt").swap_remove(0).grid;
    let outcome = solve(&puzzle, &SolveOptions { max_depth: Some(0), ..SolveOptions::default() });
    assert!(matches!(outcome.verdict, Verdict::Stuck(_)));
    let cnf = Cnf::for_proof(&outcome.proof).unwrap();
    assert_eq!(cnf.blocking_id(), None);
    let t = translate(&outcome.proof, &cnf).unwrap();
    assert!(!t.refutes && t.lemmas() > 0);
    let clauses = parse_dimacs(&String::from_utf8(cnf.render()).unwrap());
    let summary = check_lrat(&clauses, &String::from_utf8(render_lrat(&t)).unwrap()).unwrap();
    assert!(!summary.refuted && summary.lemmas == t.lemmas());
}

#[test]
#[ignore = "needs cadical: apt-get install cadical"]
fn a_multiple_certificate_exports_a_satisfiable_cnf_and_no_proof() {
    let puzzle = load("multiple/serg_multi10000.txt").swap_remove(0).grid;
    let outcome = solve(&puzzle, &SolveOptions::default());
    assert!(matches!(outcome.verdict, Verdict::Multiple(..)), "not ambiguous");
    let cnf = Cnf::for_proof(&outcome.proof).unwrap();
    assert_eq!(translate(&outcome.proof, &cnf), Err(deduku::sat::SatError::NoDerivation));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.cnf");
    std::fs::write(&path, cnf.render()).unwrap();
    let model = tools::cadical(&path).expect("SAT");
    let found = decode(&cnf, &model, puzzle.order());
    assert!(found.is_complete() && found.is_consistent() && found.solves(&puzzle));
}

fn deduku() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("deduku").expect("binary built");
    // The tests name files relative to the repository's root.
    cmd.current_dir(common::root());
    cmd
}

#[test]
#[ignore = "needs rate: cargo install rate --locked"]
fn the_export_verb_writes_files_rate_verifies_and_refuses_what_it_cannot_translate() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    let puzzle = "examples/top95-1.txt";
    deduku()
        .args(["export", puzzle, "--cnf"])
        .arg(p("a.cnf"))
        .arg("--drat")
        .arg(p("a.drat"))
        .arg("--lrat")
        .arg(p("a.lrat"))
        .assert()
        .success()
        .stdout(predicates::str::contains("ends with the empty clause"));
    assert!(tools::rate_verifies(&p("a.cnf"), &p("a.drat")));
    let cnf = std::fs::read_to_string(p("a.cnf")).unwrap();
    assert!(cnf.contains("c variable v(r,c,d) = ((r-1)*9 + (c-1))*9 + d"));
    let lrat = std::fs::read_to_string(p("a.lrat")).unwrap();
    assert!(check_lrat(&parse_dimacs(&cnf), &lrat).unwrap().refuted);
    // A certificate given with --proof is checked, then translated the same way.
    deduku().args(["solve", puzzle, "--proof"]).arg(p("a.ron")).assert().success();
    deduku()
        .args(["export", puzzle, "--proof"])
        .arg(p("a.ron"))
        .arg("--drat")
        .arg(p("b.drat"))
        .assert()
        .success();
    assert_eq!(std::fs::read(p("a.drat")).unwrap(), std::fs::read(p("b.drat")).unwrap());
    let multi = "1234............"; // a 4×4 with many solutions
    deduku().args(["export", multi, "--cnf"]).arg(p("m.cnf")).assert().success();
    deduku()
        .args(["export", multi, "--drat"])
        .arg(p("m.drat"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("Multiple certificate"));
    assert!(!p("m.drat").exists());
    deduku().args(["export", puzzle]).assert().code(2).stderr(predicates::str::contains("nothing"));
}

#[test]
#[ignore = "needs rate: cargo install rate --locked"]
fn binary_drat_is_verified_and_a_25x25_cnf_has_the_documented_size() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    deduku()
        .args(["export", "examples/pe96-01.txt", "--binary", "--cnf"])
        .arg(p("b.cnf"))
        .arg("--drat")
        .arg(p("b.drat"))
        .assert()
        .success();
    assert!(tools::rate_verifies(&p("b.cnf"), &p("b.drat")));
    let big = load("25x25/gecode18.txt").swap_remove(0).grid;
    let cnf = Cnf::new(&big);
    // 4N² groups of 1 + N(N−1)/2 clauses, plus one unit per given.
    let expected = 4 * 625 * (1 + 25 * 12) + big.filled_count() as u64;
    assert_eq!(cnf.clause_count(), expected);
    let text = String::from_utf8(cnf.render()).unwrap();
    assert!(text.contains(&format!("p cnf 15625 {expected}\n")));
    assert_eq!(text.lines().filter(|l| l.ends_with(" 0")).count() as u64, expected);
}
