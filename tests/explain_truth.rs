//! The pictures tell the truth at every line (issue 14): read back the SVG cells of
//! `grid_svg` at Negation lines, Assume lines (of placements and eliminations), Lemma lines,
//! lines inside subproofs and a sample of the rest, on a 4×4, top95 #1, a 16×16 proof (in its
//! `0-9a-f` alphabet) and the Lemma certificates of `tests/lemma/`, and check that
//! * no candidate equals a digit given or placed in the same unit;
//! * a line outside every subproof (a Negation among them) shows no hypothetical placement;
//! * inside a subproof, each open hypothesis is drawn with the `assumed` class;
//! * every digit and candidate equals a naive replay of the lines visible from the line.

#[path = "pictures/cells.rs"]
mod cells;
mod common;

use cells::{assert_consistent, cells, hypothetical, Drawn};
use common::{load, load_with};
use deduku::explain::{fitch, grid_svg, Derivation, Digits, TextOptions};
use deduku::grid::{parse_one, Alphabet, ParseOptions};
use deduku::solve::{solve, SolveOptions};
use deduku_check::format::{Fact, Proof, Rule};
use std::collections::BTreeMap;

/// A 4×4, top95 #1 (depth 1) and the first "tough" 16×16 of the krazydad sample (depth 1).
fn proofs() -> Vec<(&'static str, Proof, Alphabet)> {
    let four = parse_one("1.3..4.2.1....2.", &ParseOptions::default()).unwrap().grid;
    let top = load("9x9/top95.txt").remove(0).grid;
    let hex = Alphabet::parse_spec("0-9a-f").unwrap();
    let opts = ParseOptions { alphabet: hex.clone(), csv_column: Some(5) };
    let tough = load_with("16x16/krazydad_sample400.csv", &opts);
    let sixteen = tough.into_iter().find(|p| {
        p.line > 1 && {
            let proof = solve(&p.grid, &SolveOptions::default()).proof;
            proof.steps.iter().any(|s| s.rule == Rule::Negation)
        }
    });
    let sixteen = sixteen.expect("a 16x16 of the sample needs a refutation").grid;
    [
        ("4x4", four, Alphabet::standard()),
        ("top95-1", top, Alphabet::standard()),
        ("16x16", sixteen, hex),
    ]
    .into_iter()
    .map(|(name, g, a)| (name, solve(&g, &SolveOptions::default()).proof, a))
    .chain(lemma_proofs())
    .collect()
}

/// The certificates of `tests/lemma/`: Lemma steps, assumed eliminations in nested boxes.
fn lemma_proofs() -> Vec<(&'static str, Proof, Alphabet)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lemma");
    ["lemma", "contradiction-4x4", "assumed-elim-4x4"]
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(format!("{name}.ron"))).unwrap();
            (name, deduku::proof::read_proof(&text).unwrap(), Alphabet::standard())
        })
        .collect()
}

/// Lines to draw: every Negation, Assume and ⊥, the line after each Assume, and a dozen more.
fn sampled(proof: &Proof) -> Vec<usize> {
    let mut lines: Vec<usize> = vec![0, proof.steps.len()];
    let every = (proof.steps.len() / 12).max(1);
    for (i, s) in proof.steps.iter().enumerate() {
        let special =
            matches!(s.rule, Rule::Negation | Rule::Assume | Rule::Lemma) || s.fact == Fact::Bottom;
        if special || i % every == 0 {
            lines.push(i + 1);
        }
        if s.rule == Rule::Assume {
            lines.push(i + 2);
        }
    }
    lines.sort_unstable();
    lines.dedup();
    lines.retain(|&l| l <= proof.steps.len());
    lines
}

/// What a cell should show: its state, its digit, its candidates.
type Expected = (&'static str, Option<u8>, Vec<u8>);

/// A naive grid: placements overwrite, every placement clears its peers (no undo log).
struct Naive {
    n: usize,
    side: usize,
    value: Vec<u8>,
    kind: Vec<&'static str>,
    cands: Vec<Vec<bool>>,
}

impl Naive {
    fn place(&mut self, c: usize, v: u8, k: &'static str) {
        if self.value[c] == v && k != "given" {
            return;
        }
        let (n, side) = (self.n, self.side);
        self.value[c] = v;
        self.kind[c] = k;
        self.cands[c] = (0..=side).map(|e| e == usize::from(v)).collect();
        for p in 0..side * side {
            let (a, b) = ((c / side, c % side), (p / side, p % side));
            if p != c && (a.0 == b.0 || a.1 == b.1 || (a.0 / n == b.0 / n && a.1 / n == b.1 / n)) {
                self.cands[p][usize::from(v)] = false;
            }
        }
    }
}

/// What a cell should show before line position `at`: a naive replay of every line whose
/// home is the root or one of the boxes open at `at` (the definition the pass implements).
fn naive(d: &Derivation, at: usize) -> BTreeMap<(usize, usize), Expected> {
    let n = usize::from(d.proof.order);
    let side = n * n;
    let open: Vec<usize> = match at < d.lines.len() {
        true => d.open_boxes(at).into_iter().filter(|&a| a != at).collect(),
        false => Vec::new(),
    };
    let puzzle = deduku::grid::parse_grid_string(d.proof.order, &d.proof.puzzle).unwrap();
    let mut g = Naive {
        n,
        side,
        value: puzzle.clone(),
        kind: vec!["candidate"; side * side],
        cands: vec![vec![true; side + 1]; side * side],
    };
    for (c, &v) in puzzle.iter().enumerate().filter(|(_, &v)| v > 0) {
        g.place(c, v, "given");
    }
    for line in &d.lines[..at] {
        if line.home.is_some_and(|h| !open.contains(&h)) {
            continue;
        }
        let (r, c, v) = match line.step.fact {
            Fact::Place { r, c, d } | Fact::Elim { r, c, d } => (r, c, d),
            Fact::Bottom => continue,
        };
        let cell = (usize::from(r) - 1) * side + usize::from(c) - 1;
        match (line.step.fact, line.step.rule, line.home) {
            (Fact::Place { .. }, Rule::Assume, _) => g.place(cell, v, "assumed"),
            (Fact::Place { .. }, _, Some(_)) => g.place(cell, v, "hypothetical"),
            (Fact::Place { .. }, ..) => g.place(cell, v, "placed"),
            _ => g.cands[cell][usize::from(v)] = false,
        }
    }
    (0..side * side)
        .map(|c| {
            let shown: Vec<u8> = (1..=side as u8).filter(|&v| g.cands[c][usize::from(v)]).collect();
            let state = match (g.kind[c], shown.is_empty()) {
                ("candidate", true) => "eliminated",
                (k, _) => k,
            };
            let digit = (g.value[c] > 0).then_some(g.value[c]);
            let candidates = if digit.is_some() { Vec::new() } else { shown };
            ((c / side + 1, c % side + 1), (state, digit, candidates))
        })
        .collect()
}

fn state_of(cell: &Drawn) -> &str {
    if cell.has("hypothetical") {
        "hypothetical"
    } else {
        cell.state()
    }
}

#[test]
fn every_sampled_line_draws_the_truth_of_its_scope() {
    for (name, proof, alphabet) in proofs() {
        let side = usize::from(proof.order).pow(2);
        let d = Derivation::with_digits(&proof, Digits::from_alphabet(&alphabet, side));
        let lines = sampled(&proof);
        assert!(lines.len() > 3, "{name}");
        let mut negations = 0;
        for &line in &lines {
            let what = format!("{name} line {line}");
            let drawn = cells(&grid_svg(&d, line).unwrap());
            assert_consistent(&drawn, usize::from(proof.order), &what);
            let at = line.saturating_sub(1);
            for (cell, (state, digit, candidates)) in naive(&d, at) {
                let got = &drawn[&cell];
                assert_eq!(
                    (state_of(got), got.digit, &got.candidates),
                    (state, digit, &candidates),
                    "{what}: r{}c{}",
                    cell.0,
                    cell.1
                );
            }
            let outside = at >= d.lines.len() || d.open_boxes(at).iter().all(|&a| a == at);
            if outside {
                assert!(hypothetical(&drawn).is_empty(), "{what}: {:?}", hypothetical(&drawn));
            }
            for a in d.open_boxes(at).into_iter().filter(|&a| a != at && line > 0) {
                let Fact::Place { r, c, d: v } = proof.steps[a].fact else { continue };
                let cell = &drawn[&(usize::from(r), usize::from(c))];
                if cell.digit == Some(v) && !cell.has("given") && !cell.has("placed") {
                    assert!(cell.has("assumed"), "{what}: hypothesis r{r}c{c}={v}: {cell:?}");
                }
            }
            negations += usize::from(proof.steps.get(at).is_some_and(|s| s.rule == Rule::Negation));
        }
        assert!(negations > 0 || name == "4x4", "{name}: a Negation line was drawn");
    }
}

/// The case the issue reported: top95 #1 at its Negation of r2c6=4 (line 472 then, line 76
/// since eliminations implied by placements have no lines of their own) showed the refuted
/// assumption r2c6=4 and the hypothetical r2c1=2, r7c1=9 as placed, and candidate 4 in
/// r1c3 beside the given 4 in r1c1.
#[test]
fn the_reported_negation_line_of_top95_shows_no_refuted_placement() {
    let proof = solve(&load("9x9/top95.txt").remove(0).grid, &SolveOptions::default()).proof;
    let d = Derivation::new(&proof);
    let line = 76;
    assert_eq!(proof.steps[line - 1].rule, Rule::Negation);
    assert_eq!(proof.steps[line - 1].fact, Fact::Elim { r: 2, c: 6, d: 4 });
    let svg = grid_svg(&d, line).unwrap();
    let drawn = cells(&svg);
    for cell in [(2, 6), (2, 1), (7, 1)] {
        assert!(drawn[&cell].has("candidate"), "{cell:?}: {:?}", drawn[&cell]);
    }
    assert!(!drawn[&(1, 3)].candidates.contains(&4), "{:?}", drawn[&(1, 3)]);
    assert!(svg.contains("class=\"mark eliminated\" data-digit=\"4\""), "4 struck in r2c6");
    assert!(svg.contains("line 76: r2c6≠4 — Negation 63–75"), "the caption");
    // Inside that box, one line before its ⊥, the hypothesis is drawn as assumed.
    let inside = cells(&grid_svg(&d, 74).unwrap());
    assert!(inside[&(2, 6)].has("assumed") && inside[&(2, 6)].digit == Some(4));
    assert!(!hypothetical(&inside).is_empty() && inside[&(2, 6)].state() == "assumed");
}

#[test]
fn text_grids_mark_assumptions_and_derived_under_them() {
    let proof = solve(&load("9x9/top95.txt").remove(0).grid, &SolveOptions::default()).proof;
    let d = Derivation::new(&proof);
    let opts = TextOptions { grid_every: Some(1), ..TextOptions::default() };
    let text = fitch(&d, &opts);
    let block = |line: usize| {
        let head = format!("┌ grid after line {line} (");
        let start = text.find(&head).unwrap_or_else(|| panic!("no grid after line {line}"));
        let end = start + text[start..].find("    └").unwrap();
        let body = &text[start..end];
        body[body.find('\n').unwrap()..].to_string() // the grid, without the legend
    };
    assert!(block(63).contains("[4]"), "the hypothesis r2c6=4 after its Assume:\n{}", block(63));
    assert!(block(75).contains('*'), "placements under the hypothesis are starred");
    assert!(!block(76).contains('[') && !block(76).contains('*'), "gone after the Negation");
    assert!(text.contains("┌ grid after line 1 (7 given or derived, [7] assumed"), "the legend");
}
