//! Every example in `docs/teaching.md` runs (issue 14). In a temporary directory, each code
//! block marked `<!-- file: NAME -->` is written to NAME; each `deduku` line of an `sh` block
//! is run, and the verdict after its `#` must be the first line printed (exit 0 for
//! VERIFIED, 1 for REJECTED; a line without a verdict must exit 0); each `text` block marked
//! `<!-- output of: COMMAND -->` must appear, line for line, in what COMMAND prints. The
//! exercise solutions of `tests/teaching/` are checked against what the exercises ask.

use assert_cmd::Command;
use deduku_check::format::{Claim, Fact, Rule};
use std::path::{Path, PathBuf};

/// A fenced block of the document and the marker comment just above it.
struct Block {
    lang: String,
    body: String,
    marker: Option<String>,
}

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn blocks() -> Vec<Block> {
    let text = std::fs::read_to_string(root().join("docs/teaching.md")).expect("teaching.md");
    let mut out = Vec::new();
    let (mut open, mut marker, mut last) = (None::<Block>, None, String::new());
    for line in text.lines() {
        match open.as_mut() {
            Some(_) if line.trim() == "```" => out.extend(open.take()),
            Some(block) => {
                block.body.push_str(line);
                block.body.push('\n');
            }
            None if line.starts_with("```") => {
                let lang = line.trim_start_matches('`').trim().to_string();
                open = Some(Block { lang, body: String::new(), marker: marker.take() });
            }
            None => {
                if let Some(m) =
                    line.trim().strip_prefix("<!--").and_then(|m| m.strip_suffix("-->"))
                {
                    marker = Some(m.trim().to_string());
                } else if !line.trim().is_empty() {
                    marker = None;
                }
                last = line.to_string();
            }
        }
    }
    assert!(open.is_none(), "an unclosed code block after {last:?}");
    out
}

/// Run `deduku ARGS…` (no shell: the documented commands need no quoting) in `dir`.
fn run(command: &str, dir: &Path) -> (i32, String) {
    let mut words = command.split_whitespace();
    assert_eq!(words.next(), Some("deduku"), "not a deduku command: {command}");
    let out = Command::cargo_bin("deduku").expect("built").args(words).current_dir(dir).output();
    let out = out.expect("deduku runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn check_sh_line(line: &str, dir: &Path) -> bool {
    let (command, comment) = match line.split_once(" # ") {
        Some((c, e)) => (c.trim(), e.trim()),
        None => (line.trim(), ""),
    };
    if let Some(test) = command.strip_prefix("cargo test --test ") {
        // A test of the suite, run by `cargo test` itself: the named test must exist.
        let mut words = test.split_whitespace();
        let (file, name) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        // The test lives with the engine's tests or, if it runs the binary, with the CLI's.
        let path = ["tests", "cli/tests"].map(|dir| root().join(format!("{dir}/{file}.rs")));
        let source = path.iter().find_map(|p| std::fs::read_to_string(p).ok()).expect(line);
        assert!(source.contains(&format!("fn {name}")), "{line}: no such test");
        return false;
    }
    let (code, out) = run(command, dir);
    let first = out.lines().next().unwrap_or("");
    match comment {
        c if c.starts_with("VERIFIED") => assert_eq!((code, first), (0, c), "{command}\n{out}"),
        c if c.starts_with("REJECTED") => assert_eq!((code, first), (1, c), "{command}\n{out}"),
        _ => assert_eq!(code, 0, "{command}\n{out}"),
    }
    true
}

#[test]
fn every_example_in_teaching_md_runs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let blocks = blocks();
    for b in &blocks {
        if let Some(name) = b.marker.as_deref().and_then(|m| m.strip_prefix("file:")) {
            std::fs::write(dir.path().join(name.trim()), &b.body).expect("written");
        }
    }
    let (mut commands, mut outputs, mut proofs) = (0, 0, 0);
    for b in &blocks {
        match (b.lang.as_str(), b.marker.as_deref()) {
            ("ron", _) => {
                deduku::proof::read_proof(&b.body).unwrap_or_else(|e| panic!("{e}\n{}", b.body));
                proofs += 1;
            }
            ("sh", _) => {
                let lines = b.body.lines().filter(|l| !l.trim().is_empty());
                commands += lines.filter(|l| check_sh_line(l, dir.path())).count();
            }
            ("text", Some(m)) if m.starts_with("output of:") => {
                let command = m["output of:".len()..].trim();
                let (_, out) = run(command, dir.path());
                let got: Vec<&str> = out.lines().map(str::trim_end).collect();
                let want: Vec<&str> = b.body.lines().map(str::trim_end).collect();
                let found = got.windows(want.len()).any(|w| w == want.as_slice());
                assert!(found, "`{command}` does not print\n{}\nit prints\n{out}", b.body);
                outputs += 1;
            }
            _ => {}
        }
    }
    assert!(commands >= 11 && outputs >= 5 && proofs >= 5, "{commands} {outputs} {proofs}");
}

fn solution(name: &str) -> deduku_check::format::Proof {
    let text = std::fs::read_to_string(root().join("tests/teaching").join(name)).expect(name);
    deduku::proof::read_proof(&text).expect(name)
}

#[test]
fn the_exercise_solutions_do_what_the_exercises_ask() {
    // Exercise 6: r2c1≠2 without a box, graded by the claim the exercise hands out.
    let six = solution("exercise-6-without-a-box.ron");
    assert_eq!(six.claim, Claim::Derives(vec![Fact::Elim { r: 2, c: 1, d: 2 }]));
    assert_eq!(six.puzzle, "12..............");
    assert!(six.steps.iter().all(|s| s.rule != Rule::Assume));
    let verified = deduku_check::check(&six, Some("12..............")).expect("exercise 6");
    assert!(verified.steps < 5, "shorter than the five steps of the box proof in §3");
    // Exercise 7: with the scope repaired the checker reaches the Clash, which is unsound.
    let seven = solution("exercise-7-scope-repaired.ron");
    let err = deduku_check::check(&seven, None).expect_err("the Clash is no contradiction");
    assert_eq!(
        err.to_string(),
        "step 13 (Clash): premise 11 is r2c3≠1, expected a fact implying r2c3≠2"
    );
    // Exercise 8: a Solution from Given, Exclusion and HiddenSingle only.
    let eight = solution("exercise-8-solution.ron");
    let allowed = |r: &Rule| matches!(r, Rule::Given | Rule::Exclusion | Rule::HiddenSingle(_));
    assert!(eight.steps.iter().all(|s| allowed(&s.rule)));
    let verified = deduku_check::check(&eight, Some("1.3..4.2.1....2.")).expect("exercise 8");
    assert_eq!(verified.claim, deduku_check::ClaimKind::Solution);
}
