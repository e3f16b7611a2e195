//! Tests of the generic simulator on tiny hand-made systems.

use super::objects::{Alphabet, Multiset, ObjectId};
use super::rules::{Level, Rule};
use super::simulator::Simulator;
use super::system::{Membrane, PSystem};

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
    let rules =
        vec![Rule::evolve(&[(o(0), 1)], &[(o(1), 1)]), Rule::dissolve(&[(o(4), 1)], &[(o(2), 1)])];
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
    let rules =
        vec![Rule::evolve(&[(o(0), 1)], &[(o(1), 1)]), Rule::evolve(&[(o(0), 1)], &[(o(2), 1)])];
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
    let skin =
        Membrane { label: "s".into(), parent: None, initial: Multiset::new(1), levels: unknown };
    assert!(PSystem::new(gamma, vec![skin]).is_err());
}
