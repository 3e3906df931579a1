//! `render --format forest`: the tree as a `forest` bracket tree, every
//! example pinned by insta and read back (its nodes, in order, with what
//! the search found as styles); with the feature `test-latex` (pdflatex
//! and the packages `forest` needs), every example compiled, standalone
//! and `\input` into a document.

mod common;

const LECTURE: &str = "trees/lecture-a-to-v.tree";
const ALL_LAYERS: [&str; 4] = [
    "--windows",
    "--visit-order",
    "--provisional",
    "--node-types",
];

fn forest(file: &str, extra: &[&str]) -> String {
    let args = [&["render", file, "--format", "forest"][..], extra].concat();
    String::from_utf8(common::gametree(&args).stdout_bytes()).expect("UTF-8 LaTeX")
}

/// A node of the bracket tree read back: its depth, its content and its
/// options.
#[derive(Debug)]
struct Node {
    depth: usize,
    content: String,
    options: Vec<String>,
}

impl Node {
    fn has(&self, style: &str) -> bool {
        self.options
            .iter()
            .any(|option| option == style || option.starts_with(&format!("{style}=")))
    }

    fn option(&self, style: &str) -> Option<&str> {
        let prefix = format!("{style}=");
        self.options
            .iter()
            .find_map(|option| option.strip_prefix(&prefix))
    }
}

/// The text between `\begin{forest}`'s line and `\end{forest}`.
fn bracket_text(picture: &str) -> &str {
    let start = picture.find("\\begin{forest}").expect("a forest");
    let start = start + picture[start..].find('\n').unwrap() + 1;
    let end = picture.find("\\end{forest}").unwrap();
    &picture[start..end]
}

/// Splits a node's text at the commas outside braces, as `forest` reads
/// it (a backslash escapes the character after it).
fn fields(text: &str) -> Vec<String> {
    let (mut fields, mut field, mut depth, mut escaped) = (Vec::new(), String::new(), 0, false);
    for c in text.chars() {
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '{') => depth += 1,
            (false, '}') => depth -= 1,
            (false, ',') if depth == 0 => {
                fields.push(std::mem::take(&mut field).trim().to_string());
                continue;
            }
            _ => {}
        }
        field.push(c);
    }
    fields.push(field.trim().to_string());
    fields
}

/// The nodes of a bracket tree in preorder; panics unless its brackets
/// (outside braces) balance.
fn nodes(picture: &str) -> Vec<Node> {
    let text = bracket_text(picture);
    let (mut nodes, mut depth, mut braces, mut escaped) = (Vec::new(), 0usize, 0, false);
    let mut current: Option<String> = None;
    let finish = |current: &mut Option<String>, nodes: &mut Vec<Node>, depth: usize| {
        if let Some(text) = current.take() {
            let mut fields = fields(&text);
            let content = fields.remove(0);
            let content = match content.strip_prefix('{').and_then(|c| c.strip_suffix('}')) {
                Some(inner) => inner.to_string(),
                None => content,
            };
            nodes.push(Node {
                depth,
                content,
                options: fields,
            });
        }
    };
    for c in text.chars() {
        let outside = braces == 0 && !escaped;
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '{') => braces += 1,
            (false, '}') => braces -= 1,
            _ => {}
        }
        match c {
            '[' if outside => {
                finish(&mut current, &mut nodes, depth.saturating_sub(1));
                current = Some(String::new());
                depth += 1;
            }
            ']' if outside => {
                finish(&mut current, &mut nodes, depth - 1);
                depth -= 1;
            }
            c => {
                if let Some(text) = current.as_mut() {
                    text.push(c);
                }
            }
        }
    }
    assert_eq!((depth, braces), (0, 0), "brackets and braces balance");
    nodes
}

#[test]
fn forest_plain() {
    insta::glob!("../trees", "*.tree", |path| {
        let text = forest(path.to_str().unwrap(), &[]);
        let tex = {
            let args = ["render", path.to_str().unwrap(), "--format", "tex"];
            String::from_utf8(common::gametree(args).stdout_bytes()).unwrap()
        };
        // One node for each node the TikZ picture draws (a `% id` line each).
        let drawn = tex.lines().filter(|line| line.starts_with("% ")).count() - 1;
        assert_eq!(nodes(&text).len(), drawn, "{}", path.display());
        insta::assert_snapshot!(text);
    });
}

#[test]
fn the_lecture_tree_reads_back_with_what_the_search_found() {
    let nodes = nodes(&forest(LECTURE, &[]));
    let outline: Vec<(usize, &str)> = nodes
        .iter()
        .map(|n| (n.depth, n.content.split("\\\\").next().unwrap()))
        .collect();
    let expected = [
        (0, "A"),
        (1, "B"),
        (2, "C"),
        (3, "D"),
        (3, "E"),
        (2, "F"),
        (3, "G"),
        (3, "H"),
        (1, "I"),
        (2, "J"),
        (3, "K"),
        (3, "L"),
        (2, "M"),
        (3, "N"),
        (3, "O"),
        (1, "P"),
        (2, "Q"),
        (3, "R"),
        (3, "S"),
        (2, "T"),
        (3, "U"),
        (3, "V"),
    ];
    assert_eq!(outline, expected);
    let named = |style: &str| -> Vec<&str> {
        nodes
            .iter()
            .filter(|n| n.has(style))
            .map(|n| n.content.split("\\\\").next().unwrap())
            .collect()
    };
    assert_eq!(named("gt pv"), ["A", "I", "M", "N"]);
    assert_eq!(named("gt cut"), ["H", "T"]);
    assert_eq!(named("gt pruned"), ["H", "T", "U", "V"]);
    assert_eq!(named("gt max").len() + named("gt min").len(), 22);
    let content = |name: &str| {
        let node = nodes.iter().find(|n| n.content.starts_with(name)).unwrap();
        (node.content.as_str(), node)
    };
    assert_eq!(content("A").0, "A\\\\5");
    assert_eq!(content("F").0, "F\\\\$\\geq$6");
    assert_eq!(content("P").0, "P\\\\$\\leq$4");
    assert_eq!(content("H").0, "H", "a leaf never evaluated shows no value");
    assert_eq!(content("H").1.option("gt cut label"), Some("{beta cut}"));
    assert_eq!(content("T").1.option("gt cut label"), Some("{alpha cut}"));
    assert!(
        nodes.iter().all(|n| !n.has("gt layers")),
        "no layer asked for"
    );
}

#[test]
fn layers_are_a_label_each_flag_asks_for() {
    let windows = nodes(&forest(LECTURE, &["--windows"]));
    assert_eq!(
        windows[0].option("gt layers"),
        Some("{[$-\\infty$, $+\\infty$]}")
    );
    let every = nodes(&forest(LECTURE, &ALL_LAYERS));
    assert_eq!(
        every[0].option("gt layers"),
        Some("{[$-\\infty$, $+\\infty$]\\\\\\#1\\\\2 $\\to$ 5\\\\type 1 (PV)}")
    );
    // Pruned nodes were never entered: no window, visit or type.
    let pruned: Vec<&Node> = every.iter().filter(|n| n.has("gt pruned")).collect();
    assert!(pruned.iter().all(|n| !n.has("gt layers")));
    let picture = forest(LECTURE, &["--windows"]);
    assert!(picture.contains("\\begin{forest} gt tree, gt layer room="));
}

#[test]
fn a_chance_tree_has_its_probabilities_and_star1_cut() {
    let nodes = nodes(&forest("trees/star1-chance.tree", &[]));
    let probabilities: Vec<&str> = nodes
        .iter()
        .filter_map(|n| n.option("gt probability"))
        .collect();
    assert_eq!(probabilities, ["{0.7}", "{0.3}", "{0.7}", "{0.3}"]);
    assert!(nodes.iter().filter(|n| n.has("gt chance")).count() == 2);
    assert!(
        nodes
            .iter()
            .any(|n| n.option("gt cut label") == Some("{Star1 cut}"))
    );
}

#[test]
fn a_blank_sheet_keeps_names_and_leaf_values_only() {
    let nodes = nodes(&forest(LECTURE, &["--blank"]));
    for style in ["gt pv", "gt cut", "gt pruned", "gt layers"] {
        assert!(nodes.iter().all(|n| !n.has(style)), "{style}");
    }
    let content = |name: &str| nodes.iter().find(|n| n.content.starts_with(name)).unwrap();
    assert_eq!(content("A").content, "A");
    assert_eq!(content("D").content, "D\\\\2");
    assert_eq!(content("H").content, "H", "H = ? in the file");
}

#[test]
fn the_drawing_depth_leaves_notes() {
    let nodes = nodes(&forest(LECTURE, &["--draw-depth", "1"]));
    let notes: Vec<&str> = nodes
        .iter()
        .filter(|n| n.has("gt note"))
        .map(|n| n.content.as_str())
        .collect();
    assert_eq!(notes, ["6 more nodes", "6 more nodes", "6 more nodes"]);
    assert_eq!(nodes.len(), 7);
}

#[test]
fn styles_follow_the_drawing_style_and_are_set_once() {
    let triangles = forest(LECTURE, &[]);
    assert!(triangles.contains("gt max/.style={draw,isosceles triangle"));
    let squares = forest(LECTURE, &["--style", "squares"]);
    assert!(squares.contains("gt max/.style={draw,rectangle"));
    assert!(squares.contains("gt min/.style={draw,circle"));
    for text in [&triangles, &squares] {
        assert_eq!(text.matches("\\forestset{").count(), 1);
        assert_eq!(text.matches("gt pv/.style").count(), 1);
    }
    let standalone = forest(LECTURE, &["--standalone"]);
    assert!(standalone.starts_with("\\documentclass[border=6pt]{standalone}"));
    let preamble = &standalone[..standalone.find("\\begin{document}").unwrap()];
    assert!(preamble.contains("\\forestset{") && preamble.contains("\\usepackage{forest}"));
}

#[test]
fn the_key_is_refused() {
    let outcome = common::gametree(["render", LECTURE, "--format", "forest", "--key"]).outcome();
    assert_eq!(outcome.code, 2);
    assert!(outcome.stderr.contains("--key draws the answer table"));
}

/// Runs pdflatex on `file` in `dir`, which must succeed and make a PDF.
fn compile(dir: &std::path::Path, file: &str) {
    let output = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", file])
        .current_dir(dir)
        .output()
        .expect("pdflatex is installed");
    let log = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{file}: {log}");
    let pdf = std::fs::read(dir.join(file).with_extension("pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF"), "{file}");
}

#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs pdflatex and forest: cargo test --features test-latex"
)]
fn every_example_compiles_with_pdflatex() {
    let dir = common::scratch("forest-pdflatex");
    for entry in std::fs::read_dir("trees").unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let cases: [(&str, &[&str]); 3] = [
            ("", &[]),
            ("-layers", &ALL_LAYERS),
            ("-squares", &["--style", "squares", "--labels", "both"]),
        ];
        for (suffix, extra) in cases {
            let args = [&["--standalone"][..], extra].concat();
            let file = format!("{stem}{suffix}.tex");
            std::fs::write(dir.join(&file), forest(path.to_str().unwrap(), &args)).unwrap();
            compile(&dir, &file);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs pdflatex and forest: cargo test --features test-latex"
)]
fn the_tree_inputs_into_a_document() {
    let dir = common::scratch("forest-input");
    let picture = forest(LECTURE, &["--windows", "--draw-depth", "2"]);
    std::fs::write(dir.join("tree.tex"), picture).unwrap();
    let document = "\\documentclass{article}\n\\usepackage{forest}\n\
                    \\usetikzlibrary{shapes.geometric}\n\\begin{document}\n\
                    \\input{tree.tex}\n\\end{document}\n";
    std::fs::write(dir.join("document.tex"), document).unwrap();
    compile(&dir, "document.tex");
    std::fs::remove_dir_all(dir).unwrap();
}
