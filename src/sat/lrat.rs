//! LRAT output in the standard text format (cake_lpr, drat-trim's lrat-check):
//! `id lits 0 hints 0` per lemma, ids continuing after the CNF's clause count, and
//! `id d ids 0` deletion lines, `id` being the latest clause id.

use super::cnf::push_int;
use super::drat::push_ids;
use super::translate::{ProofLine, Translation};

/// The proof in text LRAT.
pub fn render_lrat(t: &Translation) -> Vec<u8> {
    let mut out = Vec::new();
    let mut latest = t.cnf_clauses;
    for l in &t.lines {
        match l {
            ProofLine::Add { id, lits, hints } => {
                latest = *id;
                push_int(&mut out, *id as i64);
                out.push(b' ');
                for &lit in lits {
                    push_int(&mut out, i64::from(lit));
                    out.push(b' ');
                }
                out.extend_from_slice(b"0 ");
                push_ids(&mut out, hints.iter().copied());
            }
            ProofLine::Delete(clauses) => {
                push_int(&mut out, latest as i64);
                out.extend_from_slice(b" d ");
                push_ids(&mut out, clauses.iter().map(|(id, _)| *id));
            }
        }
        out.push(b'\n');
    }
    out
}
