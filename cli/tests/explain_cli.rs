//! `deduku explain` and `deduku check` as a student or a puzzle solver uses them (issue 14):
//! a certificate read alone, rejections marked at their line, plain language for every rule,
//! output in the user's alphabet, flags that would be ignored refused, and the wording fixes.

#[path = "../../tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use common::load;
use deduku::proof::{render_proof, ProofEncoding};
use deduku::solve::{solve, SolveOptions};
use deduku_check::format::{Fact, Proof, Rule, Step};
use std::path::{Path, PathBuf};

fn deduku() -> Command {
    Command::cargo_bin("deduku").expect("binary built")
}

/// Run `deduku ARGS`: exit code, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = deduku().args(args).output().expect("deduku runs");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

fn write(dir: &Path, name: &str, proof: &Proof) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, render_proof(proof, ProofEncoding::Ron)).expect("written");
    path
}

const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn a_certificate_alone_is_explained_and_checked_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let proof = solve(&load("9x9/top95.txt").remove(0).grid, &SolveOptions::default()).proof;
    let path = write(dir.path(), "p.ron", &proof);
    let p = path.to_str().unwrap();
    for args in [vec!["explain", p, "--summary"], vec!["check", p]] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.starts_with("VERIFIED Solution"), "{out}");
        assert!(err.contains("the puzzle is read from the certificate"), "{err}");
        assert!(err.contains("not from an independent source"), "{err}");
    }
    // Swapped arguments get a hint, not "unexpected symbol '('".
    for verb in ["explain", "check"] {
        let (code, _, err) = run(&[verb, p, TOP1]);
        assert_eq!(code, 2);
        assert!(err.contains("holds a certificate, not a puzzle: the puzzle comes first"), "{err}");
    }
    let (code, _, err) = run(&["check", TOP1]);
    assert_eq!(code, 2);
    assert!(err.contains("not a certificate file"), "{err}");
    // A certificate about another puzzle says which side is which.
    let other = "5.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let (code, out, _) = run(&["check", other, p]);
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "the certificate's puzzle has 4 at r1c1 but the puzzle it is checked against has 5"
        ),
        "{out}"
    );
}

/// A 4×4 certificate whose naked single forgets a premise that line 18 derives.
fn forgetful() -> Proof {
    let text = std::fs::read_to_string(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .join("tests/crafted/naked-single-missing-premise.ron"),
    )
    .unwrap();
    let mut proof = deduku_check::parse_ron(&text).unwrap();
    let derive = Step {
        id: 17,
        fact: Fact::Elim { r: 4, c: 4, d: 2 },
        rule: Rule::Exclusion,
        premises: vec![14].into(),
        scope: None,
    };
    proof.steps.insert(17, derive);
    proof
}

#[test]
fn a_rejection_is_marked_at_its_line_with_its_id_and_the_missing_premise_traced() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "bad.ron", &forgetful());
    let p = path.to_str().unwrap();
    let headline =
        "REJECTED at line 19 (step id 18): step 18 (NakedSingle): missing premise r4c4≠2";
    let hint = "line 18 derives r4c4≠2: cite it (step id 17)";
    for style in ["fitch", "steps"] {
        let (code, out, _) = run(&["explain", p, "--style", style]);
        assert_eq!(code, 1);
        assert!(out.starts_with(headline), "{out}");
        let marker = out.lines().find(|l| l.trim_start().starts_with("✗")).expect("a marker line");
        assert!(marker.contains(headline) && marker.contains(hint), "{marker}");
        let above = out.lines().take_while(|l| !l.trim_start().starts_with("✗")).last().unwrap();
        assert!(above.trim_start().starts_with("19"), "the marker follows line 19: {above}");
    }
    let html = dir.path().join("v.html");
    let (code, out, _) = run(&["explain", p, "--html", html.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.starts_with(headline));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("\"rejected\":{\"headline\":\"REJECTED at line 19 (step id 18)"),
        "the viewer knows"
    );
    assert!(page.contains("claims the unique solution — not verified"));
    assert!(!page.contains("\"claim\":\"claim: the unique solution\""));
}

#[test]
fn every_rule_reads_in_plain_language_with_pattern_groups() {
    let puzzle = load("9x9/top95.txt").remove(4).grid.to_line();
    let (code, steps, _) = run(&["explain", &puzzle, "--rules", "all", "--style", "steps"]);
    assert_eq!(code, 0);
    let (_, fitch, _) = run(&["explain", &puzzle, "--rules", "all"]);
    for text in [&steps, &fitch] {
        for debug in
            ["NakedSubset {", "HiddenSubset {", "LockedCandidates {", "Row(", "Col(", "Box("]
        {
            assert!(!text.contains(debug), "Rust debug text {debug:?} in the output");
        }
    }
    assert!(steps.contains("locked candidates: "), "{steps}");
    let pair = steps.lines().find(|l| l.contains("naked pair {")).expect("a naked pair");
    let (range, _) = pair.trim_start().split_once(". ").unwrap();
    assert!(range.contains('–'), "one line per pattern, its eliminations grouped: {pair}");
    assert!(pair.contains(": removes ") && pair.contains(" from r"), "{pair}");
    assert!(fitch.contains("LockedCandidates ") && fitch.contains(" → "), "labels in Fitch");
    // ⊥ lines keep their digit.
    let (_, top, _) = run(&["explain", TOP1, "--style", "steps"]);
    assert!(top.contains("contradiction: no place for 2 in column 5"), "{top}");
    let (_, top_fitch, _) = run(&["explain", TOP1]);
    assert!(top_fitch.contains("NoPlace 2 in column 5"));
    // --rules applies only when explain solves.
    let dir = tempfile::tempdir().unwrap();
    let proof = solve(&load("9x9/top95.txt").remove(0).grid, &SolveOptions::default()).proof;
    let path = write(dir.path(), "p.ron", &proof);
    let (code, _, err) = run(&["explain", TOP1, path.to_str().unwrap(), "--rules", "all"]);
    assert_eq!(code, 2);
    assert!(err.contains("apply when explain solves the puzzle itself"), "{err}");
}

#[test]
fn givens_are_skipped_in_steps_by_default_and_on_request_in_fitch() {
    let (_, steps, _) = run(&["explain", TOP1, "--style", "steps"]);
    assert!(steps.contains("(17 lines about the givens not shown; --skip-givens=false shows them)"));
    assert!(!steps.contains(": given"));
    let (_, all, _) = run(&["explain", TOP1, "--style", "steps", "--skip-givens=false"]);
    assert_eq!(all.matches(": given").count(), 17);
    let (_, fitch, _) = run(&["explain", TOP1]);
    assert_eq!(fitch.matches(" Given").count(), 17);
    let (_, short, _) = run(&["explain", TOP1, "--skip-givens"]);
    assert!(!short.contains(" Given") && !short.contains(" Exclusion 1\n"));
    assert!(short.contains("lines about the givens not shown"));
}

#[test]
fn output_uses_the_users_alphabet() {
    let csv =
        std::fs::read_to_string(common::data_dir().join("16x16/krazydad_sample400.csv")).unwrap();
    let puzzle = csv.lines().nth(1).unwrap().split(',').nth(4).unwrap().to_string();
    let hex = ["--alphabet", "0-9a-f"];
    let (code, text, err) = run(&[&["solve", &puzzle][..], &hex].concat());
    assert_eq!(code, 0, "{err}");
    assert!(text.contains(" f ") && !text.contains('G'), "{text}");
    let (_, json, _) = run(&[&["solve", &puzzle, "--format", "json"][..], &hex].concat());
    let grid = json.split("\"grid\":\"").nth(1).unwrap().split('"').next().unwrap();
    assert!(grid.contains('f') && grid.contains('0') && !grid.contains('G'), "{grid}");
    let (_, fitch, _) = run(&[&["explain", &puzzle][..], &hex].concat());
    assert!(
        fitch.contains("=f ") && !fitch.contains("=16") && !fitch.contains("=G"),
        "Fitch literals"
    );
    let (_, steps, _) = run(&[&["explain", &puzzle, "--style", "steps"][..], &hex].concat());
    assert!(steps.contains(" = f:") && !steps.contains(" = 16"), "steps literals");
    let (_, svg, _) =
        run(&[&["explain", &puzzle, "--format", "svg", "--at", "0"][..], &hex].concat());
    assert!(svg.contains(">f</text>") && !svg.contains(">G</text>"), "SVG digits");
}

#[test]
fn flags_that_would_be_ignored_are_refused() {
    for (args, what) in [
        (vec!["--format", "dot", "--at", "5"], "--at applies to --format svg"),
        (vec!["--at", "5"], "--at applies to --format svg"),
        (vec!["--subproof", "5"], "--subproof applies to --format dot and --format svg"),
        (vec!["--format", "svg", "--grid-every", "5"], "--grid-every applies to"),
        (vec!["--summary", "--style", "steps"], "--summary is a text output of its own"),
        (vec!["--format", "dot", "--skip-givens"], "--skip-givens applies to"),
        (vec!["--format", "svg", "--subproof", "1"], "line 1 is a Given, not an Assume"),
    ] {
        let (code, out, err) = run(&[&["explain", TOP1][..], &args].concat());
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(what) && out.is_empty(), "{args:?}: {err}");
    }
    // Lines 442–471 before eliminations implied by placements lost their lines.
    let (code, svg, _) = run(&["explain", TOP1, "--format", "svg", "--subproof", "63"]);
    assert_eq!(code, 0);
    assert!(
        svg.contains("refutation of r2c6=4 (lines 63–75), line 75: ⊥ — NoPlace 9 in row 6"),
        "{}",
        &svg[..600]
    );
}

#[test]
fn difficulty_and_report_wording() {
    let impossible = load("invalid/sudopedia_invalid7.txt").remove(0).grid.to_line();
    let (_, out, _) = run(&["explain", &impossible, "--summary"]);
    assert!(
        out.lines().nth(1).unwrap().starts_with("difficulty: no solution, shown with"),
        "{out}"
    );
    let multiple = load("multiple/serg_multi10000.txt").remove(0).grid.to_line();
    let (_, out, _) = run(&["explain", &multiple, "--summary"]);
    assert!(out.contains("difficulty: not rated — the puzzle has several solutions"), "{out}");
    assert!(!out.contains("singles only"));
    let (_, out, _) = run(&["explain", "12..............", "--summary"]);
    assert!(!out.contains(" 1 refutations"), "{out}");
    let (_, out, _) = run(&["solve", TOP1, "--max-depth", "0"]);
    assert!(
        out.contains("stuck — consequences certified") && !out.contains("stuck — stuck"),
        "{out}"
    );
    let (code, _, err) = run(&[
        "solve",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("`x` is digit 33, too large for a 9x9 grid"), "{err}");
}

#[test]
fn solve_refuses_a_file_name_for_several_certificates_and_commute_says_what_it_skips() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("two.txt");
    std::fs::write(&input, format!("{TOP1}\n123\n")).unwrap();
    let target = dir.path().join("single.ron");
    let out = deduku().arg("solve").arg(&input).arg("--proof").arg(&target).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("holds 2 puzzles, 1 of them unreadable; --proof"), "{err}");
    assert!(!target.exists(), "no directory named single.ron");
    let top95 = common::data_dir().join("9x9/top95.txt");
    let out = deduku()
        .args(["commute"])
        .arg(&top95)
        .args(["--states", "1", "--schedules", "1", "--limit", "3"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("checking the first 3 of 95 puzzles (--limit N, 0 for all)"), "{err}");
}

#[test]
fn check_lists_each_literal_of_a_derives_claim() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("tests/crafted");
    let good = dir.join("valid-derives-refuted-assumption.ron");
    let (code, out, _) = run(&["check", "12..............", good.to_str().unwrap()]);
    assert_eq!(
        (code, out.as_str()),
        (0, "VERIFIED Derives\n  ✓ r2c1≠2  line 5\n  ✓ r1c2=2  a given\n")
    );
    let bad = dir.join("derives-only-in-subproof.ron");
    let (code, out, _) = run(&["check", "12..............", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("  ✓ r2c1≠2  line 5\n  ✗ r1c2≠2  not derived at the root"), "{out}");
    let (_, out, _) = run(&["explain", bad.to_str().unwrap()]);
    assert!(out.contains("✗ r1c2≠2  not derived at the root"), "{out}");
}
