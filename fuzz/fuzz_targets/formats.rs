//! The format readers on arbitrary bytes: JSON, Gambit `.efg` and CS188
//! `.test` never panic; a tree read is written as JSON and read back
//! unchanged, as the tree language too unless a name or label holds what
//! that language cannot quote, and a tree written as `.efg` reads back.

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
        // The tree language has no escapes: a `"` or a line end in a name or
        // a label is written otherwise (as documented), so only JSON keeps
        // such a text exactly.
        let exact = match out {
            Format::Json => true,
            Format::Tree => !has_unquotable_text(&tree),
            _ => false,
        };
        if exact {
            assert_eq!(
                outline(&back),
                outline(&tree),
                "{out:?} round trip\n{written}"
            );
        }
    }
});

/// Whether a name or a label holds a `"` or a line end.
fn has_unquotable_text(tree: &Tree) -> bool {
    let unquotable = |text: &str| text.contains(['"', '\n', '\r']);
    tree.nodes()
        .any(|n| unquotable(&tree.id(n)) || tree.label(n).as_deref().is_some_and(unquotable))
}

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
