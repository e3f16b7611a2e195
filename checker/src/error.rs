//! Every way a certificate can be rejected, as one flat enum meant for programs to match on.
//!
//! Display is one stable line: `step 17 (HiddenSingle(Row(3))): premise 12 is r3c4=5, expected
//! an elimination of 5 in row 3`. Rules print with their RON spelling (as in the proof file),
//! literals and cells in 1-based notation.

use crate::format::{Fact, Rule, Unit};
use crate::grid::{GridFault, GridField};
use crate::notation::{show_value, CellRef};

/// A rejected certificate: what was wrong, and where (step id and rule when a step is at fault).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The RON text does not deserialize into a proof.
    #[error("parse: line {line}, column {col}: {msg}")]
    Parse {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        col: usize,
        /// The parser's message.
        msg: String,
    },
    /// The `format` field is not `"deduku-proof"`.
    #[error("header: format {found:?} is not supported (expected \"deduku-proof\")")]
    BadFormat {
        /// The value found.
        found: String,
    },
    /// The `version` field is not 1.
    #[error("header: version {found} is not supported (expected 1)")]
    BadVersion {
        /// The value found.
        found: u32,
    },
    /// The `order` field is outside 2..=8.
    #[error("header: order {found} is not supported (expected 2 to 8)")]
    BadOrder {
        /// The value found.
        found: u8,
    },
    /// A grid string does not parse for the proof's order.
    #[error("{field} {reason}")]
    BadGrid {
        /// Which grid string.
        field: GridField,
        /// What is wrong with it.
        reason: GridFault,
    },
    /// The header's puzzle differs from the caller's givens.
    #[error(
        "header: the certificate's puzzle has {} at {cell} but the puzzle it is checked \
         against has {}: the certificate is about another puzzle",
        show_value(*header),
        show_value(*givens)
    )]
    PuzzleMismatch {
        /// The first cell that differs.
        cell: CellRef,
        /// The header's value there (0 = blank).
        header: u8,
        /// The givens' value there (0 = blank).
        givens: u8,
    },
    /// A step id is not greater than the one before it.
    #[error("step {step} ({rule:?}): id is not greater than the previous id {previous}")]
    IdNotIncreasing {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The id of the step before.
        previous: u64,
    },
    /// A premise id names no earlier step.
    #[error("step {step} ({rule:?}): premise {premise} names no earlier step")]
    PremiseUnknown {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The premise id.
        premise: u64,
    },
    /// A premise id is greater than the step's own id.
    #[error("step {step} ({rule:?}): premise {premise} refers forward")]
    PremiseForward {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The premise id.
        premise: u64,
    },
    /// A step cites itself.
    #[error("step {step} ({rule:?}): premise {premise} is the step itself")]
    PremiseSelf {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The premise id.
        premise: u64,
    },
    /// A premise holds only inside a subproof that is not open at this step.
    #[error("step {step} ({rule:?}): premise {premise} holds only inside subproof {home}, not open here")]
    PremiseOutOfScope {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The premise id.
        premise: u64,
        /// The Assume whose subproof the premise lives in.
        home: u64,
    },
    /// The step's `scope` is not an open subproof (never opened, not an Assume, or closed).
    #[error("step {step} ({rule:?}): scope {scope} is not an open subproof")]
    ScopeNotOpen {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The scope named.
        scope: u64,
    },
    /// A coordinate or digit of the fact is outside `1..=N`.
    #[error("step {step} ({rule:?}): fact {fact} is outside the grid (1 to {side})")]
    FactOutOfRange {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The fact.
        fact: Fact,
        /// The grid's side `N`.
        side: u8,
    },
    /// The rule's unit index is outside `1..=N`.
    #[error("step {step} ({rule:?}): {unit} is outside the grid (1 to {side})")]
    UnitOutOfRange {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The unit.
        unit: Unit,
        /// The grid's side `N`.
        side: u8,
    },
    /// The fact is not what the rule concludes from these premises.
    #[error("step {step} ({rule:?}): fact is {fact}, expected {expected}")]
    WrongFact {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The fact.
        fact: Fact,
        /// What the rule allows here.
        expected: String,
    },
    /// The rule takes a fixed number of premises and got another.
    #[error("step {step} ({rule:?}): has {found} premises, expected {expected}")]
    PremiseCount {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// How many the rule takes.
        expected: usize,
        /// How many the step lists.
        found: usize,
    },
    /// More premises than any rule takes on this grid; rejected before any is looked up.
    #[error("step {step} ({rule:?}): cites {found} premises, more than any rule takes ({limit})")]
    TooManyPremises {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// How many the step lists.
        found: usize,
        /// The most any rule takes on this grid (`N²`).
        limit: usize,
    },
    /// More steps than the checker keeps records of ([`MAX_STEPS`](crate::MAX_STEPS)): a bound
    /// on its memory whatever the input, refused at the first step over it.
    #[error(
        "step {step} ({rule:?}): the certificate has more than {limit} steps, the most the \
         checker keeps in memory"
    )]
    TooManySteps {
        /// The id of the first step over the limit.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The limit.
        limit: usize,
    },
    /// A premise's fact does not fit the rule's pattern.
    #[error("step {step} ({rule:?}): premise {premise} is {found}, expected {expected}")]
    WrongPremise {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The premise id.
        premise: u64,
        /// The premise's fact.
        found: Fact,
        /// What the pattern wants there.
        expected: String,
    },
    /// Two premises state the same literal.
    #[error("step {step} ({rule:?}): premise {premise} repeats {fact}")]
    DuplicatePremise {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The id of the second premise with that fact.
        premise: u64,
        /// The repeated fact.
        fact: Fact,
    },
    /// A literal the pattern needs is not among the premises.
    #[error("step {step} ({rule:?}): missing premise {missing}")]
    MissingPremise {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The first literal missing.
        missing: Fact,
    },
    /// A subset or locked-candidates rule names an impossible pattern (units that do not
    /// meet, masks outside the grid, or as many cells as digits not respected).
    #[error("step {step} ({rule:?}): malformed pattern: {reason}")]
    BadPattern {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// What is wrong with it.
        reason: String,
    },
    /// A `Given` step inside a subproof.
    #[error("step {step} ({rule:?}): a given must be at the root scope")]
    GivenInSubproof {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
    },
    /// A Negation's first premise is not a closed Assume of this step's scope.
    #[error("step {step} ({rule:?}): premise {premise} {reason}")]
    NegationAssume {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The premise id.
        premise: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// A Negation's second premise is not a ⊥ directly inside the Assume's subproof.
    #[error("step {step} ({rule:?}): premise {premise} {reason}")]
    NegationBottom {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The premise id.
        premise: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// A Lemma's first premise is not a ⊥ inside at least one closed subproof.
    #[error("step {step} ({rule:?}): premise {premise} {reason}")]
    LemmaBottom {
        /// The step's id.
        step: u64,
        /// The step's rule.
        rule: Rule,
        /// The premise id.
        premise: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// A claimed grid has a blank cell where a complete grid is required.
    #[error("{field}: {cell} is blank")]
    ClaimIncomplete {
        /// Which claim grid.
        field: GridField,
        /// The blank cell.
        cell: CellRef,
    },
    /// A claimed grid repeats a digit within a unit.
    #[error("{field}: digit {digit} repeats in {unit}")]
    ClaimRepeat {
        /// Which claim grid.
        field: GridField,
        /// The unit.
        unit: Unit,
        /// The repeated digit.
        digit: u8,
    },
    /// A claimed grid disagrees with a given.
    #[error("{field}: {cell} is {found} but the puzzle gives {given}")]
    ClaimGivens {
        /// Which claim grid.
        field: GridField,
        /// The cell.
        cell: CellRef,
        /// The puzzle's digit there.
        given: u8,
        /// The claim's digit there.
        found: u8,
    },
    /// A claimed placement was not derived at the root scope.
    #[error("{field}: {cell} has no root-scope placement of {digit}")]
    ClaimNotDerived {
        /// Which claim grid.
        field: GridField,
        /// The cell.
        cell: CellRef,
        /// The claimed digit.
        digit: u8,
    },
    /// A `Contradiction` claim without a ⊥ at the root scope.
    #[error("claim (Contradiction): no ⊥ at the root scope")]
    ClaimNoContradiction,
    /// A `Multiple` claim whose two grids are the same.
    #[error("claim (Multiple): the two grids are identical")]
    ClaimIdentical,
    /// A `Derives` claim with an empty list: it would claim nothing.
    #[error("claim (Derives): lists no literal")]
    ClaimNothingListed,
    /// A `Derives` claim listing ⊥.
    #[error("claim (Derives): ⊥ is not a literal (claim Contradiction to prove ⊥)")]
    ClaimNotALiteral,
    /// A `Derives` literal outside the grid.
    #[error("claim (Derives): {fact} is outside the grid (1 to {side})")]
    ClaimFactOutOfRange {
        /// The literal.
        fact: Fact,
        /// The grid's side `N`.
        side: u8,
    },
    /// A `Derives` literal that is neither a given nor derived at the root scope.
    #[error("claim (Derives): {fact} is not derived at the root scope")]
    ClaimFactNotDerived {
        /// The literal.
        fact: Fact,
    },
    /// A `Minimal` claim without exactly one witness pair per given.
    #[error("claim (Minimal): {witnesses} witness pairs for {givens} givens (one per given)")]
    ClaimWitnessCount {
        /// The number of givens of the puzzle.
        givens: usize,
        /// The number of witness pairs listed.
        witnesses: usize,
    },
    /// A `Minimal` witness pair names another cell than the given at its position.
    #[error("claim (Minimal): witness {index} is for {found}, expected {expected} (givens in row-major order)")]
    ClaimWitnessCell {
        /// 1-based position of the pair in the list.
        index: usize,
        /// The given at that position.
        expected: CellRef,
        /// The cell the pair names.
        found: CellRef,
    },
    /// A `Minimal` witness pair whose two grids are the same.
    #[error("claim (Minimal): the two witness grids for {cell} are identical")]
    ClaimWitnessIdentical {
        /// The given the pair is for.
        cell: CellRef,
    },
}

impl CheckError {
    /// The id of the step at fault, when a step is at fault.
    pub fn step(&self) -> Option<u64> {
        match self {
            CheckError::IdNotIncreasing { step, .. }
            | CheckError::PremiseUnknown { step, .. }
            | CheckError::PremiseForward { step, .. }
            | CheckError::PremiseSelf { step, .. }
            | CheckError::PremiseOutOfScope { step, .. }
            | CheckError::ScopeNotOpen { step, .. }
            | CheckError::FactOutOfRange { step, .. }
            | CheckError::UnitOutOfRange { step, .. }
            | CheckError::WrongFact { step, .. }
            | CheckError::PremiseCount { step, .. }
            | CheckError::TooManyPremises { step, .. }
            | CheckError::TooManySteps { step, .. }
            | CheckError::WrongPremise { step, .. }
            | CheckError::DuplicatePremise { step, .. }
            | CheckError::MissingPremise { step, .. }
            | CheckError::BadPattern { step, .. }
            | CheckError::GivenInSubproof { step, .. }
            | CheckError::NegationAssume { step, .. }
            | CheckError::NegationBottom { step, .. }
            | CheckError::LemmaBottom { step, .. } => Some(*step),
            CheckError::Parse { .. }
            | CheckError::BadFormat { .. }
            | CheckError::BadVersion { .. }
            | CheckError::BadOrder { .. }
            | CheckError::BadGrid { .. }
            | CheckError::PuzzleMismatch { .. }
            | CheckError::ClaimIncomplete { .. }
            | CheckError::ClaimRepeat { .. }
            | CheckError::ClaimGivens { .. }
            | CheckError::ClaimNotDerived { .. }
            | CheckError::ClaimNoContradiction
            | CheckError::ClaimIdentical
            | CheckError::ClaimNothingListed
            | CheckError::ClaimNotALiteral
            | CheckError::ClaimFactOutOfRange { .. }
            | CheckError::ClaimFactNotDerived { .. }
            | CheckError::ClaimWitnessCount { .. }
            | CheckError::ClaimWitnessCell { .. }
            | CheckError::ClaimWitnessIdentical { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Unit;

    #[test]
    fn display_is_one_stable_line() {
        let e = CheckError::WrongPremise {
            step: 17,
            rule: Rule::HiddenSingle(Unit::Row(3)),
            premise: 12,
            found: Fact::Place { r: 3, c: 4, d: 5 },
            expected: "an elimination of 5 in row 3".to_string(),
        };
        assert_eq!(
            e.to_string(),
            "step 17 (HiddenSingle(Row(3))): premise 12 is r3c4=5, expected an elimination of 5 \
             in row 3"
        );
        assert_eq!(e.step(), Some(17));
        let v = CheckError::BadVersion { found: 2 };
        assert_eq!(v.to_string(), "header: version 2 is not supported (expected 1)");
        assert_eq!(v.step(), None);
        let c = CheckError::ClaimNotDerived {
            field: GridField::Solution,
            cell: CellRef { r: 4, c: 5 },
            digit: 7,
        };
        assert_eq!(c.to_string(), "claim (Solution): r4c5 has no root-scope placement of 7");
    }
}
