//! Corruptions of a `Minimal` claim's witnesses, and `Minimal` claimed where it is false.

use super::corpus::Case;
use super::mutate::{Allowance, Class, Locate, Mutant};
use super::rng::Rng;
use deduku::grid::{Cell, Grid};
use deduku::solver::{classify, Classification};
use deduku_check::format::{Claim, Witness};

/// The witness classes.
pub fn classes() -> Vec<Class> {
    let c = |name, allowed, may_stay_valid, make| Class {
        name,
        allowed,
        locate: Locate::Whole,
        may_stay_valid,
        make,
    };
    vec![
        c(
            "Minimal: witness off another given",
            &["ClaimGivens"],
            None,
            other_given as fn(&Case, &mut Rng) -> _,
        ),
        c("Minimal: witness grids equal", &["ClaimWitnessIdentical"], None, equal_grids),
        c("Minimal: witness dropped", &["ClaimWitnessCount"], None, dropped),
        c("Minimal: witness repeated", &["ClaimWitnessCount"], None, repeated),
        c("Minimal: witness names another cell", &["ClaimWitnessCell"], None, other_cell),
        c("Minimal: witnesses out of order", &["ClaimWitnessCell"], None, swapped),
        c("Minimal: witness grid invalid", INVALID, None, invalid_grid),
        c("Minimal: claimed for Solution proof", NOT_MINIMAL, Some(MINIMAL_INDEED), claimed),
    ]
}

const INVALID: &[&str] = &["ClaimRepeat", "ClaimIncomplete", "ClaimGivens", "BadGrid"];
const NOT_MINIMAL: &[&str] = &["ClaimWitnessIdentical"];
const MINIMAL_INDEED: Allowance = Allowance {
    claims: &["Solution"],
    why: "the puzzle happens to be minimal, and the witnesses are real second solutions",
};

/// The case's solution and witnesses, when it is a `Minimal` certificate.
fn parts(case: &Case) -> Option<(&String, &Vec<Witness>)> {
    match &case.proof.claim {
        Claim::Minimal { solution, witnesses } => Some((solution, witnesses)),
        _ => None,
    }
}

/// Mutants with the witness list edited by `edit` at a few random positions.
fn edited(case: &Case, rng: &mut Rng, edit: impl Fn(&mut Vec<Witness>, usize)) -> Vec<Mutant> {
    let Some((solution, witnesses)) = parts(case) else { return Vec::new() };
    let positions: Vec<usize> = (0..witnesses.len()).collect();
    let chosen = rng.sample(&positions, 3);
    chosen
        .into_iter()
        .map(|i| {
            let mut list = witnesses.clone();
            edit(&mut list, i);
            let mut proof = case.proof.clone();
            proof.claim = Claim::Minimal { solution: solution.clone(), witnesses: list };
            Mutant { proof, step: None }
        })
        .collect()
}

/// The second grid of the next given's pair: valid, but off at that other given.
fn other_given(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    edited(case, rng, |list, i| {
        let j = (i + 1) % list.len();
        list[i].second = list[j].second.clone();
    })
}

fn equal_grids(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    edited(case, rng, |list, i| list[i].second = list[i].first.clone())
}

fn dropped(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    edited(case, rng, |list, i| {
        list.remove(i);
    })
}

fn repeated(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    edited(case, rng, |list, i| list.insert(i, list[i].clone()))
}

/// The pair moved to the next cell of its row (a blank or another given).
fn other_cell(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let side = case.proof.order * case.proof.order;
    edited(case, rng, move |list, i| list[i].c = list[i].c % side + 1)
}

fn swapped(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    edited(case, rng, |list, i| {
        let j = (i + 1) % list.len();
        list.swap(i, j);
    })
}

/// The second grid with one cell changed, blanked, or truncated.
fn invalid_grid(case: &Case, rng: &mut Rng) -> Vec<Mutant> {
    let side = u32::from(case.proof.order).pow(2);
    let variants: [fn(&str, u32) -> String; 3] =
        [bump_first, blank_first, |g, _| g[1..].to_string()];
    let k = rng.below(variants.len());
    edited(case, rng, move |list, i| list[i].second = variants[(k + i) % 3](&list[i].second, side))
}

/// The first cell's digit moved to the next one (compact grids of the corpus).
fn bump_first(grid: &str, side: u32) -> String {
    let first = grid.chars().next().and_then(|c| c.to_digit(36)).unwrap_or(1);
    let next = char::from_digit(first % side + 1, 36).unwrap_or('1').to_ascii_uppercase();
    std::iter::once(next).chain(grid.chars().skip(1)).collect()
}

fn blank_first(grid: &str, _: u32) -> String {
    std::iter::once('.').chain(grid.chars().skip(1)).collect()
}

/// A `Solution` certificate turned into a `Minimal` claim: each given gets the solution and,
/// when the plain solver finds one, a second solution without that given; a removable given
/// (a puzzle that is not minimal) can only get the solution twice.
fn claimed(case: &Case, _: &mut Rng) -> Vec<Mutant> {
    let Claim::Solution(text) = &case.proof.claim else { return Vec::new() };
    let Some(solution) = case.solutions.first() else { return Vec::new() };
    let puzzle = Grid::from_values(solution.order(), givens(case)).expect("the corpus puzzle");
    let witnesses = puzzle
        .filled()
        .map(|(cell, _)| {
            let second = second_solution(&puzzle, cell).unwrap_or_else(|| solution.clone());
            let (r, c) = (cell.row() as u8 + 1, cell.col() as u8 + 1);
            Witness { r, c, first: text.clone(), second: second.to_line() }
        })
        .collect();
    let mut proof = case.proof.clone();
    proof.claim = Claim::Minimal { solution: text.clone(), witnesses };
    vec![Mutant { proof, step: None }]
}

/// The values of the case's givens (compact or integer form).
fn givens(case: &Case) -> Vec<u8> {
    let text = case.givens.trim();
    if text.contains(char::is_whitespace) {
        return text.split_whitespace().map(|t| t.parse().unwrap_or(0)).collect();
    }
    text.chars().map(|ch| ch.to_digit(36).unwrap_or(0) as u8).collect()
}

/// Another solution of `puzzle` without the given at `cell`, if there is one.
pub fn second_solution(puzzle: &Grid, cell: Cell) -> Option<Grid> {
    let mut without = puzzle.clone();
    let given = without.get(cell);
    without.set(cell, None);
    match classify(&without) {
        Classification::Multiple(a, b) => Some(if a.get(cell) != given { a } else { b }),
        _ => None,
    }
}
