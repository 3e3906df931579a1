//! Criterion benches: sequential and parallel alpha-beta, with and without
//! static ordering, on one implicit random tree. `cargo bench --bench search`.

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::games::random::{RandomSpec, RandomTree};
use gametree::search::{Algorithm, Options, Order, search};
use gametree::trace::NoRecorder;

fn searches(c: &mut Criterion) {
    let tree = RandomTree::new(RandomSpec::new(8, 8, 1).noise(2.0));
    let ordered = Options {
        order: Order::Static,
        ..Options::default()
    };
    let mut group = c.benchmark_group("random b=8 d=8 noise=2");
    group.sample_size(10);
    for (name, algorithm, options) in [
        ("alphabeta", Algorithm::AlphaBeta, Options::default()),
        ("parallel", Algorithm::Parallel, Options::default()),
        ("alphabeta order=static", Algorithm::AlphaBeta, ordered),
        ("parallel order=static", Algorithm::Parallel, ordered),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| search(&tree, algorithm, options, &mut NoRecorder).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, searches);
criterion_main!(benches);
