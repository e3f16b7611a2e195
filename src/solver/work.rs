//! The generic solver's candidate state and its elementary update.
//!
//! A state holds two views kept in step: one mask per cell (its digits) and
//! one mask per unit and digit (the digit's *places*: positions in the unit).
//! Every removal goes through [`Work::remove`], which updates both views,
//! reports a conflict as soon as a cell or a place mask empties, queues the
//! cells and places that became single, and marks what changed for the
//! heavier rules, so that each rule only revisits what changed.

use super::propagate::Conflict;
use super::tables::Tables;

/// One search state: `cells[i]` the digits of cell `i`, `places[u·N + d]`
/// the positions of digit `d` in unit `u`.
pub(super) struct State<'a> {
    /// Digits per cell.
    pub cells: &'a mut [u64],
    /// Positions per unit and digit.
    pub places: &'a mut [u64],
}

impl<'a> State<'a> {
    /// The state stored in `words` (see [`Tables::state_len`]).
    pub fn of(t: &Tables, words: &'a mut [u64]) -> State<'a> {
        let (cells, places) = words.split_at_mut(t.cells);
        State { cells, places }
    }

    /// Every digit possible everywhere.
    pub fn fill(&mut self, t: &Tables) {
        self.cells.fill(t.full);
        self.places.fill(t.full);
    }
}

/// Pending work of one propagation: queues of new singles, and what changed
/// since each heavier rule last ran.
#[derive(Debug, Clone, Default)]
pub(super) struct Work {
    /// Cells left with one digit: it leaves their peers.
    pub singles: Vec<u16>,
    /// Unit–digit pairs (`u·N + d`) left with one place: the digit goes there.
    pub hidden: Vec<u32>,
    /// Units whose cells changed, for the matching rule (`3N ≤ 192` bits).
    pub units: [u64; 3],
    /// Digits removed somewhere, for the fish rule.
    pub fish: u64,
    /// Digits removed somewhere, for the line–box rule.
    pub boxes: u64,
}

impl Work {
    /// Nothing pending.
    pub fn clear(&mut self) {
        self.singles.clear();
        self.hidden.clear();
        self.units = [0; 3];
        self.fish = 0;
        self.boxes = 0;
    }

    /// Everything pending for the heavier rules (a fresh state).
    pub fn mark_all(&mut self, t: &Tables) {
        let units = t.units.len() / t.side;
        for (w, word) in self.units.iter_mut().enumerate() {
            *word = low_bits(units.saturating_sub(64 * w));
        }
        self.fish = t.full;
        self.boxes = t.full;
    }

    /// Removes the digits `bits` from cell `i`, keeping both views in step.
    #[inline]
    pub fn remove(
        &mut self,
        t: &Tables,
        s: &mut State,
        i: usize,
        bits: u64,
    ) -> Result<(), Conflict> {
        let gone = s.cells[i] & bits;
        if gone == 0 {
            return Ok(());
        }
        let left = s.cells[i] ^ gone;
        if left == 0 {
            return Err(Conflict::Cell(i));
        }
        s.cells[i] = left;
        if left.is_power_of_two() {
            self.singles.push(i as u16);
        }
        for (&u, &p) in t.cell_units[i].iter().zip(&t.cell_pos[i]) {
            let u = u as usize;
            self.units[u / 64] |= 1 << (u % 64);
            let mut digits = gone;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let at = u * t.side + d;
                let places = s.places[at] & !(1 << p);
                if places == 0 {
                    return Err(Conflict::Unit(u));
                }
                s.places[at] = places;
                if places.is_power_of_two() {
                    self.hidden.push(at as u32);
                }
            }
        }
        self.fish |= gone;
        self.boxes |= gone;
        Ok(())
    }

    /// Leaves cell `i` with the digit `bit` only.
    #[inline]
    pub fn assign(
        &mut self,
        t: &Tables,
        s: &mut State,
        i: usize,
        bit: u64,
    ) -> Result<(), Conflict> {
        self.remove(t, s, i, !bit)
    }
}

/// The mask of the lowest `k` bits (all 64 from `k = 64` on).
#[inline]
pub(super) fn low_bits(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1 << k) - 1
    }
}
