//! Certificates in the line format of the extracted Coq checker's driver
//! (`formal/ocaml/main.ml`), and its verdicts.

use deduku_check::format::{Claim, Fact, Proof, Rule, Step, Unit};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The largest value OCaml's 63-bit `int` holds comfortably; larger ids or masks are
/// outside what the extracted checker reads.
const MAX_VALUE: u64 = 1 << 60;

/// A grid string's values (0 blank) as deduku-check parses them, or `None` if it rejects it.
pub fn grid_values(text: &str, side: usize) -> Option<Vec<u64>> {
    let text = text.trim();
    let values: Vec<u64> = if text.contains(char::is_whitespace) {
        let digits = |w: &&str| w.bytes().all(|b| b.is_ascii_digit());
        let words: Vec<&str> = text.split_whitespace().collect();
        if !words.iter().all(digits) {
            return None;
        }
        words.iter().map(|w| w.parse().unwrap_or(u64::MAX)).collect()
    } else {
        let value = |ch: char| if ch == '.' { Some(0) } else { ch.to_digit(36).map(u64::from) };
        text.chars().map(value).collect::<Option<_>>()?
    };
    let fits = values.len() == side * side && values.iter().all(|&v| v <= side as u64);
    fits.then_some(values)
}

fn grid_text(text: &str, side: usize) -> Option<String> {
    let values = grid_values(text, side)?;
    Some(values.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
}

fn unit_text(u: Unit) -> String {
    match u {
        Unit::Row(i) => format!("R {i}"),
        Unit::Col(i) => format!("C {i}"),
        Unit::Box(i) => format!("B {i}"),
    }
}

fn fact_text(f: Fact) -> String {
    match f {
        Fact::Place { r, c, d } => format!("P {r} {c} {d}"),
        Fact::Elim { r, c, d } => format!("E {r} {c} {d}"),
        Fact::Bottom => "B".to_string(),
    }
}

fn rule_text(rule: Rule) -> Option<String> {
    let masks = |m: u64, d: u64| (m < MAX_VALUE && d < MAX_VALUE).then_some(());
    Some(match rule {
        Rule::Given => "Given".into(),
        Rule::Exclusion => "Exclusion".into(),
        Rule::NakedSingle => "NakedSingle".into(),
        Rule::HiddenSingle(u) => format!("HiddenSingle {}", unit_text(u)),
        Rule::EmptyCell => "EmptyCell".into(),
        Rule::NoPlace(u) => format!("NoPlace {}", unit_text(u)),
        Rule::Clash => "Clash".into(),
        Rule::Assume => "Assume".into(),
        Rule::Negation => "Negation".into(),
        Rule::Lemma => "Lemma".into(),
        Rule::LockedCandidates { from, to, digit } => {
            format!("Locked {} {} {digit}", unit_text(from), unit_text(to))
        }
        Rule::NakedSubset { unit, cells, digits } => {
            masks(cells, digits)?;
            format!("NakedSubset {} {cells} {digits}", unit_text(unit))
        }
        Rule::HiddenSubset { unit, cells, digits } => {
            masks(cells, digits)?;
            format!("HiddenSubset {} {cells} {digits}", unit_text(unit))
        }
    })
}

fn step_text(step: &Step) -> Option<String> {
    let ids = std::iter::once(step.id).chain(step.premises.iter().copied()).chain(step.scope);
    if ids.into_iter().any(|v| v >= MAX_VALUE) {
        return None;
    }
    let scope = step.scope.map_or("-".to_string(), |s| s.to_string());
    let premises: Vec<String> = step.premises.iter().map(u64::to_string).collect();
    let (fact, rule) = (fact_text(step.fact), rule_text(step.rule)?);
    Some(format!("s {} {scope} {fact} {rule} : {}\n", step.id, premises.join(" ")))
}

fn claim_text(claim: &Claim, side: usize) -> Option<String> {
    Some(match claim {
        Claim::Solution(g) => format!("Solution {}", grid_text(g, side)?),
        Claim::Contradiction => "Contradiction".into(),
        Claim::Consequences(g) => format!("Consequences {}", grid_text(g, side)?),
        Claim::Multiple(a, b) => {
            format!("Multiple {} {}", grid_text(a, side)?, grid_text(b, side)?)
        }
        // Not modelled in formal/Kernel.v: the differential test skips these.
        Claim::Derives(_) | Claim::Minimal { .. } => return None,
    })
}

/// The certificate in the driver's format, or `None` when its header or grids are rejected
/// before the kernel runs (format, version, order, grid strings: parsing, not modelled in
/// Coq) or it holds numbers the driver cannot read.
pub fn render(proof: &Proof) -> Option<String> {
    let header_ok = proof.format == "deduku-proof" && proof.version == 1;
    if !header_ok || !(2..=8).contains(&proof.order) {
        return None;
    }
    let side = usize::from(proof.order) * usize::from(proof.order);
    let mut text = format!("proof {}\npuzzle {}\n", proof.order, grid_text(&proof.puzzle, side)?);
    text.push_str(&format!("claim {}\n", claim_text(&proof.claim, side)?));
    for step in &proof.steps {
        text.push_str(&step_text(step)?);
    }
    text.push_str("end\n");
    Some(text)
}

/// Runs the extracted checker on a batch of rendered certificates: one verdict each.
pub fn coq_verdicts(binary: &Path, batch: &str) -> Vec<bool> {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", binary.display()));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = batch.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("the extracted checker runs");
    writer.join().expect("writer thread").expect("batch written");
    assert!(out.status.success(), "the extracted checker failed: {out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8 verdicts");
    text.lines()
        .map(|l| match l {
            "VERIFIED" => true,
            "REJECTED" => false,
            other => panic!("unexpected verdict line {other:?}"),
        })
        .collect()
}
