//! The HTML viewer and the SVG picture in a real browser: headless Chromium
//! loads the page offline, URL parameters drive the stepping and clicking, and
//! `--dump-dom` shows what the page displays. The tests are ignored by default
//! (they need `apt-get install -y chromium`); `.ci/run` runs them with
//! `--include-ignored`, where a missing Chromium FAILS them — they never skip.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The Chromium binary: `$CHROMIUM`, else `chromium` or `chromium-browser` on the PATH.
fn chromium() -> PathBuf {
    let candidates = std::env::var("CHROMIUM")
        .into_iter()
        .chain(["chromium", "chromium-browser"].iter().map(|s| s.to_string()));
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
        .args(["explain", TOP95_1, "--format", "svg", "--at", "311"])
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
    // Line 311 is a naked single; click line 303, the ⊥ of the first refutation.
    let dom = browse(&url(&html, "#step=311&click=303"), &["--dump-dom"]);
    assert!(text_of(&dom, "status").starts_with("line 303 of "));
    assert!(class_of(&dom, "L303").contains("current"));
    for premise in ["L300", "L301", "L302"] {
        assert!(class_of(&dom, premise).contains("premise"), "{premise} highlighted");
    }
    assert!(!class_of(&dom, "L304").contains("premise"));
    // ⊥ by NoPlace(Col(5)): every cell of column 5 is a premise on the grid.
    for r in 1..=9 {
        assert!(class_of(&dom, &format!("cell-{r}-5")).contains("premise"), "r{r}c5");
    }
    assert!(!class_of(&dom, "cell-1-1").contains("premise"));
    let folded = browse(&url(&html, "#fold=299"), &["--dump-dom"]);
    assert!(class_of(&folded, "box299").contains("folded"));
    assert!(!class_of(&dom, "box299").contains("folded"));
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn svg_renders_in_the_browser() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_, svg) = write_outputs(dir.path());
    let dom = browse(&url(&svg, ""), &["--dump-dom"]);
    assert!(!dom.contains("parsererror"), "the SVG parses: {}", &dom[..dom.len().min(400)]);
    assert!(dom.contains("line 311: r1c6=9"));
    assert_eq!(dom.matches("<rect").count(), 82);
}

#[test]
#[ignore = "needs chromium: apt-get install chromium"]
fn viewer_screenshot_is_drawn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (html, _) = write_outputs(dir.path());
    let png = dir.path().join("viewer.png");
    let shot = format!("--screenshot={}", png.display());
    browse(&url(&html, "#step=311&click=311"), &[&shot, "--window-size=1400,900"]);
    let bytes = std::fs::read(&png).expect("screenshot written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert!(bytes.len() > 20_000, "a drawn page, not a blank one ({} bytes)", bytes.len());
}
