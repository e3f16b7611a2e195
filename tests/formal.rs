//! The Coq development in `formal/`: no proof is left unfinished and no axiom is added (a
//! scan of every `.v` file, which needs no Coq), every file is built, the documentation names
//! every checked theorem; with coqc, it compiles with every main theorem free of axioms, and
//! the checker extracted from it gives deduku-check's verdict on hundreds of certificates.

mod common;
#[path = "formal/mutants.rs"]
mod mutants;
#[path = "formal/render.rs"]
mod render;

use deduku_check::format::Proof;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

/// The two tests that build `formal/` must not run `make` there at the same time.
static BUILD: Mutex<()> = Mutex::new(());

/// Runs one of the build scripts of `formal/`, one at a time.
fn run_script(name: &str) -> Output {
    let _guard = BUILD.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    Command::new("bash").arg(formal_dir().join(name)).output().expect("bash runs the script")
}

/// Words that leave a proof unfinished or add an assumption to the global context.
const FORBIDDEN: &[&str] = &[
    "Admitted",
    "admit",
    "Admit",
    "give_up",
    "Axiom",
    "Axioms",
    "Parameter",
    "Parameters",
    "Hypothesis",
    "Hypotheses",
    "Variable",
    "Variables",
    "Conjecture",
    "bypass_check",
];

/// Flags that switch off a kernel check (`Unset Guard Checking` and friends).
const UNCHECKED: &[&str] = &["Guard", "Positivity", "Universe"];

fn formal_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("formal")
}

/// Every `.v` file of `formal/`, sorted.
fn coq_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(formal_dir())
        .expect("formal/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "v"))
        .collect();
    files.sort();
    files
}

/// The identifiers of Coq source outside comments and strings, with their line numbers.
fn tokens(source: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = source.chars().collect();
    let (mut out, mut depth, mut in_string, mut line, mut i) = (Vec::new(), 0usize, false, 1, 0);
    let mut word = String::new();
    while i < chars.len() {
        let (c, next) = (chars[i], chars.get(i + 1).copied());
        let code = depth == 0 && !in_string;
        if code && (c.is_alphanumeric() || c == '_' || (c == '\'' && !word.is_empty())) {
            word.push(c);
        } else if !word.is_empty() {
            out.push((line, std::mem::take(&mut word)));
        }
        if c == '\n' {
            line += 1;
        }
        match (c, next) {
            ('(', Some('*')) if !in_string => (depth, i) = (depth + 1, i + 1),
            ('*', Some(')')) if !in_string && depth > 0 => (depth, i) = (depth - 1, i + 1),
            ('"', _) if depth == 0 => in_string = !in_string,
            _ => {}
        }
        i += 1;
    }
    if !word.is_empty() {
        out.push((line, word));
    }
    out
}

/// The forbidden words and unchecked flags in a source, as `line: word`.
fn violations(source: &str) -> Vec<String> {
    let toks = tokens(source);
    let mut found = Vec::new();
    for (k, (line, word)) in toks.iter().enumerate() {
        let unset = word == "Unset" || word == "Set";
        let flag = toks.get(k + 1).filter(|(_, w)| unset && UNCHECKED.contains(&w.as_str()));
        if FORBIDDEN.contains(&word.as_str()) {
            found.push(format!("{line}: {word}"));
        } else if let Some((_, w)) = flag {
            found.push(format!("{line}: {word} {w}"));
        }
    }
    found
}

#[test]
fn no_proof_is_admitted_and_no_axiom_is_added() {
    let files = coq_files();
    assert!(files.len() >= 8, "expected the Coq development in formal/, found {files:?}");
    let mut bad = Vec::new();
    for file in &files {
        let source = fs::read_to_string(file).expect("readable .v file");
        for v in violations(&source) {
            bad.push(format!("{}:{v}", file.display()));
        }
    }
    assert!(bad.is_empty(), "unfinished proofs or added axioms:\n{}", bad.join("\n"));
}

#[test]
fn the_scan_catches_each_forbidden_word_outside_comments() {
    for word in FORBIDDEN {
        let proof = format!("Lemma x : True.\nProof.\n  {word}.\nQed.\n");
        assert_eq!(violations(&proof), vec![format!("3: {word}")], "{word}");
        let commented =
            format!("(* {word} (* nested *) {word} *) Lemma x : True. Proof. exact I. Qed.");
        assert!(violations(&commented).is_empty(), "{word} inside a comment");
        let quoted = format!("Definition s := \"{word}\".");
        assert!(violations(&quoted).is_empty(), "{word} inside a string");
        let longer = format!("Lemma {word}_free : True. Proof. exact I. Qed.");
        assert!(violations(&longer).is_empty(), "{word} as part of a name");
    }
    for flag in UNCHECKED {
        let source = format!("Unset {flag} Checking.\nFixpoint f (n : nat) : nat := f n.");
        assert_eq!(violations(&source), vec![format!("1: Unset {flag}")]);
    }
}

#[test]
fn every_coq_file_is_built_and_every_built_file_exists() {
    let project = fs::read_to_string(formal_dir().join("_CoqProject")).expect("_CoqProject");
    let listed: Vec<&str> = project.lines().filter(|l| l.trim().ends_with(".v")).collect();
    for file in coq_files() {
        let name = file.file_name().and_then(|n| n.to_str()).expect("utf-8 name");
        // check.sh compiles Assumptions.v after the build, to read its output; extract.sh
        // compiles Extract.v.
        if name != "Assumptions.v" && name != "Extract.v" {
            assert!(listed.contains(&name), "{name} is not in formal/_CoqProject");
        }
    }
    for name in listed {
        assert!(formal_dir().join(name.trim()).is_file(), "_CoqProject lists missing {name}");
    }
}

#[test]
fn the_documentation_names_every_checked_theorem() {
    let checked = fs::read_to_string(formal_dir().join("Assumptions.v")).expect("Assumptions.v");
    let doc = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/formal.md"))
        .expect("docs/formal.md");
    let names: Vec<&str> = checked
        .lines()
        .filter_map(|l| l.strip_prefix("Print Assumptions "))
        .map(|l| l.trim_end_matches('.'))
        .collect();
    assert!(names.len() >= 30, "Assumptions.v checks only {} theorems", names.len());
    for name in names {
        assert!(doc.contains(&format!("`{name}`")), "docs/formal.md does not name `{name}`");
    }
    let links = line_links(&doc);
    assert!(links.len() >= 100, "only {} line links in docs/formal.md", links.len());
    for (name, file, line) in links {
        let source = fs::read_to_string(formal_dir().join(&file)).expect("linked .v file");
        let declared = source.lines().position(|l| declares(l, &name)).map(|i| i + 1);
        assert_eq!(declared, Some(line), "docs/formal.md links `{name}` to {file}:{line}");
    }
}

/// The links `[`name`](../formal/File.v#L12)` of a page: name, file, line.
fn line_links(doc: &str) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (start, _) in doc.match_indices("`](../formal/") {
        let name = doc[..start].rsplit("[`").next().unwrap_or("").to_string();
        let rest = &doc[start + "`](../formal/".len()..];
        let Some((target, _)) = rest.split_once(')') else { continue };
        if let Some((file, line)) = target.split_once("#L") {
            let line = line.parse().expect("a line number after #L");
            out.push((name, file.to_string(), line));
        }
    }
    out
}

/// Whether a line of Coq declares `name`.
fn declares(line: &str, name: &str) -> bool {
    let mut words = line.split_whitespace();
    let keyword = words.next().unwrap_or("");
    let declared = words.next().unwrap_or("");
    let kinds = ["Definition", "Lemma", "Theorem", "Corollary", "Inductive", "Record", "Fixpoint"];
    kinds.contains(&keyword) && declared == name
}

#[test]
fn the_lemma_certificates_beyond_the_bound_are_cut_by_the_walk() {
    let (good, bad) = mutants::lemmas();
    for proof in &good {
        assert_eq!(deduku_check::check(proof, None).map(|_| ()), Ok(()));
    }
    let cut = &bad[bad.len() - mutants::BEYOND_BOUND.len()..];
    for (proof, &lemma) in cut.iter().zip(&mutants::BEYOND_BOUND) {
        let step = proof.steps.iter().find(|s| s.id == lemma).expect("the Lemma step");
        assert_eq!(step.rule, deduku_check::format::Rule::Lemma);
        let verdict = deduku_check::check(proof, None);
        assert!(
            matches!(verdict, Err(deduku_check::CheckError::LemmaBottom { step, .. }) if step == lemma),
            "{verdict:?}"
        );
    }
}

#[test]
#[ignore = "needs coqc: apt-get install coq"]
fn the_coq_development_compiles_without_axioms() {
    let out = run_script("check.sh");
    let text =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "formal/check.sh failed:\n{text}");
    assert!(text.contains("theorems checked, no axioms"), "{text}");
}

/// The rule's name without its data.
fn rule_name(rule: deduku_check::format::Rule) -> String {
    let debug = format!("{rule:?}");
    debug.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("").to_string()
}

const EVERY_RULE: &[&str] = &[
    "Given",
    "Exclusion",
    "NakedSingle",
    "HiddenSingle",
    "EmptyCell",
    "NoPlace",
    "Clash",
    "Assume",
    "Negation",
    "Lemma",
    "LockedCandidates",
    "NakedSubset",
    "HiddenSubset",
];

/// The forms of Assume, Negation and Lemma a step is an instance of, beyond its rule.
fn forms(step: &deduku_check::format::Step) -> Option<&'static str> {
    use deduku_check::format::{Fact, Rule};
    match (step.rule, step.fact) {
        (Rule::Assume, Fact::Elim { .. }) => Some("Assume of an elimination"),
        (Rule::Negation, Fact::Place { .. }) => Some("Negation concluding a placement"),
        (Rule::Lemma, Fact::Bottom) => Some("Lemma concluding ⊥"),
        (Rule::Lemma, _) => Some("Lemma concluding a literal"),
        _ => None,
    }
}

const EVERY_FORM: &[&str] = &[
    "Assume of an elimination",
    "Negation concluding a placement",
    "Lemma concluding ⊥",
    "Lemma concluding a literal",
];

/// What the two checkers said on a batch of certificates.
#[derive(Default)]
struct Tally {
    compared: usize,
    accepted: usize,
    rejected: usize,
    rules: BTreeSet<String>,
    disagree: Vec<String>,
}

/// Runs both checkers on every certificate the extracted checker's driver can read.
fn compare(binary: &Path, all: &[Proof]) -> Tally {
    let (mut batch, mut read) = (String::new(), Vec::new());
    for proof in all {
        if let Some(text) = render::render(proof) {
            batch.push_str(&text);
            read.push(proof);
        }
    }
    let coq = render::coq_verdicts(binary, &batch);
    assert_eq!(coq.len(), read.len(), "one verdict per certificate");
    let mut tally = Tally { compared: read.len(), ..Tally::default() };
    for (k, (proof, &verified)) in read.iter().zip(&coq).enumerate() {
        let rust = deduku_check::check(proof, None);
        if rust.is_ok() != verified {
            tally.disagree.push(format!("certificate #{k}: deduku-check {rust:?}, Coq {verified}"));
        }
        if verified {
            tally.accepted += 1;
            tally.rules.extend(proof.steps.iter().map(|s| rule_name(s.rule)));
            tally.rules.extend(proof.steps.iter().filter_map(forms).map(str::to_string));
        } else {
            tally.rejected += 1;
        }
    }
    tally
}

#[test]
#[ignore = "needs coqc and ocamlopt: apt-get install coq"]
fn the_extracted_coq_checker_agrees_with_deduku_check() {
    let built = run_script("extract.sh");
    assert!(built.status.success(), "formal/extract.sh failed: {built:?}");
    let (originals, all) = mutants::corpus();
    let t = compare(&formal_dir().join("ocaml/deduku-check-coq"), &all);
    println!(
        "{} certificates ({originals} originals): {} compared, {} accepted and {} rejected by \
         both checkers, {} outside the model (header or grid strings)",
        all.len(),
        t.compared,
        t.accepted,
        t.rejected,
        all.len() - t.compared
    );
    assert!(t.disagree.is_empty(), "the checkers disagree:\n{}", t.disagree.join("\n"));
    assert!(t.accepted >= originals && t.rejected >= 200, "{} / {}", t.accepted, t.rejected);
    let every = EVERY_RULE.iter().chain(EVERY_FORM);
    let missing: Vec<_> = every.filter(|r| !t.rules.contains(**r)).collect();
    assert!(missing.is_empty(), "no accepted certificate uses {missing:?}");
}
