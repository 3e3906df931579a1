//! The web page's data writer on arbitrary text: `script_json` writes no
//! `<`, `>`, `&`, U+2028 or U+2029 and reads back exactly; and a page whose
//! title, node names and action labels are arbitrary texts (pieces of the
//! input between NUL bytes, which no reader takes in a name) holds only
//! such data, its ids and title exactly, and no script or comment of a
//! name's making.

#![no_main]

use gametree::formats::{self, ReadOptions, TreeFormat};
use gametree::render::RenderOptions;
use gametree::search::{Algorithm, Options, search};
use gametree::trace::Trace;
use gametree::tree::{GameTree, NodeId, Tree};
use gametree::web::{PageOptions, PageTree, page, script_json};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value as Json, json};

/// What the data may never hold.
const FORBIDDEN: [char; 5] = ['<', '>', '&', '\u{2028}', '\u{2029}'];

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let pieces: Vec<&str> = text.split('\0').take(16).collect();
    let written = script_json(&pieces);
    assert!(!written.contains(FORBIDDEN), "{written}");
    let back: Vec<String> = serde_json::from_str(&written).expect("reads back");
    assert_eq!(back, pieces);
    let (title, names) = pieces.split_first().expect("one piece at least");
    let Ok(loaded) = formats::read(
        TreeFormat::Json,
        "fuzz",
        &tree_json(names),
        &ReadOptions::default(),
    ) else {
        return;
    };
    check_page(title, &loaded.tree);
});

/// A tree whose root has a child for each name, named by it, with the next
/// name as the label of the edge into it and of the edge into its second
/// leaf.
fn tree_json(names: &[&str]) -> String {
    let children: Vec<Json> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let label = names[(i + 1) % names.len()];
            json!({"name": name, "label": label, "children": [
                {"value": i}, {"label": label, "value": 3}
            ]})
        })
        .collect();
    json!({ "children": children }).to_string()
}

fn check_page(title: &str, tree: &Tree) {
    let mut trace = Trace::new();
    let Ok(result) = search(tree, Algorithm::AlphaBeta, Options::default(), &mut trace) else {
        return;
    };
    let options = PageOptions {
        title: title.to_string(),
        render: RenderOptions::default(),
        fail_hard: false,
        quiz: true,
    };
    let one = PageTree {
        title: title.to_string(),
        tree,
        trace: &trace,
        result: &result,
    };
    let html = page(&[one], &options);
    let blocks: Vec<&str> = html
        .split("<script type=\"application/json\" class=\"data\">")
        .skip(1)
        .map(|rest| rest.split("</script>").next().expect("an end"))
        .collect();
    assert_eq!(blocks.len(), 1);
    let block = blocks[0];
    assert!(!block.contains(FORBIDDEN), "{block}");
    let data: Json = serde_json::from_str(block).expect("the data parses");
    let ids: Vec<String> = (0..tree.len() as NodeId).map(|n| tree.id(n)).collect();
    assert_eq!(data["ids"], json!(ids));
    assert_eq!(data["title"], title);
    assert_eq!(
        html.matches("<script").count(),
        2,
        "the data's and the page's"
    );
    assert_eq!(html.matches("</script>").count(), 2);
    assert!(!html.contains("<!--"));
}
