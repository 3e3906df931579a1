//! The format readers on arbitrary bytes: JSON, Gambit `.efg` and CS188
//! `.test` never panic; a tree read is written as JSON and as the tree
//! language and read back unchanged, and a tree written as `.efg` reads
//! back.

#![no_main]

use gametree::formats::{self, Format, ReadOptions};
use gametree::syntax::Limits;
use gametree::tree::{GameTree, Tree};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let options = ReadOptions {
        limits: Limits { max_nodes: 10_000 },
        ..ReadOptions::default()
    };
    let format = [Format::Json, Format::Efg, Format::Cs188][usize::from(selector % 3)];
    let Ok(loaded) = formats::read(format, "fuzz", &text, &options) else {
        return;
    };
    let tree = loaded.tree;
    for out in [Format::Json, Format::Tree, Format::Efg] {
        let Ok(written) = formats::write(&tree, out) else {
            continue;
        };
        let back = formats::read(out, "again", &written, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{out:?} as written reads back: {e}\n{written}"))
            .tree;
        if out != Format::Efg {
            assert_eq!(outline(&back), outline(&tree), "{out:?} round trip\n{written}");
        }
    }
});

/// What a tree says, node by node, apart from where it was written.
fn outline(tree: &Tree) -> Vec<String> {
    tree.nodes()
        .map(|n| {
            let probability = tree
                .parent(n)
                .filter(|p| tree.kind(*p).is_chance())
                .map(|p| format!("{:.12}", tree.probability(p, n)));
            format!(
                "{} {} {:?} {:?} {:?} {probability:?}",
                tree.id(n),
                tree.kind(n),
                tree.value(n),
                tree.static_value(n),
                tree.label(n)
            )
        })
        .collect()
}
