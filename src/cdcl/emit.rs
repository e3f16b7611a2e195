//! Recording: every literal fixed at the root, and every learned clause, become steps of
//! the trace as the search goes.
//!
//! A learned clause `l₁ ∨ … ∨ l_m` is proved by nested subproofs assuming `¬l₁ … ¬l_m` (the
//! literals the conflict found true), inside which the implications the conflict analysis
//! resolved are replayed in trail order, each by the rule that implied it, down to the
//! conflict's ⊥. The clause is *RUP*: every premise of the replay is a hypothesis, an earlier
//! replayed literal, or a root fact. A later use of the clause is a `Lemma` step citing that
//! ⊥ with the hypotheses that hold where it is used.
//!
//! An elimination implied by a placement (`Reason::Excl`) gets no step: its step is the
//! placement's, which the singles, EmptyCell, NoPlace, Clash and Lemma may cite for it. Where
//! a rule needs the elimination as a step of its own (the first premise of EmptyCell and
//! NoPlace), an Exclusion step is written then ([`Recorder::explicit`]).

use super::assign::{Assign, Conflict, Reason};
use super::clauses::Db;
use super::lit::L;
use crate::rules::format_unit;
use crate::trace::{Conclusion, StepId, Trace, NONE};
use deduku_check::format::Rule;

/// The trace and where each literal's step is.
pub(super) struct Recorder {
    pub trace: Trace,
    /// Per variable, the root step of its value (fixed at level 0), or `NONE`.
    root: Vec<StepId>,
    /// Trail literals of level 0 already recorded.
    root_done: usize,
    /// Per variable, its step in the lemma being recorded, valid when `stamp == gen`.
    local: Vec<StepId>,
    stamp: Vec<u32>,
    gen: u32,
    premises: Vec<StepId>,
    antecedents: Vec<L>,
}

impl Recorder {
    /// An empty trace over `vars` variables.
    pub fn new(vars: usize) -> Recorder {
        Recorder {
            trace: Trace::new(),
            root: vec![NONE; vars],
            root_done: 0,
            local: vec![NONE; vars],
            stamp: vec![0; vars],
            gen: 1,
            premises: Vec::new(),
            antecedents: Vec::new(),
        }
    }

    /// The root step of variable `var`'s fixed value, if it has one.
    pub fn root_step(&self, var: u32) -> Option<StepId> {
        Some(self.root[var as usize]).filter(|&s| s != NONE)
    }

    /// Records the literals fixed at level 0 since the last call, in trail order.
    pub fn sync_root(&mut self, a: &Assign, db: &Db) {
        let end = a.trail_lim.first().copied().unwrap_or(a.trail.len());
        while self.root_done < end {
            let l = a.trail[self.root_done];
            let step = self.fact(a, db, l, NONE);
            self.root[l.var() as usize] = step;
            self.root_done += 1;
        }
    }

    /// Records the proof of the clause `learnt` (the conflict's `resolved` literals in trail
    /// order) and returns its ⊥.
    pub fn lemma(
        &mut self,
        a: &Assign,
        db: &Db,
        learnt: &[L],
        resolved: &[L],
        c: Conflict,
    ) -> StepId {
        self.gen += 1;
        let mut scope = NONE;
        for &l in learnt.iter().rev() {
            let hyp = l.not();
            scope = self.trace.push(Conclusion::Lit(a.vars.lit(hyp)), Rule::Assume, &[], scope);
            self.set_local(hyp, scope);
        }
        for &l in resolved {
            let step = self.fact(a, db, l, scope);
            self.set_local(l, step);
        }
        let bottom = self.bottom(a, db, c, scope);
        // Steps of a closed lemma are no premises for anything after it.
        self.gen += 1;
        bottom
    }

    /// Records ⊥ from conflict `c` in `scope`.
    pub fn bottom(&mut self, a: &Assign, db: &Db, c: Conflict, scope: StepId) -> StepId {
        self.antecedents.clear();
        a.conflict_antecedents(c, &mut self.antecedents);
        let (rule, lemma) = match c {
            Conflict::Clash { by, placed } => {
                let by = self.premise(L::place(by));
                let place = self.premise(L::place(placed));
                return self.trace.push(Conclusion::Bottom, Rule::Clash, &[place, by], scope);
            }
            Conflict::Empty(_) => (Rule::EmptyCell, None),
            Conflict::NoPlace(unit, _) => {
                (Rule::NoPlace(format_unit(a.geo.unit(unit as usize))), None)
            }
            Conflict::Clause(id) => {
                self.antecedents.extend(db.lits(id).iter().map(|l| l.not()));
                (Rule::Lemma, Some(db.bottom(id)))
            }
        };
        self.push(a, Conclusion::Bottom, rule, lemma, scope)
    }

    /// Records trail literal `l` in `scope`, by the rule of its reason.
    fn fact(&mut self, a: &Assign, db: &Db, l: L, scope: StepId) -> StepId {
        self.antecedents.clear();
        let reason = a.reason[l.var() as usize];
        a.antecedents(l, reason, &mut self.antecedents);
        let conclusion = Conclusion::Lit(a.vars.lit(l));
        let (rule, lemma) = match reason {
            Reason::Given => (Rule::Given, None),
            // Implied by the placement: no step of its own.
            Reason::Excl(by) => return self.premise(L::place(by)),
            Reason::Naked => (Rule::NakedSingle, None),
            Reason::Hidden(unit) => {
                (Rule::HiddenSingle(format_unit(a.geo.unit(unit as usize))), None)
            }
            Reason::Clause(id) => {
                self.antecedents.extend(db.lits(id).iter().filter(|&&m| m != l).map(|m| m.not()));
                (Rule::Lemma, Some(db.bottom(id)))
            }
            Reason::Decision => unreachable!("a decision is never replayed"),
        };
        self.push(a, conclusion, rule, lemma, scope)
    }

    /// Pushes a step whose premises are `lemma` (if any) and then the antecedents' steps. The
    /// first premise of EmptyCell and NoPlace names the cell or digit: it is an explicit
    /// elimination. A placement standing for several eliminations of a HiddenSingle or NoPlace
    /// is cited once; a Lemma cites it once per hypothesis, since the kernel bounds its walk
    /// through the hypotheses' subproofs by its premise count.
    fn push(
        &mut self,
        a: &Assign,
        conclusion: Conclusion,
        rule: Rule,
        lemma: Option<StepId>,
        scope: StepId,
    ) -> StepId {
        self.premises.clear();
        self.premises.extend(lemma);
        let names = matches!(rule, Rule::EmptyCell | Rule::NoPlace(_));
        let dedup = matches!(rule, Rule::HiddenSingle(_) | Rule::NoPlace(_));
        for i in 0..self.antecedents.len() {
            let l = self.antecedents[i];
            let p = if names && i == 0 { self.explicit(a, l, scope) } else { self.premise(l) };
            if !dedup || !self.premises.contains(&p) {
                self.premises.push(p);
            }
        }
        self.trace.push(conclusion, rule, &self.premises, scope)
    }

    /// The step of true literal `l` as a step of its own: an elimination implied by a
    /// placement gets an Exclusion step in `scope`, kept for later citations in the same
    /// lemma (or for good, at the root).
    fn explicit(&mut self, a: &Assign, l: L, scope: StepId) -> StepId {
        let p = self.premise(l);
        let implied = !l.is_place()
            && matches!(self.trace.step(p).conclusion, Conclusion::Lit(lit) if lit.positive);
        if !implied {
            return p;
        }
        let step = self.trace.push(Conclusion::Lit(a.vars.lit(l)), Rule::Exclusion, &[p], scope);
        if scope == NONE {
            self.root[l.var() as usize] = step;
        } else {
            self.set_local(l, step);
        }
        step
    }

    /// The step of true literal `l`: in the lemma being recorded, or at the root.
    fn premise(&self, l: L) -> StepId {
        let v = l.var() as usize;
        let step = if self.stamp[v] == self.gen { self.local[v] } else { self.root[v] };
        debug_assert!(step != NONE, "no step for a premise");
        step
    }

    fn set_local(&mut self, l: L, step: StepId) {
        let v = l.var() as usize;
        self.local[v] = step;
        self.stamp[v] = self.gen;
    }
}
