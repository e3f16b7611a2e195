//! The judge of a mutant the checker accepted: it must still be *sound*. Every root-scope
//! literal must hold in every solution the test knows, and the claim must be true.

use super::corpus::Case;
use deduku::grid::{Cell, Grid};
use deduku_check::format::{Claim, Fact, Proof, Rule};

/// Why an accepted mutant is unsound, or `None` when it is sound as far as the test knows.
pub fn unsound(case: &Case, proof: &Proof) -> Option<String> {
    if let Some(e) = false_root_fact(case, proof) {
        return Some(e);
    }
    match &proof.claim {
        Claim::Contradiction if case.solutions.is_empty() => None,
        Claim::Contradiction => Some("claims Contradiction for a solvable puzzle".to_string()),
        Claim::Solution(g) if case.solutions.len() == 1 && same(g, &case.solutions[0]) => None,
        Claim::Solution(g) => Some(format!("claims Solution({g}), not the unique solution")),
        Claim::Consequences(g) => {
            let agree = case.solutions.iter().all(|s| agrees(g, s));
            (!agree).then(|| format!("claims Consequences({g}) against a solution"))
        }
        Claim::Multiple(a, b) => {
            let ok = a != b && case.solutions.len() == 2;
            (!ok).then(|| "claims Multiple for a puzzle with one solution or none".to_string())
        }
        Claim::Derives(facts) => {
            let false_fact = facts.iter().find(|&&f| !case.solutions.iter().all(|s| holds(f, s)));
            false_fact.map(|f| format!("claims Derives of {f}, false in a solution"))
        }
        Claim::Minimal { solution, .. } => {
            if case.solutions.len() != 1 || !same(solution, &case.solutions[0]) {
                return Some(format!("claims Minimal({solution}), not the unique solution"));
            }
            removable_given(case).map(|cell| format!("claims Minimal, but {cell} can be removed"))
        }
    }
}

/// A given whose removal leaves the puzzle uniquely solvable (the plain solver decides).
fn removable_given(case: &Case) -> Option<Cell> {
    let side = case.solutions[0].order().side();
    let mut puzzle = case.solutions[0].clone();
    let givens = case.givens.trim();
    for (i, ch) in givens.chars().enumerate() {
        if ch == '.' || ch == '0' {
            puzzle.set(Cell::from_index(i, side), None);
        }
    }
    let cells: Vec<Cell> = puzzle.filled().map(|(c, _)| c).collect();
    cells.into_iter().find(|&cell| super::minimal::second_solution(&puzzle, cell).is_none())
}

/// A root-scope literal (not under an assumption) false in a known solution.
fn false_root_fact(case: &Case, proof: &Proof) -> Option<String> {
    let roots = proof.steps.iter().filter(|s| s.scope.is_none() && s.rule != Rule::Assume);
    for step in roots {
        for sol in &case.solutions {
            if !holds(step.fact, sol) {
                return Some(format!("root step {} concludes {}, false", step.id, step.fact));
            }
        }
    }
    None
}

fn holds(fact: Fact, sol: &Grid) -> bool {
    let side = sol.order().side();
    let digit = |r: u8, c: u8| {
        let cell = Cell::new(usize::from(r) - 1, usize::from(c) - 1, side);
        sol.get(cell).map(deduku::grid::Digit::get)
    };
    match fact {
        Fact::Place { r, c, d } => digit(r, c) == Some(usize::from(d)),
        Fact::Elim { r, c, d } => digit(r, c) != Some(usize::from(d)),
        Fact::Bottom => false,
    }
}

fn same(text: &str, sol: &Grid) -> bool {
    text.trim() == sol.to_line()
}

/// Every filled cell of the grid string matches the solution.
fn agrees(text: &str, sol: &Grid) -> bool {
    let line = sol.to_line();
    text.trim().chars().zip(line.chars()).all(|(a, b)| a == '.' || a == '0' || a == b)
}
