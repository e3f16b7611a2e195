//! The grid at one line as SVG: pencil-mark candidates, placed digits, the
//! line's conclusion (yellow cell; a struck red candidate for an elimination)
//! and its premises (blue cells). The state drawn is the one *before* the line,
//! so what it concludes is still visible.

use super::derivation::Derivation;
use super::grid_state::{symbol, GridState, GridStringError};
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

/// The SVG picture at line number `line` (1-based; 0 shows the givens alone).
pub fn grid_svg(d: &Derivation, line: usize) -> Result<String, SvgError> {
    let last = d.lines.len();
    if line > last {
        return Err(SvgError::NoSuchLine { line, last });
    }
    let before = line.checked_sub(2);
    let state = GridState::at(d, before)?;
    let (side, cs) = (state.side, cell_size(state.side));
    let size = side * cs;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">",
        w = size + 2 * MARGIN,
        h = size + 2 * MARGIN + HEADER
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"16\">{}</text>",
        MARGIN + 12,
        escape(&title(d, line))
    );
    let marks = Marks::of(d, &state, line);
    let _ = writeln!(out, "<g transform=\"translate({MARGIN},{})\">", MARGIN + HEADER);
    for i in 0..side * side {
        cell(&mut out, &state, &marks, i, cs);
    }
    grid_lines(&mut out, state.n, cs);
    out.push_str("</g>\n</svg>\n");
    Ok(out)
}

fn title(d: &Derivation, line: usize) -> String {
    match line.checked_sub(1).and_then(|i| d.lines.get(i)) {
        None => "the givens".to_string(),
        Some(l) => format!("line {line}: {} — {:?}", l.step.fact, l.step.rule),
    }
}

/// Which cells and candidates the line at hand highlights.
struct Marks {
    conclusion: Option<(usize, Fact)>,
    premises: Vec<usize>,
}

impl Marks {
    fn of(d: &Derivation, state: &GridState, line: usize) -> Marks {
        let Some(l) = line.checked_sub(1).and_then(|i| d.lines.get(i)) else {
            return Marks { conclusion: None, premises: Vec::new() };
        };
        let conclusion = state.cell_of(l.step.fact).map(|c| (c, l.step.fact));
        // An elimination by Exclusion also points at the placement behind it,
        // the cell a solver looks at ("excluded by r3c1=1").
        let behind = |p: usize| match d.lines[p].step.rule {
            Rule::Exclusion => d.lines[p].premises.first().copied().flatten(),
            _ => None,
        };
        let sources = l.premises.iter().flatten().flat_map(|&p| [Some(p), behind(p)]);
        let premises = sources.filter_map(|p| d.fact(p)).filter_map(|f| state.cell_of(f)).collect();
        Marks { conclusion, premises }
    }
}

fn cell(out: &mut String, state: &GridState, marks: &Marks, i: usize, cs: usize) {
    let (x, y) = ((i % state.side) * cs, (i / state.side) * cs);
    let concl = marks.conclusion.filter(|&(c, _)| c == i).map(|(_, f)| f);
    let fill = match (concl, marks.premises.contains(&i)) {
        (Some(_), _) => "#ffe08a",
        (None, true) => "#cfe3ff",
        (None, false) => "white",
    };
    let _ =
        writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{cs}\" height=\"{cs}\" fill=\"{fill}\"/>");
    let v = state.values[i];
    if v > 0 {
        let colour = if state.given[i] { "black" } else { "#1f4fbf" };
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>",
            x + cs / 2,
            y + cs * 7 / 10,
            cs * 3 / 5,
            symbol(state.side, v)
        );
        return;
    }
    for d in state.candidates(i) {
        pencil(out, state, (x, y, cs), d, concl);
    }
}

/// One pencil mark; the conclusion's digit is drawn green (placed) or struck red (eliminated).
fn pencil(
    out: &mut String,
    state: &GridState,
    at: (usize, usize, usize),
    d: u8,
    concl: Option<Fact>,
) {
    let (x, y, cs) = at;
    let n = state.n;
    let sub = cs as f64 / n as f64;
    let k = usize::from(d) - 1;
    let (px, py) =
        (x as f64 + sub * ((k % n) as f64 + 0.5), y as f64 + sub * ((k / n) as f64 + 0.5));
    let (colour, strike) = match concl {
        Some(Fact::Place { d: cd, .. }) if cd == d => ("#138a13", false),
        Some(Fact::Elim { d: cd, .. }) if cd == d => ("#d01c1c", true),
        _ => ("#666666", false),
    };
    let fs = (sub * 0.8).max(6.0);
    let _ = writeln!(
        out,
        "<text x=\"{px:.1}\" y=\"{:.1}\" font-size=\"{fs:.1}\" text-anchor=\"middle\" fill=\"{colour}\">{}</text>",
        py + fs * 0.35,
        symbol(state.side, d)
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

/// Text safe inside an XML element or attribute.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
