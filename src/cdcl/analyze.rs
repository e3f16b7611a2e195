//! Conflict analysis: the first unique implication point (1UIP) of the conflict's level,
//! then the clause minimised (MiniSat's recursive minimisation).
//!
//! Walking the trail backwards from the conflict, each implied literal of the conflict's
//! level met is *resolved* (replaced by its antecedents) until one literal of that level is
//! left: the clause of its negation and the negations of the earlier levels' literals met is
//! learned. Level-0 literals are dropped: they are root facts. A literal of an earlier level
//! is dropped too when the implications leading to it start from the clause's other literals
//! (and the root) alone. What the proof of the clause replays is every literal resolved or
//! shown implied this way, in trail order.

use super::assign::{Assign, Conflict, Reason};
use super::clauses::Db;
use super::heap::Heap;
use super::lit::L;

/// What one analysis found.
pub(super) struct Learned {
    /// The clause: the negated UIP first, then a literal of the highest earlier level.
    pub clause: Vec<L>,
    /// The implications its proof replays, in trail order.
    pub replay: Vec<L>,
    /// The level to go back to.
    pub backjump: u32,
    /// Distinct levels of the clause.
    pub lbd: u32,
}

/// How a variable was met by the current analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    None,
    /// Met: resolved (conflict level) or in the clause (earlier levels).
    Seen,
    /// Implied by the clause's literals and the root: replayed, not in the clause.
    Implied,
}

/// Scratch space kept across analyses.
pub(super) struct Analyzer {
    mark: Vec<Mark>,
    touched: Vec<u32>,
    buf: Vec<L>,
    stack: Vec<L>,
    levels: Vec<u32>,
}

impl Analyzer {
    /// Buffers for `vars` variables.
    pub fn new(vars: usize) -> Analyzer {
        let (buf, stack, levels, touched) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        Analyzer { mark: vec![Mark::None; vars], touched, buf, stack, levels }
    }

    /// Analyses `conflict` (at a level above 0), bumping the activity of every variable met.
    pub fn analyze(&mut self, a: &Assign, db: &Db, heap: &mut Heap, conflict: Conflict) -> Learned {
        let (mut clause, mut replay) = self.first_uip(a, db, heap, conflict);
        self.minimise(a, db, &mut clause, &mut replay);
        for v in self.touched.drain(..) {
            self.mark[v as usize] = Mark::None;
        }
        replay.sort_unstable_by_key(|l| a.pos[l.var() as usize]);
        let backjump = order_second(a, &mut clause);
        let lbd = self.glue(a, &clause);
        Learned { clause, replay, backjump, lbd }
    }

    /// The 1UIP clause and the conflict-level literals resolved on the way.
    fn first_uip(&mut self, a: &Assign, db: &Db, heap: &mut Heap, c: Conflict) -> (Vec<L>, Vec<L>) {
        let level = a.decision_level();
        let (mut clause, mut resolved) = (vec![L(0)], Vec::new());
        let mut open = 0usize;
        self.buf.clear();
        a.conflict_antecedents(c, &mut self.buf);
        if let Conflict::Clause(id) = c {
            self.buf.extend(db.lits(id).iter().map(|l| l.not()));
        }
        let mut index = a.trail.len();
        let uip = loop {
            for k in 0..self.buf.len() {
                let q = self.buf[k];
                let v = q.var() as usize;
                if self.mark[v] != Mark::None || a.level[v] == 0 {
                    continue;
                }
                self.set(q.var(), Mark::Seen);
                heap.bump(q.var());
                if a.level[v] == level {
                    open += 1;
                } else {
                    clause.push(q.not());
                }
            }
            let p = loop {
                index -= 1;
                let t = a.trail[index];
                if self.mark[t.var() as usize] == Mark::Seen && a.level[t.var() as usize] == level {
                    break t;
                }
            };
            open -= 1;
            if open == 0 {
                break p;
            }
            resolved.push(p);
            self.antecedents_of(a, db, p);
        };
        clause[0] = uip.not();
        (clause, resolved)
    }

    /// Drops the clause literals (after the first) implied by the others; what shows them
    /// implied joins `replay`.
    fn minimise(&mut self, a: &Assign, db: &Db, clause: &mut Vec<L>, replay: &mut Vec<L>) {
        let levels =
            clause[1..].iter().fold(0u64, |m, l| m | 1 << (a.level[l.var() as usize] & 63));
        let mut keep = 1;
        for k in 1..clause.len() {
            let q = clause[k].not();
            let reason = a.reason[q.var() as usize];
            if reason != Reason::Decision && self.implied(a, db, q, levels, replay) {
                replay.push(q);
                self.mark[q.var() as usize] = Mark::Implied;
            } else {
                clause[keep] = clause[k];
                keep += 1;
            }
        }
        clause.truncate(keep);
    }

    /// Whether true literal `q` follows from marked literals and the root by its reasons,
    /// recursively; on success the literals in between are marked and pushed to `replay`.
    fn implied(&mut self, a: &Assign, db: &Db, q: L, levels: u64, replay: &mut Vec<L>) -> bool {
        let start = replay.len();
        self.stack.clear();
        self.stack.push(q);
        while let Some(p) = self.stack.pop() {
            self.antecedents_of(a, db, p);
            for k in 0..self.buf.len() {
                let r = self.buf[k];
                let v = r.var() as usize;
                if a.level[v] == 0 || self.mark[v] != Mark::None {
                    continue;
                }
                let reachable = levels & (1 << (a.level[v] & 63)) != 0;
                if a.reason[v] == Reason::Decision || !reachable {
                    for l in replay.drain(start..) {
                        self.mark[l.var() as usize] = Mark::None;
                    }
                    return false;
                }
                self.set(r.var(), Mark::Implied);
                replay.push(r);
                self.stack.push(r);
            }
        }
        true
    }

    /// The antecedents of trail literal `p` into `buf`.
    fn antecedents_of(&mut self, a: &Assign, db: &Db, p: L) {
        self.buf.clear();
        let reason = a.reason[p.var() as usize];
        a.antecedents(p, reason, &mut self.buf);
        if let Reason::Clause(id) = reason {
            let lits = db.lits(id);
            self.buf.extend(lits.iter().filter(|&&m| m != p).map(|m| m.not()));
        }
    }

    fn set(&mut self, var: u32, mark: Mark) {
        self.mark[var as usize] = mark;
        self.touched.push(var);
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

/// Moves a literal of the highest level after the first to position 1; returns that level.
fn order_second(a: &Assign, clause: &mut [L]) -> u32 {
    let level = |l: &L| a.level[l.var() as usize];
    match (1..clause.len()).max_by_key(|&k| level(&clause[k])) {
        Some(k) => {
            clause.swap(1, k);
            level(&clause[1])
        }
        None => 0,
    }
}
