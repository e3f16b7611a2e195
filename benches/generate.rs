//! Criterion benches of `deduku generate`, one puzzle per iteration on one thread, each with
//! a fresh seed: a minimal 9×9 with its `Minimal` certificate (issue 15: ≤ 20 ms median), a
//! unique 16×16 (≤ 1 s), and a 25×25 with at most 320 clues.
//!
//! `cargo bench --bench generate`; criterion prints the mean with its interval, and
//! `target/criterion/generate/*/new/estimates.json` holds the median.
// criterion_group! defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use deduku::generate::{generate_one, puzzle_seed, GenerateOptions};
use deduku::grid::Order;
use std::hint::black_box;
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5))
}

/// Benches one generation per iteration, the seed advancing each time.
fn bench(c: &mut Criterion, name: &str, opts: GenerateOptions) {
    let mut group = c.benchmark_group("generate");
    let mut index = 0u64;
    group.bench_function(name, |b| {
        b.iter(|| {
            index += 1;
            let made = generate_one(&opts, puzzle_seed(15, index)).expect("generated");
            black_box(made.proof.steps.len())
        });
    });
    group.finish();
}

fn generation(c: &mut Criterion) {
    let order = |n| Order::new(n).expect("a supported order");
    let minimal = GenerateOptions { minimal: true, ..GenerateOptions::new(order(3)) };
    bench(c, "minimal_9x9_with_certificate", minimal);
    bench(c, "unique_16x16", GenerateOptions::new(order(4)));
    let sparse_25 = GenerateOptions { clues: Some(320), ..GenerateOptions::new(order(5)) };
    bench(c, "25x25_at_most_320_clues", sparse_25);
}

criterion_group! {
    name = benches;
    config = config();
    targets = generation
}
criterion_main!(benches);
