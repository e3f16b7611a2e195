//! Shrinking a counterexample: drop givens while the difference persists.

use crate::grid::{Geometry, Grid};

/// A 1-minimal subset of `givens` for which `still` holds: removing any single remaining
/// given makes it fail. Greedy, cell by cell, repeated until a pass removes nothing.
/// `still(givens)` must hold on entry (otherwise `givens` is returned unchanged).
pub fn shrink(givens: &Grid, still: impl Fn(&Grid) -> bool) -> Grid {
    let mut best = givens.clone();
    if !still(&best) {
        return best;
    }
    let geo = Geometry::of(givens.order());
    loop {
        let mut removed = false;
        for cell in geo.all_cells() {
            let Some(d) = best.get(cell) else { continue };
            best.set(cell, None);
            if still(&best) {
                removed = true;
            } else {
                best.set(cell, Some(d));
            }
        }
        if !removed {
            return best;
        }
    }
}
