//! The generic simulator: maximally parallel steps under strong priorities,
//! with non-deterministic choices drawn from a seeded generator.

use super::objects::{Multiset, ObjectId};
use super::rules::{Rule, RuleKind};
use super::system::PSystem;

/// A small seeded generator (SplitMix64): runs are reproducible from the seed.
#[derive(Clone, Debug)]
pub struct SeededRng(u64);

impl SeededRng {
    /// The generator started from `seed`.
    pub fn new(seed: u64) -> SeededRng {
        SeededRng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`0` when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            return 0;
        }
        (self.next_u64() % bound as u64) as usize
    }

    /// Shuffle `items` uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

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
        let levels = &self.system.membranes()[fired.membrane].levels;
        &levels[fired.level].sets[fired.set].name
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
        let system: &'a PSystem = self.system;
        let start = &self.config.contents[m];
        let levels = &system.membranes()[m].levels;
        let Some((level, mut chosen)) = levels.iter().enumerate().find_map(|(l, level)| {
            let usable: Vec<(usize, usize)> = (level.sets.iter().enumerate())
                .flat_map(|(s, set)| set.rules.iter().enumerate().map(move |(r, _)| (s, r)))
                .filter(|&(s, r)| applicable(&level.sets[s].rules[r], start))
                .collect();
            (!usable.is_empty()).then_some((l, usable))
        }) else {
            return;
        };
        self.rng.shuffle(&mut chosen);
        let mut counts = vec![0u64; levels[level].sets.len()];
        let mut dissolving = false;
        for (s, r) in chosen {
            let rule = &levels[level].sets[s].rules[r];
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
            counts[s] += times as u64;
        }
        for (set, &applications) in counts.iter().enumerate() {
            if applications > 0 {
                report.fired.push(Fired { membrane: m, level, set, applications });
            }
        }
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

#[cfg(test)]
mod tests {
    use super::super::objects::Alphabet;
    use super::super::rules::Level;
    use super::super::system::Membrane;
    use super::*;

    /// A system `[[ ]e]s` over objects `a b c … k`, with `e` holding `init`.
    fn system(init: &[(usize, u32)], e: Vec<Level>, skin: Vec<Level>) -> (PSystem, Vec<ObjectId>) {
        let mut gamma = Alphabet::new();
        let ids: Vec<ObjectId> =
            ["a", "b", "c", "d", "k", "m"].iter().map(|n| gamma.intern(n, &[])).collect();
        let mut initial = Multiset::new(gamma.len());
        for &(o, k) in init {
            initial.add(ids[o], k);
        }
        let s = Membrane {
            label: "s".into(),
            parent: None,
            initial: Multiset::new(gamma.len()),
            levels: skin,
        };
        let e = Membrane { label: "e".into(), parent: Some(0), initial, levels: e };
        (PSystem::new(gamma, vec![s, e]).unwrap(), ids)
    }

    fn o(i: usize) -> ObjectId {
        ObjectId(i as u32)
    }

    #[test]
    fn strong_priority_blocks_lower_levels_even_without_competition() {
        let high = Level::single("H", vec![Rule::evolve(&[(o(0), 1)], &[(o(2), 1)])]);
        let low = Level::single("L", vec![Rule::evolve(&[(o(1), 1)], &[(o(3), 1)])]);
        let (sys, ids) = system(&[(0, 2), (1, 1)], vec![high, low], vec![]);
        let mut sim = Simulator::new(&sys, 1);
        let first = sim.step().unwrap();
        assert_eq!(first.fired.len(), 1);
        assert_eq!(sim.set_name(&first.fired[0]), "H");
        assert_eq!(first.fired[0].applications, 2);
        assert_eq!(sim.configuration().contents[1].count(ids[1]), 1);
        let second = sim.step().unwrap();
        assert_eq!(sim.set_name(&second.fired[0]), "L");
        assert!(sim.step().is_none());
        assert_eq!(sim.steps(), 2);
    }

    #[test]
    fn catalysts_serve_every_application_and_inhibitors_latch() {
        let promoted = Rule::evolve(&[(o(0), 1)], &[(o(1), 1)]).catalysed(&[o(4)]);
        let latched = Rule::evolve(&[(o(2), 1)], &[(o(5), 1), (o(3), 1)]).inhibited(&[o(5)]);
        let level = Level::single("R", vec![promoted, latched]);
        let (sys, ids) = system(&[(0, 5), (2, 4), (4, 1)], vec![level], vec![]);
        let mut sim = Simulator::new(&sys, 7);
        sim.step().unwrap();
        let e = &sim.configuration().contents[1];
        assert_eq!((e.count(ids[1]), e.count(ids[4])), (5, 1));
        assert_eq!((e.count(ids[2]), e.count(ids[3]), e.count(ids[5])), (3, 1, 1));
        assert!(sim.step().is_none(), "m now inhibits the latched rule");
    }

    #[test]
    fn dissolution_frees_the_products_of_the_same_step_and_send_out_reaches_the_environment() {
        let rules = vec![
            Rule::evolve(&[(o(0), 1)], &[(o(1), 1)]),
            Rule::dissolve(&[(o(4), 1)], &[(o(2), 1)]),
        ];
        let skin = vec![Level::single("out", vec![Rule::send_out(o(2))])];
        let (sys, ids) = system(&[(0, 2), (4, 1)], vec![Level::single("E", rules)], skin);
        let mut sim = Simulator::new(&sys, 3);
        let report = sim.step().unwrap();
        assert_eq!(report.dissolved, vec![1]);
        let config = sim.configuration();
        assert!(!config.alive[1]);
        assert_eq!((config.contents[0].count(ids[1]), config.contents[0].count(ids[2])), (2, 1));
        let report = sim.step().unwrap();
        assert_eq!(report.sent_out, vec![(ids[2], 1)]);
        assert_eq!(sim.configuration().environment.count(ids[2]), 1);
        assert!(sim.step().is_none());
    }

    #[test]
    fn contested_objects_go_to_one_rule_chosen_by_the_seed() {
        let rules = vec![
            Rule::evolve(&[(o(0), 1)], &[(o(1), 1)]),
            Rule::evolve(&[(o(0), 1)], &[(o(2), 1)]),
        ];
        let (sys, ids) = system(&[(0, 1)], vec![Level::single("R", rules)], vec![]);
        let outcome = |seed| {
            let mut sim = Simulator::new(&sys, seed);
            sim.step();
            let e = &sim.configuration().contents[1];
            (e.count(ids[1]), e.count(ids[2]))
        };
        let seen: Vec<(u32, u32)> = (0..64).map(outcome).collect();
        assert!(seen.iter().all(|&(y, z)| y + z == 1));
        assert!(seen.contains(&(1, 0)) && seen.contains(&(0, 1)));
        assert_eq!(outcome(5), outcome(5));
    }

    #[test]
    fn malformed_systems_are_refused() {
        let dissolve_skin = vec![Level::single("X", vec![Rule::dissolve(&[(o(0), 1)], &[])])];
        let mut gamma = Alphabet::new();
        gamma.intern("a", &[]);
        let skin = Membrane {
            label: "s".into(),
            parent: None,
            initial: Multiset::new(1),
            levels: dissolve_skin,
        };
        assert!(PSystem::new(gamma.clone(), vec![skin]).is_err());
        let unknown = vec![Level::single("Y", vec![Rule::evolve(&[(o(9), 1)], &[])])];
        let skin = Membrane {
            label: "s".into(),
            parent: None,
            initial: Multiset::new(1),
            levels: unknown,
        };
        assert!(PSystem::new(gamma, vec![skin]).is_err());
    }
}
