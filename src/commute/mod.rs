//! Commutation claims: do different schedules of the same rules reach the same fixpoint
//! (confluence), and do two rule sets' one-pass operators commute (composition)?
//!
//! Every run records a trace, so each side of a counterexample has a certificate the
//! independent checker accepts. `docs/commutation.md` states the theorem and the tables.

mod compose;
mod report;
mod runner;
mod schedule;
mod shrink;
mod states;

pub use compose::{compose_difference, composed};
pub use report::{confluence, FileReport, ScheduleTally, StateResult};
pub use runner::Run;
pub use schedule::{Rng, RuleKind, Schedule};
pub use shrink::shrink;
pub use states::states_along;

use crate::grid::{Digit, Grid};
use crate::trace::Conclusion;
use deduku_check::format::{Fact, Proof};

/// Where a run ended, as a value to compare: ⊥, or the placements and candidates left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Fixpoint {
    /// ⊥ was derived.
    Bottom,
    /// The placed digits (0 = open) and each cell's candidate mask.
    Open {
        /// Placed digit per cell, 0 if none.
        placed: Vec<u8>,
        /// Candidate bit mask per cell.
        cands: Vec<u64>,
    },
}

impl Run {
    /// The run's end state as a comparable value.
    pub fn fixpoint(&self) -> Fixpoint {
        if self.bottom.is_some() {
            return Fixpoint::Bottom;
        }
        let s = &self.state;
        let cells = s.geo().all_cells();
        let (placed, cands) =
            cells.map(|c| (s.placed(c).map_or(0, |d| d.get() as u8), s.cands(c).0)).unzip();
        Fixpoint::Open { placed, cands }
    }
}

/// The first literal (⊥ first, then cell by cell: placement, then eliminations by digit)
/// that one run derived and the other did not; `true` if the first run has it.
pub fn first_difference(a: &Run, b: &Run) -> Option<(Fact, bool)> {
    match (a.bottom.is_some(), b.bottom.is_some()) {
        (true, true) => return None,
        (true, false) => return Some((Fact::Bottom, true)),
        (false, true) => return Some((Fact::Bottom, false)),
        (false, false) => {}
    }
    let s = &a.state;
    for cell in s.geo().all_cells() {
        for positive in [true, false] {
            for d in (1..=s.side()).map(Digit::new) {
                let (x, y) = (a.step_of(cell, d, positive), b.step_of(cell, d, positive));
                if x.is_some() != y.is_some() {
                    let lit = crate::grid::Lit { cell, digit: d, positive };
                    let fact = crate::proof::wire_fact(s.geo(), Conclusion::Lit(lit));
                    return Some((fact, x.is_some()));
                }
            }
        }
    }
    None
}

/// Two runs from the same state that end differently, with a certificate of each side.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The starting state (its givens; Exclusion is implied).
    pub state: Grid,
    /// What produced the first side (a schedule, or a composition such as `ns∘hs`).
    pub first: String,
    /// What produced the second side.
    pub second: String,
    /// The first literal on which they differ.
    pub literal: Fact,
    /// Whether the first side derived it (otherwise the second did).
    pub in_first: bool,
    /// Certificates of everything each side derived (the literal is among the steps).
    pub proofs: [Proof; 2],
}

impl Counterexample {
    /// The counterexample for two runs that differ, or `None` if they agree.
    pub fn of(a: &Run, b: &Run, first: String, second: String) -> Option<Counterexample> {
        let (literal, in_first) = first_difference(a, b)?;
        let proofs = [a.certificate(&[]), b.certificate(&[])];
        Some(Counterexample { state: a.givens.clone(), first, second, literal, in_first, proofs })
    }
}
