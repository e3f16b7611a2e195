//! `deduku explain` on certificate *shapes* that used to crash it or take minutes (issue 13):
//! 45,000 nested subproofs (the recursive DOT writer overflowed the stack; Fitch and DOT
//! grew quadratically), 100,000 Negations discharging one Assume (every refutation rescanned
//! its box), and a 30,000-long chain of open assumptions on a 64×64 grid. Each rendering runs
//! on a 256 KiB stack, so any recursion on the nesting fails; output is bounded by a constant
//! per line (linear); time is checked only by the test finishing (no timing assertion).

#[path = "../../tests/scale/explain_shapes.rs"]
mod explain_shapes;

use assert_cmd::Command;
use deduku::explain::{
    fitch, grid_svg, plain_steps, rate, summary, to_dot, viewer_html, Derivation, DotOptions,
    TextOptions,
};
use deduku_check::format::Proof;
use explain_shapes::{many_negations, nested, open_chain};

/// Run `f` on a thread with a 256 KiB stack: recursion per nesting level would overflow it.
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let worker = std::thread::Builder::new().stack_size(256 << 10);
    worker.spawn(f).expect("thread spawns").join().expect("no stack overflow")
}

const ALL: DotOptions = DotOptions { subproof: None, max_nodes: usize::MAX };

/// Every text and picture of `proof`, with per-line size bounds.
fn render_all(proof: &Proof) -> (String, String, String, String, String, String) {
    let d = Derivation::new(proof);
    let grids = TextOptions { grid_every: Some(5_000), ..TextOptions::default() };
    let verdict = deduku_check::check(proof, None);
    assert!(verdict.is_ok(), "the shape is a valid certificate: {verdict:?}");
    (
        fitch(&d, &grids),
        plain_steps(&d, &grids),
        summary(&d),
        to_dot(&d, ALL).expect("no cap"),
        grid_svg(&d, d.lines.len()).expect("svg"),
        viewer_html(&d, &verdict).expect("viewer"),
    )
}

fn assert_linear(name: &str, text: &str, lines: usize, per_line: usize) {
    assert!(
        text.len() <= per_line * lines + 100_000,
        "{name}: {} bytes for {lines} lines",
        text.len()
    );
}

#[test]
fn forty_five_thousand_nested_subproofs_render_linearly_without_recursion() {
    let depth = 45_000;
    let proof = nested(depth);
    let steps = proof.steps.len();
    let (fitch, steps_text, summary, dot, svg, html) = small_stack(move || render_all(&proof));
    assert_eq!(dot.matches("subgraph cluster_").count(), depth as usize);
    assert_eq!(dot.matches('{').count(), dot.matches('}').count());
    for (name, text, per_line) in [
        ("fitch", &fitch, 200),
        ("steps", &steps_text, 200),
        ("dot", &dot, 200),
        ("html", &html, 400),
    ] {
        assert_linear(name, text, steps, per_line);
    }
    // The deepest line: the bars stop at a dozen and state the depth.
    let deepest =
        fitch.lines().find(|l| l.trim_start().starts_with("45002 │")).expect("line 45002");
    assert!(deepest.contains("┄44991┄"), "{deepest}");
    assert!(steps_text.contains("[depth 45000] assume r1c2 = 1"), "steps state the depth");
    assert!(summary.contains("(no placement derived at the root)"));
    assert!(svg.contains("class=\"cell given\" data-cell=\"r1c1\""));
    assert_eq!(fitch.matches("┌ grid after line").count(), steps / 5_000);
}

#[test]
fn a_hundred_thousand_negations_of_one_assumption_are_measured_once() {
    let count = 100_000;
    let proof = many_negations(count);
    let steps = proof.steps.len();
    let d = Derivation::new(&proof);
    let r = rate(&d);
    assert_eq!(
        (r.refutations, r.root_refutations, r.hardest_size),
        (count as usize, count as usize, (1, 3))
    );
    assert_eq!(r.hardest, Some(4), "the first Negation is the hardest; repeats are not longer");
    let (fitch, steps_text, summary, dot, _, html) = small_stack(move || render_all(&proof));
    assert_eq!(fitch.matches("Negation 3–4").count(), count as usize);
    assert_eq!(
        steps_text.matches("so r1c2 ≠ 1 — assuming r1c2 = 1 (line 3)").count(),
        count as usize
    );
    assert!(summary.contains("(no placement derived at the root)"));
    assert_eq!(dot.matches(" -> ").count(), 2 * count as usize + 3);
    for (name, text) in [("fitch", &fitch), ("steps", &steps_text), ("dot", &dot), ("html", &html)]
    {
        assert_linear(name, text, steps, 300);
    }
}

#[test]
fn a_thirty_thousand_long_chain_of_assumptions_draws_each_hypothesis_once() {
    let proof = open_chain(30_000);
    let copy = proof.clone();
    let svg = small_stack(move || {
        let d = Derivation::new(&copy);
        grid_svg(&d, d.lines.len()).expect("svg")
    });
    let d = Derivation::new(&proof);
    // Before the last line all 4,096 cells hold an assumed digit (the chain wrapped around).
    assert_eq!(svg.matches("class=\"cell assumed\"").count(), 4096 - 1);
    assert_eq!(rate(&d).depth, 30_000);
    let steps =
        plain_steps(&d, &TextOptions { grid_every: Some(10_000), ..TextOptions::default() });
    assert_eq!(steps.matches("┌ grid after line").count(), 3);
    assert_linear("steps", &steps, 30_000, 200 + 3 * 4096 * 8 / 30);
}

fn deduku() -> Command {
    Command::cargo_bin("deduku").expect("binary built")
}

/// The CLI on a written 45k-deep certificate: DOT is refused past the cap with a clear
/// message (exit 2), drawn with `--max-nodes`, and one refutation is drawn alone.
#[test]
fn the_cli_caps_dot_and_draws_one_refutation_of_a_deep_certificate() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nested.ron");
    std::fs::write(&path, deduku_check::to_ron(&nested(45_000))).expect("written");
    let out = deduku().arg("explain").arg(&path).args(["--format", "dot"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("135002 nodes, more than the cap of 400"), "{err}");
    assert!(err.contains("--subproof LINE (root Assume lines: 3, …)"), "{err}");
    assert!(out.stdout.is_empty(), "no partial output");
    let out = deduku()
        .arg("explain")
        .arg(&path)
        .args(["--format", "dot", "--max-nodes", "200000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).matches("subgraph cluster_").count(), 45_000);
    // The innermost refutation: its Assume is line 45002, its Negation line 45004.
    for line in ["45002", "45004"] {
        let out = deduku()
            .arg("explain")
            .arg(&path)
            .args(["--format", "dot", "--subproof", line])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let dot = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(dot.matches("subgraph cluster_").count(), 1, "{dot}");
        assert!(dot.contains("style=\"rounded,dashed\""), "cited outside lines are context: {dot}");
    }
    let out = deduku()
        .arg("explain")
        .arg(&path)
        .args(["--format", "dot", "--subproof", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("line 1 is a Given, not an Assume, a Negation or a Lemma"));
    let out = deduku().arg("explain").arg(&path).arg("--summary").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("warning: the puzzle is read from the certificate"));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.starts_with("VERIFIED Consequences\ndifficulty: depth 45000, for what is derived"),
        "{text}"
    );
    assert!(text.contains("45000 refutations (1 at the root)"), "{text}");
}
