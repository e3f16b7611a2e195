//! Depth-first search over [`Bands`] states: propagate, then branch on a cell
//! with two digits (else the cell with fewest), trying all but the last digit
//! on copies and the last one in place.

use super::state::Bands;

/// One count of solutions: its limits and what it found so far.
pub(crate) struct BandSearch<F: FnMut(&Bands)> {
    /// Stop after this many solutions.
    pub limit: usize,
    /// Solutions found.
    pub found: usize,
    /// Digits tried on a copy of the state (the last digit of a cell is
    /// tried in place, as the others' alternative, and is not counted).
    pub nodes: u64,
    /// Stop instead of branching once `nodes` reached this.
    pub budget: u64,
    /// Whether the budget stopped the search before it was complete.
    pub cut: bool,
    /// Called with each solved state.
    pub on_solution: F,
}

impl<F: FnMut(&Bands)> BandSearch<F> {
    /// Whether the search must stop: enough solutions or cut by the budget.
    #[inline]
    fn done(&self) -> bool {
        self.found >= self.limit || self.cut
    }

    /// Searches the subtree of `state`.
    pub fn run(&mut self, mut state: Bands) {
        loop {
            let Some(pairs) = self.propagate(&mut state) else { return };
            if self.done() {
                return;
            }
            let (band, bit) = branch_cell(&state, pairs);
            let mut digits = state.digits_at(band, bit);
            while digits & (digits - 1) != 0 {
                if self.nodes >= self.budget {
                    self.cut = true;
                    return;
                }
                let mut child = state;
                child.assign(digits.trailing_zeros() as usize, band, bit);
                digits &= digits - 1;
                self.nodes += 1;
                self.run(child);
                if self.done() {
                    return;
                }
            }
            // The last digit is what the others' refutation leaves: no new node.
            state.assign(digits.trailing_zeros() as usize, band, bit);
        }
    }

    /// Propagates to a fixpoint; the cells with two digits (per band) if the
    /// state is open, `None` on a conflict or a solution (which is reported).
    #[inline]
    fn propagate(&mut self, state: &mut Bands) -> Option<[u32; 3]> {
        loop {
            state.settle().ok()?;
            if state.solved() {
                self.found += 1;
                (self.on_solution)(state);
                return None;
            }
            match state.naked_singles().ok()? {
                Some(_) if state.column_claims() => continue,
                Some(pairs) => return Some(pairs),
                None => continue,
            }
        }
    }
}

/// The first cell of `pairs` (cells with two digits, per band), else the
/// first unplaced cell with fewest digits; as band and bit. Only called on an
/// open state, so some cell is unplaced.
fn branch_cell(state: &Bands, pairs: [u32; 3]) -> (usize, u32) {
    if let Some(band) = (0..3).find(|&b| pairs[b] != 0) {
        return (band, pairs[band] & pairs[band].wrapping_neg());
    }
    let mut best = (0, 0, u32::MAX);
    for band in 0..3 {
        let mut open = state.unsolved[band];
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            let count = state.digits_at(band, bit).count_ones();
            if count < best.2 {
                best = (band, bit, count);
            }
        }
    }
    (best.0, best.1)
}
