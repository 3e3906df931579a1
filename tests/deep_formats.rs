//! Depth the same in every format: each reader takes the 10,000 levels the
//! tree language takes and refuses one more where it stands, each writer's
//! output grows linearly with the tree, and what `convert` writes reads
//! back.

use std::path::PathBuf;
mod common;

use gametree::formats::{self, ReadOptions, TreeFormat};
use gametree::syntax;
use gametree::tree::MAX_DEPTH;
use gametree::tree::{GameTree, Tree};

/// `[[...[1]...]]`, `depth` lists deep: a chain whose leaf lies `depth`
/// levels below the root.
fn chain(depth: usize) -> String {
    format!("{}1{}\n", "[".repeat(depth), "]".repeat(depth))
}

/// The same chain as JSON, one node an object.
fn json_chain(depth: usize) -> String {
    let open = "{\"children\": [".repeat(depth);
    format!("{open}{{\"value\": 1}}{}", "]}".repeat(depth))
}

/// The same chain as a Gambit game: `depth` player nodes, then a terminal
/// node.
fn efg_chain(depth: usize) -> String {
    let mut text = String::from("EFG 2 R \"\" { \"1\" \"2\" }\n\"\"\n");
    for level in 0..depth {
        text.push_str(&format!(
            "p \"\" {} {level} \"\" {{ \"\" }} 0\n",
            level % 2 + 1
        ));
    }
    text.push_str("t \"\" 1 \"\" { 1, -1 }\n");
    text
}

/// Every node in preorder: name, kind, value, static value, label and
/// number of children (ids of a deep chain are too long to list).
fn outline(tree: &Tree) -> Vec<String> {
    tree.nodes()
        .map(|n| {
            format!(
                "{:?} {} {:?} {:?} {:?} {}",
                tree.name(n),
                tree.kind(n),
                tree.value(n),
                tree.static_value(n),
                tree.label(n),
                tree.child_count(n)
            )
        })
        .collect()
}

const WRITERS: [TreeFormat; 3] = [TreeFormat::Tree, TreeFormat::Json, TreeFormat::Efg];

#[test]
fn every_reader_takes_the_tree_language_s_depth_and_no_more() {
    let deepest = syntax::parse("t", &chain(MAX_DEPTH)).unwrap();
    assert_eq!(deepest.depth(), MAX_DEPTH);
    for (format, text) in [
        (TreeFormat::Json, json_chain(MAX_DEPTH)),
        (TreeFormat::Efg, efg_chain(MAX_DEPTH)),
    ] {
        let read = formats::read(format, "t", &text, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{format:?}: {e}"));
        assert_eq!(outline(&read.tree), outline(&deepest), "{format:?}");
    }
    let words = format!("the tree is nested more than {MAX_DEPTH} levels deep");
    let too_deep = [
        (TreeFormat::Tree, chain(MAX_DEPTH + 1), (1, MAX_DEPTH + 1)),
        (
            TreeFormat::Json,
            json_chain(MAX_DEPTH + 1),
            (1, 14 * (MAX_DEPTH + 1) + 1),
        ),
        (
            TreeFormat::Efg,
            efg_chain(MAX_DEPTH + 1),
            (MAX_DEPTH + 4, 1),
        ),
    ];
    for (format, text, place) in too_deep {
        let error = formats::read(format, "t", &text, &ReadOptions::default()).unwrap_err();
        let error = error.parse_error().unwrap();
        assert_eq!((error.line, error.column), place, "{format:?}");
        assert_eq!(error.message, words, "{format:?}");
    }
}

#[test]
fn json_brackets_nested_past_a_tree_s_depth_are_refused_without_recursing() {
    let depth = 1_000_000;
    let arrays = format!(
        "{{\"probability\": {}{}}}",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let objects = "{\"children\": [".repeat(depth);
    for text in [arrays, objects] {
        let error =
            formats::read(TreeFormat::Json, "t", &text, &ReadOptions::default()).unwrap_err();
        assert!(
            error.to_string().contains("nested more than 10000 levels"),
            "{error}"
        );
    }
}

#[test]
fn each_writer_s_output_grows_linearly_with_a_chain() {
    let size = |depth: usize, format: TreeFormat| {
        let tree = syntax::parse("t", &chain(depth)).unwrap();
        formats::write(&tree, format).unwrap().len()
    };
    let input = chain(MAX_DEPTH).len();
    for format in WRITERS {
        let (half, whole) = (size(MAX_DEPTH / 2, format), size(MAX_DEPTH, format));
        // At most 100 bytes a level where the tree language takes 2: the
        // indentation stops growing at a fixed depth.
        assert!(whole <= 50 * input, "{format:?}: {whole} bytes for {input}");
        assert!(
            whole * 10 <= half * 21,
            "{format:?}: {half} then {whole} bytes"
        );
    }
}

#[test]
fn every_writer_round_trips_the_deepest_tree() {
    let text = format!(
        "{}A = 1{}\n",
        "max [\"x y\": ".repeat(MAX_DEPTH),
        "]".repeat(MAX_DEPTH)
    );
    let deepest = syntax::parse("t", &text).unwrap();
    assert_eq!(deepest.depth(), MAX_DEPTH);
    for format in WRITERS {
        let written = formats::write(&deepest, format).unwrap();
        let read = formats::read(format, "t", &written, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{format:?}: {e}"));
        assert_eq!(outline(&read.tree), outline(&deepest), "{format:?}");
    }
}

/// A scratch folder of this test process.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn convert_writes_only_what_gametree_reads_back() {
    let dir = scratch("deep-convert");
    let input = dir.join("chain.tree");
    std::fs::write(&input, chain(MAX_DEPTH)).unwrap();
    for extension in ["tree", "json", "efg"] {
        let output = dir.join(format!("out.{extension}"));
        let run = |args: &[&str]| common::gametree(args).output();
        let converted = run(&[
            "convert",
            input.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
        ]);
        assert_eq!(converted.status.code(), Some(0), "{extension}");
        let solved = run(&["solve", output.to_str().unwrap()]);
        let stdout = String::from_utf8_lossy(&solved.stdout);
        assert_eq!(
            solved.status.code(),
            Some(0),
            "{extension}: {:?}",
            solved.stderr
        );
        assert!(stdout.contains("\nvalue: 1\n"), "{extension}: {stdout}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
