//! `docs/results.md` against the code: its JSON example reads into `Record` (which refuses
//! unknown fields), its table lists exactly the record's fields, and a record made by the
//! library serialises with the documented names.

use deduku::grid::{parse_one, Alphabet, ParseOptions};
use deduku::record::{Record, VerdictKind};
use deduku::solve::{solve, SolveOptions};
use std::collections::BTreeSet;

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/results.md");
    std::fs::read_to_string(path).expect("docs/results.md")
}

/// The body of the page's JSON block.
fn example() -> String {
    let text = doc();
    let start = text.find("```json\n").expect("a JSON example") + "```json\n".len();
    text[start..].split("```").next().unwrap().trim().to_string()
}

/// The field names of the page's table (first column, in backquotes).
fn documented_fields() -> BTreeSet<String> {
    doc()
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_documented_example_reads_as_a_record() {
    let record: Record = serde_json::from_str(&example()).expect("the example is a Record");
    assert_eq!(record.verdict, VerdictKind::Solution);
    assert_eq!(record.check.as_deref(), Some("verified"));
    assert_eq!(serde_json::to_string(&record).unwrap(), example(), "field order as printed");
}

#[test]
fn the_table_lists_exactly_the_fields_of_a_full_record() {
    let full: serde_json::Value = serde_json::from_str(&example()).unwrap();
    let mut fields: BTreeSet<String> = full.as_object().unwrap().keys().cloned().collect();
    // The example is a checked batch line of a unique puzzle: add what it cannot show.
    fields.extend(["error", "second", "resumed"].map(String::from));
    assert_eq!(documented_fields(), fields);
}

#[test]
fn the_library_writes_the_documented_names() {
    let puzzle = parse_one("1.3..4.2.1....2.", &ParseOptions::default()).unwrap();
    let outcome = solve(&puzzle.grid, &SolveOptions::default());
    let json = Record::of_outcome(1, 1, &outcome, &Alphabet::standard()).to_json();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let documented = documented_fields();
    for key in value.as_object().unwrap().keys() {
        assert!(documented.contains(key), "{key} is not in docs/results.md");
    }
    assert_eq!(value["verdict"], "solution");
}
