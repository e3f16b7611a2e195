//! The checker's puzzle reader (`deduku_check::read_puzzle`) and the engine's parser
//! (`deduku::grid::parse_one`) are written independently; here they must read every puzzle
//! of `data/` the same way, and agree on random texts built from the formats' pieces:
//! both accept with the same grid, or both refuse.

mod common;

use common::{data_dir, pieces};
use deduku::grid::{parse_one, Alphabet, ParseOptions};
use deduku_check::{read_puzzle, ReadOptions};
use proptest::prelude::*;

/// The engine's reading: `Some(values)` or `None` when refused.
fn engine(text: &str, opts: &ParseOptions) -> Option<Vec<u8>> {
    parse_one(text, opts).ok().map(|p| p.grid.values().to_vec())
}

/// The checker's reading.
fn checker(text: &str, opts: &ReadOptions) -> Option<Vec<u8>> {
    read_puzzle(text, opts).ok().map(|g| g.values().to_vec())
}

fn options(alphabet: Option<&str>, csv_column: Option<usize>) -> (ParseOptions, ReadOptions) {
    let engine = ParseOptions {
        alphabet: alphabet.map_or_else(Alphabet::standard, |s| Alphabet::parse_spec(s).unwrap()),
        csv_column,
    };
    let checker = ReadOptions {
        alphabet: alphabet.map_or_else(deduku_check::Alphabet::standard, |s| {
            deduku_check::Alphabet::from_spec(s).unwrap()
        }),
        csv_column,
    };
    (engine, checker)
}

/// Every data file with the options it needs.
const FILES: &[(&str, Option<&str>, Option<usize>)] = &[
    ("9x9/pe96_easy50.txt", None, None),
    ("9x9/top95.txt", None, None),
    ("9x9/hardest11.txt", None, None),
    ("9x9/magictour_top1465.txt", None, None),
    ("9x9/forum_hardest_1106.txt", None, None),
    ("9x9/gecode18.txt", None, None),
    ("tdoku_test_puzzles.txt", None, None),
    ("invalid/sudopedia_invalid7.txt", None, None),
    ("sudopedia_testcases.txt", None, None),
    ("16x16/janko55.txt", None, None),
    ("16x16/krazydad_sample400.csv", Some("0-9a-f"), Some(5)),
    ("25x25/gecode18.txt", None, None),
    ("large/sudoku-4-1.txt", None, None),
    ("large/sudoku-16-1.txt", None, None),
    ("large/sudoku-25-1.txt", None, None),
    ("large/sudoku-64-1.txt", None, None),
    ("large/sudoku-64-2.txt", None, None),
];

/// Each puzzle of a file cut out as its own text (from its first line to the next one's),
/// read by both; the whole file too when it holds one puzzle, refused by both otherwise.
#[test]
fn both_readers_read_every_puzzle_of_the_data_sets_alike() {
    let mut read = 0;
    for &(rel, alphabet, csv) in FILES {
        let (e_opts, c_opts) = options(alphabet, csv);
        let pieces = pieces(rel, &e_opts);
        for (k, piece) in pieces.iter().enumerate() {
            let want = engine(piece, &e_opts).unwrap_or_else(|| panic!("{rel} #{k}: engine"));
            assert_eq!(checker(piece, &c_opts), Some(want), "{rel} puzzle {}:\n{piece}", k + 1);
            read += 1;
        }
        let text = std::fs::read_to_string(data_dir().join(rel)).unwrap();
        let whole = checker(&text, &c_opts);
        assert_eq!(whole, engine(&text, &e_opts), "{rel} as a whole");
        assert_eq!(whole.is_some(), pieces.len() == 1, "{rel}: {} puzzles", pieces.len());
    }
    assert!(read > 2_000, "only {read} puzzles read");
}

#[test]
fn the_issue_13_file_is_a_16x16_grid_for_both_not_a_4x4() {
    let (e, c) = options(None, None);
    let first_row = "1 0 0 4 0 0 0 0 0 0 0 0 0 3 2 0\n";
    assert_eq!(checker(first_row, &c), None);
    assert_eq!(engine(first_row, &e), None);
    let grid = std::fs::read_to_string(data_dir().join("large/sudoku-16-1.txt")).unwrap();
    assert_eq!(checker(&grid, &c).map(|v| v.len()), Some(256));
}

/// Pieces of the formats: symbols, numbers, separators, notes, comments, line ends, headers.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "1",
        "2",
        "3",
        "4",
        "5",
        "9",
        "0",
        ".",
        "A",
        "G",
        "g",
        "z",
        "10",
        "16",
        "64",
        "65",
        "07",
        " ",
        "  ",
        "\t",
        "|",
        "+",
        "-",
        "---+---",
        ",",
        ";",
        ":",
        "#",
        "# note",
        "\n",
        "\r\n",
        "\u{feff}",
        "Grid 01",
        "x",
        "1234",
        "1.3..4.2.1....2.",
        "12.4",
        "..3.",
        "1 2 3 4",
        "1 0 0 4 0 0 0 0 0 0 0 0 0 3 2 0",
        "3 4 1 2",
        "4 3 2 1",
        "2 1 4 3",
        "====",
        "1234123412341234",
        "12 13 14 15 16 1 2 3 4 5 6 7 8 9 10 11",
        "é",
        "\r",
        "grid 2",
        "PUZZLE",
        "a,b",
        "1,2",
        "+5",
        "1 2 | 3 4",
        "|",
        "..3.2.6..",
        "5678",
        "f",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    #[test]
    fn both_readers_agree_on_random_texts(pieces in prop::collection::vec(piece(), 0..40)) {
        let text: String = pieces.concat();
        for (alphabet, csv) in [(None, None), (Some("0-9a-f"), None), (None, Some(2))] {
            let (e, c) = options(alphabet, csv);
            prop_assert_eq!(checker(&text, &c), engine(&text, &e), "{:?} {:?}", alphabet, csv);
        }
    }

    #[test]
    fn both_readers_agree_on_4x4_grids_in_every_layout(
        cells in prop::collection::vec(0u8..=5, 16),
        layout in 0usize..6,
        extra in prop::sample::select(vec!["", "\n", "\n# c\n", "\n\n1.3..4.2.1....2.\n", "\nx\n"]),
    ) {
        let sym = |v: &u8| if *v == 0 { ".".to_string() } else { v.to_string() };
        let rows: Vec<String> = cells.chunks(4).map(|r| r.iter().map(sym).collect()).collect();
        let text = match layout {
            0 => rows.concat(),
            1 => rows.join("\n"),
            2 => format!("Grid 07\n{}", rows.join("\r\n")),
            3 => rows.iter().map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n"),
            4 => format!("\u{feff}# a comment\n{}", rows.join("\n")),
            _ => format!("{}:1:note", rows.concat()),
        } + extra;
        let (e, c) = options(None, None);
        prop_assert_eq!(checker(&text, &c), engine(&text, &e), "{:?}", text);
    }
}
