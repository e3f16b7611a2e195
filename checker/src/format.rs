//! The proof format, version 1: the types a certificate file deserializes into.
//!
//! This module is the *contract* between the engine (which writes proofs) and
//! the kernel (which checks them). It holds data only, no logic. The engine
//! depends on these types; nothing here depends on the engine.
//!
//! Coordinates are 1-based everywhere, as people write them: `r3c5=7`.
//! The full specification, with every rule's premise pattern, is
//! `docs/proof-format.md` at the root of the repository.

use serde::{Deserialize, Serialize};

pub use crate::premises::{Premises, INLINE};

/// The value of the `format` header field.
pub const FORMAT: &str = "deduku-proof";
/// The format version this crate reads and writes.
pub const VERSION: u32 = 1;

/// A whole certificate: a header, a claim and a topologically ordered step list.
///
/// Every type here denies unknown fields: a misspelt `scop: 7` is an error, never ignored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Proof {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The order `n` of the grid (side `N = n²`), 2 to 8.
    pub order: u8,
    /// The givens, as a grid string (see [`Proof::puzzle`] and `docs/proof-format.md`).
    pub puzzle: String,
    /// What the certificate proves.
    pub claim: Claim,
    /// The derivation: each step's premises are ids of earlier steps.
    pub steps: Vec<Step>,
}

/// What a certificate claims about its puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Claim {
    /// This grid is the unique solution: every cell has a root-scope placement.
    Solution(String),
    /// The puzzle has no solution: a ⊥ step at the root scope.
    Contradiction,
    /// Each placement in this partial grid is derived at the root scope, so it
    /// holds in every solution (all root-scope facts are consequences too).
    Consequences(String),
    /// Two distinct valid grids agreeing with the givens: the puzzle is ambiguous.
    Multiple(String, String),
    /// Each listed literal holds in every solution: a placement that is a given or has a
    /// root-scope step, an elimination with a root-scope step. Grades an exercise such as
    /// "derive r2c1≠2"; the list must name at least one literal and no ⊥.
    Derives(Vec<Fact>),
    /// The puzzle is uniquely solvable and no clue can be removed: `solution` is proved as
    /// for [`Claim::Solution`], and each given has a [`Witness`] pair showing that without it
    /// the puzzle has two solutions.
    Minimal {
        /// The unique solution: every cell a given or placed at the root scope.
        solution: String,
        /// One pair per given, in row-major order of the givens.
        witnesses: Vec<Witness>,
    },
}

/// Two distinct valid grids that agree with every given except the one at `rRcC`: removing
/// that clue leaves a puzzle with at least two solutions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Witness {
    /// Row of the given, 1-based.
    pub r: u8,
    /// Column of the given, 1-based.
    pub c: u8,
    /// A complete valid grid agreeing with the other givens.
    pub first: String,
    /// Another one, distinct from `first`.
    pub second: String,
}

/// One line of a derivation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The step's identifier; ids strictly increase along the list.
    pub id: u64,
    /// The literal (or ⊥) this step concludes.
    pub fact: Fact,
    /// The inference rule that justifies it.
    pub rule: Rule,
    /// Ids of earlier steps the rule consumes (written as a list of ids, like a `Vec<u64>`).
    #[serde(default, skip_serializing_if = "<[u64]>::is_empty")]
    pub premises: Premises,
    /// The id of the innermost open `Assume` this step lives under; `None` is the root.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<u64>,
}

/// A literal or falsum. Coordinates are 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Fact {
    /// The placement `rRcC=D`.
    Place {
        /// Row, 1-based.
        r: u8,
        /// Column, 1-based.
        c: u8,
        /// Digit, 1-based.
        d: u8,
    },
    /// The elimination `rRcC≠D`.
    Elim {
        /// Row, 1-based.
        r: u8,
        /// Column, 1-based.
        c: u8,
        /// Digit, 1-based.
        d: u8,
    },
    /// Falsum, ⊥.
    Bottom,
}

/// A house of the grid, numbered from 1; boxes left to right, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Unit {
    /// Row `i`.
    Row(u8),
    /// Column `i`.
    Col(u8),
    /// Box `i`.
    Box(u8),
}

/// The inference rules of format version 1; `docs/proof-format.md` gives each
/// one's premise pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Rule {
    /// A clue of the puzzle.
    Given,
    /// `c=d` ⟹ `c'≠d` for a peer `c'`, or `c≠d'` for `d'≠d`.
    Exclusion,
    /// `c≠d'` for all `N−1` digits `d'≠d` ⟹ `c=d`.
    NakedSingle,
    /// `c'≠d` for all `N−1` other cells `c'` of the unit ⟹ `c=d`.
    HiddenSingle(Unit),
    /// `c≠d` for all `N` digits ⟹ ⊥.
    EmptyCell,
    /// `c≠d` for all `N` cells `c` of the unit ⟹ ⊥.
    NoPlace(Unit),
    /// `c=d` and `c≠d` ⟹ ⊥.
    Clash,
    /// Opens a subproof whose hypothesis is the literal `c=d` or `c≠d`.
    Assume,
    /// An `Assume` of a literal and a ⊥ inside its subproof ⟹ the opposite literal in the
    /// enclosing scope (`c≠d` from `c=d`, `c=d` from `c≠d`).
    Negation,
    /// A learned clause, reused: the first premise is a ⊥ derived under the hypotheses
    /// `a₁ … a_m` of nested subproofs that are all closed here (the chain from the ⊥'s
    /// subproof out to the first subproof still open here, or the root). Every other premise
    /// is one of the `a_i`, usable here. When they cover every `a_i` but those equal to one
    /// literal `a_j` ⟹ the opposite of `a_j`; when they cover every `a_i` ⟹ ⊥. The chain may
    /// be no longer than the step has premises (so checking stays linear).
    Lemma,
    /// Locked candidates: `c≠d` for every cell `c` of `from` outside `to` ⟹ `c'≠d` for a
    /// cell `c'` of `to` outside `from`. One unit is a box, the other a row or column that
    /// meets it: *pointing* when `from` is the box, *claiming* when `from` is the line.
    LockedCandidates {
        /// The unit where the digit is confined to the intersection.
        from: Unit,
        /// The unit whose other cells lose the digit.
        to: Unit,
        /// The digit, 1-based.
        digit: u8,
    },
    /// Naked subset of size `k`: the `k` cells of `unit` at positions `cells` lack every digit
    /// outside `digits` (`k·(N−k)` eliminations) ⟹ `c≠d` for a cell `c` of `unit` outside
    /// `cells` and a digit `d` in `digits`.
    NakedSubset {
        /// The unit.
        unit: Unit,
        /// Bit `k` set: the `k`-th cell of the unit (0-based, boxes row by row).
        cells: u64,
        /// Bit `d−1` set: digit `d`; as many digits as cells.
        digits: u64,
    },
    /// Hidden subset of size `k`: the `k` digits `digits` are eliminated from every cell of
    /// `unit` outside `cells` (`k·(N−k)` eliminations) ⟹ `c≠d` for a cell `c` at a position
    /// in `cells` and a digit `d` outside `digits`.
    HiddenSubset {
        /// The unit.
        unit: Unit,
        /// Bit `k` set: the `k`-th cell of the unit (0-based, boxes row by row).
        cells: u64,
        /// Bit `d−1` set: digit `d`; as many digits as cells.
        digits: u64,
    },
}
