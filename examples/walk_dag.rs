//! Walking a certificate as a graph: every step is a node, every premise an edge to the
//! step that uses it (`deduku::proof::to_graph`, a petgraph `DiGraph`).
//!
//! `cargo run --release --example walk_dag [PUZZLE]`: solves the puzzle (top95 #1 by
//! default), then reports the DAG's size, its sources, and the longest chain of premises.

use deduku::grid::{parse_one, ParseOptions};
use deduku::proof::to_graph;
use deduku::solve::{solve, SolveOptions};
use petgraph::algo::toposort;
use petgraph::Direction;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".into()
    });
    let puzzle = parse_one(&text, &ParseOptions::default())?.grid;
    let proof = solve(&puzzle, &SolveOptions::default()).proof;
    let graph = to_graph(&proof);
    let sources = graph.externals(Direction::Incoming).count();
    println!(
        "{} steps, {} premise edges, {sources} without premises",
        graph.node_count(),
        graph.edge_count()
    );
    // Longest path by dynamic programming over a topological order (the DAG is acyclic:
    // premises precede their steps).
    let order = toposort(&graph, None).map_err(|_| "a certificate is acyclic")?;
    let mut depth = vec![0usize; graph.node_count()];
    for &node in &order {
        for next in graph.neighbors_directed(node, Direction::Outgoing) {
            depth[next.index()] = depth[next.index()].max(depth[node.index()] + 1);
        }
    }
    let deepest = order.iter().max_by_key(|n| depth[n.index()]).ok_or("an empty certificate")?;
    let step = &graph[*deepest];
    println!(
        "longest premise chain: {} steps, ending at step {} ({:?} by {:?})",
        depth[deepest.index()],
        step.id,
        step.fact,
        step.rule
    );
    Ok(())
}
