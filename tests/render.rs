//! `gametree render`, through the real binary: the DOT of every example,
//! plain and with every layer, pinned by insta and checked by Graphviz's
//! own `dot`; images; frames; atomic writes; the README's diagrams.
//!
//! Tests that run Graphviz's `dot` are ignored unless the feature
//! `test-graphviz` is on (`cargo test --features test-graphviz`; CI installs
//! Graphviz and turns it on), so plain `cargo test` needs nothing installed.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::dot_text::{cells, line};
use common::{entries, gametree};

const LECTURE: &str = "trees/lecture-a-to-v.tree";
const ALL_LAYERS: [&str; 4] = [
    "--windows",
    "--visit-order",
    "--provisional",
    "--node-types",
];

/// Runs the installed `dot -T<format>` on `dot_text`; panics (so the test
/// fails) when `dot` is missing or refuses the text.
fn graphviz(format: &str, dot_text: &str) -> Vec<u8> {
    use std::io::Write;
    let mut child = Command::new("dot")
        .arg(format!("-T{format}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("Graphviz's `dot` is installed (apt-get install graphviz)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot_text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "dot refused the diagram: {}\n{dot_text}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// A fresh empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("render-{name}"))
}

#[test]
fn dot_plain() {
    insta::glob!("../trees", "*.tree", |path| {
        let dot_text = gametree(["render", path.to_str().unwrap()]).stdout();
        insta::assert_snapshot!(dot_text);
    });
}

#[test]
fn dot_with_every_layer() {
    insta::glob!("../trees", "*.tree", |path| {
        let mut args = vec!["render", path.to_str().unwrap()];
        args.extend(ALL_LAYERS);
        let dot_text = gametree(&args).stdout();
        insta::assert_snapshot!(dot_text);
    });
}

#[test]
#[cfg_attr(
    not(feature = "test-graphviz"),
    ignore = "needs Graphviz's dot: cargo test --features test-graphviz"
)]
fn every_layer_alone_and_both_styles_are_valid_dot() {
    for path in std::fs::read_dir("trees").unwrap() {
        let path = path.unwrap().path();
        let file = path.to_str().unwrap();
        graphviz("canon", &gametree(["render", file]).stdout());
        graphviz(
            "canon",
            &gametree([&["render", file][..], &ALL_LAYERS].concat()).stdout(),
        );
        for layer in ALL_LAYERS {
            for style in ["triangles", "squares"] {
                for algo in ["alphabeta", "negamax-alphabeta"] {
                    let args = ["render", file, layer, "--style", style, "--algo", algo];
                    graphviz("canon", &gametree(args).stdout());
                }
            }
        }
    }
}

#[test]
fn searches_without_windows_draw_valid_dot() {
    for algo in ["minimax", "negamax"] {
        let args = ["render", "trees/aima-figure-5-2.tree", "--algo", algo];
        let dot_text = gametree([&args[..], &ALL_LAYERS].concat()).stdout();
        assert!(!dot_text.contains("cut"), "no cuts without pruning");
        assert!(!dot_text.contains("[-inf"), "no windows without pruning");
    }
}

#[test]
#[cfg_attr(
    not(feature = "test-graphviz"),
    ignore = "needs Graphviz's dot: cargo test --features test-graphviz"
)]
fn searches_without_windows_are_valid_dot() {
    for algo in ["minimax", "negamax"] {
        let args = ["render", "trees/aima-figure-5-2.tree", "--algo", algo];
        graphviz(
            "canon",
            &gametree([&args[..], &ALL_LAYERS].concat()).stdout(),
        );
    }
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let args = ["render", LECTURE, "--windows", "--provisional"];
    assert_eq!(gametree(args).stdout_bytes(), gametree(args).stdout_bytes());
}

#[test]
fn shapes_follow_the_style() {
    let triangles = gametree(["render", LECTURE]).stdout();
    assert!(line(&triangles, "n0[").starts_with("  n0[shape=triangle label=<<TABLE"));
    assert_eq!(cells(line(&triangles, "n0[")), ["A", "5"]);
    assert!(line(&triangles, "n1[").starts_with("  n1[shape=invtriangle"));
    assert_eq!(cells(line(&triangles, "n1[")), ["B", "2"]);
    let squares = gametree(["render", LECTURE, "--style", "squares"]).stdout();
    assert!(line(&squares, "n0[").starts_with("  n0[shape=square"));
    assert!(line(&squares, "n1[").starts_with("  n1[shape=circle"));
}

#[test]
fn the_drawing_shows_cuts_bounds_the_pv_and_blank_unknown_leaves() {
    let dot_text = gametree(["render", LECTURE]).stdout();
    assert_eq!(cells(line(&dot_text, "n5[")), ["F", "≥6"]);
    assert_eq!(cells(line(&dot_text, "n15[")), ["P", "≤4"]);
    let cut = line(&dot_text, "n5 -> n7 ");
    assert!(
        cut.contains("[style=dashed color=red3 fontcolor=red3 xlabel=<"),
        "{cut}"
    );
    assert_eq!(
        cells(cut),
        ["beta cut", ""],
        "a deep cut could have two lines here"
    );
    let pruned = line(&dot_text, "n7[");
    assert_eq!(cells(pruned), ["H", ""], "an unknown leaf is blank");
    assert!(
        pruned.ends_with("color=gray65 fontcolor=gray65]"),
        "{pruned}"
    );
    assert!(dot_text.contains("n19 -> n20 [color=gray65]"));
    assert!(dot_text.contains("n0 -> n8 [penwidth=3]"));
    let deep = gametree(["render", "trees/deep-cut.tree"]).stdout();
    assert_eq!(
        cells(line(&deep, "n4 -> n6 ")),
        ["deep alpha cut", "bound from A"]
    );
}

#[test]
fn frames_of_the_lecture_tree() {
    let dir = scratch("lecture-frames").join("frames");
    let dir_arg = dir.to_str().unwrap();
    let printed = gametree(["render", LECTURE, "--frames", dir_arg]).stdout_bytes();
    assert!(printed.is_empty(), "frames alone print nothing");
    let names = entries(&dir);
    assert_eq!(names.first().map(String::as_str), Some("frame-001.dot"));
    let mut all = String::new();
    for name in &names {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        if cfg!(feature = "test-graphviz") {
            graphviz("canon", &text);
        }
        all.push_str(&format!("// {name}\n{text}"));
    }
    insta::assert_snapshot!(all);
    let last = std::fs::read_to_string(dir.join(names.last().unwrap())).unwrap();
    let (caption, last) = last.split_once('\n').unwrap();
    assert_eq!(
        caption, "// 39. A = 5 final",
        "each frame's caption comes first"
    );
    assert_eq!(
        last,
        gametree(["render", LECTURE]).stdout(),
        "the last frame is the full diagram"
    );
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}

#[test]
fn svg_frames_end_with_the_full_svg() {
    let scratch = scratch("svg-frames");
    let dir = scratch.join("frames");
    let full = scratch.join("full.svg");
    let args = [
        "render",
        LECTURE,
        "--provisional",
        "--no-caption",
        "-o",
        full.to_str().unwrap(),
    ];
    gametree([&args[..], &["--frames", dir.to_str().unwrap()]].concat()).stdout_bytes();
    let names = entries(&dir);
    assert!(names.iter().all(|n| n.ends_with(".svg")));
    let last = std::fs::read(dir.join(names.last().unwrap())).unwrap();
    assert_eq!(last, std::fs::read(&full).unwrap());
    assert_eq!(
        entries(&scratch),
        ["frames", "full.svg"],
        "nothing left behind"
    );
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn frames_replace_an_earlier_run() {
    let scratch = scratch("rerun");
    let dir = scratch.join("frames");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("frame-999.dot"), "stale").unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    gametree([
        "render",
        "trees/aima-figure-5-2.tree",
        "--frames",
        dir.to_str().unwrap(),
    ])
    .stdout_bytes();
    let names = entries(&dir);
    assert!(!names.contains(&"frame-999.dot".to_string()));
    assert!(names.contains(&"notes.txt".to_string()));
    assert!(names.contains(&"frame-001.dot".to_string()));
    std::fs::remove_dir_all(scratch).unwrap();
}

/// Writes the lecture tree as SVG, PNG, PDF and `.gv` with `engine`, and
/// checks each file's first bytes.
fn images_follow_the_extension_with(engine: &str) {
    let scratch = scratch(&format!("images-{engine}"));
    let magic: [(&str, &[u8]); 3] = [("svg", b"<?xml"), ("png", b"\x89PNG"), ("pdf", b"%PDF")];
    for (extension, start) in magic {
        let out = scratch.join(format!("lecture.{extension}"));
        gametree([
            "render",
            LECTURE,
            "--engine",
            engine,
            "-o",
            out.to_str().unwrap(),
        ])
        .stdout_bytes();
        assert!(
            std::fs::read(&out).unwrap().starts_with(start),
            "{extension}"
        );
    }
    let dot_out = scratch.join("lecture.gv");
    gametree(["render", LECTURE, "-o", dot_out.to_str().unwrap()]).stdout_bytes();
    assert_eq!(
        std::fs::read(&dot_out).unwrap(),
        gametree(["render", LECTURE]).stdout_bytes()
    );
    let svg_out =
        gametree(["render", LECTURE, "--engine", engine, "--format", "svg"]).stdout_bytes();
    assert!(svg_out.starts_with(b"<?xml"));
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn images_follow_the_extension() {
    images_follow_the_extension_with("native");
}

#[test]
#[cfg_attr(
    not(feature = "test-graphviz"),
    ignore = "needs Graphviz's dot: cargo test --features test-graphviz"
)]
fn graphviz_images_follow_the_extension() {
    images_follow_the_extension_with("graphviz");
}

#[test]
fn an_unknown_extension_is_refused() {
    let output = gametree(["render", LECTURE, "-o", "lecture.jpeg"]).output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot tell the format"), "{stderr}");
    assert!(!Path::new("lecture.jpeg").exists());
}

#[test]
fn images_without_graphviz_say_how_to_install_it() {
    let scratch = scratch("no-dot");
    let bin = scratch.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let out = scratch.join("lecture.svg");
    std::fs::write(&out, "old").unwrap();
    let out_arg = out.to_str().unwrap();
    let args = ["render", LECTURE, "--engine", "graphviz", "-o", out_arg];
    let output = gametree(args).env("PATH", &bin).output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("needs Graphviz's `dot`"), "{stderr}");
    assert!(stderr.contains("apt-get install graphviz"), "{stderr}");
    assert!(stderr.contains("brew install graphviz"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    let dot_text = gametree(["render", LECTURE]).env("PATH", &bin).output();
    assert!(dot_text.status.success(), "DOT never needs Graphviz");
    assert_eq!(entries(&scratch), ["bin", "lecture.svg"]);
    for extension in ["svg", "png", "pdf"] {
        let native = scratch.join(format!("native.{extension}"));
        let args = ["render", LECTURE, "-o", native.to_str().unwrap()];
        let output = gametree(args).env("PATH", &bin).output();
        assert!(
            output.status.success(),
            "the native engine needs no Graphviz"
        );
        assert!(std::fs::metadata(&native).unwrap().len() > 100);
    }
    std::fs::remove_dir_all(scratch).unwrap();
}

/// A stand-in for `dot` that works twice, then fails: frames fail half-way.
#[cfg(unix)]
fn failing_dot(bin: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let script = bin.join("dot");
    let counter = bin.join("calls");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nPATH=/usr/bin:/bin\ncat >/dev/null\necho x >> '{0}'\n\
             if [ $(wc -l < '{0}') -gt 2 ]; then echo 'broken' >&2; exit 3; fi\n\
             echo '<svg/>'\n",
            counter.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[cfg(unix)]
#[test]
fn frames_failing_half_way_leave_nothing_behind() {
    let scratch = scratch("half-way");
    let bin = scratch.join("bin");
    std::fs::create_dir(&bin).unwrap();
    failing_dot(&bin);
    let dir = scratch.join("frames");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("frame-001.svg"), "old").unwrap();
    let args = [
        "render",
        LECTURE,
        "--engine",
        "graphviz",
        "--format",
        "svg",
        "--frames",
        dir.to_str().unwrap(),
    ];
    let output = gametree(args).env("PATH", &bin).output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken"), "{stderr}");
    assert_eq!(entries(&dir), ["frame-001.svg"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("frame-001.svg")).unwrap(),
        "old"
    );
    assert_eq!(
        entries(&scratch),
        ["bin", "frames"],
        "no temporary folder left"
    );
    let fresh = scratch.join("fresh");
    std::fs::remove_file(bin.join("calls")).unwrap();
    let args = [
        "render",
        LECTURE,
        "--engine",
        "graphviz",
        "--format",
        "svg",
        "--frames",
        fresh.to_str().unwrap(),
    ];
    assert_eq!(
        gametree(args).env("PATH", &bin).output().status.code(),
        Some(2)
    );
    assert!(
        !fresh.exists(),
        "a new frames folder is not created on error"
    );
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn an_error_in_the_search_writes_nothing() {
    let scratch = scratch("search-error");
    let out = scratch.join("out.dot");
    std::fs::write(&out, "old").unwrap();
    let dir = scratch.join("frames");
    let args = [
        "render",
        LECTURE,
        "--algo",
        "minimax",
        "-o",
        out.to_str().unwrap(),
    ];
    let output = gametree([&args[..], &["--frames", dir.to_str().unwrap()]].concat()).output();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown value"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    assert_eq!(entries(&scratch), ["out.dot"]);
    std::fs::remove_dir_all(scratch).unwrap();
}

/// A tree of `n` children of `n` leaves each: 1 + n + n * n nodes.
fn square_tree(n: usize) -> String {
    let inner = format!("[{}]", vec!["1"; n].join(" "));
    format!("[{}]", vec![inner; n].join(" "))
}

#[test]
fn a_tree_too_large_to_draw_is_refused_with_a_hint() {
    let scratch = scratch("large");
    let file = scratch.join("large.tree");
    std::fs::write(&file, square_tree(50)).unwrap(); // 2551 nodes
    let path = file.to_str().unwrap();
    let output = gametree(["render", path]).output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("2551 nodes to draw, more than the 2000"),
        "{stderr}"
    );
    assert!(stderr.contains("--draw-depth 1 (51 nodes)"), "{stderr}");
    let top = gametree(["render", path, "--draw-depth", "1"]).stdout();
    if cfg!(feature = "test-graphviz") {
        graphviz("canon", &top);
    }
    assert!(top.contains(r#"n1_below[shape=plaintext label="50 more nodes"]"#));
    assert_eq!(top.matches("_below[").count(), 50);
    gametree(["render", path, "--max-draw-nodes", "3000"]).stdout_bytes();
    std::fs::remove_dir_all(scratch).unwrap();
}

/// The diagrams the documentation shows: the options that make each, and
/// its file under `docs/` (without extension). The `.svg` is the native
/// drawing; a `.dot` beside it, where there is one, is the DOT text.
const DOCS: [(&str, &[&str]); 6] = [
    ("docs/lecture-a-to-v", &["render", LECTURE]),
    (
        "docs/deep-cut-squares-windows",
        &[
            "render",
            "trees/deep-cut.tree",
            "--style",
            "squares",
            "--windows",
        ],
    ),
    ("docs/lecture-blank", &["render", LECTURE, "--blank"]),
    ("docs/lecture-key", &["render", LECTURE, "--key"]),
    ("docs/four-ply", &["render", "tests/slides/four-ply.tree"]),
    (
        "docs/lecture-every-layer",
        &[
            "render",
            LECTURE,
            "--windows",
            "--visit-order",
            "--provisional",
            "--node-types",
        ],
    ),
];

/// Regenerate with `GAMETREE_WRITE_DOCS=1 cargo test --test render docs`.
#[test]
fn docs_diagrams_are_up_to_date() {
    let write = std::env::var_os("GAMETREE_WRITE_DOCS").is_some();
    let stale = "is out of date: GAMETREE_WRITE_DOCS=1 cargo test --test render docs";
    for (stem, args) in DOCS {
        let svg = gametree([args, &["--format", "svg"][..]].concat()).stdout();
        let (dot_path, svg_path) = (format!("{stem}.dot"), format!("{stem}.svg"));
        if write {
            std::fs::write(&svg_path, &svg).unwrap();
        }
        assert!(
            std::fs::read_to_string(&svg_path).unwrap() == svg,
            "{svg_path} {stale}"
        );
        if Path::new(&dot_path).exists() {
            let dot_text = gametree(args).stdout();
            if write {
                std::fs::write(&dot_path, &dot_text).unwrap();
            }
            assert_eq!(
                std::fs::read_to_string(&dot_path).unwrap(),
                dot_text,
                "{dot_path} {stale}"
            );
        }
    }
}

#[test]
fn a_lone_leaf_is_a_finished_diagram() {
    let scratch = scratch("leaf");
    let file = scratch.join("leaf.tree");
    std::fs::write(&file, "A = 5").unwrap();
    let dot_text = gametree(["render", file.to_str().unwrap()]).stdout();
    if cfg!(feature = "test-graphviz") {
        graphviz("canon", &dot_text);
    }
    let root = line(&dot_text, "n0[");
    assert!(root.starts_with("  n0[shape=triangle label=<"), "{root}");
    assert!(root.ends_with("> penwidth=3]"), "{root}");
    assert_eq!(cells(root), ["A", "5"]);
    std::fs::remove_dir_all(scratch).unwrap();
}

/// Where `dot` puts each node: name, x, y, width, height.
fn node_places(dot_text: &str) -> Vec<String> {
    let plain = String::from_utf8(graphviz("plain", dot_text)).unwrap();
    plain
        .lines()
        .filter(|line| line.starts_with("node "))
        .map(|line| line.split(' ').take(6).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
#[cfg_attr(
    not(feature = "test-graphviz"),
    ignore = "needs Graphviz's dot: cargo test --features test-graphviz"
)]
fn every_frame_has_the_layout_of_the_full_diagram() {
    let dir = scratch("layout").join("frames");
    let args = ["render", LECTURE, "--windows", "--provisional", "--frames"];
    gametree([&args[..], &[dir.to_str().unwrap()]].concat()).stdout_bytes();
    let full = node_places(&gametree(["render", LECTURE, "--windows", "--provisional"]).stdout());
    assert_eq!(full.len(), 22);
    for name in entries(&dir) {
        let frame = std::fs::read_to_string(dir.join(&name)).unwrap();
        assert_eq!(node_places(&frame), full, "{name}");
    }
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}

/// The drawing of the top of a tree keeps the events of the drawn nodes
/// only, and draws them as the whole trace would (visits and steps then
/// count among the drawn nodes, so the visit-order layer is left out of the
/// comparison).
#[test]
fn drawing_the_top_keeps_only_the_drawn_nodes_events() {
    use gametree::render::{Diagram, DrawnSet, DrawnTrace, Layers, RenderOptions};
    use gametree::search::{Algorithm, Options, search};
    use gametree::trace::Trace;
    use gametree::tree::GameTree;

    let text = std::fs::read_to_string(LECTURE).unwrap();
    let tree = gametree::syntax::parse(LECTURE, &text).unwrap();
    for depth in [None, Some(0), Some(1), Some(2), Some(3)] {
        let mut full = Trace::new();
        let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut full).unwrap();
        let drawn = DrawnSet::new(&tree, depth);
        let mut kept = DrawnTrace::new(&drawn);
        search(&tree, Algorithm::AlphaBeta, Options::default(), &mut kept).unwrap();
        let kept = kept.trace;
        assert!(kept.events.iter().all(|e| drawn.contains(e.node())));
        let drawn_events = full
            .events
            .iter()
            .filter(|e| drawn.contains(e.node()))
            .count();
        assert_eq!(kept.events.len(), drawn_events, "depth {depth:?}");
        if depth.is_none() {
            assert_eq!(kept.events, full.events);
        }
        let options = RenderOptions {
            draw_depth: depth,
            layers: Layers {
                windows: true,
                provisional: true,
                ..Layers::default()
            },
            ..RenderOptions::default()
        };
        let whole = Diagram::new(&tree, &full, &result, options);
        let top = Diagram::new(&tree, &kept, &result, options);
        assert_eq!(top.to_dot(), whole.to_dot(), "depth {depth:?}");
        assert_eq!(top.to_svg(), whole.to_svg(), "depth {depth:?}");
        assert!(drawn.contains(tree.root()));
    }
}

#[test]
fn chance_nodes_are_circles_with_probabilities_on_their_edges() {
    let dot = gametree(["render", "trees/star1-chance.tree"]).stdout();
    let c1 = line(&dot, "n1[");
    assert!(c1.contains("shape=circle"), "{c1}");
    assert_eq!(cells(c1), ["C1", "8.4"]);
    let c2 = line(&dot, "n8[");
    assert!(c2.contains("shape=circle"), "{c2}");
    assert_eq!(cells(c2), ["C2", "≤4.4"]);
    assert_eq!(dot.matches("taillabel=\"0.7\"").count(), 2);
    assert_eq!(dot.matches("taillabel=\"0.3\"").count(), 2);
    assert!(dot.contains(">Star1 cut</TD>"));
    // Squares style: MIN is the circle, chance the diamond.
    let squares = gametree(["render", "trees/star1-chance.tree", "--style", "squares"]).stdout();
    assert_eq!(squares.matches("shape=diamond").count(), 2);
    // The native SVG writes the probabilities too.
    let svg = gametree(["render", "trees/star1-chance.tree", "--format", "svg"]).stdout();
    assert_eq!(svg.matches(">0.7</text>").count(), 2);
    // The key names the Star1 cut apart from the alpha and beta cuts.
    let key = gametree([
        "render",
        "trees/star1-chance.tree",
        "--key",
        "--format",
        "svg",
    ])
    .stdout();
    assert!(key.contains(">Star1 cuts: C2: @2.2</text>"), "{key}");
    assert!(key.contains(">alpha cuts: @2.1: @2.1.2</text>"), "{key}");
}

#[test]
fn nodes_valued_at_the_depth_limit_have_a_double_outline() {
    let folder = scratch("horizon");
    let tree = folder.join("depth.tree");
    std::fs::write(
        &tree,
        "A [ B = 3 [ C = -4 [ 1 2 ] D = 5 [ 7 8 ] ] E = 1 [ F = 2 [ 3 4 ] G = 6 [ 1 1 ] ] ]",
    )
    .unwrap();
    let file = tree.to_str().unwrap();
    for algorithm in ["minimax", "negamax", "alphabeta"] {
        let args = ["render", file, "--algo", algorithm, "--depth", "2"];
        let dot = gametree(args).stdout();
        let doubled: Vec<&str> = dot
            .lines()
            .filter(|l| l.contains("peripheries=2"))
            .collect();
        assert_eq!(doubled.len(), 4, "{algorithm}:\n{dot}");
        assert_eq!(
            cells(doubled[0]),
            ["C", "-4"],
            "{algorithm}: {}",
            doubled[0]
        );
    }
}
