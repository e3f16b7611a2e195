//! The solver on the shared puzzle collections (`data/`).

use super::*;
use std::fs;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/");

/// One puzzle from a line of `N²` symbols: `.` or `0` blank, `1-9`, then
/// `A`.. for 10 onwards. A stand-in for the real parser, enough for the data.
fn parse_line(line: &str) -> Grid {
    let order = Order::from_cell_count(line.len()).unwrap_or_else(|e| panic!("{e}: {line}"));
    let values = line
        .bytes()
        .map(|b| match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            _ => panic!("bad symbol {b} in {line}"),
        })
        .collect();
    Grid::from_values(order, values).unwrap()
}

/// The non-comment lines of a data file, trimmed.
fn lines(file: &str) -> Vec<String> {
    let text = fs::read_to_string(format!("{DATA}{file}")).unwrap();
    let keep = |l: &&str| !l.is_empty() && !l.starts_with('#');
    text.lines().map(str::trim).filter(keep).map(String::from).collect()
}

fn assert_unique(puzzle: &Grid, solver: &mut Solver) -> Grid {
    match solver.classify(puzzle) {
        Classification::Unique(s) if s.solves(puzzle) => s,
        other => panic!("{puzzle:?} not uniquely solved: {other:?}"),
    }
}

#[test]
fn top95_and_hardest11_are_unique() {
    let mut solver = Solver::new(Order::new(3).unwrap());
    let (top, hard) = (lines("9x9/top95.txt"), lines("9x9/hardest11.txt"));
    assert_eq!((top.len(), hard.len()), (95, 11));
    for line in top.iter().chain(&hard) {
        assert_unique(&parse_line(line), &mut solver);
    }
}

#[test]
fn tdoku_test_puzzles_match_their_counts() {
    let mut solver = Solver::new(Order::new(3).unwrap());
    let all = lines("tdoku_test_puzzles.txt");
    assert_eq!(all.len(), 43);
    for line in &all {
        let mut fields = line.split(':');
        let puzzle = parse_line(fields.next().unwrap());
        let count: usize = fields.next().unwrap().parse().unwrap();
        let class = solver.classify(&puzzle);
        match (&class, count) {
            (Classification::None, 0) => {}
            (Classification::Unique(s), 1) => {
                assert!(s.solves(&puzzle));
                if let Some(want) = fields.next() {
                    assert_eq!(s, &parse_line(want));
                }
            }
            (Classification::Multiple(a, b), 2..) => {
                assert!(a.solves(&puzzle) && b.solves(&puzzle) && a != b);
                assert_eq!(solver.solve_count(&puzzle, 10_000).0, count, "{line}");
            }
            _ => panic!("{line}: expected {count} solutions, got {class:?}"),
        }
    }
}

#[test]
fn sudopedia_cases_match_their_labels() {
    let mut solver = Solver::new(Order::new(3).unwrap());
    for line in lines("sudopedia_testcases.txt") {
        let (puzzle, label) = line.split_once(" # ").unwrap();
        let (category, file) = label.split_once('/').unwrap();
        let want = match (category, file.split('_').next().unwrap()) {
            ("valid" | "solved", _) => 1,
            ("unsolvable", _) => 0,
            (_, "insufficient") => 1000,
            (_, word) => ["", "", "two", "three", "four", "", "", "", "", "", "ten"]
                .iter()
                .position(|w| *w == word)
                .unwrap_or_else(|| word.parse().unwrap()),
        };
        let (count, found) = solver.solve_count(&parse_line(puzzle), 1000);
        assert_eq!(count, want, "{line}");
        assert!(found.iter().all(|s| s.solves(&parse_line(puzzle))));
    }
}

#[test]
fn invalid_puzzles_have_no_solution() {
    let mut solver = Solver::new(Order::new(3).unwrap());
    for line in lines("invalid/sudopedia_invalid7.txt") {
        let puzzle = parse_line(line.split_whitespace().next().unwrap());
        assert_eq!(solver.classify(&puzzle), Classification::None, "{line}");
    }
}

#[test]
fn serg_multi_puzzles_have_several_solutions() {
    let mut solver = Solver::new(Order::new(3).unwrap());
    for line in lines("multiple/serg_multi10000.txt").iter().take(500) {
        let puzzle = parse_line(line);
        assert_eq!(solver.classify(&puzzle).count(), 2, "{line}");
    }
}

#[test]
fn janko55_16x16_are_unique() {
    let mut solver = Solver::new(Order::new(4).unwrap());
    let all = lines("16x16/janko55.txt");
    assert_eq!(all.len(), 55);
    for line in &all {
        assert_unique(&parse_line(line), &mut solver);
    }
}

#[test]
fn gecode_25x25_lines_17_and_18_are_unique() {
    let mut solver = Solver::new(Order::new(5).unwrap());
    let all = lines("25x25/gecode18.txt");
    for line in &all[16..18] {
        assert_unique(&parse_line(line), &mut solver);
    }
}

/// Whitespace-separated integer rows, `0` or `.` blank (the `large/` files).
fn parse_integers(file: &str) -> Grid {
    let text = fs::read_to_string(format!("{DATA}{file}")).unwrap();
    let values: Vec<u8> =
        text.split_whitespace().map(|w| if w == "." { 0 } else { w.parse().unwrap() }).collect();
    Grid::from_values(Order::from_cell_count(values.len()).unwrap(), values).unwrap()
}

#[test]
fn large_integer_grids_4_16_25_are_unique() {
    // 64×64: grid 2 below; grid 1 needs millions of branches (docs/performance.md).
    for file in ["sudoku-4-1", "sudoku-16-1", "sudoku-25-1"] {
        let puzzle = parse_integers(&format!("large/{file}.txt"));
        assert_unique(&puzzle, &mut Solver::new(puzzle.order()));
    }
}

/// The valid grid `(n·(r mod n) + r/n + c) mod N + 1` with every `k`-th
/// cell (in a scrambled order) blanked.
fn pattern_puzzle(n: usize, k: usize) -> (Grid, Grid) {
    let order = Order::new(n).unwrap();
    let side = order.side();
    let values: Vec<u8> = (0..order.cells())
        .map(|i| ((n * ((i / side) % n) + (i / side) / n + i % side) % side + 1) as u8)
        .collect();
    let solution = Grid::from_values(order, values.clone()).unwrap();
    let blanked =
        values.iter().enumerate().map(|(i, &v)| if (i * 7919) % k == 0 { 0 } else { v }).collect();
    (Grid::from_values(order, blanked).unwrap(), solution)
}

#[test]
fn pattern_grids_of_every_order() {
    for n in 2..=8 {
        let (puzzle, solution) = pattern_puzzle(n, 3);
        assert!(solution.is_complete() && solution.is_consistent(), "order {n}");
        let (count, found) = solve_count(&puzzle, 2);
        assert!(count >= 1, "order {n}");
        assert!(found.iter().all(|s| s.solves(&puzzle)), "order {n}");
        let empty = Grid::empty(Order::new(n).unwrap());
        assert_eq!(classify(&empty).count(), 2, "order {n}");
    }
}

#[test]
fn a_minimal_frisch_25x25_is_unique() {
    // Line 3 of the Frisch set: minimal and hard (CaDiCaL needs 0.6 s), a
    // few thousand branches with the matching rules and dom²/wdeg.
    let all = lines("25x25/gecode18.txt");
    let puzzle = parse_line(&all[2]);
    assert_unique(&puzzle, &mut Solver::new(puzzle.order()));
}

#[test]
fn large_64x64_grid_2_has_several_solutions() {
    let puzzle = parse_integers("large/sudoku-64-2.txt");
    match classify(&puzzle) {
        Classification::Multiple(a, b) => assert!(a.solves(&puzzle) && b.solves(&puzzle) && a != b),
        other => panic!("expected two solutions, got {} ", other.count()),
    }
}
