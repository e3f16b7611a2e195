//! The inference rules, one small file each.
//!
//! A rule *reports* a deduction — its conclusion, its rule name, and the
//! premises it consumes — and never mutates the state; `Cn` (the crate's private `cn` module) applies
//! what the rules report. Premises are written into a caller-provided buffer
//! so that the hot loop does not allocate.

mod clash;
mod empty_cell;
mod exclusion;
mod hall;
mod hall_cache;
mod hidden_single;
mod hidden_subset;
mod locked_candidates;
mod naked_single;
mod naked_subset;
mod no_place;
mod rule_set;

pub(crate) use clash::clash;
pub(crate) use empty_cell::empty_cell;
pub(crate) use exclusion::exclusions;
pub(crate) use hall::hall_subsets;
pub(crate) use hall_cache::HallCache;
pub(crate) use hidden_single::hidden_single;
pub(crate) use hidden_subset::hidden_subsets;
pub(crate) use locked_candidates::{locked_candidates, locked_from};
pub(crate) use naked_single::naked_single;
pub(crate) use naked_subset::naked_subsets;
pub(crate) use no_place::no_place;
pub use rule_set::{RuleKind, RuleSet, RuleSetError};

use crate::grid::{Cell, Digit, Lit, Unit, UnitKind};
use crate::state::State;
use crate::trace::StepId;
use deduku_check::format::{self, Rule};

/// A placement concluded by a single rule (NakedSingle, HiddenSingle); its premises are in
/// the caller's buffer. Rules speak in the engine's typed literals: the wire format's
/// 1-based `Fact` is written once, when a certificate is built (`proof::build`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    /// The literal `cell=digit` (always positive).
    pub lit: Lit,
    /// The rule that justifies it.
    pub rule: Rule,
}

/// ⊥ concluded by a contradiction rule (EmptyCell, NoPlace, Clash); its premises are in the
/// caller's buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Refutation {
    /// The rule that justifies it.
    pub rule: Rule,
}

/// One instance of an elimination pattern (locked candidates, subsets): every literal in
/// `lits` follows from exactly the eliminations in `premises`.
///
/// Premises are literals, not step ids: they are eliminations already derived, and a derived
/// literal keeps its justification, so the applier looks each one up when it records a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Instance {
    /// The rule, with the data that names its pattern.
    pub rule: Rule,
    /// The new eliminations it licenses (never empty).
    pub lits: Vec<(Cell, Digit)>,
    /// The eliminations it consumes.
    pub premises: Vec<(Cell, Digit)>,
}

/// A pattern rule's search, appending its instances.
type Finder<'a> = dyn Fn(&mut Vec<Instance>) + 'a;

/// The instances of the pattern rules (LC, NP, NT, HP, HT, Hall) enabled in `rules`, appended to
/// `out` rule by rule in that order; with `first_rule_only`, stops after the first rule that
/// has any (what `Cn` needs: it applies one instance, then lets the singles react).
pub(crate) fn pattern_instances(
    state: &State,
    rules: RuleSet,
    first_rule_only: bool,
    out: &mut Vec<Instance>,
) {
    let finders: [(bool, &Finder); 6] = [
        (rules.contains(RuleKind::Locked), &|o| locked_candidates(state, o)),
        (rules.contains(RuleKind::NakedPair), &|o| naked_subsets(state, 2, o)),
        (rules.contains(RuleKind::NakedTriple), &|o| naked_subsets(state, 3, o)),
        (rules.contains(RuleKind::HiddenPair), &|o| hidden_subsets(state, 2, o)),
        (rules.contains(RuleKind::HiddenTriple), &|o| hidden_subsets(state, 3, o)),
        (rules.contains(RuleKind::Hall), &|o| hall_subsets(state, o)),
    ];
    for (on, find) in finders {
        if on {
            find(out);
            if first_rule_only && !out.is_empty() {
                return;
            }
        }
    }
}

/// Appends each of `ids` not listed yet, in order: a placement justifies the eliminations it
/// implies in several cells of a unit, and a set rule cites it once. A mask of the listed ids'
/// low six bits answers most "listed already?" questions without a scan (an id whose bit is
/// clear is new); only ids whose bit is set are looked up, repeats and rare collisions.
#[inline]
pub(crate) fn extend_distinct(premises: &mut Vec<StepId>, ids: impl IntoIterator<Item = StepId>) {
    let mut seen = premises.iter().fold(0u64, |m, &p| m | 1 << (p % 64));
    for id in ids {
        let bit = 1u64 << (id % 64);
        if seen & bit == 0 || !premises.contains(&id) {
            seen |= bit;
            premises.push(id);
        }
    }
}

/// The positions set in `mask`, lowest first (unit positions, digit bits).
pub(crate) fn positions(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let p = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            p
        })
    })
}

/// The digits of a candidate mask that `state` still allows at `cell`, as a bit mask.
fn mask(state: &State, cell: Cell) -> u64 {
    state.cands(cell).0
}

/// The candidates-eliminated literals `c≠d` for cells in `cells` and digits (1-based bits
/// `d−1`) in `digits`.
fn elim_lits(cells: &[Cell], digits: u64, side: usize) -> Vec<(Cell, Digit)> {
    let ds: Vec<Digit> =
        (1..=side).filter(|d| digits >> (d - 1) & 1 == 1).map(Digit::new).collect();
    cells.iter().flat_map(|&c| ds.iter().map(move |&d| (c, d))).collect()
}

/// The format's (1-based) name of an engine unit.
pub(crate) fn format_unit(unit: Unit) -> format::Unit {
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
