//! Confluence checks of one state under many schedules, and their per-file tally.

use super::runner::Run;
use super::schedule::{RuleKind, Schedule};
use super::{Counterexample, Fixpoint};
use crate::grid::Grid;
use crate::rules::RuleSet;
use std::fmt;

/// The outcome of one state under every schedule.
#[derive(Clone, Debug)]
pub struct StateResult {
    /// How many different fixpoints the schedules reached (1: confluent here).
    pub distinct: usize,
    /// `(steps, rounds)` of each schedule, in the order given.
    pub counts: Vec<(usize, usize)>,
    /// The first pair of schedules that disagreed, with certificates.
    pub counterexample: Option<Counterexample>,
}

/// Run `givens` to a fixpoint of `kinds` under each schedule and compare the ends.
pub fn confluence(givens: &Grid, kinds: &[RuleKind], schedules: &[Schedule]) -> StateResult {
    let runs: Vec<Run> = schedules
        .iter()
        .map(|s| {
            let mut run = Run::start(givens);
            run.saturate(kinds, s);
            run
        })
        .collect();
    let ends: Vec<Fixpoint> = runs.iter().map(Run::fixpoint).collect();
    let mut seen: Vec<&Fixpoint> = Vec::new();
    for end in &ends {
        if !seen.contains(&end) {
            seen.push(end);
        }
    }
    let counterexample = ends.iter().position(|e| e != &ends[0]).and_then(|i| {
        Counterexample::of(&runs[0], &runs[i], schedules[0].to_string(), schedules[i].to_string())
    });
    let counts = runs.iter().map(|r| (r.steps, r.rounds)).collect();
    StateResult { distinct: seen.len(), counts, counterexample }
}

/// Totals of one schedule over a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduleTally {
    /// The schedule's name.
    pub name: String,
    /// Instances fired, summed over states.
    pub steps: usize,
    /// Rounds, summed over states.
    pub rounds: usize,
}

/// What `deduku commute` reports for one file and rule set.
#[derive(Clone, Debug)]
pub struct FileReport {
    /// The file's name.
    pub name: String,
    /// The rules checked.
    pub rules: RuleSet,
    /// States checked.
    pub states: usize,
    /// Per-schedule totals.
    pub schedules: Vec<ScheduleTally>,
    /// The most distinct fixpoints any state reached (1: confluent on this data).
    pub max_distinct: usize,
    /// States whose schedules disagreed.
    pub disagreeing: usize,
    /// Counterexamples found (the first per disagreeing state).
    pub counterexamples: Vec<Counterexample>,
}

impl FileReport {
    /// An empty report for `name`, `rules` and `schedules`.
    pub fn new(name: &str, rules: RuleSet, schedules: &[Schedule]) -> FileReport {
        let tallies = schedules
            .iter()
            .map(|s| ScheduleTally { name: s.to_string(), steps: 0, rounds: 0 })
            .collect();
        FileReport {
            name: name.to_string(),
            rules,
            states: 0,
            schedules: tallies,
            max_distinct: 0,
            disagreeing: 0,
            counterexamples: Vec::new(),
        }
    }

    /// Fold one state's result in.
    pub fn add(&mut self, r: StateResult) {
        self.states += 1;
        self.max_distinct = self.max_distinct.max(r.distinct);
        for (t, (steps, rounds)) in self.schedules.iter_mut().zip(r.counts) {
            t.steps += steps;
            t.rounds += rounds;
        }
        if r.distinct > 1 {
            self.disagreeing += 1;
        }
        self.counterexamples.extend(r.counterexample);
    }

    /// Whether every state reached one fixpoint under every schedule.
    pub fn confluent(&self) -> bool {
        self.max_distinct <= 1
    }
}

impl fmt::Display for FileReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.schedules.len();
        let verdict = if self.confluent() { "confluent" } else { "NOT confluent" };
        writeln!(
            f,
            "{}: rules {}: {} states × {} schedules = {} runs; distinct fixpoints ≤ {} ({verdict}, {} disagreeing states)",
            self.name,
            self.rules,
            self.states,
            k,
            self.states * k,
            self.max_distinct,
            self.disagreeing
        )?;
        for t in &self.schedules {
            writeln!(f, "  {:<28} steps {:>8}  rounds {:>8}", t.name, t.steps, t.rounds)?;
        }
        Ok(())
    }
}
