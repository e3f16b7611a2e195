//! The HTML viewer and the SVG picture in a real browser: headless Chromium
//! loads the page offline, URL parameters drive the stepping and clicking, and
//! `--dump-dom` shows what the page displays. The tests are ignored by default
//! (they need `apt-get install -y chromium`); `.ci/run` runs them with
//! `--include-ignored`, where a missing Chromium FAILS them — they never skip.

#[path = "../../tests/pictures/cells.rs"]
mod cells;

use assert_cmd::Command;
use cells::{assert_consistent, cells, hypothetical};
use std::path::{Path, PathBuf};
use std::process::Command as Process;

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The Chromium binary: `$CHROMIUM`, else `chromium` or `chromium-browser` on the PATH.
fn chromium() -> PathBuf {
    let candidates = std::env::var("CHROMIUM")
        .into_iter()
        .chain(["chromium", "chromium-browser"].iter().map(|s| (*s).to_string()));
    for name in candidates {
        let found = Process::new(&name).arg("--version").output();
        if found.is_ok_and(|o| o.status.success()) {
            return PathBuf::from(name);
        }
    }
    panic!("chromium not found: install it (apt-get install -y chromium) or set CHROMIUM");
}

/// Run headless Chromium on `url` with `extra` flags; returns stdout.
fn browse(url: &str, extra: &[&str]) -> String {
    let profile = tempfile::tempdir().expect("profile dir");
    let out = Process::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(out.status.success(), "chromium failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn url(path: &Path, params: &str) -> String {
    format!("file://{}{params}", path.display())
}

/// Write the viewer (and an SVG) of top95 #1 into `dir`.
fn write_outputs(dir: &Path) -> (PathBuf, PathBuf) {
    let html = dir.join("viewer.html");
    let mut cmd = Command::cargo_bin("deduku").expect("binary built");
    cmd.args(["explain", TOP95_1, "--html"]).arg(&html).assert().success();
    let svg = dir.join("grid.svg");
    let out = Command::cargo_bin("deduku")
        .expect("binary built")
        .args(["explain", TOP95_1, "--format", "svg", "--at", "29"])
        .output()
        .expect("explain runs");
    std::fs::write(&svg, out.stdout).expect("svg written");
    (html, svg)
}

/// The text of the element with `id` in a dumped DOM.
fn text_of(dom: &str, id: &str) -> String {
    let open = format!("id=\"{id}\"");
    let start = dom.find(&open).unwrap_or_else(|| panic!("no #{id} in the page"));
    let body = &dom[start..];
    let from = body.find('>').expect("tag closes") + 1;
    let to = body[from..].find('<').expect("text ends") + from;
    body[from..to].to_string()
}

/// The class attribute of the element with `id`.
fn class_of(dom: &str, id: &str) -> String {
    let needle = format!("id=\"{id}\"");
    let start = dom.find(&needle).unwrap_or_else(|| panic!("no #{id} in the page"));
    let tag_start = dom[..start].rfind('<').expect("tag opens");
    let tag = &dom[tag_start..start + dom[start..].find('>').expect("tag closes")];
    let class = tag.split("class=\"").nth(1).map(|c| c.split('"').next().unwrap_or(""));
    class.unwrap_or("").to_string()
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn viewer_steps_and_highlights_offline() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (html, _) = write_outputs(dir.path());
    let dom = browse(&url(&html, "?autostep=3"), &["--dump-dom"]);
    assert_eq!(text_of(&dom, "verdict"), "VERIFIED Solution");
    assert!(text_of(&dom, "rating").starts_with("difficulty: depth 1"));
    assert!(text_of(&dom, "status").starts_with("line 3 of "), "three steps forward");
    assert!(class_of(&dom, "L3").contains("current"));
    // Line 29 is a naked single; click line 23, the ⊥ of the first refutation.
    let dom = browse(&url(&html, "#step=29&click=23"), &["--dump-dom"]);
    assert!(text_of(&dom, "status").starts_with("line 23 of "));
    assert!(class_of(&dom, "L23").contains("current"));
    for premise in ["L21", "L22", "L6", "L15"] {
        assert!(class_of(&dom, premise).contains("premise"), "{premise} highlighted");
    }
    assert!(!class_of(&dom, "L24").contains("premise"));
    // ⊥ by NoPlace(Col(5)), citing r1c5≠2 and placements for the rest: every cell of
    // column 5 is a premise on the grid.
    for r in 1..=9 {
        assert!(class_of(&dom, &format!("cell-{r}-5")).contains("premise"), "r{r}c5");
    }
    assert!(!class_of(&dom, "cell-1-1").contains("premise"));
    let folded = browse(&url(&html, "#fold=21"), &["--dump-dom"]);
    assert!(class_of(&folded, "box21").contains("folded"));
    assert!(!class_of(&dom, "box21").contains("folded"));
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn svg_renders_in_the_browser() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_, svg) = write_outputs(dir.path());
    let dom = browse(&url(&svg, ""), &["--dump-dom"]);
    assert!(!dom.contains("parsererror"), "the SVG parses: {}", &dom[..dom.len().min(400)]);
    assert!(dom.contains("line 29: r1c6=9"));
    assert_eq!(dom.matches("class=\"cell ").count(), 81);
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn viewer_screenshot_is_drawn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (html, _) = write_outputs(dir.path());
    let png = dir.path().join("viewer.png");
    let shot = format!("--screenshot={}", png.display());
    browse(&url(&html, "#step=29&click=29"), &[&shot, "--window-size=1400,900"]);
    let bytes = std::fs::read(&png).expect("screenshot written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert!(bytes.len() > 20_000, "a drawn page, not a blank one ({} bytes)", bytes.len());
}

/// The viewer's grid at `line` (its DOM after `#step=line`) against the SVG of the same
/// line: the same classes, digits and candidates, and both tell the truth.
fn compare_viewer_and_svg(html: &Path, puzzle: &str, extra: &[&str], line: usize, n: usize) {
    let dom = browse(&url(html, &format!("#step={line}")), &["--dump-dom"]);
    let svg = Command::cargo_bin("deduku")
        .expect("binary built")
        .args(["explain", puzzle, "--format", "svg", "--at", &line.to_string()])
        .args(extra)
        .output()
        .expect("explain runs");
    let (shown, drawn) = (cells(&dom), cells(&String::from_utf8_lossy(&svg.stdout)));
    assert_consistent(&shown, n, &format!("viewer line {line}"));
    for (cell, d) in &drawn {
        let v = &shown[cell];
        let state = |c: &cells::Drawn| {
            (c.state().to_string(), c.has("hypothetical"), c.digit, c.candidates.clone())
        };
        assert_eq!(state(v), state(d), "line {line} r{}c{}: viewer vs SVG", cell.0, cell.1);
        for mark in ["conclusion", "premise"] {
            assert_eq!(v.has(mark), d.has(mark), "line {line} r{}c{} {mark}", cell.0, cell.1);
        }
    }
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn the_viewer_tells_the_truth_at_a_negation_line_like_the_svg() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (html, _) = write_outputs(dir.path());
    // 76: the Negation of r2c6=4; 74: inside its box; 63: the Assume; 29: a naked single.
    for line in [76, 74, 63, 29, 1] {
        compare_viewer_and_svg(&html, TOP95_1, &[], line, 3);
    }
    let dom = browse(&url(&html, "#step=76"), &["--dump-dom"]);
    let shown = cells(&dom);
    assert!(hypothetical(&shown).is_empty(), "no refuted placement outside its box");
    assert!(shown[&(2, 6)].has("candidate") && shown[&(2, 6)].has("conclusion"));
    let inside = cells(&browse(&url(&html, "#step=74"), &["--dump-dom"]));
    assert!(inside[&(2, 6)].has("assumed") && inside[&(2, 6)].digit == Some(4));
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn the_viewer_tells_the_truth_on_a_16x16_in_its_alphabet() {
    let csv = std::fs::read_to_string(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .join("data/16x16/krazydad_sample400.csv"),
    )
    .expect("the 16x16 sample");
    // The first "tough" puzzle needs refutations.
    let line = csv.lines().find(|l| l.starts_with("TF,")).expect("a tough puzzle");
    let puzzle = line.split(',').nth(4).expect("puzzle column").to_string();
    let dir = tempfile::tempdir().expect("temp dir");
    let html = dir.path().join("viewer16.html");
    let hex = ["--alphabet", "0-9a-f"];
    let mut cmd = Command::cargo_bin("deduku").expect("binary built");
    cmd.args(["explain", &puzzle, "--html"]).arg(&html).args(hex).assert().success();
    let page = std::fs::read_to_string(&html).expect("viewer written");
    let negation = page.find("\"family\":\"Negation\"").expect("a Negation line");
    let number = page[..negation].matches("{\"f\":").count(); // lines before it, plus itself
    for at in [number, number - 1, number / 2, 1] {
        compare_viewer_and_svg(&html, &puzzle, &hex, at, 4);
    }
    let dom = browse(&url(&html, &format!("#step={number}")), &["--dump-dom"]);
    assert!(dom.contains(">f</text>") || dom.contains(">0</text>"), "digits in the alphabet");
}

/// The status line after pressing buttons from the start (or from `#step`).
fn status_after(html: &Path, params: &str) -> String {
    text_of(&browse(&url(html, params), &["--dump-dom"]), "status")
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn the_viewer_jumps_between_placements_and_assumptions_and_finds_cells() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (html, _) = write_outputs(dir.path());
    let starts = |params: &str, prefix: &str| {
        let status = status_after(&html, params);
        assert!(status.starts_with(prefix), "{params}: {status}");
    };
    starts("?press=nextAssume", "line 21 of 134: r1c6=2 — Assume");
    starts("?press=nextAssume,nextAssume", "line 25 of 134: r1c6=6 — Assume");
    starts("#step=29&press=prevAssume", "line 25 of ");
    starts("?press=nextPlaced", "line 18 of 134: r6c2=4 — HiddenSingle column 2");
    starts("#step=21&press=nextPlaced", "line 29 of 134: r1c6=9 — NakedSingle");
    starts("#step=29&press=prevPlaced", "line 20 of ");
    starts("#step=22&find=r2c6", "line 63 of 134: r2c6=4 — Assume");
    let found = status_after(&html, "#step=22&find=r2c6");
    assert!(found.contains("(r2c6: line "), "{found}");
    starts("?find=r10c1", "not a cell: write r3c5");
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn a_rejected_viewer_says_so_and_opens_at_the_failing_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let crafted = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("tests/crafted/naked-single-missing-premise.ron");
    let html = dir.path().join("rejected.html");
    let mut cmd = Command::cargo_bin("deduku").expect("binary built");
    cmd.arg("explain").arg(&crafted).arg("--html").arg(&html).assert().code(1);
    let dom = browse(&url(&html, ""), &["--dump-dom"]);
    assert!(text_of(&dom, "verdict").starts_with("REJECTED at line 18 (step id 18)"));
    assert_eq!(class_of(&dom, "verdict"), "bad");
    assert!(text_of(&dom, "claim").contains("not verified"));
    assert!(
        class_of(&dom, "L18").contains("rejected") && class_of(&dom, "L18").contains("current")
    );
    assert!(text_of(&dom, "rejected-marker").contains("missing premise r4c4≠2"));
    assert!(text_of(&dom, "hint").contains("no earlier line derives r4c4≠2"));
    // A Derives exercise: the header lists each literal, derived or not.
    let exercise = crafted.with_file_name("derives-only-in-subproof.ron");
    let html = dir.path().join("derives.html");
    let mut cmd = Command::cargo_bin("deduku").expect("binary built");
    cmd.arg("explain").arg(&exercise).arg("--html").arg(&html).assert().code(1);
    let dom = browse(&url(&html, ""), &["--dump-dom"]);
    assert!(dom.contains("✓ r2c1≠2 line 5"), "derived literal listed");
    assert!(dom.contains("✗ r1c2≠2 not derived"), "missing literal listed");
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn the_viewer_marks_the_cells_a_cited_placement_rules_out_like_the_svg() {
    // Implied eliminations (tests/implied): a hidden single citing a box placement for two
    // cells of its column (singles-4x4 line 6), a NoPlace citing placements (falsum-4x4
    // line 18), a Clash of two placements (line 20).
    let implied = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/implied"));
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, lines) in [("singles-4x4", vec![6, 9]), ("falsum-4x4", vec![7, 18, 20])] {
        let (puzzle, proof) =
            (implied.join(format!("{name}.txt")), implied.join(format!("{name}.ron")));
        let html = dir.path().join(format!("{name}.html"));
        let mut cmd = Command::cargo_bin("deduku").expect("binary built");
        cmd.arg("explain").arg(&puzzle).arg(&proof).arg("--html").arg(&html).assert().success();
        let (p, c) = (puzzle.to_str().unwrap(), proof.to_str().unwrap());
        for line in lines {
            let dom = browse(&url(&html, &format!("#step={line}")), &["--dump-dom"]);
            let shown = cells(&dom);
            let svg = Command::cargo_bin("deduku")
                .expect("binary built")
                .args(["explain", p, c, "--format", "svg", "--at", &line.to_string()])
                .output()
                .expect("explain runs");
            let drawn = cells(&String::from_utf8_lossy(&svg.stdout));
            for (cell, d) in &drawn {
                for mark in ["conclusion", "premise"] {
                    let at = format!("{name} line {line} r{}c{} {mark}", cell.0, cell.1);
                    assert_eq!(shown[cell].has(mark), d.has(mark), "{at}");
                }
            }
            if (name, line) == ("singles-4x4", 6) {
                for cell in [(1, 2), (3, 2), (4, 1), (4, 2)] {
                    assert!(shown[&cell].has("premise"), "r{}c{} marked", cell.0, cell.1);
                }
                assert!(!shown[&(1, 1)].has("premise"));
            }
        }
    }
}
