//! A long valid certificate on a 4x4 grid, built in memory: the givens, then a repeated block
//! of 12 steps using every rule but the ⊥-set rules, with a subproof per block. Shared by the
//! scale test (`tests/hostile.rs`) and `examples/long_certificate.rs`.

use deduku_check::format::{Claim, Fact, Proof, Rule, Step, Unit, FORMAT, VERSION};

/// The 4x4 puzzle: r4c4 blank.
pub const PUZZLE: &str = "123434122143432.";
/// Its solution.
const SOLUTION: &str = "1234341221434321";
/// Steps per repeated block (see `block`).
const BLOCK: u64 = 12;

/// The 15 givens, then blocks of `BLOCK` steps until at least `target` steps.
pub fn build(target: u64) -> Proof {
    let mut steps = Vec::with_capacity(usize::try_from(target + BLOCK + 15).unwrap_or(0));
    for (i, ch) in PUZZLE.chars().enumerate().filter(|(_, ch)| *ch != '.') {
        let (r, c, d) = ((i / 4 + 1) as u8, (i % 4 + 1) as u8, ch.to_digit(10).unwrap_or(0) as u8);
        let id = steps.len() as u64;
        steps.push(Step {
            id,
            fact: Fact::Place { r, c, d },
            rule: Rule::Given,
            premises: Default::default(),
            scope: None,
        });
    }
    while (steps.len() as u64) < target {
        block(&mut steps);
    }
    let (format, version, puzzle) = (FORMAT.to_string(), VERSION, PUZZLE.to_string());
    Proof { format, version, order: 2, puzzle, claim: Claim::Solution(SOLUTION.to_string()), steps }
}

/// r4c4=1 twice over (naked single, then hidden single in row 4), and r4c4≠2 by refuting
/// an assumption: every rule but the ⊥-set rules, with a subproof per block.
fn block(steps: &mut Vec<Step>) {
    let base = steps.len() as u64;
    let (g41, g42, g43) = (12, 13, 14); // r4c1=4, r4c2=3, r4c3=2
    let el = |r, c, d| Fact::Elim { r, c, d };
    let mut push = |fact, rule, premises: Vec<u64>, scope| {
        let id = steps.len() as u64;
        steps.push(Step { id, fact, rule, premises: premises.into(), scope });
    };
    push(el(4, 4, 4), Rule::Exclusion, vec![g41], None);
    push(el(4, 4, 3), Rule::Exclusion, vec![g42], None);
    push(el(4, 4, 2), Rule::Exclusion, vec![g43], None);
    push(Fact::Place { r: 4, c: 4, d: 1 }, Rule::NakedSingle, vec![base, base + 1, base + 2], None);
    let assume = base + 4;
    push(Fact::Place { r: 4, c: 4, d: 2 }, Rule::Assume, vec![], None);
    push(el(4, 3, 2), Rule::Exclusion, vec![assume], Some(assume));
    push(Fact::Bottom, Rule::Clash, vec![g43, assume + 1], Some(assume));
    push(el(4, 4, 2), Rule::Negation, vec![assume, assume + 2], None);
    push(el(4, 1, 1), Rule::Exclusion, vec![g41], None);
    push(el(4, 2, 1), Rule::Exclusion, vec![g42], None);
    push(el(4, 3, 1), Rule::Exclusion, vec![g43], None);
    let h = base + 8;
    push(
        Fact::Place { r: 4, c: 4, d: 1 },
        Rule::HiddenSingle(Unit::Row(4)),
        vec![h, h + 1, h + 2],
        None,
    );
}
