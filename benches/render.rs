//! The DOT of a 100,000-node diagram and its native layout and SVG, beside
//! the searches that record the trace it is drawn from (alpha-beta, and
//! minimax, which visits every node), measured side by side in one run.
//!
//! Run with `cargo bench --bench render`. The tree is built from text here:
//! a root with 41 children of 46 children of 52 leaves each (1 + 41 +
//! 1,886 + 98,072 = 100,000 nodes), leaf values from a fixed pseudo-random
//! sequence, so alpha-beta cuts as it would on a real tree.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::render::{Diagram, Layers, RenderOptions};
use gametree::search::{Algorithm, Options, search};
use gametree::syntax::parse;
use gametree::trace::Trace;
use gametree::tree::Tree;

const SHAPE: [usize; 3] = [41, 46, 52];

/// A nested list of `SHAPE`, with leaf values from a linear congruential
/// sequence.
fn tree_text() -> String {
    let mut seed: u64 = 1;
    let mut leaf = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % 100
    };
    let mut text = String::new();
    write_level(&mut text, &SHAPE, &mut leaf);
    text
}

fn write_level(text: &mut String, shape: &[usize], leaf: &mut impl FnMut() -> u64) {
    let Some((&count, rest)) = shape.split_first() else {
        text.push_str(&leaf().to_string());
        return;
    };
    text.push('[');
    for i in 0..count {
        if i > 0 {
            text.push(' ');
        }
        write_level(text, rest, leaf);
    }
    text.push(']');
}

fn large_tree() -> Tree {
    let tree = parse("bench", &tree_text()).expect("the tree parses");
    assert_eq!(tree.len(), 100_000);
    tree
}

fn bench(c: &mut Criterion) {
    let tree = large_tree();
    let searched = |algorithm| {
        let mut trace = Trace::new();
        let result =
            search(&tree, algorithm, Options::default(), &mut trace).expect("no unknown leaves");
        (trace, result)
    };
    let (trace, result) = searched(Algorithm::AlphaBeta);
    let mut group = c.benchmark_group("100k nodes");
    group.sample_size(10);
    for (name, algorithm) in [
        ("alpha-beta with trace", Algorithm::AlphaBeta),
        ("minimax with trace", Algorithm::Minimax),
    ] {
        group.bench_function(name, |b| b.iter(|| black_box(searched(algorithm))));
    }
    for (name, layers) in [
        ("DOT", Layers::default()),
        ("DOT, every layer", Layers::ALL),
    ] {
        let options = RenderOptions {
            layers,
            ..RenderOptions::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| black_box(Diagram::new(&tree, &trace, &result, options).to_dot()))
        });
    }
    for (name, layers) in [
        ("layout + SVG", Layers::default()),
        ("layout + SVG, every layer", Layers::ALL),
    ] {
        let options = RenderOptions {
            layers,
            ..RenderOptions::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| black_box(Diagram::new(&tree, &trace, &result, options).to_svg()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
