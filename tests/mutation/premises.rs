//! The premise corruptions: dropped, duplicated, swapped, pointing forward, at itself, at
//! nothing, into a closed subproof, reordered; and a Negation's two premises mis-cited.

use super::corpus::Case;
use super::mutate::{at, sites, Mutant, PER_CASE};
use super::rng::Rng;
use deduku_check::format::{Fact, Proof, Rule, Step};

pub fn has_premises(s: &Step) -> bool {
    !s.premises.is_empty()
}

pub fn premise_drop(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
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

/// A premise that is not a placement cited a second time: a placement may be cited again for
/// the other eliminations it implies (docs/proof-format.md), an elimination or ⊥ may not.
pub fn premise_dup(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let fact_of = |id: &u64| case.proof.steps.iter().find(|s| s.id == *id).map(|s| s.fact);
    let not_placed = |id: &u64| !matches!(fact_of(id), Some(Fact::Place { .. }));
    let sites = sites(case, rng, |s| s.premises.iter().any(not_placed));
    let mut out = Vec::new();
    for i in sites {
        let candidates: Vec<u64> =
            case.proof.steps[i].premises.iter().copied().filter(not_placed).collect();
        let q = candidates[rng.below(candidates.len())];
        out.push(at(case, i, |s| s.premises.push(q)));
    }
    out
}

/// A premise replaced by another earlier step, not already cited.
pub fn premise_swap(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
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

pub fn premise_forward(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
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

pub fn premise_self(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
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
pub fn premise_unknown(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
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

pub fn premise_closed(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
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

pub fn premise_reorder(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let distinct = |s: &Step| s.premises.len() >= 2;
    sites(case, rng, distinct).into_iter().map(|i| at(case, i, |s| s.premises.reverse())).collect()
}

fn is_negation(s: &Step) -> bool {
    s.rule == Rule::Negation && s.premises.len() == 2
}

pub fn negation_non_bottom(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
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

pub fn negation_other_assume(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
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
