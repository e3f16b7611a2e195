//! `deduku explain` on certificates with implied eliminations (`tests/implied/`): a single,
//! EmptyCell or NoPlace citing a placement for the eliminations it implies names that
//! placement and its line, a naked single lists every digit the placements rule out, a
//! Clash of two placements says what they collide on, and the pictures (SVG, viewer data)
//! mark the cells a cited placement rules out, as for an Exclusion premise. Every format.

use assert_cmd::Command;
use std::collections::BTreeSet;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/implied")
}

/// `deduku explain NAME.txt NAME.ron ARGS`: its stdout, after a success.
fn explain(name: &str, args: &[&str]) -> String {
    let out = Command::cargo_bin("deduku")
        .expect("binary built")
        .arg("explain")
        .arg(dir().join(format!("{name}.txt")))
        .arg(dir().join(format!("{name}.ron")))
        .args(args)
        .output()
        .expect("deduku runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{name} {args:?}: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The line of `text` numbered `n` (`n.` in steps, `n │` in Fitch), trimmed.
fn line(text: &str, n: usize) -> String {
    let (dot, bar) = (format!("{n}. "), format!("{n} │"));
    let found =
        text.lines().map(str::trim_start).find(|l| l.starts_with(&dot) || l.starts_with(&bar));
    found.unwrap_or_else(|| panic!("no line {n} in:\n{text}")).to_string()
}

/// The cells an SVG marks as premises, as `r1c2` names.
fn premise_cells(svg: &str) -> BTreeSet<String> {
    svg.lines()
        .filter(|l| l.starts_with("<g class=\"cell ") && l.contains(" premise\""))
        .filter_map(|l| l.split("data-cell=\"").nth(1)?.split('"').next().map(String::from))
        .collect()
}

fn set(cells: &[&str]) -> BTreeSet<String> {
    cells.iter().map(|c| (*c).to_string()).collect()
}

#[test]
fn steps_name_each_cited_placement_and_every_digit_it_rules_out() {
    let text = explain("falsum-4x4", &["--style", "steps"]);
    assert!(text.starts_with("VERIFIED Contradiction"), "{text}");
    let expected = [
        (7, "contradiction: r1c1 has no candidate left (r1c2=1, r1c3=2 (line 2), r2c1=3 (line 6), r3c1=4 (line 3))"),
        (9, "r1c1 = 3: naked single — 1, 2, 4 are excluded by r1c2=1 (line 1), r1c3=2 (line 2), r3c1=4 (line 3)"),
        (11, "contradiction: r1c1=3 (line 9) and the assumption r1c1 = 4 (line 10) put two digits in r1c1"),
        (14, "contradiction: r1c1=3 (line 9) and the assumption r2c2 = 3 (line 13) put 3 twice in box 1"),
        (18, "contradiction: no place for 3 in row 2 (r2c1≠3 (line 8), r1c1=3 (line 9), r4c3=3 (line 17), r1c4=3 (line 16))"),
        (20, "contradiction: r1c1=3 (line 9) and r1c4=3 (line 16) put 3 twice in row 1"),
    ];
    for (n, sentence) in expected {
        assert!(line(&text, n).ends_with(sentence), "line {n}: {}", line(&text, n));
    }
    let singles = explain("singles-4x4", &["--style", "steps"]);
    // One Exclusion premise (r4c1=4 behind it) among two placements: all three digits.
    assert!(line(&singles, 8).ends_with(
        "r1c1 = 3: naked single — 1, 2, 4 are excluded by r1c4=1 (line 2), r1c2=2 (line 1), r4c1=4"
    ));
    assert!(line(&singles, 6).ends_with(
        "r2c2 = 4: hidden single in column 2 — 4 is excluded from the other cells by r1c2=2 (line 1), r4c1=4 (line 3)"
    ));
}

#[test]
fn a_lemma_says_which_hypothesis_a_cited_placement_implies() {
    let text = explain("lemma-4x4", &["--style", "steps"]);
    assert!(line(&text, 9)
        .ends_with("contradiction: r2c2=1 (line 8) and r2c2=4 (line 3) put two digits in r2c2"));
    assert!(line(&text, 11)
        .ends_with("led to a contradiction, and here r2c2 = 4 (line 3, so r2c2 ≠ 1) holds"));
    assert!(line(&text, 12).ends_with(
        "and here r3c1 = 1 (line 4, so r4c2 ≠ 1) and r2c2 = 4 (line 3, so r2c2 ≠ 1) hold"
    ));
    let fitch = explain("lemma-4x4", &[]);
    assert!(line(&fitch, 12).ends_with("Lemma 7, 4, 3"), "{}", line(&fitch, 12));
    // The SVG of the last Lemma: the placements and the cell r3c1=1 rules out (r4c2).
    let svg = explain("lemma-4x4", &["--format", "svg", "--at", "12"]);
    assert_eq!(premise_cells(&svg), set(&["r2c2", "r3c1", "r4c2"]), "{svg}");
}

#[test]
fn every_naked_single_of_the_9x9s_lists_eight_excluded_digits() {
    for name in ["top95-22", "tdoku-23"] {
        let text = explain(name, &["--style", "steps"]);
        let singles: Vec<&str> = text.lines().filter(|l| l.contains(": naked single — ")).collect();
        assert!(!singles.is_empty(), "{name}");
        for s in singles {
            let digits = s.split(": naked single — ").nth(1).unwrap().split(" are excluded").next();
            assert_eq!(digits.unwrap().split(", ").count(), 8, "{name}: {s}");
            assert!(s.contains("(line "), "placements are named with their line: {s}");
        }
    }
    let tdoku = explain("tdoku-23", &["--style", "steps"]);
    assert!(
        tdoku.contains("has no candidate left (") && tdoku.contains("contradiction: no place for")
    );
}

#[test]
fn fitch_labels_and_cites_the_placements() {
    let text = explain("falsum-4x4", &[]);
    assert!(line(&text, 7).ends_with("EmptyCell r1c1 5, 2, 6, 3"), "{}", line(&text, 7));
    assert!(line(&text, 18).ends_with("NoPlace 3 in row 2 8, 9, 17, 16"), "{}", line(&text, 18));
    assert!(line(&text, 20).ends_with("Clash 9, 16"), "{}", line(&text, 20));
    let summary = explain("falsum-4x4", &["--summary"]);
    assert!(summary.contains("line  9  r1c1=3     NakedSingle  depth 0"), "{summary}");
    assert!(summary.contains("line 16  r1c4=3     NakedSingle  depth 0"), "{summary}");
}

#[test]
fn dot_draws_an_edge_from_each_cited_placement() {
    let dot = explain("falsum-4x4", &["--format", "dot"]);
    assert!(dot.contains("n19 [label=\"20: ⊥\\nClash\""), "{dot}");
    for edge in ["n8 -> n19;", "n15 -> n19;", "n15 -> n17;", "n16 -> n17;", "n5 -> n6;"] {
        assert!(dot.contains(edge), "{edge} in {dot}");
    }
    let one = explain("falsum-4x4", &["--format", "dot", "--subproof", "17"]);
    assert!(one.contains("subgraph cluster_16") && one.contains("NoPlace 3 in row 2"), "{one}");
    assert!(one.contains("n15 [label=\"16: r1c4=3"), "the cited root placement as context: {one}");
}

#[test]
fn svg_marks_the_cells_a_cited_placement_rules_out() {
    // r2c2=4, hidden single in column 2, cites r1c2=2 (its own cell: r1c2≠4) and r4c1=4
    // (r3c2≠4 and r4c2≠4, box 3 and row 4).
    let svg = explain("singles-4x4", &["--format", "svg", "--at", "6"]);
    assert!(svg.contains("<desc>r2c2 = 4: hidden single in column 2 — 4 is excluded"), "{svg}");
    assert_eq!(premise_cells(&svg), set(&["r1c2", "r3c2", "r4c1", "r4c2"]), "{svg}");
    assert!(svg.contains("data-cell=\"r2c2\"") && svg.contains("conclusion\" data-cell=\"r2c2\""));
    // NoPlace 3 in row 2: every cell of row 2, and the placements r1c1, r1c4, r4c3.
    let svg = explain("falsum-4x4", &["--format", "svg", "--at", "18"]);
    let row2 = ["r1c1", "r1c4", "r2c1", "r2c2", "r2c3", "r2c4", "r4c3"];
    assert_eq!(premise_cells(&svg), set(&row2), "{svg}");
    let refutation = explain("falsum-4x4", &["--format", "svg", "--subproof", "17"]);
    assert!(refutation.contains("refutation of r4c3=3 (lines 17–18), line 18: ⊥ — NoPlace"));
    assert_eq!(premise_cells(&refutation), set(&row2));
    // A Clash of two placements: both cells.
    let svg = explain("falsum-4x4", &["--format", "svg", "--at", "20"]);
    assert_eq!(premise_cells(&svg), set(&["r1c1", "r1c4"]), "{svg}");
    assert!(svg.contains("put 3 twice in row 1"));
}

#[test]
fn the_viewer_data_carries_the_cells_each_line_rules_out_by_placements() {
    let tmp = tempfile::tempdir().unwrap();
    let html = tmp.path().join("v.html");
    explain("singles-4x4", &["--html", html.to_str().unwrap()]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("VERIFIED Solution"));
    // Line 6 (r2c2=4): r1c2, r3c2, r4c2 as cell indices 1, 9, 13.
    let six = page.split("{\"f\":\"r2c2=4\"").nth(1).expect("line 6's data");
    let six = &six[..six.find('}').unwrap()];
    assert!(six.contains("\"imp\":[1,9,13]"), "{six}");
    assert!(six.contains("excluded from the other cells by r1c2=2 (line 1), r4c1=4 (line 3)"));
    assert!(page.contains("if (shown && shown.imp) for (const c of shown.imp) prem.add(c);"));
    // Givens cite nothing: no such field.
    let given = page.split("{\"f\":\"r1c2=2\"").nth(1).unwrap();
    assert!(!given[..given.find('}').unwrap()].contains("\"imp\""));
}

#[test]
fn a_missing_elimination_a_placement_implies_is_traced_to_that_placement() {
    let text = std::fs::read_to_string(dir().join("singles-4x4.ron")).unwrap();
    // r2c1=1 (naked single) without r3c1=2: r2c1≠2 is missing; r1c2=2 (line 1), r3c1=2
    // (line 9) and r2c4=2 (line 10) imply it, the latest is named.
    let broken = text.replace("premises: [8, 7, 5]", "premises: [7, 5]");
    assert_ne!(broken, text);
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("broken.ron");
    std::fs::write(&path, broken).unwrap();
    let out = Command::cargo_bin("deduku")
        .unwrap()
        .arg("explain")
        .arg(dir().join("singles-4x4.txt"))
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let hint = "missing premise r2c1≠2 — no earlier line derives r2c1≠2, but line 10 places \
                r2c4=2, which implies it: cite that line (step id 9)";
    assert!(text.contains(hint), "{text}");
}
