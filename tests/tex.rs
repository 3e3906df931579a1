//! `render --format tex`: the TikZ of every example pinned by insta, and,
//! with the feature `test-latex` (`cargo test --features test-latex`, which
//! needs `pdflatex` and TikZ), every example compiled as a standalone
//! document.

mod common;

const ALL_LAYERS: [&str; 4] = [
    "--windows",
    "--visit-order",
    "--provisional",
    "--node-types",
];

fn tex(file: &str, extra: &[&str]) -> String {
    let args = [&["render", file, "--format", "tex"][..], extra].concat();
    let output = common::gametree(&args).output();
    assert!(
        output.status.success(),
        "gametree {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 LaTeX")
}

/// Whether braces balance, counting none that is escaped.
fn balanced(text: &str) -> bool {
    let mut depth = 0i64;
    let mut escaped = false;
    for c in text.chars() {
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '{') => depth += 1,
            (false, '}') => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

#[test]
fn tex_plain() {
    insta::glob!("../trees", "*.tree", |path| {
        let text = tex(path.to_str().unwrap(), &[]);
        assert!(balanced(&text));
        insta::assert_snapshot!(text);
    });
}

#[test]
fn tex_says_what_the_svg_says() {
    let text = tex("trees/lecture-a-to-v.tree", &ALL_LAYERS);
    assert!(text.starts_with("% Drawn by gametree"));
    assert!(text.contains("{$\\geq$6}"), "F's bound");
    assert!(text.contains("{beta cut}"));
    assert!(text.contains("{2 $\\to$ 5}"), "A's history");
    assert!(text.contains("{[$-\\infty$, $+\\infty$]}"), "A's window");
    assert!(text.contains("{\\#1}"), "A's visit");
    assert!(text.contains("line width=3pt"), "the principal variation");
    let svg = {
        let output = common::gametree(
            [
                &["render", "trees/lecture-a-to-v.tree", "--format", "svg"][..],
                &ALL_LAYERS,
            ]
            .concat(),
        )
        .output();
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(
        text.matches("\\node[").count(),
        svg.matches("<text ").count(),
        "one TikZ node per SVG text"
    );
}

#[test]
fn standalone_is_a_whole_document() {
    let text = tex(
        "trees/deep-cut.tree",
        &["--standalone", "--style", "squares"],
    );
    assert!(text.starts_with("\\documentclass{article}"));
    assert!(text.trim_end().ends_with("\\end{document}"));
    assert!(text.contains("rectangle") && text.contains("circle[radius="));
    assert!(balanced(&text));
}

#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs pdflatex and TikZ: cargo test --features test-latex"
)]
fn every_example_compiles_with_pdflatex() {
    let scratch = common::scratch("tex-pdflatex");
    for entry in std::fs::read_dir("trees").unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        for (suffix, extra) in [("", &[][..]), ("-layers", &ALL_LAYERS[..])] {
            let args = [&["--standalone"][..], extra].concat();
            let file = scratch.join(format!("{stem}{suffix}.tex"));
            std::fs::write(&file, tex(path.to_str().unwrap(), &args)).unwrap();
            common::pdflatex(&scratch, file.file_name().unwrap().to_str().unwrap());
        }
    }
    std::fs::remove_dir_all(scratch).unwrap();
}
