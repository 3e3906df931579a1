//! The web page against hostile names, without a browser: whatever the
//! names, labels and file name, the data embedded in the page holds no
//! `<`, `>`, `&`, U+2028 or U+2029, parses back to exactly the search's
//! trace and the tree's ids, and the markup around it holds each name only
//! escaped. `tests/browser_hostile.rs` opens the same pages in Chromium.

#![cfg(all(unix, feature = "cli"))]

use std::path::{Path, PathBuf};

use gametree::formats::{self, ReadOptions, TreeFormat};
use gametree::tree::{GameTree, NodeId, Tree};
use serde_json::{Value as Json, json};

mod common;

use common::scratch;

/// The corpus of `tests/data/hostile-page-names.json`: the names every
/// reader takes, and those a reader may refuse.
fn corpus() -> (Vec<String>, Vec<String>) {
    (
        common::hostile_page_texts("accepted"),
        common::hostile_page_texts("maybe_refused"),
    )
}

/// A tree where `name` names the first interior node and labels the edge
/// into it and the edge into a leaf that a cut skips, as JSON.
fn json_tree(name: &str) -> String {
    json_tree_named(name, name)
}

/// The tree of [`json_tree`] with the first interior node named `name`
/// and the two edges labelled `label`.
fn json_tree_named(name: &str, label: &str) -> String {
    let leaves =
        |values: [i32; 3]| -> Vec<Json> { values.iter().map(|v| json!({"value": v})).collect() };
    let mut second = leaves([2, 4, 6]);
    second[1]["label"] = json!(label);
    json!({"children": [
        {"label": label, "name": name, "children": leaves([3, 12, 8])},
        {"name": "C", "children": second},
        {"name": "D", "children": leaves([14, 5, 2])},
    ]})
    .to_string()
}

/// The same tree in the tree language, when it can quote `name` (no `"`,
/// no line end).
fn language_tree(name: &str) -> Option<String> {
    (!name.contains(['"', '\n', '\r'])).then(|| {
        format!("[\n  \"{name}\": \"{name}\" [3 12 8]\n  C [2 \"{name}\": 4 6]\n  D [14 5 2]\n]\n")
    })
}

/// Each tree file made of `name`: its path and its format.
fn tree_files(dir: &Path, index: usize, name: &str) -> Vec<(PathBuf, TreeFormat)> {
    let mut files = Vec::new();
    let json_path = dir.join(format!("name-{index}.json"));
    std::fs::write(&json_path, json_tree(name)).unwrap();
    files.push((json_path, TreeFormat::Json));
    if let Some(text) = language_tree(name) {
        let path = dir.join(format!("name-{index}.tree"));
        std::fs::write(&path, text).unwrap();
        files.push((path, TreeFormat::Tree));
    }
    files
}

/// `gametree ARGS`: its standard output, or its exit code and message.
fn output_or_refusal(args: &[&str]) -> Result<String, (Option<i32>, String)> {
    let output = common::gametree(args).output();
    match output.status.success() {
        true => Ok(String::from_utf8(output.stdout).unwrap()),
        false => Err((
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )),
    }
}

/// The text of each data block of a page, as it stands in the page.
fn data_blocks(page: &str) -> Vec<&str> {
    page.split("<script type=\"application/json\" class=\"data\">")
        .skip(1)
        .map(|rest| rest.split("</script>").next().unwrap())
        .collect()
}

/// The page's data blocks are safe and parse back to the search's own
/// trace and the tree's ids; the data of each.
fn assert_data_safe_and_exact(page: &str, path: &str, tree: &Tree) -> Vec<Json> {
    let blocks = data_blocks(page);
    assert!(!blocks.is_empty(), "{path}: a page with data");
    let events: Json =
        serde_json::from_str(&output_or_refusal(&["trace", path, "--json"]).unwrap()).unwrap();
    let ids: Vec<String> = (0..tree.len() as NodeId).map(|n| tree.id(n)).collect();
    let mut all = Vec::new();
    for block in blocks {
        for bad in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
            assert!(!block.contains(bad), "{path}: {bad:?} in the page's data");
        }
        let data: Json = serde_json::from_str(block)
            .unwrap_or_else(|e| panic!("{path}: the data does not parse: {e}"));
        assert_eq!(data["events"], events, "{path}: the trace, exactly");
        assert_eq!(data["ids"], json!(ids), "{path}: the ids, exactly");
        assert_eq!(data["title"], path, "{path}: the title");
        assert_nodes_match_ids(&data, path);
        all.push(data);
    }
    all
}

/// Each event's node number (and a cut's skipped children's) is the node
/// its id names.
fn assert_nodes_match_ids(data: &Json, path: &str) {
    let ids = data["ids"].as_array().unwrap();
    let events = data["events"].as_array().unwrap();
    let nodes = data["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), events.len(), "{path}");
    for (event, numbers) in events.iter().zip(nodes) {
        let numbers: Vec<usize> = numbers
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap() as usize)
            .collect();
        assert_eq!(ids[numbers[0]], event["node"], "{path}: {event}");
        if event["event"] == "cut" {
            let skipped: Vec<&Json> = numbers[1..].iter().map(|&n| &ids[n]).collect();
            let pruned: Vec<&Json> = event["pruned"].as_array().unwrap().iter().collect();
            assert_eq!(skipped, pruned, "{path}: {event}");
        } else {
            assert_eq!(numbers.len(), 1, "{path}: {event}");
        }
    }
}

/// The markup holds `name` and `label` only escaped: no markup of their
/// own, no script element but the page's, no comment, and the diagram is
/// well-formed XML whose node titles, names and action labels read back as
/// written.
fn assert_markup_escapes(page: &str, (name, label): (&str, &str), path: &str) {
    let scripts = data_blocks(page).len() + 1;
    assert_eq!(page.matches("<script").count(), scripts, "{path}");
    assert_eq!(page.matches("</script>").count(), scripts, "{path}");
    assert!(!page.contains("<!--"), "{path}: a comment");
    for markup in ["<img", "<svg onload", "<![CDATA["] {
        assert!(!page.contains(markup), "{path}: {markup}");
    }
    if name.contains(char::is_control) || label.contains(char::is_control) {
        // XML has no way to write most control characters: the readers are
        // to refuse them (see the corpus), and the page's own checks above
        // hold for them as for any name.
        return;
    }
    let start = page.find("<svg").unwrap();
    let end = page.find("</svg>").unwrap() + "</svg>".len();
    let svg = roxmltree::Document::parse(&page[start..end])
        .unwrap_or_else(|e| panic!("{path}: the diagram is not XML: {e}"));
    let texts = |class: &str| -> Vec<String> {
        svg.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .map(|n| {
                // A label is a group of text lines: its text is theirs.
                n.descendants()
                    .filter(|d| d.is_text())
                    .filter_map(|d| d.text())
                    .collect::<String>()
            })
            .collect()
    };
    assert!(
        texts("name").contains(&name.to_string()),
        "{path}: {:?}",
        texts("name")
    );
    // Beside its edge, or (a long one) in the legend under the drawing,
    // after its number.
    let actions = texts("action");
    assert_eq!(actions.len(), 2, "{path}: {actions:?}");
    for action in &actions {
        let numbered = action
            .split_once(": ")
            .is_some_and(|(n, rest)| n.ends_with(|c: char| c.is_ascii_digit()) && rest == label);
        assert!(action == label || numbered, "{path}: {actions:?}");
    }
    let titles: Vec<&str> = svg
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|n| n.text())
        .collect();
    assert!(titles.contains(&name), "{path}: {titles:?}");
}

/// The page of `path` made and checked, or the reader's refusal.
fn page_of(path: &Path, format: TreeFormat, name: &str) -> Result<(), String> {
    let file = path.to_str().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let read = formats::read(format, file, &text, &ReadOptions::default());
    let page = output_or_refusal(&["render", file, "--format", "html"]);
    let (tree, page) = match (read, page) {
        (Ok(loaded), Ok(page)) => (loaded.tree, page),
        (Err(e), Err((code, message))) => {
            assert_eq!(code, Some(2), "{file}: {message}");
            assert!(message.starts_with("error: "), "{file}: {message}");
            return Err(e.to_string());
        }
        (read, page) => panic!("{file}: the library and render disagree: {read:?} {page:?}"),
    };
    let data = assert_data_safe_and_exact(&page, file, &tree);
    assert!(
        data[0]["ids"].as_array().unwrap().contains(&json!(name)),
        "{file}"
    );
    assert_markup_escapes(&page, (name, name), file);
    Ok(())
}

#[test]
fn every_hostile_name_and_label_stays_data_in_the_page() {
    let dir = scratch("web-hostile-names");
    let (accepted, maybe) = corpus();
    for (index, name) in accepted.iter().enumerate() {
        for (path, format) in tree_files(&dir, index, name) {
            if let Err(refusal) = page_of(&path, format, name) {
                panic!("{name:?} ({format:?}) refused: {refusal}");
            }
        }
    }
    for (index, name) in maybe.iter().enumerate() {
        for (path, format) in tree_files(&dir, 1000 + index, name) {
            // A refusal is fine (exit 2, with a message); a page must be safe.
            let _ = page_of(&path, format, name);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A text holding a `"` names no node in any reader (an `expect` line could
/// not quote it), and as an action label stays data in the page.
#[test]
fn a_quote_holding_text_is_refused_as_a_name_and_stays_data_as_a_label() {
    let dir = scratch("web-hostile-labels");
    for (index, text) in common::hostile_page_texts("labels_only").iter().enumerate() {
        let named = dir.join(format!("named-{index}.json"));
        std::fs::write(&named, json_tree(text)).unwrap();
        let refusal = page_of(&named, TreeFormat::Json, text).unwrap_err();
        assert!(refusal.contains("`\"`"), "{text}: {refusal}");
        let labelled = dir.join(format!("labelled-{index}.json"));
        std::fs::write(&labelled, json_tree_named("B", text)).unwrap();
        let file = labelled.to_str().unwrap();
        let page = output_or_refusal(&["render", file, "--format", "html"]).unwrap();
        let tree = formats::read(
            TreeFormat::Json,
            file,
            &std::fs::read_to_string(&labelled).unwrap(),
            &ReadOptions::default(),
        )
        .unwrap()
        .tree;
        assert_data_safe_and_exact(&page, file, &tree);
        assert_markup_escapes(&page, ("B", text), file);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hostile_file_name_is_escaped_in_the_title_heading_and_data() {
    let dir = scratch("web-hostile-file");
    let name = "<img src=x onerror=window.__pwned=5> & '<!--<script>' \"x\".tree";
    let path = dir.join(name);
    std::fs::write(&path, "[[3 12 8] [2 4 6] [14 5 2]]\n").unwrap();
    let file = path.to_str().unwrap();
    let page = output_or_refusal(&["render", file, "--format", "html"]).unwrap();
    let escaped = file
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;");
    assert!(
        page.contains(&format!("<title>{escaped}</title>")),
        "the title"
    );
    assert!(page.contains(&format!("<h1>{escaped}</h1>")), "the heading");
    assert!(
        page.contains(&format!("aria-label=\"{escaped}\"")),
        "the section"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let tree = formats::read(TreeFormat::Tree, file, &text, &ReadOptions::default())
        .unwrap()
        .tree;
    assert_data_safe_and_exact(&page, file, &tree);
    assert!(!page.contains("<img"));
    assert!(!page.contains("<!--"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_example_s_page_data_is_safe_and_exact() {
    let trees = Path::new(env!("CARGO_MANIFEST_DIR")).join("trees");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&trees)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tree"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the examples of trees/");
    for path in files {
        let file = path.to_str().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let tree = gametree::syntax::parse_file(file, &text).unwrap().tree;
        for quiz in [&[][..], &["--quiz"][..]] {
            let mut args = vec!["render", file, "--format", "html"];
            args.extend(quiz);
            let page = output_or_refusal(&args).unwrap();
            assert_data_safe_and_exact(&page, file, &tree);
        }
    }
}

#[test]
fn a_practice_set_s_data_is_safe_in_every_exercise() {
    let page = output_or_refusal(&common::PRACTICE_SET).unwrap();
    let blocks = data_blocks(&page);
    assert_eq!(blocks.len(), 3);
    for block in blocks {
        assert!(!block.contains(['<', '>', '&', '\u{2028}', '\u{2029}']));
        let data: Json = serde_json::from_str(block).unwrap();
        assert_nodes_match_ids(&data, "practice");
    }
}
