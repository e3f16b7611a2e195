//! The search loop: propagate, learn from each conflict, back-jump, decide; restarts on the
//! Luby schedule and deletes a third of the learned clauses now and then.

use super::analyze::Analyzer;
use super::assign::{Assign, Conflict, Reason};
use super::clauses::Db;
use super::emit::Recorder;
use super::heap::Heap;
use super::lit::L;
use super::Counters;
use crate::grid::{Geometry, Grid};
use crate::solver::luby;
use crate::trace::{Budget, StepId, NONE};
use std::time::Instant;

/// Conflicts per unit of the Luby restart schedule (gecode18 line 5: 142k conflicts with
/// 100, 147k with 32, 124k with 256).
const RESTART_UNIT: u64 = 256;
/// Conflicts before the first reduction of the clause database, and the growth of the gap
/// (with 4,000 and 600, halving: gecode18 line 15 took 314k conflicts and 39 M steps; with
/// these and a third deleted, 204k and 28 M).
const REDUCE_FIRST: u64 = 8000;
const REDUCE_STEP: u64 = 1200;

/// How one search ended.
#[derive(Debug)]
pub(super) enum Found {
    /// A solution (the trail is complete and consistent).
    Solution(Grid),
    /// ⊥ at the root: this step.
    Bottom(StepId),
    /// The assumption of a uniqueness round is false at the root.
    Refuted,
    /// The deadline passed, or the trace outgrew its [`Budget`].
    OutOfBudget,
}

/// The whole search state.
pub(super) struct Engine {
    pub a: Assign,
    pub db: Db,
    pub rec: Recorder,
    heap: Heap,
    analyzer: Analyzer,
    pub counters: Counters,
    deadline: Option<Instant>,
    /// How large the trace may grow.
    budget: Budget,
    restarts: u64,
    next_restart: u64,
    next_reduce: u64,
    reductions: u64,
}

impl Engine {
    /// An engine for `puzzle`'s grid with its givens on the trail, stopping at `deadline` or
    /// when its trace outgrows `budget`.
    pub fn new(puzzle: &Grid, deadline: Option<Instant>, budget: Budget) -> Engine {
        let geo = Geometry::of(puzzle.order());
        let a = Assign::new(geo);
        let vars = a.var_count();
        let mut engine = Engine {
            db: Db::new(vars),
            rec: Recorder::new(vars),
            heap: Heap::new(vars),
            analyzer: crate::cdcl::analyze::Analyzer::new(vars),
            counters: Counters::default(),
            deadline,
            budget,
            restarts: 0,
            next_restart: RESTART_UNIT,
            next_reduce: REDUCE_FIRST,
            reductions: 0,
            a,
        };
        for (cell, digit) in puzzle.filled() {
            // Clues are distinct variables; clues that clash are found by propagation.
            engine.a.assign(L::place(engine.a.vars.var(cell, digit)), Reason::Given);
        }
        engine
    }

    /// Searches for a solution; with `assumption`, for one where it holds (decided first at
    /// level 1), until it is false at the root.
    pub fn search(&mut self, assumption: Option<L>) -> Found {
        loop {
            if let Err(conflict) = self.propagate() {
                if self.a.decision_level() == 0 {
                    self.rec.sync_root(&self.a, &self.db);
                    return Found::Bottom(self.rec.bottom(&self.a, &self.db, conflict, NONE));
                }
                self.learn(conflict);
                continue;
            }
            if self.a.decision_level() == 0 {
                self.rec.sync_root(&self.a, &self.db);
            }
            if self.counters.conflicts >= self.next_restart && self.a.decision_level() > 0 {
                self.restart();
                continue;
            }
            if self.counters.conflicts >= self.next_reduce {
                self.reduce();
            }
            if self.out_of_budget() {
                return Found::OutOfBudget;
            }
            if let Some(h) = assumption.filter(|_| self.a.decision_level() == 0) {
                match self.a.value(h) {
                    -1 => return Found::Refuted,
                    0 => {
                        self.decide(h);
                        continue;
                    }
                    _ => {}
                }
            }
            match self.pick() {
                Some(l) => self.decide(l),
                None => return Found::Solution(self.grid()),
            }
        }
    }

    /// Propagates the trail: the sudoku constraints and the learned clauses.
    fn propagate(&mut self) -> Result<(), Conflict> {
        while self.a.qhead < self.a.trail.len() {
            let t = self.a.trail[self.a.qhead];
            self.a.qhead += 1;
            self.counters.propagations += 1;
            self.a.propagate_rules(t)?;
            self.db.propagate(t.not(), &mut self.a)?;
        }
        Ok(())
    }

    /// Learns the clause of `conflict`, records its proof, back-jumps and asserts it.
    fn learn(&mut self, conflict: Conflict) {
        self.counters.conflicts += 1;
        self.rec.sync_root(&self.a, &self.db);
        let learned = self.analyzer.analyze(&self.a, &self.db, &mut self.heap, conflict);
        self.heap.decay();
        let bottom = self.rec.lemma(&self.a, &self.db, &learned.clause, &learned.replay, conflict);
        self.counters.lemma_literals += learned.clause.len() as u64;
        self.counters.longest = self.counters.longest.max(learned.clause.len());
        self.backtrack(learned.backjump);
        let asserted = learned.clause[0];
        let id = self.db.add(&learned.clause, bottom, learned.lbd);
        self.a.assign(asserted, Reason::Clause(id));
    }

    fn decide(&mut self, l: L) {
        self.counters.decisions += 1;
        self.a.new_level();
        self.counters.deepest = self.counters.deepest.max(self.a.decision_level());
        self.a.assign(l, Reason::Decision);
    }

    /// The placement of the most active open variable. Always a placement: eliminating one
    /// digit of a cell tells the propagation little, and with saved phases (a solver's usual
    /// choice) gecode18 line 5 took 281k conflicts instead of 128k.
    fn pick(&mut self) -> Option<L> {
        while let Some(var) = self.heap.pop() {
            if !self.a.assigned(var) {
                return Some(L::place(var));
            }
        }
        None
    }

    fn backtrack(&mut self, level: u32) {
        let heap = &mut self.heap;
        self.a.backtrack(level, |var| heap.insert(var));
    }

    fn restart(&mut self) {
        self.restarts += 1;
        self.counters.restarts += 1;
        self.next_restart = self.counters.conflicts + RESTART_UNIT * luby(self.restarts + 1);
        self.backtrack(0);
    }

    fn reduce(&mut self) {
        self.reductions += 1;
        self.next_reduce = self.counters.conflicts + REDUCE_FIRST + REDUCE_STEP * self.reductions;
        self.db.reduce(&self.a);
    }

    /// Whether the deadline passed (read every 256 decisions) or the trace outgrew its budget.
    fn out_of_budget(&self) -> bool {
        self.budget.exceeded_by(&self.rec.trace)
            || (self.counters.decisions % 256 == 0
                && self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    /// The grid of the placements on the trail (complete when every variable is assigned).
    fn grid(&self) -> Grid {
        let vars = self.a.vars;
        let mut grid = Grid::empty(self.a.geo.order());
        for &l in self.a.trail.iter().filter(|l| l.is_place()) {
            grid.set(vars.cell(l.var()), Some(vars.digit(l.var())));
        }
        grid
    }

    /// The root step placing `var`, if it is placed at the root.
    pub fn root_place(&self, var: u32) -> Option<StepId> {
        (self.a.value(L::place(var)) == 1 && self.a.level[var as usize] == 0)
            .then(|| self.rec.root_step(var))
            .flatten()
    }

    /// Back to the root, for the next uniqueness round.
    pub fn back_to_root(&mut self) {
        self.backtrack(0);
    }
}
