//! Certificates the checker accepts (or rejects) whose *shape* is hostile to a careless
//! consumer: nesting tens of thousands deep, a hundred thousand Negations of one Assume, a
//! chain of tens of thousands of distinct assumptions on a 64x64 grid, a step citing
//! millions of premises. Shared by the tests that run every consumer on them.
#![allow(dead_code)]

use deduku_check::format::{Claim, Fact, Proof, Rule, Step, FORMAT, VERSION};

/// A 4x4 puzzle with no solution: r1c2 can hold neither 1 (row), nor 2, 3, 4 (column).
pub const BLOCKED: &str = "1....2...3...4..";

/// The empty 64x64 puzzle.
pub fn empty_64() -> String {
    ".".repeat(4096)
}

fn proof(order: u8, puzzle: &str, claim: Claim, steps: Vec<Step>) -> Proof {
    let (format, version, puzzle) = (FORMAT.to_string(), VERSION, puzzle.to_string());
    Proof { format, version, order, puzzle, claim, steps }
}

/// Appends steps with consecutive ids.
struct Steps(Vec<Step>);

impl Steps {
    fn push(&mut self, fact: Fact, rule: Rule, premises: Vec<u64>, scope: Option<u64>) -> u64 {
        let id = self.0.len() as u64;
        self.0.push(Step { id, fact, rule, premises: premises.into(), scope });
        id
    }

    /// The four givens of [`BLOCKED`]: ids 0 (r1c1=1), 1 (r2c2=2), 2 (r3c2=3), 3 (r4c2=4).
    fn blocked_givens() -> Steps {
        let mut s = Steps(Vec::new());
        for (r, c, d) in [(1, 1, 1), (2, 2, 2), (3, 2, 3), (4, 2, 4)] {
            s.push(Fact::Place { r, c, d }, Rule::Given, vec![], None);
        }
        s
    }

    /// ⊥ at the root from `r1c2≠1` (step `not_one`) and the column givens: a Contradiction.
    fn empty_cell_at_root(mut self, not_one: u64) -> Proof {
        let mut premises = vec![not_one];
        for (given, d) in [(1, 2), (2, 3), (3, 4)] {
            let elim = Fact::Elim { r: 1, c: 2, d };
            premises.push(self.push(elim, Rule::Exclusion, vec![given], None));
        }
        self.push(Fact::Bottom, Rule::EmptyCell, premises, None);
        proof(2, BLOCKED, Claim::Contradiction, self.0)
    }
}

const R1C2_IS_1: Fact = Fact::Place { r: 1, c: 2, d: 1 };
const R1C2_NOT_1: Fact = Fact::Elim { r: 1, c: 2, d: 1 };

/// `depth` nested Assumes of r1c2=1, refuted at the bottom and discharged level by level
/// back to the root, where the puzzle's contradiction follows.
pub fn deep_nesting(depth: usize) -> Proof {
    let mut s = Steps::blocked_givens();
    let mut scopes: Vec<u64> = Vec::with_capacity(depth);
    for _ in 0..depth {
        let id = s.push(R1C2_IS_1, Rule::Assume, vec![], scopes.last().copied());
        scopes.push(id);
    }
    let mut not_one = s.push(R1C2_NOT_1, Rule::Exclusion, vec![0], scopes.last().copied());
    while let Some(assume) = scopes.pop() {
        let bottom = s.push(Fact::Bottom, Rule::Clash, vec![assume, not_one], Some(assume));
        let negation = vec![assume, bottom];
        not_one = s.push(R1C2_NOT_1, Rule::Negation, negation, scopes.last().copied());
    }
    s.empty_cell_at_root(not_one)
}

/// One refuted Assume of r1c2=1, then `count` Negations of it at the root.
pub fn many_negations(count: usize) -> Proof {
    let mut s = Steps::blocked_givens();
    let assume = s.push(R1C2_IS_1, Rule::Assume, vec![], None);
    let not_one = s.push(R1C2_NOT_1, Rule::Exclusion, vec![0], Some(assume));
    let bottom = s.push(Fact::Bottom, Rule::Clash, vec![assume, not_one], Some(assume));
    let mut last = bottom;
    for _ in 0..count {
        last = s.push(R1C2_NOT_1, Rule::Negation, vec![assume, bottom], None);
    }
    s.empty_cell_at_root(last)
}

/// `length` nested Assumes of distinct literals on the empty 64x64 grid (cell `k / 64`,
/// digit `k % 64 + 1`), then at the bottom a refuted assumption and an elimination: each
/// lemma there has `length` + 1 literals. Claims nothing (an empty Consequences grid).
pub fn assumption_chain(length: usize) -> Proof {
    let place = |k: usize| {
        let (cell, d) = (k / 64 % 4096, (k % 64 + 1) as u8);
        Fact::Place { r: (cell / 64 + 1) as u8, c: (cell % 64 + 1) as u8, d }
    };
    let mut s = Steps(Vec::with_capacity(length + 4));
    let mut scope = None;
    for k in 0..length {
        scope = Some(s.push(place(k), Rule::Assume, vec![], scope));
    }
    let last = scope.unwrap_or(0);
    let Fact::Place { r, c, d } = place(length.saturating_sub(1)) else { unreachable!() };
    let other = d % 64 + 1;
    let elim = Fact::Elim { r, c, d: other };
    let inner = s.push(Fact::Place { r, c, d: other }, Rule::Assume, vec![], scope);
    let excluded = s.push(elim, Rule::Exclusion, vec![last], Some(inner));
    let bottom = s.push(Fact::Bottom, Rule::Clash, vec![inner, excluded], Some(inner));
    s.push(elim, Rule::Negation, vec![inner, bottom], scope);
    proof(8, &empty_64(), Claim::Consequences(empty_64()), s.0)
}

/// A naked single citing the same premise `count` times: rejected, whatever the count.
pub fn huge_premises(count: usize) -> Proof {
    let puzzle = "1...............";
    let mut s = Steps(Vec::new());
    let given = s.push(Fact::Place { r: 1, c: 1, d: 1 }, Rule::Given, vec![], None);
    let elim = s.push(Fact::Elim { r: 1, c: 2, d: 1 }, Rule::Exclusion, vec![given], None);
    s.push(Fact::Place { r: 1, c: 2, d: 2 }, Rule::NakedSingle, vec![elim; count], None);
    proof(2, puzzle, Claim::Consequences(puzzle.to_string()), s.0)
}
