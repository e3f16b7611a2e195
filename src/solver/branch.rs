//! Choosing the branch: the smallest choice first, over cells (candidates)
//! and over unit–digit pairs (places), as in Knuth's exact-cover heuristic.

use super::propagate::Bilocal;
use super::tables::Tables;

/// The most places counted exactly per unit digit; above, cells win.
const MAX_PLACES: usize = 8;

/// The branch to take, as a cell and a digit bit to try there; `None` when
/// every cell is placed. A cell with two candidates, else a digit with two
/// places in a unit (`bilocal`), else the smallest of: the cell with fewest
/// candidates and the unit digit with fewest places (ties: the cell, then the
/// first found).
#[inline]
pub(super) fn choose_branch(
    t: &Tables,
    state: &[u64],
    bilocal: Option<Bilocal>,
) -> Option<(usize, u64)> {
    let (cell, count) = most_constrained(state)?;
    if count > 2 {
        let unit_digit = match bilocal {
            Some(Bilocal { unit_start, bit }) => Some((unit_start, bit)),
            None => fewest_places(t, state, count as usize),
        };
        if let Some((unit_start, bit)) = unit_digit {
            let unit = &t.units[unit_start..unit_start + t.side];
            if let Some(&c) = unit.iter().find(|&&c| state[c as usize] & bit != 0) {
                return Some((c as usize, bit));
            }
        }
    }
    Some((cell, state[cell] & state[cell].wrapping_neg()))
}

/// The unplaced cell with the fewest candidates (the first on ties) and its
/// candidate count, if any.
#[inline]
fn most_constrained(state: &[u64]) -> Option<(usize, u32)> {
    let mut best = None;
    let mut best_count = u32::MAX;
    for (i, &mask) in state.iter().enumerate() {
        let count = mask.count_ones();
        if count > 1 && count < best_count {
            best = Some(i);
            best_count = count;
            if count == 2 {
                break;
            }
        }
    }
    best.map(|i| (i, best_count))
}

/// The unit digit with the fewest places, if fewer than `below` (and at least
/// two: one place means placed): the unit's first index in [`Tables::units`]
/// and the digit's bit.
fn fewest_places(t: &Tables, state: &[u64], below: usize) -> Option<(usize, u64)> {
    let cap = below.min(MAX_PLACES + 1);
    let mut best = None;
    let mut best_k = cap;
    for (u, unit) in t.units.chunks_exact(t.side).enumerate() {
        // at_least[k]: the digits with at least k places in the unit (k < cap).
        let mut at_least = [0u64; MAX_PLACES + 2];
        for &cell in unit {
            let mask = state[cell as usize];
            for k in (1..best_k).rev() {
                at_least[k] |= at_least[k - 1] & mask;
            }
            at_least[0] |= mask;
        }
        // at_least[k - 1] now holds the digits with at least k places.
        for k in 2..best_k {
            let exactly = at_least[k - 1] & !at_least[k];
            if exactly != 0 {
                best = Some((u * t.side, exactly & exactly.wrapping_neg()));
                best_k = k;
                break;
            }
        }
    }
    best
}
