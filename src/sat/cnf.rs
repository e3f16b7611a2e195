//! The DIMACS CNF of a puzzle: the encoding clauses, the givens as unit clauses and,
//! for a Solution certificate, the solution's blocking clause.

use super::encoding::{DLit, Encoding};
use super::SatError;
use crate::grid::Grid;
use deduku_check::format::{Claim, Proof};
use std::io::{self, Write};

/// The clauses of one puzzle, numbered: encoding clauses `1..=E`, then one unit clause
/// per given (row-major), then the blocking clause if any.
#[derive(Clone, Debug)]
pub struct Cnf {
    enc: Encoding,
    puzzle: String,
    /// Per cell (row-major): the given's variable, or 0.
    given_vars: Vec<u32>,
    /// Per cell: the id of the given's unit clause, or 0.
    given_ids: Vec<u64>,
    givens: u64,
    /// The solution's variables, one per cell.
    blocking: Option<Vec<u32>>,
}

impl Cnf {
    /// The CNF of `puzzle` (no blocking clause).
    pub fn new(puzzle: &Grid) -> Cnf {
        let enc = Encoding::new(puzzle.order().n());
        let side = enc.side();
        let cells = side * side;
        let (mut given_vars, mut given_ids) = (vec![0; cells], vec![0; cells]);
        let mut next = enc.clause_count();
        for (cell, d) in puzzle.filled() {
            next += 1;
            given_vars[cell.index()] = enc.var(cell.row(), cell.col(), d.get() - 1);
            given_ids[cell.index()] = next;
        }
        let givens = next - enc.clause_count();
        let puzzle = puzzle.to_line();
        Cnf { enc, puzzle, given_vars, given_ids, givens, blocking: None }
    }

    /// Add the blocking clause `¬(the whole solution)`: with it the CNF is UNSAT iff the
    /// puzzle has no solution other than `solution`.
    pub fn with_blocking(mut self, solution: &Grid) -> Result<Cnf, SatError> {
        let side = self.enc.side();
        if solution.order().side() != side || !solution.is_complete() {
            return Err(SatError::BadSolution);
        }
        let vars = solution.filled().map(|(c, d)| self.enc.var(c.row(), c.col(), d.get() - 1));
        self.blocking = Some(vars.collect());
        Ok(self)
    }

    /// The CNF a certificate's DRAT proof refutes: the puzzle's, plus the blocking
    /// clause of the claimed solution for a Solution certificate.
    pub fn for_proof(proof: &Proof) -> Result<Cnf, SatError> {
        let puzzle = parse_grid(proof.order, &proof.puzzle)?;
        let cnf = Cnf::new(&puzzle);
        match &proof.claim {
            Claim::Solution(text) | Claim::Minimal { solution: text, .. } => {
                cnf.with_blocking(&parse_grid(proof.order, text)?)
            }
            _ => Ok(cnf),
        }
    }

    /// The encoding (variables and encoding clause ids).
    pub fn encoding(&self) -> &Encoding {
        &self.enc
    }

    /// The number of clauses; LRAT lemma ids continue after it.
    pub fn clause_count(&self) -> u64 {
        self.enc.clause_count() + self.givens + u64::from(self.blocking.is_some())
    }

    /// The given at cell index `cell`: its unit clause id and variable.
    pub fn given(&self, cell: usize) -> Option<(u64, u32)> {
        match self.given_ids.get(cell) {
            Some(&id) if id != 0 => Some((id, self.given_vars[cell])),
            _ => None,
        }
    }

    /// The solution's variables (one per cell, row-major), when a blocking clause is present.
    pub fn blocking(&self) -> Option<&[u32]> {
        self.blocking.as_deref()
    }

    /// The id of the blocking clause, when present.
    pub fn blocking_id(&self) -> Option<u64> {
        self.blocking.as_ref().map(|_| self.clause_count())
    }

    /// Render as DIMACS text, with a comment header documenting the numbering.
    pub fn render(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(&mut out).expect("writing to a Vec cannot fail");
        out
    }

    /// Write as DIMACS text to `w`.
    pub fn write(&self, w: &mut impl Write) -> io::Result<()> {
        self.write_header(w)?;
        let mut line = Vec::with_capacity(self.enc.side() * 8);
        for g in 0..self.enc.groups() {
            let members: Vec<DLit> =
                (0..self.enc.side()).map(|i| self.enc.member(g, i) as DLit).collect();
            write_clause(w, &mut line, members.iter().copied())?;
            for (i, &a) in members.iter().enumerate() {
                for &b in &members[i + 1..] {
                    write_clause(w, &mut line, [-a, -b].into_iter())?;
                }
            }
        }
        for &v in self.given_vars.iter().filter(|&&v| v != 0) {
            write_clause(w, &mut line, std::iter::once(v as DLit))?;
        }
        if let Some(vars) = &self.blocking {
            write_clause(w, &mut line, vars.iter().map(|&v| -(v as DLit)))?;
        }
        Ok(())
    }

    fn write_header(&self, w: &mut impl Write) -> io::Result<()> {
        let (side, e) = (self.enc.side(), self.enc.clause_count());
        writeln!(w, "c deduku: Sudoku {side}x{side}, \"exactly one\" encoding (docs/sat.md)")?;
        self.write_puzzle(w)?;
        writeln!(w, "c variable v(r,c,d) = ((r-1)*{side} + (c-1))*{side} + d, 1-based: rRcC=d")?;
        writeln!(
            w,
            "c clauses 1..{e}: {} groups (cells, then rows, columns, boxes per digit),",
            4 * side * side
        )?;
        writeln!(w, "c   each an at-least-one clause then its pairwise at-most-one clauses")?;
        writeln!(
            w,
            "c clauses {}..{}: the givens, unit clauses in row-major order",
            e + 1,
            e + self.givens
        )?;
        if let Some(id) = self.blocking_id() {
            writeln!(w, "c clause {id}: blocking clause, the negation of the claimed solution")?;
        }
        writeln!(w, "p cnf {} {}", self.enc.vars(), self.clause_count())
    }
}

/// The longest comment line written: checkers such as lrat-check stop at 1,024 characters.
pub const MAX_COMMENT: usize = 1000;

impl Cnf {
    /// The puzzle as a comment: one line when it fits in [`MAX_COMMENT`] characters, else one
    /// line per grid row (a 64x64 row of integers is under 200 characters).
    fn write_puzzle(&self, w: &mut impl Write) -> io::Result<()> {
        let line = format!("c puzzle {}", self.puzzle);
        if line.len() <= MAX_COMMENT {
            return writeln!(w, "{line}");
        }
        let cells: Vec<&str> = if self.puzzle.contains(' ') {
            self.puzzle.split_whitespace().collect()
        } else {
            self.puzzle.char_indices().map(|(i, c)| &self.puzzle[i..i + c.len_utf8()]).collect()
        };
        let side = self.enc.side().max(1);
        writeln!(w, "c puzzle, row by row ({side} rows of {side} cells, 0 blank):")?;
        for (r, row) in cells.chunks(side).enumerate() {
            writeln!(w, "c   row {}: {}", r + 1, row.join(" "))?;
        }
        Ok(())
    }
}

/// Write one clause: its literals then `0`.
pub(crate) fn write_clause(
    w: &mut impl Write,
    line: &mut Vec<u8>,
    lits: impl Iterator<Item = DLit>,
) -> io::Result<()> {
    line.clear();
    for l in lits {
        push_int(line, i64::from(l));
        line.push(b' ');
    }
    line.extend_from_slice(b"0\n");
    w.write_all(line)
}

/// Append the decimal form of `x` (faster than `write!` on multi-million-clause files).
pub(crate) fn push_int(out: &mut Vec<u8>, x: i64) {
    if x < 0 {
        out.push(b'-');
    }
    let mut digits = [0u8; 20];
    let (mut v, mut k) = (x.unsigned_abs(), 0);
    loop {
        digits[k] = b'0' + (v % 10) as u8;
        v /= 10;
        k += 1;
        if v == 0 {
            break;
        }
    }
    out.extend(digits[..k].iter().rev());
}

fn parse_grid(order: u8, text: &str) -> Result<Grid, SatError> {
    Grid::from_certificate(order, text).map_err(|e| SatError::Grid(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clauses(text: &str) -> Vec<Vec<DLit>> {
        text.lines()
            .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
            .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect::<Vec<DLit>>())
            .map(|mut c| {
                assert_eq!(c.pop(), Some(0));
                c
            })
            .collect()
    }

    #[test]
    fn clause_ids_match_the_rendered_order() {
        let puzzle = parse_grid(2, "1.3..4.2.1....2.").unwrap();
        let solution = parse_grid(2, "1234341221434321").unwrap();
        let cnf = Cnf::new(&puzzle).with_blocking(&solution).unwrap();
        let text = String::from_utf8(cnf.render()).unwrap();
        let all = clauses(&text);
        assert!(text.contains(&format!("p cnf 64 {}\n", all.len())));
        assert_eq!(all.len() as u64, cnf.clause_count());
        let e = cnf.encoding();
        for g in 0..e.groups() {
            let members: Vec<DLit> = (0..4).map(|i| e.member(g, i) as DLit).collect();
            assert_eq!(all[e.alo_id(g) as usize - 1], members);
            assert_eq!(all[e.amo_id(g, 3, 1) as usize - 1], vec![-members[1], -members[3]]);
        }
        let (id, var) = cnf.given(5).unwrap(); // r2c2 = 4
        assert_eq!((all[id as usize - 1].clone(), var), (vec![var as DLit], e.var(1, 1, 3)));
        assert_eq!(cnf.given(1), None);
        let blocking = &all[cnf.blocking_id().unwrap() as usize - 1];
        assert_eq!(blocking.len(), 16);
        assert!(blocking.contains(&-(e.var(3, 3, 0) as DLit)));
    }

    #[test]
    fn no_comment_line_of_a_64x64_cnf_reaches_1024_characters() {
        let order = crate::grid::Order::new(8).unwrap();
        let values: Vec<u8> =
            (0..4096).map(|i| if i % 3 == 0 { 64 - (i % 64) as u8 } else { 0 }).collect();
        let cnf = Cnf::new(&Grid::from_values(order, values.clone()).unwrap());
        let mut header = Vec::new();
        cnf.write_header(&mut header).unwrap();
        let text = String::from_utf8(header).unwrap();
        assert!(text.lines().all(|l| l.len() < 1024), "{text}");
        let rows = text.lines().filter_map(|l| l.strip_prefix("c   row ")?.split_once(": "));
        let read: Vec<u8> =
            rows.flat_map(|(_, r)| r.split(' ')).map(|t| t.parse().unwrap()).collect();
        assert_eq!(read, values, "the rows spell the puzzle");
        assert!(text.contains("c   row 64: "), "{text}");
    }

    #[test]
    fn a_claim_of_another_order_is_refused() {
        let wrong = Grid::empty(crate::grid::Order::new(3).unwrap());
        assert!(Cnf::new(&parse_grid(2, "1.3..4.2.1....2.").unwrap())
            .with_blocking(&wrong)
            .is_err());
    }
}
