//! Settling a 9×9 puzzle by the singles (and locked candidates, and at the root hidden pairs)
//! alone, at the speed of a plain solver.
//!
//! Most puzzles of the easy and 17-clue collections are solved by `Cn` at the root, with no
//! assumption. The engine's state is built for the search that usually follows: every
//! elimination is a table update in three units, records its justification, goes on the trail
//! (for undoing) and on the event queue (for the rules); the trace is trimmed into a
//! certificate afterwards. On a 9×9 puzzle `Cn` settles, its 600 or so eliminations cost more
//! than the rest of the certificate.
//!
//! [`settle`] runs the same fixpoint the way fast solvers do: one 81-bit mask of cells per
//! digit, a placement clearing its peers in one operation, naked singles counted across the
//! nine masks bit-parallel, hidden singles and locked candidates read off each unit's mask.
//! Nothing is recorded per implied elimination. Once the puzzle is settled, each step's
//! premises are found ([`cite`]): `c≠e` is justified by the earliest step implying it — a
//! locked-candidates elimination of it, a placement of `e` in a unit of `c`, or of `c` itself —
//! which is what the engine's state records for it (the first justification of every
//! elimination). A hidden single or a locked-candidates instance cites a crossing unit's
//! earlier placement once for the whole segment where they meet, as the engine does.
//!
//! For `--search dfs` a fixpoint with open cells is searched depth first on the same masks
//! ([`search`]), the plain solver's first solution ordering the root's assumptions. It gives
//! up (`None`) whenever it cannot certify a unique solution — givens that clash, a
//! contradiction at the root, a fixpoint with open cells when there is no search (`bfs`) or no
//! oracle, a second solution, a budget spent — and the engine starts again from the givens
//! and certifies whatever the verdict is; the work lost is this pass, a few microseconds. The
//! fixpoint is the same as `Cn`'s with the same rules (it is unique), so the verdict is too;
//! the certificate has the same kinds of steps, in the order this pass applies the rules
//! rather than in the engine's event order: hidden singles digit by digit as long as there are
//! any, a round of naked singles when there are none, and one locked-candidates instance when
//! neither is left; at the root, with hidden pairs on (`dfs`'s default), one hidden pair
//! when none of those is left (its steps cite the pattern's fourteen eliminations, stated as
//! Exclusion steps where a placement implies them, and are cited when written). Hidden
//! singles come first because they cite fewer premises (a crossing
//! unit's placement stands for a whole segment; a naked single cites all `N − 1` other
//! digits): taken naked first, a pe96 certificate had a third more premises to check. For the
//! same reason, at the root, a digit's single in a box is taken before one in a line
//! ([`masks::ranked`]: a box single cites 4.3 premises on pe96, a row single 5.1). The
//! independent checker checks these certificates exactly as the engine's.
//!
//! On a puzzle that needs a search, the `bfs` pass is lost: about 14 k instructions on a
//! top95 puzzle (no premise is gathered for it).

use crate::grid::{Cell, Digit, Geometry, Grid, Order};
use crate::search::SearchStats;
use crate::trace::{StepId, NONE};
use deduku_check::format::{Proof, Rule};
use masks::CELL_UNITS;
use std::cell::RefCell;
use std::time::Instant;

mod cite;
mod masks;
mod positions;
mod proof;
mod rules;
mod search;
#[cfg(test)]
mod search_tests;

/// A certificate of the solution, when the rules settle the puzzle at the root, or the
/// pass's search does.
pub(crate) struct Settled {
    /// The solution.
    pub(crate) grid: Grid,
    /// Its certificate.
    pub(crate) proof: Proof,
    /// Steps derived (givens and eliminations included, cited or not).
    pub(crate) derived: usize,
    /// The search's figures (all zero when the rules settled the puzzle alone).
    pub(crate) stats: SearchStats,
}

/// What the settling pass needs to search when the rules stop short ([`search`]).
pub(crate) struct Searching<'a> {
    /// Asked once, when the rules stop with open cells, with the puzzle and every cell the
    /// rules placed as givens (a puzzle with the same solutions, each placement being a
    /// consequence of the givens): a solution of it (the plain solver's first), which only
    /// orders the root's assumptions. From the placements the solver's search is shorter
    /// than from the givens alone.
    pub(crate) oracle: &'a mut dyn FnMut(&Grid) -> Option<Grid>,
    /// When to give up and leave the puzzle to the engine (which ends it at the deadline).
    pub(crate) deadline: Option<Instant>,
    /// The most steps to write before giving up (the engine's trace budget, which it then
    /// applies itself).
    pub(crate) steps: usize,
}

/// The fixpoint of the singles (and of locked candidates if `locked`, and with them of hidden
/// pairs at the root if `pairs`) on a 9×9 puzzle, when
/// it is the solution: its certificate. With `searching`, a fixpoint with open cells is
/// searched depth first ([`search`]) when the oracle gives a solution.
pub(crate) fn settle(
    puzzle: &Grid,
    locked: bool,
    pairs: bool,
    searching: Option<Searching>,
) -> Option<Settled> {
    if puzzle.order().n() != 3 {
        return None;
    }
    let mut state = Settle::new(puzzle)?;
    state.pairs = pairs;
    state.fixpoint(locked).ok()?;
    if state.unsolved != 0 {
        let searching = searching?;
        let solution = (searching.oracle)(&state.placed(puzzle))?;
        state.search(&solution, locked, &searching)?;
    }
    state.into_settled(puzzle)
}

/// Why the rules reached ⊥: the first contradiction found.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// The open cell of this index has no candidate left.
    EmptyCell(usize),
    /// The digit `d0+1` has no place left in the unit, and is not placed there.
    NoPlace(usize, usize),
}

/// One step of the certificate being written.
struct Written {
    cell: Cell,
    digit: Digit,
    kind: Kind,
    rule: Rule,
    why: Why,
    /// The open Assume the step lives under, or [`NONE`] for the root.
    scope: StepId,
}

/// What a written step concludes about its cell and digit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Place,
    Elim,
    /// ⊥; its cell and digit are those of the elimination its first premise states (the
    /// empty cell and a digit of it, or the unit's first cell and the digit without place).
    Bottom,
}

/// What a step's premises must show, found when its scope closes ([`cite`]; the root's once
/// the puzzle is settled): a puzzle the pass does not settle costs no premise of the root.
#[derive(Clone, Copy)]
enum Why {
    /// A given: none.
    Given,
    /// A naked single: the cell's other digits are gone.
    Naked,
    /// A hidden single in this unit: the digit is gone from the unit's other cells.
    Hidden(u8),
    /// Locked candidates from a unit to a crossing one: the digit is gone from the cells of
    /// the first outside the second.
    Locked(u8, u8),
    /// An assumption: none.
    Assume,
    /// The negation of an Assume (first) refuted by a ⊥ (second): the two, as they are.
    Negation(StepId, StepId),
    /// An elimination stated from the placement (step) implying it.
    Exclusion(StepId),
    /// ⊥ at an empty cell: the elimination (step) first, then the cell's other digits.
    EmptyCell(StepId),
    /// ⊥ for a digit without place in a unit: the elimination (step) of the unit's first cell
    /// first, then the unit's other cells.
    NoPlace(u8, StepId),
    /// Cited when written (a hidden pair's eliminations: [`rules`]), its span set then.
    Cited,
}

/// The state of the pass, and the steps so far.
struct Settle {
    geo: &'static Geometry,
    /// Per digit (0-based), the open cells that still have it.
    cands: [u128; 9],
    /// The open cells.
    open: u128,
    /// The step placing each cell, or [`NONE`].
    place_step: [StepId; 81],
    /// Per unit and digit (`unit · 9 + digit − 1`), the step placing the digit in the unit.
    unit_step: [StepId; 27 * 9],
    /// Per digit (0-based), the units where it is placed (bit `u` for unit `u`).
    placed_units: [u32; 9],
    /// Per cell and digit (`cell · 9 + digit − 1`), the step eliminating it as a step of its
    /// own (locked candidates, a Negation), or [`NONE`]; empty until the first such step (most
    /// settled puzzles have none, and filling the table was 3 % of settling one).
    elim_step: Vec<StepId>,
    /// Per digit, its candidates when hidden singles last found none for it: unchanged, it
    /// has none still.
    hidden_seen: [u128; 9],
    /// Per digit, its candidates when locked candidates last found no instance for it.
    locked_seen: [u128; 9],
    unsolved: usize,
    /// How many givens: the first steps written, in this order.
    givens: usize,
    /// Whether the fixpoint applies hidden pairs (with locked candidates only).
    pairs: bool,
    steps: Vec<Written>,
    /// The innermost open Assume, or [`NONE`] at the root.
    scope: StepId,
    /// The search's figures.
    stats: SearchStats,
    /// The entries of `elim_step` set, in order (a closed subproof's are cleared again).
    elim_trail: Vec<u16>,
    /// The premises of the steps cited so far, one after the other.
    premises: Vec<StepId>,
    /// Per step, where its premises lie in `premises` ([`UNCITED`] until cited).
    spans: Vec<(u32, u32)>,
    /// Scratch of [`Settle::cite_subproof`]: which steps of a subproof its ⊥ needs.
    needed: Vec<bool>,
}

/// The buffers of a [`Settle`], kept per thread between puzzles, emptied: allocating and
/// freeing them for every puzzle was about 3 % of certifying an easy one.
#[derive(Default)]
struct Spare {
    steps: Vec<Written>,
    elim_trail: Vec<u16>,
    premises: Vec<StepId>,
    spans: Vec<(u32, u32)>,
    needed: Vec<bool>,
}

/// The most premises (and so, about, steps) whose buffers a thread keeps: 64 Ki, far more
/// than an easy puzzle's few hundred.
const SPARE_PREMISES: usize = 1 << 16;

thread_local! {
    /// This thread's [`Spare`].
    static SPARE: RefCell<Spare> = RefCell::new(Spare::default());
}

impl Drop for Settle {
    /// The buffers go back to this thread's [`SPARE`], emptied.
    fn drop(&mut self) {
        let mut spare = Spare {
            steps: std::mem::take(&mut self.steps),
            elim_trail: std::mem::take(&mut self.elim_trail),
            premises: std::mem::take(&mut self.premises),
            spans: std::mem::take(&mut self.spans),
            needed: std::mem::take(&mut self.needed),
        };
        spare.steps.clear();
        spare.elim_trail.clear();
        spare.premises.clear();
        spare.spans.clear();
        spare.needed.clear();
        // A long search's buffers (megabytes) are given back rather than kept.
        if spare.premises.capacity() <= SPARE_PREMISES {
            SPARE.with(|s| *s.borrow_mut() = spare);
        }
    }
}

/// The span of a step not cited yet.
const UNCITED: (u32, u32) = (u32::MAX, 0);

impl Settle {
    /// The givens placed, with their exclusions; `None` if two clash.
    fn new(puzzle: &Grid) -> Option<Settle> {
        let spare = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
        let mut state = Settle {
            geo: Geometry::of(Order::new(3).ok()?),
            cands: [masks::ALL; 9],
            open: masks::ALL,
            place_step: [NONE; 81],
            unit_step: [NONE; 27 * 9],
            placed_units: [0; 9],
            elim_step: Vec::new(),
            hidden_seen: [u128::MAX; 9],
            locked_seen: [u128::MAX; 9],
            unsolved: 81,
            givens: 0,
            pairs: false,
            steps: spare.steps,
            scope: NONE,
            stats: SearchStats::default(),
            elim_trail: spare.elim_trail,
            premises: spare.premises,
            spans: spare.spans,
            needed: spare.needed,
        };
        // The given cells gathered first, then visited bit by bit: a test per cell mispredicts
        // about twice per given (where they lie follows no pattern).
        let values = puzzle.values();
        // In two 64-bit halves: gathered as one 128-bit mask, each cell cost a 128-bit shift.
        let half = |cells: &[u8]| {
            cells.iter().enumerate().fold(0u64, |m, (i, &v)| m | u64::from(v != 0) << i)
        };
        let (low, high) = values.split_at(values.len().min(64));
        let givens = u128::from(half(high)) << 64 | u128::from(half(low));
        state.place_givens(values, givens)?;
        Some(state)
    }

    /// Write the givens (the cells of `givens`, their digits in `values`) and apply them all at
    /// once: each digit's candidates are worked out once from the peers of its givens, where
    /// [`Settle::apply`] per given updated all nine digits' masks (pe96 solve + check −0.5 %).
    /// `None` if two givens clash.
    fn place_givens(&mut self, values: &[u8], givens: u128) -> Option<()> {
        // Per digit, the peers of its givens so far.
        let mut peers = [0u128; 9];
        let mut left = givens;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let d0 = usize::from(values[i]) - 1;
            // A given in a peer of an earlier given of the same digit: a clash.
            if peers[d0] >> i & 1 != 0 {
                return None;
            }
            let digit = Digit::new(d0 + 1);
            let step = self.write(self.geo.cell(i), digit, Kind::Place, Rule::Given, Why::Given);
            self.record_placement(i, d0, step);
            peers[d0] |= masks::PEER_MASKS[i];
        }
        for (cands, peers) in self.cands.iter_mut().zip(peers) {
            *cands = masks::ALL & !givens & !peers;
        }
        self.open = masks::ALL & !givens;
        self.unsolved = 81 - givens.count_ones() as usize;
        self.givens = self.steps.len();
        Some(())
    }

    /// Write the step concluding `cell=digit` (or `≠`, or ⊥) by `rule` in the current scope;
    /// its id.
    #[inline(always)]
    fn write(&mut self, cell: Cell, digit: Digit, kind: Kind, rule: Rule, why: Why) -> StepId {
        let scope = self.scope;
        self.steps.push(Written { cell, digit, kind, rule, why, scope });
        (self.steps.len() - 1) as StepId
    }

    /// The puzzle with every cell placed so far set: at the root, a puzzle with the same
    /// solutions.
    fn placed(&self, puzzle: &Grid) -> Grid {
        let mut grid = puzzle.clone();
        for &step in &self.place_step {
            if let Some(placed) = self.steps.get(step as usize) {
                grid.set(placed.cell, Some(placed.digit));
            }
        }
        grid
    }

    /// Write and apply `cell=digit`.
    fn place(&mut self, cell: Cell, digit: Digit, rule: Rule, why: Why) {
        let step = self.write(cell, digit, Kind::Place, rule, why);
        self.apply(cell.index(), digit.get() - 1, step);
    }

    /// Apply the placement of `d0+1` at the cell of index `i` by `step`: the digit leaves the
    /// cell's peers, the cell every digit.
    fn apply(&mut self, i: usize, d0: usize, step: StepId) {
        self.record_placement(i, d0, step);
        for cands in &mut self.cands {
            *cands &= !(1 << i);
        }
        // The peers' mask put together from its halves, so that the compiler updates the
        // digit's mask in 64-bit halves as it does the others': read from `PEER_MASKS` whole,
        // it was updated as one 128-bit value, loaded across the two halves the previous
        // placement had just stored (a load that waits for both stores).
        let (low, high) = (masks::PEER_HALVES.0[i], masks::PEER_HALVES.1[i]);
        self.cands[d0] &= !(u128::from(high) << 64 | u128::from(low));
        self.open &= !(1 << i);
        self.unsolved -= 1;
    }

    /// Record that `step` places `d0+1` at the cell of index `i`: the step placing the cell,
    /// the digit in each of its units, and the units where the digit is placed (what citing
    /// reads; the masks are [`Settle::apply`]'s, or [`Settle::place_givens`]').
    #[inline(always)]
    fn record_placement(&mut self, i: usize, d0: usize, step: StepId) {
        self.place_step[i] = step;
        let [row, col, bx] = CELL_UNITS[i].map(usize::from);
        for unit in [row, col, bx] {
            self.unit_step[unit * 9 + d0] = step;
        }
        self.placed_units[d0] |= 1 << row | 1 << col | 1 << bx;
    }
}
