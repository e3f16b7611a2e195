//! Hand-written 4×4 certificates for implied eliminations (placements cited where a rule needs
//! an elimination they imply), accepted and wrong, for the extracted Coq checker to judge
//! beside deduku-check.

use super::{el, pl, proof4, st};
use deduku_check::format::{Claim, Fact, Proof, Rule, Step, Unit};

/// Certificates with a name saying what each shows.
pub type Named = Vec<(&'static str, Proof)>;

/// Hand-written 4×4 certificates for implied eliminations (placements cited where
/// NakedSingle, HiddenSingle, EmptyCell, NoPlace, LockedCandidates and Clash need an
/// elimination), each accepted by deduku-check, and targeted wrong variants (each rejected): a
/// placement in the conclusion's own cell, a placement implying nothing wanted, an uncovered
/// slot, EmptyCell or NoPlace whose first premise is a placement, Clash of two placements that
/// do not clash, a repeated elimination beside a placement, a ⊥ premise.
pub fn implied() -> (Named, Named) {
    let (mut good, mut bad) = (Vec::new(), Vec::new());
    // Row 1 is 1 2 3 _: each given is a peer of r1c4 and stands for r1c4≠1, ≠2, ≠3.
    let row = || {
        vec![
            st(0, pl(1, 1, 1), Rule::Given, &[], None),
            st(1, pl(1, 2, 2), Rule::Given, &[], None),
            st(2, pl(1, 3, 3), Rule::Given, &[], None),
        ]
    };
    let derived =
        |steps| proof4("123.............", Claim::Consequences("1234............".into()), steps);
    let with = |mut steps: Vec<Step>, more: Vec<Step>| {
        steps.extend(more);
        steps
    };
    let ns = |premises: &[u64]| st(3, pl(1, 4, 4), Rule::NakedSingle, premises, None);

    // NakedSingle citing three placements in peers.
    good.push(("ns-placements", derived(with(row(), vec![ns(&[0, 1, 2])]))));
    // ... one of them an elimination instead, another cited twice (placements may repeat
    // and overlap the eliminations).
    good.push((
        "ns-mixed-repeated",
        derived(with(
            row(),
            vec![
                st(3, el(1, 4, 1), Rule::Exclusion, &[0], None),
                st(4, pl(1, 4, 4), Rule::NakedSingle, &[3, 1, 2, 2, 0], None),
            ],
        )),
    ));
    // Rejected: a slot left uncovered (r1c4≠3).
    bad.push(("ns-uncovered", derived(with(row(), vec![ns(&[0, 1])]))));
    // Rejected: the conclusion's own cell cited (r1c4=4 restated by an earlier step).
    bad.push((
        "ns-own-cell-restated",
        derived(with(
            row(),
            vec![ns(&[0, 1, 2]), st(4, pl(1, 4, 4), Rule::NakedSingle, &[0, 1, 3], None)],
        )),
    ));
    // Rejected: the conclusion's own cell cited with another digit (under an Assume of
    // r1c4=3; without the own-cell rule it would stand for r1c4≠1, ≠2).
    bad.push((
        "ns-own-cell-contradicted",
        derived(with(
            row(),
            vec![
                st(3, pl(1, 4, 3), Rule::Assume, &[], None),
                st(4, pl(1, 4, 4), Rule::NakedSingle, &[0, 1, 2, 3], Some(3)),
            ],
        )),
    ));
    // Rejected: a placement implying nothing wanted — r2c3=4 stands only for r1c4≠4 (the
    // skipped slot), r3c1=4 for nothing in r1c4.
    for (name, puzzle, extra) in [
        ("ns-implies-skipped-only", "123...4.........", pl(2, 3, 4)),
        ("ns-implies-nothing", "123.....4.......", pl(3, 1, 4)),
    ] {
        let steps = with(
            row(),
            vec![
                st(3, extra, Rule::Given, &[], None),
                st(4, pl(1, 4, 4), Rule::NakedSingle, &[0, 1, 2, 3], None),
            ],
        );
        bad.push((name, proof4(puzzle, Claim::Consequences(puzzle.into()), steps)));
    }
    // Rejected: an elimination cited twice beside placements.
    bad.push((
        "ns-elim-repeated",
        derived(with(
            row(),
            vec![
                st(3, el(1, 4, 1), Rule::Exclusion, &[0], None),
                st(4, pl(1, 4, 4), Rule::NakedSingle, &[3, 1, 2, 3], None),
            ],
        )),
    ));
    // Rejected: a ⊥ premise (under an Assume of r1c4=1, which clashes with r1c1=1).
    bad.push((
        "ns-bottom-premise",
        derived(with(
            row(),
            vec![
                st(3, pl(1, 4, 1), Rule::Assume, &[], None),
                st(4, Fact::Bottom, Rule::Clash, &[3, 0], Some(3)),
                st(5, pl(1, 4, 4), Rule::NakedSingle, &[4, 0, 1, 2], Some(3)),
            ],
        )),
    ));

    // HiddenSingle(R1) r1c1=1: r2c3=1 stands for r1c3≠1 and r1c4≠1 (box 2), r3c2=1 for
    // r1c2≠1 (column 2).
    let hs_puzzle = "......1..1......";
    let hs_given = || {
        vec![st(0, pl(2, 3, 1), Rule::Given, &[], None), st(1, pl(3, 2, 1), Rule::Given, &[], None)]
    };
    let hs = |more: Vec<Step>| {
        proof4(hs_puzzle, Claim::Consequences("1.....1..1......".into()), with(hs_given(), more))
    };
    let hs_step = |id, premises: &[u64]| {
        st(id, pl(1, 1, 1), Rule::HiddenSingle(Unit::Row(1)), premises, None)
    };
    good.push(("hs-placements", hs(vec![hs_step(2, &[0, 1])])));
    // ... r1c2=2 (another digit in the cell) for r1c2≠1, and r1c3≠1 stated as well.
    good.push((
        "hs-other-digit-overlap",
        proof4(
            ".2....1.........",
            Claim::Consequences("12....1.........".into()),
            vec![
                st(0, pl(1, 2, 2), Rule::Given, &[], None),
                st(1, pl(2, 3, 1), Rule::Given, &[], None),
                st(2, el(1, 3, 1), Rule::Exclusion, &[1], None),
                st(3, pl(1, 1, 1), Rule::HiddenSingle(Unit::Row(1)), &[0, 2, 1], None),
            ],
        ),
    ));
    // Rejected: r1c2≠1 uncovered.
    bad.push(("hs-uncovered", hs(vec![hs_step(2, &[0])])));
    // Rejected: the conclusion itself cited again.
    bad.push(("hs-own-cell", hs(vec![hs_step(2, &[0, 1]), hs_step(3, &[0, 1, 2])])));

    // EmptyCell: row 1 is 1 2 3 _ and r2c4=4, so r1c4 holds nothing; the first premise is
    // the elimination r1c4≠4, the others the givens of row 1.
    let empty_puzzle = "123....4........";
    let empty = |premises: &[u64]| {
        let steps = with(
            row(),
            vec![
                st(3, pl(2, 4, 4), Rule::Given, &[], None),
                st(4, el(1, 4, 4), Rule::Exclusion, &[3], None),
                st(5, Fact::Bottom, Rule::EmptyCell, premises, None),
            ],
        );
        proof4(empty_puzzle, Claim::Contradiction, steps)
    };
    good.push(("empty-placements", empty(&[4, 0, 1, 2])));
    // Rejected: the first premise a placement (it would stand for r1c4≠1 but cannot name the
    // cell).
    bad.push(("empty-first-placement", empty(&[0, 4, 1, 2])));
    bad.push(("empty-first-placement-peer", empty(&[3, 0, 1, 2])));
    // Rejected: r1c4≠3 uncovered.
    bad.push(("empty-uncovered", empty(&[4, 0, 1])));
    // Rejected: r3c1=2 cited, which stands for nothing in r1c4.
    bad.push((
        "empty-implies-nothing",
        proof4(
            "123....42.......",
            Claim::Contradiction,
            with(
                row(),
                vec![
                    st(3, pl(2, 4, 4), Rule::Given, &[], None),
                    st(4, pl(3, 1, 2), Rule::Given, &[], None),
                    st(5, el(1, 4, 4), Rule::Exclusion, &[3], None),
                    st(6, Fact::Bottom, Rule::EmptyCell, &[5, 0, 1, 2, 4], None),
                ],
            ),
        ),
    ));

    // EmptyCell citing a placement in the cell itself: under the Assume r1c4=1 (which stands
    // for r1c4≠2, ≠3, ≠4), with r1c4≠1 from r1c1=1 first; Negation gives r1c4≠1 and the
    // NakedSingle r1c4=4.
    good.push((
        "empty-own-cell-assume",
        derived(with(
            row(),
            vec![
                st(3, pl(1, 4, 1), Rule::Assume, &[], None),
                st(4, el(1, 4, 1), Rule::Exclusion, &[0], Some(3)),
                st(5, Fact::Bottom, Rule::EmptyCell, &[4, 3], Some(3)),
                st(6, el(1, 4, 1), Rule::Negation, &[3, 5], None),
                st(7, pl(1, 4, 4), Rule::NakedSingle, &[6, 1, 2], None),
            ],
        )),
    ));

    // NoPlace(R1) for 1: r1c1=2 gives r1c1≠1 (first premise, by Exclusion), r2c3=1 stands for
    // r1c3≠1 and r1c4≠1, r3c2=1 for r1c2≠1 (r4c4=3 stands for nothing in row 1).
    let noplace = |premises: &[u64]| {
        let steps = vec![
            st(0, pl(1, 1, 2), Rule::Given, &[], None),
            st(1, pl(2, 3, 1), Rule::Given, &[], None),
            st(2, pl(3, 2, 1), Rule::Given, &[], None),
            st(3, pl(4, 4, 3), Rule::Given, &[], None),
            st(4, el(1, 1, 1), Rule::Exclusion, &[0], None),
            st(5, Fact::Bottom, Rule::NoPlace(Unit::Row(1)), premises, None),
        ];
        proof4("2.....1..1.....3", Claim::Contradiction, steps)
    };
    good.push(("noplace-placements", noplace(&[4, 1, 2])));
    // ... and r1c1=2 cited too, overlapping r1c1≠1.
    good.push(("noplace-overlap", noplace(&[4, 0, 1, 2])));
    // Rejected: the first premise a placement.
    bad.push(("noplace-first-placement", noplace(&[0, 4, 1, 2])));
    bad.push(("noplace-first-placement-peer", noplace(&[1, 4, 2])));
    // Rejected: r1c2≠1 uncovered.
    bad.push(("noplace-uncovered", noplace(&[4, 1])));
    // Rejected: a placement implying nothing wanted.
    bad.push(("noplace-implies-nothing", noplace(&[4, 1, 2, 3])));

    // LockedCandidates(B1 → R1) for 3: r2c1=1 stands for r2c1≠3 (another digit in the cell),
    // r4c2=3 for r2c2≠3 (column 2), so 3 is in row 1 within box 1: r1c4≠3.
    let lc_puzzle = "....1........3..";
    let lc_rule = Rule::LockedCandidates { from: Unit::Box(1), to: Unit::Row(1), digit: 3 };
    let lc = |puzzle: &'static str, extra: Vec<Step>, premises: &[u64]| {
        let mut steps = vec![
            st(0, pl(2, 1, 1), Rule::Given, &[], None),
            st(1, pl(4, 2, 3), Rule::Given, &[], None),
        ];
        steps.extend(extra);
        let id = steps.len() as u64;
        steps.push(st(id, el(1, 4, 3), lc_rule, premises, None));
        proof4(puzzle, Claim::Consequences(puzzle.into()), steps)
    };
    good.push(("lc-placements", lc(lc_puzzle, vec![], &[0, 1])));
    // ... r2c1≠3 stated as well, the placement r2c1=1 overlapping it.
    good.push((
        "lc-overlap",
        lc(lc_puzzle, vec![st(2, el(2, 1, 3), Rule::Exclusion, &[0], None)], &[2, 1, 0]),
    ));
    // Rejected: r2c2≠3 uncovered.
    bad.push(("lc-uncovered", lc(lc_puzzle, vec![], &[0])));
    // Rejected: r1c3=3 implies only eliminations inside row 1 (the skipped positions), and
    // r4c4=2 nothing in box 1.
    let skipped_puzzle = "..3.1........3..";
    let skipped = vec![st(2, pl(1, 3, 3), Rule::Given, &[], None)];
    bad.push(("lc-implies-skipped-only", lc(skipped_puzzle, skipped, &[0, 1, 2])));
    let nothing_puzzle = "....1........3.2";
    let nothing = vec![st(2, pl(4, 4, 2), Rule::Given, &[], None)];
    bad.push(("lc-implies-nothing", lc(nothing_puzzle, nothing, &[0, 1, 2])));

    // Clash of two placements: the same digit in two peers, in either order.
    let clash2 = |puzzle: &'static str, a: Fact, b: Fact, order: [u64; 2]| {
        let steps = vec![
            st(0, a, Rule::Given, &[], None),
            st(1, b, Rule::Given, &[], None),
            st(2, Fact::Bottom, Rule::Clash, &order, None),
        ];
        proof4(puzzle, Claim::Contradiction, steps)
    };
    good.push(("clash-row-peers", clash2("11..............", pl(1, 1, 1), pl(1, 2, 1), [0, 1])));
    good.push(("clash-box-peers", clash2("1....1..........", pl(1, 1, 1), pl(2, 2, 1), [1, 0])));
    // Rejected: not peers, or peers with different digits.
    bad.push(("clash-not-peers", clash2("1..............1", pl(1, 1, 1), pl(4, 4, 1), [0, 1])));
    bad.push((
        "clash-peers-other-digits",
        clash2("12..............", pl(1, 1, 1), pl(1, 2, 2), [0, 1]),
    ));
    // Two digits in one cell: the given r1c1=1 and the Assume r1c1=2 clash, so r1c1≠2.
    let two_digits = |order: [u64; 2]| {
        let steps = vec![
            st(0, pl(1, 1, 1), Rule::Given, &[], None),
            st(1, pl(1, 1, 2), Rule::Assume, &[], None),
            st(2, Fact::Bottom, Rule::Clash, &order, Some(1)),
            st(3, el(1, 1, 2), Rule::Negation, &[1, 2], None),
        ];
        proof4("1...............", Claim::Consequences("1...............".into()), steps)
    };
    good.push(("clash-one-cell", two_digits([0, 1])));
    good.push(("clash-one-cell-swapped", two_digits([1, 0])));
    // Rejected: a placement and an elimination of its digit in a peer (not implied).
    bad.push((
        "clash-elim-in-peer",
        proof4(
            "1...............",
            Claim::Contradiction,
            vec![
                st(0, pl(1, 1, 1), Rule::Given, &[], None),
                st(1, el(1, 2, 1), Rule::Exclusion, &[0], None),
                st(2, Fact::Bottom, Rule::Clash, &[0, 1], None),
            ],
        ),
    ));
    (good, bad)
}

/// Hand-written 4×4 Lemma certificates citing placements for the elimination hypotheses they
/// imply, accepted: a placement covering a hypothesis, and one implying the hypothesis the step
/// concludes against (which it does not cover: the cdcl engine writes such steps). Rejected:
/// that hypothesis stated (only ⊥ follows), and a second hypothesis left open.
pub fn implied_lemmas() -> (Named, Named) {
    // ⊥ under r2c2≠3 (outer) and r1c2=1 (inner, clashing with the given r1c1=1).
    let refuted = |more: Vec<Step>| {
        let mut steps = vec![
            st(0, pl(1, 1, 1), Rule::Given, &[], None),
            st(1, el(2, 2, 3), Rule::Assume, &[], None),
            st(2, pl(1, 2, 1), Rule::Assume, &[], Some(1)),
            st(3, Fact::Bottom, Rule::Clash, &[2, 0], Some(2)),
        ];
        steps.extend(more);
        proof4("1...............", Claim::Consequences("1...............".into()), steps)
    };
    let (mut good, mut bad) = (Vec::new(), Vec::new());
    // r2c2=4 implies r2c2≠3: the clause leaves r1c2≠1.
    good.push((
        "lemma-placement-covers",
        refuted(vec![
            st(4, pl(2, 2, 4), Rule::Assume, &[], None),
            st(5, el(1, 2, 1), Rule::Lemma, &[3, 4], Some(4)),
        ]),
    ));
    // r1c2=1 assumed again, r2c2=4 implies r2c2≠3 yet the step concludes r2c2=3; Clash follows.
    let against = |premise: Step, fact: Fact| {
        refuted(vec![
            st(4, pl(1, 2, 1), Rule::Assume, &[], None),
            premise,
            st(6, fact, Rule::Lemma, &[3, 4, 5], Some(5)),
        ])
    };
    good.push((
        "lemma-placement-implies-target",
        against(st(5, pl(2, 2, 4), Rule::Assume, &[], Some(4)), pl(2, 2, 3)),
    ));
    good.push((
        "lemma-placement-implies-target-bottom",
        against(st(5, pl(2, 2, 4), Rule::Assume, &[], Some(4)), Fact::Bottom),
    ));
    bad.push((
        "lemma-target-stated",
        against(st(5, el(2, 2, 3), Rule::Assume, &[], Some(4)), pl(2, 2, 3)),
    ));
    bad.push((
        "lemma-two-open",
        refuted(vec![
            st(4, pl(2, 2, 4), Rule::Assume, &[], None),
            st(5, pl(2, 2, 3), Rule::Lemma, &[3, 4], Some(4)),
        ]),
    ));
    (good, bad)
}
