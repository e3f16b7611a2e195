//! The proof DAG in Graphviz DOT: nodes labelled by literal, coloured by rule, each
//! subproof a nested cluster — for the whole proof or one refutation (`--subproof`).
//! Written iteratively with bounded indentation, so the text is linear in the certificate
//! however deep the boxes nest; past a cap the drawing is refused with a clear message,
//! since Graphviz needs minutes for a few thousand nodes.

use super::derivation::{rule_family, Derivation};
use super::words::rule_label;
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
        "Lemma" => "#f9b98c",
        other => {
            let hash = other.bytes().fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
            SPARE[hash % SPARE.len()]
        }
    }
}

/// Nodes drawn by default: Graphviz lays out a 600-line top95 proof in about 30 s.
pub const DOT_MAX_NODES: usize = 400;

/// What to draw.
#[derive(Clone, Copy, Debug)]
pub struct DotOptions {
    /// One refutation: the position of its `Assume` (the box, the Negations discharging it,
    /// and the outside lines it cites as dashed context); `None` draws everything.
    pub subproof: Option<usize>,
    /// Refuse to draw more nodes than this.
    pub max_nodes: usize,
}

/// Why no DOT was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DotError {
    /// More nodes than the cap.
    #[error(
        "the drawing would have {nodes} nodes, more than the cap of {cap} (Graphviz takes about \
         30 s to lay out the 600 nodes of a top95 proof, and minutes for thousands): draw one \
         refutation with --subproof LINE{hint}, or raise the cap with --max-nodes N"
    )]
    TooLarge {
        /// Nodes the drawing would have.
        nodes: usize,
        /// The cap.
        cap: usize,
        /// Some subproof lines to try.
        hint: String,
    },
}

/// What a cluster (or the root) holds: a step's node, or a nested subproof.
#[derive(Clone, Copy)]
enum Item {
    Node(usize),
    Cluster(usize),
}

/// Indentation levels written; deeper clusters are written at this indentation.
const MAX_INDENT: usize = 8;

/// DOT text of the derivation `d`.
pub fn to_dot(d: &Derivation, opts: DotOptions) -> Result<String, DotError> {
    let n = d.lines.len();
    let selected: Vec<bool> = match opts.subproof.and_then(|a| Some((a, d.extent(a)?))) {
        Some((a, extent)) => {
            (0..n).map(|i| (a..=extent.last).contains(&i) || d.discharged(i) == Some(a)).collect()
        }
        None => vec![true; n],
    };
    let mut context = vec![false; n];
    for i in (0..n).filter(|&i| selected[i]) {
        for p in d.lines[i].premises.iter().flatten().filter(|&&p| !selected[p]) {
            context[*p] = true;
        }
    }
    let nodes = selected.iter().zip(&context).filter(|(s, c)| **s || **c).count();
    if nodes > opts.max_nodes {
        return Err(DotError::TooLarge { nodes, cap: opts.max_nodes, hint: assume_hint(d) });
    }
    let mut out = String::from("digraph proof {\n  rankdir=TB;\n");
    out.push_str("  node [shape=box, style=\"rounded,filled\", fontname=\"sans-serif\"];\n");
    for p in (0..n).filter(|&p| context[p]) {
        node(&mut out, d, p, "  ", ", style=\"rounded,dashed\"");
    }
    let (root, inside) = nesting(d, &selected);
    emit(&mut out, d, &root, &inside);
    for i in (0..n).filter(|&i| selected[i]) {
        for p in d.lines[i].premises.iter().flatten().filter(|&&p| selected[p] || context[p]) {
            let _ = writeln!(out, "  n{p} -> n{i};");
        }
    }
    out.push_str("}\n");
    Ok(out)
}

/// The selected lines sorted into the root and each box (an Assume drawn inside its own
/// cluster, as Fitch draws the hypothesis). A box outside the selection counts as the root.
fn nesting(d: &Derivation, selected: &[bool]) -> (Vec<Item>, Vec<Vec<Item>>) {
    let mut inside: Vec<Vec<Item>> = vec![Vec::new(); d.lines.len()];
    let mut root = Vec::new();
    for (i, line) in d.lines.iter().enumerate().filter(|(i, _)| selected[*i]) {
        let (item, container) = if line.home == Some(i) {
            inside[i].push(Item::Node(i));
            (Item::Cluster(i), line.scope)
        } else {
            (Item::Node(i), line.home)
        };
        match container.filter(|&c| selected[c]) {
            Some(c) => inside[c].push(item),
            None => root.push(item),
        }
    }
    (root, inside)
}

/// Write the items depth first with an explicit stack (no recursion on the nesting).
fn emit(out: &mut String, d: &Derivation, root: &[Item], inside: &[Vec<Item>]) {
    let mut stack: Vec<(&[Item], usize)> = vec![(root, 0)];
    loop {
        let pad = "  ".repeat(stack.len().min(MAX_INDENT));
        let Some(top) = stack.last_mut() else { break };
        let (items, k) = *top;
        let Some(&item) = items.get(k) else {
            stack.pop();
            if !stack.is_empty() {
                let _ = writeln!(out, "{}}}", "  ".repeat(stack.len().min(MAX_INDENT)));
            }
            continue;
        };
        top.1 += 1;
        match item {
            Item::Node(i) => node(out, d, i, &pad, ""),
            Item::Cluster(a) => {
                let _ = writeln!(out, "{pad}subgraph cluster_{a} {{");
                let label = escape(&format!("assume {}", d.lit(a)));
                let _ = writeln!(out, "{pad}  label=\"{label}\"; style=rounded;");
                stack.push((&inside[a], 0));
            }
        }
    }
}

fn node(out: &mut String, d: &Derivation, i: usize, pad: &str, style: &str) {
    let label = format!("{}: {}\n{}", Derivation::number(i), d.lit(i), rule_label(d, i));
    let colour = rule_colour(&rule_family(&d.lines[i].step.rule));
    let _ =
        writeln!(out, "{pad}n{i} [label=\"{}\", fillcolor=\"{colour}\"{style}];", escape(&label));
}

/// Text safe inside a DOT string.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

/// ` (Assume lines: 299, 441, …)`: root subproofs a user can pick.
fn assume_hint(d: &Derivation) -> String {
    let roots: Vec<String> = (0..d.lines.len())
        .filter(|&i| d.extent(i).is_some() && d.lines[i].level == 1)
        .take(6)
        .map(|i| Derivation::number(i).to_string())
        .collect();
    match roots.len() {
        0 => String::new(),
        _ => format!(" (root Assume lines: {}, …)", roots.join(", ")),
    }
}
