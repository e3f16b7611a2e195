//! The grid at one line as SVG: the state *before* the line in the line's own scope (so
//! what it concludes is still visible, and a closed subproof's placements are gone),
//! its conclusion (yellow cell; a green or struck red candidate) and its premises (blue): an
//! Exclusion premise also marks the placement behind it, a placement cited for the
//! eliminations it implies also marks the cells it rules out.
//!
//! Every cell is a `<g class="cell KIND" data-cell="r3c5">` whose KIND is `given`,
//! `placed`, `assumed`, `placed hypothetical`, `candidate` or `eliminated` (no candidate
//! left); its digit or pencil marks carry `data-digit`. Tests and user stylesheets read these.

use super::derivation::Derivation;
use super::grid_state::{CellKind, GridState};
use super::implied::implied_cells;
use super::notation::cell_name;
use super::sweep::{cell_index, Sweep};
use super::words::{group_end, rule_label, sentence};
use crate::grid::GridStringError;
use deduku_check::format::{Fact, Rule};
use std::fmt::Write;

/// Why a picture could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SvgError {
    /// The certificate's puzzle string is unreadable.
    #[error("{0}")]
    Grid(#[from] GridStringError),
    /// The requested line does not exist.
    #[error("line {line} is out of range: the derivation has lines 0 (the givens) to {last}")]
    NoSuchLine {
        /// Requested line.
        line: usize,
        /// The last line.
        last: usize,
    },
    /// `--at` outside the refutation drawn.
    #[error("line {line} is outside the subproof of lines {first}–{last}")]
    OutsideSubproof {
        /// Requested line.
        line: usize,
        /// The subproof's first line.
        first: usize,
        /// Its last line.
        last: usize,
    },
}

/// Pixels per cell: large for 4×4, small enough for 16×16 and beyond to fit a screen.
fn cell_size(side: usize) -> usize {
    match side {
        0..=4 => 72,
        5..=9 => 56,
        10..=16 => 44,
        17..=25 => 34,
        _ => 22,
    }
}

const MARGIN: usize = 16;
const HEADER: usize = 32;
const FOOTER: usize = 80;

/// The styles of the classes; presentation attributes repeat them for viewers without CSS.
const STYLE: &str = "<style>.cell text{font-family:sans-serif}.given text{fill:black}\
.placed text{fill:#1f4fbf}.assumed rect{fill:#ecdcf7}.assumed text{fill:#6a1b9a;font-style:italic}\
.hypothetical text{fill:#8e44ad}.mark{fill:#666}.mark.placing{fill:#138a13}\
.mark.eliminated{fill:#d01c1c}.eliminated rect{fill:#fbe3e3}.conclusion rect{fill:#ffe08a}\
.premise rect{fill:#cfe3ff}</style>";

/// The SVG picture at line number `line` (1-based; 0 shows the givens alone).
pub fn grid_svg(d: &Derivation, line: usize) -> Result<String, SvgError> {
    let last = d.lines.len();
    if line > last {
        return Err(SvgError::NoSuchLine { line, last });
    }
    picture(d, line, title(d, line))
}

/// The SVG of one refutation: the box opened at position `a`, drawn at line `at` inside it
/// (default: the ⊥ its Negation cites; a box no Negation discharges — one a Lemma reuses —
/// at its first ⊥, directly inside it or else in a nested box; else the box's last line).
pub fn refutation_svg(d: &Derivation, a: usize, at: Option<usize>) -> Result<String, SvgError> {
    let end = d.extent(a).map_or(a, |e| e.last);
    let (first, last) = (Derivation::number(a), Derivation::number(end));
    let is_bottom = |i: &usize| d.lines[*i].step.fact == Fact::Bottom;
    let bottom = (a..d.lines.len())
        .find(|&i| d.discharged(i) == Some(a))
        .and_then(|i| d.lines[i].premises.get(1).copied().flatten())
        .or_else(|| (a..=end).filter(is_bottom).find(|&i| d.lines[i].home == Some(a)))
        .or_else(|| (a..=end).find(is_bottom))
        .map(Derivation::number);
    let line = at.or(bottom).unwrap_or(last);
    if !(first..=last).contains(&line) {
        return Err(SvgError::OutsideSubproof { line, first, last });
    }
    let head = format!("refutation of {} (lines {first}–{last}), {}", d.lit(a), title(d, line));
    picture(d, line, head)
}

fn picture(d: &Derivation, line: usize, head: String) -> Result<String, SvgError> {
    let mut sweep = Sweep::new(d)?;
    let state = sweep.before(line.saturating_sub(1)).clone();
    let (side, cs) = (state.side, cell_size(state.side));
    let size = side * cs;
    let (w, h) = (size + 2 * MARGIN, size + 2 * MARGIN + HEADER + FOOTER);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">"
    );
    out.push_str(STYLE);
    out.push('\n');
    let words = line.checked_sub(1).map(|i| sentence(d, i, group_end(d, i)));
    let _ = writeln!(out, "<desc>{}</desc>", escape(words.as_deref().unwrap_or("the givens")));
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        out,
        "<text class=\"title\" x=\"{MARGIN}\" y=\"{}\" font-size=\"15\">{}</text>",
        MARGIN + 12,
        escape(&head)
    );
    let marks = Marks::of(d, &state, line);
    let _ = writeln!(out, "<g transform=\"translate({MARGIN},{})\">", MARGIN + HEADER);
    for i in 0..side * side {
        cell(&mut out, d, &state, &marks, i, cs);
    }
    grid_lines(&mut out, state.n, cs);
    out.push_str("</g>\n");
    legend(&mut out, MARGIN + HEADER + size + 12, w);
    out.push_str("</svg>\n");
    Ok(out)
}

fn title(d: &Derivation, line: usize) -> String {
    match line.checked_sub(1) {
        None => "the givens".to_string(),
        Some(i) => {
            let cites = d.cites(i);
            let cites = if cites.is_empty() { cites } else { format!(" {cites}") };
            format!("line {line}: {} — {}{cites}", d.lit(i), rule_label(d, i))
        }
    }
}

/// Which cells and candidates the line at hand highlights.
struct Marks {
    conclusion: Option<(usize, Fact, Rule)>,
    premises: Vec<usize>,
}

impl Marks {
    fn of(d: &Derivation, state: &GridState, line: usize) -> Marks {
        let Some(l) = line.checked_sub(1).and_then(|i| d.lines.get(i)) else {
            return Marks { conclusion: None, premises: Vec::new() };
        };
        let conclusion = cell_index(state.side, l.step.fact).map(|c| (c, l.step.fact, l.step.rule));
        // An elimination by Exclusion also points at the placement behind it,
        // the cell a solver looks at ("excluded by r3c1=1").
        let behind = |p: usize| match d.lines[p].step.rule {
            Rule::Exclusion => d.lines[p].premises.first().copied().flatten(),
            _ => None,
        };
        let sources = l.premises.iter().flatten().flat_map(|&p| [Some(p), behind(p)]);
        let mut premises: Vec<usize> =
            sources.filter_map(|p| d.fact(p)).filter_map(|f| cell_index(state.side, f)).collect();
        // A placement cited for the eliminations it implies also points at the cells it
        // rules out, as an Exclusion premise does.
        premises.extend(implied_cells(d, line - 1));
        Marks { conclusion, premises }
    }
}

fn cell(out: &mut String, d: &Derivation, state: &GridState, marks: &Marks, i: usize, cs: usize) {
    let (x, y) = ((i % state.side) * cs, (i / state.side) * cs);
    let concl = marks.conclusion.filter(|&(c, ..)| c == i);
    let mut class = format!("cell {}", state.class(i));
    let fill = match (concl, marks.premises.contains(&i), state.kinds[i]) {
        (Some(_), ..) => {
            class.push_str(" conclusion");
            "#ffe08a"
        }
        (None, true, _) => {
            class.push_str(" premise");
            "#cfe3ff"
        }
        (None, false, CellKind::Assumed) => "#ecdcf7",
        _ if state.class(i) == "eliminated" => "#fbe3e3",
        _ => "white",
    };
    let name = cell_name(state.side, i);
    let v = state.values[i];
    let data = match v {
        0 => format!(
            "data-candidates=\"{}\"",
            state.candidates(i).iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
        ),
        v => format!("data-digit=\"{v}\""),
    };
    let _ = writeln!(out, "<g class=\"{class}\" data-cell=\"{name}\" {data}>");
    let _ =
        writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{cs}\" height=\"{cs}\" fill=\"{fill}\"/>");
    if v > 0 {
        let (colour, style) = match state.kinds[i] {
            CellKind::Given => ("black", ""),
            CellKind::Assumed => ("#6a1b9a", " font-style=\"italic\""),
            CellKind::Hypothetical => ("#8e44ad", ""),
            _ => ("#1f4fbf", ""),
        };
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{colour}\"{style}>{}</text>",
            x + cs / 2,
            y + cs * 7 / 10,
            cs * 3 / 5,
            escape(&d.digits.name(v))
        );
    } else {
        let mut digits = state.candidates(i);
        // An elimination the placements already imply is still the line's conclusion:
        // its digit is drawn struck (a mark, not a candidate).
        if let Some((_, Fact::Elim { d: v, .. }, _)) = concl {
            if !digits.contains(&v) {
                digits.push(v);
                digits.sort_unstable();
            }
        }
        for digit in digits {
            pencil(out, d, state, (x, y, cs), digit, concl.map(|(_, f, r)| (f, r)));
        }
    }
    out.push_str("</g>\n");
}

/// One pencil mark; the conclusion's digit is drawn green (placed), struck red (eliminated)
/// or purple (assumed).
fn pencil(
    out: &mut String,
    d: &Derivation,
    state: &GridState,
    at: (usize, usize, usize),
    digit: u8,
    concl: Option<(Fact, Rule)>,
) {
    let (x, y, cs) = at;
    let n = state.n;
    let sub = cs as f64 / n as f64;
    let k = usize::from(digit) - 1;
    let (px, py) =
        (x as f64 + sub * ((k % n) as f64 + 0.5), y as f64 + sub * ((k / n) as f64 + 0.5));
    let (class, colour, strike) = match concl {
        Some((Fact::Place { d: cd, .. }, Rule::Assume)) if cd == digit => {
            ("mark assuming", "#6a1b9a", false)
        }
        Some((Fact::Elim { d: cd, .. }, Rule::Assume)) if cd == digit => {
            ("mark assuming eliminated", "#6a1b9a", true)
        }
        Some((Fact::Place { d: cd, .. }, _)) if cd == digit => ("mark placing", "#138a13", false),
        Some((Fact::Elim { d: cd, .. }, _)) if cd == digit => ("mark eliminated", "#d01c1c", true),
        _ => ("mark", "#666666", false),
    };
    let fs = (sub * 0.8).max(6.0);
    let _ = writeln!(
        out,
        "<text class=\"{class}\" data-digit=\"{digit}\" x=\"{px:.1}\" y=\"{:.1}\" font-size=\"{fs:.1}\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>",
        py + fs * 0.35,
        escape(&d.digits.name(digit))
    );
    if strike {
        let h = sub * 0.4;
        let _ = writeln!(
            out,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#d01c1c\" stroke-width=\"1.5\"/>",
            px - h, py + h, px + h, py - h
        );
    }
}

fn grid_lines(out: &mut String, n: usize, cs: usize) {
    let side = n * n;
    let size = side * cs;
    for k in 0..=side {
        let w = if k % n == 0 { 2.5 } else { 0.6 };
        let p = k * cs;
        let _ = writeln!(
            out,
            "<line x1=\"{p}\" y1=\"0\" x2=\"{p}\" y2=\"{size}\" stroke=\"black\" stroke-width=\"{w}\"/>\n<line x1=\"0\" y1=\"{p}\" x2=\"{size}\" y2=\"{p}\" stroke=\"black\" stroke-width=\"{w}\"/>"
        );
    }
}

/// The key to the styles, and what the candidates mean.
fn legend(out: &mut String, y: usize, width: usize) {
    let items = [
        ("given", "black", "white", "7"),
        ("derived", "#1f4fbf", "white", "7"),
        ("assumed", "#6a1b9a", "#ecdcf7", "7"),
        ("under assumption", "#8e44ad", "white", "7"),
        ("this line", "#138a13", "#ffe08a", "7"),
        ("its premises", "#666666", "#cfe3ff", "7"),
    ];
    let _ = writeln!(out, "<g class=\"legend\" font-size=\"11\">");
    let columns = if width >= 480 { 3 } else { 2 };
    let step = (width - 2 * MARGIN) / columns;
    for (k, (label, ink, fill, sample)) in items.iter().enumerate() {
        let (lx, ly) = (MARGIN + (k % columns) * step, y + (k / columns) * 18);
        let _ = writeln!(
            out,
            "<rect x=\"{lx}\" y=\"{ly}\" width=\"14\" height=\"14\" fill=\"{fill}\" stroke=\"#999\"/><text x=\"{}\" y=\"{}\" fill=\"{ink}\">{sample}</text><text x=\"{}\" y=\"{}\">{label}</text>",
            lx + 4, ly + 11, lx + 19, ly + 11
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{}\" fill=\"#555\">candidates: after every exclusion the placements shown imply</text>",
        y + 18 * (items.len() / columns) + 12
    );
    out.push_str("</g>\n");
}

/// Text safe inside an XML element or attribute.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
