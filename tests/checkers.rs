//! Certificates verified by checkers nobody here wrote: the LRAT translation by `cake_lpr`
//! (CakeML, machine code proved correct in HOL4: the anchor of the trust chain, see
//! docs/trust.md) and drat-trim's `lrat-check`, the DRAT translation by `drat-trim` and
//! `rate`. Every example of `proofs/`, a sample of every puzzle set (9x9 unique and
//! impossible, 16x16, 25x25), the hostile certificates, and a 36x36 CNF whose puzzle no
//! longer fits one comment line. Verdicts are read from each tool's output.

mod common;
#[path = "scale/hostile_certs.rs"]
mod hostile_certs;
#[path = "sat/tools.rs"]
mod tools;

use common::{expected_from_note, load, puzzle_from, random_grid, Expected};
use deduku::grid::{parse_one, Grid, Order, ParseOptions};
use deduku::proof::read_proof;
use deduku::sat::{
    render_drat, render_lrat, translatable_rules, translate, translate_with, Cnf, Lemmas, SatError,
};
use deduku::solve::Strategy;
use deduku::solve::{solve, SolveOptions, Verdict};
use deduku_check::format::{Claim, Proof, Rule};
use std::path::{Path, PathBuf};

/// The files of one translated certificate.
struct Exported {
    cnf: PathBuf,
    drat: PathBuf,
    lrat: PathBuf,
}

/// Translate `proof` and write its CNF, DRAT and LRAT into `dir` as `name.*`.
fn export(dir: &Path, name: &str, proof: &Proof) -> Exported {
    export_with(dir, name, proof, Lemmas::Needed)
}

/// [`export`] with the lemmas `lemmas`.
fn export_with(dir: &Path, name: &str, proof: &Proof, lemmas: Lemmas) -> Exported {
    let cnf = Cnf::for_proof(proof).unwrap_or_else(|e| panic!("{name}: {e}"));
    let t = translate_with(proof, &cnf, lemmas).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(t.refutes, "{name}: no empty clause");
    let files = Exported {
        cnf: dir.join(format!("{name}.cnf")),
        drat: dir.join(format!("{name}.drat")),
        lrat: dir.join(format!("{name}.lrat")),
    };
    std::fs::write(&files.cnf, cnf.render()).unwrap();
    std::fs::write(&files.drat, render_drat(&t)).unwrap();
    std::fs::write(&files.lrat, render_lrat(&t)).unwrap();
    files
}

/// All four checkers verify the certificate's translation.
fn all_four_verify(dir: &Path, name: &str, proof: &Proof) {
    all_four_verify_with(dir, name, proof, Lemmas::Needed);
}

/// All four checkers verify the certificate's translation with the lemmas `lemmas`.
fn all_four_verify_with(dir: &Path, name: &str, proof: &Proof, lemmas: Lemmas) {
    let f = export_with(dir, name, proof, lemmas);
    assert!(tools::cake_lpr_verifies(&f.cnf, &f.lrat), "{name}: cake_lpr rejects");
    assert!(tools::lrat_check_verifies(&f.cnf, &f.lrat), "{name}: lrat-check rejects");
    assert!(tools::drat_trim_verifies(&f.cnf, &f.drat), "{name}: drat-trim rejects");
    assert!(tools::rate_verifies(&f.cnf, &f.drat), "{name}: rate rejects");
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn every_example_of_proofs_is_verified_by_all_four_checkers() {
    let dir = tempfile::tempdir().unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("proofs");
    let (mut verified, mut multiple) = (0, 0);
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let proof = read_proof(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let puzzle_text = std::fs::read_to_string(path.with_extension("txt")).unwrap();
        let puzzle = parse_one(&puzzle_text, &ParseOptions::default()).unwrap().grid;
        deduku_check::check(&proof, Some(&puzzle.to_line())).expect("the example verifies");
        if let Claim::Multiple(..) = proof.claim {
            // Two solutions are the whole evidence: there is no refutation to translate.
            let cnf = Cnf::for_proof(&proof).unwrap();
            assert_eq!(translate(&proof, &cnf), Err(SatError::NoDerivation));
            multiple += 1;
            continue;
        }
        all_four_verify(dir.path(), &name, &proof);
        verified += 1;
    }
    assert!(verified >= 7 && multiple == 1, "{verified} verified, {multiple} Multiple");
}

/// The first `n` puzzles of a set whose verdict is `want` (Solution or Contradiction).
fn certificates(rel: &str, n: usize, want: fn(&Verdict) -> bool) -> Vec<(String, Proof)> {
    let mut out = Vec::new();
    for (i, p) in load(rel).into_iter().enumerate() {
        let outcome = solve(&p.grid, &SolveOptions::default());
        if want(&outcome.verdict) {
            out.push((format!("{}-{}", rel.replace('/', "-"), i + 1), outcome.proof));
        }
        if out.len() == n {
            return out;
        }
    }
    panic!("{rel}: fewer than {n} certificates of the wanted verdict");
}

fn unique(v: &Verdict) -> bool {
    matches!(v, Verdict::Solution(_))
}

fn impossible(v: &Verdict) -> bool {
    *v == Verdict::Contradiction
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn a_sample_of_every_set_is_verified_by_all_four_checkers() {
    let dir = tempfile::tempdir().unwrap();
    let mut sample = Vec::new();
    sample.extend(certificates("9x9/pe96_easy50.txt", 2, unique));
    sample.extend(certificates("9x9/top95.txt", 3, unique));
    sample.extend(certificates("9x9/forum_hardest_1106.txt", 2, unique));
    sample.extend(certificates("invalid/sudopedia_invalid7.txt", 3, impossible));
    let none = load("tdoku_test_puzzles.txt")
        .into_iter()
        .enumerate()
        .filter(|(_, p)| expected_from_note(p.note.as_deref(), Expected::Unique) == Expected::None);
    for (i, p) in none.take(3) {
        let outcome = solve(&p.grid, &SolveOptions::default());
        assert_eq!(outcome.verdict, Verdict::Contradiction, "tdoku #{}", i + 1);
        sample.push((format!("tdoku-{}", i + 1), outcome.proof));
    }
    sample.extend(certificates("16x16/janko55.txt", 2, unique));
    // 25x25: the large/ grid certifies in a fraction of a second (gecode18 line 17 needs ~25 s).
    sample.extend(certificates("large/sudoku-25-1.txt", 1, unique));
    assert_eq!(sample.len(), 16);
    for (name, proof) in &sample {
        all_four_verify(dir.path(), name, proof);
        all_four_verify_with(dir.path(), name, proof, Lemmas::All);
    }
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn depth_first_certificates_are_verified_in_both_translations() {
    let dir = tempfile::tempdir().unwrap();
    let sets = [
        ("9x9/forum_hardest_1106.txt", 4),
        ("9x9/top95.txt", 2),
        ("16x16/janko55.txt", 2),
        ("large/sudoku-25-1.txt", 1),
    ];
    for (rel, n) in sets {
        for (i, p) in load(rel).into_iter().take(n).enumerate() {
            // As `export` builds them: the translation needs every lemma RUP.
            let rules = Some(translatable_rules(Strategy::Dfs, p.grid.order()));
            let outcome =
                solve(&p.grid, &SolveOptions { rules, ..SolveOptions::with_search(Strategy::Dfs) });
            assert!(unique(&outcome.verdict), "{rel} #{}", i + 1);
            for lemmas in [Lemmas::Needed, Lemmas::All] {
                let name = format!("{}-{}-dfs-{lemmas:?}", rel.replace('/', "-"), i + 1);
                all_four_verify_with(dir.path(), &name, &outcome.proof, lemmas);
            }
        }
    }
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn clause_learning_certificates_are_verified_in_both_translations() {
    // Lemma steps (learned clauses) and assumed eliminations, translated both ways.
    let dir = tempfile::tempdir().unwrap();
    let sets = [("9x9/forum_hardest_1106.txt", 3), ("16x16/janko55.txt", 2)];
    for (rel, n) in sets {
        // The first `n` puzzles of the set whose certificates cite learned clauses.
        let learned = load(rel).into_iter().enumerate().filter_map(|(i, p)| {
            let outcome = solve(&p.grid, &SolveOptions::with_search(Strategy::Cdcl));
            let lemma = outcome.proof.steps.iter().any(|s| s.rule == Rule::Lemma);
            lemma.then_some((i, outcome))
        });
        for (i, outcome) in learned.take(n) {
            assert!(unique(&outcome.verdict), "{rel} #{}", i + 1);
            for lemmas in [Lemmas::Needed, Lemmas::All] {
                let name = format!("{}-{}-cdcl-{lemmas:?}", rel.replace('/', "-"), i + 1);
                all_four_verify_with(dir.path(), &name, &outcome.proof, lemmas);
            }
        }
    }
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn the_hostile_certificates_translate_to_proofs_all_four_checkers_verify() {
    let dir = tempfile::tempdir().unwrap();
    for lemmas in [Lemmas::Needed, Lemmas::All] {
        let deep = hostile_certs::deep_nesting(45_000);
        all_four_verify_with(dir.path(), "deep", &deep, lemmas);
        let negations = hostile_certs::many_negations(150_000);
        all_four_verify_with(dir.path(), "negations", &negations, lemmas);
    }
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn each_checker_rejects_a_broken_proof() {
    let dir = tempfile::tempdir().unwrap();
    let (name, proof) = certificates("9x9/top95.txt", 1, unique).remove(0);
    let f = export(dir.path(), &name, &proof);
    // The first half of the LRAT lemmas, without the empty clause.
    let lrat = std::fs::read_to_string(&f.lrat).unwrap();
    let half: Vec<&str> = lrat.lines().take(lrat.lines().count() / 2).collect();
    let truncated = dir.path().join("half.lrat");
    std::fs::write(&truncated, half.join("\n") + "\n").unwrap();
    assert!(!tools::cake_lpr_verifies(&f.cnf, &truncated));
    assert!(!tools::lrat_check_verifies(&f.cnf, &truncated));
    // The empty clause alone: not RUP, since propagation cannot solve top95 #1.
    let empty = dir.path().join("empty.drat");
    std::fs::write(&empty, "0\n").unwrap();
    assert!(!tools::drat_trim_verifies(&f.cnf, &empty));
    assert!(!tools::rate_verifies(&f.cnf, &empty));
    // A wrong hint on the empty clause: the last hint (the blocking clause) becomes clause 1.
    let mut lines: Vec<String> = lrat.lines().map(String::from).collect();
    let last = lines.iter().rposition(|l| !l.contains(" d ")).unwrap();
    let mut tokens: Vec<&str> = lines[last].split(' ').collect();
    let hint = tokens.len() - 2;
    tokens[hint] = "1";
    lines[last] = tokens.join(" ");
    let wrong = dir.path().join("wrong.lrat");
    std::fs::write(&wrong, lines.join("\n") + "\n").unwrap();
    assert!(!tools::cake_lpr_verifies(&f.cnf, &wrong));
    assert!(!tools::lrat_check_verifies(&f.cnf, &wrong));
}

/// A 36x36 puzzle in row form is some 3,400 characters: its comment is written row by row,
/// which lrat-check (limit 1,024 characters per comment line) reads.
#[test]
#[ignore = "needs lrat-check: bash ../shared/tools/build-checkers.sh DIR"]
fn lrat_check_reads_the_cnf_of_a_36x36_puzzle() {
    let order = Order::new(6).unwrap();
    let mut seed = 11u64;
    let mut pick = |k: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) % k as u64) as usize
    };
    // Drawn until unique (a dense pattern grid is, most of the time).
    let outcome = (0..20)
        .map(|_| {
            let solution = random_grid(order, &mut pick);
            let puzzle: Grid = puzzle_from(&solution, |_| pick(10) < 9);
            assert!(puzzle.to_line().len() > 1024, "the one-line puzzle must not fit a comment");
            solve(&puzzle, &SolveOptions::default())
        })
        .find(|o| unique(&o.verdict))
        .expect("a unique 36x36 puzzle in 20 draws");
    let dir = tempfile::tempdir().unwrap();
    let f = export(dir.path(), "p36", &outcome.proof);
    let cnf = std::fs::read_to_string(&f.cnf).unwrap();
    assert!(cnf.lines().filter(|l| l.starts_with('c')).all(|l| l.len() < 1024));
    assert!(tools::lrat_check_verifies(&f.cnf, &f.lrat), "lrat-check rejects the 36x36");
}
