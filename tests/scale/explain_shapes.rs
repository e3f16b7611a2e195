//! Valid certificates whose *shape* stresses a consumer: subproofs nested very deep, one
//! refuted assumption discharged by very many Negations, and a long chain of open assumptions
//! on an empty 64×64 grid. Each is accepted by the checker. Shared by `cli/tests/explain_scale.rs`
//! and `examples/explain_shapes.rs` (which writes them to files for measurements).
#![allow(dead_code)]

use deduku_check::format::{Claim, Fact, Proof, Rule, Step, FORMAT, VERSION};

/// The 4×4 puzzle of the small shapes: r1c1=1 given.
pub const PUZZLE: &str = "1...............";

fn proof(order: u8, puzzle: String, claim: Claim, steps: Vec<Step>) -> Proof {
    Proof { format: FORMAT.to_string(), version: VERSION, order, puzzle, claim, steps }
}

fn step(id: u64, fact: Fact, rule: Rule, premises: Vec<u64>, scope: Option<u64>) -> Step {
    Step { id, fact, rule, premises: premises.into(), scope }
}

const GIVEN: Fact = Fact::Place { r: 1, c: 1, d: 1 };
const PLACE: Fact = Fact::Place { r: 1, c: 2, d: 1 };
const ELIM: Fact = Fact::Elim { r: 1, c: 2, d: 1 };

/// Subproofs nested `depth` deep, each assuming r1c2=1 (false: r1c1=1 is given), refuted at
/// the bottom by a clash and discharged level by level back to the root: 2 + 3·depth steps.
pub fn nested(depth: u64) -> Proof {
    let mut steps = vec![
        step(0, GIVEN, Rule::Given, vec![], None),
        step(1, ELIM, Rule::Exclusion, vec![0], None),
    ];
    // Assume k (id k + 1) lives in the subproof of Assume k − 1.
    let assume = |k: u64| k + 1;
    let scope_of = |k: u64| (k > 1).then(|| assume(k - 1));
    for k in 1..=depth {
        steps.push(step(assume(k), PLACE, Rule::Assume, vec![], scope_of(k)));
    }
    let (mut next, mut refuted) = (depth + 2, 1);
    for k in (1..=depth).rev() {
        let bottom = next;
        let clash = vec![assume(k), refuted];
        steps.push(step(bottom, Fact::Bottom, Rule::Clash, clash, Some(assume(k))));
        steps.push(step(bottom + 1, ELIM, Rule::Negation, vec![assume(k), bottom], scope_of(k)));
        refuted = bottom + 1;
        next += 2;
    }
    proof(2, PUZZLE.to_string(), Claim::Consequences(PUZZLE.to_string()), steps)
}

/// One assumption r1c2=1, refuted by a clash, then discharged by `count` Negations at the
/// root, all citing the same Assume and ⊥: 4 + count steps.
pub fn many_negations(count: u64) -> Proof {
    let mut steps = vec![
        step(0, GIVEN, Rule::Given, vec![], None),
        step(1, ELIM, Rule::Exclusion, vec![0], None),
        step(2, PLACE, Rule::Assume, vec![], None),
        step(3, Fact::Bottom, Rule::Clash, vec![2, 1], Some(2)),
    ];
    for k in 0..count {
        steps.push(step(4 + k, ELIM, Rule::Negation, vec![2, 3], None));
    }
    proof(2, PUZZLE.to_string(), Claim::Consequences(PUZZLE.to_string()), steps)
}

/// An empty 64×64 grid and a chain of `length` open assumptions, each inside the one before,
/// each placing the digit of one valid solution (cells row by row, then again from the top),
/// so every line's picture holds up to 4,096 hypothetical placements: `length` steps.
pub fn open_chain(length: u64) -> Proof {
    let side = 64u64;
    let mut steps = Vec::new();
    for k in 0..length {
        let cell = k % (side * side);
        let (r, c) = (cell / side, cell % side);
        let d = (r * 8 + r / 8 + c) % side; // a valid 64×64 pattern: rows shift by 8, bands by 1
        let fact = Fact::Place { r: r as u8 + 1, c: c as u8 + 1, d: d as u8 + 1 };
        steps.push(step(k, fact, Rule::Assume, vec![], k.checked_sub(1)));
    }
    let empty = ".".repeat((side * side) as usize);
    proof(8, empty.clone(), Claim::Consequences(empty), steps)
}
