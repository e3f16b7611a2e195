//! Π(n), the cellular P-system solver: the paper's worked example, and
//! agreement with maximally parallel naked-single rounds on puzzle sets.

use deduku::grid::{Grid, Order};
use deduku::psystem::{
    naked_single_round_sizes, render, render_trace, run, run_on, Answer, Multiset, PiSystem,
    PsystemError, PsystemOptions, PsystemRun, SeededRng, Simulator,
};
use deduku::rules::RuleSet;
use deduku::solve::{solve, SolveOptions, Verdict};
use std::collections::BTreeSet;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/");

/// A puzzle from symbols `1-9A-Z`, blanks `.` or `0`.
fn parse(line: &str) -> Grid {
    let values: Vec<u8> = (line.chars().filter(|c| !c.is_whitespace()))
        .map(|c| if c == '.' { 0 } else { c.to_digit(36).expect("puzzle symbol") as u8 })
        .collect();
    let order = Order::from_cell_count(values.len()).expect("puzzle size");
    Grid::from_values(order, values).expect("puzzle values")
}

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{DATA}{file}")).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Project Euler 96: `Grid NN` headers, each followed by 9 lines of 9 digits.
fn read_pe96() -> Vec<Grid> {
    let text = read("9x9/pe96_easy50.txt");
    let blocks = text.split("Grid").map(str::trim).filter(|b| !b.is_empty());
    blocks.map(|b| parse(&b.lines().skip(1).collect::<String>())).collect()
}

fn the_papers_puzzle() -> Grid {
    // Figure 1 with input z311 z322 z213 z141.
    parse("...1 3... 12.. ....")
}

/// Run Π(n) and check it against the naked-single rounds: the same answer and
/// grid, and `steps = 7R + M + (3 at Yes, 8 at No) − 2·[no givens]` with `R`
/// rounds of which `M` place two digits or more; `cycles = R` at Yes, `R + 1` at No.
fn check(pi: &PiSystem, puzzle: &Grid, seed: u64) -> PsystemRun {
    let opts = PsystemOptions { seed, ..PsystemOptions::default() };
    let run = run_on(pi, puzzle, &opts).expect("Π(n) halts with an answer");
    let reference = naked_single_round_sizes(puzzle);
    assert!(!reference.contradiction, "test puzzles have a solution: {puzzle:?}");
    assert_eq!(run.grid, reference.grid, "{puzzle:?}");
    assert_eq!(run.grid, engine_cn_ns(puzzle), "Π(n) and the engine's Cn_NS differ: {puzzle:?}");
    let solved = reference.grid.is_complete();
    assert_eq!(run.answer, if solved { Answer::Yes } else { Answer::No }, "{puzzle:?}");
    assert!(!solved || run.grid.solves(puzzle));
    let rounds = reference.placed_per_round.len();
    let multi = reference.placed_per_round.iter().filter(|&&k| k >= 2).count();
    let no_givens = puzzle.filled_count() == 0;
    let tail = if solved { 3 } else { 8 };
    assert_eq!(run.steps, 7 * rounds + multi + tail - 2 * usize::from(no_givens), "{puzzle:?}");
    assert_eq!(run.cycles, rounds + usize::from(!solved), "{puzzle:?}");
    run
}

/// The placements of the engine's own `Cn` with naked singles only (the
/// certified worklist fixpoint, independent of the reference above).
fn engine_cn_ns(puzzle: &Grid) -> Grid {
    let opts = SolveOptions {
        rules: Some(RuleSet::NS),
        max_depth: Some(0),
        oracle: false,
        ..SolveOptions::default()
    };
    let outcome = solve(puzzle, &opts);
    deduku_check::check(&outcome.proof, Some(&puzzle.to_line())).expect("Cn_NS certificate");
    match outcome.verdict {
        Verdict::Solution(g) | Verdict::Stuck(g) => g,
        other => panic!("Cn_NS ended {} on {puzzle:?}", other.name()),
    }
}

fn check_set(puzzles: &[Grid]) -> (usize, usize) {
    let pi = PiSystem::build(puzzles[0].order()).expect("Π(3)");
    let runs: Vec<PsystemRun> = puzzles.iter().map(|p| check(&pi, p, 1)).collect();
    let yes = runs.iter().filter(|r| r.answer == Answer::Yes).count();
    (yes, runs.len() - yes)
}

#[test]
fn the_papers_example_goes_through_c1_to_c7() {
    let pi = PiSystem::build(Order::new(2).unwrap()).unwrap();
    let gamma = pi.system().alphabet();
    let obj = |kind: &str, idx: &[u8]| gamma.get(kind, idx).expect("object of Π(2)");
    let mut sim = Simulator::new(pi.system(), 0);
    sim.add_input(pi.inner(), &pi.input(&the_papers_puzzle()).unwrap());
    let e = |sim: &Simulator<'_>| sim.configuration().contents[pi.inner()].clone();
    let mut sets = Vec::new();
    let mut configs = vec![e(&sim)];
    for _ in 0..7 {
        let report = sim.step().expect("C1..C7 exist");
        sets.push(report.fired.iter().map(|f| sim.set_name(f).to_string()).collect::<Vec<_>>());
        configs.push(e(&sim));
    }
    let expected = [&["R1"][..], &["R2"], &["R3r"], &["R4"], &["R5"], &["R6"], &["R7"]];
    assert_eq!(sets, expected);
    let [c0, c1, c2, c3, c4, c5, c6, c7] = &configs[..] else { unreachable!() };
    for (z, s) in [([3, 1, 1], [3, 1, 1]), ([3, 2, 2], [3, 2, 2]), ([2, 1, 3], [2, 1, 3])] {
        assert_eq!((c0.count(obj("z", &z)), c1.count(obj("z", &z))), (1, 0));
        assert_eq!(c1.count(obj("s", &s)), 1);
    }
    assert_eq!(c1.count(obj("s", &[1, 4, 1])), 1);
    assert_eq!(c1.count(obj("p", &[])), 4);
    let removed: BTreeSet<String> = dropped(c1, c2).map(|o| gamma.name(o)).collect();
    let paper = "f31 c11 b31 f32 c22 b32 f23 c13 b13 f11 c41 b21";
    assert_eq!(removed, paper.split(' ').map(String::from).collect());
    assert!((1..=4).all(|i| (1..=4).all(|j| c3.count(obj("r", &[i, j])) == 0)));
    let mut c4_without_d = c4.clone();
    c4_without_d.remove(obj("d", &[]), 16);
    assert_eq!(&c4_without_d, c2, "C4 is C2 plus objects d");
    assert_eq!((c5.count(obj("k0", &[])), c5.count(obj("k1", &[]))), (1, 0));
    let a = |i: u8, j: u8| c6.count(obj("a", &[i, j]));
    assert_eq!((a(1, 2), a(4, 1)), (1, 1));
    let unique = (1..=4u8)
        .flat_map(|i| (1..=4u8).map(move |j| (i, j)))
        .filter(|&(i, j)| a(i, j) == 1 && (1..=4).all(|x| c6.count(obj("s", &[i, j, x])) == 0));
    assert_eq!(unique.collect::<Vec<_>>(), vec![(1, 2), (4, 1)]);
    let placed: Vec<String> = dropped(c7, c6).map(|o| gamma.name(o)).collect();
    assert!(placed.contains(&"s124".to_string()) && placed.contains(&"s414".to_string()));
    assert_eq!(placed.iter().filter(|n| n.starts_with('s')).count(), 2);
}

/// Objects with fewer copies in `after` than in `before`.
fn dropped<'a>(
    before: &'a Multiset,
    after: &'a Multiset,
) -> impl Iterator<Item = deduku::psystem::ObjectId> + 'a {
    before.iter().filter(move |&(o, k)| after.count(o) < k).map(|(o, _)| o)
}

#[test]
fn the_papers_example_is_solved_and_traced() {
    let opts = PsystemOptions { trace: true, ..PsystemOptions::default() };
    let result = run(&the_papers_puzzle(), &opts).unwrap();
    let pi = PiSystem::build(Order::new(2).unwrap()).unwrap();
    let checked = check(&pi, &the_papers_puzzle(), 0);
    assert_eq!((result.answer, result.steps, result.cycles), (Answer::Yes, checked.steps, 5));
    assert_eq!(result.trace.len(), result.steps + 1);
    let text = render(&result);
    assert!(text.starts_with("Yes\n"));
    assert!(text.contains(&format!("steps: {}\n", result.steps)));
    assert!(text.contains(&result.grid.to_string()));
    let trace = render_trace(&result);
    assert!(trace.contains("C7  R7×2 in e\n"), "{trace}");
    assert!(trace.contains("placed: r1c2=4 r4c1=4\n"), "{trace}");
    assert!(trace.contains("(Yes sent out)"), "{trace}");
    let last = result.trace.last().unwrap();
    assert_eq!(last.counts, vec![("s".to_string(), vec![("s".to_string(), 16)])]);
}

#[test]
fn project_euler_easy50_agrees_with_naked_single_rounds() {
    let puzzles = read_pe96();
    assert_eq!(puzzles.len(), 50);
    let (yes, no) = check_set(&puzzles);
    assert!(yes > 0 && no > 0, "both answers occur: {yes} Yes, {no} No");
}

#[test]
fn top95_agrees_with_naked_single_rounds() {
    let text = read("9x9/top95.txt");
    let puzzles: Vec<Grid> = text.lines().filter(|l| !l.trim().is_empty()).map(parse).collect();
    assert_eq!(puzzles.len(), 95);
    let (_, no) = check_set(&puzzles);
    assert!(no > 0);
}

/// A random valid grid of `order`: the pattern solution, shuffled by
/// validity-preserving moves (digits, rows in bands, bands, columns, stacks, transpose).
fn random_solution(order: Order, rng: &mut SeededRng) -> Grid {
    let (n, side) = (order.n(), order.side());
    let mut shuffled = |k: usize| {
        let mut v: Vec<usize> = (0..k).collect();
        rng.shuffle(&mut v);
        v
    };
    let (digits, bands, stacks) = (shuffled(side), shuffled(n), shuffled(n));
    let (inner_rows, inner_cols): (Vec<_>, Vec<_>) =
        (0..n).map(|_| (shuffled(n), shuffled(n))).unzip();
    let rows: Vec<usize> = (0..side).map(|r| bands[r / n] * n + inner_rows[r / n][r % n]).collect();
    let cols: Vec<usize> =
        (0..side).map(|c| stacks[c / n] * n + inner_cols[c / n][c % n]).collect();
    let transpose = rng.below(2) == 1;
    let values = (0..side * side)
        .map(|t| {
            let (mut r, mut c) = (rows[t / side], cols[t % side]);
            if transpose {
                std::mem::swap(&mut r, &mut c);
            }
            (digits[(n * (r % n) + r / n + c) % side] + 1) as u8
        })
        .collect();
    Grid::from_values(order, values).unwrap()
}

/// The solution with `keep` random clues left.
fn with_clues(solution: &Grid, keep: usize, rng: &mut SeededRng) -> Grid {
    let mut cells: Vec<usize> = (0..solution.order().cells()).collect();
    rng.shuffle(&mut cells);
    let mut values = vec![0; cells.len()];
    for &i in &cells[..keep] {
        values[i] = solution.values()[i];
    }
    Grid::from_values(solution.order(), values).unwrap()
}

#[test]
fn random_4x4_puzzles_agree_with_naked_single_rounds() {
    let order = Order::new(2).unwrap();
    let pi = PiSystem::build(order).unwrap();
    let mut rng = SeededRng::new(2024);
    let mut answers = [0usize; 2];
    for _ in 0..400 {
        let solution = random_solution(order, &mut rng);
        assert!(solution.is_complete() && solution.is_consistent());
        let puzzle = with_clues(&solution, 1 + rng.below(14), &mut rng);
        let result = check(&pi, &puzzle, rng.next_u64());
        answers[usize::from(result.answer == Answer::No)] += 1;
        assert!(result.answer == Answer::No || result.grid == solution || !unique(&puzzle));
    }
    assert!(answers[0] > 50 && answers[1] > 50, "Yes/No: {answers:?}");
}

/// Whether naked singles alone determine every cell (then the solution is unique).
fn unique(puzzle: &Grid) -> bool {
    naked_single_round_sizes(puzzle).grid.is_complete()
}

/// Remove clues in random order while naked singles still solve the puzzle:
/// long chains of rounds, all answered Yes.
fn ns_minimal(order: Order, rng: &mut SeededRng) -> Grid {
    let mut puzzle = random_solution(order, rng);
    let mut cells: Vec<usize> = (0..order.cells()).collect();
    rng.shuffle(&mut cells);
    for i in cells {
        let cell = deduku::grid::Cell::from_index(i, order.side());
        let digit = puzzle.get(cell);
        puzzle.set(cell, None);
        if !unique(&puzzle) {
            puzzle.set(cell, digit);
        }
    }
    puzzle
}

#[test]
fn naked_single_minimal_puzzles_of_orders_3_and_4_are_answered_yes() {
    let mut rng = SeededRng::new(7);
    for (n, count) in [(3, 8), (4, 1)] {
        let order = Order::new(n).unwrap();
        let pi = PiSystem::build(order).unwrap();
        for _ in 0..count {
            let puzzle = ns_minimal(order, &mut rng);
            let result = check(&pi, &puzzle, rng.next_u64());
            assert_eq!(result.answer, Answer::Yes);
            assert!(result.cycles >= 2);
        }
    }
}

#[test]
fn contested_placements_depend_on_the_seed_but_never_clash() {
    // Round 1 finds 1 as the only candidate of both r1c2 and r1c4: they compete for f_11.
    let puzzle = parse("3....4...2.4...2");
    let pi = PiSystem::build(puzzle.order()).unwrap();
    let grids: BTreeSet<String> = (0..32)
        .map(|seed| {
            let opts = PsystemOptions { seed, ..PsystemOptions::default() };
            let result = run_on(&pi, &puzzle, &opts).unwrap();
            assert_eq!(result.answer, Answer::No);
            assert!(result.grid.is_consistent());
            result.grid.to_line()
        })
        .collect();
    assert!(grids.len() >= 2, "{grids:?}");
    assert!(naked_single_round_sizes(&puzzle).contradiction);
}

#[test]
fn edge_cases_follow_the_papers_priorities() {
    // No givens: R1 and R2 never fire; the first checking stage places nothing.
    let empty = Grid::empty(Order::new(2).unwrap());
    let pi = PiSystem::build(empty.order()).unwrap();
    let result = check(&pi, &empty, 0);
    assert_eq!((result.answer, result.steps, result.cycles), (Answer::No, 6, 1));
    // A complete grid: R9's `[k0]_e → No` outranks R10's `[p^{N²}]_e → Yes`.
    let full = parse("1234341221434321");
    let result = run(&full, &PsystemOptions::default()).unwrap();
    assert_eq!((result.answer, result.grid.clone()), (Answer::No, full));
}

#[test]
fn errors_are_reported() {
    let big = Grid::empty(Order::new(6).unwrap());
    assert_eq!(
        run(&big, &PsystemOptions::default()).unwrap_err(),
        PsystemError::UnsupportedOrder(6)
    );
    let pi = PiSystem::build(Order::new(2).unwrap()).unwrap();
    let nine = Grid::empty(Order::new(3).unwrap());
    assert!(matches!(pi.input(&nine), Err(PsystemError::OrderMismatch { system: 2, puzzle: 3 })));
    let opts = PsystemOptions { max_steps: 10, ..PsystemOptions::default() };
    assert_eq!(run(&the_papers_puzzle(), &opts).unwrap_err(), PsystemError::StepLimit(10));
}
