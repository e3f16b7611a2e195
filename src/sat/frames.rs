//! The open subproofs of a certificate being translated: one shared stack of assumption
//! literals (never a copy per subproof; a placement `v` or an elimination `¬v`), the lemmas
//! of each subproof, and the refutations kept when a subproof closes. A ⊥ lemma is never
//! deleted: a Negation cites the first one of its subproof, and a Lemma step may cite any
//! ⊥ of a closed subproof, however late.
//!
//! Every operation is amortized O(1) per step plus the size of what it returns, so a
//! certificate nested 10⁵ deep translates in time and memory linear in its size and output.

use super::encoding::DLit;
use std::collections::HashMap;

/// A lemma: its clause id and literals (kept for DRAT deletion lines).
pub(super) type Lemma = (u64, Vec<DLit>);

/// One open subproof (the root has no scope).
struct Frame {
    /// Its Assume step, `None` for the root.
    scope: Option<u64>,
    /// Its assumption literal, when new to the chain (a repeated one adds nothing).
    pushed: Option<DLit>,
    /// Lemmas derived directly inside it, ⊥ lemmas excepted (those are never deleted).
    lemmas: Vec<Lemma>,
    /// Its first ⊥ lemma, if any: the refutation a Negation of its Assume cites; and
    /// whether it holds `¬a` for the frame's own (new) assumption `a`.
    bottom: Option<(u64, bool)>,
    /// Opened under contradictory assumptions (see [`Frames::open_absurd`]).
    absurd: bool,
}

/// What closing subproofs left: the lemmas to delete, how many subproofs closed, and the
/// first ⊥ lemma of the outermost one, live in the enclosing subproof (its id, and the
/// literal it is a unit of there: `¬a` for a new assumption `a`, none for a repeated one).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Closed {
    /// Lemmas to delete, innermost subproof first.
    pub(super) dead: Vec<Lemma>,
    /// The number of subproofs closed.
    pub(super) frames: usize,
    /// The refutation kept in the enclosing subproof.
    pub(super) kept: Option<(u64, Option<DLit>)>,
}

/// The stack of open subproofs.
pub(super) struct Frames {
    frames: Vec<Frame>,
    /// The distinct assumption literals of the open subproofs, outermost first.
    chain: Vec<DLit>,
    /// Per variable: the sign of its literal on the chain (1, -1), 0 when not on it.
    on_chain: Vec<i8>,
    /// Closed subproofs that derived ⊥: Assume id → (⊥ lemma id, scope the lemma lives in).
    refuted: HashMap<u64, (u64, Option<u64>)>,
    /// How many open subproofs are absurd.
    absurd: usize,
}

impl Frames {
    /// The root frame alone, for an encoding of `vars` variables.
    pub(super) fn new(vars: usize) -> Frames {
        let root =
            Frame { scope: None, pushed: None, lemmas: Vec::new(), bottom: None, absurd: false };
        Frames {
            frames: vec![root],
            chain: Vec::new(),
            on_chain: vec![0; vars + 1],
            refuted: HashMap::new(),
            absurd: 0,
        }
    }

    /// The assumption literals in force, outermost first.
    pub(super) fn chain(&self) -> &[DLit] {
        &self.chain
    }

    /// Whether literal `l` (a placement or an elimination) is an assumption in force.
    pub(super) fn assumed(&self, l: DLit) -> bool {
        let sign = if l > 0 { 1 } else { -1 };
        l != 0 && self.on_chain.get(l.unsigned_abs() as usize) == Some(&sign)
    }

    /// The scope of the innermost open subproof.
    pub(super) fn top_scope(&self) -> Option<u64> {
        self.frames.last().and_then(|f| f.scope)
    }

    /// Closes the subproofs above `scope` (innermost first); the lemmas to delete are all of
    /// theirs but the ⊥ lemmas, which stay live for good (the first one of each subproof is
    /// the refutation of its Assume). `None` when `scope` is not open.
    pub(super) fn close_to(&mut self, scope: Option<u64>) -> Option<Closed> {
        let keep = self.frames.iter().rposition(|f| f.scope == scope)?;
        let mut closed = Closed::default();
        while self.frames.len() > keep + 1 {
            let Some(frame) = self.frames.pop() else { break };
            closed.frames += 1;
            self.absurd -= usize::from(frame.absurd);
            let unit = frame.pushed.map(|a| -a);
            closed.kept = frame.bottom.map(|(id, has)| (id, unit.filter(|_| has)));
            if let Some(a) = frame.pushed {
                self.chain.pop();
                self.on_chain[a.unsigned_abs() as usize] = 0;
            }
            let parent = self.frames.last()?;
            closed.dead.extend(frame.lemmas);
            if let (Some(assume), Some((bottom, _))) = (frame.scope, frame.bottom) {
                self.refuted.insert(assume, (bottom, parent.scope));
            }
        }
        Some(closed)
    }

    /// Opens the subproof of Assume `id` with the literal `lit` (a placement or an
    /// elimination; never the opposite of an assumption in force, which callers refuse).
    pub(super) fn open(&mut self, id: u64, lit: DLit) {
        let pushed = (!self.assumed(lit)).then_some(lit);
        if pushed.is_some() {
            self.chain.push(lit);
            if let Some(flag) = self.on_chain.get_mut(lit.unsigned_abs() as usize) {
                *flag = if lit > 0 { 1 } else { -1 };
            }
        }
        let frame =
            Frame { scope: Some(id), pushed, lemmas: Vec::new(), bottom: None, absurd: false };
        self.frames.push(frame);
    }

    /// Opens the subproof of Assume `id` under contradictory assumptions: its literal is the
    /// opposite of one in force, or an enclosing subproof is absurd already. Nothing goes on
    /// the chain; every lemma inside would be a tautology, and none is written.
    pub(super) fn open_absurd(&mut self, id: u64) {
        let frame =
            Frame { scope: Some(id), pushed: None, lemmas: Vec::new(), bottom: None, absurd: true };
        self.frames.push(frame);
        self.absurd += 1;
    }

    /// Whether an open subproof is absurd (so the innermost one is).
    pub(super) fn in_absurd(&self) -> bool {
        self.absurd > 0
    }

    /// Records a lemma of the innermost subproof; `bottom` when it is a ⊥ (never deleted).
    pub(super) fn add(&mut self, id: u64, lits: &[DLit], bottom: bool) {
        if let Some(top) = self.frames.last_mut() {
            if !bottom {
                top.lemmas.push((id, lits.to_vec()));
            } else if top.bottom.is_none() {
                let has = top.pushed.is_some_and(|a| lits.contains(&-a));
                top.bottom = Some((id, has));
            }
        }
    }

    /// The first ⊥ lemma of the innermost subproof, if it derived one.
    pub(super) fn top_bottom(&self) -> Option<u64> {
        self.frames.last().and_then(|f| f.bottom).map(|(id, _)| id)
    }

    /// The ⊥ lemma refuting Assume `assume`, if its subproof closed with one and the lemma is
    /// still live in the innermost open subproof `scope`.
    pub(super) fn refutation(&self, assume: u64, scope: Option<u64>) -> Option<u64> {
        let &(lemma, home) = self.refuted.get(&assume)?;
        (home == scope && self.top_scope() == scope).then_some(lemma)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_is_shared_and_a_refutation_survives_its_subproof() {
        let mut f = Frames::new(64);
        f.open(10, 5);
        f.open(11, 7);
        f.open(12, 5); // repeated: nothing new on the chain
        assert_eq!(f.chain(), &[5, 7]);
        f.add(100, &[-5, -7], true);
        f.add(101, &[-5, -7, 3], false);
        let closed = f.close_to(Some(11)).expect("11 is open");
        assert_eq!(closed.dead, vec![(101, vec![-5, -7, 3])]);
        assert_eq!((closed.frames, closed.kept), (1, Some((100, None))), "12 repeated 5");
        assert_eq!(f.refutation(12, Some(11)), Some(100));
        assert_eq!(f.refutation(12, None), None, "only in the Assume's own scope");
        assert_eq!(f.chain(), &[5, 7]);
        let closed = f.close_to(None).expect("the root");
        assert!(closed.dead.is_empty(), "a ⊥ lemma is never deleted: a Lemma may cite it");
        assert_eq!((closed.frames, closed.kept), (2, None));
        assert!(f.chain().is_empty() && !f.assumed(5));
        assert!(!f.assumed(-5), "a placement on the chain is not its elimination");
        assert_eq!(f.refutation(12, Some(11)), None, "its scope is closed");
        assert!(f.close_to(Some(99)).is_none());
    }

    #[test]
    fn a_refutation_without_its_own_assumption_refutes_the_enclosing_subproof() {
        let mut f = Frames::new(64);
        f.open(10, 5);
        f.open(11, 7);
        f.add(100, &[-5], true); // ⊥ under 5 and 7, which 7 played no part in
        let closed = f.close_to(Some(10)).expect("10 is open");
        assert_eq!(closed.kept, Some((100, None)), "falsified by 5 alone");
        f.open(12, 9);
        f.add(101, &[-5, -9], true);
        assert_eq!(f.close_to(Some(10)).expect("open").kept, Some((101, Some(-9))));
    }

    #[test]
    fn an_elimination_is_assumed_with_its_sign_and_refuted_into_the_placement() {
        let mut f = Frames::new(64);
        f.open(10, -5); // r…≠…: the literal ¬5
        assert!(f.assumed(-5) && !f.assumed(5));
        assert_eq!(f.chain(), &[-5]);
        f.open(11, -5); // repeated
        f.add(100, &[5], true);
        f.add(101, &[5, 3], true); // a second ⊥: kept too, never deleted
        let closed = f.close_to(Some(10)).expect("10 is open");
        assert_eq!((closed.kept, closed.dead), (Some((100, None)), vec![]));
        let closed = f.close_to(None).expect("the root");
        assert_eq!(closed.kept, None, "10 derived no ⊥ of its own");
        f.open(12, -5);
        f.add(102, &[5], true);
        assert_eq!(f.close_to(None).expect("root").kept, Some((102, Some(5))), "the unit 5");
    }
}
