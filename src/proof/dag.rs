//! The petgraph view of a certificate: nodes are steps, edges run from a
//! premise to the step that uses it.

use deduku_check::format::{Proof, Step};
use petgraph::dot::{Config, Dot};
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::HashMap;

/// A proof as a directed acyclic graph of its steps (edge: premise → use).
pub type ProofGraph = DiGraph<Step, ()>;

/// Build the DAG of `proof`. Premises naming unknown ids are left out (the
/// checker, not this view, judges proofs).
pub fn to_graph(proof: &Proof) -> ProofGraph {
    let mut graph = ProofGraph::with_capacity(proof.steps.len(), proof.steps.len());
    let mut index: HashMap<u64, NodeIndex> = HashMap::with_capacity(proof.steps.len());
    for step in &proof.steps {
        let node = graph.add_node(step.clone());
        for p in &step.premises {
            if let Some(&from) = index.get(p) {
                graph.add_edge(from, node, ());
            }
        }
        index.insert(step.id, node);
    }
    graph
}

/// Graphviz DOT text of the proof DAG, nodes labelled `id: literal (rule)`.
pub fn to_dot(proof: &Proof) -> String {
    let graph = to_graph(proof);
    let labelled = graph.map(|_, s| format!("{}: {:?} ({:?})", s.id, s.fact, s.rule), |_, ()| "");
    format!("{:?}", Dot::with_config(&labelled, &[Config::EdgeNoLabel]))
}
