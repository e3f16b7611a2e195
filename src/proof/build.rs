//! Trimming and export: from the engine's trace to a checker `Proof`.
//!
//! The trace is topologically ordered (premises precede their steps), so the
//! steps a claim needs are found by one backward sweep that marks the premises
//! of every marked step — linear in the number of premises, no graph needed.

use crate::grid::{Geometry, Grid};
use crate::trace::{Conclusion, StepId, Trace, NONE};
use deduku_check::format::{Claim, Fact, Proof, Step, FORMAT, VERSION};

/// Which trace steps the claim's `roots` depend on, transitively.
fn needed_steps(trace: &Trace, roots: &[StepId]) -> Vec<bool> {
    let mut needed = vec![false; trace.len()];
    for &r in roots {
        needed[r as usize] = true;
    }
    for id in (0..trace.len()).rev() {
        if needed[id] {
            for &p in trace.premises(id as StepId) {
                needed[p as usize] = true;
            }
            let scope = trace.step(id as StepId).scope;
            if scope != NONE {
                needed[scope as usize] = true;
            }
        }
    }
    needed
}

/// The wire format's fact for an engine conclusion: rows, columns and digits 1-based. The one
/// place where the engine's typed literals meet the format. The row and column come from the
/// geometry's tables: a certificate converts every step, and dividing the cell index was a
/// tenth of building an easy puzzle's certificate.
pub fn wire_fact(geo: &Geometry, conclusion: Conclusion) -> Fact {
    let Conclusion::Lit(lit) = conclusion else { return Fact::Bottom };
    let [row, col, _] = geo.units_of(lit.cell).map(usize::from);
    // Orders are at most 8: rows, columns and digits are at most 64 and fit a u8.
    let (r, c, d) = (row as u8 + 1, (col - geo.side()) as u8 + 1, lit.digit.get() as u8);
    if lit.positive {
        Fact::Place { r, c, d }
    } else {
        Fact::Elim { r, c, d }
    }
}

/// The certificate for `claim`: the steps `roots` need, renumbered 0, 1, 2 …
pub fn certificate(puzzle: &Grid, claim: Claim, trace: &Trace, roots: &[StepId]) -> Proof {
    let (needed, geo) = (needed_steps(trace, roots), Geometry::of(puzzle.order()));
    let mut new_id = vec![NONE; trace.len()];
    let mut steps = Vec::with_capacity(needed.iter().filter(|&&n| n).count());
    for id in (0..trace.len()).filter(|&i| needed[i]) {
        new_id[id] = steps.len() as StepId;
        let ts = trace.step(id as StepId);
        let premises = trace.premises(id as StepId).iter().map(|&p| u64::from(new_id[p as usize]));
        let scope = (ts.scope != NONE).then(|| u64::from(new_id[ts.scope as usize]));
        steps.push(Step {
            id: steps.len() as u64,
            fact: wire_fact(geo, ts.conclusion),
            rule: ts.rule,
            premises: premises.collect(),
            scope,
        });
    }
    proof_of(puzzle, claim, steps)
}

/// The certificate of `puzzle` with these steps and claim: the header filled in.
pub(crate) fn proof_of(puzzle: &Grid, claim: Claim, steps: Vec<Step>) -> Proof {
    Proof {
        format: FORMAT.to_string(),
        version: VERSION,
        order: puzzle.order().n() as u8,
        puzzle: puzzle.to_line(),
        claim,
        steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit};

    #[test]
    fn wire_facts_are_one_based() {
        let geo = Geometry::of(crate::grid::Order::new(3).expect("order 3"));
        let (cell, digit) = (Cell::new(0, 2, 9), Digit::new(7));
        let fact = |c| wire_fact(geo, c);
        assert_eq!(fact(Conclusion::place(cell, digit)), Fact::Place { r: 1, c: 3, d: 7 });
        assert_eq!(fact(Conclusion::elim(cell, digit)), Fact::Elim { r: 1, c: 3, d: 7 });
        assert_eq!(fact(Conclusion::Bottom), Fact::Bottom);
        for n in 2..=4 {
            let geo = Geometry::of(crate::grid::Order::new(n).expect("an order"));
            let d = geo.side();
            for cell in geo.all_cells() {
                let (r, c) = (cell.row() as u8 + 1, cell.col() as u8 + 1);
                let lit = Conclusion::elim(cell, Digit::new(d));
                assert_eq!(wire_fact(geo, lit), Fact::Elim { r, c, d: d as u8 }, "{cell:?}");
            }
        }
    }
}
