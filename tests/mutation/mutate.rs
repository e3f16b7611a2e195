//! The single-point corruption classes: each makes mutants of one certificate and says which
//! rejections are the right ones and where they must be reported.

use super::corpus::Case;
use super::premises;
use super::rng::Rng;
use deduku_check::format::{Fact, Proof, Rule, Step};

/// How many sites each class corrupts per certificate.
pub const PER_CASE: usize = 6;

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
        c("rule: wrong unit", UNIT, Exact, Some(BOTH_UNITS), rule_unit),
        c("rule: wrong rule", RULE_SWAP, AtOrAfter, Some(FITS_BOTH), rule_swap),
        c(
            "premise dropped",
            &["PremiseCount", "MissingPremise", "WrongPremise"],
            Exact,
            Some(OVERLAP),
            premises::premise_drop,
        ),
        c(
            "premise duplicated",
            &["PremiseCount", "DuplicatePremise"],
            Exact,
            None,
            premises::premise_dup,
        ),
        c("premise swapped", SWAP, Exact, Some(SAME_FACT), premises::premise_swap),
        c("premise forward", &["PremiseForward"], Exact, None, premises::premise_forward),
        c("premise self", &["PremiseSelf"], Exact, None, premises::premise_self),
        c("premise unknown", &["PremiseUnknown"], Exact, None, premises::premise_unknown),
        c(
            "premise from closed subproof",
            &["PremiseOutOfScope"],
            Exact,
            None,
            premises::premise_closed,
        ),
        c(
            "premises reordered",
            &["NegationAssume", "WrongPremise"],
            Exact,
            Some(REORDER),
            premises::premise_reorder,
        ),
        c("negation cites non-⊥", &["NegationBottom"], Exact, None, premises::negation_non_bottom),
        c("negation cites other Assume", NEG_OTHER, Exact, None, premises::negation_other_assume),
        c("step scope changed", SCOPE, AtOrAfter, None, scope_change),
        c("step removed", REMOVED, AtOrAfter, Some(UNCLAIMED), step_removed),
        c("ids not increasing", &["IdNotIncreasing"], Exact, None, id_not_increasing),
    ]
    .into_iter()
    .chain(super::claims::classes())
    .chain(super::minimal::classes())
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
    "MissingPremise",
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
const ANY: &[&str] = &["Solution", "Contradiction", "Consequences", "Multiple", "Minimal"];
const SAME_FACT: Allowance = Allowance {
    claims: ANY,
    why: "the substitute states the same literal as the original premise",
};
const OVERLAP: Allowance = Allowance {
    claims: ANY,
    why: "what the dropped premise stated or implied, the remaining placements imply too \
          (placements overlap: one box placement rules a digit out of several cells of a row)",
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
    claims: ANY,
    why: "an elimination moved to another peer of its placement is still a valid Exclusion: \
          uncited (a Consequences claim lists placements only), or the first premise of a \
          NoPlace beside that placement, which still implies the original elimination",
};
const UNIT: &[&str] = &["WrongFact", "WrongPremise", "MissingPremise"];
const BOTH_UNITS: Allowance = Allowance {
    claims: ANY,
    why: "the placements cited rule the digit out of the other cells of the new unit too \
          (on 4x4, two placements of a digit can cover a box and a line at once)",
};
const FITS_BOTH: Allowance = Allowance {
    claims: ANY,
    why: "the premises fit the new rule too (the placements of a hidden single's peers can \
          make a naked single), or an uncited Given became an Assume (givens need no step)",
};

/// The positions of the steps satisfying `keep`, sampled.
pub fn sites(case: &Case, rng: &mut Rng, keep: impl Fn(&Step) -> bool) -> Vec<usize> {
    let all: Vec<usize> =
        (0..case.proof.steps.len()).filter(|&i| keep(&case.proof.steps[i])).collect();
    rng.sample(&all, PER_CASE)
}

/// A mutant whose step at `i` is changed by `edit`.
pub fn at(case: &Case, i: usize, edit: impl FnOnce(&mut Step)) -> Mutant {
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
