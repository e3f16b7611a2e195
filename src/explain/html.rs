//! The offline HTML proof viewer: one self-contained file (inline CSS, JS and
//! data; the grid is drawn as inline SVG by the page), no network access.

use super::derivation::{rule_family, Derivation};
use super::grid_state::{parse_grid_string, GridStringError};
use super::rating::rate;
use super::steps::sentence;
use deduku_check::{CheckError, Verified};
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
pub fn viewer_html(
    d: &Derivation,
    verdict: &Result<Verified, CheckError>,
) -> Result<String, ViewerError> {
    let puzzle = parse_grid_string(d.proof.order, &d.proof.puzzle)?;
    let n = usize::from(d.proof.order);
    let (text, ok) = match verdict {
        Ok(v) => (v.to_string(), true),
        Err(e) => (format!("REJECTED {e}"), false),
    };
    let lines: Vec<Value> = (0..d.lines.len()).map(|i| line_json(d, i)).collect();
    let data = json!({
        "n": n,
        "side": n * n,
        "puzzle": puzzle,
        "verdict": text,
        "ok": ok,
        "claim": claim_text(d),
        "rating": rate(d).to_string(),
        "lines": lines,
    });
    // `<` escaped as \u003c keeps `</script>` in any string from ending the data block.
    let json = data.to_string().replace('<', "\\u003c");
    Ok(TEMPLATE.replace("__DEDUKU_DATA__", &json))
}

fn line_json(d: &Derivation, i: usize) -> Value {
    use deduku_check::format::Fact;
    let line = &d.lines[i];
    let (k, r, c, digit) = match line.step.fact {
        Fact::Place { r, c, d } => ("P", r, c, d),
        Fact::Elim { r, c, d } => ("E", r, c, d),
        Fact::Bottom => ("B", 0, 0, 0),
    };
    let index = |p: Option<usize>| p.map_or(-1, |p| p as i64);
    json!({
        "f": line.step.fact.to_string(),
        "k": k, "r": r, "c": c, "d": digit,
        "rule": format!("{:?}", line.step.rule),
        "family": rule_family(&line.step.rule),
        "prem": line.premises.iter().map(|&p| index(p)).collect::<Vec<_>>(),
        "cites": d.cites(i),
        "home": index(line.home),
        "scope": index(line.scope),
        "text": sentence(d, i),
    })
}

/// The claim in words, for the page's header.
fn claim_text(d: &Derivation) -> String {
    use deduku_check::format::Claim;
    match &d.proof.claim {
        Claim::Solution(_) => "claim: the unique solution".to_string(),
        Claim::Contradiction => "claim: the puzzle has no solution".to_string(),
        Claim::Consequences(_) => "claim: consequences (the puzzle is not finished)".to_string(),
        Claim::Multiple(..) => "claim: at least two solutions".to_string(),
        Claim::Minimal { .. } => "claim: the unique solution, and every clue is needed".to_string(),
    }
}
