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
use crate::format::{Claim, Fact, Proof, Rule, Step, Unit};

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
    let mut line = Vec::with_capacity(256);
    for step in &proof.steps {
        line.clear();
        line.extend_from_slice(b"        ");
        write_step(&mut line, step);
        line.extend_from_slice(b",\n");
        out.write_all(&line)?;
    }
    out.write_all(b"    ],\n)\n")
}

/// One step exactly as ron writes it (`value(step)`), formatted directly for the rules whose
/// shape is fixed — all but the three pattern rules with fields, which go through ron. Writing
/// is then several times faster, which matters for certificates of millions of steps.
fn write_step(line: &mut Vec<u8>, step: &Step) {
    let Some((name, unit)) = plain_rule(step.rule) else {
        return line.extend_from_slice(value(step).as_bytes());
    };
    line.extend_from_slice(b"(id: ");
    put_u64(line, step.id);
    line.extend_from_slice(b", fact: ");
    let (kind, r, c, d) = match step.fact {
        Fact::Place { r, c, d } => ("Place", r, c, d),
        Fact::Elim { r, c, d } => ("Elim", r, c, d),
        Fact::Bottom => ("Bottom", 0, 0, 0),
    };
    line.extend_from_slice(kind.as_bytes());
    if step.fact != Fact::Bottom {
        for (label, v) in [(&b"(r: "[..], r), (b", c: ", c), (b", d: ", d)] {
            line.extend_from_slice(label);
            put_u64(line, u64::from(v));
        }
        line.push(b')');
    }
    line.extend_from_slice(b", rule: ");
    line.extend_from_slice(name.as_bytes());
    if let Some(unit) = unit {
        let (kind, i) = match unit {
            Unit::Row(i) => ("(Row(", i),
            Unit::Col(i) => ("(Col(", i),
            Unit::Box(i) => ("(Box(", i),
        };
        line.extend_from_slice(kind.as_bytes());
        put_u64(line, u64::from(i));
        line.extend_from_slice(b"))");
    }
    for (k, &p) in step.premises.iter().enumerate() {
        line.extend_from_slice(if k == 0 { b", premises: [" } else { b", " });
        put_u64(line, p);
    }
    if !step.premises.is_empty() {
        line.push(b']');
    }
    if let Some(scope) = step.scope {
        line.extend_from_slice(b", scope: ");
        put_u64(line, scope);
    }
    line.push(b')');
}

/// Appends `v` in decimal.
fn put_u64(line: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    line.extend_from_slice(&digits[at..]);
}

/// The rule's name, and its unit for the singles and ⊥ rules that name one; `None` for the
/// rules with named fields (written by ron).
fn plain_rule(rule: Rule) -> Option<(&'static str, Option<Unit>)> {
    Some(match rule {
        Rule::Given => ("Given", None),
        Rule::Exclusion => ("Exclusion", None),
        Rule::NakedSingle => ("NakedSingle", None),
        Rule::HiddenSingle(unit) => ("HiddenSingle", Some(unit)),
        Rule::EmptyCell => ("EmptyCell", None),
        Rule::NoPlace(unit) => ("NoPlace", Some(unit)),
        Rule::Clash => ("Clash", None),
        Rule::Assume => ("Assume", None),
        Rule::Negation => ("Negation", None),
        Rule::Lemma => ("Lemma", None),
        Rule::LockedCandidates { .. } | Rule::NakedSubset { .. } | Rule::HiddenSubset { .. } => {
            return None
        }
    })
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
