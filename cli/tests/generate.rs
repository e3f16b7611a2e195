//! `deduku generate` end to end: puzzles of orders 2, 3 and 4 whose certificates both
//! checkers verify (`deduku check` and the standalone `deduku-check`), reproducible runs, and
//! every aim (symmetry, clues, depth, --from) met or refused with a clear message.

use assert_cmd::Command;
use deduku::generate::Symmetry;
use deduku::grid::{parse_one, Alphabet, Grid, Order, ParseOptions};
use deduku::solver::{classify, Classification};
use std::collections::HashSet;
use std::path::Path;

fn deduku() -> Command {
    Command::cargo_bin("deduku").expect("binary built")
}

/// The standalone checker's binary, built by this package beside `deduku`.
fn deduku_check() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_deduku-check"))
}

/// Runs `deduku generate ARGS`; returns stdout lines, asserting exit 0.
fn generate(args: &[&str]) -> Vec<String> {
    let out = deduku().arg("generate").args(args).output().expect("deduku runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "generate {args:?} failed: {stderr}");
    String::from_utf8(out.stdout).expect("UTF-8").lines().map(str::to_string).collect()
}

fn grid(line: &str) -> Grid {
    parse_one(line, &ParseOptions::default()).expect("a generated puzzle parses").grid
}

/// Both checkers print `VERIFIED <claim>` for certificate `k` (1-based) of `dir`.
fn assert_both_verify(dir: &Path, k: usize, claim: &str) {
    let (txt, ron) = (dir.join(format!("{k:05}.txt")), dir.join(format!("{k:05}.ron")));
    let ours = deduku().arg("check").arg(&txt).arg(&ron).output().expect("deduku check runs");
    let theirs = std::process::Command::new(deduku_check()).arg(&txt).arg(&ron).output();
    let theirs = theirs.expect("deduku-check runs");
    let want = format!("VERIFIED {claim}\n");
    assert_eq!(String::from_utf8_lossy(&ours.stdout), want, "deduku check on {}", ron.display());
    assert_eq!(String::from_utf8_lossy(&theirs.stdout), want, "deduku-check on {}", ron.display());
}

/// Whether every clue of `puzzle` is needed: without any one, the plain solver finds two.
fn is_minimal(puzzle: &Grid) -> bool {
    let unique = matches!(classify(puzzle), Classification::Unique(_));
    unique
        && puzzle.filled().all(|(cell, _)| {
            let mut without = puzzle.clone();
            without.set(cell, None);
            matches!(classify(&without), Classification::Multiple(..))
        })
}

#[test]
fn five_minimal_9x9_puzzles_verify_as_minimal_with_both_checkers() {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().to_str().unwrap();
    let lines = generate(&["--count", "5", "--seed", "7", "--minimal", "--proofs", proofs]);
    assert_eq!(lines.len(), 5);
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 5, "distinct puzzles");
    for (k, line) in lines.iter().enumerate() {
        let puzzle = grid(line);
        assert_eq!(puzzle.order(), Order::new(3).unwrap());
        assert!(is_minimal(&puzzle), "{line} is not minimal");
        let written = std::fs::read_to_string(dir.path().join(format!("{:05}.txt", k + 1)));
        assert_eq!(written.unwrap().trim(), line);
        assert_both_verify(dir.path(), k + 1, "Minimal");
    }
}

#[test]
fn orders_2_3_4_in_every_symmetry_verify_with_both_checkers() {
    let runs: [(&str, &str, &str); 6] = [
        ("2", "none", "3"),
        ("2", "diagonal", "3"),
        ("3", "rot180", "2"),
        ("3", "mirror", "2"),
        ("4", "rot180", "1"),
        ("4", "none", "1"),
    ];
    for (order, symmetry, count) in runs {
        let dir = tempfile::tempdir().unwrap();
        let args = ["--order", order, "--symmetry", symmetry, "--count", count, "--seed", "3"];
        let lines = generate(&[&args[..], &["--proofs", dir.path().to_str().unwrap()]].concat());
        assert_eq!(lines.len(), count.parse::<usize>().unwrap());
        let sym: Symmetry = symmetry.parse().unwrap();
        for (k, line) in lines.iter().enumerate() {
            let puzzle = grid(line);
            assert_eq!(puzzle.order().n().to_string(), order);
            assert!(sym.holds(puzzle.order(), puzzle.values()), "{line} is not {symmetry}");
            assert!(matches!(classify(&puzzle), Classification::Unique(_)));
            assert_both_verify(dir.path(), k + 1, "Solution");
        }
    }
}

#[test]
fn minimal_4x4_and_16x16_puzzles_verify_as_minimal() {
    for (order, count) in [("2", "4"), ("4", "1")] {
        let dir = tempfile::tempdir().unwrap();
        let proofs = dir.path().to_str().unwrap();
        let args = ["--order", order, "--count", count, "--minimal", "--seed", "11"];
        let lines = generate(&[&args[..], &["--proofs", proofs]].concat());
        for (k, line) in lines.iter().enumerate() {
            assert!(is_minimal(&grid(line)), "{line}");
            assert_both_verify(dir.path(), k + 1, "Minimal");
        }
    }
}

#[test]
fn a_seed_fixes_the_output_whatever_the_thread_count() {
    let base = ["--count", "6", "--seed", "42", "--symmetry", "rot180"];
    let one = generate(&[&base[..], &["-j", "1"]].concat());
    let two = generate(&[&base[..], &["-j", "2"]].concat());
    assert_eq!(one, two);
    let other = generate(&["--count", "6", "--seed", "43", "--symmetry", "rot180"]);
    assert_ne!(one, other);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("puzzles.txt");
    assert!(generate(&[&base[..], &["--out", out.to_str().unwrap()]].concat()).is_empty());
    let written: Vec<String> =
        std::fs::read_to_string(&out).unwrap().lines().map(str::to_string).collect();
    assert_eq!(written, one);
}

/// The JSON lines of a run.
fn json(args: &[&str]) -> Vec<serde_json::Value> {
    let lines = generate(&[args, &["--format", "json"]].concat());
    lines.iter().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

#[test]
fn json_lines_carry_the_rating_and_clue_aims_are_met() {
    let rows = json(&["--count", "4", "--seed", "5", "--clues", "30"]);
    assert_eq!(rows.len(), 4);
    for row in &rows {
        let clues = row["clues"].as_u64().unwrap();
        assert!((29..=30).contains(&clues), "{row}");
        let puzzle = grid(row["puzzle"].as_str().unwrap());
        assert_eq!(puzzle.filled_count() as u64, clues);
        let solution = grid(row["solution"].as_str().unwrap());
        assert_eq!(classify(&puzzle), Classification::Unique(solution));
        assert_eq!(row["rating"]["depth"], row["depth"]);
        let label = row["rating"]["label"].as_str().unwrap();
        assert!(label == "singles only" || label.starts_with("depth "), "{label}");
        assert_eq!(row["minimal"], false);
    }
}

#[test]
fn depth_aims_are_met_and_checked_by_the_certificate() {
    for row in json(&["--count", "3", "--seed", "9", "--depth", "1"]) {
        assert_eq!(row["depth"], 1, "{row}");
        assert_eq!(row["rating"]["label"], "depth 1");
    }
    for row in json(&["--count", "3", "--seed", "9", "--max-depth", "0", "--rules", "ns"]) {
        assert_eq!(row["depth"], 0, "{row}");
        let puzzle = row["puzzle"].as_str().unwrap();
        let solved = deduku()
            .args(["solve", puzzle, "--rules", "ns", "--max-depth", "0", "--format", "json"])
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&solved.stdout).contains("\"verdict\":\"solution\""));
    }
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().to_str().unwrap();
    let args = ["--depth", "2", "--rules", "ns", "--seed", "1", "--proofs", proofs];
    let rows = json(&args);
    assert_eq!(rows[0]["depth"], 2);
    let text = std::fs::read_to_string(dir.path().join("00001.ron")).unwrap();
    let proof = deduku_check::parse_ron(&text).unwrap();
    let puzzle = rows[0]["puzzle"].as_str().unwrap();
    let verified = deduku_check::check(&proof, Some(puzzle)).unwrap();
    assert_eq!(verified.max_depth, 2, "the certificate nests two subproofs");
}

#[test]
fn from_a_grid_keeps_its_solution_and_the_alphabet_is_used_for_output() {
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let rows = json(&["--from", solution, "--count", "3", "--seed", "2", "--minimal"]);
    for row in &rows {
        assert_eq!(row["solution"], solution);
        assert!(is_minimal(&grid(row["puzzle"].as_str().unwrap())));
    }
    let lines =
        generate(&["--order", "4", "--alphabet", "0-9a-f", "--seed", "4", "--clues", "150"]);
    let alphabet = Alphabet::parse_spec("0-9a-f").unwrap();
    assert!(lines[0].chars().all(|c| c == '.' || alphabet.value(c).is_some_and(|v| v > 0)));
    assert!(lines[0].contains('0'), "digit 1 is written 0: {}", lines[0]);
    let opts = ParseOptions { alphabet, csv_column: None };
    let puzzle = parse_one(&lines[0], &opts).unwrap().grid;
    assert!(matches!(classify(&puzzle), Classification::Unique(_)));
}

/// Runs `deduku generate ARGS` expecting failure: (exit code, stderr).
fn refused(args: &[&str]) -> (i32, String) {
    let out = deduku().arg("generate").args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn bad_input_exits_2_with_a_message_and_unmet_aims_exit_1() {
    let mut blank =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .to_string();
    blank.replace_range(0..1, ".");
    let cases: [(&[&str], &str); 5] = [
        (&["--from", &blank], "1 blank cells"),
        (&["--depth", "3", "--max-depth", "1"], "--depth 3 cannot be met within --max-depth 1"),
        (&["--symmetry", "spiral"], "unknown symmetry"),
        (&["--order", "4", "--alphabet", "1-9"], "fewer than the 16 digits"),
        (&["--order", "9"], "2..=8"),
    ];
    for (args, message) in cases {
        let (code, stderr) = refused(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("none.txt");
    let args = ["--order", "2", "--depth", "3", "--attempts", "20", "--out", out.to_str().unwrap()];
    let (code, stderr) = refused(&args);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("no puzzle uniquely solvable, needing depth 3 in 20 attempts"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "", "the file holds what was generated");
}
