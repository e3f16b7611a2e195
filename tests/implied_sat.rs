//! Certificates with implied eliminations (`tests/implied/`): NakedSingle, HiddenSingle,
//! EmptyCell and NoPlace cite placements where they need the eliminations those imply, and
//! Clash takes two placements. The translation finds each lemma's hints by propagation, so a
//! placement premise brings the at-most-one clause that turns it into each elimination it
//! stands for (one per cell: a box placement covering two cells of a column brings two),
//! right after the premise's own clause; a Clash of two placements is their binary clause.
//! Lemma steps may cite placements for the eliminated hypotheses they imply as well.
//! Our LRAT checker (hints in order) accepts every translation; drat-trim, lrat-check,
//! cake_lpr and rate run in the ignored test (as in `tests/lemma_sat.rs`).

#[path = "sat/both_modes.rs"]
mod both_modes;
#[path = "sat/lrat_check.rs"]
mod lrat_check;
#[path = "sat/tools.rs"]
mod tools;

use deduku::proof::read_proof;
use deduku::sat::{render_lrat, translate_with, Cnf, Encoding, Lemmas};
use deduku_check::format::{Fact, Proof, Rule};
use std::collections::HashSet;
use std::path::PathBuf;

/// The certificates: three hand-made 4×4s, two 9×9s rewritten from engine certificates.
const CASES: [&str; 5] = ["singles-4x4", "falsum-4x4", "lemma-4x4", "top95-22", "tdoku-23"];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/implied")
}

/// The certificate `name`, checked against its puzzle (`name.txt`) first.
fn load(name: &str) -> Proof {
    let text = std::fs::read_to_string(dir().join(format!("{name}.ron"))).unwrap();
    let proof = read_proof(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let puzzle = std::fs::read_to_string(dir().join(format!("{name}.txt"))).unwrap();
    deduku_check::check(&proof, Some(puzzle.trim())).unwrap_or_else(|e| panic!("{name}: {e}"));
    proof
}

/// The rule families of `proof` whose steps cite a placement: the implied eliminations used.
fn citing_placements(proof: &Proof) -> HashSet<&'static str> {
    let facts: std::collections::HashMap<u64, Fact> =
        proof.steps.iter().map(|s| (s.id, s.fact)).collect();
    let mut families = HashSet::new();
    for s in &proof.steps {
        let places = s.premises.iter().filter(|p| matches!(facts[p], Fact::Place { .. })).count();
        let family = match s.rule {
            Rule::NakedSingle => "NakedSingle",
            Rule::HiddenSingle(_) => "HiddenSingle",
            Rule::EmptyCell => "EmptyCell",
            Rule::NoPlace(_) => "NoPlace",
            Rule::Clash if places == 2 => "Clash",
            Rule::Lemma => "Lemma",
            _ => continue,
        };
        if places > 0 {
            families.insert(family);
        }
    }
    families
}

#[test]
fn the_certificates_cite_placements_in_each_of_the_five_rules() {
    let all: HashSet<&str> = CASES.iter().flat_map(|name| citing_placements(&load(name))).collect();
    for rule in ["NakedSingle", "HiddenSingle", "EmptyCell", "NoPlace", "Clash", "Lemma"] {
        assert!(all.contains(rule), "no {rule} citing a placement: {all:?}");
    }
    let tdoku = citing_placements(&load("tdoku-23"));
    assert!(tdoku.contains("EmptyCell") && tdoku.contains("NoPlace"), "9×9: {tdoku:?}");
    let top95 = load("top95-22");
    assert_eq!(
        top95.steps.iter().filter(|s| s.rule == Rule::Exclusion).count(),
        1,
        "top95-22: only the Exclusion a NoPlace needs first is left"
    );
}

#[test]
fn implied_certificates_translate_in_both_modes_to_lrat_our_checker_accepts() {
    for name in CASES {
        both_modes::translates_in_both_modes(name, &load(name));
    }
}

/// `--lemmas all` of `falsum-4x4`, clause by clause (CNF: 448 encoding clauses, the givens
/// r1c2=1, r1c3=2, r3c1=4, r4c4=4 as 449–452). v(r,c,d) = ((r−1)·4 + c−1)·4 + d.
#[test]
fn the_falsum_4x4_lemmas_bring_the_clause_each_placement_premise_stands_for() {
    let proof = load("falsum-4x4");
    let cnf = Cnf::for_proof(&proof).unwrap();
    let t = translate_with(&proof, &cnf, Lemmas::All).unwrap();
    let lrat = String::from_utf8(render_lrat(&t)).unwrap();
    let e = Encoding::new(2);
    // Group ids: cells 0–15, rows 16–31, columns 32–47, boxes 48–63 (unit × 4 + digit − 1).
    let amo = |g: usize, i: usize, j: usize| e.amo_id(g, i, j);
    let (row1_1, row1_2, col1_4) = (16, 17, 32 + 3);
    assert_eq!((amo(row1_1, 0, 1), amo(row1_2, 0, 2), amo(col1_4, 0, 2)), (114, 122, 248));
    let expected = [
        "453 -1 0 449 114 0", // r1c1≠1, the one Exclusion: r1c2=1 and row 1's 1s
        // EmptyCell r1c1 under the assumption r2c1=3 (v 19): r1c1≠1 stated; r1c3=2 (row 1),
        // r2c1=3 (column 1: clause 240, after the assumption), r3c1=4 (column 1) implied;
        // then r1c1's at-least-one clause.
        "454 -19 0 453 450 451 240 122 248 1 0",
        // NakedSingle r1c1=3 citing the three givens, each followed by its binary clause.
        "455 3 0 449 450 451 114 122 248 1 0",
        "456 -4 0 455 7 0", // Clash r1c1=3 with the assumed r1c1=4: the cell's clause
        "457 -23 0 455 354 0", // Clash of r1c1=3 and the assumed r2c2=3: box 1's 3s
        "458 15 0 449 450 452 118 126 333 22 0", // r1c4=3
        // NoPlace 3 in row 2 under r4c3=3 (v 59): its premises r1c1=3 and r1c4=3 already
        // clash in row 1, the conflict propagation meets first.
        "459 -59 0 455 458 130 0",
        "460 0 455 458 130 0", // Clash r1c1=3, r1c4=3: row 1's binary clause of 3s
    ];
    assert_eq!(lrat.lines().collect::<Vec<_>>(), expected, "{lrat}");
    assert_eq!(amo(16 + 2, 0, 3), 130, "row 1, digit 3, columns 1 and 4");
}

/// `--lemmas all` of `lemma-4x4` (givens r1c2=2, r2c2=4, r3c1=1 as 449–451): a Lemma citing
/// a placement for a hypothesis it implies brings the binary clause after the placement's
/// unit, then the ⊥ lemma. v(r4c2=1) = 53, v(r2c2=1) = 21.
#[test]
fn a_lemma_citing_placements_brings_their_binary_clauses_before_the_bottom_lemma() {
    let proof = load("lemma-4x4");
    let cnf = Cnf::for_proof(&proof).unwrap();
    let t = translate_with(&proof, &cnf, Lemmas::All).unwrap();
    let lrat = String::from_utf8(render_lrat(&t)).unwrap();
    let e = Encoding::new(2);
    let (r2c2, box3) = (e.groups_of(e.var(1, 1, 0))[0].0, e.groups_of(e.var(2, 0, 0))[3].0);
    assert_eq!((e.amo_id(r2c2, 0, 3), e.amo_id(box3, 0, 3)), (39, 396));
    let expected = [
        "453 -5 0 449 9 0", // r1c2≠1 (Exclusion), the NoPlace's first premise
        // NoPlace under r4c2≠1, r2c2≠1, citing r3c1=1 (451) for r3c2≠1: column 2's
        // at-least-one clause (253) leaves r3c2=1, which row 3's binary clause (170) refutes.
        "454 53 21 0 453 451 253 170 0",
        "455 53 0 454 450 39 0", // Clash of r2c2=1 (the ⊥ lemma) and r2c2=4: r2c2's clause
        "456 53 0 455 0",        // Lemma [14]
        "457 53 0 450 39 454 0", // Lemma [12, r2c2=4]: r2c2≠1 by the cell's clause (39)
        // Lemma [12, r3c1=1, r2c2=4] ⟹ ⊥: r4c2≠1 by box 3's clause (396), r2c2≠1 by 39.
        "458 0 451 450 396 39 454 0",
    ];
    assert_eq!(lrat.lines().collect::<Vec<_>>(), expected, "{lrat}");
}

/// In `singles-4x4`, r2c2=4 (hidden single in column 2) cites r1c2=2 and r4c1=4: the box
/// placement stands for r3c2≠4 and r4c2≠4, and brings one binary clause for each.
#[test]
fn a_box_placement_brings_one_clause_per_cell_it_rules_out() {
    let proof = load("singles-4x4");
    let cnf = Cnf::for_proof(&proof).unwrap();
    let t = translate_with(&proof, &cnf, Lemmas::All).unwrap();
    let lrat = String::from_utf8(render_lrat(&t)).unwrap();
    let e = Encoding::new(2);
    let v = |r: usize, c: usize, d: usize| e.var(r - 1, c - 1, d - 1);
    let hidden = lrat.lines().find(|l| l.split(' ').nth(1) == Some(&v(2, 2, 4).to_string()));
    let hints: Vec<u64> = hidden
        .expect("r2c2=4's lemma")
        .split(" 0 ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .map(|h| h.parse().unwrap())
        .filter(|&h| h != 0)
        .collect();
    let (r1c2, r4c1) = (449, 451); // the givens' unit clauses
                                   // groups_of: (group, member index) in the cell, row, column and box groups.
    let [cell, _, col, _] = e.groups_of(v(1, 2, 4));
    let [_, row4, _, box3] = e.groups_of(v(4, 1, 4));
    let own_cell = e.amo_id(cell.0, 1, 3); // r1c2 holds 2, so not 4
    let row4 = e.amo_id(row4.0, 0, 1); // r4c1=4, so r4c2≠4
    let box3 = e.amo_id(box3.0, 2, 1); // r4c1=4, so r3c2≠4 (box 3: r3c1 r3c2 r4c1 r4c2)
    let col2 = e.alo_id(col.0); // some cell of column 2 holds 4
    assert_eq!(hints, vec![r1c2, r4c1, own_cell, row4, box3, col2], "{lrat}");
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn implied_certificates_are_verified_by_all_four_checkers() {
    let tmp = tempfile::tempdir().unwrap();
    for name in CASES {
        both_modes::four_checkers_verify(tmp.path(), name, &load(name));
    }
}
