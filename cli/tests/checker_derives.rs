//! The `Derives` claim through the standalone binary: `deduku-check PUZZLE PROOF` grades an
//! exercise exactly as the library does (the crafted cases in `tests/crafted/` cover the
//! kernel's every rejection of it).

use std::process::Command;

fn run(puzzle: &str, proof: &str) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("deduku-derives-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{}.ron", proof.len()));
    std::fs::write(&path, proof).expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_deduku-check"))
        .arg(puzzle)
        .arg(&path)
        .output()
        .expect("runs");
    let _ = std::fs::remove_file(&path);
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

const STEPS: &str = "steps: [
        (id: 1, fact: Place(r: 1, c: 2, d: 2), rule: Given),
        (id: 10, fact: Place(r: 2, c: 1, d: 2), rule: Assume),
        (id: 11, fact: Elim(r: 1, c: 2, d: 2), rule: Exclusion, premises: [10], scope: 10),
        (id: 12, fact: Bottom, rule: Clash, premises: [1, 11], scope: 10),
        (id: 13, fact: Elim(r: 2, c: 1, d: 2), rule: Negation, premises: [10, 12]),
    ]";

fn proof(claim: &str, steps: &str) -> String {
    format!(
        "Proof(format: \"deduku-proof\", version: 1, order: 2, puzzle: \"12..............\",
    claim: {claim}, {steps})"
    )
}

#[test]
fn the_binary_verifies_and_rejects_derives_claims() {
    let goal = "Derives([Elim(r: 2, c: 1, d: 2)])";
    assert_eq!(run("12..............", &proof(goal, STEPS)), (0, "VERIFIED Derives\n".into()));
    let (code, out) = run("12..............", &proof(goal, "steps: []"));
    assert_eq!(
        (code, out.as_str()),
        (1, "REJECTED claim (Derives): r2c1≠2 is not derived at the root scope\n")
    );
    let hypothetical = "Derives([Elim(r: 1, c: 2, d: 2)])";
    assert_eq!(run("12..............", &proof(hypothetical, STEPS)).0, 1);
    assert_eq!(run("12..............", &proof("Derives([])", STEPS)).0, 1);
}
