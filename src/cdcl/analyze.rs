//! Conflict analysis: the first unique implication point (1UIP) of the conflict's level.
//!
//! Walking the trail backwards from the conflict, each implied literal of the conflict's
//! level met is *resolved* (replaced by its antecedents) until one literal of that level is
//! left: the clause of its negation and the negations of the earlier levels' literals met is
//! learned. Level-0 literals are dropped: they are root facts. The resolved literals are what
//! the clause's proof replays.

use super::assign::{Assign, Conflict, Reason};
use super::clauses::Db;
use super::heap::Heap;
use super::lit::L;

/// What one analysis found.
pub(super) struct Learned {
    /// The clause: the negated UIP first, then a literal of the highest earlier level.
    pub clause: Vec<L>,
    /// The implications resolved, in trail order.
    pub resolved: Vec<L>,
    /// The level to go back to.
    pub backjump: u32,
    /// Distinct levels of the clause.
    pub lbd: u32,
}

/// Scratch space kept across analyses.
pub(super) struct Analyzer {
    seen: Vec<bool>,
    buf: Vec<L>,
    levels: Vec<u32>,
}

impl Analyzer {
    /// Buffers for `vars` variables.
    pub fn new(vars: usize) -> Analyzer {
        Analyzer { seen: vec![false; vars], buf: Vec::new(), levels: Vec::new() }
    }

    /// Analyses `conflict` (at a level above 0), bumping the activity of every variable met.
    pub fn analyze(&mut self, a: &Assign, db: &Db, heap: &mut Heap, conflict: Conflict) -> Learned {
        let level = a.decision_level();
        let mut clause = vec![L(0)];
        let mut resolved = Vec::new();
        let mut open = 0usize;
        self.buf.clear();
        a.conflict_antecedents(conflict, &mut self.buf);
        if let Conflict::Clause(id) = conflict {
            self.buf.extend(db.clauses[id as usize].lits.iter().map(|l| l.not()));
        }
        let mut index = a.trail.len();
        let uip = loop {
            for k in 0..self.buf.len() {
                let q = self.buf[k];
                let v = q.var() as usize;
                if self.seen[v] || a.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                heap.bump(q.var());
                if a.level[v] == level {
                    open += 1;
                } else {
                    clause.push(q.not());
                }
            }
            let p = loop {
                index -= 1;
                if self.seen[a.trail[index].var() as usize] {
                    break a.trail[index];
                }
            };
            self.seen[p.var() as usize] = false;
            open -= 1;
            if open == 0 {
                break p;
            }
            resolved.push(p);
            self.buf.clear();
            let reason = a.reason[p.var() as usize];
            a.antecedents(p, reason, &mut self.buf);
            if let Reason::Clause(id) = reason {
                let lits = &db.clauses[id as usize].lits;
                self.buf.extend(lits.iter().filter(|&&m| m != p).map(|m| m.not()));
            }
        };
        clause[0] = uip.not();
        for l in &clause[1..] {
            self.seen[l.var() as usize] = false;
        }
        resolved.reverse();
        let backjump = self.order_second(a, &mut clause);
        let lbd = self.glue(a, &clause);
        Learned { clause, resolved, backjump, lbd }
    }

    /// Moves a literal of the highest level after the first to position 1; returns that level.
    fn order_second(&self, a: &Assign, clause: &mut [L]) -> u32 {
        let level = |l: &L| a.level[l.var() as usize];
        let best = (1..clause.len()).max_by_key(|&k| level(&clause[k]));
        match best {
            Some(k) => {
                clause.swap(1, k);
                level(&clause[1])
            }
            None => 0,
        }
    }

    /// The number of distinct decision levels among the clause's literals.
    fn glue(&mut self, a: &Assign, clause: &[L]) -> u32 {
        self.levels.clear();
        self.levels.extend(clause.iter().map(|l| a.level[l.var() as usize]));
        self.levels.sort_unstable();
        self.levels.dedup();
        self.levels.len() as u32
    }
}
