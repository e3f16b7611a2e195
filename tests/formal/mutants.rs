//! The certificates the differential test compares on: the engine's certificates (every
//! claim kind, singles, pattern rules, nested negation), hand-written 4×4 certificates for
//! Assume of an elimination, Lemma and implied eliminations, and deterministic single-point
//! corruptions of each.

use crate::common::load;
use deduku::rules::RuleSet;
use deduku::solve::{solve, SolveOptions, Verdict};
use deduku_check::format::{Claim, Fact, Premises, Proof, Rule, Step, Unit, FORMAT, VERSION};

#[path = "implied.rs"]
mod implied;

/// Every certificate of `proofs/`, parsed.
pub fn shipped() -> Vec<Proof> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("proofs/ exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    let read = |p: &std::path::PathBuf| std::fs::read_to_string(p).expect("readable proof");
    paths.iter().map(|p| deduku_check::parse_ron(&read(p)).expect("a proof of proofs/")).collect()
}

/// Engine certificates on the first puzzles of some data sets: solutions (singles, pattern
/// rules, depth 1 and 2), contradictions, several solutions, and `Cn` alone (Consequences).
/// Locked candidates and subsets are off by default; `RuleSet::EVERY` turns them on.
pub fn engine() -> Vec<Proof> {
    let full = SolveOptions::default();
    let cn_only = SolveOptions { max_depth: Some(0), ..SolveOptions::default() };
    // Locked candidates and subsets: every rule the engine knows, on puzzles that use them.
    let every = SolveOptions { rules: Some(RuleSet::EVERY), ..SolveOptions::default() };
    let every_cn = SolveOptions { max_depth: Some(0), ..every };
    let mut out = Vec::new();
    let mut take = |rel: &str, count: usize, opts: &SolveOptions, keep: fn(&Verdict) -> bool| {
        let proofs = load(rel).into_iter().map(|p| solve(&p.grid, opts));
        out.extend(proofs.filter(|o| keep(&o.verdict)).take(count).map(|o| o.proof));
    };
    take("9x9/pe96_easy50.txt", 4, &full, |_| true);
    take("9x9/top95.txt", 6, &full, |_| true);
    take("9x9/forum_hardest_1106.txt", 1, &full, |_| true);
    take("9x9/top95.txt", 3, &cn_only, |_| true);
    take("tdoku_test_puzzles.txt", 3, &full, |v| matches!(v, Verdict::Contradiction));
    take("tdoku_test_puzzles.txt", 2, &full, |v| matches!(v, Verdict::Multiple(..)));
    take("16x16/janko55.txt", 1, &full, |_| true);
    take("9x9/top95.txt", 4, &every, |_| true);
    take("9x9/top95.txt", 8, &every_cn, |_| true);
    out
}

/// A step of a hand-written certificate (coordinates 1-based, as in the format).
pub(crate) fn st(id: u64, fact: Fact, rule: Rule, premises: &[u64], scope: Option<u64>) -> Step {
    Step { id, fact, rule, premises: Premises::from(premises), scope }
}

pub(crate) const fn pl(r: u8, c: u8, d: u8) -> Fact {
    Fact::Place { r, c, d }
}

pub(crate) const fn el(r: u8, c: u8, d: u8) -> Fact {
    Fact::Elim { r, c, d }
}

pub(crate) fn proof4(puzzle: &str, claim: Claim, steps: Vec<Step>) -> Proof {
    let (format, puzzle) = (FORMAT.to_string(), puzzle.to_string());
    Proof { format, version: VERSION, order: 2, puzzle, claim, steps }
}

/// Hand-written 4×4 certificates for what the engine does not write (each accepted by
/// deduku-check), and targeted wrong variants of them (each rejected): Assume of an
/// elimination, Negation concluding a placement, and Lemma — to a literal with one
/// hypothesis covered, to ⊥ inside a subproof and at the root, with a walk that stops at a
/// subproof still open, and with a chain exactly as long as the premises; rejected, chains
/// longer than the premises (the kernel's bound on the walk), with a repeated hypothesis.
///
/// The wrong variants at the end, one per id of [`BEYOND_BOUND`], cite a ⊥ inside more
/// closed subproofs than the Lemma step has premises: the kernel's walk rejects them before
/// the rule is checked (certificates 4 and 8 would be sound Lemmas without the bound).
pub fn lemmas() -> (Vec<Proof>, Vec<Proof>) {
    // Row 1 is 1 2 3 _; r1c4 = 4 follows from r1c4≠1 (derived by each certificate its own
    // way), r1c4≠2 and r1c4≠3.
    let givens = || {
        vec![
            st(0, pl(1, 1, 1), Rule::Given, &[], None),
            st(1, pl(1, 2, 2), Rule::Given, &[], None),
            st(2, pl(1, 3, 3), Rule::Given, &[], None),
        ]
    };
    let finish = |steps: &mut Vec<Step>, not_one: u64, next: u64, scope: Option<u64>| {
        steps.push(st(next, el(1, 4, 2), Rule::Exclusion, &[1], scope));
        steps.push(st(next + 1, el(1, 4, 3), Rule::Exclusion, &[2], scope));
        steps.push(st(next + 2, pl(1, 4, 4), Rule::NakedSingle, &[not_one, next, next + 1], scope));
    };
    let with = |mut steps: Vec<Step>, more: Vec<Step>| {
        steps.extend(more);
        steps
    };
    let derived =
        |steps| proof4("123.............", Claim::Consequences("1234............".into()), steps);

    // 1. A chain of two Assumes (the inner one of an elimination) closed by ⊥, cited at the
    //    root by a Lemma with the inner hypothesis covered: the outer one is false.
    let mut one = with(
        givens(),
        vec![
            st(3, pl(1, 4, 1), Rule::Assume, &[], None),
            st(4, el(2, 1, 1), Rule::Assume, &[], Some(3)),
            st(5, el(1, 4, 1), Rule::Exclusion, &[0], Some(4)),
            st(6, Fact::Bottom, Rule::Clash, &[3, 5], Some(4)),
            st(7, el(2, 1, 1), Rule::Exclusion, &[0], None),
            st(8, el(1, 4, 1), Rule::Lemma, &[6, 7], None),
        ],
    );
    finish(&mut one, 8, 9, None);
    // 2. A Lemma to ⊥ (its one hypothesis assumed again), closed by Negation.
    let mut two = with(
        givens(),
        vec![
            st(3, pl(1, 4, 1), Rule::Assume, &[], None),
            st(4, el(1, 4, 1), Rule::Exclusion, &[0], Some(3)),
            st(5, Fact::Bottom, Rule::Clash, &[3, 4], Some(3)),
            st(6, pl(1, 4, 1), Rule::Assume, &[], None),
            st(7, Fact::Bottom, Rule::Lemma, &[5, 6], Some(6)),
            st(8, el(1, 4, 1), Rule::Negation, &[6, 7], None),
        ],
    );
    finish(&mut two, 8, 9, None);
    // 3. Assume of an elimination refuted: Negation concludes the placement.
    let three = with(
        givens(),
        vec![
            st(3, el(1, 4, 4), Rule::Assume, &[], None),
            st(4, el(1, 4, 1), Rule::Exclusion, &[0], Some(3)),
            st(5, el(1, 4, 2), Rule::Exclusion, &[1], Some(3)),
            st(6, el(1, 4, 3), Rule::Exclusion, &[2], Some(3)),
            st(7, Fact::Bottom, Rule::EmptyCell, &[4, 5, 6, 3], Some(3)),
            st(8, pl(1, 4, 4), Rule::Negation, &[3, 7], None),
        ],
    );
    // 4. The same hypothesis twice in the chain, none cited: sound, but the chain of two
    //    is longer than the step's one premise, so the walk is cut short (rejected, below).
    let mut four = with(
        givens(),
        vec![
            st(3, pl(1, 4, 1), Rule::Assume, &[], None),
            st(4, pl(1, 4, 1), Rule::Assume, &[], Some(3)),
            st(5, el(1, 4, 1), Rule::Exclusion, &[0], Some(4)),
            st(6, Fact::Bottom, Rule::Clash, &[4, 5], Some(4)),
            st(7, el(1, 4, 1), Rule::Lemma, &[6], None),
        ],
    );
    finish(&mut four, 7, 8, None);
    // 5. The walk stops at the open subproof 3, where the Lemma is cited and used.
    let mut five = with(
        givens(),
        vec![
            st(3, el(2, 3, 4), Rule::Assume, &[], None),
            st(4, pl(1, 4, 1), Rule::Assume, &[], Some(3)),
            st(5, el(2, 1, 1), Rule::Assume, &[], Some(4)),
            st(6, el(1, 4, 1), Rule::Exclusion, &[0], Some(5)),
            st(7, Fact::Bottom, Rule::Clash, &[4, 6], Some(5)),
            st(8, el(2, 1, 1), Rule::Exclusion, &[0], Some(3)),
            st(9, el(1, 4, 1), Rule::Lemma, &[7, 8], Some(3)),
        ],
    );
    finish(&mut five, 9, 10, Some(3));
    five.push(st(13, el(1, 4, 1), Rule::Exclusion, &[0], None));
    finish(&mut five, 13, 14, None);
    // 6. A Lemma to ⊥ at the root, every hypothesis covered by a given: a contradiction.
    let six = vec![
        st(0, pl(1, 1, 1), Rule::Given, &[], None),
        st(1, pl(1, 2, 1), Rule::Given, &[], None),
        st(2, pl(1, 1, 1), Rule::Assume, &[], None),
        st(3, el(1, 2, 1), Rule::Exclusion, &[2], Some(2)),
        st(4, Fact::Bottom, Rule::Clash, &[1, 3], Some(2)),
        st(5, Fact::Bottom, Rule::Lemma, &[4, 0], None),
    ];
    let six = proof4("11..............", Claim::Contradiction, six);
    // 7. At the bound: a chain of three distinct hypotheses cited by three premises (the ⊥
    //    and two hypotheses re-derived at the root): the third is false.
    let mut seven = with(
        givens(),
        vec![
            st(3, pl(1, 4, 1), Rule::Assume, &[], None),
            st(4, el(2, 1, 1), Rule::Assume, &[], Some(3)),
            st(5, el(3, 1, 1), Rule::Assume, &[], Some(4)),
            st(6, el(1, 4, 1), Rule::Exclusion, &[0], Some(5)),
            st(7, Fact::Bottom, Rule::Clash, &[3, 6], Some(5)),
            st(8, el(2, 1, 1), Rule::Exclusion, &[0], None),
            st(9, el(3, 1, 1), Rule::Exclusion, &[0], None),
            st(10, el(1, 4, 1), Rule::Lemma, &[7, 8, 9], None),
        ],
    );
    finish(&mut seven, 10, 11, None);
    // 8. Beyond the bound: the chain r1c4=1, r2c1≠1, r1c4=1 (innermost first) cited by two
    //    premises. Sound (r1c4=1 is the one hypothesis left), but the walk would pass a third
    //    closed subproof for a two-premise step: rejected.
    let mut eight = with(
        givens(),
        vec![
            st(3, pl(1, 4, 1), Rule::Assume, &[], None),
            st(4, el(2, 1, 1), Rule::Assume, &[], Some(3)),
            st(5, pl(1, 4, 1), Rule::Assume, &[], Some(4)),
            st(6, el(1, 4, 1), Rule::Exclusion, &[0], Some(5)),
            st(7, Fact::Bottom, Rule::Clash, &[5, 6], Some(5)),
            st(8, el(2, 1, 1), Rule::Exclusion, &[0], None),
            st(9, el(1, 4, 1), Rule::Lemma, &[7, 8], None),
        ],
    );
    finish(&mut eight, 9, 10, None);
    let (four, eight) = (derived(four), derived(eight));
    let good = vec![derived(one), derived(two), derived(three), derived(five), six, derived(seven)];

    // Wrong variants: (certificate, step, what to change).
    let edit = |k: usize, i: usize, change: &dyn Fn(&mut Vec<Step>, usize)| {
        let mut p: Proof = good[k].clone();
        change(&mut p.steps, i);
        p
    };
    let bad = vec![
        // a hypothesis cited through its closed Assume (not usable here)
        edit(0, 8, &|s, i| s[i].premises = Premises::from(&[6, 4][..])),
        // two hypotheses left uncovered
        edit(0, 8, &|s, i| s[i].premises = Premises::from(&[6][..])),
        // one left uncovered, yet ⊥ concluded
        edit(0, 8, &|s, i| s[i].fact = Fact::Bottom),
        // the first premise is not ⊥
        edit(0, 8, &|s, i| s[i].premises = Premises::from(&[5, 7][..])),
        // a hypothesis cited twice
        edit(0, 8, &|s, i| s[i].premises = Premises::from(&[6, 7, 7][..])),
        // the ⊥ inside no closed subproof: the Lemma in the ⊥'s own open subproof
        edit(0, 7, &|s, i| s[i] = st(7, el(1, 4, 1), Rule::Lemma, &[6], Some(4))),
        // every hypothesis covered, yet a literal concluded
        edit(1, 7, &|s, i| s[i].fact = el(1, 4, 1)),
        // Negation of an assumed elimination concluding the elimination
        edit(2, 8, &|s, i| s[i].fact = el(1, 4, 4)),
        // an Assume of ⊥
        edit(2, 3, &|s, i| s[i].fact = Fact::Bottom),
        // the open subproof 3's hypothesis r2c3≠4 is not in the chain (the walk stops there)
        edit(3, 9, &|s, i| {
            s[i].premises = Premises::from(&[7, 8, 3][..]);
            s[i].fact = Fact::Bottom;
        }),
        // a Lemma to ⊥ at the root with its hypothesis uncovered
        edit(4, 5, &|s, i| s[i].premises = Premises::from(&[4][..])),
        // certificate 7 with one premise fewer: its chain of three is cut short at two
        edit(5, 10, &|s, i| s[i].premises = Premises::from(&[7, 8][..])),
        // beyond the bound: a chain of two, one premise (certificate 4)
        four,
        // beyond the bound: a chain of three, two premises (certificate 8)
        eight,
    ];
    (good, bad)
}

/// The wrong variants at the end of [`lemmas`] that the bound on the walk rejects (a Lemma's
/// chain at most as long as its premises): the id of each one's Lemma step, in order.
pub const BEYOND_BOUND: [u64; 3] = [10, 7, 9];

/// A deterministic LCG for picking sites.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, k: usize) -> usize {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % k.max(1) as u64) as usize
    }
}

fn bump(v: u8, side: u8) -> u8 {
    v % side + 1
}

fn bump_unit(u: Unit, side: u8) -> Unit {
    match u {
        Unit::Row(i) => Unit::Row(bump(i, side)),
        Unit::Col(i) => Unit::Col(bump(i, side)),
        Unit::Box(i) => Unit::Box(bump(i, side)),
    }
}

/// One corruption of the step at `i`, by `kind`; `None` if it does not apply there.
fn corrupt(proof: &Proof, i: usize, kind: usize) -> Option<Proof> {
    let side = proof.order * proof.order;
    let mut p = proof.clone();
    let earlier: Vec<u64> = proof.steps[..i].iter().map(|s| s.id).collect();
    let step = &mut p.steps[i];
    match kind {
        0 => match &mut step.fact {
            Fact::Place { d, .. } | Fact::Elim { d, .. } => *d = bump(*d, side),
            Fact::Bottom => return None,
        },
        1 => match &mut step.fact {
            Fact::Place { c, .. } | Fact::Elim { c, .. } => *c = bump(*c, side),
            Fact::Bottom => return None,
        },
        2 => {
            step.premises.pop()?;
        }
        3 => step.premises.push(*step.premises.first()?),
        4 => {
            let k = step.premises.len().checked_sub(1)?;
            step.premises[k] = *earlier.get(earlier.len().checked_sub(1 + k)?)?;
        }
        5 => step.scope = if step.scope.is_some() { None } else { Some(*earlier.last()?) },
        6 => {
            step.rule = match step.rule {
                Rule::HiddenSingle(u) => Rule::HiddenSingle(bump_unit(u, side)),
                Rule::NoPlace(u) => Rule::NoPlace(bump_unit(u, side)),
                Rule::NakedSingle => Rule::Exclusion,
                Rule::Exclusion => Rule::NakedSingle,
                Rule::Negation => Rule::Clash,
                Rule::Lemma => Rule::Negation,
                Rule::Clash => Rule::EmptyCell,
                Rule::Given | Rule::Assume | Rule::EmptyCell => Rule::Negation,
                Rule::LockedCandidates { from, to, digit } => {
                    Rule::LockedCandidates { from: to, to: from, digit }
                }
                Rule::NakedSubset { unit, cells, digits } => {
                    Rule::HiddenSubset { unit, cells, digits }
                }
                Rule::HiddenSubset { unit, cells, digits } => {
                    Rule::NakedSubset { unit, cells, digits }
                }
            }
        }
        7 => {
            p.steps.remove(i);
        }
        _ => {
            let prev = i.checked_sub(1)?;
            p.steps.swap(prev, i);
        }
    }
    Some(p)
}

/// The certificate's single-point corruptions at a few sites per kind, and a false claim.
pub fn corruptions(proof: &Proof, seed: u64) -> Vec<Proof> {
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    for kind in 0..9 {
        for _ in 0..2 {
            let i = rng.below(proof.steps.len());
            out.extend(proof.steps.get(i).and_then(|_| corrupt(proof, i, kind)));
        }
    }
    let mut false_claim = proof.clone();
    false_claim.claim = match &proof.claim {
        Claim::Contradiction => Claim::Consequences(proof.puzzle.clone()),
        _ => Claim::Contradiction,
    };
    out.push(false_claim);
    out
}

/// The certificates of `proofs/` and the engine's, each followed by its corruptions, and
/// how many originals there are; every original must be accepted.
pub fn corpus() -> (usize, Vec<Proof>) {
    let (lemmas, wrong) = lemmas();
    let (mut implied, mut implied_wrong) = implied::implied();
    let (lemma_good, lemma_bad) = implied::implied_lemmas();
    implied.extend(lemma_good);
    implied_wrong.extend(lemma_bad);
    let mut originals = shipped();
    originals.extend(engine());
    originals.extend(lemmas);
    originals.extend(implied.into_iter().map(|(_, p)| p));
    let mut all = Vec::new();
    for (k, proof) in originals.iter().enumerate() {
        assert!(deduku_check::check(proof, None).is_ok(), "original #{k} is rejected");
        all.push(proof.clone());
        all.extend(corruptions(proof, k as u64 + 1));
    }
    for (k, proof) in wrong.iter().enumerate() {
        let verdict = deduku_check::check(proof, None);
        assert!(verdict.is_err(), "wrong variant #{k} of the Lemma certificates is accepted");
        all.push(proof.clone());
    }
    for (name, proof) in implied_wrong {
        let verdict = deduku_check::check(&proof, None);
        assert!(verdict.is_err(), "wrong implied-elimination certificate {name} is accepted");
        all.push(proof);
    }
    (originals.len(), all)
}
