//! The proof DAG in Graphviz DOT: nodes labelled by literal, coloured by rule,
//! each subproof a nested cluster. petgraph builds the graph; its `Dot` writer
//! has no clusters, so the text is written here.

use super::derivation::{rule_family, Derivation};
use crate::proof::to_graph;
use petgraph::visit::EdgeRef;
use std::fmt::Write;

/// Fill colour of a rule family; rules unknown to this version get a stable colour.
pub fn rule_colour(family: &str) -> &'static str {
    const SPARE: [&str; 6] = ["#b3e2cd", "#fdcdac", "#cbd5e8", "#f4cae4", "#e6f5c9", "#fff2ae"];
    match family {
        "Given" => "#dddddd",
        "Exclusion" => "#d6e9f8",
        "NakedSingle" => "#b8e6b8",
        "HiddenSingle" => "#ffe08a",
        "EmptyCell" | "NoPlace" | "Clash" => "#f4a6a6",
        "Assume" => "#e3c6f5",
        "Negation" => "#ffc58a",
        other => {
            let hash = other.bytes().fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
            SPARE[hash % SPARE.len()]
        }
    }
}

/// What a cluster (or the root) holds: a step's node, or a nested subproof.
#[derive(Clone, Copy)]
enum Item {
    Node(usize),
    Cluster(usize),
}

/// DOT text of the derivation `d`.
pub fn to_dot(d: &Derivation) -> String {
    let graph = to_graph(d.proof);
    let mut out = String::from("digraph proof {\n  rankdir=TB;\n");
    out.push_str("  node [shape=box, style=\"rounded,filled\", fontname=\"sans-serif\"];\n");
    let mut inside: Vec<Vec<Item>> = vec![Vec::new(); d.lines.len()];
    let mut root = Vec::new();
    for (i, line) in d.lines.iter().enumerate() {
        // An Assume is drawn inside its own cluster, as Fitch draws the hypothesis.
        let (item, container) = if line.home == Some(i) {
            inside[i].push(Item::Node(i));
            (Item::Cluster(i), line.scope)
        } else {
            (Item::Node(i), line.home)
        };
        match container {
            Some(c) => inside[c].push(item),
            None => root.push(item),
        }
    }
    for item in root {
        emit(&mut out, d, &inside, item, 1);
    }
    for e in graph.edge_references() {
        let _ = writeln!(out, "  n{} -> n{};", e.source().index(), e.target().index());
    }
    out.push_str("}\n");
    out
}

fn emit(out: &mut String, d: &Derivation, inside: &[Vec<Item>], item: Item, indent: usize) {
    let pad = "  ".repeat(indent);
    match item {
        Item::Node(i) => {
            let step = d.lines[i].step;
            let _ = writeln!(
                out,
                "{pad}n{i} [label=\"{}: {}\\n{:?}\", fillcolor=\"{}\"];",
                Derivation::number(i),
                step.fact,
                step.rule,
                rule_colour(&rule_family(&step.rule))
            );
        }
        Item::Cluster(a) => {
            let _ = writeln!(out, "{pad}subgraph cluster_{a} {{");
            let _ =
                writeln!(out, "{pad}  label=\"assume {}\"; style=rounded;", d.lines[a].step.fact);
            for &inner in &inside[a] {
                emit(out, d, inside, inner, indent + 1);
            }
            let _ = writeln!(out, "{pad}}}");
        }
    }
}
