//! The offline HTML proof viewer: one self-contained file (inline CSS, JS and
//! data; the grid is drawn as inline SVG by the page), no network access. The page
//! computes each line's grid with the same scope-aware pass as [`Sweep`](super::sweep::Sweep)
//! and marks its cells with the same classes as the SVG pictures.

use super::derivation::{rule_family, Derivation};
use super::derives::{where_derived, Found};
use super::grid_state::{parse_grid_string, GridStringError};
use super::rating::rate;
use super::verdict::{Rejection, Verdict};
use super::words::{group_end, rule_label, sentence};
use deduku_check::format::{Claim, Fact};
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

/// The viewer page for `d`, showing `verdict` (the independent checker's) at the top.
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
    let data = json!({
        "n": n,
        "side": side,
        "puzzle": puzzle,
        "symbols": (0..=side).map(|v| d.digits.name(v as u8)).collect::<Vec<_>>(),
        "verdict": super::verdict::headline(d, verdict),
        "ok": verdict.is_ok(),
        "rejected": rejected,
        "claim": claim_text(d, verdict.is_ok()),
        "derives": derives(d),
        "rating": rate(d).to_string(),
        "lines": lines(d),
    });
    // `<` escaped as \u003c keeps `</script>` in any string from ending the data block.
    let json = data.to_string().replace('<', "\\u003c");
    Ok(TEMPLATE.replace("__DEDUKU_DATA__", &json))
}

/// Every line as the page reads it; a pattern group's sentence is stored on its first line.
fn lines(d: &Derivation) -> Vec<Value> {
    let mut out = Vec::with_capacity(d.lines.len());
    let mut group = (0, 0);
    for i in 0..d.lines.len() {
        if i > group.1 || i == 0 {
            group = (i, group_end(d, i));
        }
        let text = (i == group.0).then(|| sentence(d, i, group.1));
        out.push(line_json(d, i, group.0, text));
    }
    out
}

fn line_json(d: &Derivation, i: usize, group: usize, text: Option<String>) -> Value {
    let line = &d.lines[i];
    let (k, r, c, digit) = match line.step.fact {
        Fact::Place { r, c, d } => ("P", r, c, d),
        Fact::Elim { r, c, d } => ("E", r, c, d),
        Fact::Bottom => ("B", 0, 0, 0),
    };
    let index = |p: Option<usize>| p.map_or(-1, |p| p as i64);
    let mut v = json!({
        "f": d.lit(i),
        "k": k, "r": r, "c": c, "d": digit,
        "id": line.step.id,
        "rule": rule_label(d, i),
        "family": rule_family(&line.step.rule),
        "prem": line.premises.iter().map(|&p| index(p)).collect::<Vec<_>>(),
        "cites": d.cites(i),
        "home": index(line.home),
        "scope": index(line.scope),
        "level": line.level,
        "g": group,
    });
    if let Some(text) = text {
        v["text"] = Value::String(text);
    }
    v
}

/// The claim in words, for the page's header.
fn claim_text(d: &Derivation, verified: bool) -> String {
    let what = match &d.proof.claim {
        Claim::Solution(_) => "the unique solution".to_string(),
        Claim::Contradiction => "the puzzle has no solution".to_string(),
        Claim::Consequences(_) => "consequences (the puzzle is not finished)".to_string(),
        Claim::Multiple(..) => "at least two solutions".to_string(),
        Claim::Derives(facts) => {
            format!("derives {}", facts.iter().map(|&f| d.digits.lit(f)).collect::<Vec<_>>().join(", "))
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
