//! Probing the root's two-way branches before the search branches there.
//!
//! The search ranks its branches by size and weight ([`Settle::choose`]); at the root the best
//! of them is often one whose wrong alternative the rules do not refute, so that its subproof
//! branches again, while the wrong side of another two-way branch falls to the rules at once.
//! On pe96 one puzzle (line 47) took six assumptions two deep by its best branch (a certificate
//! of 200 steps) where its second takes one (94 steps). So before it branches, the root tries
//! the wrong sides (by the oracle) of its [`PROBES`] best two-way branches — a cell's two
//! candidates, a digit's two places in a unit — each by the rules alone, in turn: the first
//! that reaches ⊥ is closed as any subproof; one that stalls is dropped with its steps and
//! state (nothing cites a subproof's steps before it closes). Probing inside subproofs, with
//! both sides to try there, cost more than the nested branches it saved (forum_hardest
//! +11.5 %); 16 probes instead of 8 gained on top95 only, 32 nowhere (`docs/negation.md`,
//! "Probing the root's two-way branches"; `docs/performance.md`, "Root probes, and the oracle
//! from the root's placements").

use super::branch::outside;
use super::{Settle, Weights};
use crate::grid::Grid;
use crate::solve::settle::masks::{self, UNIT_MASKS};

/// The most wrong alternatives the root tries by the rules alone before it searches inside
/// one ([`Settle::probe`]).
pub(super) const PROBES: usize = 8;

/// The heaviest wrong alternatives offered, heaviest first, first offered first on ties.
#[derive(Default)]
pub(super) struct Probes {
    /// Weight, cell index and digit (0-based) of each.
    best: [(u32, u8, u8); PROBES],
    count: usize,
}

impl Probes {
    /// Keep `d0+1` at the cell of index `i` if it is among the heaviest (and new).
    pub(super) fn offer(&mut self, weight: u32, i: usize, d0: usize) {
        let (i, d0) = (i as u8, d0 as u8);
        if self.best[..self.count].iter().any(|&(_, j, e0)| (j, e0) == (i, d0)) {
            return;
        }
        let at = self.best[..self.count].iter().take_while(|&&(w, ..)| w >= weight).count();
        if at == PROBES {
            return;
        }
        self.best.copy_within(at..PROBES - 1, at + 1);
        self.best[at] = (weight, i, d0);
        self.count = (self.count + 1).min(PROBES);
    }

    /// The probes kept, best first.
    pub(super) fn kept(&self) -> &[(u32, u8, u8)] {
        &self.best[..self.count]
    }
}

impl Settle {
    /// At the root, try the wrong alternatives of the best two-way branches ([`Settle::probes`])
    /// by the rules alone, in turn, until one reaches ⊥: that subproof is closed as any other.
    /// Whether one did (`None`, to give up, if one solved the grid: a second solution).
    pub(super) fn probe(
        &mut self,
        solution: &Grid,
        locked: bool,
        weights: &mut Weights,
    ) -> Option<bool> {
        let probes = self.probes(weights, solution);
        for &(_, i, d0) in probes.kept() {
            self.stats.assumptions += 1;
            let frame = self.open(usize::from(i), usize::from(d0));
            match self.fixpoint(locked).and_then(|()| self.no_place()) {
                Err(conflict) => {
                    self.refute(conflict, frame, None, weights)?;
                    return Some(true);
                }
                Ok(()) if self.unsolved == 0 => return None,
                Ok(()) => self.abandon(frame),
            }
        }
        Some(false)
    }

    /// The wrong alternatives of the root's two-way branches (a cell's two candidates, a
    /// digit's two places in a unit) to try by the rules alone, best first as [`Settle::choose`]
    /// ranks them (heaviest, cells first), at most [`PROBES`]: `solution` tells which
    /// alternative is wrong.
    pub(super) fn probes(&self, weights: &Weights, solution: &Grid) -> Probes {
        let mut probes = Probes::default();
        let mut cells = masks::cells_by_count(&self.cands)[1] & self.open;
        while cells != 0 {
            let i = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if let Some(d0) = self.first_outside(i, Some(solution)) {
                probes.offer(weights.cell(i), i, d0);
            }
        }
        for d0 in 0..9 {
            let mut units = masks::pair_units(self.cands[d0]);
            while units != 0 {
                let unit = units.trailing_zeros() as usize;
                units &= units - 1;
                let mut places = self.cands[d0] & UNIT_MASKS[unit];
                while places != 0 {
                    let i = places.trailing_zeros() as usize;
                    places &= places - 1;
                    if outside(Some(solution), i, d0) {
                        probes.offer(weights.places(unit), i, d0);
                    }
                }
            }
        }
        probes
    }
}
