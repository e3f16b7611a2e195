//! Generated puzzles judged by programs that share nothing with deduku: cadical decides
//! uniqueness and minimality of minimal 9×9 puzzles on the exported CNF, and rate verifies
//! the DRAT translation of their `Minimal` certificates. Plus one 25×25 generation (with a
//! clue aim of 320 it takes about a second; a *minimal* 25×25 takes the plain solver minutes).

#[path = "../../tests/sat/tools.rs"]
mod tools;

use assert_cmd::Command;
use deduku::generate::{generate_one, puzzle_seed, GenerateOptions, Symmetry};
use deduku::grid::{Grid, Order};
use deduku::proof::{render_proof, ProofEncoding};
use deduku::sat::Cnf;

/// Minimal 9×9 puzzles with their certificates, one per symmetry.
fn minimal_9x9() -> Vec<deduku::generate::Generated> {
    let mut opts = GenerateOptions::new(Order::new(3).unwrap());
    opts.minimal = true;
    Symmetry::ALL
        .into_iter()
        .enumerate()
        .map(|(i, symmetry)| {
            opts.symmetry = symmetry;
            generate_one(&opts, puzzle_seed(2024, i as u64)).expect("minimal 9x9 puzzles exist")
        })
        .collect()
}

/// cadical's model as a grid.
fn decode(cnf: &Cnf, model: &[u32], order: Order) -> Grid {
    let side = order.side();
    let mut values = vec![0u8; side * side];
    for &v in model {
        let (r, c, d) = cnf.encoding().decode(v);
        values[r * side + c] = d as u8 + 1;
    }
    Grid::from_values(order, values).unwrap()
}

#[test]
#[ignore = "needs cadical and rate: apt-get install cadical; cargo install rate --locked"]
fn cadical_confirms_uniqueness_and_minimality_and_rate_the_minimal_certificates() {
    let dir = tempfile::tempdir().unwrap();
    for (k, made) in minimal_9x9().iter().enumerate() {
        let (puzzle, solution) = (&made.puzzle, &made.solution);
        let line = puzzle.to_line();
        let proof = dir.path().join(format!("{k}.ron"));
        std::fs::write(&proof, render_proof(&made.proof, ProofEncoding::Ron)).unwrap();
        let (cnf, drat) =
            (dir.path().join(format!("{k}.cnf")), dir.path().join(format!("{k}.drat")));
        Command::cargo_bin("deduku")
            .unwrap()
            .args(["export", &line, "--proof"])
            .arg(&proof)
            .arg("--cnf")
            .arg(&cnf)
            .arg("--drat")
            .arg(&drat)
            .assert()
            .success();
        // The exported CNF carries the blocking clause of the claimed solution: UNSAT = unique.
        assert_eq!(tools::cadical(&cnf), None, "{line}: cadical finds another solution");
        assert!(tools::rate_verifies(&cnf, &drat), "{line}: rate rejects the DRAT proof");
        for (cell, _) in puzzle.filled() {
            let mut without = puzzle.clone();
            without.set(cell, None);
            let reduced = Cnf::new(&without).with_blocking(solution).unwrap();
            let path = dir.path().join(format!("{k}-{}.cnf", cell.index()));
            std::fs::write(&path, reduced.render()).unwrap();
            let model = tools::cadical(&path)
                .unwrap_or_else(|| panic!("{line}: the clue at {cell} is not needed"));
            let other = decode(&reduced, &model, puzzle.order());
            assert!(other.solves(&without) && other != *solution, "{line}: bad model");
        }
    }
}

#[test]
fn a_25x25_puzzle_is_generated_and_verified_by_both_checkers() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("deduku")
        .unwrap()
        .args(["generate", "--order", "5", "--clues", "320", "--seed", "25", "--proofs"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let line = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert_eq!(line.len(), 625);
    assert!(line.chars().filter(|&c| c != '.').count() <= 320);
    let verdict = |bin: &mut std::process::Command| {
        let out = bin.arg(dir.path().join("00001.txt")).arg(dir.path().join("00001.ron"));
        String::from_utf8(out.output().unwrap().stdout).unwrap()
    };
    let deduku = assert_cmd::cargo::cargo_bin("deduku");
    assert_eq!(verdict(std::process::Command::new(&deduku).arg("check")), "VERIFIED Solution\n");
    let checker = env!("CARGO_BIN_EXE_deduku-check");
    assert_eq!(verdict(&mut std::process::Command::new(checker)), "VERIFIED Solution\n");
}
