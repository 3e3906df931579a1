//! The native diagrams, through the real binary: the SVG of every example,
//! plain, with every layer and blank, pinned by insta; frames drawn on the
//! full diagram's geometry; PNG and PDF with the carried font; the size of
//! a 4-ply tree on a slide. Nothing here needs Graphviz or fonts.

mod common;

use std::path::PathBuf;

use common::{entries, gametree};
use resvg::tiny_skia::Pixmap;

const LECTURE: &str = "trees/lecture-a-to-v.tree";
const FOUR_PLY: &str = "tests/slides/four-ply.tree";
const ALL_LAYERS: [&str; 4] = [
    "--windows",
    "--visit-order",
    "--provisional",
    "--node-types",
];

/// The native SVG of `file` with `extra` options, on standard output.
fn svg(file: &str, extra: &[&str]) -> String {
    let args = [&["render", file, "--format", "svg"][..], extra].concat();
    String::from_utf8(gametree(&args).stdout_bytes()).expect("UTF-8 SVG")
}

fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("svg-{name}"))
}

#[test]
fn svg_plain() {
    insta::glob!("../trees", "*.tree", |path| {
        insta::assert_snapshot!(svg(path.to_str().unwrap(), &[]));
    });
}

#[test]
fn svg_with_every_layer() {
    insta::glob!("../trees", "*.tree", |path| {
        insta::assert_snapshot!(svg(path.to_str().unwrap(), &ALL_LAYERS));
    });
}

#[test]
fn svg_squares_and_ids() {
    insta::assert_snapshot!(svg(LECTURE, &["--style", "squares", "--labels", "both"]));
}

#[test]
fn the_same_input_gives_the_same_svg() {
    let args = ["--windows", "--provisional"];
    assert_eq!(svg(LECTURE, &args), svg(LECTURE, &args));
}

/// The attribute `name` of the root `<svg>` element, in points.
fn size_attribute(svg: &str, name: &str) -> f64 {
    let start = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let end = start + svg[start..].find("pt\"").unwrap();
    svg[start..end].parse().unwrap()
}

#[test]
fn a_four_ply_tree_fits_a_slide_with_large_enough_text() {
    let drawing = svg(FOUR_PLY, &[]);
    let (width, height) = (
        size_attribute(&drawing, "width"),
        size_attribute(&drawing, "height"),
    );
    // A 16:9 slide is 720 x 405 points; the smallest text is 9 points.
    let scale = (720.0 / width).min(405.0 / height);
    let smallest = 9.0 * scale;
    assert!(
        smallest >= 9.0,
        "{width} x {height} pt: text of {smallest} pt"
    );
    assert_eq!(drawing.matches("<polygon").count(), 31, "every node drawn");
}

#[test]
fn leaves_are_compact_unless_ids_are_asked_for() {
    let plain = svg(FOUR_PLY, &[]);
    assert!(
        !plain.contains(">@1.1.1.1</text>"),
        "child paths are not drawn"
    );
    assert!(plain.contains(">17</text>"));
    let ids = svg(FOUR_PLY, &["--labels", "ids"]);
    assert!(ids.contains(">@1.1.1.1</text>"));
    assert!(!ids.contains(">17</text>"), "ids alone show no values");
    let lecture = svg(LECTURE, &[]);
    assert!(
        lecture.contains(">A</text>"),
        "names from the file are drawn"
    );
}

#[test]
fn a_cut_is_labelled_once() {
    // P's alpha cut skips T alone; F's beta cut H alone; in the four-ply
    // tree the root's MIN child skips a whole subtree once.
    let lecture = svg(LECTURE, &[]);
    assert_eq!(lecture.matches(">beta cut<").count(), 1);
    assert_eq!(lecture.matches(">alpha cut<").count(), 1);
    let wide = "[[1 2] [0 9 9 9]]";
    let scratch = scratch("once");
    let file = scratch.join("wide.tree");
    std::fs::write(&file, wide).unwrap();
    let drawing = svg(file.to_str().unwrap(), &[]);
    assert_eq!(drawing.matches("stroke-dasharray=\"5 3\"").count(), 3);
    assert_eq!(drawing.matches(">alpha cut<").count(), 1);
    let deep = svg("trees/deep-cut.tree", &[]);
    assert!(deep.contains(">deep alpha cut<"));
    assert!(deep.contains(">bound from A<"));
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn the_blank_sheet_shows_the_question_only() {
    let blank = svg(LECTURE, &["--blank", "--windows"]);
    insta::assert_snapshot!(blank);
    for hidden in ["cut", "≥", "≤", "stroke-width=\"3\"", "#a6a6a6", "[−∞"] {
        assert!(!blank.contains(hidden), "{hidden}");
    }
    assert!(blank.contains(">8<"), "leaf values stay");
    let root = group(&blank, "n0");
    assert!(root.contains(">A<") && !root.contains(">5<"), "{root}");
}

/// The SVG group of the node named `name` (`n0` is the root).
fn group<'a>(svg: &'a str, name: &str) -> &'a str {
    let start = &svg[svg.find(&format!("<g id=\"{name}\">")).unwrap()..];
    &start[..start.find("</g>").unwrap()]
}

/// The outline of every node, in order (the element after each node's
/// group opens), without its colours: the geometry of the diagram.
fn outlines(svg: &str) -> Vec<String> {
    let lines: Vec<&str> = svg.lines().collect();
    lines
        .windows(2)
        .filter(|pair| pair[0].starts_with("<g id=\"n"))
        .map(|pair| pair[1].split(" fill=").next().unwrap().to_string())
        .collect()
}

#[test]
fn frames_have_the_full_diagrams_geometry_and_show_nothing_early() {
    let dir = scratch("frames").join("frames");
    let args = [
        "render",
        LECTURE,
        "--windows",
        "--provisional",
        "--format",
        "svg",
        "--frames",
        dir.to_str().unwrap(),
    ];
    gametree(args).stdout_bytes();
    let full = svg(LECTURE, &["--windows", "--provisional"]);
    let names = entries(&dir);
    assert!(names.len() > 20, "{} frames", names.len());
    for name in &names {
        let frame = std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(outlines(&frame), outlines(&full), "{name}");
    }
    let first = std::fs::read_to_string(dir.join(&names[0])).unwrap();
    assert!(
        !group(&first, "n0").contains(">5<"),
        "the root's value is not known yet"
    );
    assert!(group(&full, "n0").contains(">5<"));
    assert!(!first.contains("cut<"), "no cut yet");
    assert!(
        first.contains(">1. enter A, window [−∞, +∞]</text>"),
        "caption"
    );
    let last = std::fs::read_to_string(dir.join(names.last().unwrap())).unwrap();
    assert!(last.contains(">39. A = 5 final</text>"), "caption");
    let widths: Vec<f64> = names
        .iter()
        .map(|name| size_attribute(&std::fs::read_to_string(dir.join(name)).unwrap(), "width"))
        .collect();
    assert!(widths.iter().all(|&w| w == widths[0]), "one size for all");
    gametree([&args[..], &["--no-caption"]].concat()).stdout_bytes();
    assert_eq!(entries(&dir), names, "captions add or remove no frame");
    let last = std::fs::read_to_string(dir.join(names.last().unwrap())).unwrap();
    assert_eq!(last, full, "the last frame is the full diagram");
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}

fn png(args: &[&str]) -> Pixmap {
    let bytes = gametree([&["render"][..], args, &["--format", "png"]].concat()).stdout_bytes();
    Pixmap::decode_png(&bytes).expect("a PNG")
}

/// How many pixels are darker than mid grey.
fn dark_pixels(pixmap: &Pixmap) -> usize {
    pixmap
        .pixels()
        .iter()
        .filter(|p| u32::from(p.red()) + u32::from(p.green()) + u32::from(p.blue()) < 3 * 128)
        .count()
}

#[test]
fn png_labels_are_drawn_with_the_carried_font() {
    // Digits are all as wide, so both trees have the same geometry; eights
    // take more ink than ones only if the text is drawn.
    let scratch = scratch("font");
    let (eights, ones) = (scratch.join("eights.tree"), scratch.join("ones.tree"));
    std::fs::write(&eights, "max [ A = 88888 ]").unwrap();
    std::fs::write(&ones, "max [ A = 11111 ]").unwrap();
    let with_eights = png(&[eights.to_str().unwrap()]);
    let with_ones = png(&[ones.to_str().unwrap()]);
    assert_eq!(with_eights.width(), with_ones.width());
    let ink = dark_pixels(&with_eights) as i64 - dark_pixels(&with_ones) as i64;
    assert!(ink > 100, "eights drew {ink} more dark pixels than ones");
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn png_scale_sets_the_pixels_per_point() {
    let small = png(&[LECTURE, "--scale", "1"]);
    let large = png(&[LECTURE, "--scale", "3"]);
    let drawing = svg(LECTURE, &[]);
    assert_eq!(small.width(), size_attribute(&drawing, "width") as u32);
    assert!(large.width().abs_diff(3 * small.width()) <= 3);
}

/// Compares `pixmap` with the PNG at `path` (written when
/// `GAMETREE_WRITE_IMAGES` is set): same size, and at most 1% of pixels
/// differing by more than a quarter of the range in some channel.
fn assert_close_to(pixmap: &Pixmap, path: &str) {
    if std::env::var_os("GAMETREE_WRITE_IMAGES").is_some() {
        pixmap.save_png(path).unwrap();
    }
    let expected = Pixmap::load_png(path).unwrap();
    assert_eq!(
        (pixmap.width(), pixmap.height()),
        (expected.width(), expected.height()),
        "{path}"
    );
    let differing = pixmap
        .pixels()
        .iter()
        .zip(expected.pixels())
        .filter(|(a, b)| {
            a.red().abs_diff(b.red()) > 64
                || a.green().abs_diff(b.green()) > 64
                || a.blue().abs_diff(b.blue()) > 64
        })
        .count();
    let total = pixmap.pixels().len();
    assert!(
        differing * 100 <= total,
        "{path}: {differing} of {total} pixels differ"
    );
}

/// Regenerate with `GAMETREE_WRITE_IMAGES=1 cargo test --test svg png_`.
#[test]
fn png_of_each_style_matches_its_reference() {
    for style in ["triangles", "squares"] {
        let pixmap = png(&[LECTURE, "--style", style, "--scale", "1"]);
        assert_close_to(&pixmap, &format!("tests/images/lecture-{style}.png"));
    }
}

#[test]
fn pdf_carries_its_font() {
    let pdf = gametree(["render", LECTURE, "--format", "pdf"]).stdout_bytes();
    assert!(pdf.starts_with(b"%PDF"));
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("/FontFile2"), "the font is embedded");
    assert!(text.contains("DejaVuSans"));
}

#[test]
fn frames_make_one_pdf_deck_and_one_animated_png() {
    let scratch = scratch("decks");
    let (pdf, png) = (scratch.join("deck.pdf"), scratch.join("anim.png"));
    let svgs = scratch.join("frames");
    for target in [&pdf, &png, &svgs] {
        let args = ["render", LECTURE, "--frames", target.to_str().unwrap()];
        gametree(
            [
                &args[..],
                &["--format", "svg", "--frame-delay", "250", "--scale", "0.5"],
            ]
            .concat(),
        )
        .stdout_bytes();
    }
    let frames = entries(&svgs).len();
    let deck = std::fs::read(&pdf).unwrap();
    assert!(deck.starts_with(b"%PDF"));
    let text = String::from_utf8_lossy(&deck);
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    assert_eq!(pages, frames, "one page per frame");
    let animation = std::fs::read(&png).unwrap();
    assert!(animation.starts_with(b"\x89PNG"));
    let control = animation.windows(4).position(|w| w == b"acTL").unwrap() + 4;
    let count = u32::from_be_bytes(animation[control..control + 4].try_into().unwrap());
    assert_eq!(count as usize, frames, "one animation frame per frame");
    assert_eq!(
        animation.windows(4).filter(|w| w == b"fcTL").count(),
        frames
    );
    let first = Pixmap::decode_png(&animation).expect("the first frame is a plain PNG too");
    assert!(dark_pixels(&first) > 100);
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn the_key_sheet_tables_the_answers() {
    let key = svg(LECTURE, &["--key"]);
    insta::assert_snapshot!(key);
    for line in [
        ">Answer key</text>",
        ">value: 5</text>",
        ">best move: I</text>",
        ">values: A = 5, B = 2, C = 2, F ≥ 6, I = 5, J = 8</text>",
        ">M = 5, P ≤ 4, Q = 4</text>",
        ">pruned: H T U V</text>",
        ">alpha cuts: P: T</text>",
        ">beta cuts: F: H</text>",
    ] {
        assert!(key.contains(line), "{line}");
    }
    let plain = svg(LECTURE, &[]);
    // The lecture tree is wide: the table goes under it.
    assert_eq!(
        size_attribute(&key, "width"),
        size_attribute(&plain, "width")
    );
    assert!(size_attribute(&key, "height") > size_attribute(&plain, "height") + 100.0);
    let deep = svg("trees/deep-cut.tree", &["--key"]);
    assert!(deep.contains(">alpha cuts: E (deep): G</text>"), "{deep}");
    assert!(deep.contains(">beta cuts: none</text>"));
}

#[test]
fn every_example_draws_blank_and_as_a_key_in_every_native_format() {
    for entry in std::fs::read_dir("trees").unwrap() {
        let path = entry.unwrap().path();
        let file = path.to_str().unwrap();
        for sheet in ["--blank", "--key"] {
            let drawing = svg(file, &[sheet]);
            assert!(drawing.contains("<g id=\"n0\">"), "{file} {sheet}");
            assert_eq!(drawing.contains(">Answer key</text>"), sheet == "--key");
            for format in ["tex", "pdf"] {
                gametree(["render", file, sheet, "--format", format]).stdout_bytes();
            }
        }
    }
}

/// The sizes the full SVG takes apart from the drawing's own: a key
/// sheet's table beside the drawing and under it, and a drawing fitted to
/// a slide.
#[test]
fn a_key_beside_and_below_and_a_picture_on_a_slide() {
    let deep = "trees/deep-cut.tree";
    insta::assert_snapshot!("key_beside", svg(deep, &["--key"]));
    insta::assert_snapshot!("key_below", svg(deep, &["--key", "--key-below"]));
    insta::assert_snapshot!("on_a_slide", svg(LECTURE, &["--fit", "16:9"]));
}
