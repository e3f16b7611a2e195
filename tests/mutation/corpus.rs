//! The certificates the mutation suite corrupts: engine output on public puzzle sets and on
//! random 4x4 puzzles, covering every claim kind, both negation depths and three orders.

use super::rng::Rng;
use crate::common::{load, puzzle_from, random_grid};
use deduku::generate::{generate_one, GenerateOptions, Symmetry};
use deduku::grid::{Grid, Order};
use deduku::solve::{solve, SolveOptions, Verdict};
use deduku_check::format::{Claim, Proof};

/// One certificate, with what the test needs to judge a mutant of it.
pub struct Case {
    /// Where the puzzle came from, for messages.
    pub name: String,
    /// The givens as a grid string (what `check` is run against).
    pub givens: String,
    /// The engine's certificate (verified before use).
    pub proof: Proof,
    /// The solutions known to the test: the unique one, the two witnesses of `Multiple`,
    /// or none for a puzzle without solution.
    pub solutions: Vec<Grid>,
    /// The deepest subproof nesting of the certificate.
    pub depth: usize,
}

/// How many certificates of each sort: enough to reach every rule and claim, small enough
/// to keep the suite's CI time well under two minutes.
const RANDOM_4X4: usize = 10;
const EASY_9X9: usize = 10;
const TOP95: usize = 10;
const HARDEST: usize = 2;
const MULTIPLE: usize = 5;
const CONTRADICTION: usize = 6;
const STUCK: usize = 5;
const JANKO_16X16: usize = 2;
const MINIMAL_4X4: usize = 4;
const MINIMAL_9X9: usize = 4;

/// Every case of the corpus, each certificate already accepted by the checker.
pub fn corpus() -> Vec<Case> {
    let full = SolveOptions::default();
    let cn_only = SolveOptions { max_depth: Some(0), ..SolveOptions::default() };
    let mut cases = random_4x4();
    cases.extend(from_set("9x9/pe96_easy50.txt", EASY_9X9, &full, |_| true));
    cases.extend(from_set("9x9/top95.txt", TOP95, &full, |_| true));
    cases.extend(from_set("9x9/forum_hardest_1106.txt", HARDEST, &full, |_| true));
    let note_count = |note: Option<&str>| note.and_then(|n| n.split(':').next()?.parse().ok());
    let multi = |n: Option<&str>| note_count(n).is_some_and(|c: u64| c >= 2);
    let none = |n: Option<&str>| note_count(n) == Some(0);
    cases.extend(from_set("tdoku_test_puzzles.txt", MULTIPLE, &full, multi));
    cases.extend(from_set("tdoku_test_puzzles.txt", CONTRADICTION, &full, none));
    cases.extend(from_set("invalid/sudopedia_invalid7.txt", 2, &full, |_| true));
    cases.extend(from_set("9x9/top95.txt", STUCK, &cn_only, |_| true));
    cases.extend(from_set("16x16/janko55.txt", JANKO_16X16, &full, |_| true));
    cases.extend(minimal(2, MINIMAL_4X4));
    cases.extend(minimal(3, MINIMAL_9X9));
    cases
}

/// `Minimal` certificates of generated puzzles, every other one with a symmetric pattern.
fn minimal(order: usize, count: usize) -> Vec<Case> {
    let mut opts = GenerateOptions::new(Order::new(order).expect("a supported order"));
    opts.minimal = true;
    (0..count)
        .map(|i| {
            opts.symmetry = if i % 2 == 0 { Symmetry::None } else { Symmetry::Rot180 };
            let made = generate_one(&opts, 0x5eed + i as u64).expect("minimal puzzles exist");
            let givens = made.puzzle.to_line();
            let verified = deduku_check::check(&made.proof, Some(&givens))
                .unwrap_or_else(|e| panic!("generated minimal puzzle rejected: {e}"));
            let name = format!(
                "generated minimal {}x{} #{i}",
                made.puzzle.order().side(),
                made.puzzle.order().side()
            );
            Case {
                name,
                givens,
                proof: made.proof,
                solutions: vec![made.solution],
                depth: verified.max_depth,
            }
        })
        .collect()
}

/// Random 4x4 puzzles: a scrambled valid grid with about half its cells kept.
fn random_4x4() -> Vec<Case> {
    let mut rng = Rng::new(0x0044_5eed);
    let order = Order::new(2).expect("order 2 exists");
    (0..RANDOM_4X4)
        .map(|i| {
            let solution = random_grid(order, |k| rng.below(k));
            let puzzle = puzzle_from(&solution, |_| rng.below(100) < 45);
            certify(format!("random 4x4 #{i}"), &puzzle, &SolveOptions::default())
        })
        .collect()
}

/// The first `count` puzzles of a data set whose note passes `keep`.
fn from_set(
    rel: &str,
    count: usize,
    opts: &SolveOptions,
    keep: impl Fn(Option<&str>) -> bool,
) -> Vec<Case> {
    let puzzles = load(rel).into_iter().filter(|p| keep(p.note.as_deref())).take(count);
    let cases: Vec<Case> =
        puzzles.map(|p| certify(format!("{rel} line {}", p.line), &p.grid, opts)).collect();
    assert_eq!(cases.len(), count, "{rel} has too few matching puzzles");
    cases
}

/// Solves, checks the certificate, and records the solutions the test knows.
fn certify(name: String, puzzle: &Grid, opts: &SolveOptions) -> Case {
    let outcome = solve(puzzle, opts);
    let givens = puzzle.to_line();
    let verified = deduku_check::check(&outcome.proof, Some(&givens))
        .unwrap_or_else(|e| panic!("{name}: the engine's certificate is rejected: {e}"));
    let solutions = match outcome.verdict {
        Verdict::Solution(g) => vec![g],
        Verdict::Multiple(a, b) => vec![a, b],
        Verdict::Contradiction => Vec::new(),
        // A stuck search says nothing about solutions; the full solve does.
        Verdict::Stuck(_) => match solve(puzzle, &SolveOptions::default()).verdict {
            Verdict::Solution(g) => vec![g],
            other => panic!("{name}: expected a unique solution, got {}", other.name()),
        },
    };
    Case { name, givens, proof: outcome.proof, solutions, depth: verified.max_depth }
}

/// The claim's kind as a word, for the corpus summary.
pub fn claim_name(claim: &Claim) -> &'static str {
    match claim {
        Claim::Solution(_) => "Solution",
        Claim::Contradiction => "Contradiction",
        Claim::Consequences(_) => "Consequences",
        Claim::Multiple(..) => "Multiple",
        Claim::Derives(_) => "Derives",
        Claim::Minimal { .. } => "Minimal",
    }
}
