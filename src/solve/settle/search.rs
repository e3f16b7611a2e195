//! A depth-first search on the settling pass's masks: the engine's `dfs` proof of a 9×9
//! puzzle the rules leave open, at the pass's speed.
//!
//! The proof has the shape of the engine's depth-first search ([`crate::search`]): when the
//! rules stop, a branch is chosen — the smallest set of alternatives for its weight, an open
//! cell's candidates or a digit's two places in a unit, weighted by the refutations counted
//! per unit as the engine counts them; at the root every alternative outside the oracle's
//! solution is assumed in turn, inside a subproof the first. Each assumption opens a subproof
//! (an Assume step, the placement applied); the rules run again inside, branching again when
//! they stop, until ⊥, which closes the subproof by Negation at the enclosing scope. There the
//! candidate is gone, and the rules go on.
//!
//! A subproof's steps are cited ([`Settle::cite_subproof`]: only those its ⊥ needs) when it
//! closes, while the tables still hold its own justifications; then the state is restored to
//! what it was at the Assume (a copy of the masks and tables, 2 KB, and the locked
//! eliminations undone from a trail), so that no later step cites a fact of a closed
//! subproof. The rules' last looks per digit are restored too: the enclosing scope was at its
//! fixpoint when the subproof opened, so only the digit its Negation eliminates is looked at
//! again (top95 −2.5 %, forum_hardest −2.9 %). ⊥ is EmptyCell or NoPlace, whose first premise
//! must state an elimination: when the justification at hand is a placement, an Exclusion
//! step states it. In a subproof the
//! rules look for ⊥ as soon as a digit's candidates change, as the engine's event-driven
//! rules do, so that a refutation ends at its first contradiction.
//!
//! Before the root branches, the wrong sides (by the oracle) of its best two-way branches are
//! tried by the rules alone ([`probe`]): the first that reaches ⊥ is closed as any subproof, so
//! that a branch whose wrong side needs no nested branch is taken before a better-scored one
//! whose does (against none, on the tenth session's machine: pe96 −5 %, top95 −10 %).
//!
//! The search gives up (`None`, and the engine certifies the puzzle) when a subproof reaches
//! a solved grid (the oracle's solution is not the only one), at a ⊥ of the root (the puzzle
//! has no solution), or past its budgets: the deadline, the engine's trace budget in steps,
//! and [`ASSUMPTIONS`]. Against the engine's search on the same puzzles (84c9a81, one core),
//! certified solve and check: pe96 −11 %, 17-clue −12 %, top95 −16 %, top1465 −5 %,
//! forum_hardest −11 %; certificates have 3–10 % more steps (the rules' order differs;
//! `docs/performance.md`).

use super::masks::UNIT_MASKS;
use super::{Conflict, Kind, Searching, Settle, Why};
use crate::grid::{Digit, Grid};
use crate::rules::format_unit;
use crate::trace::{StepId, NONE};
use deduku_check::format::Rule;
use std::time::Instant;

/// The most assumptions the search opens before it gives the puzzle to the engine: a bound
/// for safety only (the hardest 9×9 puzzles we know need a few hundred, about a millisecond).
const ASSUMPTIONS: u64 = 1 << 16;

mod branch;
mod probe;
#[cfg(test)]
mod probe_tests;

use branch::Weights;

/// Assumptions between two looks at the clock.
const CLOCK_EVERY: u64 = 64;

/// An open subproof, and the state to restore when it closes.
struct Frame {
    assume: StepId,
    /// The deepest nesting of the subproofs closed inside it so far.
    inner: usize,
    cands: [u128; 9],
    open: u128,
    unsolved: usize,
    place_step: [StepId; 81],
    unit_step: [StepId; 27 * 9],
    placed_units: [u32; 9],
    /// What the rules had looked at in vain when the subproof opened (at a fixpoint): restored
    /// with the rest, only the digit the Negation then eliminates is looked at again.
    hidden_seen: [u128; 9],
    locked_seen: [u128; 9],
    elim_trail: usize,
}

impl Settle {
    /// Search the open fixpoint depth first until the rules solve the grid at the root, each
    /// root assumption outside `solution`; `None` to give up.
    pub(super) fn search(
        &mut self,
        solution: &Grid,
        locked: bool,
        limits: &Searching,
    ) -> Option<()> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut weights = Weights([1; 27]);
        let mut next_look = 0;
        loop {
            match self.fixpoint(locked).and_then(|()| self.no_place()) {
                Err(conflict) => {
                    let frame = stack.pop()?;
                    self.refute(conflict, frame, stack.last_mut(), &mut weights)?;
                }
                Ok(()) if self.unsolved == 0 => return stack.is_empty().then_some(()),
                Ok(()) => {
                    if self.out_of_budget(limits, &mut next_look) {
                        return None;
                    }
                    if stack.is_empty() && self.probe(solution, locked, &mut weights)? {
                        continue;
                    }
                    self.stats.assumptions += 1;
                    let (i, d0) = self.choose(&weights, stack.is_empty().then_some(solution))?;
                    stack.push(self.open(i, d0));
                }
            }
        }
    }

    /// Close `frame`'s subproof (inside `parent`'s, or at the root) by the ⊥ of `conflict`.
    fn refute(
        &mut self,
        conflict: Conflict,
        frame: Frame,
        parent: Option<&mut Frame>,
        weights: &mut Weights,
    ) -> Option<()> {
        weights.blame(conflict);
        let bottom = self.write_bottom(conflict)?;
        match parent {
            Some(parent) => parent.inner = parent.inner.max(frame.inner + 1),
            None => {
                self.stats.root_refutations += 1;
                self.stats.depth = self.stats.depth.max(frame.inner + 1);
            }
        }
        self.stats.refutations += 1;
        self.close(frame, bottom)
    }

    /// Whether the search has opened too many assumptions, written more steps than `limits`
    /// allow, or reached their deadline. The clock is read once the assumptions reach
    /// `next_look`, which then moves [`CLOCK_EVERY`] on: root probes open several assumptions
    /// between two looks, so a test for multiples of it could step over every one of them.
    fn out_of_budget(&self, limits: &Searching, next_look: &mut u64) -> bool {
        let n = self.stats.assumptions;
        if n > ASSUMPTIONS || self.steps.len() > limits.steps {
            return true;
        }
        if n < *next_look {
            return false;
        }
        *next_look = n + CLOCK_EVERY;
        limits.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// A digit with no place left in a unit where it is not placed, at a fixpoint (the rules
    /// see only those that lose their last place as they go).
    fn no_place(&self) -> Result<(), Conflict> {
        (0..9).try_for_each(|d0| self.no_place_for(d0))
    }

    /// Open a subproof assuming `d0+1` at the cell of index `i`.
    fn open(&mut self, i: usize, d0: usize) -> Frame {
        let (cell, digit) = (self.geo.cell(i), Digit::new(d0 + 1));
        let assume = self.write(cell, digit, Kind::Place, Rule::Assume, Why::Assume);
        let frame = Frame {
            assume,
            inner: 0,
            cands: self.cands,
            open: self.open,
            unsolved: self.unsolved,
            place_step: self.place_step,
            unit_step: self.unit_step,
            placed_units: self.placed_units,
            hidden_seen: self.hidden_seen,
            locked_seen: self.locked_seen,
            elim_trail: self.elim_trail.len(),
        };
        self.scope = assume;
        self.apply(i, d0, assume);
        frame
    }

    /// Close `frame`'s subproof, refuted by `bottom`: cite its steps, restore the state of
    /// its Assume, and conclude the opposite by Negation in the enclosing scope.
    fn close(&mut self, frame: Frame, bottom: StepId) -> Option<()> {
        self.cite_subproof(frame.assume as usize, bottom as usize)?;
        self.restore(&frame);
        let assumed = &self.steps[frame.assume as usize];
        let (cell, digit) = (assumed.cell, assumed.digit);
        let why = Why::Negation(frame.assume, bottom);
        let step = self.write(cell, digit, Kind::Elim, Rule::Negation, why);
        self.eliminate(cell.index(), digit.get() - 1, step);
        Some(())
    }

    /// Drop `frame`'s subproof unrefuted: its steps, from the Assume on, are gone (none was
    /// cited), and the state is the Assume's again.
    fn abandon(&mut self, frame: Frame) {
        self.restore(&frame);
        self.steps.truncate(frame.assume as usize);
        // Steps cited when written (hidden pairs, at the root only today) take their spans.
        self.spans.truncate(frame.assume as usize);
    }

    /// The state `frame` saved at its Assume, back, and the Assume's scope the current one.
    fn restore(&mut self, frame: &Frame) {
        self.scope = self.steps[frame.assume as usize].scope;
        self.cands = frame.cands;
        self.open = frame.open;
        self.unsolved = frame.unsolved;
        self.place_step = frame.place_step;
        self.unit_step = frame.unit_step;
        self.placed_units = frame.placed_units;
        self.hidden_seen = frame.hidden_seen;
        self.locked_seen = frame.locked_seen;
        for &at in &self.elim_trail[frame.elim_trail..] {
            self.elim_step[usize::from(at)] = NONE;
        }
        self.elim_trail.truncate(frame.elim_trail);
    }

    /// Write the ⊥ of `conflict`, after the elimination its first premise states (for an
    /// empty cell, a digit stated by an elimination step already, if there is one).
    fn write_bottom(&mut self, conflict: Conflict) -> Option<StepId> {
        let (i, d0, rule) = match conflict {
            Conflict::EmptyCell(i) => {
                let stated = (0..9).find(|&d0| {
                    let by = self.elim_step.get(i * 9 + d0).copied().unwrap_or(NONE);
                    by != NONE && by == self.justification(i, d0)
                });
                (i, stated.unwrap_or(0), Rule::EmptyCell)
            }
            Conflict::NoPlace(unit, d0) => {
                let first = UNIT_MASKS[unit].trailing_zeros() as usize;
                (first, d0, Rule::NoPlace(format_unit(self.geo.unit(unit))))
            }
        };
        let first = self.stated_elimination(i, d0)?;
        let (cell, digit) = (self.geo.cell(i), Digit::new(d0 + 1));
        let why = match conflict {
            Conflict::EmptyCell(_) => Why::EmptyCell(first),
            Conflict::NoPlace(unit, _) => Why::NoPlace(unit as u8, first),
        };
        Some(self.write(cell, digit, Kind::Bottom, rule, why))
    }

    /// A step stating `c≠d0+1` for the cell `c` of index `i`: its justification if that is
    /// an elimination, else an Exclusion from the placement implying it.
    pub(super) fn stated_elimination(&mut self, i: usize, d0: usize) -> Option<StepId> {
        let by = self.justification(i, d0);
        match self.steps.get(by as usize)?.kind {
            Kind::Elim => Some(by),
            _ => {
                let (cell, digit) = (self.geo.cell(i), Digit::new(d0 + 1));
                Some(self.write(cell, digit, Kind::Elim, Rule::Exclusion, Why::Exclusion(by)))
            }
        }
    }
}
