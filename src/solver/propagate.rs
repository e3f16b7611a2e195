//! Constraint propagation on one candidate state: naked and hidden singles.
//!
//! A state is one `u64` candidate mask per cell. Invariant kept by every
//! function here: each cell whose mask became a single digit has been pushed
//! on the queue exactly when it became single, so that its digit is removed
//! from its peers once.

use super::locked::locked_candidates;
use super::tables::Tables;

/// The state admits no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Conflict;

/// Whether `mask` holds at most one digit (`0` included: callers rule it out).
#[inline(always)]
fn at_most_one(mask: u64) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

/// A digit with exactly two places left in a unit: a binary branch as good
/// as a cell with two candidates, found for free by the hidden-single scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bilocal {
    /// Index of the unit's first cell in [`Tables::units`].
    pub unit_start: usize,
    /// The digit's bit.
    pub bit: u64,
}

/// Propagates naked singles, then hidden singles, until neither applies, and
/// returns a bilocal digit of the final state if there is one.
/// On `Err`, the queue may hold stale cells: the caller clears it.
pub(super) fn propagate(
    t: &Tables,
    cands: &mut [u64],
    queue: &mut Vec<u16>,
) -> Result<Option<Bilocal>, Conflict> {
    loop {
        naked_singles(t, cands, queue)?;
        let bilocal = hidden_singles(t, cands, queue)?;
        if queue.is_empty() && !locked_candidates(t, cands, queue)? {
            return Ok(bilocal);
        }
    }
}

/// Removes the digit of every queued (single) cell from its peers, queueing
/// the peers that become single in turn.
fn naked_singles(t: &Tables, cands: &mut [u64], queue: &mut Vec<u16>) -> Result<(), Conflict> {
    while let Some(cell) = queue.pop() {
        let cell = cell as usize;
        let bit = cands[cell];
        for &peer in t.peers_of(cell) {
            let mask = cands[peer as usize];
            if mask & bit != 0 {
                let rest = mask ^ bit;
                if rest == 0 {
                    return Err(Conflict);
                }
                cands[peer as usize] = rest;
                if at_most_one(rest) {
                    queue.push(peer);
                }
            }
        }
    }
    Ok(())
}

/// Scans every unit: a digit with no place is a conflict; a digit with
/// exactly one place, not yet placed, is placed there and queued. Returns the
/// first digit seen with exactly two places.
fn hidden_singles(
    t: &Tables,
    cands: &mut [u64],
    queue: &mut Vec<u16>,
) -> Result<Option<Bilocal>, Conflict> {
    let mut bilocal = None;
    for (u, unit) in t.units.chunks_exact(t.side).enumerate() {
        // The digits seen in at least one / two / three cells of the unit.
        let (mut once, mut twice, mut thrice, mut placed) = (0u64, 0u64, 0u64, 0u64);
        for &cell in unit {
            let mask = cands[cell as usize];
            thrice |= twice & mask;
            twice |= once & mask;
            once |= mask;
            placed |= if at_most_one(mask) { mask } else { 0 };
        }
        if once != t.full {
            return Err(Conflict);
        }
        let mut hidden = once & !twice & !placed;
        while hidden != 0 {
            let bit = hidden & hidden.wrapping_neg();
            hidden ^= bit;
            place_hidden(unit, bit, cands, queue)?;
        }
        let two = twice & !thrice;
        if bilocal.is_none() && two != 0 {
            bilocal = Some(Bilocal { unit_start: u * t.side, bit: two & two.wrapping_neg() });
        }
    }
    Ok(bilocal)
}

/// Places `bit` in the one cell of `unit` that still allows it. None left
/// means an earlier hidden single of this unit took that cell: a conflict.
#[inline]
fn place_hidden(
    unit: &[u16],
    bit: u64,
    cands: &mut [u64],
    queue: &mut Vec<u16>,
) -> Result<(), Conflict> {
    let cell = unit.iter().find(|&&c| cands[c as usize] & bit != 0).ok_or(Conflict)?;
    let mask = &mut cands[*cell as usize];
    if *mask != bit {
        *mask = bit;
        queue.push(*cell);
    }
    Ok(())
}
