//! Names and labels built to break an output, every one the readers
//! accept (control and bidirectional characters are refused where they
//! stand): each output shows them as written and stays what it is. The
//! native SVG is well-formed XML whose titles and texts are the names;
//! PNG and PDF render; the key reads back and passes; JSON round-trips;
//! the terminal text shows the names; DOT (feature `test-graphviz`) is read
//! by `dot`; TeX (feature `test-latex`) compiles with pdflatex, standalone
//! and `\input` into a document.

mod common;

use std::path::{Path, PathBuf};

use common::{gametree, scratch};
use serde_json::{Value, json};

/// Names every output must carry, written as JSON (most are no words of
/// the tree language). No name holds a `"`: every reader refuses one
/// (`tests/formats/main.rs`), and labels carry it instead.
const NAMES: [&str; 25] = [
    "<!--<script>",
    "</script>",
    "]]>",
    "it's",
    "back\\slash\\",
    "\\n\\N\\l",
    "100%",
    "#1",
    "a & b",
    "&amp;",
    "$x$",
    "{}",
    "_^~",
    "Ωmega",
    "节点",
    "🎲",
    "line\u{2028}sep",
    "--",
    "-inf",
    "a>=b",
    "x -> y",
    "é\u{301}",
    "`q`",
    "|pipe|",
    "两 words",
];

/// Labels on the edges into the leaves.
const LABELS: [&str; 6] = ["<b>&", "\"go\"", "\\", "%#$", "Ω→", "x\u{2028}y"];

/// A tree whose root is the first of `names` and whose every other name is
/// a node: pairs of leaves under interior nodes, labels on the leaves. The
/// values make some cuts, so that names are also drawn pruned.
fn hostile_tree(names: &[&str]) -> Value {
    let mut names = names.iter();
    let root = names.next().unwrap();
    let rest: Vec<&str> = names.copied().collect();
    let mut labels = LABELS.iter().cycle();
    let children: Vec<Value> = rest
        .chunks(3)
        .enumerate()
        .map(|(k, chunk)| {
            let leaves: Vec<Value> = chunk[1..]
                .iter()
                .enumerate()
                .map(|(j, name)| {
                    let value = (k as i64 * 7 + j as i64 * 5) % 11;
                    json!({"label": labels.next(), "name": name, "value": value})
                })
                .collect();
            json!({"name": chunk[0], "children": leaves})
        })
        .collect();
    json!({"name": root, "kind": "max", "children": children})
}

/// The tree of every name written as JSON in `dir`; its path.
fn write_tree(dir: &Path) -> PathBuf {
    let path = dir.join("hostile.json");
    std::fs::write(&path, hostile_tree(&NAMES).to_string()).unwrap();
    path
}

fn run(args: &[&str], tree: &Path) -> Vec<u8> {
    gametree(args).arg(tree).stdout_bytes()
}

#[test]
fn the_native_svg_is_xml_that_shows_every_name_as_written() {
    let dir = scratch("hostile-names-svg");
    let tree = write_tree(&dir);
    for extra in [
        &[][..],
        &["--key"],
        &["--labels", "both", "--windows", "--provisional"],
    ] {
        let args = [&["render", "--format", "svg", "-o", "-"][..], extra].concat();
        let svg = String::from_utf8(run(&args, &tree)).unwrap();
        let document =
            roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{extra:?}: not XML: {e}"));
        let texts: Vec<&str> = document
            .descendants()
            .filter(|n| n.has_tag_name("title") || n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        for name in NAMES {
            let drawn = texts.iter().filter(|t| **t == name).count();
            assert!(
                drawn >= 2,
                "{extra:?}: `{name}` as a title and a text: {drawn}"
            );
        }
        for label in LABELS {
            assert!(texts.contains(&label), "{extra:?}: the label `{label}`");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn png_and_pdf_render_every_name() {
    let dir = scratch("hostile-names-raster");
    let tree = write_tree(&dir);
    for (format, magic) in [("png", &b"\x89PNG"[..]), ("pdf", b"%PDF")] {
        let out = dir.join(format!("h.{format}"));
        let args = ["render", "--format", format, "-o", out.to_str().unwrap()];
        run(&args, &tree);
        assert!(std::fs::read(&out).unwrap().starts_with(magic), "{format}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_terminal_text_shows_every_name_and_the_key_reads_back() {
    let dir = scratch("hostile-names-text");
    let tree = write_tree(&dir);
    let solve = String::from_utf8(run(&["solve"], &tree)).unwrap();
    let trace = String::from_utf8(run(&["trace"], &tree)).unwrap();
    for name in NAMES {
        assert!(
            solve.contains(name) || trace.contains(name),
            "`{name}` in neither solve nor trace"
        );
    }
    // The key names the nodes as `expect` lines write them, and the
    // checker finds each again.
    let key = dir.join("key.answers");
    std::fs::write(&key, run(&["key"], &tree)).unwrap();
    let outcome = gametree(["check"]).arg(&tree).arg(&key).outcome();
    assert_eq!(outcome.code, 0, "{}{}", outcome.stdout, outcome.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_round_trips_every_name_and_label() {
    let dir = scratch("hostile-names-json");
    let tree = write_tree(&dir);
    let written = run(&["convert", "--to", "json", "-o", "-"], &tree);
    let again = dir.join("again.json");
    std::fs::write(&again, &written).unwrap();
    assert_eq!(
        run(&["convert", "--to", "json", "-o", "-"], &again),
        written
    );
    let text = String::from_utf8(written).unwrap();
    for name in NAMES.iter().chain(&LABELS) {
        let quoted = serde_json::to_string(name).unwrap();
        assert!(text.contains(&quoted), "{quoted}");
    }
    let solved: Value = serde_json::from_slice(&run(&["solve", "--json"], &tree)).unwrap();
    let pruned = solved["pruned"].as_array().unwrap();
    assert!(
        pruned
            .iter()
            .any(|id| NAMES.contains(&id.as_str().unwrap()))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg_attr(
    not(feature = "test-graphviz"),
    ignore = "needs Graphviz's dot: cargo test --features test-graphviz"
)]
fn dot_reads_the_dot_output_and_draws_every_name() {
    let dir = scratch("hostile-names-dot");
    let tree = write_tree(&dir);
    let dot_file = dir.join("h.dot");
    std::fs::write(
        &dot_file,
        run(&["render", "--format", "dot", "-o", "-"], &tree),
    )
    .unwrap();
    let output = std::process::Command::new("dot")
        .arg("-Tsvg")
        .arg(&dot_file)
        .output()
        .expect("dot is installed");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && stderr.is_empty(), "{stderr}");
    let svg = String::from_utf8(output.stdout).unwrap();
    // Graphviz's SVG declares its DOCTYPE.
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let document = roxmltree::Document::parse_with_options(&svg, options).unwrap();
    let texts: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for name in NAMES.iter().chain(&LABELS) {
        // Graphviz writes a blank as a no-break space where it might be
        // lost.
        let found = texts.iter().any(|t| t.replace('\u{a0}', " ") == *name);
        assert!(found, "`{name}` drawn by dot: {texts:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs pdflatex and TikZ: cargo test --features test-latex"
)]
fn tex_compiles_with_pdflatex_standalone_and_input() {
    let dir = scratch("hostile-names-tex");
    let tree = write_tree(&dir);
    let standalone = run(
        &["render", "--format", "tex", "--standalone", "-o", "-"],
        &tree,
    );
    std::fs::write(dir.join("standalone.tex"), standalone).unwrap();
    let picture = run(&["render", "--format", "tex", "-o", "-"], &tree);
    std::fs::write(dir.join("picture.tex"), picture).unwrap();
    let document = "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n\
                    \\input{picture.tex}\n\\end{document}\n";
    std::fs::write(dir.join("document.tex"), document).unwrap();
    for file in ["standalone.tex", "document.tex"] {
        let output = std::process::Command::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", file])
            .current_dir(&dir)
            .output()
            .expect("pdflatex is installed");
        let log = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{file}: {log}");
        let pdf = std::fs::read(dir.join(file).with_extension("pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF"), "{file}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs pdflatex, Beamer and forest: cargo test --features test-latex"
)]
fn beamer_and_forest_compile_with_pdflatex_standalone_and_input() {
    let dir = scratch("hostile-names-beamer-forest");
    let tree = write_tree(&dir);
    let layers = ["--windows", "--labels", "both"];
    for format in ["beamer", "forest"] {
        let args = [&["render", "--format", format, "-o", "-"][..], &layers].concat();
        let standalone = [&args[..], &["--standalone"]].concat();
        std::fs::write(dir.join(format!("{format}.tex")), run(&standalone, &tree)).unwrap();
        std::fs::write(dir.join(format!("{format}-picture.tex")), run(&args, &tree)).unwrap();
    }
    let documents = [
        (
            "beamer-document.tex",
            "\\documentclass{beamer}\n\\usepackage{tikz}\n\\begin{document}\n\
             \\begin{frame}\\resizebox{\\linewidth}{!}{\\input{beamer-picture.tex}}\\end{frame}\n\
             \\end{document}\n",
        ),
        (
            "forest-document.tex",
            "\\documentclass{article}\n\\usepackage{forest}\n\\usetikzlibrary{shapes.geometric}\n\
             \\begin{document}\n\\input{forest-picture.tex}\n\\end{document}\n",
        ),
    ];
    for (file, text) in documents {
        std::fs::write(dir.join(file), text).unwrap();
    }
    for file in [
        "beamer.tex",
        "forest.tex",
        "beamer-document.tex",
        "forest-document.tex",
    ] {
        let output = std::process::Command::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", file])
            .current_dir(&dir)
            .output()
            .expect("pdflatex is installed");
        let log = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{file}: {log}");
        let pdf = std::fs::read(dir.join(file).with_extension("pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF"), "{file}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
