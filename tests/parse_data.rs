//! Puzzle parsing on every file of `data/`, every error kind, and round trips.

use deduku::grid::{
    parse_one, parse_puzzles, read_puzzles, Alphabet, Grid, Order, ParseError, ParseErrorKind,
    ParseOptions, ParsedPuzzle,
};
use proptest::prelude::*;
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

/// The shared data directory; a missing one fails the test (never a silent skip).
fn data_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data");
    assert!(
        dir.join("SOURCES.md").is_file(),
        "puzzle data missing: expected {} (see SOURCES.md); these tests need it",
        dir.display()
    );
    dir
}

/// Every puzzle of a data file, read through the streaming reader; panics on any error.
fn read_all(rel: &str, opts: ParseOptions) -> Vec<ParsedPuzzle> {
    let path = data_dir().join(rel);
    let file = File::open(&path).unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
    let (good, bad): (Vec<_>, Vec<_>) =
        read_puzzles(BufReader::new(file), opts).partition(Result::is_ok);
    let errors: Vec<String> =
        bad.into_iter().filter_map(Result::err).map(|e| e.with_file(rel).to_string()).collect();
    assert!(errors.is_empty(), "{} errors in {rel}, first: {:?}", errors.len(), errors.first());
    good.into_iter().filter_map(Result::ok).collect()
}

/// `rel` holds exactly `count` puzzles, all of side `side`, and the in-memory parser agrees.
fn check_file(rel: &str, opts: ParseOptions, count: usize, side: usize) -> Vec<ParsedPuzzle> {
    let puzzles = read_all(rel, opts.clone());
    assert_eq!(puzzles.len(), count, "puzzle count of {rel}");
    assert!(puzzles.iter().all(|p| p.grid.order().side() == side), "order of {rel}");
    let text = std::fs::read_to_string(data_dir().join(rel)).expect("data file is UTF-8");
    let again: Vec<ParsedPuzzle> =
        parse_puzzles(&text, &opts).map(|r| r.expect("parses")).collect();
    assert_eq!(again, puzzles, "string and reader parsers disagree on {rel}");
    puzzles
}

#[test]
fn nine_by_nine_sets_have_their_counts() {
    let sets = [
        ("9x9/top95.txt", 95),
        ("9x9/hardest11.txt", 11),
        ("9x9/magictour_top1465.txt", 1465),
        ("9x9/forum_hardest_1106.txt", 375),
        ("9x9/gecode18.txt", 18),
        ("invalid/sudopedia_invalid7.txt", 7),
        ("multiple/serg_multi10000.txt", 10000),
    ];
    for (rel, count) in sets {
        check_file(rel, ParseOptions::default(), count, 9);
    }
}

#[test]
fn seventeen_clue_list_streams_with_crlf() {
    let puzzles = read_all("9x9/clue17_49158.txt", ParseOptions::default());
    assert_eq!(puzzles.len(), 49158);
    assert!(puzzles.iter().all(|p| p.grid.filled_count() == 17 && p.note.is_none()));
    assert_eq!(puzzles[0].line, 5, "four header comment lines come first");
}

#[test]
fn project_euler_blocks_keep_headers_as_notes() {
    let puzzles = check_file("9x9/pe96_easy50.txt", ParseOptions::default(), 50, 9);
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(p.note.as_deref(), Some(format!("Grid {:02}", i + 1).as_str()));
        assert_eq!(p.line, 10 * i + 1);
    }
    assert_eq!(puzzles[0].grid.to_line()[..9], *"..3.2.6..");
}

#[test]
fn tdoku_notes_keep_counts_and_solutions() {
    let puzzles = check_file("tdoku_test_puzzles.txt", ParseOptions::default(), 43, 9);
    let mut solutions = 0;
    for p in &puzzles {
        let note = p.note.as_deref().expect("every tdoku line has a count");
        let mut fields = note.split(':');
        let count: usize = fields.next().and_then(|c| c.parse().ok()).expect("count field");
        if let Some(solution) = fields.next() {
            let solved = parse_one(solution, &ParseOptions::default()).expect("solution parses");
            assert_eq!(count, 1);
            assert!(solved.grid.solves(&p.grid), "line {}: solution does not solve", p.line);
            solutions += 1;
        }
    }
    assert!(solutions > 0);
    assert_eq!(puzzles.iter().filter(|p| p.note.as_deref() == Some("0")).count(), 10);
}

#[test]
fn sudopedia_labels_are_notes() {
    let puzzles = check_file("sudopedia_testcases.txt", ParseOptions::default(), 34, 9);
    assert_eq!(puzzles[0].note.as_deref(), Some("multiple_solutions/125_solutions.txt"));
    assert_eq!(puzzles[0].line, 2);
    let solved = puzzles.iter().filter(|p| p.grid.is_complete()).count();
    assert!(solved >= 3, "the solved/ cases are complete grids");
}

#[test]
fn sixteen_and_twenty_five_sets() {
    let janko = check_file("16x16/janko55.txt", ParseOptions::default(), 55, 16);
    let line = std::fs::read_to_string(data_dir().join("16x16/janko55.txt")).expect("readable");
    assert_eq!(janko[0].grid.to_line(), line.lines().next().expect("a line"));
    check_file("25x25/gecode18.txt", ParseOptions::default(), 18, 25);
}

#[test]
fn krazydad_csv_with_hex_alphabet() {
    let alphabet = Alphabet::parse_spec("0-9a-f").expect("valid spec");
    let opts = ParseOptions { alphabet, csv_column: Some(5) };
    let puzzles = check_file("16x16/krazydad_sample400.csv", opts, 400, 16);
    assert_eq!(puzzles[0].note.as_deref(), Some("IM,1,6,8"));
    assert_eq!(puzzles[0].line, 2, "the header line is skipped");
    // `.cb1d6.07` in the file: `0` is digit 1, `c` digit 13.
    let first: Vec<u8> = puzzles[0].grid.values()[..9].to_vec();
    assert_eq!(first, vec![0, 13, 12, 2, 14, 7, 0, 1, 8]);
}

#[test]
fn large_integer_grids() {
    for (rel, side) in [
        ("large/sudoku-4-1.txt", 4),
        ("large/sudoku-16-1.txt", 16),
        ("large/sudoku-25-1.txt", 25),
        ("large/sudoku-64-1.txt", 64),
        ("large/sudoku-64-2.txt", 64),
    ] {
        let puzzles = check_file(rel, ParseOptions::default(), 1, side);
        assert!(puzzles[0].grid.filled_count() > 0 && !puzzles[0].grid.is_complete());
    }
    let small = read_all("large/sudoku-4-1.txt", ParseOptions::default());
    assert_eq!(small[0].grid.to_line(), ".2.1........4.2.");
}

/// The one error of parsing `text` alone.
fn error_of(text: &str, opts: &ParseOptions) -> ParseError {
    let items: Vec<_> = parse_puzzles(text, opts).collect();
    assert_eq!(items.len(), 1, "one item expected from {text:?}: {items:?}");
    items.into_iter().next().and_then(Result::err).expect("an error")
}

const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn bad_symbol_names_line_column_symbol() {
    let bad = format!("{}?{}", &TOP1[..16], &TOP1[17..]);
    let text = format!("# set\n\n{bad}\n");
    let err = error_of(&text, &ParseOptions::default()).with_file("puzzles.txt");
    assert_eq!((err.line, err.column, err.symbol), (3, 17, Some('?')));
    assert_eq!(
        err.to_string(),
        "puzzles.txt:3:17: unexpected symbol '?' (expected a digit 1-9, A-Z or a blank . 0)"
    );
}

#[test]
fn wrong_cell_count_points_past_the_nearest_count() {
    let err = error_of(&TOP1[..80], &ParseOptions::default());
    assert_eq!(err.kind, ParseErrorKind::WrongCellCount { found: 80, nearest: vec![81, 16] });
    assert_eq!((err.line, err.column, err.symbol), (1, 81, None));
    let err = error_of(&format!("  {TOP1}7 note"), &ParseOptions::default());
    assert_eq!((err.column, err.symbol), (84, Some('7')));
}

#[test]
fn digit_too_large_for_the_order() {
    let text = format!("{}A{}", &TOP1[..4], &TOP1[5..]);
    let err = error_of(&text, &ParseOptions::default());
    let symbol = "A".to_string();
    assert_eq!(err.kind, ParseErrorKind::DigitTooLarge { symbol, digit: 10, side: 9 });
    assert_eq!((err.line, err.column, err.symbol), (1, 5, Some('A')));
    let letter = format!("{}x{}", &TOP1[..4], &TOP1[5..]);
    let shown = error_of(&letter, &ParseOptions::default()).kind.to_string();
    assert_eq!(shown, "`x` is digit 33, too large for a 9x9 grid (digits 1 to 9)");
    let ints = "0 2 0 1\n0 0 0 0\n0 0 10 0\n4 0 2 0\n";
    let err = error_of(ints, &ParseOptions::default());
    let symbol = "10".to_string();
    assert_eq!(err.kind, ParseErrorKind::DigitTooLarge { symbol, digit: 10, side: 4 });
    assert_eq!((err.line, err.column, err.symbol), (3, 5, Some('1')));
}

#[test]
fn empty_inputs() {
    for text in ["", "\n\n", "# only a comment\r\n"] {
        let err = error_of(text, &ParseOptions::default());
        assert_eq!((err.kind, err.line, err.column), (ParseErrorKind::Empty, 1, 1));
        assert_eq!(
            parse_one(text, &ParseOptions::default()).unwrap_err().kind,
            ParseErrorKind::Empty
        );
    }
}

#[test]
fn ragged_and_incomplete_grids() {
    let err = error_of("1 2 3 4\n3 4 1 2\n2 1 4\n4 3 2 1\n", &ParseOptions::default());
    assert_eq!(err.kind, ParseErrorKind::Ragged { row: 3, found: 3, expected: 4 });
    assert_eq!((err.line, err.column, err.symbol), (3, 6, None));
    let err = error_of("12|34\n34|12|1\n21|43\n43|21\n", &ParseOptions::default());
    assert_eq!((err.line, err.column, err.symbol), (2, 7, Some('1')));
    let items: Vec<_> =
        parse_puzzles("1234\n3412\n\n1 2 3 4 5 6 7 8\n", &ParseOptions::default()).collect();
    let errs: Vec<ParseError> = items.into_iter().filter_map(Result::err).collect();
    assert_eq!(errs[0].kind, ParseErrorKind::IncompleteGrid { found: 2, expected: 4 });
    assert_eq!(errs[0].line, 1);
    assert_eq!(errs[1].kind, ParseErrorKind::WrongRowLength { found: 8, nearest: vec![9, 4] });
    assert_eq!((errs[1].line, errs[1].column), (4, 1));
}

#[test]
fn csv_column_missing_and_header() {
    let opts = ParseOptions { csv_column: Some(3), ..ParseOptions::default() };
    let text = format!("name,size,puzzle\nfirst,9,{TOP1}\nsecond,9\n");
    let items: Vec<_> = parse_puzzles(&text, &opts).collect();
    assert_eq!(items.len(), 2, "the header is skipped");
    let first = items[0].as_ref().expect("first record parses");
    assert_eq!((first.line, first.note.as_deref()), (2, Some("first,9")));
    let err = items[1].as_ref().expect_err("second record lacks column 3");
    assert_eq!(err.kind, ParseErrorKind::CsvColumnMissing { column: 3, fields: 2 });
    assert_eq!((err.line, err.column), (3, 9));
}

#[test]
fn parse_one_wants_exactly_one() {
    let one = parse_one(&format!("  {TOP1}  \n"), &ParseOptions::default()).expect("one puzzle");
    assert_eq!(one.grid.to_line(), TOP1);
    let err = parse_one(&format!("{TOP1}\n\n{TOP1}\n"), &ParseOptions::default()).unwrap_err();
    assert_eq!((err.kind, err.line), (ParseErrorKind::TooManyPuzzles, 3));
}

#[test]
fn errors_do_not_stop_the_stream() {
    let text = format!("{TOP1}\r\n{}\n{TOP1}\r\n", &TOP1[..40]);
    let items: Vec<_> = parse_puzzles(&text, &ParseOptions::default()).collect();
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[1].is_err() && items[2].is_ok());
    assert_eq!(items[2].as_ref().map(|p| p.line).ok(), Some(3));
}

#[test]
fn crlf_multi_line_grid_with_separators() {
    let text = "1 2 | 3 4\r\n3 4 | 1 2\r\n----+----\r\n2 1 | 4 3\r\n4 3 | 2 1\r\n";
    let p = parse_one(text, &ParseOptions::default()).expect("parses");
    assert_eq!(p.grid.to_line(), "1234341221434321");
}

#[test]
fn csv_with_the_puzzle_first_needs_no_column() {
    let solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let text = format!("quizzes,solutions\n{TOP1},{solution}\n");
    let p = parse_one(&text, &ParseOptions::default()).expect("header skipped, one puzzle");
    assert_eq!((p.line, p.note.as_deref()), (2, Some(solution)));
    let text = format!("{TOP1}\nquizzes,solutions\n");
    let items: Vec<_> = parse_puzzles(&text, &ParseOptions::default()).collect();
    assert!(items[0].is_ok() && items.len() == 2);
    let err = items[1].as_ref().expect_err("only the first record may be a header");
    assert_eq!((err.line, err.column), (2, 8));
}

#[test]
fn sixteen_by_sixteen_rows_without_spaces() {
    let text = std::fs::read_to_string(data_dir().join("16x16/janko55.txt")).expect("readable");
    let line = text.lines().next().expect("a puzzle");
    let rows: Vec<&str> = (0..16).map(|r| &line[16 * r..16 * r + 16]).collect();
    let p = parse_one(&rows.join("\n"), &ParseOptions::default()).expect("a 16x16 grid");
    assert_eq!(p.grid.to_line(), line);
    let small = parse_one("1.3.\n..1.\n....\n...2", &ParseOptions::default()).expect("4x4");
    assert_eq!(small.grid.to_line(), "1.3...1........2");
    let one_line = parse_one("1.3...1.......2.", &ParseOptions::default()).expect("4x4 line");
    assert_eq!(one_line.grid.order().side(), 4);
}

#[test]
fn reader_survives_bad_bytes_and_failures() {
    /// A reader whose every read fails.
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let mut bytes = TOP1.as_bytes().to_vec();
    bytes[9] = 0xff;
    bytes.extend_from_slice(b"\n");
    bytes.extend_from_slice(TOP1.as_bytes());
    let items: Vec<_> = read_puzzles(&bytes[..], ParseOptions::default()).collect();
    let err = items[0].as_ref().expect_err("invalid UTF-8 is a bad symbol");
    assert_eq!((err.line, err.column, err.symbol), (1, 10, Some('\u{fffd}')));
    assert!(items[1].is_ok());

    let items: Vec<_> = read_puzzles(BufReader::new(Broken), ParseOptions::default()).collect();
    assert_eq!(items.len(), 1);
    let err = items[0].as_ref().expect_err("read failure");
    assert_eq!(err.kind, ParseErrorKind::Io("disk on fire".into()));
}

/// A random grid of a random order (values need not form a valid Sudoku).
fn any_grid() -> impl Strategy<Value = Grid> {
    (2usize..=8).prop_flat_map(|n| {
        let side = n * n;
        proptest::collection::vec(0..=side as u8, side * side).prop_map(move |values| {
            Grid::from_values(Order::new(n).expect("order"), values).expect("in range")
        })
    })
}

/// The grid as rows of whitespace-separated integers (`0` blank).
fn integer_rows(grid: &Grid) -> String {
    let side = grid.order().side();
    let rows: Vec<String> = grid
        .values()
        .chunks(side)
        .map(|row| row.iter().map(|v| format!("{v:>2}")).collect::<Vec<_>>().join(" "))
        .collect();
    rows.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_text_never_panics(text in "(?s).{0,400}", csv in proptest::option::of(0usize..4)) {
        let opts = ParseOptions { csv_column: csv, ..ParseOptions::default() };
        let items = parse_puzzles(&text, &opts).count();
        prop_assert!(items >= 1, "at least a puzzle or an error");
        let _ = parse_one(&text, &opts);
        let _ = read_puzzles(text.as_bytes(), opts).count();
    }

    #[test]
    fn random_lines_of_puzzle_symbols_never_panic(lines in proptest::collection::vec("[0-9.A-Ga-g |+-]{0,90}", 0..30)) {
        let text = lines.join("\n");
        for item in parse_puzzles(&text, &ParseOptions::default()) {
            if let Err(e) = item {
                prop_assert!(e.line >= 1 && e.line <= lines.len().max(1) && e.column >= 1);
            }
        }
    }

    #[test]
    fn grids_round_trip_in_every_form(grid in any_grid(), crlf in any::<bool>()) {
        let opts = ParseOptions::default();
        let eol = if crlf { "\r\n" } else { "\n" };
        let side = grid.order().side();
        let mut forms = vec![grid.to_line(), grid.to_string(), integer_rows(&grid)];
        if side <= 35 {
            forms.push(format!("# a comment{eol}{}:1:some note", grid.to_line()));
            let rows: Vec<String> = grid.values().chunks(side)
                .map(|r| r.iter().map(|&v| grid.symbol(v)).collect()).collect();
            forms.push(format!("Grid 07{eol}{}", rows.join(eol)));
            if side != 16 {
                // A bare 16-symbol line may be a 4x4 puzzle: only headed 16x16 grids are sure.
                forms.push(format!("{eol}{}{eol}{eol}", rows.join(eol)));
            }
        }
        for form in forms {
            let text = form.replace('\n', eol);
            let parsed = parse_one(&text, &opts);
            prop_assert!(parsed.is_ok(), "{:?} on {text:?}", parsed);
            prop_assert_eq!(&parsed.map(|p| p.grid).ok(), &Some(grid.clone()), "{}", text);
        }
    }
}
