//! Puzzle sets shared by the benches: read from `data/`, failing clearly if absent.

use deduku::grid::{parse_puzzles, Grid, ParseOptions};
use std::path::PathBuf;

/// The puzzles of `rel` (under `data/`), at most `limit` of them, from the 1-based
/// position `first` on.
pub fn load(rel: &str, first: usize, limit: usize) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data").join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("bench: cannot read {} ({e}); the puzzle sets belong in data/", path.display());
        std::process::exit(2)
    });
    let opts = ParseOptions::default();
    parse_puzzles(&text, &opts)
        .filter_map(Result::ok)
        .skip(first.saturating_sub(1))
        .take(limit)
        .map(|p| p.grid)
        .collect()
}

/// The sets the issue names, with the slice of each that the criterion benches time
/// (whole sets go through `deduku batch`, see docs/performance.md).
pub const SETS: [(&str, &str, usize, usize); 5] = [
    ("pe96_easy50", "9x9/pe96_easy50.txt", 1, 50),
    ("top95", "9x9/top95.txt", 1, 95),
    ("forum_hardest_1106[..40]", "9x9/forum_hardest_1106.txt", 1, 40),
    ("janko55", "16x16/janko55.txt", 1, 55),
    ("gecode18_25x25[17..=18]", "25x25/gecode18.txt", 17, 2),
];

/// A 9×9 grid as the `sudoku` crate's 81 bytes (0 for an empty cell).
pub fn to_bytes(g: &Grid) -> [u8; 81] {
    let mut a = [0u8; 81];
    a.copy_from_slice(&g.values()[..81]);
    a
}
