//! `deduku check` (the engine's parser, then the kernel) and `deduku-check` (the checker's
//! own reader, then the kernel) must agree — same output, same exit code — on every
//! certificate of `proofs/` and on a sample of certificates of every puzzle set, each
//! checked against its puzzle cut out of the set file in the set's own format. Both must
//! also agree when the file holds a second puzzle (refused, exit 2) or another puzzle
//! (rejected, exit 1, with the same line).

#[path = "../../tests/common/mod.rs"]
mod common;

use common::{deduku_check_bin, pieces};
use deduku::grid::{parse_one, Alphabet, ParseOptions};
use deduku::solve::{solve, SolveOptions};
use deduku_check::to_ron;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a run printed and how it ended.
type Run = (Option<i32>, String, bool);

/// Runs both checkers on the same files; returns their common result.
fn both(puzzle: &Path, proof: &Path, flags: &[String]) -> Run {
    let engine = Command::new(env!("CARGO_BIN_EXE_deduku"))
        .arg("check")
        .args([puzzle, proof])
        .args(flags)
        .output()
        .unwrap();
    let checker =
        Command::new(deduku_check_bin()).args(flags).args([puzzle, proof]).output().unwrap();
    let result = |o: &std::process::Output| {
        (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), o.stderr.is_empty())
    };
    let (a, b) = (result(&engine), result(&checker));
    assert_eq!(
        a,
        b,
        "{} against {}: deduku check vs deduku-check",
        proof.display(),
        puzzle.display()
    );
    a
}

#[test]
fn both_checkers_agree_on_every_example_of_proofs() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("proofs");
    let mut seen = 0;
    for entry in std::fs::read_dir(&root).unwrap() {
        let proof = entry.unwrap().path();
        if proof.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let (code, out, _) = both(&proof.with_extension("txt"), &proof, &[]);
        assert_eq!(code, Some(0), "{}: {out}", proof.display());
        assert!(out.starts_with("VERIFIED "), "{out}");
        seen += 1;
    }
    assert!(seen >= 8, "only {seen} examples");
}

/// A puzzle set, the flags it needs, how many puzzles to take and the deepest negation
/// (0 keeps the big grids fast: a Consequences certificate is checked the same way).
struct Set {
    rel: &'static str,
    alphabet: Option<&'static str>,
    csv: Option<usize>,
    take: usize,
    max_depth: Option<usize>,
}

const fn set(rel: &'static str, take: usize) -> Set {
    Set { rel, alphabet: None, csv: None, take, max_depth: None }
}

const SETS: &[Set] = &[
    set("9x9/pe96_easy50.txt", 3),
    set("9x9/top95.txt", 3),
    set("9x9/forum_hardest_1106.txt", 2),
    set("9x9/magictour_top1465.txt", 2),
    set("9x9/clue17_49158.txt", 2),
    set("9x9/gecode18.txt", 2),
    set("9x9/hardest11.txt", 2),
    set("tdoku_test_puzzles.txt", 3),
    set("invalid/sudopedia_invalid7.txt", 3),
    set("sudopedia_testcases.txt", 4),
    set("multiple/serg_multi10000.txt", 2),
    set("16x16/janko55.txt", 2),
    Set {
        rel: "16x16/krazydad_sample400.csv",
        alphabet: Some("0-9a-f"),
        csv: Some(5),
        take: 2,
        max_depth: None,
    },
    Set { rel: "25x25/gecode18.txt", alphabet: None, csv: None, take: 1, max_depth: Some(0) },
    set("large/sudoku-4-1.txt", 1),
    set("large/sudoku-16-1.txt", 1),
    set("large/sudoku-25-1.txt", 1),
    Set { rel: "large/sudoku-64-1.txt", alphabet: None, csv: None, take: 1, max_depth: Some(0) },
];

#[test]
fn both_checkers_agree_on_a_sample_of_every_set_in_its_own_format() {
    let dir = tempfile::tempdir().unwrap();
    let mut verified = 0;
    for &Set { rel, alphabet, csv, take, max_depth } in SETS {
        let opts = ParseOptions {
            alphabet: alphabet
                .map_or_else(Alphabet::standard, |s| Alphabet::parse_spec(s).unwrap()),
            csv_column: csv,
        };
        let mut flags = Vec::new();
        if let Some(spec) = alphabet {
            flags.extend(["--alphabet".to_string(), spec.to_string()]);
        }
        if let Some(column) = csv {
            flags.extend(["--csv-column".to_string(), column.to_string()]);
        }
        let pieces = pieces(rel, &opts);
        let name = rel.replace('/', "-");
        for (k, piece) in pieces.iter().take(take).enumerate() {
            let grid = parse_one(piece, &opts).unwrap().grid;
            let solve_opts = SolveOptions { max_depth, ..SolveOptions::default() };
            let proof = solve(&grid, &solve_opts).proof;
            let path = |ext: &str| dir.path().join(format!("{name}-{k}.{ext}"));
            std::fs::write(path("txt"), piece).unwrap();
            std::fs::write(path("ron"), to_ron(&proof)).unwrap();
            let (code, out, _) = both(&path("txt"), &path("ron"), &flags);
            assert_eq!(code, Some(0), "{rel} #{}: {out}", k + 1);
            verified += 1;
            // The next puzzle of the set: appended, the file is refused; alone, it is
            // another puzzle, and the certificate is rejected.
            let Some(next) = pieces.get(k + 1) else { continue };
            std::fs::write(path("two"), format!("{piece}\n{next}\n")).unwrap();
            let (code, _, quiet) = both(&path("two"), &path("ron"), &flags);
            assert_eq!((code, quiet), (Some(2), false), "{rel} #{}: two puzzles", k + 1);
            std::fs::write(path("next"), next).unwrap();
            let (code, out, _) = both(&path("next"), &path("ron"), &flags);
            assert_eq!(code, Some(1), "{rel} #{}: another puzzle: {out}", k + 1);
            assert!(out.starts_with("REJECTED "), "{out}");
        }
    }
    assert!(verified >= 35, "only {verified} certificates");
}
