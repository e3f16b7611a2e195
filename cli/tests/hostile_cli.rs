//! Valid but hostile certificates through the command line: `deduku check` (with and without
//! `--explain`), the standalone `deduku-check`, and `deduku export`. Each must give the right
//! verdict and output, in time and memory linear in the certificate: no recursion on depth,
//! no copy per subproof, no rescan per Negation. Time is checked by the test finishing.

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../tests/scale/hostile_certs.rs"]
mod hostile_certs;
#[path = "../../tests/sat/lrat_check.rs"]
mod lrat_check;

use common::deduku_check_bin;
use deduku_check::format::{Fact, Proof};
use deduku_check::to_ron;
use hostile_certs::{assumption_chain, deep_nesting, empty_64, huge_premises, many_negations};
use lrat_check::{check_lrat, parse_dimacs};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The puzzle and certificate written to files in `dir`.
fn files(dir: &Path, name: &str, puzzle: &str, proof: &Proof) -> (PathBuf, PathBuf) {
    let (p, c) = (dir.join(format!("{name}.txt")), dir.join(format!("{name}.ron")));
    std::fs::write(&p, format!("{puzzle}\n")).unwrap();
    std::fs::write(&c, to_ron(proof)).unwrap();
    (p, c)
}

fn run(program: &str, args: &[&Path]) -> Output {
    Command::new(program).args(args).output().unwrap()
}

fn deduku(args: &[&Path]) -> Output {
    run(env!("CARGO_BIN_EXE_deduku"), args)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Both checkers verify the certificate with the expected claim.
fn both_verify(puzzle: &Path, proof: &Path, claim: &str) {
    let want = format!("VERIFIED {claim}\n");
    let out = deduku(&[Path::new("check"), puzzle, proof]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), want.clone()), "deduku check");
    let out = Command::new(deduku_check_bin()).arg(puzzle).arg(proof).output().unwrap();
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), want), "deduku-check");
}

/// Exports CNF, DRAT and LRAT with `--lemmas which`; the LRAT, `lemmas` lemmas ending with
/// the empty clause, is replayed by the test's own LRAT checker.
fn export_and_replay(dir: &Path, puzzle: &Path, proof: &Path, which: &str, lemmas: usize) {
    let (cnf, drat, lrat) = (dir.join("x.cnf"), dir.join("x.drat"), dir.join("x.lrat"));
    let which = Path::new(which);
    let args =
        [Path::new("export"), puzzle, Path::new("--proof"), proof, "--lemmas".as_ref(), which];
    let files = [Path::new("--cnf"), &cnf, Path::new("--drat"), &drat, Path::new("--lrat"), &lrat];
    let out = deduku(&[&args[..], &files[..]].concat());
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let ending = "ends with the empty clause";
    assert!(
        text.contains(&format!("lrat: {} ({lemmas} lemmas, {ending})", lrat.display())),
        "{text}"
    );
    let clauses = parse_dimacs(&std::fs::read_to_string(&cnf).unwrap());
    let summary = check_lrat(&clauses, &std::fs::read_to_string(&lrat).unwrap()).unwrap();
    assert_eq!((summary.lemmas, summary.refuted), (lemmas, true));
}

#[test]
fn nesting_45_000_deep_checks_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let (puzzle, proof) = files(dir.path(), "deep", hostile_certs::BLOCKED, &deep_nesting(45_000));
    both_verify(&puzzle, &proof, "Contradiction");
    // One lemma per Exclusion and per ⊥; a Negation is its subproof's ⊥ lemma.
    export_and_replay(dir.path(), &puzzle, &proof, "all", 1 + 45_000 + 3 + 1);
    // Propagation refutes the puzzle at the root: the empty clause alone is needed.
    export_and_replay(dir.path(), &puzzle, &proof, "needed", 1);
}

#[test]
fn a_150_000_fold_negation_of_one_assumption_checks_and_exports_once() {
    let dir = tempfile::tempdir().unwrap();
    let p = many_negations(150_000);
    let (puzzle, proof) = files(dir.path(), "negs", hostile_certs::BLOCKED, &p);
    both_verify(&puzzle, &proof, "Contradiction");
    // Exclusion, Clash, three Exclusions, EmptyCell: the Negations add no clause.
    export_and_replay(dir.path(), &puzzle, &proof, "all", 6);
    export_and_replay(dir.path(), &puzzle, &proof, "needed", 1);
}

/// The CNF of a 64x64 grid has 33 million clauses, too many to replay here: the lemmas are
/// checked literal by literal instead (each the negated chain and its fact).
#[test]
fn a_30_000_assumption_chain_on_an_empty_64x64_exports_without_a_copy_per_subproof() {
    let dir = tempfile::tempdir().unwrap();
    let p = assumption_chain(30_000);
    let (puzzle, proof) = files(dir.path(), "chain", &empty_64(), &p);
    both_verify(&puzzle, &proof, "Consequences");
    let lrat = dir.path().join("x.lrat");
    let args =
        [Path::new("export"), &puzzle, Path::new("--proof"), &proof, Path::new("--lrat"), &lrat];
    let out = deduku(&args);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("(2 lemmas, no empty clause)"), "{}", stdout(&out));
    let var = |f: &Fact| match *f {
        Fact::Place { r, c, d } | Fact::Elim { r, c, d } => {
            ((i64::from(r) - 1) * 64 + i64::from(c) - 1) * 64 + i64::from(d)
        }
        Fact::Bottom => 0,
    };
    let chain: Vec<i64> = p.steps[..30_000].iter().map(|s| -var(&s.fact)).collect();
    let inner = -var(&p.steps[30_000].fact);
    let text = std::fs::read_to_string(&lrat).unwrap();
    let (deletions, lemmas): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| l.contains(" d "));
    let literals = |l: &str| -> Vec<i64> {
        l.split(' ').skip(1).take_while(|&t| t != "0").map(|t| t.parse().unwrap()).collect()
    };
    let lines: Vec<Vec<i64>> = lemmas.iter().map(|l| literals(l)).collect();
    // The Exclusion under the inner assumption concludes ¬inner: its lemma is the negated
    // chain, ¬inner included once; the ⊥ lemma is the same clause.
    let refuted = [&chain[..], &[inner]].concat();
    assert_eq!(lines, [refuted.clone(), refuted]);
    assert_eq!(lines.len(), 2);
    assert_eq!(deletions.len(), 1, "the ⊥ is kept for the Negation, the other lemma deleted");
}

#[test]
fn five_million_premises_are_rejected_before_they_are_looked_up() {
    let dir = tempfile::tempdir().unwrap();
    let (puzzle, proof) = files(dir.path(), "wide", "1...............", &huge_premises(5_000_000));
    let want =
        "REJECTED step 2 (NakedSingle): cites 5000000 premises, more than any rule takes (16)\n";
    let out = deduku(&[Path::new("check"), &puzzle, &proof]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(1), want.to_string()));
    let out = Command::new(deduku_check_bin()).arg(&puzzle).arg(&proof).output().unwrap();
    assert_eq!((out.status.code(), stdout(&out)), (Some(1), want.to_string()));
    let out = deduku(&[Path::new("check"), &puzzle, &proof, Path::new("--explain")]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(text.contains("    … 4999984 more not shown\n"), "{text}");
    assert!(text.len() < 10_000, "an explanation of {} bytes", text.len());
}

/// A file longer than a limit (sparse: it costs no disk) is refused at once, exit 2, naming
/// the limit: over `MAX_CHECKED_PROOF_BYTES` by both checkers, over `MAX_PROOF_BYTES` by the
/// verbs that read a certificate whole. A certificate between the two is the large-grid
/// test's (`large_grids.rs`, ignored: it takes minutes).
#[test]
fn certificates_over_the_limits_are_refused_before_they_are_read() {
    use deduku_check::input::{MAX_CHECKED_PROOF_BYTES, MAX_PROOF_BYTES};
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("p.txt");
    std::fs::write(&puzzle, "1...............\n").unwrap();
    let sparse = |name: &str, len: u64| {
        let path = dir.path().join(name);
        std::fs::File::create(&path).unwrap().set_len(len).unwrap();
        path
    };
    let huge = sparse("huge.ron", MAX_CHECKED_PROOF_BYTES + 1);
    let limit = format!("larger than the limit of {MAX_CHECKED_PROOF_BYTES} bytes");
    for out in [
        deduku(&[Path::new("check"), &puzzle, &huge]),
        Command::new(deduku_check_bin()).arg(&puzzle).arg(&huge).output().unwrap(),
    ] {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&limit), "{stderr}");
    }
    let large = sparse("large.ron", MAX_PROOF_BYTES + 1);
    let out = deduku(&[Path::new("explain"), &puzzle, &large]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("larger than the limit of {MAX_PROOF_BYTES} bytes")),
        "{stderr}"
    );
}
