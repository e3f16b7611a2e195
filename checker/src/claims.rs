//! Claims, checked after the pass against what the pass derived at the root scope.
//!
//! The givens count as derived (they are the axioms: a `Given` step only restates one, so an
//! already solved grid needs no step at all). Beyond them, only root-scope facts count: an Assume and everything inside a subproof hold under a
//! hypothesis. A claimed solution must also be a *valid* grid agreeing with the givens — with no
//! solution at all, sound rules could "derive" any grid vacuously.

use crate::error::CheckError;
use crate::format::{Claim, Fact};
use crate::geometry::Geometry;
use crate::grid::{digit_bit, GridField, GridValues};
use crate::minimal;
use crate::notation::CellRef;
use crate::ClaimKind;

/// What the pass derived at the root scope: placed and eliminated digits per cell, and
/// whether ⊥.
pub(crate) struct RootFacts {
    /// Per cell, the digits placed; then per cell, the digits eliminated (one allocation,
    /// not two: this is made for every certificate, most of them small).
    digits: Vec<u64>,
    cells: usize,
    bottom: bool,
}

impl RootFacts {
    /// No facts yet, for a grid of this geometry.
    pub(crate) fn new(geo: &Geometry) -> Self {
        let cells = geo.cell_count();
        RootFacts { digits: vec![0; 2 * cells], cells, bottom: false }
    }

    /// Records a fact derived at the root scope.
    pub(crate) fn record(&mut self, geo: &Geometry, fact: Fact) {
        let (r, c, d, half) = match fact {
            Fact::Place { r, c, d } => (r, c, d, 0),
            Fact::Elim { r, c, d } => (r, c, d, self.cells),
            Fact::Bottom => {
                self.bottom = true;
                return;
            }
        };
        // One index into both halves (a slice of the half, then of the cell, cost a bounds
        // test each on every root step); a cell out of the grid (never: facts are checked
        // in range first) is recorded nowhere rather than in the other half.
        let i = geo.index(CellRef { r, c });
        if let Some(digits) = self.digits.get_mut(half + i).filter(|_| i < self.cells) {
            *digits |= digit_bit(d);
        }
    }

    fn has_place(&self, geo: &Geometry, cell: CellRef, d: u8) -> bool {
        self.places().get(geo.index(cell)).is_some_and(|&digits| digits & digit_bit(d) != 0)
    }

    fn has_elim(&self, geo: &Geometry, cell: CellRef, d: u8) -> bool {
        self.elims().get(geo.index(cell)).is_some_and(|&digits| digits & digit_bit(d) != 0)
    }

    /// Per cell, the digits placed.
    fn places(&self) -> &[u64] {
        self.digits.get(..self.cells).unwrap_or_default()
    }

    /// Per cell, the digits eliminated.
    fn elims(&self) -> &[u64] {
        self.digits.get(self.cells..).unwrap_or_default()
    }
}

/// Checks the claim; returns its kind.
pub(crate) fn check_claim(
    geo: &Geometry,
    puzzle: &GridValues,
    claim: &Claim,
    root: &RootFacts,
) -> Result<ClaimKind, CheckError> {
    match claim {
        Claim::Solution(text) => {
            let grid = valid_grid(geo, puzzle, text, GridField::Solution)?;
            all_derived(geo, puzzle, &grid, root, GridField::Solution)?;
            Ok(ClaimKind::Solution)
        }
        Claim::Contradiction if root.bottom => Ok(ClaimKind::Contradiction),
        Claim::Contradiction => Err(CheckError::ClaimNoContradiction),
        Claim::Consequences(text) => {
            let grid = GridValues::parse(text, geo, GridField::Consequences)?;
            agrees(geo, puzzle, &grid, GridField::Consequences)?;
            all_derived(geo, puzzle, &grid, root, GridField::Consequences)?;
            Ok(ClaimKind::Consequences)
        }
        Claim::Multiple(a, b) => {
            let a = valid_grid(geo, puzzle, a, GridField::MultipleFirst)?;
            let b = valid_grid(geo, puzzle, b, GridField::MultipleSecond)?;
            match a.first_difference(&b, geo) {
                Some(_) => Ok(ClaimKind::Multiple),
                None => Err(CheckError::ClaimIdentical),
            }
        }
        Claim::Derives(facts) => {
            derives(geo, puzzle, facts, root)?;
            Ok(ClaimKind::Derives)
        }
        Claim::Minimal { solution, witnesses } => {
            let grid = valid_grid(geo, puzzle, solution, GridField::MinimalSolution)?;
            all_derived(geo, puzzle, &grid, root, GridField::MinimalSolution)?;
            minimal::check_witnesses(geo, puzzle, witnesses)?;
            Ok(ClaimKind::Minimal)
        }
    }
}

/// `Derives`: a non-empty list of literals in range, each a given or derived at the root.
fn derives(
    geo: &Geometry,
    puzzle: &GridValues,
    facts: &[Fact],
    root: &RootFacts,
) -> Result<(), CheckError> {
    if facts.is_empty() {
        return Err(CheckError::ClaimNothingListed);
    }
    for &fact in facts {
        let (r, c, d) = match fact {
            Fact::Place { r, c, d } | Fact::Elim { r, c, d } => (r, c, d),
            Fact::Bottom => return Err(CheckError::ClaimNotALiteral),
        };
        if ![r, c, d].iter().all(|&v| geo.in_range(v)) {
            return Err(CheckError::ClaimFactOutOfRange { fact, side: geo.side() });
        }
        let cell = CellRef { r, c };
        let derived = match fact {
            Fact::Place { .. } => puzzle.get(geo, cell) == d || root.has_place(geo, cell, d),
            _ => root.has_elim(geo, cell, d),
        };
        if !derived {
            return Err(CheckError::ClaimFactNotDerived { fact });
        }
    }
    Ok(())
}

/// Parses a grid that must be complete, repeat no digit in a unit, and agree with the givens.
pub(crate) fn valid_grid(
    geo: &Geometry,
    puzzle: &GridValues,
    text: &str,
    field: GridField,
) -> Result<GridValues, CheckError> {
    let grid = GridValues::parse(text, geo, field)?;
    if let Some(cell) = grid.first_blank(geo) {
        return Err(CheckError::ClaimIncomplete { field, cell });
    }
    if let Some((unit, digit)) = grid.first_repeat(geo) {
        return Err(CheckError::ClaimRepeat { field, unit, digit });
    }
    agrees(geo, puzzle, &grid, field)?;
    Ok(grid)
}

/// Rejects a cell where both the grid and the givens are filled and differ.
fn agrees(
    geo: &Geometry,
    puzzle: &GridValues,
    grid: &GridValues,
    field: GridField,
) -> Result<(), CheckError> {
    match puzzle.first_conflict(grid, geo) {
        Some((cell, given, found)) => Err(CheckError::ClaimGivens { field, cell, given, found }),
        None => Ok(()),
    }
}

/// Rejects a filled cell of the grid that is neither a given (givens are the
/// axioms; `agrees` has already matched them) nor placed at the root scope.
fn all_derived(
    geo: &Geometry,
    puzzle: &GridValues,
    grid: &GridValues,
    root: &RootFacts,
    field: GridField,
) -> Result<(), CheckError> {
    // By index over the three arrays (this runs for every solution claim): a cell is
    // missing when it is filled, not the given, and not placed at the root.
    let cells = grid.values().iter().zip(puzzle.values()).zip(root.places());
    let is_missing = |((&d, &given), &placed): ((&u8, &u8), &u64)| {
        // `d ≤ N ≤ 64` (the grid parsed): shifted by `d − 1` masked to six bits, `placed`
        // shows `d`'s bit for a filled cell, without `digit_bit`'s range test in every cell.
        (d != 0) & (d != given) & ((placed >> (d.wrapping_sub(1) & 63)) & 1 == 0)
    };
    // First whether any is, without a branch per cell (givens and derived cells alternate
    // with no pattern), then which.
    if !cells.clone().fold(false, |any, cell| any | is_missing(cell)) {
        return Ok(());
    }
    let mut missing = cells.enumerate().filter(|&(_, cell)| is_missing(cell));
    match missing.next() {
        Some((i, ((&digit, _), _))) => {
            Err(CheckError::ClaimNotDerived { field, cell: geo.cell_of_index(i), digit })
        }
        None => Ok(()),
    }
}
