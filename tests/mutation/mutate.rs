//! The single-point corruption classes: each makes mutants of one certificate and says which
//! rejections are the right ones and where they must be reported.

use super::corpus::Case;
use super::rng::Rng;
use deduku_check::format::{Fact, Proof, Rule, Step};

/// How many sites each class corrupts per certificate.
const PER_CASE: usize = 6;

/// One corrupted certificate; `step` is the id of the corrupted step, if one was.
pub struct Mutant {
    /// The corrupted certificate.
    pub proof: Proof,
    /// The id of the step the corruption was made at.
    pub step: Option<u64>,
}

/// Where a class's rejection must be reported.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Locate {
    /// At the corrupted step itself.
    Exact,
    /// At the corrupted step, a later step that depends on it, or the claim.
    AtOrAfter,
    /// In the header or the claim (no step is corrupted).
    Whole,
}

/// A corruption class: its name, its generator, and its right rejections.
pub struct Class {
    /// The class name printed in the table.
    pub name: &'static str,
    /// The `CheckError` variants that count as the right rejection.
    pub allowed: &'static [&'static str],
    /// Where the rejection must be reported.
    pub locate: Locate,
    /// When a mutant of this class may legitimately still be a valid proof.
    pub may_stay_valid: Option<Allowance>,
    /// Makes the mutants of one certificate.
    pub make: fn(&Case, &mut Rng) -> Vec<Mutant>,
}

/// Which certificates a class's mutants may stay valid for, and why.
#[derive(Clone, Copy)]
pub struct Allowance {
    /// The claim kinds (`Solution`, `Consequences`, …) of those certificates.
    pub claims: &'static [&'static str],
    /// Why the mutant is still a valid (and sound) proof.
    pub why: &'static str,
}

const PATTERN: &[&str] =
    &["WrongFact", "WrongPremise", "MissingPremise", "DuplicatePremise", "ClaimNotDerived"];

/// Every class of the suite.
pub fn classes() -> Vec<Class> {
    use Locate::{AtOrAfter, Exact};
    let c = |name, allowed, locate, may_stay_valid, make| Class {
        name,
        allowed,
        locate,
        may_stay_valid,
        make,
    };
    vec![
        c("fact: wrong digit", PATTERN, AtOrAfter, None, fact_digit as fn(&Case, &mut Rng) -> _),
        c("fact: wrong cell", PATTERN, AtOrAfter, Some(PEER), fact_cell),
        c("fact: place/elim flipped", PATTERN, AtOrAfter, None, fact_flip),
        c("rule: wrong unit", &["WrongFact", "WrongPremise"], Exact, None, rule_unit),
        c("rule: wrong rule", RULE_SWAP, AtOrAfter, None, rule_swap),
        c("premise dropped", &["PremiseCount", "MissingPremise"], Exact, None, premise_drop),
        c("premise duplicated", &["PremiseCount", "DuplicatePremise"], Exact, None, premise_dup),
        c("premise swapped", SWAP, Exact, Some(SAME_FACT), premise_swap),
        c("premise forward", &["PremiseForward"], Exact, None, premise_forward),
        c("premise self", &["PremiseSelf"], Exact, None, premise_self),
        c("premise unknown", &["PremiseUnknown"], Exact, None, premise_unknown),
        c("premise from closed subproof", &["PremiseOutOfScope"], Exact, None, premise_closed),
        c("premises reordered", &["NegationAssume"], Exact, Some(REORDER), premise_reorder),
        c("negation cites non-⊥", &["NegationBottom"], Exact, None, negation_non_bottom),
        c("negation cites other Assume", NEG_OTHER, Exact, None, negation_other_assume),
        c("step scope changed", SCOPE, AtOrAfter, None, scope_change),
        c("step removed", REMOVED, AtOrAfter, Some(UNCLAIMED), step_removed),
        c("ids not increasing", &["IdNotIncreasing"], Exact, None, id_not_increasing),
    ]
    .into_iter()
    .chain(super::claims::classes())
    .collect()
}

const RULE_SWAP: &[&str] = &[
    "WrongFact",
    "PremiseCount",
    "WrongPremise",
    "MissingPremise",
    "DuplicatePremise",
    "GivenInSubproof",
    "NegationAssume",
    "NegationBottom",
    "PremiseOutOfScope",
    "ClaimNotDerived",
];
const SWAP: &[&str] = &[
    "WrongFact",
    "WrongPremise",
    "DuplicatePremise",
    "PremiseOutOfScope",
    "NegationAssume",
    "NegationBottom",
];
const NEG_OTHER: &[&str] = &["NegationAssume", "NegationBottom"];
const SCOPE: &[&str] = &[
    "ScopeNotOpen",
    "GivenInSubproof",
    "PremiseOutOfScope",
    "NegationAssume",
    "NegationBottom",
    "ClaimNotDerived",
    "ClaimNoContradiction",
];
const REMOVED: &[&str] =
    &["PremiseUnknown", "ScopeNotOpen", "ClaimNotDerived", "ClaimNoContradiction"];
const ANY: &[&str] = &["Solution", "Contradiction", "Consequences", "Multiple"];
const SAME_FACT: Allowance = Allowance {
    claims: ANY,
    why: "the substitute states the same literal as the original premise",
};
const REORDER: Allowance = Allowance {
    claims: ANY,
    why: "premise patterns are sets (Clash: either order), so order is free",
};
const UNCLAIMED: Allowance = Allowance {
    claims: &["Consequences"],
    why: "an open-cell elimination of a Consequences proof is cited by nothing and \
          not part of the claim (which lists placements only)",
};
const PEER: Allowance = Allowance {
    claims: &["Consequences"],
    why: "an uncited open-cell elimination moved to another peer of its placement is \
          still a valid Exclusion, and the claim lists placements only",
};

/// The positions of the steps satisfying `keep`, sampled.
fn sites(case: &Case, rng: &mut Rng, keep: impl Fn(&Step) -> bool) -> Vec<usize> {
    let all: Vec<usize> =
        (0..case.proof.steps.len()).filter(|&i| keep(&case.proof.steps[i])).collect();
    rng.sample(&all, PER_CASE)
}

/// A mutant whose step at `i` is changed by `edit`.
fn at(case: &Case, i: usize, edit: impl FnOnce(&mut Step)) -> Mutant {
    let mut proof = case.proof.clone();
    let step = &mut proof.steps[i];
    edit(step);
    Mutant { step: Some(step.id), proof }
}

fn side(case: &Case) -> u8 {
    case.proof.order * case.proof.order
}

/// `v` moved to the next value of `1..=side`, cyclically.
fn next(v: u8, side: u8) -> u8 {
    v % side + 1
}

fn is_literal(s: &Step) -> bool {
    !matches!(s.fact, Fact::Bottom)
}

fn fact_digit(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let n = side(case);
    let edit = |s: &mut Step| match &mut s.fact {
        Fact::Place { d, .. } | Fact::Elim { d, .. } => *d = next(*d, n),
        Fact::Bottom => {}
    };
    sites(case, rng, is_literal).into_iter().map(|i| at(case, i, edit)).collect()
}

fn fact_cell(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let n = side(case);
    let sites = sites(case, rng, is_literal);
    let edit = |k: usize| {
        move |s: &mut Step| match &mut s.fact {
            Fact::Place { r, c, .. } | Fact::Elim { r, c, .. } if k % 2 == 0 => *r = next(*r, n),
            Fact::Place { c, .. } | Fact::Elim { c, .. } => *c = next(*c, n),
            Fact::Bottom => {}
        }
    };
    sites.into_iter().enumerate().map(|(k, i)| at(case, i, edit(k))).collect()
}

fn fact_flip(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let edit = |s: &mut Step| {
        s.fact = match s.fact {
            Fact::Place { r, c, d } => Fact::Elim { r, c, d },
            Fact::Elim { r, c, d } => Fact::Place { r, c, d },
            Fact::Bottom => Fact::Bottom,
        }
    };
    sites(case, rng, is_literal).into_iter().map(|i| at(case, i, edit)).collect()
}

fn rule_unit(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    use deduku_check::format::Unit;
    let n = side(case);
    let has_unit = |s: &Step| matches!(s.rule, Rule::HiddenSingle(_) | Rule::NoPlace(_));
    let shift = |k: usize, u: Unit| match (k % 2, u) {
        (0, Unit::Row(i)) => Unit::Row(next(i, n)),
        (0, Unit::Col(i)) => Unit::Col(next(i, n)),
        (0, Unit::Box(i)) => Unit::Box(next(i, n)),
        (_, Unit::Row(i)) => Unit::Col(i),
        (_, Unit::Col(i)) => Unit::Box(i),
        (_, Unit::Box(i)) => Unit::Row(i),
    };
    let sites = sites(case, rng, has_unit);
    let edit = |k| {
        move |s: &mut Step| {
            s.rule = match s.rule {
                Rule::HiddenSingle(u) => Rule::HiddenSingle(shift(k, u)),
                Rule::NoPlace(u) => Rule::NoPlace(shift(k, u)),
                other => other,
            }
        }
    };
    sites.into_iter().enumerate().map(|(k, i)| at(case, i, edit(k))).collect()
}

/// Every rule, with units of index 1 (a unit is then re-derived from the fact where it can).
fn rule_swap(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    use deduku_check::format::Unit;
    let sites = sites(case, rng, |_| true);
    let mut out = Vec::new();
    for i in sites {
        let step = &case.proof.steps[i];
        let unit = match step.fact {
            Fact::Place { r, .. } | Fact::Elim { r, .. } => Unit::Row(r),
            Fact::Bottom => Unit::Row(1),
        };
        let rules = [
            Rule::Given,
            Rule::Exclusion,
            Rule::NakedSingle,
            Rule::HiddenSingle(unit),
            Rule::EmptyCell,
            Rule::NoPlace(unit),
            Rule::Clash,
            Rule::Assume,
            Rule::Negation,
        ];
        let others: Vec<Rule> = rules.into_iter().filter(|&r| r != step.rule).collect();
        let rule = others[rng.below(others.len())];
        out.push(at(case, i, |s| s.rule = rule));
    }
    out
}

fn has_premises(s: &Step) -> bool {
    !s.premises.is_empty()
}

fn premise_drop(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let sites = sites(case, rng, has_premises);
    let picks: Vec<usize> =
        sites.iter().map(|&i| rng.below(case.proof.steps[i].premises.len())).collect();
    let pairs = sites.into_iter().zip(picks);
    pairs
        .map(|(i, k)| {
            at(case, i, |s| {
                s.premises.remove(k);
            })
        })
        .collect()
}

fn premise_dup(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let sites = sites(case, rng, has_premises);
    let mut out = Vec::new();
    for i in sites {
        let k = rng.below(case.proof.steps[i].premises.len());
        out.push(at(case, i, |s| s.premises.push(s.premises[k])));
    }
    out
}

/// A premise replaced by another earlier step, not already cited.
fn premise_swap(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let sites = sites(case, rng, has_premises);
    let mut out = Vec::new();
    for i in sites {
        let step = &case.proof.steps[i];
        let others: Vec<u64> = case.proof.steps[..i]
            .iter()
            .map(|s| s.id)
            .filter(|id| !step.premises.contains(id))
            .collect();
        if others.is_empty() {
            continue;
        }
        let (k, q) = (rng.below(step.premises.len()), others[rng.below(others.len())]);
        out.push(at(case, i, |s| s.premises[k] = q));
    }
    out
}

fn premise_forward(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let steps = &case.proof.steps;
    let sites = sites(case, rng, has_premises);
    let mut out = Vec::new();
    for i in sites {
        // The next step's id when there is one: a real step, only later.
        let later = steps.get(i + 1).map_or(steps[i].id.saturating_add(1), |s| s.id);
        let k = rng.below(steps[i].premises.len());
        out.push(at(case, i, |s| s.premises[k] = later));
    }
    out
}

fn premise_self(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let sites = sites(case, rng, has_premises);
    let mut out = Vec::new();
    for i in sites {
        let k = rng.below(case.proof.steps[i].premises.len());
        out.push(at(case, i, |s| s.premises[k] = s.id));
    }
    out
}

/// A premise naming an id no step has: ids are spread out (doubled, which keeps the proof
/// valid), then a premise cites the odd id just below its step's own.
fn premise_unknown(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let sites = sites(case, rng, |s| has_premises(s) && s.id > 0);
    let mut out = Vec::new();
    for i in sites {
        let k = rng.below(case.proof.steps[i].premises.len());
        let mut m = at(case, i, |_| {});
        spread_ids(&mut m.proof);
        let step = &mut m.proof.steps[i];
        step.premises[k] = step.id - 1;
        m.step = Some(step.id);
        out.push(m);
    }
    out
}

/// Doubles every id and every reference to one.
pub fn spread_ids(proof: &mut Proof) {
    for s in &mut proof.steps {
        s.id *= 2;
        for p in &mut s.premises {
            *p *= 2;
        }
        s.scope = s.scope.map(|a| a * 2);
    }
}

/// The position of each step's home subproof (an Assume's home is itself), and, per
/// position, whether that step's home is closed when step `k` is checked.
fn closed_at(proof: &Proof, k: usize) -> Vec<usize> {
    let pos = |id: u64| proof.steps.iter().position(|s| s.id == id);
    let mut stack: Vec<usize> = Vec::new();
    let mut home: Vec<Option<usize>> = Vec::new();
    for (i, s) in proof.steps.iter().enumerate().take(k + 1) {
        let target = s.scope.and_then(pos);
        while stack.last().is_some_and(|&t| Some(t) != target) {
            stack.pop();
        }
        if i == k {
            break;
        }
        let opens = s.rule == Rule::Assume;
        home.push(if opens { Some(i) } else { target });
        if opens {
            stack.push(i);
        }
    }
    let closed = |h: &Option<usize>| h.is_some_and(|h| !stack.contains(&h));
    (0..home.len()).filter(|&j| closed(&home[j])).collect()
}

fn premise_closed(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let keep = |s: &Step| has_premises(s) && s.rule != Rule::Negation;
    let all: Vec<usize> =
        (0..case.proof.steps.len()).filter(|&i| keep(&case.proof.steps[i])).collect();
    // Only steps after some subproof has closed can cite one; scan from the end.
    let mut out = Vec::new();
    for &i in all.iter().rev() {
        if out.len() >= PER_CASE {
            break;
        }
        let closed = closed_at(&case.proof, i);
        if closed.is_empty() {
            continue;
        }
        let j = closed[rng.below(closed.len())];
        let (q, k) = (case.proof.steps[j].id, rng.below(case.proof.steps[i].premises.len()));
        out.push(at(case, i, |s| s.premises[k] = q));
    }
    out
}

fn premise_reorder(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let distinct = |s: &Step| s.premises.len() >= 2;
    sites(case, rng, distinct).into_iter().map(|i| at(case, i, |s| s.premises.reverse())).collect()
}

fn is_negation(s: &Step) -> bool {
    s.rule == Rule::Negation && s.premises.len() == 2
}

fn negation_non_bottom(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let steps = &case.proof.steps;
    let mut out = Vec::new();
    for i in sites(case, rng, is_negation) {
        let a = steps[i].premises[0];
        // Prefer a literal inside the refuted subproof: the nearest miss.
        let inside: Vec<u64> = steps[..i]
            .iter()
            .filter(|s| s.fact != Fact::Bottom && s.scope == Some(a))
            .map(|s| s.id)
            .collect();
        let q = if inside.is_empty() { a } else { inside[rng.below(inside.len())] };
        out.push(at(case, i, |s| s.premises[1] = q));
    }
    out
}

fn negation_other_assume(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let steps = &case.proof.steps;
    let mut out = Vec::new();
    for i in sites(case, rng, is_negation) {
        let a = steps[i].premises[0];
        let assumes: Vec<u64> = steps[..i]
            .iter()
            .filter(|s| s.rule == Rule::Assume && s.id != a)
            .map(|s| s.id)
            .collect();
        if let Some(&q) = assumes.get(rng.below(assumes.len())) {
            out.push(at(case, i, |s| s.premises[0] = q));
        }
    }
    out
}

/// A step moved to another scope: into the root from a subproof, or into the nearest
/// Assume before it from the root.
fn scope_change(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let steps = &case.proof.steps;
    let mut out = Vec::new();
    for i in sites(case, rng, |_| true) {
        let scope = match steps[i].scope {
            Some(_) => None,
            None => match steps[..i].iter().rev().find(|s| s.rule == Rule::Assume) {
                Some(a) => Some(a.id),
                None => continue,
            },
        };
        out.push(at(case, i, |s| s.scope = scope));
    }
    out
}

fn step_removed(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let mut out = Vec::new();
    for i in sites(case, rng, |_| true) {
        let mut proof = case.proof.clone();
        let removed = proof.steps.remove(i);
        out.push(Mutant { proof, step: Some(removed.id) });
    }
    out
}

fn id_not_increasing(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let steps = &case.proof.steps;
    let mut out = Vec::new();
    for i in sites(case, rng, |s| s.id > 0).into_iter().filter(|&i| i > 0) {
        let previous = steps[i - 1].id;
        out.push(at(case, i, |s| s.id = previous));
    }
    out
}
