//! DRAT output: each lemma as a clause, deletions as `d` lines; text or binary.

use super::cnf::{push_int, write_clause};
use super::translate::{ProofLine, Translation};

/// The proof in text DRAT: `lits 0` per lemma, `d lits 0` per deleted lemma.
pub fn render_drat(t: &Translation) -> Vec<u8> {
    let mut out = Vec::new();
    let mut line = Vec::new();
    for l in &t.lines {
        match l {
            ProofLine::Add { lits, .. } => {
                write_clause(&mut out, &mut line, lits.iter().copied()).expect("Vec write");
            }
            ProofLine::Delete(clauses) => {
                for (_, lits) in clauses {
                    out.extend_from_slice(b"d ");
                    write_clause(&mut out, &mut line, lits.iter().copied()).expect("Vec write");
                }
            }
        }
    }
    out
}

/// The proof in binary DRAT: `a`/`d`, then each literal `2·|l| + (l < 0)` as a
/// little-endian base-128 varint, then a zero byte.
pub fn render_drat_binary(t: &Translation) -> Vec<u8> {
    let mut out = Vec::new();
    for l in &t.lines {
        match l {
            ProofLine::Add { lits, .. } => clause(b'a', lits, &mut out),
            ProofLine::Delete(clauses) => {
                for (_, lits) in clauses {
                    clause(b'd', lits, &mut out);
                }
            }
        }
    }
    out
}

/// One binary DRAT clause: the tag byte, varint literals, a zero byte.
fn clause(tag: u8, lits: &[i32], out: &mut Vec<u8>) {
    out.push(tag);
    for &l in lits {
        let mut x = 2 * l.unsigned_abs() + u32::from(l < 0);
        while x >= 0x80 {
            out.push((x & 0x7f) as u8 | 0x80);
            x >>= 7;
        }
        out.push(x as u8);
    }
    out.push(0);
}

/// Append `ids` as space-separated integers followed by `0`.
pub(crate) fn push_ids(out: &mut Vec<u8>, ids: impl Iterator<Item = u64>) {
    for id in ids {
        push_int(out, id as i64);
        out.push(b' ');
    }
    out.push(b'0');
}
