//! The text `deduku psystem` prints: the answer and grid, and the `--trace` lines.

use super::{Answer, PsystemRun, TraceStep};
use std::fmt::Write;

/// The answer, the step and cycle counts, and the decoded grid.
pub fn render(run: &PsystemRun) -> String {
    let mut out = String::new();
    let answer = match run.answer {
        Answer::Yes => "Yes",
        Answer::No => "No",
    };
    let _ = writeln!(out, "{answer}");
    let _ = writeln!(out, "steps: {}", run.steps);
    let _ = writeln!(out, "checking-reset cycles: {}", run.cycles);
    let filled = run.grid.filled_count();
    match run.answer {
        Answer::Yes => out.push_str("solution:\n"),
        Answer::No => {
            let cells = run.grid.order().cells();
            let _ = writeln!(out, "partial grid ({filled} of {cells} cells):");
        }
    }
    let _ = write!(out, "{}", run.grid);
    out
}

/// One block per configuration `C0, C1, …`: the rule sets that fired, the
/// object counts by kind in each membrane, and the digits newly placed.
pub fn render_trace(run: &PsystemRun) -> String {
    run.trace.iter().map(render_step).collect()
}

fn render_step(step: &TraceStep) -> String {
    let mut out = format!("C{}", step.step);
    if step.fired.is_empty() {
        out.push_str("  initial configuration");
    }
    for f in &step.fired {
        let _ = write!(out, "  {}×{} in {}", f.set, f.applications, f.membrane);
    }
    for label in &step.dissolved {
        let _ = write!(out, "  ({label} dissolved)");
    }
    for object in &step.sent_out {
        let _ = write!(out, "  ({object} sent out)");
    }
    out.push('\n');
    for (label, kinds) in &step.counts {
        let words: Vec<String> = kinds.iter().map(|(kind, k)| format!("{kind}={k}")).collect();
        let shown = if words.is_empty() { "(empty)".to_string() } else { words.join(" ") };
        let _ = writeln!(out, "    {label}: {shown}");
    }
    if !step.placed.is_empty() {
        let lits: Vec<String> = step.placed.iter().map(std::string::ToString::to_string).collect();
        let _ = writeln!(out, "    placed: {}", lits.join(" "));
    }
    out
}
