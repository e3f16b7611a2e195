//! The checker's puzzle reader on every layout, its refusals, and its memory bound.

use deduku_check::{read_puzzle, Alphabet, PuzzleError, ReadOptions};

fn read(text: &str) -> Result<Vec<u8>, PuzzleError> {
    read_puzzle(text, &ReadOptions::default()).map(|g| g.values().to_vec())
}

const GRID: [u8; 16] = [1, 0, 3, 0, 0, 4, 0, 2, 0, 1, 0, 0, 0, 0, 2, 0];

#[test]
fn every_layout_of_one_puzzle_reads_the_same() {
    let layouts = [
        "1.3..4.2.1....2.",
        "\u{feff}# a 4x4\r\n1.3..4.2.1....2. # note\r\n\r\n# end\r\n",
        "1.3..4.2.1....2.:1:1234341221434321",
        "Grid 01\n\n1030\n0402\n0100\n0020\n",
        "1 . | 3 .\n. 4 | . 2\n----+----\n. 1 | . .\n. . | 2 .\n",
        "1 0 3 0 0 4 0 2 0 1 0 0 0 0 2 0 11 12",
    ];
    for text in &layouts[..5] {
        assert_eq!(read(text), Ok(GRID.to_vec()), "{text:?}");
    }
    assert_eq!(read(layouts[5]), Err(PuzzleError::Shape { line: 1, found: 18 }));
}

#[test]
fn integer_rows_read_two_digit_numbers_up_to_64() {
    let mut rows: Vec<String> = (0..16)
        .map(|r| {
            let row: Vec<String> =
                (0..16).map(|c| if r == c { (c + 1).to_string() } else { "0".into() }).collect();
            row.join(" ")
        })
        .collect();
    let g = read_puzzle(&rows.join("\n"), &ReadOptions::default()).expect("16x16 grid");
    assert_eq!((g.side(), g.values()[255], g.values()[17]), (16, 16, 2));
    rows[3] = rows[3].replace(" 4 ", " 40 ");
    assert_eq!(
        read(&rows.join("\n")),
        Err(PuzzleError::DigitTooLarge { line: 4, digit: 40, side: 16 })
    );
}

#[test]
fn anything_beyond_one_puzzle_is_refused() {
    let two = "1.3..4.2.1....2.\n1.3..4.2.1....2.\n";
    assert_eq!(read(two), Err(PuzzleError::Trailing { line: 2 }));
    assert_eq!(read("1030\n0402\n0100\n0020\nstray"), Err(PuzzleError::Trailing { line: 5 }));
    assert_eq!(
        read("1030\n0402\n\n0100\n0020\n"),
        Err(PuzzleError::Incomplete { line: 1, found: 2, side: 4 })
    );
    assert_eq!(read("# nothing\n\n"), Err(PuzzleError::Empty));
    let first_row_of_16 = "1 0 0 4 0 0 0 0 0 0 0 0 0 3 2 0\n";
    assert_eq!(read(first_row_of_16), Err(PuzzleError::Incomplete { line: 1, found: 1, side: 16 }));
    let bad = read("1.3..4.2.1..?.2.");
    assert_eq!(bad, Err(PuzzleError::Symbol { line: 1, column: 13, symbol: '?' }));
}

#[test]
fn csv_records_and_alphabets() {
    let alphabet = Alphabet::from_spec("0-3").expect("spec");
    let opts = ReadOptions { alphabet, csv_column: Some(2) };
    let csv = "LEVEL,PUZZLE\nIM, 0.2..3.1.0....1.\n";
    let g = read_puzzle(csv, &opts).expect("one record after the header");
    assert_eq!(g.values(), GRID);
    let two = format!("{csv}IM,0.2..3.1.0....1.\n");
    assert_eq!(read_puzzle(&two, &opts), Err(PuzzleError::Trailing { line: 3 }));
    let short = read_puzzle("IM\n", &opts);
    assert_eq!(short, Err(PuzzleError::CsvColumn { line: 1, column: 2, fields: 1 }));
}

#[test]
fn a_huge_line_is_measured_not_decoded() {
    let line = "1 ".repeat(1_000_000);
    assert_eq!(read(&line), Err(PuzzleError::Shape { line: 1, found: 1_000_000 }));
    let token = "1".repeat(1_000_000);
    assert_eq!(read(&token), Err(PuzzleError::Shape { line: 1, found: 1_000_000 }));
}
