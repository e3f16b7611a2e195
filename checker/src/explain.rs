//! Failure explanations: a rejected certificate's failing step shown in context — the premises
//! it cited, what its rule required, and which literal was missing or wrong — in the spirit of
//! rate's incorrectness witnesses. Not part of the trusted kernel: it only *describes* an error
//! the kernel already returned, re-reading the proof with plain lookups.

use std::fmt::Write as _;

use crate::error::CheckError;
use crate::format::{Claim, Fact, Proof, Rule, Step, Unit};
use crate::geometry::Geometry;
use crate::notation::CellRef;
use crate::rules::{as_elim, as_place, premise_limit};

/// How many literals a list shows before eliding the rest.
const SHOWN: usize = 16;

/// A human explanation of `err` for `proof`: the error's line, then its context.
pub fn explain(proof: &Proof, err: &CheckError) -> String {
    let mut out = format!("REJECTED {err}\n");
    let geo = Geometry::new(proof.order);
    match (err.step(), geo) {
        _ if is_header(err) => header_context(&mut out, proof),
        (Some(id), Some(geo)) => match position(proof, id, err) {
            Some(i) => step_context(&mut out, &geo, proof, i, err),
            None => out.push_str("  (the step is not in the proof)\n"),
        },
        (None, Some(geo)) => claim_context(&mut out, &geo, proof, err),
        (_, None) => header_context(&mut out, proof),
    }
    out
}

/// Errors about the header (or the caller's givens) rather than a step or the claim.
fn is_header(err: &CheckError) -> bool {
    use crate::grid::GridField;
    match err {
        CheckError::BadGrid { field, .. } => matches!(field, GridField::Puzzle | GridField::Givens),
        CheckError::Parse { .. }
        | CheckError::BadFormat { .. }
        | CheckError::BadVersion { .. }
        | CheckError::BadOrder { .. }
        | CheckError::PuzzleMismatch { .. } => true,
        _ => false,
    }
}

/// The position of the failing step: the first with that id, except that for a repeated id
/// the kernel blames the later copy.
fn position(proof: &Proof, id: u64, err: &CheckError) -> Option<usize> {
    let first = proof.steps.iter().position(|s| s.id == id)?;
    match err {
        CheckError::IdNotIncreasing { previous, .. } => {
            let later = proof.steps.iter().enumerate().skip(1);
            let mut found = later.filter(|(i, s)| s.id == id && proof.steps[i - 1].id == *previous);
            found.next().map(|(i, _)| i)
        }
        _ => Some(first),
    }
}

/// The earlier step with this id (ids strictly increase before the failing step).
fn earlier(proof: &Proof, before: usize, id: u64) -> Option<&Step> {
    let checked = proof.steps.get(..before)?;
    checked.binary_search_by_key(&id, |s| s.id).ok().and_then(|j| checked.get(j))
}

fn scope_name(scope: Option<u64>) -> String {
    scope.map_or_else(|| "root".to_string(), |s| format!("subproof {s}"))
}

fn step_line(s: &Step) -> String {
    let mut premises: Vec<String> = s.premises.iter().take(SHOWN).map(u64::to_string).collect();
    if let Some(more) = s.premises.len().checked_sub(SHOWN).filter(|&m| m > 0) {
        premises.push(format!("… {more} more"));
    }
    let premises = premises.join(", ");
    format!(
        "{}: {}  by {:?}  premises [{premises}]  in {}",
        s.id,
        s.fact,
        s.rule,
        scope_name(s.scope)
    )
}

fn step_context(out: &mut String, geo: &Geometry, proof: &Proof, i: usize, err: &CheckError) {
    let Some(step) = proof.steps.get(i) else { return };
    let _ = writeln!(out, "  failing step (position {} of {}):", i + 1, proof.steps.len());
    let _ = writeln!(out, "    {}", step_line(step));
    let _ = writeln!(out, "  open subproofs here: {}", open_chain(proof, i));
    let cited = cited(geo, proof, i);
    let _ = writeln!(out, "  the rule requires: {}", requirement(geo, step, &cited));
    let wanted = wanted_set(geo, step, &cited);
    premises_context(out, geo, proof, i, wanted.as_deref());
    if let Some(wanted) = wanted {
        let cited: Vec<Fact> = cited.iter().map(|s| s.fact).collect();
        let missing: Vec<Fact> = wanted.into_iter().filter(|f| !cited.contains(f)).collect();
        if !missing.is_empty() {
            let _ = writeln!(out, "  required but not cited: {}", list(&missing));
        }
    }
    if let Some(fact) = fault_literal(err) {
        let _ = writeln!(out, "  literal at fault: {fact}");
    }
}

/// How many premises of a step are shown: all of a list no longer than the kernel's limit,
/// the first few of a longer one, so the explanation stays as small as a valid step's.
fn shown_premises(geo: &Geometry, step: &Step) -> usize {
    let all = step.premises.len();
    if all > premise_limit(geo, step.rule) {
        SHOWN
    } else {
        all
    }
}

/// The shown premises as resolved among earlier steps (unknown, forward and self ids skipped).
fn cited<'a>(geo: &Geometry, proof: &'a Proof, i: usize) -> Vec<&'a Step> {
    let Some(step) = proof.steps.get(i) else { return Vec::new() };
    let shown = step.premises.iter().take(shown_premises(geo, step));
    shown.filter_map(|&p| earlier(proof, i, p)).collect()
}

fn premises_context(
    out: &mut String,
    geo: &Geometry,
    proof: &Proof,
    i: usize,
    wanted: Option<&[Fact]>,
) {
    let Some(step) = proof.steps.get(i) else { return };
    if step.premises.is_empty() {
        out.push_str("  premises cited: none\n");
        return;
    }
    out.push_str("  premises cited:\n");
    let shown = shown_premises(geo, step);
    for &p in step.premises.iter().take(shown) {
        let line = match earlier(proof, i, p) {
            Some(s) => {
                let mark = match wanted {
                    Some(w) if w.contains(&s.fact) => "  ✓",
                    Some(_) => "  ✗ not in the pattern",
                    None => "",
                };
                format!("{}{mark}", step_line(s))
            }
            None if p == step.id => format!("{p}: the step itself"),
            None if p > step.id => format!("{p}: a later step"),
            None => format!("{p}: no earlier step has this id"),
        };
        let _ = writeln!(out, "    {line}");
    }
    if let Some(more) = step.premises.len().checked_sub(shown).filter(|&m| m > 0) {
        let _ = writeln!(out, "    … {more} more not shown");
    }
}

/// The Assumes open at position `i` (after the step's own scope closes the ones above it).
fn open_chain(proof: &Proof, i: usize) -> String {
    let mut stack: Vec<&Step> = Vec::new();
    for (j, s) in proof.steps.iter().enumerate().take(i + 1) {
        let target = s.scope.and_then(|id| earlier(proof, j, id)).map(|a| a.id);
        while stack.last().is_some_and(|a| Some(a.id) != target) {
            stack.pop();
        }
        if j < i && s.rule == Rule::Assume {
            stack.push(s);
        }
    }
    if stack.is_empty() {
        return "none (root)".to_string();
    }
    let name = |a: &&Step| format!("{} ({})", a.id, a.fact);
    if stack.len() <= 8 {
        return stack.iter().map(name).collect::<Vec<_>>().join(" > ");
    }
    // A deep nest: the outermost two and the innermost five say where the step is.
    let (outer, inner) = (&stack[..2], &stack[stack.len() - 5..]);
    let elided = stack.len() - 7;
    let outer: Vec<String> = outer.iter().map(name).collect();
    let inner: Vec<String> = inner.iter().map(name).collect();
    format!("{} > … {elided} more > {}", outer.join(" > "), inner.join(" > "))
}

/// The rule's premise pattern, instantiated where the step and its premises fix it.
fn requirement(geo: &Geometry, step: &Step, cited: &[&Step]) -> String {
    let n = geo.side();
    match step.rule {
        Rule::Given => "no premises, at the root, and the puzzle gives this placement".to_string(),
        Rule::Assume => {
            "no premises, and a placement or an elimination (it opens a subproof)".to_string()
        }
        Rule::Exclusion => "exactly one premise c=d; concludes c'≠d for a peer c', or c≠d' \
                            for another digit d'"
            .to_string(),
        Rule::Clash => "exactly two premises: c=d and a fact implying c≠d (c≠d itself, c=d' \
                        for another digit, or c'=d in a peer), either order; concludes ⊥"
            .to_string(),
        Rule::Negation => "exactly [a, b]: a a closed Assume of a literal in this step's scope, \
                           b a ⊥ whose scope is a; concludes the opposite literal"
            .to_string(),
        Rule::Lemma => "[b, p…]: b a ⊥ inside closed subproofs (no more of them than the step \
                        has premises), each p one of their hypotheses, holding here; concludes \
                        the opposite of the one hypothesis left, or ⊥ if none is"
            .to_string(),
        Rule::NakedSingle | Rule::HiddenSingle(_) | Rule::EmptyCell | Rule::NoPlace(_) => {
            match wanted_set(geo, step, cited) {
                Some(w) => format!(
                    "these {} literals, any order, each stated or implied by a placement \
                     (c'=d in a peer for c≠d, c=d' for c≠d; not in the concluded cell): {}",
                    w.len(),
                    list(&w)
                ),
                None => format!("a set of {n} or {} eliminations fixed by the fact", n - 1),
            }
        }
        _ => match wanted_set(geo, step, cited) {
            Some(w) => format!("the set of these {} literals, any order: {}", w.len(), list(&w)),
            None => format!("a set of {n} or {} eliminations fixed by the fact", n - 1),
        },
    }
}

/// The exact premise literals of a set-pattern rule, when the step and its first premise fix
/// them (as the kernel reads them).
fn wanted_set(geo: &Geometry, step: &Step, cited: &[&Step]) -> Option<Vec<Fact>> {
    let first = cited.first().and_then(|s| as_elim(s.fact));
    let unit_ok = |u: Unit| geo.unit_in_range(u);
    match step.rule {
        Rule::NakedSingle => {
            let (cell, d) = as_place(step.fact)?;
            Some((1..=geo.side()).filter(|&e| e != d).map(|e| cell.elim(e)).collect())
        }
        Rule::HiddenSingle(u) if unit_ok(u) => {
            let (cell, d) = as_place(step.fact)?;
            Some(geo.cells(u).filter(|&c| c != cell).map(|c| c.elim(d)).collect())
        }
        Rule::EmptyCell => {
            let (cell, _) = first?;
            Some((1..=geo.side()).map(|e| cell.elim(e)).collect())
        }
        Rule::NoPlace(u) if unit_ok(u) => {
            let (_, d) = first?;
            Some(geo.cells(u).map(|c: CellRef| c.elim(d)).collect())
        }
        _ => None,
    }
}

/// The literal an error names as missing or wrong.
fn fault_literal(err: &CheckError) -> Option<Fact> {
    match err {
        CheckError::MissingPremise { missing, .. } => Some(*missing),
        CheckError::WrongPremise { found, .. } => Some(*found),
        CheckError::DuplicatePremise { fact, .. } => Some(*fact),
        CheckError::WrongFact { fact, .. } | CheckError::FactOutOfRange { fact, .. } => Some(*fact),
        _ => None,
    }
}

fn list(facts: &[Fact]) -> String {
    let shown: Vec<String> = facts.iter().take(SHOWN).map(Fact::to_string).collect();
    let more = facts.len().saturating_sub(SHOWN);
    let tail = if more > 0 { format!(", … ({more} more)") } else { String::new() };
    format!("{}{tail}", shown.join(", "))
}

/// For claim errors: what the proof derived about the cell or where its ⊥ steps are.
fn claim_context(out: &mut String, geo: &Geometry, proof: &Proof, err: &CheckError) {
    let _ = writeln!(out, "  claim: {}", claim_kind(&proof.claim));
    match err {
        CheckError::ClaimNotDerived { cell, digit, .. } => {
            let about: Vec<&Step> = proof.steps.iter().filter(|s| on_cell(s.fact, *cell)).collect();
            let _ = writeln!(out, "  steps about {cell} ({} in all):", about.len());
            for s in about.iter().take(SHOWN) {
                let _ = writeln!(out, "    {}", step_line(s));
            }
            let _ = writeln!(out, "  needed: {} derived at the root scope", cell.place(*digit));
        }
        CheckError::ClaimNoContradiction => {
            let bottoms: Vec<&Step> =
                proof.steps.iter().filter(|s| s.fact == Fact::Bottom).collect();
            let _ = writeln!(out, "  ⊥ steps: {} (none at the root)", bottoms.len());
            for s in bottoms.iter().take(SHOWN) {
                let _ = writeln!(out, "    {}", step_line(s));
            }
        }
        _ => {
            let _ = writeln!(out, "  grid side {}: {} steps", geo.side(), proof.steps.len());
        }
    }
}

fn on_cell(fact: Fact, cell: CellRef) -> bool {
    as_place(fact).or_else(|| as_elim(fact)).is_some_and(|(c, _)| c == cell)
}

fn claim_kind(claim: &Claim) -> &'static str {
    match claim {
        Claim::Solution(_) => "Solution",
        Claim::Contradiction => "Contradiction",
        Claim::Consequences(_) => "Consequences",
        Claim::Multiple(..) => "Multiple",
        Claim::Derives(_) => "Derives",
        Claim::Minimal { .. } => "Minimal",
    }
}

fn header_context(out: &mut String, proof: &Proof) {
    let format: String = proof.format.chars().take(40).collect();
    let _ = writeln!(
        out,
        "  header: format {format:?}, version {}, order {}, puzzle of {} characters",
        proof.version,
        proof.order,
        proof.puzzle.chars().count()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check;

    fn step(id: u64, fact: Fact, rule: Rule, premises: &[u64], scope: Option<u64>) -> Step {
        Step { id, fact, rule, premises: premises.into(), scope }
    }

    fn proof(claim: Claim, steps: Vec<Step>) -> Proof {
        let (format, puzzle) = ("deduku-proof".to_string(), "1...............".to_string());
        Proof { format, version: 1, order: 2, puzzle, claim, steps }
    }

    fn given() -> Step {
        step(0, Fact::Place { r: 1, c: 1, d: 1 }, Rule::Given, &[], None)
    }

    #[test]
    fn a_repeated_id_blames_the_later_copy() {
        let elim = Fact::Elim { r: 1, c: 2, d: 1 };
        let p =
            proof(Claim::Contradiction, vec![given(), step(0, elim, Rule::Exclusion, &[0], None)]);
        let err = check(&p, None).expect_err("repeated id");
        let shown = explain(&p, &err);
        assert!(shown.contains("failing step (position 2 of 2)"), "{shown}");
        assert!(shown.contains("0: r1c2≠1  by Exclusion  premises [0]  in root"), "{shown}");
    }

    #[test]
    fn unknown_forward_and_self_premises_are_named() {
        let elim = Fact::Elim { r: 1, c: 2, d: 1 };
        let p =
            proof(Claim::Contradiction, vec![given(), step(5, elim, Rule::Exclusion, &[3], None)]);
        let shown = explain(&p, &check(&p, None).expect_err("unknown premise"));
        assert!(shown.contains("3: no earlier step has this id"), "{shown}");
        let p =
            proof(Claim::Contradiction, vec![given(), step(5, elim, Rule::Exclusion, &[9], None)]);
        assert!(explain(&p, &check(&p, None).expect_err("forward")).contains("9: a later step"));
    }

    #[test]
    fn claim_and_header_errors_get_their_own_context() {
        let p = proof(Claim::Contradiction, vec![given()]);
        let shown = explain(&p, &check(&p, None).expect_err("no ⊥"));
        assert!(shown.contains("⊥ steps: 0 (none at the root)"), "{shown}");
        let mut bad = proof(Claim::Contradiction, vec![]);
        bad.version = 7;
        let shown = explain(&bad, &check(&bad, None).expect_err("version"));
        assert!(shown.contains("header: format \"deduku-proof\", version 7, order 2"), "{shown}");
        bad.order = 0;
        bad.version = 1;
        assert!(explain(&bad, &check(&bad, None).expect_err("order")).contains("order 0"));
    }

    #[test]
    fn an_empty_cell_lists_the_digits_it_needed() {
        let el = |d| Fact::Elim { r: 2, c: 2, d };
        let steps = vec![
            given(),
            step(1, el(1), Rule::Exclusion, &[0], None),
            step(2, el(1), Rule::Exclusion, &[0], None),
            step(3, Fact::Bottom, Rule::EmptyCell, &[1, 2], None),
        ];
        let p = proof(Claim::Contradiction, steps);
        let shown = explain(&p, &check(&p, None).expect_err("duplicate"));
        assert!(shown.contains("r2c2≠1, r2c2≠2, r2c2≠3, r2c2≠4"), "{shown}");
        assert!(shown.contains("required but not cited: r2c2≠2, r2c2≠3, r2c2≠4"), "{shown}");
        assert!(shown.contains("literal at fault: r2c2≠1"), "{shown}");
    }
}
