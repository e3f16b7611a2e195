//! Corruptions of the header and the claim: no step is touched, the whole is wrong.

use super::corpus::Case;
use super::mutate::{Allowance, Class, Locate, Mutant};
use super::rng::Rng;
use deduku_check::format::{Claim, Fact, Rule};

/// How many cells each grid corruption changes, one mutant each.
const CELLS: usize = 4;

/// The header and claim classes.
pub fn classes() -> Vec<Class> {
    let c = |name, allowed, make| Class {
        name,
        allowed,
        locate: Locate::Whole,
        may_stay_valid: None,
        make,
    };
    vec![
        c("claim: grid changed in one cell", CLAIM_GRID, claim_cell as fn(&Case, &mut Rng) -> _),
        c(
            "claim: Solution for Consequences",
            &["ClaimIncomplete", "ClaimNotDerived"],
            solution_for_stuck,
        ),
        c("claim: Contradiction without ⊥", &["ClaimNoContradiction"], false_contradiction),
        c("header: order changed", &["BadOrder", "BadGrid"], header_order),
        c("header: puzzle changed", &["PuzzleMismatch"], header_puzzle),
        c("header: version changed", &["BadVersion"], header_version),
        c("header: format changed", &["BadFormat"], header_format),
        c("Multiple: equal grids", &["ClaimIdentical"], multiple_equal),
        c("Multiple: invalid grid", MULTI_BAD, multiple_invalid),
        c("Derives: nothing, ⊥ or off the grid", DERIVES_BAD, derives_malformed),
        Class {
            may_stay_valid: Some(VACUOUS),
            ..c("Derives: a false literal", NOT_DERIVED, derives_false)
        },
        Class {
            may_stay_valid: Some(VACUOUS),
            ..c("Derives: a refuted assumption", NOT_DERIVED, derives_assumed)
        },
    ]
}

const DERIVES_BAD: &[&str] = &["ClaimNothingListed", "ClaimNotALiteral", "ClaimFactOutOfRange"];
const NOT_DERIVED: &[&str] = &["ClaimFactNotDerived"];
/// Without a solution every literal holds: a contradiction may derive it at the root too.
const VACUOUS: Allowance =
    Allowance { claims: &["Contradiction"], why: "no solution: every literal holds vacuously" };

/// An empty list, ⊥, and literals off the grid.
fn derives_malformed(case: &Case, _: &mut Rng) -> Vec<Mutant> {
    let n = side(case);
    let lists = [
        vec![],
        vec![Fact::Bottom],
        vec![Fact::Place { r: n + 1, c: 1, d: 1 }],
        vec![Fact::Elim { r: 1, c: 1, d: 0 }],
    ];
    lists.into_iter().map(|facts| with_claim(case, Claim::Derives(facts))).collect()
}

/// The negation of a root literal: false in every solution, derived by no sound certificate.
fn derives_false(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let root: Vec<Fact> = case
        .proof
        .steps
        .iter()
        .filter(|s| s.scope.is_none() && s.rule != Rule::Assume)
        .filter_map(|s| match s.fact {
            Fact::Place { r, c, d } => Some(Fact::Elim { r, c, d }),
            Fact::Elim { r, c, d } => Some(Fact::Place { r, c, d }),
            Fact::Bottom => None,
        })
        .collect();
    let picked = rng.sample(&root, 4);
    picked.into_iter().map(|f| with_claim(case, Claim::Derives(vec![f]))).collect()
}

/// An assumption the certificate refutes at the root, claimed as derived (after a true root
/// literal). Only root assumptions: one refuted inside another, false, hypothesis may be true.
fn derives_assumed(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let steps = &case.proof.steps;
    let assumed: Vec<Fact> = (steps.iter())
        .filter(|s| s.rule == Rule::Assume && s.scope.is_none())
        .map(|s| s.fact)
        .collect();
    let root = steps.iter().find(|s| s.scope.is_none() && s.fact != Fact::Bottom).map(|s| s.fact);
    let picked = rng.sample(&assumed, 4);
    let list = |f| root.into_iter().chain([f]).collect();
    picked.into_iter().map(|f| with_claim(case, Claim::Derives(list(f)))).collect()
}

const CLAIM_GRID: &[&str] = &["ClaimRepeat", "ClaimGivens", "ClaimNotDerived", "ClaimIncomplete"];
const MULTI_BAD: &[&str] = &["ClaimRepeat", "ClaimIncomplete", "ClaimGivens", "BadGrid"];

/// A grid string's values and whether it used the integer form.
fn values(text: &str) -> (Vec<u8>, bool) {
    let text = text.trim();
    if text.contains(char::is_whitespace) {
        (text.split_whitespace().map(|t| t.parse().unwrap_or(u8::MAX)).collect(), true)
    } else {
        let v = text.chars().map(|ch| if ch == '.' { 0 } else { ch.to_digit(36).unwrap_or(255) });
        (v.map(|d| d as u8).collect(), false)
    }
}

/// Values back into a grid string of the same form.
fn render(values: &[u8], integers: bool) -> String {
    if integers {
        return values.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    }
    let symbol = |v: u8| match v {
        0 => '.',
        1..=9 => char::from(b'0' + v),
        _ => char::from(b'A' + v - 10),
    };
    values.iter().map(|&v| symbol(v)).collect()
}

/// `text` with cell `i` set to `v`.
fn with_cell(text: &str, i: usize, v: u8) -> String {
    let (mut vals, integers) = values(text);
    vals[i] = v;
    render(&vals, integers)
}

fn side(case: &Case) -> u8 {
    case.proof.order * case.proof.order
}

fn with_claim(case: &Case, claim: Claim) -> Mutant {
    let mut proof = case.proof.clone();
    proof.claim = claim;
    Mutant { proof, step: None }
}

fn cells(case: &Case, rng: &mut Rng) -> Vec<usize> {
    let all: Vec<usize> = (0..usize::from(side(case)).pow(2)).collect();
    rng.sample(&all, CELLS)
}

/// A claimed grid with one cell moved to the next digit; a complete grid sometimes blanked.
fn changed(text: &str, i: usize, n: u8, blank: bool) -> String {
    let v = values(text).0[i];
    match v {
        0 => with_cell(text, i, 1),
        _ if blank => with_cell(text, i, 0),
        _ => with_cell(text, i, v % n + 1),
    }
}

fn claim_cell(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let n = side(case);
    let cells = cells(case, rng);
    let edit = |k: usize, i: usize| match &case.proof.claim {
        // Blanking a Consequences cell only weakens the claim: it would stay valid.
        Claim::Consequences(g) => Some(Claim::Consequences(changed(g, i, n, false))),
        Claim::Solution(g) => Some(Claim::Solution(changed(g, i, n, k % 2 == 1))),
        Claim::Multiple(a, b) => Some(Claim::Multiple(changed(a, i, n, k % 2 == 1), b.clone())),
        Claim::Minimal { solution, witnesses } => Some(Claim::Minimal {
            solution: changed(solution, i, n, k % 2 == 1),
            witnesses: witnesses.clone(),
        }),
        Claim::Contradiction | Claim::Derives(_) => None,
    };
    let claims = cells.into_iter().enumerate().filter_map(|(k, i)| edit(k, i));
    claims.map(|c| with_claim(case, c)).collect()
}

fn solution_for_stuck(case: &Case, _: &mut Rng) -> Vec<Mutant> {
    let Claim::Consequences(g) = &case.proof.claim else { return Vec::new() };
    let mut out = vec![with_claim(case, Claim::Solution(g.clone()))];
    if let Some(s) = case.solutions.first() {
        out.push(with_claim(case, Claim::Solution(s.to_line())));
    }
    out
}

fn false_contradiction(case: &Case, _: &mut Rng) -> Vec<Mutant> {
    match case.proof.claim {
        Claim::Solution(_) | Claim::Consequences(_) | Claim::Minimal { .. } => {
            vec![with_claim(case, Claim::Contradiction)]
        }
        Claim::Contradiction | Claim::Multiple(..) | Claim::Derives(_) => Vec::new(),
    }
}

fn header_order(case: &Case, _: &mut Rng) -> Vec<Mutant> {
    let n = case.proof.order;
    let orders = [n + 1, n - 1, 0, 1, 9, u8::MAX];
    let header = |order| {
        let mut proof = case.proof.clone();
        proof.order = order;
        Mutant { proof, step: None }
    };
    orders.into_iter().map(header).collect()
}

fn header_puzzle(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let n = side(case);
    let edit = |i| {
        let mut proof = case.proof.clone();
        proof.puzzle = changed(&proof.puzzle, i, n, false);
        Mutant { proof, step: None }
    };
    cells(case, rng).into_iter().map(edit).collect()
}

fn header_version(case: &Case, _: &mut Rng) -> Vec<Mutant> {
    let edit = |version| {
        let mut proof = case.proof.clone();
        proof.version = version;
        Mutant { proof, step: None }
    };
    [0, 2, u32::MAX].into_iter().map(edit).collect()
}

fn header_format(case: &Case, _: &mut Rng) -> Vec<Mutant> {
    let edit = |format: &str| {
        let mut proof = case.proof.clone();
        proof.format = format.to_string();
        Mutant { proof, step: None }
    };
    ["", "deduku-proof2", "DEDUKU-PROOF", " deduku-proof"].into_iter().map(edit).collect()
}

fn multiple_equal(case: &Case, _: &mut Rng) -> Vec<Mutant> {
    let Claim::Multiple(a, b) = &case.proof.claim else { return Vec::new() };
    let same = |g: &String| with_claim(case, Claim::Multiple(g.clone(), g.clone()));
    vec![same(a), same(b)]
}

/// The second grid made incomplete, invalid, mis-sized, or valid but against the givens.
fn multiple_invalid(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let Claim::Multiple(a, b) = &case.proof.claim else { return Vec::new() };
    let n = side(case);
    let i = cells(case, rng)[0];
    let (vals, integers) = values(b);
    // Swapping two digits everywhere keeps the grid valid but breaks some given.
    let relabel = |v: u8| match v {
        1 => 2,
        2 => 1,
        other => other,
    };
    let relabeled = render(&vals.iter().map(|&v| relabel(v)).collect::<Vec<_>>(), integers);
    let short = render(&vals[1..], integers);
    let grids = [changed(b, i, n, false), changed(b, i, n, true), short, relabeled];
    grids.into_iter().map(|g| with_claim(case, Claim::Multiple(a.clone(), g))).collect()
}
