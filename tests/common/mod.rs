//! Helpers shared by the integration tests: the data directory, solution-count
//! expectations of the puzzle sets, and random valid grids.
#![allow(dead_code)]

use deduku::grid::{parse_puzzles, Alphabet, Digit, Grid, Order, ParseOptions, ParsedPuzzle};
use std::path::PathBuf;

/// The repository's root. This module is compiled into the tests of the root package
/// (`deduku`) and of `cli/` (`deduku-cli`), one directory down.
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if manifest.join("data").is_dir() {
        manifest
    } else {
        manifest.join("..")
    }
}

/// `data/` beside the repository; a missing directory fails the test.
pub fn data_dir() -> PathBuf {
    let dir = root().join("data");
    assert!(dir.is_dir(), "puzzle sets not found at {} (see README)", dir.display());
    dir
}

/// Every puzzle of a data file, parsed with the standard options.
pub fn load(rel: &str) -> Vec<ParsedPuzzle> {
    load_with(rel, &ParseOptions { alphabet: Alphabet::standard(), csv_column: None })
}

/// Every puzzle of a data file, parsed with `opts`; any parse error fails the test.
pub fn load_with(rel: &str, opts: &ParseOptions) -> Vec<ParsedPuzzle> {
    let path = data_dir().join(rel);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let puzzles: Vec<ParsedPuzzle> =
        parse_puzzles(&text, opts).map(|r| r.unwrap_or_else(|e| panic!("{rel}: {e}"))).collect();
    assert!(!puzzles.is_empty(), "{rel} holds no puzzle");
    puzzles
}

/// The solution-count class a data set documents for a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// No solution.
    None,
    /// Exactly one.
    Unique,
    /// Two or more.
    Multiple,
}

/// The documented class of a puzzle from its trailing note: tdoku's
/// `:count[:solution]`, Sudopedia's `# category/file`, or the invalid set's label.
pub fn expected_from_note(note: Option<&str>, default: Expected) -> Expected {
    let Some(note) = note.map(str::trim) else { return default };
    if let Ok(count) = note.split(':').next().unwrap_or("").parse::<u64>() {
        return match count {
            0 => Expected::None,
            1 => Expected::Unique,
            _ => Expected::Multiple,
        };
    }
    if note.contains("multiple_solutions") {
        Expected::Multiple
    } else if note.contains("unsolvable") {
        Expected::None
    } else if note.contains("valid/") || note.contains("solved/") {
        Expected::Unique
    } else {
        default
    }
}

/// A valid complete grid of `order`, scrambled by `pick(k)` ∈ `0..k` choices:
/// digits, rows within bands, bands, columns within stacks, stacks, transpose.
pub fn random_grid(order: Order, mut pick: impl FnMut(usize) -> usize) -> Grid {
    let (n, side) = (order.n(), order.side());
    let mut perm = |k: usize| -> Vec<usize> {
        let mut v: Vec<usize> = (0..k).collect();
        for i in (1..k).rev() {
            v.swap(i, pick(i + 1));
        }
        v
    };
    let digits = perm(side);
    let (bands, stacks) = (perm(n), perm(n));
    let rows: Vec<usize> =
        bands.iter().flat_map(|&b| perm(n).into_iter().map(move |r| b * n + r)).collect();
    let cols: Vec<usize> =
        stacks.iter().flat_map(|&s| perm(n).into_iter().map(move |c| s * n + c)).collect();
    let transpose = pick(2) == 1;
    let mut grid = Grid::empty(order);
    for (r, &rr) in rows.iter().enumerate() {
        for (c, &cc) in cols.iter().enumerate() {
            let base = (rr * n + rr / n + cc) % side;
            let (row, col) = if transpose { (c, r) } else { (r, c) };
            grid.set(deduku::grid::Cell::new(row, col, side), Some(Digit::new(digits[base] + 1)));
        }
    }
    assert!(grid.is_complete() && grid.is_consistent());
    grid
}

/// `solution` with the cells where `keep(i)` is false emptied.
pub fn puzzle_from(solution: &Grid, mut keep: impl FnMut(usize) -> bool) -> Grid {
    let mut g = solution.clone();
    for i in 0..solution.order().cells() {
        if !keep(i) {
            g.set(deduku::grid::Cell::from_index(i, solution.order().side()), None);
        }
    }
    g
}

/// The standalone checker's binary, `deduku-check`, built by the `deduku-cli` package beside
/// `deduku` (so only that package's tests may call this).
pub fn deduku_check_bin() -> PathBuf {
    let path = option_env!("CARGO_BIN_EXE_deduku-check");
    PathBuf::from(path.expect("deduku-check is a binary of deduku-cli: call this from its tests"))
}

/// Each puzzle of a data file cut out as a text of its own: from its first line up to the
/// next puzzle's (with a CSV file's header line in front, when `opts` reads CSV).
pub fn pieces(rel: &str, opts: &ParseOptions) -> Vec<String> {
    let text = std::fs::read_to_string(data_dir().join(rel)).unwrap();
    let starts: Vec<usize> = parse_puzzles(&text, opts).map(|p| p.unwrap().line).collect();
    let lines: Vec<&str> = text.split('\n').collect();
    let header = if opts.csv_column.is_some() { format!("{}\n", lines[0]) } else { String::new() };
    let piece = |k: usize| {
        let end = starts.get(k + 1).map_or(lines.len(), |&next| next - 1);
        format!("{header}{}", lines[starts[k] - 1..end].join("\n"))
    };
    (0..starts.len()).map(piece).collect()
}
