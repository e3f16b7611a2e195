//! The offline HTML proof viewer: one self-contained file (inline CSS, JS and
//! data; the grid is drawn as inline SVG by the page), no network access. The page
//! computes each line's grid with the same scope-aware pass as [`Sweep`](super::sweep::Sweep)
//! and marks its cells with the same classes as the SVG pictures.

use super::derivation::{rule_family, Derivation};
use super::derives::{where_derived, Found};
use super::implied::implied_cells;
use super::rating::rate;
use super::verdict::{Rejection, Verdict};
use super::words::{group_end, rule_label, sentence};
use crate::grid::{parse_grid_string, GridStringError};
use deduku_check::format::{Claim, Fact};
use serde::Serialize;
use serde_json::{json, Value};

/// The page; `__DEDUKU_DATA__` is replaced by the proof as JSON.
const TEMPLATE: &str = include_str!("viewer.html");

/// Why the viewer could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewerError {
    /// The certificate's puzzle string is unreadable.
    #[error("{0}")]
    Grid(#[from] GridStringError),
}

/// The page's data, without its lines (those are streamed, see [`viewer_html`]).
#[derive(Serialize)]
struct Header<'a> {
    n: usize,
    side: usize,
    puzzle: &'a [u8],
    symbols: Vec<String>,
    verdict: String,
    ok: bool,
    rejected: Option<Value>,
    claim: String,
    derives: Value,
    rating: String,
}

/// One line as the page reads it; a pattern group's sentence sits on its first line only.
#[derive(Serialize)]
struct LineData<'a> {
    f: String,
    k: &'static str,
    r: u8,
    c: u8,
    d: u8,
    id: u64,
    rule: String,
    family: String,
    prem: Vec<i64>,
    cites: String,
    home: i64,
    scope: i64,
    level: usize,
    g: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'a str>,
    /// The cells (indices) whose eliminations the placements it cites stand for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    imp: Vec<usize>,
}

/// The viewer page for `d`, showing `verdict` (the independent checker's) at the top.
/// Lines are written one by one into the page, so memory stays linear and small.
pub fn viewer_html(d: &Derivation, verdict: &Verdict) -> Result<String, ViewerError> {
    let puzzle = parse_grid_string(d.proof.order, &d.proof.puzzle)?;
    let n = usize::from(d.proof.order);
    let side = n * n;
    let rejection = verdict.as_ref().err().map(|e| Rejection::locate(d, e));
    let rejected = rejection.as_ref().map(|r| {
        json!({
            "line": r.position.map_or(-1, |p| p as i64),
            "headline": r.headline(d),
            "hint": r.hint,
        })
    });
    let header = Header {
        n,
        side,
        puzzle: &puzzle,
        symbols: (0..=side).map(|v| d.digits.name(v as u8)).collect(),
        verdict: super::verdict::headline(d, verdict),
        ok: verdict.is_ok(),
        rejected,
        claim: claim_text(d, verdict.is_ok()),
        derives: derives(d),
        rating: rate(d).to_string(),
    };
    let (before, after) = TEMPLATE.split_once("__DEDUKU_DATA__").unwrap_or((TEMPLATE, ""));
    let mut page = String::with_capacity(TEMPLATE.len() + 256 * d.lines.len());
    page.push_str(before);
    let head = json_text(&header);
    page.push_str(head.strip_suffix('}').unwrap_or(&head));
    page.push_str(",\"lines\":[");
    let mut group = (0, 0);
    for i in 0..d.lines.len() {
        if i == 0 || i > group.1 {
            group = (i, group_end(d, i));
        }
        let text = (i == group.0).then(|| sentence(d, i, group.1));
        if i > 0 {
            page.push(',');
        }
        page.push_str(&json_text(&line_data(d, i, group.0, text.as_deref())));
    }
    page.push_str("]}");
    page.push_str(after);
    Ok(page)
}

/// JSON text safe inside `<script>`: `<` escaped as \u003c, so `</script>` in a string
/// cannot end the data block.
fn json_text<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string()).replace('<', "\\u003c")
}

fn line_data<'a>(d: &Derivation, i: usize, group: usize, text: Option<&'a str>) -> LineData<'a> {
    let line = &d.lines[i];
    let (k, r, c, digit) = match line.step.fact {
        Fact::Place { r, c, d } => ("P", r, c, d),
        Fact::Elim { r, c, d } => ("E", r, c, d),
        Fact::Bottom => ("B", 0, 0, 0),
    };
    let index = |p: Option<usize>| p.map_or(-1, |p| p as i64);
    LineData {
        f: d.lit(i),
        k,
        r,
        c,
        d: digit,
        id: line.step.id,
        rule: rule_label(d, i),
        family: rule_family(&line.step.rule),
        prem: line.premises.iter().map(|&p| index(p)).collect(),
        cites: d.cites(i),
        home: index(line.home),
        scope: index(line.scope),
        level: line.level,
        g: group,
        text,
        imp: implied_cells(d, i),
    }
}

/// The claim in words, for the page's header.
fn claim_text(d: &Derivation, verified: bool) -> String {
    let what = match &d.proof.claim {
        Claim::Solution(_) => "the unique solution".to_string(),
        Claim::Contradiction => "the puzzle has no solution".to_string(),
        Claim::Consequences(_) => "consequences (the puzzle is not finished)".to_string(),
        Claim::Multiple(..) => "at least two solutions".to_string(),
        Claim::Minimal { .. } => "the unique solution, and every clue is needed".to_string(),
        Claim::Derives(facts) => {
            format!(
                "derives {}",
                facts.iter().map(|&f| d.digits.lit(f)).collect::<Vec<_>>().join(", ")
            )
        }
    };
    match verified {
        true => format!("claim: {what}"),
        false => format!("claims {what} — not verified"),
    }
}

/// For a `Derives` claim: each listed literal and where the root derives it (`given`, a
/// line number, or null).
fn derives(d: &Derivation) -> Value {
    let Claim::Derives(facts) = &d.proof.claim else { return Value::Null };
    let found = where_derived(d, facts);
    let at = |f: Found| match f {
        Found::Given => json!("given"),
        Found::Line(i) => json!(Derivation::number(i)),
        Found::Missing => Value::Null,
    };
    let items = facts.iter().zip(found).map(|(&f, w)| json!({ "f": d.digits.lit(f), "at": at(w) }));
    Value::Array(items.collect())
}
