//! The one result schema: what `deduku solve --format json|ron`, `deduku batch` and the
//! library report for a puzzle, field for field (documented in `docs/results.md`).
//!
//! ```
//! use deduku::grid::{parse_one, Alphabet, ParseOptions};
//! use deduku::record::{Record, VerdictKind};
//! use deduku::solve::{solve, SolveOptions};
//!
//! let puzzle = parse_one("1.3..4.2.1....2.", &ParseOptions::default()).unwrap();
//! let outcome = solve(&puzzle.grid, &SolveOptions::default());
//! let record = Record::of_outcome(1, puzzle.line, &outcome, &Alphabet::standard());
//! assert_eq!(record.verdict, VerdictKind::Solution);
//! assert!(record.to_json().starts_with(r#"{"index":1,"line":1,"verdict":"solution","#));
//! ```

use crate::grid::Alphabet;
use crate::solve::{Outcome, Verdict};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The verdict of one puzzle, as programs read it: serialised as `solution`,
/// `contradiction`, `multiple`, `stuck` or `error` everywhere.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum VerdictKind {
    /// The unique solution was derived.
    Solution,
    /// The puzzle has no solution.
    Contradiction,
    /// The puzzle has several solutions.
    Multiple,
    /// The rules (or the limits) ran out: the consequences derived are certified.
    Stuck,
    /// The puzzle could not be read (nothing was solved).
    #[default]
    Error,
}

impl VerdictKind {
    /// The serialised name.
    pub fn name(self) -> &'static str {
        match self {
            VerdictKind::Solution => "solution",
            VerdictKind::Contradiction => "contradiction",
            VerdictKind::Multiple => "multiple",
            VerdictKind::Stuck => "stuck",
            VerdictKind::Error => "error",
        }
    }
}

impl fmt::Display for VerdictKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<&Verdict> for VerdictKind {
    fn from(v: &Verdict) -> VerdictKind {
        match v {
            Verdict::Solution(_) => VerdictKind::Solution,
            Verdict::Contradiction => VerdictKind::Contradiction,
            Verdict::Multiple(..) => VerdictKind::Multiple,
            Verdict::Stuck(_) => VerdictKind::Stuck,
        }
    }
}

/// The result of one puzzle: one JSON object per line (`solve --format json`, `batch`).
///
/// Optional fields are left out when absent: `file` outside `batch`, `error` unless the
/// puzzle could not be read, `grid`/`second` when the verdict has none, and the
/// `--check`/`--proofs` figures unless asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The input file, as given on the command line (`batch`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based position of the puzzle in its input (malformed puzzles count too).
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// What was proved.
    pub verdict: VerdictKind,
    /// Why the puzzle could not be read or its certificate not written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The solution, the first witness of `multiple`, or the placements of `stuck`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<String>,
    /// The second witness of `multiple`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<String>,
    /// Largest negation depth used at the root (0: singles sufficed).
    pub depth: usize,
    /// Assumptions opened by the search.
    pub assumptions: u64,
    /// Assumptions refuted (any depth).
    pub refutations: u64,
    /// Steps derived, failed attempts included.
    pub derived_steps: u64,
    /// Steps in the trace before trimming.
    pub trace_steps: usize,
    /// Steps in the certificate.
    pub certificate_steps: usize,
    /// Time to solve and certify, in microseconds.
    pub solve_us: u64,
    /// Time the checker took to replay the certificate, in microseconds (`--check`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_us: Option<u64>,
    /// `verified`, or `rejected: <reason>` (`--check`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// Where the certificate was written (`--proofs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// Size of the written certificate in bytes (`--proofs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_bytes: Option<u64>,
    /// `true` when `--resume` kept the certificate of an earlier run (checked against the
    /// puzzle, not solved again: the search figures and `solve_us` are then 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resumed: Option<bool>,
}

impl Record {
    /// The record of `outcome` for the puzzle at `index` / `line`, its grids written in
    /// `alphabet`.
    pub fn of_outcome(index: usize, line: usize, outcome: &Outcome, alphabet: &Alphabet) -> Record {
        let (grid, second) = match &outcome.verdict {
            Verdict::Solution(g) | Verdict::Stuck(g) => (Some(g.to_line_in(alphabet)), None),
            Verdict::Multiple(a, b) => (Some(a.to_line_in(alphabet)), Some(b.to_line_in(alphabet))),
            Verdict::Contradiction => (None, None),
        };
        let s = &outcome.stats;
        Record {
            index,
            line,
            verdict: VerdictKind::from(&outcome.verdict),
            grid,
            second,
            depth: s.search.depth,
            assumptions: s.search.assumptions,
            refutations: s.search.refutations,
            derived_steps: s.derived_steps,
            trace_steps: s.trace_steps,
            certificate_steps: s.certificate_steps,
            solve_us: s.micros,
            ..Record::default()
        }
    }

    /// The record of a puzzle that failed to parse: its message, no figures.
    pub fn parse_error(file: &str, index: usize, line: usize, message: String) -> Record {
        Record {
            file: Some(file.to_string()),
            index,
            line,
            verdict: VerdictKind::Error,
            error: Some(message),
            ..Record::default()
        }
    }

    /// True when the checker replayed the certificate and rejected it.
    pub fn rejected(&self) -> bool {
        self.check.as_deref().is_some_and(|c| c != "verified")
    }

    /// The record as one JSON object, without the newline.
    pub fn to_json(&self) -> String {
        // A struct of strings and integers always serializes; fall back to a minimal
        // object rather than panic should that ever change.
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_fields_are_left_out() {
        let line = Record::parse_error("a.txt", 3, 7, "bad symbol".into());
        let json = line.to_json();
        assert!(json.contains("\"verdict\":\"error\""), "{json}");
        assert!(json.contains("\"error\":\"bad symbol\""), "{json}");
        assert!(!json.contains("check_us"), "{json}");
        assert!(!line.rejected());
    }

    #[test]
    fn rejection_is_seen() {
        let mut line = Record { check: Some("verified".into()), ..Record::default() };
        assert!(!line.rejected());
        line.check = Some("rejected: step 3".into());
        assert!(line.rejected());
    }
}
