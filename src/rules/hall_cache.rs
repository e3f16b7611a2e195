//! The Hall rule as `Cn` runs it: one instance at a time, rescanning only the units whose
//! candidates changed since they were last found to hold nothing.
//!
//! `Cn` applies one pattern instance and lets the singles react before it looks again, so
//! a full scan of every unit's matching per look (what [`hall_subsets`](super::hall_subsets)
//! does) repeats the same work on every unit that did not change: on 25×25 that made each
//! assumption ≈ 14× dearer. The cache remembers, per unit, the candidate masks at its last
//! empty scan and the matching found then. The masks are compared by content, not tracked
//! by events, so the cache stays right whatever the search undoes or redoes in between: a
//! unit is skipped only when it is exactly as it was when it held no Hall set.

use super::hall::{first_unit_instance, unit_masks_into, FREE};
use super::Instance;
use crate::state::State;

/// Per unit: its masks at the last scan that found nothing, and its latest matching.
#[derive(Clone, Debug, Default)]
pub(crate) struct HallCache {
    /// The masks of each unit's cells at its last empty scan; `None` before any.
    clean: Vec<Option<Vec<u64>>>,
    /// Each unit's latest matching (digit → position), the warm start of the next scan.
    owners: Vec<[u8; 64]>,
    /// The masks of the unit being looked at (reused: `Cn` looks often).
    masks: Vec<u64>,
}

impl HallCache {
    /// The first Hall-set instance in unit order, scanning only units changed since they
    /// were last empty; `None` when no unit holds one.
    pub fn first_instance(&mut self, state: &State) -> Option<Instance> {
        let units = state.geo().unit_count();
        if self.clean.len() != units {
            self.clean = vec![None; units];
            self.owners = vec![[FREE; 64]; units];
        }
        for unit in 0..units {
            unit_masks_into(state, unit, &mut self.masks);
            if self.clean[unit].as_deref() == Some(&self.masks[..]) {
                continue;
            }
            let found = first_unit_instance(state, unit, &self.masks, &mut self.owners[unit]);
            if found.is_some() {
                return found;
            }
            let clean = self.clean[unit].get_or_insert_with(Vec::new);
            clean.clone_from(&self.masks);
        }
        None
    }
}

#[cfg(test)]
#[path = "hall_cache_tests.rs"]
mod tests;
