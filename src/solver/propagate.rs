//! Constraint propagation on one state, cheapest rules first:
//! * *naked singles*: a cell left with one digit takes it; its peers lose it;
//! * *hidden singles*: a digit left with one place in a unit goes there;
//! * *line–box*, *units* and *fish*: the matching rule ([`gac`](super::gac))
//!   on the constraints that changed since it last ran.
//!
//! Singles are queued by [`Work::remove`] as they appear; whenever a heavier
//! rule removes a candidate, the cheap rules run again first.

use super::gac::Gac;
use super::tables::Tables;
use super::work::{State, Work};

/// The state admits no solution; where it showed, which the branching
/// heuristic learns from (see [`Weights`](super::branch::Weights)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Conflict {
    /// A cell lost its last candidate.
    Cell(usize),
    /// A unit cannot hold all digits (a digit without a place, or no
    /// perfect matching of its cells and digits).
    Unit(usize),
    /// A digit cannot fill every row and column, or every line of a band.
    Digit(usize),
}

/// Propagates to a fixpoint of every rule. On `Err`, `work` may hold stale
/// entries: the caller clears it. On `Ok`, `work` is empty.
pub(super) fn propagate(
    t: &Tables,
    s: &mut State,
    work: &mut Work,
    gac: &mut Gac,
) -> Result<(), Conflict> {
    loop {
        singles(t, s, work)?;
        if work.boxes != 0 && gac.boxes(t, s, work)? {
            continue;
        }
        if work.units != [0; 3] && gac.units(t, s, work)? {
            continue;
        }
        if work.fish != 0 && gac.fish(t, s, work)? {
            continue;
        }
        return Ok(());
    }
}

/// Applies queued naked and hidden singles until none is left.
fn singles(t: &Tables, s: &mut State, work: &mut Work) -> Result<(), Conflict> {
    let side = t.side;
    loop {
        if let Some(i) = work.singles.pop() {
            // Cells only shrink and an empty one is a conflict: still single.
            let i = i as usize;
            let bit = s.cells[i];
            let d = bit.trailing_zeros() as usize;
            for (&u, &p) in t.cell_units[i].iter().zip(&t.cell_pos[i]) {
                let u = u as usize;
                let mut others = s.places[u * side + d] & !(1 << p);
                while others != 0 {
                    let q = others.trailing_zeros() as usize;
                    others &= others - 1;
                    work.remove(t, s, t.cell(u, q), bit)?;
                }
            }
        } else if let Some(at) = work.hidden.pop() {
            let (u, d) = (at as usize / side, at as usize % side);
            // Places only shrink and an empty set is a conflict: still single.
            let p = s.places[at as usize].trailing_zeros() as usize;
            work.assign(t, s, t.cell(u, p), 1 << d)?;
        } else {
            return Ok(());
        }
    }
}
