//! Replays every committed certificate in `proofs/` with the checker.

use deduku::grid::{parse_one, ParseOptions};
use deduku::proof::read_proof;
use deduku_check::ClaimKind;
use std::path::Path;

const EXPECTED: &[(&str, ClaimKind)] = &[
    ("4x4-singles", ClaimKind::Solution),
    ("pe96-grid01-singles", ClaimKind::Solution),
    ("top95-01-depth1", ClaimKind::Solution),
    ("forum-hardest-343-depth2", ClaimKind::Solution),
    ("tdoku-23-impossible-depth2", ClaimKind::Contradiction),
    ("duplicate-box-givens", ClaimKind::Contradiction),
    ("sudopedia-two-solutions", ClaimKind::Multiple),
    ("janko-44-16x16", ClaimKind::Solution),
];

#[test]
fn every_committed_certificate_verifies_with_its_claim() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs");
    let on_disk = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "ron"));
    assert_eq!(on_disk.count(), EXPECTED.len(), "proofs/ and this table disagree");
    for (name, kind) in EXPECTED {
        let puzzle_text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        let puzzle = parse_one(&puzzle_text, &ParseOptions::default()).unwrap().grid;
        let proof = read_proof(&std::fs::read_to_string(dir.join(format!("{name}.ron"))).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let verified = deduku_check::check(&proof, Some(&puzzle.to_line()))
            .unwrap_or_else(|e| panic!("{name}: REJECTED {e}"));
        assert_eq!(verified.claim, *kind, "{name}");
    }
}

#[test]
fn depth_examples_really_need_their_depth() {
    use deduku::solve::{solve, SolveOptions, Verdict};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs");
    for (name, depth) in [("top95-01-depth1", 1), ("forum-hardest-343-depth2", 2)] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        let puzzle = parse_one(&text, &ParseOptions::default()).unwrap().grid;
        let shallower = SolveOptions { max_depth: Some(depth - 1), ..SolveOptions::default() };
        assert!(matches!(solve(&puzzle, &shallower).verdict, Verdict::Stuck(_)), "{name}");
        let enough = SolveOptions { max_depth: Some(depth), ..SolveOptions::default() };
        assert!(matches!(solve(&puzzle, &enough).verdict, Verdict::Solution(_)), "{name}");
    }
}

#[test]
fn every_committed_certificate_explains_in_fitch_and_plain_steps() {
    use deduku::explain::{fitch, plain_steps, Derivation, TextOptions};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs");
    for (name, _) in EXPECTED {
        let text = std::fs::read_to_string(dir.join(format!("{name}.ron"))).unwrap();
        let proof = read_proof(&text).unwrap();
        let derivation = Derivation::new(&proof);
        let fitch_text = fitch(&derivation, &TextOptions::default());
        let steps_text = plain_steps(&derivation, &TextOptions::default());
        let steps = proof.steps.len();
        assert!(fitch_text.lines().count() >= steps, "{name}: Fitch has a line per step");
        assert!(!steps_text.trim().is_empty() || steps == 0, "{name}: plain steps empty");
        if name.contains("depth") {
            assert!(fitch_text.contains("Assume") && fitch_text.contains('│'), "{name}");
            assert!(steps_text.contains("assum"), "{name}");
        }
    }
}
