//! The generic simulator: maximally parallel steps under strong priorities,
//! with non-deterministic choices drawn from a seeded generator.

use super::objects::{Multiset, ObjectId};
use super::rules::{Rule, RuleKind};
use super::system::PSystem;

/// The seeded generator of the non-deterministic choices (SplitMix64).
pub type SeededRng = crate::rng::SplitMix64;

/// A configuration: the multiset of every membrane, which membranes still
/// exist, and what was sent out to the environment.
#[derive(Clone, Debug)]
pub struct Configuration {
    /// The contents of each membrane (empty once dissolved).
    pub contents: Vec<Multiset>,
    /// Whether each membrane still exists.
    pub alive: Vec<bool>,
    /// Objects sent out of the skin.
    pub environment: Multiset,
}

/// One rule set that fired in a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fired {
    /// The membrane.
    pub membrane: usize,
    /// The priority level within the membrane.
    pub level: usize,
    /// The set within the level.
    pub set: usize,
    /// How many rule applications, all rules of the set together.
    pub applications: u64,
}

/// What happened in one step.
#[derive(Clone, Debug, Default)]
pub struct StepReport {
    /// The rule sets used, per membrane.
    pub fired: Vec<Fired>,
    /// The membranes dissolved at the end of the step.
    pub dissolved: Vec<usize>,
    /// Objects that left the skin.
    pub sent_out: Vec<(ObjectId, u32)>,
}

/// Runs a [`PSystem`] step by step.
#[derive(Clone, Debug)]
pub struct Simulator<'a> {
    system: &'a PSystem,
    config: Configuration,
    rng: SeededRng,
    steps: usize,
}

/// Where a product goes: a membrane, or the environment (`None`).
type Delivery = (Option<usize>, ObjectId, u32);

impl<'a> Simulator<'a> {
    /// The simulator at the initial configuration of `system`.
    pub fn new(system: &'a PSystem, seed: u64) -> Simulator<'a> {
        let membranes = system.membranes();
        let config = Configuration {
            contents: membranes.iter().map(|m| m.initial.clone()).collect(),
            alive: vec![true; membranes.len()],
            environment: Multiset::new(system.alphabet().len()),
        };
        Simulator { system, config, rng: SeededRng::new(seed), steps: 0 }
    }

    /// Put `input` into `membrane` (the input membrane `i0`).
    pub fn add_input(&mut self, membrane: usize, input: &Multiset) {
        if let Some(contents) = self.config.contents.get_mut(membrane) {
            contents.add_all(input);
        }
    }

    /// The current configuration.
    pub fn configuration(&self) -> &Configuration {
        &self.config
    }

    /// Number of steps done.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The name of the set a [`Fired`] refers to.
    pub fn set_name(&self, fired: &Fired) -> &str {
        let membrane = self.system.membranes().get(fired.membrane);
        let level = membrane.and_then(|m| m.levels.get(fired.level));
        level.and_then(|l| l.sets.get(fired.set)).map_or("?", |set| set.name.as_str())
    }

    /// One maximally parallel step; `None` (and nothing changes) when no rule
    /// is applicable anywhere: the configuration is halting.
    pub fn step(&mut self) -> Option<StepReport> {
        let mut report = StepReport::default();
        let mut deliveries: Vec<Delivery> = Vec::new();
        let mut consumed = self.config.contents.clone();
        for (m, avail) in consumed.iter_mut().enumerate() {
            if self.config.alive[m] {
                self.step_membrane(m, avail, &mut deliveries, &mut report);
            }
        }
        if report.fired.is_empty() {
            return None;
        }
        self.config.contents = consumed;
        for (target, object, times) in deliveries {
            match target {
                Some(t) => self.config.contents[t].add(object, times),
                None => {
                    self.config.environment.add(object, times);
                    report.sent_out.push((object, times));
                }
            }
        }
        self.dissolve(&report.dissolved);
        self.steps += 1;
        Some(report)
    }

    /// The first level of membrane `m` (by priority) with an applicable rule,
    /// and its applicable rules as (set, rule) positions.
    fn applicable_level(&self, m: usize) -> Option<(usize, Vec<(usize, usize)>)> {
        let start = &self.config.contents[m];
        let levels = &self.system.membranes()[m].levels;
        levels.iter().enumerate().find_map(|(l, level)| {
            let positions = (level.sets.iter().enumerate())
                .flat_map(|(s, set)| (0..set.rules.len()).map(move |r| (s, r)));
            let usable: Vec<(usize, usize)> =
                positions.filter(|&(s, r)| applicable(&level.sets[s].rules[r], start)).collect();
            (!usable.is_empty()).then_some((l, usable))
        })
    }

    /// Apply, in membrane `m`, the highest-priority level that has an
    /// applicable rule, maximally: the applicable rules are taken in a random
    /// order and each is applied as often as the objects left allow.
    fn step_membrane(
        &mut self,
        m: usize,
        avail: &mut Multiset,
        deliveries: &mut Vec<Delivery>,
        report: &mut StepReport,
    ) {
        let Some((level, mut chosen)) = self.applicable_level(m) else {
            return;
        };
        self.rng.shuffle(&mut chosen);
        let system: &'a PSystem = self.system;
        let sets = &system.membranes()[m].levels[level].sets;
        let mut counts = vec![0u64; sets.len()];
        let mut dissolving = false;
        for (s, r) in chosen {
            let rule = &sets[s].rules[r];
            let mut times = rule.lhs.iter().map(|&(o, k)| avail.count(o) / k).min().unwrap_or(0);
            if rule.once() {
                times = times.min(1);
            }
            if times == 0 || (rule.kind == RuleKind::Dissolve && dissolving) {
                continue;
            }
            for &(o, k) in &rule.lhs {
                avail.remove(o, k * times);
            }
            let target = match rule.kind {
                RuleKind::Evolve | RuleKind::Dissolve => Some(m),
                RuleKind::SendOut => self.host(m),
            };
            deliveries.extend(rule.rhs.iter().map(|&(o, k)| (target, o, k * times)));
            dissolving |= rule.kind == RuleKind::Dissolve;
            counts[s] += u64::from(times);
        }
        let used = counts.iter().enumerate().filter(|&(_, &k)| k > 0);
        report.fired.extend(used.map(|(set, &applications)| Fired {
            membrane: m,
            level,
            set,
            applications,
        }));
        if dissolving {
            report.dissolved.push(m);
        }
    }

    /// The nearest existing membrane around `m`; `None` for the environment.
    fn host(&self, m: usize) -> Option<usize> {
        let mut p = self.system.membranes()[m].parent?;
        while !self.config.alive[p] {
            p = self.system.membranes()[p].parent?;
        }
        Some(p)
    }

    /// Dissolve membranes after the step's evolution: inner ones first, so
    /// that nested contents travel all the way to the nearest survivor.
    fn dissolve(&mut self, dissolved: &[usize]) {
        let mut order = dissolved.to_vec();
        order.sort_unstable_by(|a, b| b.cmp(a));
        for m in order {
            let freed = std::mem::take(&mut self.config.contents[m]);
            self.config.alive[m] = false;
            match self.host(m) {
                Some(p) => self.config.contents[p].add_all(&freed),
                None => self.config.environment.add_all(&freed),
            }
            self.config.contents[m] = Multiset::new(self.system.alphabet().len());
        }
    }
}

/// Whether `rule` can be applied once in a membrane holding `ms`.
fn applicable(rule: &Rule, ms: &Multiset) -> bool {
    rule.lhs.iter().all(|&(o, k)| ms.count(o) >= k)
        && rule.catalysts.iter().all(|&o| ms.count(o) > 0)
        && rule.inhibitors.iter().all(|&o| ms.count(o) == 0)
}
