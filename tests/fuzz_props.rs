//! The CI fuzz harness (the cargo-fuzz targets in `fuzz/` explore further, see
//! docs/fuzzing.md): arbitrary bytes, corrupted proof files and arbitrary structured proofs fed
//! to the puzzle parser and to proof parsing, checking and explaining. Nothing may panic, and
//! a rejection's explanation must start with the rejection line.

use deduku::grid::{parse_one, parse_puzzles, read_puzzles, ParseOptions};
use deduku_check::format::{Claim, Fact, Proof, Rule, Step, Unit, Witness};
use deduku_check::{check, check_ron, explain, parse_ron, to_ron};
use proptest::prelude::*;

/// Parses, checks and explains: the whole path a proof file takes through `deduku check`.
/// Checking as it parses (`check_ron`, the checkers' path) never panics either, and on text
/// that parses it gives `check`'s verdict exactly.
fn replay(text: &str, givens: Option<&str>) {
    let streamed = check_ron(text, givens);
    if let Ok(proof) = parse_ron(text) {
        assert_eq!(streamed, check(&proof, givens), "check_ron disagrees on {text:?}");
        replay_proof(&proof, givens);
    }
}

fn replay_proof(proof: &Proof, givens: Option<&str>) {
    if let Err(e) = check(proof, givens) {
        let shown = explain(proof, &e);
        assert!(shown.starts_with(&format!("REJECTED {e}\n")), "{shown}");
    }
}

fn parse_puzzle_text(text: &str, csv: Option<usize>) {
    let opts = ParseOptions { csv_column: csv, ..ParseOptions::default() };
    for puzzle in parse_puzzles(text, &opts).flatten() {
        let line = puzzle.grid.to_line();
        // Every parsed puzzle is also a valid checker grid string: the givens of a check.
        let empty = Proof {
            format: "deduku-proof".to_string(),
            version: 1,
            order: puzzle.grid.order().n() as u8,
            puzzle: line.clone(),
            claim: Claim::Consequences(line.clone()),
            steps: Vec::new(),
        };
        let verdict = check(&empty, Some(&line));
        assert!(verdict.is_ok(), "{line}: {verdict:?}");
    }
    let _ = parse_one(text, &opts);
    let _ = read_puzzles(text.as_bytes(), opts).count();
}

/// The crafted proofs, as seeds for byte-level corruption.
fn seeds() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/crafted");
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .expect("tests/crafted exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() < 20_000))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    texts.sort();
    texts
}

/// One byte-level edit: replace, insert or delete at a position (taken modulo the length).
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for edit in edits {
        let at = |i: usize| if bytes.is_empty() { 0 } else { i % bytes.len() };
        match *edit {
            Edit::Replace(i, b) if !bytes.is_empty() => {
                let i = at(i);
                bytes[i] = b;
            }
            Edit::Insert(i, b) => {
                let i = at(i);
                bytes.insert(i, b);
            }
            Edit::Delete(i) if !bytes.is_empty() => {
                let i = at(i);
                bytes.remove(i);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn edit() -> impl Strategy<Value = Edit> {
    // Bytes that matter to RON and to the proof: digits, brackets, separators, letters.
    let byte =
        prop_oneof![prop::sample::select(b"0123456789()[],:\" .-_SomeNB".to_vec()), any::<u8>(),];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

fn unit() -> impl Strategy<Value = Unit> {
    prop_oneof![
        (0u8..18).prop_map(Unit::Row),
        (0u8..18).prop_map(Unit::Col),
        (0u8..18).prop_map(Unit::Box)
    ]
}

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Given),
        Just(Rule::Exclusion),
        Just(Rule::NakedSingle),
        unit().prop_map(Rule::HiddenSingle),
        Just(Rule::EmptyCell),
        unit().prop_map(Rule::NoPlace),
        Just(Rule::Clash),
        Just(Rule::Assume),
        Just(Rule::Negation),
    ]
}

fn fact() -> impl Strategy<Value = Fact> {
    let coord = 0u8..6;
    prop_oneof![
        (coord.clone(), coord.clone(), coord.clone()).prop_map(|(r, c, d)| Fact::Place { r, c, d }),
        (coord.clone(), coord.clone(), coord).prop_map(|(r, c, d)| Fact::Elim { r, c, d }),
        Just(Fact::Bottom),
    ]
}

/// Steps with increasing ids (gaps of 1 to 3) citing ids near their own, so that most get
/// past the id and scope checks and reach the rules.
fn steps() -> impl Strategy<Value = Vec<Step>> {
    let raw =
        (1u64..4, fact(), rule(), prop::collection::vec(0u64..60, 0..6), any::<bool>(), 0u64..60);
    prop::collection::vec(raw, 0..40).prop_map(|raw| {
        let mut id = 0;
        let mut steps = Vec::with_capacity(raw.len());
        for (gap, fact, rule, premises, scoped, scope) in raw {
            id += gap;
            let scope = scoped.then_some(scope);
            steps.push(Step { id, fact, rule, premises: premises.into(), scope });
        }
        steps
    })
}

fn grid_string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[.1-4]{16}",
        "[.0-9A-Ga-g]{12,20}",
        "( ?[0-9]{1,3}){14,18}",
        Just("1234341221434321".to_string()),
    ]
}

fn claim() -> impl Strategy<Value = Claim> {
    prop_oneof![
        grid_string().prop_map(Claim::Solution),
        Just(Claim::Contradiction),
        grid_string().prop_map(Claim::Consequences),
        (grid_string(), grid_string()).prop_map(|(a, b)| Claim::Multiple(a, b)),
        (grid_string(), prop::collection::vec(witness(), 0..6))
            .prop_map(|(solution, witnesses)| Claim::Minimal { solution, witnesses }),
    ]
}

fn witness() -> impl Strategy<Value = Witness> {
    (any::<u8>(), any::<u8>(), grid_string(), grid_string())
        .prop_map(|(r, c, first, second)| Witness { r, c, first, second })
}

fn proof() -> impl Strategy<Value = Proof> {
    let format = prop_oneof![Just("deduku-proof".to_string()), ".{0,12}"];
    let version = prop_oneof![Just(1u32), any::<u32>()];
    let order = prop_oneof![Just(2u8), any::<u8>()];
    (format, version, order, grid_string(), claim(), steps()).prop_map(
        |(format, version, order, puzzle, claim, steps)| Proof {
            format,
            version,
            order,
            puzzle,
            claim,
            steps,
        },
    )
}

/// 1024 cases per property in CI; `PROPTEST_CASES=100000` for a longer local run.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1024)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let text = String::from_utf8_lossy(&bytes);
        replay(&text, None);
        replay(&text, Some("1..............."));
        parse_puzzle_text(&text, None);
        parse_puzzle_text(&text, Some(1));
    }

    #[test]
    fn corrupted_proof_files_never_panic(
        seed in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..8),
    ) {
        let seeds = seeds();
        let original: &String = seed.get(&seeds);
        let text = apply(original, &edits);
        replay(&text, None);
        parse_puzzle_text(&text, None);
    }

    #[test]
    fn arbitrary_structured_proofs_never_panic_and_round_trip(p in proof()) {
        replay_proof(&p, None);
        replay_proof(&p, Some("1..............."));
        let text = to_ron(&p);
        prop_assert_eq!(parse_ron(&text), Ok(p));
    }
}
