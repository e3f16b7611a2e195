//! Commutation claims: confluence of every schedule, composition counterexamples for NS vs
//! HS with certificates the checker accepts, and the new pattern rules' certificates.

mod common;

use common::{load, random_grid};
use deduku::commute::{
    compose_difference, composed, confluence, shrink, states_along, RuleKind, Run, Schedule,
};
use deduku::grid::{Grid, Order};
use deduku::rules::RuleSet;
use deduku::solve::{solve, SolveOptions, Verdict};
use proptest::prelude::*;

/// Check a certificate against the givens it is about.
fn verified(proof: &deduku_check::format::Proof, givens: &Grid) -> bool {
    deduku_check::check(proof, Some(&givens.to_line())).is_ok()
}

#[test]
fn every_subset_of_the_rules_is_confluent_on_easy_puzzles() {
    let puzzles = load("9x9/pe96_easy50.txt");
    for bits in 1..=0x7fu8 {
        let rules = RuleSet::from_bits(bits);
        let kinds = RuleKind::of(rules);
        let schedules = Schedule::family(&kinds, 3, u64::from(bits));
        for p in puzzles.iter().take(1) {
            for g in states_along(&p.grid, 2, 5) {
                let r = confluence(&g, &kinds, &schedules);
                assert_eq!(r.distinct, 1, "rules {rules} on {}", g.to_line());
                assert!(r.counterexample.is_none());
            }
        }
    }
}

#[test]
fn parallel_rounds_never_exceed_sequential_steps_and_fixpoints_certify() {
    let p = &load("9x9/pe96_easy50.txt")[3];
    let kinds = RuleKind::of(RuleSet::SINGLES);
    let mut seq = Run::start(&p.grid);
    seq.saturate(&kinds, &Schedule::Priority(kinds.clone()));
    let mut par = Run::start(&p.grid);
    par.saturate(&kinds, &Schedule::Parallel);
    assert_eq!(seq.fixpoint(), par.fixpoint());
    assert!(par.rounds < seq.rounds, "parallel {} vs sequential {}", par.rounds, seq.rounds);
    assert_eq!(seq.rounds, seq.steps, "a priority schedule fires one instance per round");
    assert!(verified(&par.certificate(&[]), &p.grid));
    assert_eq!(par.state.unsolved(), 0, "easy puzzles fall to singles");
}

#[test]
fn ns_and_hs_one_pass_operators_do_not_commute_and_the_shrunk_witness_checks() {
    let puzzles = load("9x9/pe96_easy50.txt");
    let states: Vec<Grid> = puzzles.iter().flat_map(|p| states_along(&p.grid, 5, 1)).collect();
    let (ns, hs) = (RuleSet::NS, RuleSet::HS);
    let first = states
        .iter()
        .find(|g| compose_difference(g, ns, hs).is_some())
        .expect("a state where Cn_NS∘Cn_HS differs from Cn_HS∘Cn_NS");
    let small = shrink(first, |g| compose_difference(g, ns, hs).is_some());
    assert!(small.filled_count() < first.filled_count());
    let cx = compose_difference(&small, ns, hs).expect("the shrunk state still differs");
    for proof in &cx.proofs {
        assert!(verified(proof, &small), "{:?}", deduku_check::check(proof, None));
    }
    // 1-minimal: no single given can be dropped.
    for (cell, _) in small.filled() {
        let mut fewer = small.clone();
        fewer.set(cell, None);
        assert!(compose_difference(&fewer, ns, hs).is_none(), "{cell} was removable");
    }
    // Either composition, closed under NS and HS together, reaches the one joint fixpoint.
    let kinds = RuleKind::of(RuleSet::SINGLES);
    let mut joint = Run::start(&small);
    joint.saturate(&kinds, &Schedule::Parallel);
    for (a, b) in [(ns, hs), (hs, ns)] {
        let mut then_joint = composed(&small, a, b);
        then_joint.saturate(&kinds, &Schedule::Priority(kinds.clone()));
        assert_eq!(then_joint.fixpoint(), joint.fixpoint());
    }
    assert_ne!(composed(&small, hs, ns).fixpoint(), composed(&small, ns, hs).fixpoint());
}

#[test]
fn pattern_rule_certificates_check_on_hard_puzzles() {
    let puzzles = load("9x9/top95.txt");
    let opts = SolveOptions {
        rules: Some(RuleSet::EVERY),
        max_depth: Some(0),
        oracle: false,
        ..SolveOptions::default()
    };
    let mut used = 0;
    for p in puzzles.iter().take(8) {
        let out = solve(&p.grid, &opts);
        assert!(verified(&out.proof, &p.grid), "line {}", p.line);
        used += out.proof.steps.iter().filter(|s| pattern_rule(s.rule)).count();
        let plain = solve(&p.grid, &SolveOptions { rules: Some(RuleSet::SINGLES), ..opts });
        let (Verdict::Stuck(a) | Verdict::Solution(a)) = &out.verdict else { continue };
        let (Verdict::Stuck(b) | Verdict::Solution(b)) = &plain.verdict else { continue };
        assert!(a.filled_count() >= b.filled_count(), "more rules never place less");
    }
    assert!(used > 0, "the pattern rules fired somewhere");
}

fn pattern_rule(rule: deduku_check::format::Rule) -> bool {
    use deduku_check::format::Rule;
    matches!(
        rule,
        Rule::LockedCandidates { .. } | Rule::NakedSubset { .. } | Rule::HiddenSubset { .. }
    )
}

/// A random partial state of `order`: a random valid grid with each cell kept with
/// probability `keep`/16, plus a few random (possibly conflicting) extra digits.
fn partial(order: Order, seed: u64, keep: u64, noise: usize) -> Grid {
    let mut rng = deduku::commute::Rng::new(seed);
    let full = random_grid(order, |k| rng.below(k));
    let mut g = full.clone();
    let side = order.side();
    for (cell, _) in full.filled() {
        if rng.next_u64() % 16 >= keep {
            g.set(cell, None);
        }
    }
    for _ in 0..noise {
        let cell = deduku::grid::Cell::from_index(rng.below(order.cells()), side);
        g.set(cell, Some(deduku::grid::Digit::new(1 + rng.below(side))));
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every fair schedule of any subset of the monotone rules reaches one fixpoint,
    /// consistent or contradictory, on orders 2 to 4.
    #[test]
    fn every_fair_schedule_reaches_the_same_fixpoint(
        n in 2usize..=4,
        seed in any::<u64>(),
        keep in 2u64..10,
        noise in 0usize..3,
        bits in 1u8..=0x7f,
    ) {
        let order = Order::new(n).expect("order in range");
        // Subsets and locked candidates scan the whole grid each step: keep 16x16 to singles+LC.
        let bits = if n == 4 { bits & 0b111 | 1 } else { bits };
        let g = partial(order, seed, keep, noise);
        let kinds = RuleKind::of(RuleSet::from_bits(bits));
        let schedules = Schedule::family(&kinds, 5, seed);
        let r = confluence(&g, &kinds, &schedules);
        prop_assert_eq!(r.distinct, 1, "rules {:?} on {}", kinds, g.to_line());
    }
}
