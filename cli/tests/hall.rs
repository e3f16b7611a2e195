//! The matching rule (`--rules hall`) end to end: both searches certify a hard 9×9 puzzle,
//! the independent checker verifies the certificate, and it holds naked subsets of size ≥ 4
//! (which no fixed-size subset rule of the engine finds).

#[path = "../../tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use deduku_check::format::Rule;
use deduku_check::{check, parse_ron};

/// The first puzzle of `data/9x9/forum_hardest_1106.txt`.
const FORUM_1: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// How many naked subsets of at least four cells the certificate for `search` holds, after
/// checking that it verifies.
fn big_subsets(search: &str) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.ron");
    let mut cmd = Command::cargo_bin("deduku").expect("binary built");
    cmd.current_dir(common::root())
        .args(["solve", FORUM_1, "--search", search, "--rules", "ns,hs,hall", "--proof"])
        .arg(&path)
        .assert()
        .success();
    let proof = parse_ron(&std::fs::read_to_string(&path).unwrap()).expect("certificate parses");
    check(&proof, None).expect("the checker verifies the certificate");
    proof
        .steps
        .iter()
        .filter(|s| matches!(s.rule, Rule::NakedSubset { cells, .. } if cells.count_ones() >= 4))
        .count()
}

#[test]
fn depth_first_certificates_with_hall_hold_big_naked_subsets() {
    assert!(big_subsets("dfs") > 0);
}

#[test]
fn breadth_first_certificates_with_hall_hold_big_naked_subsets() {
    assert!(big_subsets("bfs") > 0);
}
