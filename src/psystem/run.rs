//! Running Π(n) on a puzzle: answer, step and cycle counts, decoded grid, trace.

use super::objects::Multiset;
use super::pi::PiSystem;
use super::simulator::{Simulator, StepReport};
use super::{Answer, FiredSet, PsystemError, PsystemOptions, PsystemRun, TraceStep};
use crate::grid::{Cell, Digit, Grid, Lit};

/// The rule set whose firing starts a checking stage (`k1 → k0`).
const CHECKING_START: &str = "R5";

/// Run Π(n) (built for the puzzle's order) on `puzzle` until it halts.
pub fn run(puzzle: &Grid, opts: &PsystemOptions) -> Result<PsystemRun, PsystemError> {
    let pi = PiSystem::build(puzzle.order())?;
    run_on(&pi, puzzle, opts)
}

/// Run an already built Π(n) on `puzzle` (saves the construction in batches).
pub fn run_on(
    pi: &PiSystem,
    puzzle: &Grid,
    opts: &PsystemOptions,
) -> Result<PsystemRun, PsystemError> {
    let mut sim = Simulator::new(pi.system(), opts.seed);
    sim.add_input(pi.inner(), &pi.input(puzzle)?);
    let mut trace = Vec::new();
    let mut placed = vec![false; pi.objects().s.len()];
    if opts.trace {
        trace.push(trace_step(pi, &sim, None, &mut placed));
    }
    let mut cycles = 0;
    while let Some(report) = sim.step() {
        if sim.steps() > opts.max_steps {
            return Err(PsystemError::StepLimit(opts.max_steps));
        }
        if report.fired.iter().any(|f| sim.set_name(f) == CHECKING_START) {
            cycles += 1;
        }
        if opts.trace {
            trace.push(trace_step(pi, &sim, Some(&report), &mut placed));
        }
    }
    let config = sim.configuration();
    let answer = if config.environment.count(pi.objects().yes) > 0 {
        Answer::Yes
    } else if config.environment.count(pi.objects().no) > 0 {
        Answer::No
    } else {
        return Err(PsystemError::NoAnswer(sim.steps()));
    };
    let grid = pi.decode(&everything(&sim));
    Ok(PsystemRun { answer, steps: sim.steps(), cycles, grid, trace })
}

/// The union of the contents of every existing membrane.
fn everything(sim: &Simulator<'_>) -> Multiset {
    let config = sim.configuration();
    let mut all = config.environment.clone();
    for (contents, &alive) in config.contents.iter().zip(&config.alive) {
        if alive {
            all.add_all(contents);
        }
    }
    all
}

/// The trace entry of the configuration just reached (`report` is `None` for C0).
fn trace_step(
    pi: &PiSystem,
    sim: &Simulator<'_>,
    report: Option<&StepReport>,
    placed: &mut [bool],
) -> TraceStep {
    let system = pi.system();
    let gamma = system.alphabet();
    let label = |m: usize| system.membranes()[m].label.clone();
    let mut step = TraceStep { step: sim.steps(), ..TraceStep::default() };
    if let Some(report) = report {
        step.fired = (report.fired.iter())
            .map(|f| FiredSet {
                membrane: label(f.membrane),
                set: sim.set_name(f).to_string(),
                applications: f.applications,
            })
            .collect();
        step.dissolved = report.dissolved.iter().map(|&m| label(m)).collect();
        step.sent_out = report.sent_out.iter().map(|&(o, _)| gamma.name(o)).collect();
    }
    let config = sim.configuration();
    for (m, contents) in config.contents.iter().enumerate().filter(|&(m, _)| config.alive[m]) {
        let sums = contents.kind_counts(gamma);
        let kinds = (sums.iter().enumerate().filter(|&(_, &k)| k > 0))
            .map(|(kind, &k)| (gamma.kind_name(kind).to_string(), k))
            .collect();
        step.counts.push((label(m), kinds));
    }
    step.placed = new_placements(pi, &everything(sim), placed);
    step
}

/// The `s_ijx` of `all` not seen before, as placements; marks them seen.
fn new_placements(pi: &PiSystem, all: &Multiset, seen: &mut [bool]) -> Vec<Lit> {
    let side = pi.order().side();
    let mut fresh = Vec::new();
    for (t, &o) in pi.objects().s.iter().enumerate() {
        if all.count(o) > 0 && !seen[t] {
            seen[t] = true;
            fresh.push(Lit::place(Cell::from_index(t / side, side), Digit::new(t % side + 1)));
        }
    }
    fresh
}
