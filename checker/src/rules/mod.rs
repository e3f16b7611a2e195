//! The inference rules of format version 1: one exhaustive `match`, one small function each.
//!
//! The kernel hands a rule the step and its premises already resolved (ids known, earlier, in
//! scope, facts in range); a rule checks only its own pattern: the fact's shape and the exact
//! premise literals. Premise patterns are listed in `docs/proof-format.md`.

mod basic;
mod cover;
mod falsum;
mod lemma;
mod negation;
mod singles;
mod subsets;
mod unit_peers;

use crate::error::CheckError;
use crate::format::{Fact, Rule, Step, Unit};
use crate::geometry::Geometry;
use crate::grid::GridValues;
use crate::notation::CellRef;

/// What a rule may look at: the grid's shape, the givens, and the step itself.
pub(crate) struct Ctx<'a> {
    /// The grid's geometry.
    pub geo: &'a Geometry,
    /// The header's puzzle.
    pub puzzle: &'a GridValues,
    /// The step being checked.
    pub step: &'a Step,
    /// For a Lemma: the hypotheses of the closed subproofs around its ⊥ premise, innermost
    /// first (see [`Rule::Lemma`]); empty for every other rule.
    pub chain: &'a [Fact],
}

/// A premise, resolved by the kernel to what its step says.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Premise {
    /// The premise's step id.
    pub id: u64,
    /// That step's fact.
    pub fact: Fact,
    /// Whether that step is an Assume (all a rule asks of its rule: the resolved premise is
    /// copied for every premise of every step, and a whole `Rule` made it 56 bytes, not 32).
    pub assume: bool,
    /// That step's scope (the id of its innermost open Assume, `None` for the root) —
    /// resolved only when the citing step is a Negation, the one rule that asks (of its
    /// Assume and its ⊥); `None` for every other rule's premises. The lookup, one more load
    /// per premise, was 5 % of checking an easy certificate.
    pub scope: Option<u64>,
    /// For an Assume: whether its subproof is still open.
    pub open: bool,
}

/// Checks that the step's rule concludes its fact from exactly these premises.
///
/// Only Given and HiddenSingle, nearly every step of an easy certificate, are compiled into
/// this function (and with it into the kernel's pass); every other rule is `#[inline(never)]`.
/// Inlined, their code gave the function a frame of six saved registers and 400 bytes that
/// every step paid for, a Given's included: out of line, checking takes 9.5–10.7 % fewer
/// instructions on pe96, top95, 17-clue and forum_hardest (docs/performance.md).
pub(crate) fn check_rule(ctx: &Ctx, premises: &[Premise]) -> Result<(), CheckError> {
    match ctx.step.rule {
        Rule::Given => basic::given(ctx, premises),
        Rule::Exclusion => basic::exclusion(ctx, premises),
        Rule::NakedSingle => singles::naked_single(ctx, premises),
        Rule::HiddenSingle(unit) => singles::hidden_single(ctx, premises, unit),
        Rule::EmptyCell => falsum::empty_cell(ctx, premises),
        Rule::NoPlace(unit) => falsum::no_place(ctx, premises, unit),
        Rule::Clash => falsum::clash(ctx, premises),
        Rule::Assume => basic::assume(ctx, premises),
        Rule::Negation => negation::negation(ctx, premises),
        Rule::Lemma => lemma::lemma(ctx, premises),
        Rule::LockedCandidates { from, to, digit } => {
            subsets::locked(ctx, premises, from, to, digit)
        }
        Rule::NakedSubset { unit, cells, digits } => {
            subsets::naked(ctx, premises, unit, cells, digits)
        }
        Rule::HiddenSubset { unit, cells, digits } => {
            subsets::hidden(ctx, premises, unit, cells, digits)
        }
    }
}

/// The most premises `rule` names on this grid: `N²`, except `N³` for a Lemma. The largest
/// patterns, subsets of `k` cells, name `k·(N−k) ≤ N²/4`; a Lemma names its ⊥ and at most
/// one premise per distinct hypothesis, and a learned clause has at most one literal per
/// variable (`N³` of them). The kernel refuses longer lists before resolving them, so a step
/// citing millions of premises costs no more than its text.
pub(crate) fn premise_limit(geo: &Geometry, rule: Rule) -> usize {
    match rule {
        Rule::Lemma => geo.cell_count() * usize::from(geo.side()),
        _ => geo.cell_count(),
    }
}

/// Whether the step opens a subproof (its fact then holds only inside it).
pub(crate) fn opens_subproof(rule: Rule) -> bool {
    match rule {
        Rule::Assume => true,
        Rule::Given
        | Rule::Exclusion
        | Rule::NakedSingle
        | Rule::HiddenSingle(_)
        | Rule::EmptyCell
        | Rule::NoPlace(_)
        | Rule::Clash
        | Rule::Negation
        | Rule::Lemma
        | Rule::LockedCandidates { .. }
        | Rule::NakedSubset { .. }
        | Rule::HiddenSubset { .. } => false,
    }
}

/// Whether the kernel's generic test applies to the rule's premise at `index` (usable here).
/// Negation instead cites a closed subproof on purpose and checks that shape itself; so does
/// Lemma with its first premise (the ⊥ of the lemma), whose chain the kernel resolves.
pub(crate) fn generic_scoping(rule: Rule, index: usize) -> bool {
    match rule {
        Rule::Negation => false,
        Rule::Lemma => index > 0,
        Rule::Given
        | Rule::Exclusion
        | Rule::NakedSingle
        | Rule::HiddenSingle(_)
        | Rule::EmptyCell
        | Rule::NoPlace(_)
        | Rule::Clash
        | Rule::Assume
        | Rule::LockedCandidates { .. }
        | Rule::NakedSubset { .. }
        | Rule::HiddenSubset { .. } => true,
    }
}

/// The cell and digit of a placement.
pub(crate) fn as_place(fact: Fact) -> Option<(CellRef, u8)> {
    match fact {
        Fact::Place { r, c, d } => Some((CellRef { r, c }, d)),
        Fact::Elim { .. } | Fact::Bottom => None,
    }
}

/// The opposite literal: `c≠d` for `c=d` and back; `None` for ⊥.
pub(crate) fn opposite(fact: Fact) -> Option<Fact> {
    match fact {
        Fact::Place { r, c, d } => Some(Fact::Elim { r, c, d }),
        Fact::Elim { r, c, d } => Some(Fact::Place { r, c, d }),
        Fact::Bottom => None,
    }
}

/// The cell and digit of an elimination.
pub(crate) fn as_elim(fact: Fact) -> Option<(CellRef, u8)> {
    match fact {
        Fact::Elim { r, c, d } => Some((CellRef { r, c }, d)),
        Fact::Place { .. } | Fact::Bottom => None,
    }
}

/// The mask with bit `k` set; empty for `k ≥ 64` (no position or digit of a grid).
pub(crate) fn bit(k: u8) -> u64 {
    1u64.checked_shl(u32::from(k)).unwrap_or(0)
}

impl Ctx<'_> {
    /// A `WrongFact` for this step.
    fn wrong_fact(&self, expected: impl Into<String>) -> CheckError {
        let (step, rule, fact) = (self.step.id, self.step.rule, self.step.fact);
        CheckError::WrongFact { step, rule, fact, expected: expected.into() }
    }

    /// A `WrongPremise` for this step.
    fn wrong_premise(&self, p: &Premise, expected: impl Into<String>) -> CheckError {
        let (step, rule) = (self.step.id, self.step.rule);
        CheckError::WrongPremise {
            step,
            rule,
            premise: p.id,
            found: p.fact,
            expected: expected.into(),
        }
    }

    /// A `PremiseCount` for this step: `expected` premises (at least), `premises` found.
    fn count_error(&self, premises: &[Premise], expected: usize) -> CheckError {
        let (step, rule, found) = (self.step.id, self.step.rule, premises.len());
        CheckError::PremiseCount { step, rule, expected, found }
    }

    /// Rejects any premise count but `expected`.
    fn count(&self, premises: &[Premise], expected: usize) -> Result<(), CheckError> {
        if premises.len() == expected {
            return Ok(());
        }
        let (step, rule, found) = (self.step.id, self.step.rule, premises.len());
        Err(CheckError::PremiseCount { step, rule, expected, found })
    }

    /// The step's fact, which must be a placement.
    fn place(&self) -> Result<(CellRef, u8), CheckError> {
        as_place(self.step.fact).ok_or_else(|| self.wrong_fact("a placement"))
    }

    /// The step's fact, which must be an elimination.
    fn elim(&self) -> Result<(CellRef, u8), CheckError> {
        as_elim(self.step.fact).ok_or_else(|| self.wrong_fact("an elimination"))
    }

    /// Rejects any fact but ⊥.
    fn bottom(&self) -> Result<(), CheckError> {
        match self.step.fact {
            Fact::Bottom => Ok(()),
            Fact::Place { .. } | Fact::Elim { .. } => Err(self.wrong_fact("⊥")),
        }
    }

    /// Rejects a unit index outside `1..=N`.
    fn unit(&self, unit: Unit) -> Result<(), CheckError> {
        if self.geo.unit_in_range(unit) {
            return Ok(());
        }
        let (step, rule, side) = (self.step.id, self.step.rule, self.geo.side());
        Err(CheckError::UnitOutOfRange { step, rule, unit, side })
    }
}

/// Whether `fact` implies the elimination `want` (`c≠d`): it is that elimination, or a
/// placement of another digit in `c`, or a placement of `d` in a peer of `c` — the Exclusion
/// rule's relation, which is sound in every valid grid.
pub(crate) fn implies(geo: &Geometry, fact: Fact, want: Fact) -> bool {
    let Some((cell, d)) = as_elim(want) else { return false };
    match fact {
        Fact::Elim { .. } => fact == want,
        Fact::Place { r, c, d: e } => {
            let at = CellRef { r, c };
            (at == cell && e != d) || (e == d && geo.are_peers(at, cell))
        }
        Fact::Bottom => false,
    }
}

/// Shared helpers for the rules' unit tests: an order-2 context and premise builders.
#[cfg(test)]
pub(crate) mod testkit {
    use super::*;
    use crate::grid::GridField;

    /// The 4x4 puzzle the rule tests use: r1c1=1 and r2c3=4 given.
    pub(crate) const PUZZLE: &str = "1.....4.........";

    /// Runs `check_rule` for a step of order 2 with the given premises.
    pub(crate) fn run(step: Step, premises: &[Premise]) -> Result<(), CheckError> {
        let geo = Geometry::new(2).expect("order 2");
        let puzzle = GridValues::parse(PUZZLE, &geo, GridField::Puzzle).expect("puzzle parses");
        check_rule(&Ctx { geo: &geo, puzzle: &puzzle, step: &step, chain: &[] }, premises)
    }

    /// Runs `check_rule` for a Lemma of order 2 whose ⊥ premise has this chain.
    pub(crate) fn run_lemma(
        step: Step,
        premises: &[Premise],
        chain: &[Fact],
    ) -> Result<(), CheckError> {
        let geo = Geometry::new(2).expect("order 2");
        let puzzle = GridValues::parse(PUZZLE, &geo, GridField::Puzzle).expect("puzzle parses");
        check_rule(&Ctx { geo: &geo, puzzle: &puzzle, step: &step, chain }, premises)
    }

    /// A root-scope step.
    pub(crate) fn step(id: u64, fact: Fact, rule: Rule) -> Step {
        Step { id, fact, rule, premises: Default::default(), scope: None }
    }

    /// A root-scope premise with a derived (Exclusion) rule.
    pub(crate) fn prem(id: u64, fact: Fact) -> Premise {
        Premise { id, fact, assume: false, scope: None, open: false }
    }

    /// `rRcC=D`.
    pub(crate) const fn pl(r: u8, c: u8, d: u8) -> Fact {
        Fact::Place { r, c, d }
    }

    /// `rRcC≠D`.
    pub(crate) const fn el(r: u8, c: u8, d: u8) -> Fact {
        Fact::Elim { r, c, d }
    }

    /// Premises numbered from `first` for the given facts.
    pub(crate) fn prems(first: u64, facts: &[Fact]) -> Vec<Premise> {
        facts.iter().zip(first..).map(|(&f, id)| prem(id, f)).collect()
    }
}
