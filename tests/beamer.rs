//! `render --format beamer`: one TikZ picture whose overlays are the tree
//! before the search and then each step of the trace, read back from the
//! text (each overlay is its step's native frame, with its caption, in one
//! fixed bounding box) and, with the feature `test-latex` (pdflatex,
//! Beamer, and poppler-utils' `pdftotext`), compiled: one page per step
//! plus one, page k + 1 showing step k's caption, nothing moving.

mod common;

use std::path::Path;

/// The chance tree the tests use beside the lecture tree.
const CHANCE: &str = "trees/star1-chance.tree";
const LECTURE: &str = "trees/lecture-a-to-v.tree";

fn render(file: &str, extra: &[&str]) -> String {
    let args = [&["render", file][..], extra].concat();
    String::from_utf8(common::gametree(&args).stdout_bytes()).expect("UTF-8 LaTeX")
}

fn beamer(file: &str, extra: &[&str]) -> String {
    render(file, &[&["--format", "beamer"][..], extra].concat())
}

/// The lines `trace` prints, without their padding: `12. beta cut at F: ...`.
fn trace_lines(file: &str) -> Vec<String> {
    let text = String::from_utf8(common::gametree(["trace", file]).stdout_bytes()).unwrap();
    text.lines()
        .map(|line| line.trim_start().to_string())
        .collect()
}

/// A caption as TeX sets it, back in `trace`'s words (for the signs and
/// characters the example trees' captions hold).
fn untex(text: &str) -> String {
    text.replace("$\\geq$", ">=")
        .replace("$\\leq$", "<=")
        .replace("$-\\infty$", "-inf")
        .replace("$+\\infty$", "+inf")
        .replace("$\\to$", "->")
}

/// One line of the picture: the overlays that show it (`None`: every
/// one), and what it draws.
#[derive(Debug)]
struct Line {
    overlays: Option<(usize, Option<usize>)>,
    text: String,
}

impl Line {
    fn shown_on(&self, overlay: usize) -> bool {
        match self.overlays {
            None => true,
            Some((first, last)) => first <= overlay && last.is_none_or(|last| overlay <= last),
        }
    }
}

/// `3`, `3-7` or `3-`.
fn spec(text: &str) -> (usize, Option<usize>) {
    match text.split_once('-') {
        None => {
            let n = text.parse().unwrap();
            (n, Some(n))
        }
        Some((first, "")) => (first.parse().unwrap(), None),
        Some((first, last)) => (first.parse().unwrap(), Some(last.parse().unwrap())),
    }
}

/// The picture read back: how many overlays it declares, its marks, and
/// its captions by overlay.
struct Overlays {
    count: usize,
    marks: Vec<Line>,
    captions: Vec<(usize, String)>,
}

fn read(picture: &str) -> Overlays {
    let declared = picture
        .lines()
        .position(|line| line.starts_with("\\only<1-") && line.contains(">{}%"))
        .expect("the overlays declared");
    let count_text = &picture.lines().nth(declared).unwrap()["\\only<1-".len()..];
    let count = count_text[..count_text.find('>').unwrap()].parse().unwrap();
    let (mut marks, mut captions) = (Vec::new(), Vec::new());
    for line in picture.lines().skip(declared + 1) {
        if line == "\\end{tikzpicture}" {
            break;
        }
        let Some(rest) = line.strip_prefix("\\only<") else {
            marks.push(Line {
                overlays: None,
                text: line.to_string(),
            });
            continue;
        };
        let (spec_text, body) = rest.split_once(">{").unwrap();
        let body = body.strip_suffix('}').expect("one mark a line");
        if let Some(caption) = body.strip_prefix("\\node[gametree caption] at ") {
            let text = &caption[caption.find(" {").unwrap() + 2..caption.len() - 2];
            captions.push((spec(spec_text).0, untex(text)));
        } else {
            marks.push(Line {
                overlays: Some(spec(spec_text)),
                text: body.to_string(),
            });
        }
    }
    Overlays {
        count,
        marks,
        captions,
    }
}

/// The marks overlay `k` (from 1) shows, in drawing order.
fn shown(overlays: &Overlays, k: usize) -> Vec<&str> {
    overlays
        .marks
        .iter()
        .filter(|line| line.shown_on(k))
        .map(|line| line.text.as_str())
        .collect()
}

/// The marks of a TikZ picture written by `--format tex`: the lines after
/// its bounding box.
fn tikz_marks(picture: &str) -> Vec<&str> {
    picture
        .lines()
        .skip_while(|line| !line.starts_with("\\path[use as bounding box]"))
        .skip(1)
        .take_while(|line| *line != "\\end{tikzpicture}")
        .collect()
}

#[test]
fn overlays_are_the_tree_then_each_step_with_its_caption() {
    for file in [LECTURE, CHANCE] {
        let steps = trace_lines(file);
        let overlays = read(&beamer(file, &[]));
        assert_eq!(overlays.count, steps.len() + 1, "{file}");
        let expected: Vec<(usize, String)> = steps
            .iter()
            .enumerate()
            .map(|(k, line)| (k + 2, line.clone()))
            .collect();
        assert_eq!(overlays.captions, expected, "{file}");
        for line in &overlays.marks {
            if let Some((first, last)) = line.overlays {
                assert!(1 <= first && last.is_none_or(|last| first <= last));
                assert!(last.is_none_or(|last| last < overlays.count), "{line:?}");
            }
        }
    }
}

#[test]
fn each_overlay_is_the_frame_of_its_step() {
    // Without layers, every step of the lecture tree changes the picture,
    // so its frames are its steps, one for one.
    let dir = common::scratch("beamer-frames");
    let frames = dir.join("frames");
    common::gametree(["render", LECTURE, "--format", "tex", "--no-caption"])
        .arg("--frames")
        .arg(&frames)
        .stdout_bytes();
    let overlays = read(&beamer(LECTURE, &[]));
    let names = common::entries(&frames);
    assert_eq!(names.len() + 1, overlays.count);
    for (k, name) in names.iter().enumerate() {
        let frame = std::fs::read_to_string(frames.join(name)).unwrap();
        assert_eq!(
            shown(&overlays, k + 2),
            tikz_marks(&frame),
            "overlay {}",
            k + 2
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_first_overlay_shows_nothing_the_search_found() {
    for file in [LECTURE, CHANCE] {
        let overlays = read(&beamer(file, &["--windows", "--provisional"]));
        let first = shown(&overlays, 1).join("\n");
        for found in ["gtcd0000", "gtfff3b0", "line width=3pt", "$\\geq$", "infty"] {
            assert!(
                !first.contains(found),
                "{file}: `{found}` on the first overlay"
            );
        }
        assert!(overlays.captions.iter().all(|(k, _)| *k > 1));
    }
}

#[test]
fn the_last_overlay_is_the_full_diagram() {
    for file in [LECTURE, CHANCE] {
        let extra = ["--windows", "--visit-order", "--node-types"];
        let overlays = read(&beamer(file, &extra));
        let full = render(file, &[&["--format", "tex"][..], &extra].concat());
        assert_eq!(
            shown(&overlays, overlays.count),
            tikz_marks(&full),
            "{file}"
        );
    }
}

#[test]
fn the_bounding_box_is_declared_once_before_every_mark() {
    let picture = beamer(LECTURE, &[]);
    let boxes: Vec<usize> = picture
        .lines()
        .enumerate()
        .filter(|(_, line)| line.contains("bounding box") || line.contains("boundingbox"))
        .map(|(n, _)| n)
        .collect();
    assert_eq!(boxes.len(), 1, "one bounding box");
    let first_mark = picture.lines().position(|line| line.starts_with("\\draw"));
    assert!(boxes[0] < first_mark.unwrap());
    let line = picture.lines().nth(boxes[0]).unwrap();
    assert!(line.starts_with("\\useasboundingbox ("), "{line}");
    // As wide as the full picture (the captions are narrower than the tree),
    // and taller, by the captions' room.
    let full = render(LECTURE, &["--format", "tex"]);
    let full_box = full
        .lines()
        .find(|line| line.starts_with("\\path[use as bounding box]"))
        .unwrap();
    let corner = |line: &str| -> (f64, f64) {
        let (x, y) = line.rsplit_once('(').unwrap().1.split_once(',').unwrap();
        (
            x.parse().unwrap(),
            y.trim_end_matches(");").parse().unwrap(),
        )
    };
    let ((width, height), (full_width, full_height)) = (corner(line), corner(full_box));
    assert_eq!(width, full_width);
    assert!(
        height > full_height && height < full_height + 40.0,
        "{height}"
    );
}

#[test]
fn marks_shown_on_consecutive_overlays_are_written_once() {
    let picture = beamer(LECTURE, &[]);
    let overlays = read(&picture);
    let full = render(LECTURE, &["--format", "tex"]);
    let per_picture = tikz_marks(&full).len();
    // 40 overlays of about 110 marks each: the merged picture holds one
    // picture and what changes, not 40 pictures.
    assert!(
        overlays.marks.len() < 3 * per_picture,
        "{} marks for {} overlays of {per_picture}",
        overlays.marks.len(),
        overlays.count
    );
}

#[test]
fn no_caption_leaves_the_captions_out() {
    let picture = beamer(LECTURE, &["--no-caption"]);
    let overlays = read(&picture);
    assert!(overlays.captions.is_empty());
    assert!(!picture.contains("gametree caption]"));
    assert_eq!(overlays.count, trace_lines(LECTURE).len() + 1);
}

#[test]
fn standalone_is_a_beamer_document_of_one_frame() {
    let text = beamer(LECTURE, &["--standalone"]);
    assert!(text.starts_with("\\documentclass[aspectratio=169]{beamer}"));
    assert!(text.trim_end().ends_with("\\end{document}"));
    assert_eq!(text.matches("\\begin{frame}").count(), 1);
    let scale: f64 = text
        .lines()
        .find_map(|line| line.strip_prefix("\\scalebox{"))
        .and_then(|rest| rest.split_once('}'))
        .map(|(scale, _)| scale.parse().unwrap())
        .expect("the picture scaled to the frame");
    assert!(0.5 < scale && scale < 1.0, "{scale}");
}

#[test]
fn sheets_keys_and_frames_are_refused() {
    for (extra, says) in [
        (&["--blank"][..], "--blank draws a question sheet"),
        (&["--key"][..], "--key draws the answer table"),
        (&["--frames", "never-made"][..], "leave out --frames DIR"),
    ] {
        let args = [&["render", LECTURE, "--format", "beamer"][..], extra].concat();
        let outcome = common::gametree(&args).outcome();
        assert_eq!(outcome.code, 2, "{extra:?}");
        assert!(outcome.stderr.contains(says), "{}", outcome.stderr);
    }
    assert!(!Path::new("never-made").exists());
}

/// Runs pdflatex on `file` in `dir`; the PDF's text, one string a page.
fn compiled_pages(dir: &Path, file: &str) -> Vec<String> {
    let output = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", file])
        .current_dir(dir)
        .output()
        .expect("pdflatex is installed");
    let log = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{file}: {log}");
    let pdf = Path::new(file).with_extension("pdf");
    let text = std::process::Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .current_dir(dir)
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(text.status.success());
    let text = String::from_utf8(text.stdout).unwrap();
    let mut pages: Vec<String> = text.split('\u{c}').map(words).collect();
    // pdftotext ends every page with a form feed.
    assert_eq!(pages.pop().as_deref(), Some(""));
    pages
}

/// Text with its words joined by single blanks and signs in `trace`'s
/// spelling.
fn words(text: &str) -> String {
    let text = text
        .replace("−∞", "-inf")
        .replace("+∞", "+inf")
        .replace('≥', ">=")
        .replace('≤', "<=")
        .replace('→', "->")
        .replace('ﬁ', "fi")
        .replace('ﬀ', "ff");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs pdflatex, Beamer and pdftotext: cargo test --features test-latex"
)]
fn every_page_is_a_step_with_its_caption() {
    let dir = common::scratch("beamer-pdflatex");
    for (name, file) in [("lecture", LECTURE), ("chance", CHANCE)] {
        let tex = format!("{name}.tex");
        std::fs::write(dir.join(&tex), beamer(file, &["--standalone"])).unwrap();
        let pages = compiled_pages(&dir, &tex);
        let steps = trace_lines(file);
        assert_eq!(
            pages.len(),
            steps.len() + 1,
            "{file}: one page per step plus one"
        );
        for (k, step) in steps.iter().enumerate() {
            let page = &pages[k + 1];
            assert!(page.contains(&words(step)), "{file} page {}: {page}", k + 2);
        }
        for (n, page) in pages.iter().enumerate() {
            // No caption but its own: the next step's number is absent.
            let next = format!("{}. ", n + 1);
            assert!(!page.contains(&next), "{file} page {}: {page}", n + 1);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Every word of every page with its box: `(page, text, box)`.
fn word_boxes(dir: &Path, pdf: &str) -> Vec<(usize, String, [f64; 4])> {
    let output = std::process::Command::new("pdftotext")
        .args(["-bbox", pdf, "-"])
        .current_dir(dir)
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let html = String::from_utf8(output.stdout).unwrap();
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let document = roxmltree::Document::parse_with_options(&html, options).unwrap();
    let mut words = Vec::new();
    for (n, page) in document
        .descendants()
        .filter(|node| node.has_tag_name("page"))
        .enumerate()
    {
        for word in page.descendants().filter(|node| node.has_tag_name("word")) {
            let edge = |name: &str| word.attribute(name).unwrap().parse::<f64>().unwrap();
            let bounds = [edge("xMin"), edge("yMin"), edge("xMax"), edge("yMax")];
            words.push((n, word.text().unwrap_or("").to_string(), bounds));
        }
    }
    words
}

#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs pdflatex, Beamer and pdftotext: cargo test --features test-latex"
)]
fn nothing_moves_from_page_to_page() {
    let dir = common::scratch("beamer-still");
    let picture = beamer(LECTURE, &["--windows"]);
    std::fs::write(dir.join("picture.tex"), &picture).unwrap();
    // The picture as a teacher uses it: \input into a frame of their own.
    let document = "\\documentclass{beamer}\n\\usepackage{tikz}\n\\begin{document}\n\
                    \\begin{frame}{Alpha-beta}\n\\centering\n\
                    \\resizebox{\\linewidth}{!}{\\input{picture.tex}}\n\
                    \\end{frame}\n\\end{document}\n";
    std::fs::write(dir.join("document.tex"), document).unwrap();
    let pages = compiled_pages(&dir, "document.tex");
    assert_eq!(pages.len(), trace_lines(LECTURE).len() + 1);
    let words = word_boxes(&dir, "document.pdf");
    // The names and leaf values on the first page stay where they are on
    // every page (to a thousandth of a point: text set in another colour
    // may be placed a few millionths away).
    let same = |a: &[f64; 4], b: &[f64; 4]| a.iter().zip(b).all(|(a, b)| (a - b).abs() < 1e-3);
    let first: Vec<_> = words.iter().filter(|(page, ..)| *page == 0).collect();
    assert!(first.iter().any(|(_, text, _)| text == "A"));
    for page in 1..pages.len() {
        for (_, text, bounds) in &first {
            let kept = words
                .iter()
                .any(|(p, t, b)| *p == page && t == text && same(b, bounds));
            assert!(
                kept,
                "`{text}` at {bounds:?} moved or went on page {}",
                page + 1
            );
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The commands of `docs/diagrams.md`'s Beamer section (its `$` lines,
/// but those that must fail), as a user types them.
fn beamer_section_commands() -> Vec<String> {
    let page = std::fs::read_to_string("docs/diagrams.md").unwrap();
    let start = page.find("\n## Beamer overlays").expect("the section");
    let end = start + page[start + 1..].find("\n## ").unwrap();
    page[start..end]
        .lines()
        .filter_map(|line| line.strip_prefix("$ "))
        .filter(|command| !command.contains("# exit"))
        .map(|command| match command.rsplit_once("  # ") {
            Some((command, _annotation)) => command.to_string(),
            None => command.to_string(),
        })
        .collect()
}

/// `docs/beamer-overlays.png` made again, in a scratch folder, by the
/// commands the manual gives for it, and compared with the committed one
/// (same size, at most 1% of pixels differing by more than a quarter of
/// the range in a channel). Regenerate with
/// `GAMETREE_WRITE_DOCS=1 cargo test --test beamer --features test-latex docs`.
#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs pdflatex, Beamer and pdftoppm: cargo test --features test-latex"
)]
fn docs_picture_of_two_overlays_is_up_to_date() {
    use resvg::tiny_skia::Pixmap;
    let dir = common::scratch("beamer-docs");
    std::fs::create_dir(dir.join("docs")).unwrap();
    let root = std::env::current_dir().unwrap();
    std::os::unix::fs::symlink(root.join("trees"), dir.join("trees")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_gametree")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let commands = beamer_section_commands();
    assert!(commands.iter().any(|c| c.contains("pdftoppm")));
    for command in commands {
        let output = std::process::Command::new("bash")
            .args(["-o", "pipefail", "-c", &command])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{command}: {said}");
    }
    let made = dir.join("docs/beamer-overlays.png");
    let committed = "docs/beamer-overlays.png";
    if std::env::var_os("GAMETREE_WRITE_DOCS").is_some() {
        std::fs::copy(&made, committed).unwrap();
    }
    let (made, expected) = (
        Pixmap::load_png(&made).unwrap(),
        Pixmap::load_png(committed).unwrap(),
    );
    let size = |p: &Pixmap| (p.width(), p.height());
    let stale = "is out of date: GAMETREE_WRITE_DOCS=1 cargo test --test beamer --features \
                 test-latex docs";
    assert_eq!(size(&made), size(&expected), "{committed} {stale}");
    let differing = made
        .pixels()
        .iter()
        .zip(expected.pixels())
        .filter(|(a, b)| {
            a.red().abs_diff(b.red()) > 64
                || a.green().abs_diff(b.green()) > 64
                || a.blue().abs_diff(b.blue()) > 64
        })
        .count();
    assert!(
        differing * 100 <= made.pixels().len(),
        "{committed} {stale}: {differing} pixels differ"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
