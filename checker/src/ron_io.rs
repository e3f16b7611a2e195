//! Reading and writing certificates as RON.
//!
//! Reading enables ron's `implicit_some` extension, so `scope: 40` and `scope: Some(40)` both
//! parse. Writing puts one step per line, and starts with `#![enable(implicit_some)]` so that
//! any RON reader, not just [`parse_ron`], reads the `scope: 40` it writes.

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;
use serde::Serialize;
use std::io::{self, Write};

use crate::error::CheckError;
use crate::format::{Claim, Proof};

/// The ron options both directions use.
pub(crate) fn options() -> ron::Options {
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)
}

/// Parses a certificate from RON text; errors carry the 1-based line and column.
pub fn parse_ron(text: &str) -> Result<Proof, CheckError> {
    options().from_str(text).map_err(|e| parse_error(&e))
}

/// The parser's error, with its 1-based line and column.
pub(crate) fn parse_error(e: &ron::error::SpannedError) -> CheckError {
    CheckError::Parse { line: e.position.line, col: e.position.col, msg: e.code.to_string() }
}

/// Writes a certificate as readable RON, one step per line; [`parse_ron`] reads it back.
pub fn to_ron(proof: &Proof) -> String {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail, and every piece written is UTF-8 text.
    let _ = write_ron(proof, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes [`to_ron`]'s text to `out` step by step, so that a certificate of millions of
/// steps is never held twice in memory (as a proof and as its text).
pub fn write_ron(proof: &Proof, out: &mut impl Write) -> io::Result<()> {
    out.write_all(b"#![enable(implicit_some)]\nProof(\n")?;
    writeln!(out, "    format: {},", value(&proof.format))?;
    writeln!(out, "    version: {},", proof.version)?;
    writeln!(out, "    order: {},", proof.order)?;
    writeln!(out, "    puzzle: {},", value(&proof.puzzle))?;
    writeln!(out, "    claim: {},", claim(&proof.claim))?;
    out.write_all(b"    steps: [\n")?;
    for step in &proof.steps {
        writeln!(out, "        {},", value(step))?;
    }
    out.write_all(b"    ],\n)\n")
}

/// The claim on one line, except a `Minimal` claim's witnesses: one pair per line.
fn claim(claim: &Claim) -> String {
    let Claim::Minimal { solution, witnesses } = claim else { return value(claim) };
    let mut out =
        format!("Minimal(\n        solution: {},\n        witnesses: [\n", value(solution));
    for w in witnesses {
        out.push_str(&format!("            {},\n", value(w)));
    }
    out.push_str("        ],\n    )");
    out
}

/// One value on one line: `(id: 1, fact: Elim(r: 1, c: 2, d: 4), rule: Exclusion)`.
fn value<T: Serialize>(v: &T) -> String {
    // A depth limit of 0 keeps pretty spacing (`a: 1, b: 2`) but puts no newline inside.
    let config = PrettyConfig::new().depth_limit(0).extensions(Extensions::IMPLICIT_SOME);
    // Serializing these plain data types into a String cannot fail; should ron ever report
    // an error, it is written as a comment-free marker that makes the output fail to parse.
    options().to_string_pretty(v, config).unwrap_or_else(|e| format!("<unserializable: {e}>"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Claim, Fact, Rule, Step};

    fn sample() -> Proof {
        let step = |id, fact, rule, premises: Vec<u64>, scope| Step {
            id,
            fact,
            rule,
            premises: premises.into(),
            scope,
        };
        Proof {
            format: "deduku-proof".to_string(),
            version: 1,
            order: 2,
            puzzle: "1...............".to_string(),
            claim: Claim::Consequences("1\"..............".to_string()),
            steps: vec![
                step(0, Fact::Place { r: 1, c: 1, d: 1 }, Rule::Given, vec![], None),
                step(1, Fact::Elim { r: 1, c: 2, d: 4 }, Rule::Exclusion, vec![0], None),
                step(4, Fact::Place { r: 2, c: 3, d: 1 }, Rule::Assume, vec![], Some(0)),
            ],
        }
    }

    #[test]
    fn to_ron_writes_one_readable_step_per_line_and_reads_back() {
        let text = to_ron(&sample());
        assert!(
            text.contains(
                "        (id: 1, fact: Elim(r: 1, c: 2, d: 4), rule: Exclusion, premises: [0]),\n"
            ),
            "{text}"
        );
        assert!(text.contains("scope: 0)"), "{text}");
        assert_eq!(parse_ron(&text), Ok(sample()));
        let plain: Proof = ron::from_str(&text).expect("a plain RON reader accepts the output");
        assert_eq!(plain, sample());
    }

    #[test]
    fn parse_errors_carry_a_position() {
        let err = parse_ron("Proof(\n  format: 3,\n)");
        assert!(matches!(err, Err(CheckError::Parse { line: 2, .. })), "{err:?}");
    }
}
