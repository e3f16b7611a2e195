//! Reading a picture's cells back — from `deduku explain --format svg` or from the viewer's
//! DOM dumped by Chromium — and the truths every picture must tell. Shared by
//! `tests/explain_truth.rs` and `cli/tests/browser.rs`.
#![allow(dead_code)]

use std::collections::BTreeMap;

/// One drawn cell: its classes, and its digit or its candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The class list (`cell`, then the state, then highlights).
    pub classes: Vec<String>,
    /// The digit shown (`data-digit`), if the cell holds one.
    pub digit: Option<u8>,
    /// The candidates shown (`data-candidates`).
    pub candidates: Vec<u8>,
}

impl Drawn {
    /// Whether the class list holds `class`.
    pub fn has(&self, class: &str) -> bool {
        self.classes.iter().any(|c| c == class)
    }

    /// The state class: given, placed, assumed, candidate or eliminated.
    pub fn state(&self) -> &str {
        let states = ["given", "placed", "assumed", "candidate", "eliminated"];
        self.classes.iter().find(|c| states.contains(&c.as_str())).map_or("", |c| c.as_str())
    }
}

/// The cells of a picture, by (row, column), 1-based.
pub fn cells(markup: &str) -> BTreeMap<(usize, usize), Drawn> {
    let mut out = BTreeMap::new();
    let mut rest = markup;
    while let Some(at) = rest.find("data-cell=\"r") {
        let start = rest[..at].rfind('<').expect("tag opens");
        let end = at + rest[at..].find('>').expect("tag closes");
        let tag = &rest[start..end];
        let attr = |name: &str| {
            let key = format!("{name}=\"");
            tag.find(&key).map(|i| {
                let v = &tag[i + key.len()..];
                v[..v.find('"').expect("attribute ends")].to_string()
            })
        };
        rest = &rest[end..];
        // The viewer's own script spells the attribute too (`data-cell="r${r}c${c}"`).
        let name = attr("data-cell").unwrap_or_default();
        let Some((Ok(r), Ok(c))) = name
            .strip_prefix('r')
            .and_then(|n| n.split_once('c'))
            .map(|(r, c)| (r.parse(), c.parse()))
        else {
            continue;
        };
        let numbers = |s: Option<String>| -> Vec<u8> {
            s.map(|s| s.split_whitespace().map(|w| w.parse().expect("digit")).collect())
                .unwrap_or_default()
        };
        let drawn = Drawn {
            classes: attr("class")
                .unwrap_or_default()
                .split_whitespace()
                .map(String::from)
                .collect(),
            digit: attr("data-digit").map(|v| v.parse().expect("digit")),
            candidates: numbers(attr("data-candidates")),
        };
        out.insert((r, c), drawn);
    }
    out
}

/// Whether two cells share a row, column or box of a grid with boxes of `n`.
fn peers(a: (usize, usize), b: (usize, usize), n: usize) -> bool {
    a != b
        && (a.0 == b.0
            || a.1 == b.1
            || ((a.0 - 1) / n == (b.0 - 1) / n && (a.1 - 1) / n == (b.1 - 1) / n))
}

/// The truths of every picture: all cells drawn, and no candidate equals a digit given or
/// placed (derived, assumed or derived under an assumption) in the same unit.
pub fn assert_consistent(cells: &BTreeMap<(usize, usize), Drawn>, n: usize, what: &str) {
    let side = n * n;
    assert_eq!(cells.len(), side * side, "{what}: every cell drawn");
    for (&a, cell) in cells {
        assert!(!cell.state().is_empty(), "{what}: r{}c{} has no state class: {cell:?}", a.0, a.1);
        assert_eq!(
            cell.digit.is_some(),
            !cell.has("candidate") && !cell.has("eliminated"),
            "{what}: {a:?}"
        );
        for &v in &cell.candidates {
            let clash = cells.iter().find(|(&b, other)| peers(a, b, n) && other.digit == Some(v));
            assert!(
                clash.is_none(),
                "{what}: r{}c{} shows candidate {v} beside {:?} = {v} in the same unit",
                a.0,
                a.1,
                clash.map(|(b, o)| (b, o.state().to_string()))
            );
        }
    }
}

/// The cells that show a hypothetical placement (`assumed`, or derived under an assumption).
pub fn hypothetical(cells: &BTreeMap<(usize, usize), Drawn>) -> Vec<(usize, usize)> {
    cells
        .iter()
        .filter(|(_, c)| c.has("assumed") || c.has("hypothetical"))
        .map(|(&k, _)| k)
        .collect()
}
