//! Learned clauses, watched by two literals each (the solver's usual scheme): a clause is
//! looked at only when one of its two watched literals becomes false.

use super::assign::{Assign, Conflict, Reason};
use super::lit::L;
use crate::trace::StepId;

/// A learned clause and the ⊥ step of the subproofs that proved it.
#[derive(Clone, Debug)]
pub(super) struct Clause {
    /// The literals; the first two are watched.
    pub lits: Vec<L>,
    /// The ⊥ a `Lemma` step cites to use the clause.
    pub bottom: StepId,
    /// Distinct decision levels among the literals when it was learned (glue).
    pub lbd: u32,
    /// Dropped by a database reduction: no longer propagates.
    pub deleted: bool,
}

#[derive(Clone, Copy, Debug)]
struct Watch {
    clause: u32,
    /// Another literal of the clause: when it is true the clause need not be looked at.
    blocker: L,
}

/// The clause database.
pub(super) struct Db {
    pub clauses: Vec<Clause>,
    /// Per literal, the clauses watching it.
    watches: Vec<Vec<Watch>>,
    /// Clauses not deleted.
    pub live: usize,
}

impl Db {
    /// An empty database over `vars` variables.
    pub fn new(vars: usize) -> Db {
        Db { clauses: Vec::new(), watches: vec![Vec::new(); 2 * vars], live: 0 }
    }

    /// Adds a clause (its first literal the one to assert, its second of the highest level
    /// among the rest); returns its index.
    pub fn add(&mut self, lits: Vec<L>, bottom: StepId, lbd: u32) -> u32 {
        let id = self.clauses.len() as u32;
        if lits.len() >= 2 {
            self.watches[lits[0].index()].push(Watch { clause: id, blocker: lits[1] });
            self.watches[lits[1].index()].push(Watch { clause: id, blocker: lits[0] });
        }
        self.clauses.push(Clause { lits, bottom, lbd, deleted: false });
        self.live += 1;
        id
    }

    /// Visits the clauses watching `f`, which just became false: each finds another watch,
    /// asserts its last open literal, or is a conflict.
    pub fn propagate(&mut self, f: L, a: &mut Assign) -> Result<(), Conflict> {
        let mut ws = std::mem::take(&mut self.watches[f.index()]);
        let mut keep = 0;
        let mut result = Ok(());
        let mut i = 0;
        while i < ws.len() {
            let w = ws[i];
            i += 1;
            let clause = &mut self.clauses[w.clause as usize];
            if clause.deleted {
                continue;
            }
            if a.value(w.blocker) == 1 {
                ws[keep] = w;
                keep += 1;
                continue;
            }
            let lits = &mut clause.lits;
            if lits[0] == f {
                lits.swap(0, 1);
            }
            let first = lits[0];
            if first != w.blocker && a.value(first) == 1 {
                ws[keep] = Watch { clause: w.clause, blocker: first };
                keep += 1;
                continue;
            }
            if let Some(k) = (2..lits.len()).find(|&k| a.value(lits[k]) != -1) {
                lits.swap(1, k);
                self.watches[lits[1].index()].push(Watch { clause: w.clause, blocker: first });
                continue;
            }
            ws[keep] = Watch { clause: w.clause, blocker: first };
            keep += 1;
            if a.value(first) == -1 {
                result = Err(Conflict::Clause(w.clause));
                while i < ws.len() {
                    ws[keep] = ws[i];
                    keep += 1;
                    i += 1;
                }
                break;
            }
            a.assign(first, Reason::Clause(w.clause));
        }
        ws.truncate(keep);
        debug_assert!(self.watches[f.index()].is_empty());
        self.watches[f.index()] = ws;
        result
    }

    /// Deletes the worse half (by glue, longer first among equals) of the clauses learned
    /// since `protect` that are not the reason of a trail literal and have glue above 2.
    pub fn reduce(&mut self, a: &Assign, protect: usize) {
        let locked = |id: u32, c: &Clause| {
            let l = c.lits[0];
            a.value(l) == 1 && a.reason[l.var() as usize] == Reason::Clause(id)
        };
        let mut candidates: Vec<(u32, usize, u32)> = (protect..self.clauses.len())
            .map(|i| (i as u32, &self.clauses[i]))
            .filter(|(id, c)| !c.deleted && c.lbd > 2 && c.lits.len() > 2 && !locked(*id, c))
            .map(|(id, c)| (c.lbd, c.lits.len(), id))
            .collect();
        candidates.sort_unstable_by(|x, y| y.cmp(x));
        for &(_, _, id) in &candidates[..candidates.len() / 2] {
            let c = &mut self.clauses[id as usize];
            c.deleted = true;
            c.lits = Vec::new();
            self.live -= 1;
        }
    }
}
