//! Criterion benches: the algorithms built on alpha-beta beside it, on one
//! implicit random tree, each reported in nodes visited per second.
//! `cargo bench --bench family`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gametree::games::random::{RandomSpec, RandomTree};
use gametree::search::{Algorithm, Options, search};
use gametree::trace::NoRecorder;
use gametree::value::Value;

fn family(c: &mut Criterion) {
    let tree = RandomTree::new(RandomSpec::new(6, 7, 1).noise(2.0));
    let mut group = c.benchmark_group("random b=6 d=7 noise=2");
    group.sample_size(10);
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::NegamaxAlphaBeta,
        Algorithm::Pvs,
        Algorithm::Mtdf,
        Algorithm::Sss,
    ] {
        // MTD(f) from 0, not from the root's static value (nearly the
        // value on these trees).
        let options = Options {
            guess: (algorithm == Algorithm::Mtdf).then_some(Value::ZERO),
            ..Options::default()
        };
        let visited = search(&tree, algorithm, options, &mut NoRecorder)
            .unwrap()
            .stats
            .nodes_visited;
        group.throughput(Throughput::Elements(visited));
        group.bench_function(algorithm.name(), |b| {
            b.iter(|| search(&tree, algorithm, options, &mut NoRecorder).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, family);
criterion_main!(benches);
