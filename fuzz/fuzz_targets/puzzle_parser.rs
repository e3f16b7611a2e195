//! The puzzle parser on arbitrary text: every reader, with and without a CSV column.
#![no_main]

use deduku::grid::{parse_one, parse_puzzles, read_puzzles, ParseOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for csv_column in [None, Some(1)] {
        let opts = ParseOptions { csv_column, ..ParseOptions::default() };
        for puzzle in parse_puzzles(&text, &opts).flatten() {
            // A parsed puzzle must print and re-parse as the same grid.
            let line = puzzle.grid.to_line();
            let again = parse_one(&line, &opts).map(|p| p.grid);
            assert_eq!(again.as_ref().ok(), Some(&puzzle.grid), "{line}");
        }
        let _ = parse_one(&text, &opts);
        let _ = read_puzzles(data, opts).count();
    }
});
