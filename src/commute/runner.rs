//! The fixpoint runner: fires rule instances in a schedule's order, recording every step in
//! a [`Trace`] (as `Cn` does) so that each fixpoint comes with a certificate.

use super::schedule::{Rng, RuleKind, Schedule};
use crate::cn::Cn;
use crate::grid::{Cell, Digit, Grid};
use crate::proof::certificate;
use crate::rules::{self, Placement, RuleSet};
use crate::state::State;
use crate::trace::{Conclusion, StepId, Trace, NONE};
use deduku_check::format::{Claim, Proof, Rule};

/// One applicable rule instance: what it concludes and the steps it cites.
#[derive(Clone, Debug)]
struct Firing {
    rule: Rule,
    place: Option<(Cell, Digit)>,
    elims: Vec<(Cell, Digit)>,
    premises: Vec<StepId>,
}

/// A run from the givens of a grid: the state, its trace, and the counters.
#[derive(Clone, Debug)]
pub struct Run {
    /// The givens the run started from.
    pub givens: Grid,
    /// The derived literals.
    pub state: State,
    /// Every derived step.
    pub trace: Trace,
    /// The ⊥ step, once derived (absorbing: nothing fires after it).
    pub bottom: Option<StepId>,
    /// Instances fired that derived something new.
    pub steps: usize,
    /// Rounds: one per instance for priority schedules, one per sweep or parallel round otherwise.
    pub rounds: usize,
}

impl Run {
    /// The state of `givens` closed under Exclusion (or ⊥ if two givens clash).
    pub fn start(givens: &Grid) -> Run {
        let mut trace = Trace::new();
        let (state, bottom) = match Cn::new(RuleSet::NONE).start(givens, &mut trace) {
            Ok(state) => (state, None),
            Err(b) => (State::new(givens.order()), Some(b)),
        };
        Run { givens: givens.clone(), state, trace, bottom, steps: 0, rounds: 0 }
    }

    /// Fire instances of `kinds` in `schedule`'s order until none applies (or ⊥).
    pub fn saturate(&mut self, kinds: &[RuleKind], schedule: &Schedule) {
        let mut rng = match schedule {
            Schedule::Random(seed) => Some(Rng::new(*seed)),
            _ => None,
        };
        while self.bottom.is_none() {
            if let Some(b) = self.find_bottom() {
                self.bottom = Some(b);
                return;
            }
            let mut batch = match schedule {
                Schedule::Priority(order) => {
                    let allowed: Vec<RuleKind> =
                        order.iter().copied().filter(|k| kinds.contains(k)).collect();
                    self.first_kind(&allowed)
                }
                Schedule::Random(_) | Schedule::Parallel => self.all(kinds),
            };
            if batch.is_empty() {
                return;
            }
            if let Some(rng) = rng.as_mut() {
                rng.shuffle(&mut batch);
            }
            if matches!(schedule, Schedule::Priority(_)) {
                batch.truncate(1);
            }
            self.rounds += 1;
            for f in batch {
                if self.bottom.is_some() {
                    return;
                }
                self.fire(f);
            }
        }
    }

    /// Every instance of the first kind in `order` that has one.
    fn first_kind(&self, order: &[RuleKind]) -> Vec<Firing> {
        order.iter().map(|&k| self.instances(k)).find(|v| !v.is_empty()).unwrap_or_default()
    }

    /// Every instance of every kind.
    fn all(&self, kinds: &[RuleKind]) -> Vec<Firing> {
        kinds.iter().flat_map(|&k| self.instances(k)).collect()
    }

    /// The applicable instances of one kind, each deriving something new.
    fn instances(&self, kind: RuleKind) -> Vec<Firing> {
        let s = &self.state;
        let geo = s.geo();
        let mut buf = Vec::new();
        let single = |p: Placement, buf: &Vec<StepId>| Firing {
            rule: p.rule,
            place: Some((p.lit.cell, p.lit.digit)),
            elims: Vec::new(),
            premises: buf.clone(),
        };
        let mut out = Vec::new();
        match kind {
            RuleKind::NakedSingle => {
                for cell in geo.all_cells() {
                    if let Some(ded) = rules::naked_single(s, cell, &mut buf) {
                        out.push(single(ded, &buf));
                    }
                }
            }
            RuleKind::HiddenSingle => {
                for unit in 0..geo.unit_count() {
                    for d in (1..=s.side()).map(Digit::new) {
                        if let Some(ded) = rules::hidden_single(s, unit, d, &mut buf) {
                            out.push(single(ded, &buf));
                        }
                    }
                }
            }
            pattern => {
                let mut found = Vec::new();
                rules::pattern_instances(s, pattern.into(), false, &mut found);
                out.extend(found.into_iter().map(|i| Firing {
                    rule: i.rule,
                    place: None,
                    elims: i.lits,
                    premises: i.premises.iter().map(|&(c, d)| s.elim_step(c, d)).collect(),
                }));
            }
        }
        out
    }

    /// A ⊥ step if a cell has no candidate or a digit no place in a unit.
    fn find_bottom(&mut self) -> Option<StepId> {
        let s = &self.state;
        let geo = s.geo();
        let mut buf = Vec::new();
        let ded =
            geo.all_cells().find_map(|c| rules::empty_cell(s, c, &mut buf)).or_else(|| {
                (0..geo.unit_count()).find_map(|u| {
                    (1..=s.side()).find_map(|d| rules::no_place(s, u, Digit::new(d), &mut buf))
                })
            })?;
        Some(self.trace.push(Conclusion::Bottom, ded.rule, &buf, s.scope))
    }

    /// Apply one instance, skipping what is already derived.
    fn fire(&mut self, f: Firing) {
        if let Some((cell, digit)) = f.place {
            if self.state.placed(cell) == Some(digit) {
                return;
            }
            let id = self.trace.push(Conclusion::place(cell, digit), f.rule, &f.premises, NONE);
            self.steps += 1;
            self.place(cell, digit, id);
            return;
        }
        let fresh: Vec<_> =
            f.elims.into_iter().filter(|&(c, d)| self.state.cands(c).contains(d)).collect();
        if !fresh.is_empty() {
            self.steps += 1;
        }
        for (c, d) in fresh {
            let e = self.trace.push(Conclusion::elim(c, d), f.rule, &f.premises, NONE);
            self.state.eliminate(c, d, e);
        }
    }

    /// Record `cell=digit` (step `id`) and its exclusions, or ⊥ by Clash.
    fn place(&mut self, cell: Cell, digit: Digit, id: StepId) {
        let mut buf = Vec::new();
        if let Some(ded) = rules::clash(&self.state, cell, digit, id, &mut buf) {
            self.bottom = Some(self.trace.push(Conclusion::Bottom, ded.rule, &buf, NONE));
            return;
        }
        self.state.place(cell, digit, id);
        let mut lits = Vec::new();
        rules::exclusions(&self.state, cell, digit, &mut lits);
        for (c, d) in lits {
            let e = self.trace.push(Conclusion::elim(c, d), Rule::Exclusion, &[id], NONE);
            self.state.eliminate(c, d, e);
        }
    }

    /// The step deriving a literal, if the run derived it.
    pub fn step_of(&self, cell: Cell, digit: Digit, positive: bool) -> Option<StepId> {
        let id = match positive {
            true if self.state.placed(cell) == Some(digit) => self.state.place_step(cell),
            true => NONE,
            false => self.state.elim_step(cell, digit),
        };
        (id != NONE).then_some(id)
    }

    /// A certificate of everything the run derived: ⊥, or every placement and every
    /// elimination in an open cell (`extra` steps are kept as well).
    pub fn certificate(&self, extra: &[StepId]) -> Proof {
        if let Some(b) = self.bottom {
            return certificate(&self.givens, Claim::Contradiction, &self.trace, &[b]);
        }
        let s = &self.state;
        let mut roots: Vec<StepId> = extra.to_vec();
        for cell in s.geo().all_cells() {
            match s.placed(cell) {
                Some(_) if self.givens.get(cell).is_none() => roots.push(s.place_step(cell)),
                Some(_) => {}
                None => roots.extend(
                    (1..=s.side()).filter_map(|d| self.step_of(cell, Digit::new(d), false)),
                ),
            }
        }
        let claim = Claim::Consequences(s.grid().to_line());
        certificate(&self.givens, claim, &self.trace, &roots)
    }
}
