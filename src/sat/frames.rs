//! The open subproofs of a certificate being translated: one shared stack of assumption
//! literals (never a copy per subproof), the lemmas of each subproof, and the refutations
//! kept when a subproof closes.
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
    /// Whether its assumption was new to the chain (a repeated one adds nothing).
    pushed: Option<u32>,
    /// Lemmas derived directly inside it.
    lemmas: Vec<Lemma>,
    /// Its first ⊥ lemma, if any: the refutation a Negation of its Assume cites.
    bottom: Option<u64>,
}

/// What closing subproofs left: the lemmas to delete, how many subproofs closed, and the
/// ⊥ lemma of the outermost one that stays live in the enclosing subproof (its id, and the
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
    /// Per variable: whether it is on the chain.
    on_chain: Vec<bool>,
    /// Closed subproofs that derived ⊥: Assume id → (⊥ lemma id, scope the lemma lives in).
    refuted: HashMap<u64, (u64, Option<u64>)>,
}

impl Frames {
    /// The root frame alone, for an encoding of `vars` variables.
    pub(super) fn new(vars: usize) -> Frames {
        let root = Frame { scope: None, pushed: None, lemmas: Vec::new(), bottom: None };
        Frames {
            frames: vec![root],
            chain: Vec::new(),
            on_chain: vec![false; vars + 1],
            refuted: HashMap::new(),
        }
    }

    /// The assumption literals in force, outermost first.
    pub(super) fn chain(&self) -> &[DLit] {
        &self.chain
    }

    /// Whether literal `l` is an assumption in force.
    pub(super) fn assumed(&self, l: DLit) -> bool {
        l > 0 && self.on_chain.get(l.unsigned_abs() as usize).copied().unwrap_or(false)
    }

    /// The scope of the innermost open subproof.
    pub(super) fn top_scope(&self) -> Option<u64> {
        self.frames.last().and_then(|f| f.scope)
    }

    /// Closes the subproofs above `scope` (innermost first); the lemmas to delete are all of
    /// theirs except each one's first ⊥, which moves to the enclosing subproof as the
    /// refutation of its Assume. `None` when `scope` is not open.
    pub(super) fn close_to(&mut self, scope: Option<u64>) -> Option<Closed> {
        let keep = self.frames.iter().rposition(|f| f.scope == scope)?;
        let mut closed = Closed::default();
        while self.frames.len() > keep + 1 {
            let Some(frame) = self.frames.pop() else { break };
            closed.frames += 1;
            closed.kept = frame.bottom.map(|id| (id, kept_unit(&frame, id)));
            if let Some(v) = frame.pushed {
                self.chain.pop();
                self.on_chain[v as usize] = false;
            }
            let parent = self.frames.last_mut()?;
            for (id, lits) in frame.lemmas {
                if Some(id) == frame.bottom {
                    parent.lemmas.push((id, lits));
                } else {
                    closed.dead.push((id, lits));
                }
            }
            if let (Some(assume), Some(bottom)) = (frame.scope, frame.bottom) {
                self.refuted.insert(assume, (bottom, parent.scope));
            }
        }
        Some(closed)
    }

    /// Opens the subproof of Assume `id` with the positive literal `lit`.
    pub(super) fn open(&mut self, id: u64, lit: DLit) {
        let v = lit.unsigned_abs();
        let pushed = (!self.assumed(lit)).then_some(v);
        if pushed.is_some() {
            self.chain.push(lit);
            if let Some(flag) = self.on_chain.get_mut(v as usize) {
                *flag = true;
            }
        }
        self.frames.push(Frame { scope: Some(id), pushed, lemmas: Vec::new(), bottom: None });
    }

    /// Whether the innermost subproof already derived a ⊥ lemma.
    pub(super) fn top_refuted(&self) -> bool {
        self.frames.last().is_some_and(|f| f.bottom.is_some())
    }

    /// Records a lemma of the innermost subproof; `bottom` when it is a ⊥.
    pub(super) fn add(&mut self, id: u64, lits: Vec<DLit>, bottom: bool) {
        if let Some(top) = self.frames.last_mut() {
            if bottom && top.bottom.is_none() {
                top.bottom = Some(id);
            }
            top.lemmas.push((id, lits));
        }
    }

    /// The ⊥ lemma refuting Assume `assume`, if its subproof closed with one and the lemma is
    /// still live in the innermost open subproof `scope`.
    pub(super) fn refutation(&self, assume: u64, scope: Option<u64>) -> Option<u64> {
        let &(lemma, home) = self.refuted.get(&assume)?;
        (home == scope && self.top_scope() == scope).then_some(lemma)
    }
}

/// The literal the ⊥ lemma `id` of `frame` is a unit of once the frame closes: `¬a` for the
/// frame's own (new) assumption `a` when the lemma has it; none when the lemma is falsified
/// by the enclosing assumptions alone (a repeated assumption, or a refutation not using it).
fn kept_unit(frame: &Frame, id: u64) -> Option<DLit> {
    let unit = -(frame.pushed? as DLit);
    let lits = frame.lemmas.iter().find(|(i, _)| *i == id).map(|(_, lits)| lits)?;
    lits.contains(&unit).then_some(unit)
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
        f.add(100, vec![-5, -7], true);
        f.add(101, vec![-5, -7, 3], false);
        let closed = f.close_to(Some(11)).expect("11 is open");
        assert_eq!(closed.dead, vec![(101, vec![-5, -7, 3])]);
        assert_eq!((closed.frames, closed.kept), (1, Some((100, None))), "12 repeated 5");
        assert_eq!(f.refutation(12, Some(11)), Some(100));
        assert_eq!(f.refutation(12, None), None, "only in the Assume's own scope");
        assert_eq!(f.chain(), &[5, 7]);
        let closed = f.close_to(None).expect("the root");
        assert_eq!(closed.dead, vec![(100, vec![-5, -7])], "11 kept no ⊥ of its own");
        assert_eq!((closed.frames, closed.kept), (2, None));
        assert!(f.chain().is_empty() && !f.assumed(5));
        assert_eq!(f.refutation(12, Some(11)), None, "its scope is closed");
        assert!(f.close_to(Some(99)).is_none());
    }

    #[test]
    fn a_refutation_without_its_own_assumption_refutes_the_enclosing_subproof() {
        let mut f = Frames::new(64);
        f.open(10, 5);
        f.open(11, 7);
        f.add(100, vec![-5], true); // ⊥ under 5 and 7, which 7 played no part in
        let closed = f.close_to(Some(10)).expect("10 is open");
        assert_eq!(closed.kept, Some((100, None)), "falsified by 5 alone");
        f.open(12, 9);
        f.add(101, vec![-5, -9], true);
        assert_eq!(f.close_to(Some(10)).expect("open").kept, Some((101, Some(-9))));
    }
}
