//! The checker's verdict as the renderings show it: a rejection is placed at its line
//! (line number and certificate id), and a missing premise is traced to the earlier line
//! that derives it, if any.

use super::derivation::Derivation;
use super::implied::implies;
use deduku_check::{CheckError, Verified};

/// Where and why the checker rejected a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// Position of the rejected step, when a step is at fault.
    pub position: Option<usize>,
    /// The checker's reason, one line.
    pub reason: String,
    /// What to do about it, when something can be said (the line deriving a missing premise).
    pub hint: Option<String>,
}

impl Rejection {
    /// Place `err` in `d`.
    pub fn locate(d: &Derivation, err: &CheckError) -> Rejection {
        let position = err.step().and_then(|id| position(d, id, err));
        let hint = match (err, position) {
            (CheckError::MissingPremise { missing, .. }, Some(at)) => {
                Some(derived_before(d, at, *missing))
            }
            _ => None,
        };
        Rejection { position, reason: err.to_string(), hint }
    }

    /// `REJECTED at line 10 (step id 13): …`, or `REJECTED …` for the header or claim.
    pub fn headline(&self, d: &Derivation) -> String {
        match self.position {
            Some(p) => format!(
                "REJECTED at line {} (step id {}): {}",
                Derivation::number(p),
                d.lines[p].step.id,
                self.reason
            ),
            None => format!("REJECTED {}", self.reason),
        }
    }

    /// The marker printed under the rejected line in Fitch and steps.
    pub fn marker(&self, d: &Derivation) -> String {
        let mut text = format!("✗ {}", self.headline(d));
        if let Some(h) = &self.hint {
            text.push_str(&format!(" — {h}"));
        }
        text
    }
}

/// The checker's verdict, as renderings receive it.
pub type Verdict = Result<Verified, CheckError>;

/// The verdict's headline: `VERIFIED Solution` or the located rejection.
pub fn headline(d: &Derivation, verdict: &Verdict) -> String {
    match verdict {
        Ok(v) => v.to_string(),
        Err(e) => Rejection::locate(d, e).headline(d),
    }
}

/// The position the checker blames: the step with that id, except that for a repeated id
/// it blames the later copy (the one after `previous`).
fn position(d: &Derivation, id: u64, err: &CheckError) -> Option<usize> {
    match err {
        CheckError::IdNotIncreasing { previous, .. } => (1..d.lines.len())
            .find(|&i| d.lines[i].step.id == id && d.lines[i - 1].step.id == *previous),
        _ => d.position(id),
    }
}

/// Where `missing` is derived before position `at`: in scope there, in a closed box, or not.
fn derived_before(d: &Derivation, at: usize, missing: deduku_check::format::Fact) -> String {
    let open = d.open_boxes(at);
    let visible = |p: usize| d.lines[p].home.map_or(true, |h| open.contains(&h));
    let earlier = (0..at).rev().filter(|&p| d.lines[p].step.fact == missing);
    let (mut usable, mut hidden) = (None, None);
    for p in earlier {
        if visible(p) {
            usable = Some(p);
            break;
        }
        hidden = hidden.or(Some(p));
    }
    let lit = d.digits.lit(missing);
    match (usable, hidden) {
        (Some(p), _) => format!(
            "line {} derives {lit}: cite it (step id {})",
            Derivation::number(p),
            d.lines[p].step.id
        ),
        (None, Some(p)) => format!(
            "line {} derives {lit}, but inside a subproof that is closed here",
            Derivation::number(p)
        ),
        (None, None) => match implying_placement(d, at, missing, visible) {
            Some(p) => format!(
                "no earlier line derives {lit}, but line {} places {}, which implies it: cite \
                 that line (step id {})",
                Derivation::number(p),
                d.lit(p),
                d.lines[p].step.id
            ),
            None => format!("no earlier line derives {lit}"),
        },
    }
}

/// For the rules that take implied eliminations (NakedSingle, HiddenSingle, EmptyCell,
/// NoPlace): the latest placement before `at`, in scope there, that implies `missing` — not
/// one in a single's own cell, which the checker refuses.
fn implying_placement(
    d: &Derivation,
    at: usize,
    missing: deduku_check::format::Fact,
    visible: impl Fn(usize) -> bool,
) -> Option<usize> {
    use deduku_check::format::{Fact, Rule};
    let takes = matches!(
        d.lines[at].step.rule,
        Rule::NakedSingle | Rule::HiddenSingle(_) | Rule::EmptyCell | Rule::NoPlace(_)
    );
    let cell = |f: Fact| match f {
        Fact::Place { r, c, .. } | Fact::Elim { r, c, .. } => Some((r, c)),
        Fact::Bottom => None,
    };
    let own = cell(d.lines[at].step.fact);
    let implying = |p: &usize| {
        let fact = d.lines[*p].step.fact;
        let elsewhere = own.is_none() || cell(fact) != own;
        matches!(fact, Fact::Place { .. }) && elsewhere && implies(d.proof.order, fact, missing)
    };
    (0..at).rev().filter(implying).find(|&p| takes && visible(p))
}
