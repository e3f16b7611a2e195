//! The inference rules, one small file each.
//!
//! A rule *reports* a deduction — its conclusion, its rule name, and the
//! premises it consumes — and never mutates the state; [`crate::cn`] applies
//! what the rules report. Premises are written into a caller-provided buffer
//! so that the hot loop does not allocate.

mod clash;
mod empty_cell;
mod exclusion;
mod hidden_single;
mod naked_single;
mod no_place;
mod rule_set;

pub use clash::clash;
pub use empty_cell::empty_cell;
pub use exclusion::exclusions;
pub use hidden_single::hidden_single;
pub use naked_single::naked_single;
pub use no_place::no_place;
pub use rule_set::{RuleSet, RuleSetError};

use crate::grid::{Unit, UnitKind};
use deduku_check::format::{self, Fact, Rule};

/// A deduction reported by a rule; its premises are in the caller's buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The conclusion.
    pub fact: Fact,
    /// The rule that justifies it.
    pub rule: Rule,
}

/// The format's (1-based) name of an engine unit.
pub fn format_unit(unit: Unit) -> format::Unit {
    let i = unit.index + 1;
    match unit.kind {
        UnitKind::Row => format::Unit::Row(i),
        UnitKind::Col => format::Unit::Col(i),
        UnitKind::Box => format::Unit::Box(i),
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use crate::grid::{Cell, Digit, Order};
    use crate::state::State;

    /// A 4×4 state with `digit` eliminated from `cells`, justified by step ids 100, 101, ….
    pub fn with_elims(cells: &[(usize, usize, usize)]) -> State {
        let mut s = State::new(Order::new(2).unwrap());
        for (i, &(r, c, d)) in cells.iter().enumerate() {
            s.eliminate(Cell::new(r, c, 4), Digit::new(d), 100 + i as u32);
        }
        s
    }
}
