//! The examples in docs/proof-format.md are real: each one parses and verifies.

use deduku_check::format::Proof;
use deduku_check::{check, parse_ron, ClaimKind};

/// The bodies of the fenced code blocks of the given language in the format document.
fn blocks(lang: &str) -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/proof-format.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let fence = format!("```{lang}");
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match current.as_mut() {
            None if line.trim() == fence => current = Some(String::new()),
            None => {}
            Some(body) if line.trim() == "```" => {
                out.push(std::mem::take(body));
                current = None;
            }
            Some(body) => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    out
}

#[test]
fn every_complete_ron_example_verifies() {
    let proofs: Vec<_> = blocks("ron").into_iter().filter(|b| b.contains("steps: [\n")).collect();
    assert_eq!(proofs.len(), 3, "the document has three complete RON examples");
    let claims: Vec<_> = proofs
        .iter()
        .map(|b| {
            let proof = parse_ron(b).unwrap_or_else(|e| panic!("{e}\n{b}"));
            check(&proof, Some(&proof.puzzle)).map_or_else(|e| panic!("{e}"), |v| v.claim)
        })
        .collect();
    assert_eq!(claims, [ClaimKind::Solution, ClaimKind::Consequences, ClaimKind::Derives]);
}

#[test]
fn the_json_example_reads_into_the_same_types_and_verifies() {
    let json = blocks("json");
    assert_eq!(json.len(), 1);
    let proof: Proof = serde_json::from_str(&json[0]).expect("the JSON example parses");
    assert_eq!(check(&proof, None).map(|v| v.claim), Ok(ClaimKind::Consequences));
    let back: Proof = serde_json::from_str(&serde_json::to_string(&proof).expect("serializes"))
        .expect("round trip");
    assert_eq!(back, proof);
}

#[test]
fn the_minimal_claim_example_is_the_crafted_certificate_that_verifies() {
    let block = blocks("ron").into_iter().find(|b| b.contains("claim: Minimal(")).expect("example");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/crafted/valid-minimal-order2.ron");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for line in
        block.lines().map(str::trim).filter(|l| l.starts_with("(r:") || l.starts_with("solution:"))
    {
        assert!(text.contains(line), "the crafted certificate lacks {line}");
    }
    let proof = parse_ron(&text).expect("parses");
    assert_eq!(check(&proof, Some(&proof.puzzle)).map(|v| v.claim), Ok(ClaimKind::Minimal));
}
