//! A fast reader for certificates in the layout [`write_ron`](crate::ron_io::write_ron)
//! produces, with ron as the authority for everything else.
//!
//! On a 25×25 certificate ron spent about half of the check parsing: skipping whitespace,
//! matching identifiers, and building and dropping an error value on every byte it peeks.
//! The engine writes one step per line in a fixed shape, so [`check_canonical`] reads those
//! lines by hand and hands each step to the same kernel pass as [`check_ron`](crate::check_ron).
//!
//! It never decides anything ron would decide differently. The header (everything before
//! `steps: [`) is parsed by ron itself. A step line is read by hand only when it is exactly
//! the writer's shape (`(id: 7, fact: Place(r: 1, c: 2, d: 3), rule: HiddenSingle(Row(1)),
//! premises: [4, 5], scope: 6)`, decimal numbers without leading zeros, no comment, no
//! extra space); any other line — a rule with named fields, `Some(6)`, a comment — is given
//! to ron as one step. Whatever ron refuses, or any layout other than the writer's (steps not
//! last, text after the closing `)`), makes [`check_canonical`] return `None`, and the caller
//! parses the whole text with ron, which then reports the error with its line and column.
//! Both readers produce the same [`Step`] values, so the verdict is the same (tested in
//! `checker/tests/streaming.rs` and by every mutant of the mutation suite).

use crate::error::CheckError;
use crate::format::{Fact, Premises, Proof, Rule, Step, Unit};
use crate::kernel::{check_header, Pass};
use crate::ron_io::options;
use crate::Verified;

/// Where the header ends and the steps begin, in the writer's layout.
const STEPS_OPEN: &str = "    steps: [\n";
/// What follows the last step, in the writer's layout.
const STEPS_CLOSE: &str = "    ],\n)";
/// The indentation of a step line.
const INDENT: &str = "        ";

/// Checks `text` if it is laid out as the writer lays it out; `None` if it is not, or if ron
/// would refuse any of it (the caller then parses it whole, for ron's diagnosis).
pub(crate) fn check_canonical(
    text: &str,
    givens: Option<&str>,
) -> Option<Result<Verified, CheckError>> {
    let open = text.find(STEPS_OPEN)?;
    let body = &text[open + STEPS_OPEN.len()..];
    let close = body.rfind(STEPS_CLOSE)?;
    if !body[close + STEPS_CLOSE.len()..].trim().is_empty() {
        return None;
    }
    let header = format!("{}    steps: [],\n)", &text[..open]);
    let proof: Proof = options().from_str(&header).ok()?;
    let (geo, values) =
        match check_header(&proof.format, proof.version, proof.order, &proof.puzzle, givens) {
            Ok(checked) => checked,
            Err(e) => return Some(Err(e)),
        };
    let mut pass = Pass::new(geo, values, 0);
    for line in body[..close].lines() {
        let step = read_line(line)?;
        if let Err(e) = pass.check_step(&step) {
            return Some(Err(e));
        }
    }
    Some(pass.finish(&proof.claim))
}

/// One step line: `INDENT step ,`; by hand in the writer's shape, else by ron.
fn read_line(line: &str) -> Option<Step> {
    let step = line.strip_prefix(INDENT)?.strip_suffix(',')?;
    let mut cursor = Cursor(step.as_bytes());
    match cursor.step() {
        Some(step) if cursor.0.is_empty() => Some(step),
        _ => options().from_str(step).ok(),
    }
}

/// The unread rest of a step, consumed from the front.
struct Cursor<'a>(&'a [u8]);

impl Cursor<'_> {
    /// The step's fields in the writer's order; premises and scope only when present.
    fn step(&mut self) -> Option<Step> {
        let id = self.labelled("(id: ")?;
        self.eat(", fact: ")?;
        let fact = self.fact()?;
        self.eat(", rule: ")?;
        let rule = self.rule()?;
        let mut premises = Premises::default();
        if self.eat(", premises: [").is_some() {
            premises.push(self.number()?);
            while self.eat(", ").is_some() {
                premises.push(self.number()?);
            }
            self.eat("]")?;
        }
        let scope = match self.0.starts_with(b", scope: ") {
            true => Some(self.labelled(", scope: ")?),
            false => None,
        };
        self.eat(")")?;
        Some(Step { id, fact, rule, premises, scope })
    }

    fn fact(&mut self) -> Option<Fact> {
        if self.eat("Bottom").is_some() {
            return Some(Fact::Bottom);
        }
        let place = self.eat("Place(").is_some();
        if !place {
            self.eat("Elim(")?;
        }
        let (r, c, d) =
            (self.coordinate("r: ")?, self.coordinate(", c: ")?, self.coordinate(", d: ")?);
        self.eat(")")?;
        Some(if place { Fact::Place { r, c, d } } else { Fact::Elim { r, c, d } })
    }

    /// A rule without named fields; the others are left to ron.
    fn rule(&mut self) -> Option<Rule> {
        const PLAIN: [(&str, Rule); 8] = [
            ("Given", Rule::Given),
            ("Exclusion", Rule::Exclusion),
            ("NakedSingle", Rule::NakedSingle),
            ("EmptyCell", Rule::EmptyCell),
            ("Clash", Rule::Clash),
            ("Assume", Rule::Assume),
            ("Negation", Rule::Negation),
            ("Lemma", Rule::Lemma),
        ];
        if self.eat("HiddenSingle(").is_some() {
            return self.unit_then_close().map(Rule::HiddenSingle);
        }
        if self.eat("NoPlace(").is_some() {
            return self.unit_then_close().map(Rule::NoPlace);
        }
        let word = self.0.iter().position(|&b| !b.is_ascii_alphabetic()).unwrap_or(self.0.len());
        let (name, rest) = self.0.split_at(word);
        let rule = PLAIN.iter().find(|(n, _)| n.as_bytes() == name).map(|&(_, rule)| rule)?;
        self.0 = rest;
        Some(rule)
    }

    /// `Row(i))`, `Col(i))` or `Box(i))`.
    fn unit_then_close(&mut self) -> Option<Unit> {
        let unit: fn(u8) -> Unit = if self.eat("Row(").is_some() {
            Unit::Row
        } else if self.eat("Col(").is_some() {
            Unit::Col
        } else {
            self.eat("Box(")?;
            Unit::Box
        };
        let i = self.small()?;
        self.eat("))")?;
        Some(unit(i))
    }

    /// `label` then a number.
    fn labelled(&mut self, label: &str) -> Option<u64> {
        self.eat(label)?;
        self.number()
    }

    /// `label` then a `u8`.
    fn coordinate(&mut self, label: &str) -> Option<u8> {
        self.eat(label)?;
        self.small()
    }

    /// Consumes `s`, or nothing.
    fn eat(&mut self, s: &str) -> Option<()> {
        self.0 = self.0.strip_prefix(s.as_bytes())?;
        Some(())
    }

    /// A decimal `u64` as the writer prints it: no sign, no leading zero, no overflow.
    fn number(&mut self) -> Option<u64> {
        let len = self.0.iter().position(|b| !b.is_ascii_digit()).unwrap_or(self.0.len());
        let (digits, rest) = self.0.split_at(len);
        if digits.is_empty() || (digits[0] == b'0' && len > 1) {
            return None;
        }
        let value = digits
            .iter()
            .try_fold(0u64, |v, &b| v.checked_mul(10)?.checked_add(u64::from(b - b'0')))?;
        self.0 = rest;
        Some(value)
    }

    /// A coordinate, a digit or a unit index: a `u8`.
    fn small(&mut self) -> Option<u8> {
        self.number().and_then(|v| u8::try_from(v).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Claim, FORMAT, VERSION};
    use crate::ron_io::to_ron;

    fn step(id: u64, fact: Fact, rule: Rule, premises: &[u64], scope: Option<u64>) -> Step {
        Step { id, fact, rule, premises: premises.into(), scope }
    }

    /// A 4×4 certificate of `steps` claiming the puzzle's own consequences.
    fn proof(steps: Vec<Step>) -> Proof {
        let (format, puzzle) = (FORMAT.into(), "1...............".to_string());
        let claim = Claim::Consequences(puzzle.clone());
        Proof { format, version: VERSION, order: 2, puzzle, claim, steps }
    }

    #[test]
    fn every_plain_step_line_is_read_by_hand_as_ron_reads_it() {
        let (p, e) = (Fact::Place { r: 1, c: 12, d: 3 }, Fact::Elim { r: 25, c: 2, d: 255 });
        let rules = [
            Rule::Given,
            Rule::Exclusion,
            Rule::NakedSingle,
            Rule::HiddenSingle(Unit::Row(1)),
            Rule::HiddenSingle(Unit::Col(10)),
            Rule::NoPlace(Unit::Box(64)),
            Rule::EmptyCell,
            Rule::Clash,
            Rule::Assume,
            Rule::Negation,
            Rule::Lemma,
        ];
        let facts = [p, e, Fact::Bottom];
        let shapes: [(&[u64], Option<u64>); 4] =
            [(&[], None), (&[0], Some(7)), (&[3, 10, u64::MAX], None), (&[], Some(0))];
        for (k, rule) in rules.into_iter().enumerate() {
            for (premises, scope) in shapes {
                let s = step(u64::MAX - k as u64, facts[k % 3], rule, premises, scope);
                let text = to_ron(&proof(vec![s.clone()]));
                let line = text.lines().find(|l| l.starts_with(INDENT)).expect("a step line");
                let inner = &line[INDENT.len()..line.len() - 1];
                let mut cursor = Cursor(inner.as_bytes());
                assert_eq!(cursor.step().as_ref(), Some(&s), "{line}");
                assert!(cursor.0.is_empty(), "{line}");
                assert_eq!(options().from_str::<Step>(inner).ok(), Some(s), "{line}");
            }
        }
    }

    #[test]
    fn the_writers_text_takes_the_hand_reader() {
        let proof = proof(vec![
            step(0, Fact::Place { r: 1, c: 1, d: 1 }, Rule::Given, &[], None),
            step(1, Fact::Elim { r: 1, c: 2, d: 1 }, Rule::Exclusion, &[0], None),
        ]);
        let verdict = check_canonical(&to_ron(&proof), None).expect("the writer's layout");
        assert!(verdict.is_ok(), "{verdict:?}");
        let moved = to_ron(&proof).replacen("    steps: [\n", "    steps: [ \n", 1);
        assert!(check_canonical(&moved, None).is_none(), "another layout goes to ron");
    }
}
