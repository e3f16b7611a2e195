//! A certificate translated with `--lemmas needed` and `--lemmas all`: each ends with the empty
//! clause and its LRAT replays in the test-only checker (hints in order); with the tools
//! installed, the four third-party checkers verify both.

use crate::lrat_check::{check_lrat, parse_dimacs};
use crate::tools;
use deduku::sat::{render_drat, render_lrat, translate_with, Cnf, Lemmas};
use deduku_check::format::Proof;
use std::path::Path;

/// Translates `proof` (named `name` in messages) both ways and replays each LRAT.
pub fn translates_in_both_modes(name: &str, proof: &Proof) {
    let cnf = Cnf::for_proof(proof).unwrap();
    let clauses = parse_dimacs(&String::from_utf8(cnf.render()).unwrap());
    for lemmas in [Lemmas::Needed, Lemmas::All] {
        let t = translate_with(proof, &cnf, lemmas).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(t.refutes, "{name} {lemmas:?}: no empty clause");
        let lrat = String::from_utf8(render_lrat(&t)).unwrap();
        let summary = check_lrat(&clauses, &lrat).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(summary.refuted, "{name} {lemmas:?}");
        assert!(!render_drat(&t).is_empty());
    }
}

/// Translates `proof` both ways into `dir` and has cake_lpr, lrat-check, drat-trim and rate
/// verify each translation.
pub fn four_checkers_verify(dir: &Path, name: &str, proof: &Proof) {
    let cnf = Cnf::for_proof(proof).unwrap();
    for lemmas in [Lemmas::Needed, Lemmas::All] {
        let t = translate_with(proof, &cnf, lemmas).unwrap();
        let base = dir.join(format!("{name}-{lemmas:?}"));
        let (c, d, l) =
            (base.with_extension("cnf"), base.with_extension("drat"), base.with_extension("lrat"));
        std::fs::write(&c, cnf.render()).unwrap();
        std::fs::write(&d, render_drat(&t)).unwrap();
        std::fs::write(&l, render_lrat(&t)).unwrap();
        assert!(tools::cake_lpr_verifies(&c, &l), "{name} {lemmas:?}: cake_lpr rejects");
        assert!(tools::lrat_check_verifies(&c, &l), "{name} {lemmas:?}: lrat-check rejects");
        assert!(tools::drat_trim_verifies(&c, &d), "{name} {lemmas:?}: drat-trim rejects");
        assert!(tools::rate_verifies(&c, &d), "{name} {lemmas:?}: rate rejects");
    }
}
