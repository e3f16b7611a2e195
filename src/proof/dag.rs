//! The petgraph view of a certificate: nodes are steps, edges run from a
//! premise to the step that uses it. For library users who want to walk a proof with graph
//! algorithms; `explain::to_dot` draws one.

use deduku_check::format::{Proof, Step};
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
