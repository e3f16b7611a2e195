//! The rules on the masks: the singles and locked candidates, each applied as a whole round,
//! and the fixpoint they reach. A rule writes its steps and applies them; it reports a
//! contradiction as the [`Conflict`] it met, for the search to write as ⊥.

use super::masks::{self, PEER_MASKS, UNIT_MASKS};
use super::positions::positions_of;
use super::{Conflict, Kind, Settle, Why};
use crate::grid::Digit;
use crate::rules::format_unit;
use crate::trace::{StepId, NONE};
use deduku_check::format::Rule;

impl Settle {
    /// The rules' fixpoint (locked candidates only if `locked`; hidden pairs, at the root, only
    /// with them and `self.pairs`), or the first ⊥ found.
    pub(super) fn fixpoint(&mut self, locked: bool) -> Result<(), Conflict> {
        loop {
            while self.hidden_singles()? || self.naked_singles()? {}
            if self.unsolved == 0 || !locked {
                return Ok(());
            }
            // Hidden pairs only at the root: in subproofs they cost forum_hardest 8.6 % more
            // instructions than they saved.
            let at_root = self.scope == NONE;
            if !(self.locked_candidates() || self.pairs && at_root && self.hidden_pair()) {
                return Ok(());
            }
        }
    }

    /// Apply every naked single, cell by cell; whether one was applied, or ⊥ (an open cell
    /// without candidates).
    fn naked_singles(&mut self) -> Result<bool, Conflict> {
        let (mut once, mut twice) = (0u128, 0u128);
        for &cands in &self.cands {
            twice |= once & cands;
            once |= cands;
        }
        let empty = self.open & !once;
        if empty != 0 {
            return Err(Conflict::EmptyCell(empty.trailing_zeros() as usize));
        }
        let mut singles = once & !twice;
        let found = singles != 0;
        while singles != 0 {
            let i = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            // An earlier single of this round may have taken the cell's digit (a clash).
            let digits = self.digits_at(i);
            if digits.count_ones() != 1 {
                return Err(Conflict::EmptyCell(i));
            }
            let (cell, d0) = (self.geo.cell(i), digits.trailing_zeros() as usize);
            self.place(cell, Digit::new(d0 + 1), Rule::NakedSingle, Why::Naked);
        }
        Ok(found)
    }

    /// Apply every hidden single, digit by digit (each until it has none left), then unit by
    /// unit (at the root boxes first: [`masks::ranked`]); whether one was applied, or ⊥. A
    /// digit whose candidates did not change since it was last looked at is skipped.
    fn hidden_singles(&mut self) -> Result<bool, Conflict> {
        let mut found = false;
        // In a subproof the order decides which ⊥ comes first: units in their order there.
        let boxes_first = self.scope == NONE;
        for d0 in 0..9 {
            // The digit's candidates kept in a register as its singles are placed: read back
            // from the table after each placement (which wrote them as two halves), the
            // 128-bit load waited for the stores instead of taking their values (4 % of a
            // settled puzzle's solve).
            let mut cands = self.cands[d0];
            while cands != self.hidden_seen[d0] {
                self.hidden_seen[d0] = cands;
                // In a subproof, ⊥ as soon as a digit has no place left in a unit (at the
                // root, where the puzzle has a solution, it cannot happen).
                if self.scope != NONE {
                    self.emptied(d0)?;
                }
                let mut ranked = masks::ranked(masks::single_units(cands), boxes_first);
                while ranked != 0 {
                    let unit = masks::unit_of_rank(ranked.trailing_zeros(), boxes_first);
                    let i = self.hidden_single(unit, d0, cands)?;
                    cands &= !(PEER_MASKS[i] | 1 << i);
                    found = true;
                    // The cell placed may be the digit's single in a crossing unit too: that
                    // unit is dropped here, not tested when its turn comes (a branch taken
                    // or not as the puzzle has it).
                    ranked &= ranked - 1;
                    ranked &= !masks::ranked(self.placed_units[d0], boxes_first);
                }
                debug_assert_eq!(cands, self.cands[d0], "the register follows the table");
            }
        }
        Ok(found)
    }

    /// ⊥ if the digit `d0+1` has no place left in a unit where it is not placed, or an open
    /// cell no candidate: looked for in a subproof as soon as the digit's candidates change
    /// (at the root, where the puzzle has a solution, neither happens), so that the subproof
    /// ends at the first contradiction rather than at the end of the round.
    fn emptied(&self, d0: usize) -> Result<(), Conflict> {
        self.no_place_for(d0)?;
        let cells = self.open & !self.cands.iter().fold(0, |m, &c| m | c);
        if cells != 0 {
            return Err(Conflict::EmptyCell(cells.trailing_zeros() as usize));
        }
        Ok(())
    }

    /// ⊥ if the digit `d0+1` has no place left in a unit where it is not placed.
    #[inline(always)]
    pub(super) fn no_place_for(&self, d0: usize) -> Result<(), Conflict> {
        let empty = masks::empty_units(self.cands[d0]) & !self.placed_units[d0];
        if empty != 0 {
            return Err(Conflict::NoPlace(empty.trailing_zeros() as usize, d0));
        }
        Ok(())
    }

    /// The hidden single of `d0+1` in `unit`, a unit where the digit had one place and is
    /// not placed, its candidates being `cands`: ⊥ if an earlier single of the same look took
    /// that place (the digit's candidates only shrink during a look, so it never has two).
    /// The cell placed.
    fn hidden_single(&mut self, unit: usize, d0: usize, cands: u128) -> Result<usize, Conflict> {
        let places = cands & UNIT_MASKS[unit];
        debug_assert!(places & places.wrapping_sub(1) == 0, "one place at most");
        if places == 0 {
            return Err(Conflict::NoPlace(unit, d0));
        }
        let i = places.trailing_zeros() as usize;
        let cell = self.geo.cell(i);
        let rule = Rule::HiddenSingle(format_unit(self.geo.unit(unit)));
        self.place(cell, Digit::new(d0 + 1), rule, Why::Hidden(unit as u8));
        Ok(i)
    }

    /// Apply a locked-candidates instance that eliminates ([`masks::locked_instance`], digits
    /// in order; a digit whose candidates did not change since it was last looked at in vain
    /// is skipped). Whether one was applied.
    fn locked_candidates(&mut self) -> bool {
        for d0 in 0..9 {
            if self.cands[d0] == self.locked_seen[d0] {
                continue;
            }
            match masks::locked_instance(self.cands[d0]) {
                None => self.locked_seen[d0] = self.cands[d0],
                Some((from, to)) => {
                    let victims = self.cands[d0] & UNIT_MASKS[to] & !UNIT_MASKS[from];
                    self.eliminate_locked(from, to, d0, victims);
                    return true;
                }
            }
        }
        false
    }

    /// Write and apply `c≠d0+1` for each cell `c` of `victims` by locked candidates from
    /// `from` to `to` (every step will cite the same premises).
    fn eliminate_locked(&mut self, from: usize, to: usize, d0: usize, mut victims: u128) {
        let (geo, digit) = (self.geo, Digit::new(d0 + 1));
        let (from_unit, to_unit) = (format_unit(geo.unit(from)), format_unit(geo.unit(to)));
        let rule =
            Rule::LockedCandidates { from: from_unit, to: to_unit, digit: digit.get() as u8 };
        while victims != 0 {
            let i = victims.trailing_zeros() as usize;
            victims &= victims - 1;
            let why = Why::Locked(from as u8, to as u8);
            let step = self.write(geo.cell(i), digit, Kind::Elim, rule, why);
            self.eliminate(i, d0, step);
        }
    }

    /// Apply a hidden pair that eliminates ([`masks::hidden_pair`]): two digits with the same
    /// two places in a unit leave those cells no other digit. Its premises, the pair's digits
    /// eliminated from the unit's other cells (fourteen, each an elimination step: the format's
    /// subset rules take no placement for one), are stated first, Exclusion steps written for
    /// those justified by a placement; every step of the pair cites them, set as it is written
    /// (a closed subproof's state no longer justifies them). Whether one was applied.
    fn hidden_pair(&mut self) -> bool {
        let Some((unit, a, b)) = masks::hidden_pair(&self.cands) else { return false };
        let cells = self.cands[a] & UNIT_MASKS[unit];
        let (mut stated, mut count) = ([NONE; 16], 0);
        let mut others = UNIT_MASKS[unit] & !cells;
        while others != 0 {
            let i = others.trailing_zeros() as usize;
            others &= others - 1;
            for d0 in [a, b] {
                let Some(by) = self.stated_elimination(i, d0) else {
                    debug_assert!(false, "a pair's digit is gone from the unit's other cells");
                    return false;
                };
                stated[count] = by;
                count += 1;
            }
        }
        let start = self.premises.len() as u32;
        self.premises.extend_from_slice(&stated[..count]);
        let span = (start, self.premises.len() as u32);
        let geo = self.geo;
        let rule = Rule::HiddenSubset {
            unit: format_unit(geo.unit(unit)),
            cells: u64::from(positions_of(unit, cells)),
            digits: 1 << a | 1 << b,
        };
        let mut victims = cells;
        while victims != 0 {
            let i = victims.trailing_zeros() as usize;
            victims &= victims - 1;
            // The cell's other digits, taken before any is eliminated.
            let mut here = self.digits_at(i) & !(1 << a | 1 << b);
            while here != 0 {
                let e0 = here.trailing_zeros() as usize;
                here &= here - 1;
                let digit = Digit::new(e0 + 1);
                let step = self.write(geo.cell(i), digit, Kind::Elim, rule, Why::Cited);
                self.spans.resize(step as usize, super::UNCITED);
                self.spans.push(span);
                self.eliminate(i, e0, step);
            }
        }
        true
    }

    /// The candidates of the cell of index `i`, digit `d0+1` at bit `d0`.
    #[inline(always)]
    fn digits_at(&self, i: usize) -> u16 {
        (0..9).fold(0, |m, d0| m | ((self.cands[d0] >> i & 1) as u16) << d0)
    }

    /// Apply `c≠d0+1` at the cell `c` of index `i`, stated by `step` (an elimination).
    pub(super) fn eliminate(&mut self, i: usize, d0: usize, step: StepId) {
        if self.elim_step.is_empty() {
            self.elim_step = vec![NONE; 81 * 9];
        }
        self.elim_step[i * 9 + d0] = step;
        self.elim_trail.push((i * 9 + d0) as u16);
        self.cands[d0] &= !(1 << i);
    }
}
