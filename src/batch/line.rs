//! The JSON line printed for each puzzle of a batch.

use serde::Serialize;

/// The result of one puzzle of a batch: one JSON object per line on stdout.
///
/// Optional fields are left out when absent, so a plain run prints short lines and a
/// `--check --proofs` run adds `check_us`, `check`, `proof` and `proof_bytes`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The input file, as given on the command line.
    pub file: String,
    /// 1-based position of the puzzle in its file (malformed puzzles count too).
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// `solution`, `contradiction`, `multiple`, `stuck`, or `error` (unparsable puzzle).
    pub verdict: String,
    /// Why the puzzle could not be read or its certificate not written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Largest negation depth used at the root (0: singles sufficed).
    pub depth: usize,
    /// Assumptions opened by the search.
    pub assumptions: u64,
    /// Steps of the certificate.
    pub steps: usize,
    /// Time to solve and certify, in microseconds.
    pub solve_us: u64,
    /// Time the checker took to replay the certificate, in microseconds (`--check`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check_us: Option<u64>,
    /// `verified`, or `rejected: <reason>` (`--check`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// Where the certificate was written (`--proofs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// Size of the written certificate in bytes (`--proofs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_bytes: Option<u64>,
    /// `true` when `--resume` kept the certificate of an earlier run (checked against the
    /// puzzle, not solved again: `depth`, `assumptions` and `solve_us` are then 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resumed: Option<bool>,
}

/// The `verdict` of a puzzle that could not be parsed.
pub const ERROR_VERDICT: &str = "error";

impl Line {
    /// The line of a puzzle that failed to parse: its message, no figures.
    pub fn parse_error(file: &str, index: usize, line: usize, message: String) -> Line {
        Line {
            file: file.to_string(),
            index,
            line,
            verdict: ERROR_VERDICT.to_string(),
            error: Some(message),
            ..Line::default()
        }
    }

    /// True when the checker replayed the certificate and rejected it.
    pub fn rejected(&self) -> bool {
        self.check.as_deref().is_some_and(|c| c != "verified")
    }

    /// The line as one JSON object, without the newline.
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
        let line = Line::parse_error("a.txt", 3, 7, "bad symbol".into());
        let json = line.to_json();
        assert!(json.contains("\"verdict\":\"error\""), "{json}");
        assert!(json.contains("\"error\":\"bad symbol\""), "{json}");
        assert!(!json.contains("check_us"), "{json}");
        assert!(!line.rejected());
    }

    #[test]
    fn rejection_is_seen() {
        let mut line = Line { check: Some("verified".into()), ..Line::default() };
        assert!(!line.rejected());
        line.check = Some("rejected: step 3".into());
        assert!(line.rejected());
    }
}
