//! `deduku explain` on certificates with `Lemma` steps and assumed eliminations
//! (`tests/lemma/`): every output format works, the Lemma sentence names the refutation it
//! reuses and the hypotheses that hold, the Negation of an assumed `c≠d` concludes `c=d`,
//! and the grid shows an assumed elimination inside its box only.

use assert_cmd::Command;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/lemma")
}

/// `deduku explain PUZZLE.txt PROOF.ron ARGS…`: exit code, stdout, stderr.
fn explain(puzzle: &str, proof: &str, args: &[&str]) -> (i32, String, String) {
    let (p, c) = (dir().join(format!("{puzzle}.txt")), dir().join(format!("{proof}.ron")));
    let out = Command::cargo_bin("deduku")
        .expect("binary built")
        .arg("explain")
        .arg(p)
        .arg(c)
        .args(args)
        .output()
        .expect("deduku runs");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// Every certificate of `tests/lemma/` with its puzzle.
const CASES: [(&str, &str); 6] = [
    ("contradiction-4x4", "contradiction-4x4"),
    ("absurd-4x4", "absurd-4x4"),
    ("assumed-elim-4x4", "assumed-elim-4x4"),
    ("top95-22", "lemma"),
    ("top95-22", "lemma-nested"),
    ("forum-343", "forum-343-lemma"),
];

#[test]
fn every_output_format_explains_every_lemma_certificate() {
    let tmp = tempfile::tempdir().unwrap();
    for (puzzle, proof) in CASES {
        for args in [
            &[][..],
            &["--style", "steps"],
            &["--summary"],
            &["--format", "dot", "--max-nodes", "100000"],
            &["--format", "svg"],
            &["--format", "svg", "--at", "4"],
        ] {
            let (code, out, err) = explain(puzzle, proof, args);
            assert_eq!(code, 0, "{proof} {args:?}: {err}");
            assert!(
                out.starts_with("VERIFIED") || out.starts_with("digraph") || out.contains("<svg")
            );
            assert!(!out.contains("REJECTED"), "{proof} {args:?}");
        }
        let html = tmp.path().join(format!("{proof}.html"));
        let (code, _, err) = explain(puzzle, proof, &["--html", html.to_str().unwrap()]);
        assert_eq!(code, 0, "{proof}: {err}");
        let page = std::fs::read_to_string(&html).unwrap();
        assert!(page.contains("by the refutation of line"), "{proof}: the Lemma sentence");
    }
}

#[test]
fn a_lemma_names_the_refutation_it_reuses_and_the_hypotheses_that_hold() {
    let (_, steps, _) = explain("contradiction-4x4", "contradiction-4x4", &["--style", "steps"]);
    let expected = [
        "11.   so r2c2 = 1 — assuming r2c2 ≠ 1 (line 9) led to a contradiction (line 10)",
        "13. r4c2 = 1: by the refutation of line 12 — assuming r4c2 ≠ 1 (line 8) led to a \
         contradiction",
        "14. r4c2 = 1: by the refutation of line 10 — assuming r4c2 ≠ 1 (line 8) and r2c2 ≠ 1 \
         (line 9) led to a contradiction, and here r2c2 ≠ 1 (line 4) holds",
        "15. contradiction: by the refutation of line 10 — assuming r4c2 ≠ 1 (line 8) and \
         r2c2 ≠ 1 (line 9) led to a contradiction, and here r4c2 ≠ 1 (line 7) and r2c2 ≠ 1 \
         (line 4) hold",
    ];
    for line in expected {
        assert!(steps.lines().any(|l| l == line), "missing {line:?} in\n{steps}");
    }
    // Inside a box, the hypotheses that hold there are its own assumptions.
    let (_, steps, _) = explain("top95-22", "lemma", &["--style", "steps"]);
    assert!(steps.contains(
        "306.     contradiction: by the refutation of line 301 — assuming r5c6 = 3 (line 290) \
         and r3c9 ≠ 2 (line 291) led to a contradiction, and here r5c6 = 3 (assumed, line 304) \
         and r3c9 ≠ 2 (assumed, line 305) hold"
    ));
    // Its chain stops at the box still open (line 304): one hypothesis.
    assert!(steps.contains(
        "307.   r3c9 = 2: by the refutation of line 306 — assuming r3c9 ≠ 2 (line 305) led to a \
         contradiction"
    ));
    // An assumed elimination refuted by a given.
    assert!(steps.contains(
        "459.   contradiction: r1c3=2 (line 1) holds, against the assumption r1c3 ≠ 2 (line 458)"
    ));
    let (_, fitch, _) = explain("contradiction-4x4", "contradiction-4x4", &[]);
    assert!(fitch.contains("15 │ ⊥              Lemma 10, 7, 4"), "{fitch}");
    assert!(fitch.contains("11 │ │ r2c2=1       Negation 9–10"), "{fitch}");
}

#[test]
fn the_rating_and_the_summary_count_what_a_lemma_reuses() {
    let (_, out, _) = explain("contradiction-4x4", "contradiction-4x4", &["--summary"]);
    assert!(out.contains(
        "difficulty: no solution, shown with depth 2 — negation depth 2, 1 refutation (0 at \
         the root), 3 Lemma steps reusing refutations; hardest step: line 13"
    ));
    // A root Lemma depends on the depth of the refutation it reuses.
    assert!(out.contains("line 14  r4c2=1     Lemma  depth 2"), "{out}");
}

/// The `data-candidates` of cell `cell` in an SVG.
fn candidates(svg: &str, cell: &str) -> String {
    let at = svg.find(&format!("data-cell=\"{cell}\"")).expect("the cell is drawn");
    let rest = &svg[at..];
    let start = rest.find("data-candidates=\"").expect("an open cell") + 17;
    rest[start..start + rest[start..].find('"').unwrap()].to_string()
}

#[test]
fn an_assumed_elimination_holds_inside_its_box_only() {
    let svg = |at: &str| {
        explain("assumed-elim-4x4", "assumed-elim-4x4", &["--format", "svg", "--at", at]).1
    };
    // Line 2 assumes r2c2≠2: the mark is drawn struck, as an assumption.
    let before = svg("2");
    assert_eq!(candidates(&before, "r2c2"), "2 3 4");
    assert!(before.contains("<text class=\"mark assuming eliminated\" data-digit=\"2\""));
    assert_eq!(candidates(&svg("3"), "r2c2"), "3 4", "inside the box");
    assert_eq!(candidates(&svg("6"), "r2c2"), "3 4", "the Lemma, still inside");
    assert_eq!(candidates(&svg("7"), "r2c2"), "2 3 4", "the box closed: 2 is back");
}

#[test]
fn subproof_takes_a_lemma_line_and_draws_the_refutation_it_reuses() {
    let (code, dot, err) =
        explain("contradiction-4x4", "contradiction-4x4", &["--format", "dot", "--subproof", "15"]);
    assert_eq!(code, 0, "{err}");
    assert!(dot.contains("label=\"8: r4c2≠1\\nAssume\"") && dot.contains("label=\"10: ⊥"), "{dot}");
    let (code, _, err) =
        explain("contradiction-4x4", "contradiction-4x4", &["--format", "dot", "--subproof", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("not an Assume, a Negation or a Lemma"), "{err}");
    // No Negation discharges the box the root Lemma of line 303 reuses: the SVG is drawn at
    // its ⊥ (line 301, in the nested box of the assumed elimination).
    let (code, svg, err) = explain("top95-22", "lemma", &["--format", "svg", "--subproof", "303"]);
    assert_eq!(code, 0, "{err}");
    assert!(svg.contains("refutation of r5c6=3 (lines 290–302), line 301: ⊥"), "{svg}");
}
