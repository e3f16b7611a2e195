//! The kernel's own tests: the step limit, on the general pass and on the leading givens.

use super::*;
use crate::format::Premises;

#[test]
fn the_first_step_over_the_limit_is_refused_naming_it() {
    let geo = Geometry::new(2).expect("order 2");
    let puzzle = GridValues::parse("1...............", &geo, GridField::Puzzle).expect("grid");
    let mut pass = Pass::new(geo, puzzle, 0);
    pass.max_steps = 3;
    let assume = |id| Step {
        id,
        fact: Fact::Place { r: 2, c: 2, d: 2 },
        rule: Rule::Assume,
        premises: Premises::new(),
        scope: None,
    };
    for id in 0..3 {
        assert_eq!(pass.check_step(&assume(id)), Ok(()));
    }
    let over = pass.check_step(&assume(3));
    assert_eq!(over, Err(CheckError::TooManySteps { step: 3, rule: Rule::Assume, limit: 3 }));
}

#[test]
fn the_leading_givens_stop_at_the_limit_and_leave_the_refusal_to_the_general_pass() {
    let geo = Geometry::new(2).expect("order 2");
    let puzzle = GridValues::parse("12.3............", &geo, GridField::Puzzle).expect("grid");
    let given = |id, c, d| Step {
        id,
        fact: Fact::Place { r: 1, c, d },
        rule: Rule::Given,
        premises: Premises::new(),
        scope: None,
    };
    let steps = [given(0, 1, 1), given(1, 2, 2), given(2, 4, 3)];
    let mut pass = Pass::new(geo, puzzle.clone(), 0);
    pass.max_steps = 2;
    assert_eq!(pass.leading_givens(&steps), 2);
    let over = pass.check_step(&steps[2]);
    assert_eq!(over, Err(CheckError::TooManySteps { step: 2, rule: Rule::Given, limit: 2 }));
    // Within the limit all three are taken, and a later call on the same pass takes none.
    let mut pass = Pass::new(geo, puzzle, 0);
    assert_eq!(pass.leading_givens(&steps), 3);
    assert_eq!(pass.leading_givens(&steps), 0);
    let verified = pass.finish(&Claim::Consequences("12.3............".to_string()));
    assert_eq!(verified.map(|v| (v.steps, v.premises)), Ok((3, 0)));
}
