//! `deduku explain` on certificates generated here: a 4×4, PE96 grid 1, a
//! depth-1 top95 puzzle, a depth-2 forum_hardest puzzle, an impossible one and
//! an ambiguous one — every text style, DOT and SVG, and the CLI around them.

#[path = "../../tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use common::load;
use deduku::explain::{
    fitch, grid_svg, plain_steps, rate, summary, to_dot, viewer_html, Derivation, DotOptions,
    TextOptions,
};
use deduku::grid::{parse_one, Grid, ParseOptions};
use deduku::proof::{render_proof, ProofEncoding};
use deduku::solve::{solve, SolveOptions};
use deduku_check::format::{Claim, Fact, Proof, Rule};
use predicates::prelude::*;

/// The certificates every test explains, with a name for messages.
fn cases() -> Vec<(&'static str, Grid, Proof)> {
    let four = parse_one("1.3..4.2.1....2.", &ParseOptions::default()).unwrap().grid;
    let grids = vec![
        ("4x4", four),
        ("pe96-1", load("9x9/pe96_easy50.txt").remove(0).grid),
        ("top95-1", load("9x9/top95.txt").remove(0).grid),
        ("forum-1", load("9x9/forum_hardest_1106.txt").remove(0).grid),
        ("impossible", load("invalid/sudopedia_invalid7.txt").remove(0).grid),
        ("multiple", load("multiple/serg_multi10000.txt").remove(0).grid),
    ];
    grids
        .into_iter()
        .map(|(name, g)| {
            let proof = solve(&g, &SolveOptions::default()).proof;
            (name, g, proof)
        })
        .collect()
}

fn assumes(p: &Proof) -> usize {
    p.steps.iter().filter(|s| s.rule == Rule::Assume).count()
}

#[test]
fn fitch_numbers_every_line_and_boxes_every_subproof() {
    for (name, _, proof) in cases() {
        let d = Derivation::new(&proof);
        let text = fitch(&d, &TextOptions::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), proof.steps.len() + assumes(&proof), "{name}");
        let numbered: Vec<&str> = lines.iter().copied().filter(|l| !l.contains('├')).collect();
        for (i, (line, step)) in numbered.iter().zip(&proof.steps).enumerate() {
            let number: usize = line.split_whitespace().next().unwrap().parse().unwrap();
            assert_eq!(number, i + 1, "{name}: {line}");
            assert!(line.contains(&step.fact.to_string()), "{name}: {line}");
            assert_eq!(line.matches('│').count(), d.lines[i].level + 1, "{name}: {line}");
        }
        let negation = text.lines().find(|l| l.contains("Negation"));
        assert_eq!(negation.is_some(), assumes(&proof) > 0, "{name}");
        if let Some(l) = negation {
            assert!(l.contains('–'), "{name}: Negation cites its box as a range: {l}");
        }
    }
}

#[test]
fn plain_steps_read_like_a_solver() {
    for (name, _, proof) in cases() {
        let d = Derivation::new(&proof);
        let text = plain_steps(&d, &TextOptions::default());
        let exclusions = proof.steps.iter().filter(|s| s.rule == Rule::Exclusion).count();
        assert_eq!(text.lines().count(), proof.steps.len() - exclusions, "{name}");
        assert_eq!(text.contains("assume r"), assumes(&proof) > 0, "{name}");
        assert_eq!(text.contains("led to a contradiction"), assumes(&proof) > 0, "{name}");
        let naked = proof.steps.iter().any(|s| s.rule == Rule::NakedSingle);
        assert_eq!(text.contains("naked single — "), naked, "{name}");
    }
    let (_, _, impossible) = cases().remove(4);
    let text = plain_steps(&Derivation::new(&impossible), &TextOptions::default());
    assert!(text.contains("contradiction"), "{text}");
}

#[test]
fn grids_interleave_every_k_lines() {
    let (_, _, proof) = cases().remove(0);
    let d = Derivation::new(&proof);
    let k = 10;
    let opts = TextOptions { grid_every: Some(k), ..TextOptions::default() };
    let text = fitch(&d, &opts);
    assert_eq!(text.matches("┌ grid after line").count(), proof.steps.len() / k);
    assert!(text.contains("┌ grid after line 10 ("));
    let steps = plain_steps(&d, &opts);
    assert_eq!(steps.matches("┌ grid after line").count(), proof.steps.len() / k);
}

#[test]
fn rating_matches_the_checker_and_the_search() {
    let mut labels = Vec::new();
    for (name, g, proof) in cases() {
        let d = Derivation::new(&proof);
        let r = rate(&d);
        let verified = deduku_check::check(&proof, Some(&g.to_line())).expect(name);
        assert_eq!(r.depth, verified.max_depth, "{name}");
        assert_eq!(r.hardest.is_some(), r.root_refutations > 0, "{name}");
        assert!(r.root_refutations <= r.refutations, "{name}");
        let negations = proof.steps.iter().filter(|s| s.rule == Rule::Negation).count();
        assert_eq!(r.refutations, negations, "{name}");
        labels.push(r.label());
    }
    assert_eq!(labels[0], "singles only");
    assert_eq!(labels[2], "depth 1", "top95 #1 needs one level of negation");
    assert_eq!(labels[3], "depth 2", "forum_hardest #1 needs two");
}

#[test]
fn summary_lists_each_derived_placement_once() {
    for (name, g, proof) in cases() {
        let text = summary(&Derivation::new(&proof));
        if let Claim::Solution(_) = proof.claim {
            let open = g.values().iter().filter(|&&v| v == 0).count();
            assert_eq!(text.lines().count(), open, "{name}");
            assert!(text.lines().all(|l| l.contains(" depth ")), "{name}");
        } else {
            assert!(!text.is_empty(), "{name}");
        }
    }
}

#[test]
fn dot_has_a_cluster_per_subproof_and_an_edge_per_premise() {
    for (name, _, proof) in cases() {
        let all = DotOptions { subproof: None, max_nodes: usize::MAX };
        let dot = to_dot(&Derivation::new(&proof), all).unwrap();
        assert!(dot.starts_with("digraph proof {") && dot.ends_with("}\n"), "{name}");
        assert_eq!(dot.matches("subgraph cluster_").count(), assumes(&proof), "{name}");
        let premises: usize = proof.steps.iter().map(|s| s.premises.len()).sum();
        assert_eq!(dot.matches(" -> ").count(), premises, "{name}");
        assert_eq!(dot.matches("fillcolor=").count(), proof.steps.len(), "{name}");
        assert_eq!(dot.matches('{').count(), dot.matches('}').count(), "{name}");
    }
}

#[test]
fn svg_highlights_the_conclusion_and_its_premises() {
    let (_, _, proof) = cases().remove(2);
    let d = Derivation::new(&proof);
    let at = proof.steps.iter().position(|s| s.rule == Rule::NakedSingle).unwrap() + 1;
    let svg = grid_svg(&d, at).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<g class=\"cell ").count(), 81);
    assert_eq!(svg.matches(" conclusion\" data-cell").count(), 1, "one conclusion cell");
    assert!(svg.contains(" premise\" data-cell"), "premise cells are marked");
    assert!(svg.contains("class=\"mark placing\""), "the placed digit is marked among the marks");
    let givens = grid_svg(&d, 0).unwrap();
    assert!(givens.contains("the givens") && !givens.contains(" conclusion\""));
    assert!(grid_svg(&d, proof.steps.len() + 1).is_err());
}

#[test]
fn svg_is_readable_at_16x16() {
    // An elimination in a peer cell (not one of a placed cell's other digits). Placements
    // imply most eliminations without a step: the first certificate of the set with an
    // Exclusion step of its own (a NoPlace's first premise, inside a refutation).
    let cell = |f: &Fact| match *f {
        Fact::Place { r, c, .. } | Fact::Elim { r, c, .. } => Some((r, c)),
        Fact::Bottom => None,
    };
    let peer_elim = |proof: &Proof| {
        let at = |id: u64| proof.steps.iter().find(|s| s.id == id).map(|s| cell(&s.fact));
        proof.steps.iter().position(|s| {
            matches!(s.fact, Fact::Elim { .. })
                && s.premises.first().is_some_and(|&p| at(p).flatten() != cell(&s.fact))
        })
    };
    let mut solved = load("16x16/janko55.txt")
        .into_iter()
        .map(|p| solve(&p.grid, &SolveOptions::default()).proof);
    let (proof, elim) =
        solved.find_map(|proof| peer_elim(&proof).map(|i| (proof, i + 1))).expect("a set with one");
    let d = Derivation::new(&proof);
    let svg = grid_svg(&d, elim).unwrap();
    assert_eq!(svg.matches("<g class=\"cell ").count(), 256);
    assert!(svg.contains("stroke=\"#d01c1c\""), "the eliminated candidate is struck");
    assert!(svg.contains(">G</text>"), "digit 16 prints as G");
}

#[test]
fn viewer_embeds_the_data_safely() {
    let (_, g, proof) = cases().remove(2);
    let d = Derivation::new(&proof);
    let html = viewer_html(&d, &deduku_check::check(&proof, Some(&g.to_line()))).unwrap();
    assert!(!html.contains("__DEDUKU_DATA__"));
    assert!(html.contains("VERIFIED Solution"));
    assert!(!html.contains("http://") || html.matches("http://").count() == 1, "svg ns only");
    assert_eq!(html.matches("</script>").count(), 2);
}

fn deduku() -> Command {
    Command::cargo_bin("deduku").expect("binary built")
}

#[test]
fn cli_explains_a_certificate_file_in_every_form() {
    let (_, g, proof) = cases().remove(2);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.ron");
    std::fs::write(&path, render_proof(&proof, ProofEncoding::Ron)).unwrap();
    let puzzle = g.to_line();
    let run = |extra: &[&str]| deduku().arg("explain").arg(&puzzle).arg(&path).args(extra).assert();
    run(&[]).success().stdout(
        predicate::str::starts_with("VERIFIED Solution\ndifficulty: depth 1")
            .and(predicate::str::contains("Negation")),
    );
    run(&["--style", "steps"]).success().stdout(predicate::str::contains("assume r"));
    run(&["--summary"]).success().stdout(predicate::str::contains("NakedSingle"));
    run(&["--format", "dot", "--max-nodes", "1000"])
        .success()
        .stdout(predicate::str::contains("subgraph cluster_"));
    let cap = (proof.steps.len() / 2).to_string();
    run(&["--format", "dot", "--max-nodes", &cap])
        .code(2)
        .stderr(predicate::str::contains("--subproof LINE"));
    let first = proof.steps.iter().position(|s| s.rule == Rule::Assume).expect("an Assume");
    run(&["--format", "dot", "--subproof", &(first + 1).to_string()]).success().stdout(
        predicate::str::contains(format!("subgraph cluster_{first}"))
            .and(predicate::str::contains("Negation")),
    );
    run(&["--format", "svg", "--at", "5"]).success().stdout(predicate::str::starts_with("<svg"));
    run(&["--format", "svg", "--at", "999999"]).code(2);
    let html = dir.path().join("v.html");
    run(&["--html", html.to_str().unwrap()]).success();
    assert!(std::fs::read_to_string(&html).unwrap().contains("VERIFIED Solution"));
}

#[test]
fn cli_solves_first_without_a_certificate_and_reports_rejections() {
    deduku()
        .args(["explain", "1.3..4.2.1....2.", "--style", "steps"])
        .assert()
        .success()
        .stdout(predicate::str::contains("difficulty: singles only"));
    let (_, g, mut proof) = cases().remove(0);
    // Without any premise the last step (a single) cannot stand; dropping only one may leave
    // it covered by the others (placements may overlap).
    let last = proof.steps.len() - 1;
    while proof.steps[last].premises.pop().is_some() {}
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    std::fs::write(&path, render_proof(&proof, ProofEncoding::Ron)).unwrap();
    deduku()
        .args(["explain", &g.to_line()])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("REJECTED"));
    std::fs::write(&path, "not a proof").unwrap();
    deduku().args(["explain", &g.to_line()]).arg(&path).assert().code(2);
}

/// Ranks of `keys` (1-based, ties share their average rank).
fn ranks<K: Ord + Copy>(keys: &[K]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by_key(|&i| keys[i]);
    let mut r = vec![0.0; keys.len()];
    let mut i = 0;
    while i < order.len() {
        let j = (i..order.len()).find(|&j| keys[order[j]] != keys[order[i]]).unwrap_or(order.len());
        for &k in &order[i..j] {
            r[k] = (i + j + 1) as f64 / 2.0;
        }
        i = j;
    }
    r
}

/// Spearman's rank correlation of two equally long samples.
fn spearman<A: Ord + Copy, B: Ord + Copy>(a: &[A], b: &[B]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// Rate `grids`, each with its known grade; print the table and the correlation.
fn compare(title: &str, grades: &[&str], graded: &[(usize, Grid)]) -> Vec<(usize, (usize, usize))> {
    let rated: Vec<(usize, (usize, usize))> = graded
        .iter()
        .map(|(grade, g)| {
            (*grade, rate(&Derivation::new(&solve(g, &SolveOptions::default()).proof)).key())
        })
        .collect();
    println!("{title}: grade → puzzles by depth (mean refutations)");
    for (k, name) in grades.iter().enumerate() {
        let keys: Vec<(usize, usize)> = rated.iter().filter(|r| r.0 == k).map(|r| r.1).collect();
        let by_depth: Vec<usize> =
            (0..4).map(|d| keys.iter().filter(|x| x.0 == d).count()).collect();
        let mean = keys.iter().map(|x| x.1).sum::<usize>() as f64 / keys.len().max(1) as f64;
        println!("  {name:<14} depth0..3 {by_depth:?}  refutations {mean:.1}");
    }
    let (g, r): (Vec<usize>, Vec<(usize, usize)>) = rated.iter().copied().unzip();
    println!("  Spearman(grade, rating) = {:.3} over {} puzzles", spearman(&g, &r), rated.len());
    rated
}

/// The rating against known grades. Figures are printed (run with
/// `--nocapture`); only a robust ordering is asserted, never a correlation value.
#[test]
fn rating_against_known_difficulty() {
    use deduku::grid::Alphabet;
    let opts =
        ParseOptions { alphabet: Alphabet::parse_spec("0-9a-f").unwrap(), csv_column: Some(5) };
    let grades = ["IM", "CH", "TF", "ST"];
    let text =
        std::fs::read_to_string(common::data_dir().join("16x16/krazydad_sample400.csv")).unwrap();
    let mut kd: Vec<(usize, Grid)> = Vec::new();
    for line in text.lines().skip(1) {
        let grade = grades.iter().position(|g| line.starts_with(g)).unwrap();
        if kd.iter().filter(|(k, _)| *k == grade).count() < 100 {
            kd.push((grade, parse_one(line, &opts).unwrap().grid));
        }
    }
    compare("krazydad 16x16", &grades, &kd);
    let sets =
        [("9x9/pe96_easy50.txt", 50), ("9x9/top95.txt", 95), ("9x9/forum_hardest_1106.txt", 40)];
    let nine: Vec<(usize, Grid)> = sets
        .iter()
        .enumerate()
        .flat_map(|(k, (rel, count))| load(rel).into_iter().take(*count).map(move |p| (k, p.grid)))
        .collect();
    let rated = compare("9x9 sets", &["pe96_easy50", "top95", "forum_hardest"], &nine);
    let mean_depth = |k: usize| {
        let ds: Vec<usize> = rated.iter().filter(|r| r.0 == k).map(|r| (r.1).0).collect();
        ds.iter().sum::<usize>() as f64 / ds.len() as f64
    };
    assert!(mean_depth(0) < mean_depth(2), "easy50 rates below forum_hardest");
}
