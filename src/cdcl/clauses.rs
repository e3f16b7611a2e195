//! Learned clauses, watched by two literals each (the solver's usual scheme): a clause is
//! looked at only when one of its two watched literals becomes false. Literals live in one
//! arena (compacted when clauses are deleted), so visiting a clause reads one cache line.

use super::assign::{Assign, Conflict, Reason};
use super::lit::L;
use crate::trace::StepId;

/// A learned clause and the ⊥ step of the subproofs that proved it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clause {
    /// Its literals are `arena[start..start + len]`; the first two are watched.
    start: u32,
    len: u32,
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
    clauses: Vec<Clause>,
    arena: Vec<L>,
    /// Per literal, the clauses watching it.
    watches: Vec<Vec<Watch>>,
}

impl Db {
    /// An empty database over `vars` variables.
    pub fn new(vars: usize) -> Db {
        Db { clauses: Vec::new(), arena: Vec::new(), watches: vec![Vec::new(); 2 * vars] }
    }

    /// The literals of clause `id`.
    pub fn lits(&self, id: u32) -> &[L] {
        let c = &self.clauses[id as usize];
        &self.arena[c.start as usize..(c.start + c.len) as usize]
    }

    /// The ⊥ step proving clause `id`.
    pub fn bottom(&self, id: u32) -> StepId {
        self.clauses[id as usize].bottom
    }

    /// Adds a clause (its first literal the one to assert, its second of the highest level
    /// among the rest); returns its index.
    pub fn add(&mut self, lits: &[L], bottom: StepId, lbd: u32) -> u32 {
        let id = self.clauses.len() as u32;
        if lits.len() >= 2 {
            self.watches[lits[0].index()].push(Watch { clause: id, blocker: lits[1] });
            self.watches[lits[1].index()].push(Watch { clause: id, blocker: lits[0] });
        }
        let (start, len) = (self.arena.len() as u32, lits.len() as u32);
        self.arena.extend_from_slice(lits);
        self.clauses.push(Clause { start, len, bottom, lbd, deleted: false });
        id
    }

    /// Visits the clauses watching `f`, which just became false: each finds another watch,
    /// asserts its last open literal, or is a conflict.
    pub fn propagate(&mut self, f: L, a: &mut Assign) -> Result<(), Conflict> {
        let mut ws = std::mem::take(&mut self.watches[f.index()]);
        let (mut keep, mut i) = (0, 0);
        let mut result = Ok(());
        while i < ws.len() {
            let w = ws[i];
            i += 1;
            if a.value(w.blocker) == 1 {
                ws[keep] = w;
                keep += 1;
                continue;
            }
            let c = self.clauses[w.clause as usize];
            if c.deleted {
                continue;
            }
            let lits = &mut self.arena[c.start as usize..(c.start + c.len) as usize];
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
                ws.copy_within(i.., keep);
                keep += ws.len() - i;
                break;
            }
            a.assign(first, Reason::Clause(w.clause));
        }
        ws.truncate(keep);
        self.watches[f.index()] = ws;
        result
    }

    /// Deletes the worse third (by glue, longer first among equals) of the clauses that are
    /// not the reason of a trail literal and have glue above 2; compacts the arena.
    pub fn reduce(&mut self, a: &Assign) {
        let locked = |id: u32, first: L| {
            a.value(first) == 1 && a.reason[first.var() as usize] == Reason::Clause(id)
        };
        let mut candidates: Vec<(u32, u32, u32)> = (0..self.clauses.len() as u32)
            .filter(|&id| {
                let c = &self.clauses[id as usize];
                !c.deleted && c.lbd > 2 && c.len > 2 && !locked(id, self.arena[c.start as usize])
            })
            .map(|id| (self.clauses[id as usize].lbd, self.clauses[id as usize].len, id))
            .collect();
        candidates.sort_unstable_by(|x, y| y.cmp(x));
        for &(_, _, id) in &candidates[..candidates.len() / 3] {
            self.clauses[id as usize].deleted = true;
        }
        self.compact();
    }

    /// Rebuilds the arena with the live clauses' literals only.
    fn compact(&mut self) {
        let mut arena = Vec::with_capacity(self.arena.len() / 2);
        for c in &mut self.clauses {
            if c.deleted {
                c.len = 0;
            }
            let start = arena.len() as u32;
            arena.extend_from_slice(&self.arena[c.start as usize..(c.start + c.len) as usize]);
            c.start = start;
        }
        self.arena = arena;
    }
}
