//! The screenshot of the web page in README.md and docs/web.md,
//! `docs/web-page.png`, against the page as `gametree render` makes it
//! now: headless Chromium takes the lecture tree's page at step 12 into a
//! temporary folder, and the two pictures must match, allowing for the
//! way text is smoothed and placed on another machine.
//!
//! The test never writes the tracked picture, except when asked to make it
//! again: `GAMETREE_UPDATE_SCREENSHOTS=1 cargo test --features
//! test-browser --test screenshot` (docs/web.md, "Tests").

#![cfg(all(unix, feature = "cli"))]

mod chromium;
mod common;

use common::gametree;

/// The tracked picture.
const TRACKED: &str = "docs/web-page.png";
/// The browser window the picture is taken in.
const SIZE: (u32, u32) = (1280, 1100);
/// A pixel of one picture matches when the other has a pixel within one
/// pixel of it (its 3 by 3 neighbourhood) whose channels are each within
/// this of its own: a glyph edge smoothed, or placed a fraction of a pixel
/// away, finds its match.
const PIXEL_TOLERANCE: i16 = 48;
/// The pictures are compared in square cells of this side...
const CELL: usize = 16;
/// ... and a cell differs when at least this many of its pixels (an
/// eighth) have no match, one way or the other: what smoothing leaves
/// unmatched is scattered over the text, what a change of the page leaves
/// is gathered where it changed.
const CELL_MISMATCHES: usize = 32;
/// The share of cells that may differ. Measured beside the tracked
/// picture: text placed without subpixel positioning, or drawn without
/// hinting, leaves no cell differing; the page one step earlier leaves
/// 1.0% of the cells differing, with `--strict` 1.9%, at step 0 2.8%.
const MAX_DIFFERING_SHARE: f64 = 0.005;

/// A decoded picture: its size and its pixels as RGB, row by row.
struct Pixels {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

/// Decodes a PNG of any colour type into 8-bit RGB (alpha dropped: the
/// page is opaque).
fn decode(png: &[u8]) -> Pixels {
    let mut decoder = png::Decoder::new(png);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let mut bytes = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut bytes).expect("a PNG frame");
    let samples = info.color_type.samples();
    let rgb = bytes[..info.buffer_size()]
        .chunks_exact(samples)
        .map(|p| match samples {
            1 | 2 => [p[0]; 3],
            _ => [p[0], p[1], p[2]],
        })
        .collect();
    Pixels {
        width: info.width as usize,
        height: info.height as usize,
        rgb,
    }
}

impl Pixels {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.rgb[y * self.width + x]
    }

    /// Whether `other` has a pixel near `(x, y)` close to this one's.
    fn matched_in(&self, other: &Pixels, x: usize, y: usize) -> bool {
        let pixel = self.at(x, y);
        let close = |q: [u8; 3]| {
            (0..3).all(|c| (i16::from(pixel[c]) - i16::from(q[c])).abs() <= PIXEL_TOLERANCE)
        };
        let (xs, ys) = (x.saturating_sub(1)..=x + 1, y.saturating_sub(1)..=y + 1);
        ys.filter(|&y| y < other.height).any(|y| {
            xs.clone()
                .filter(|&x| x < other.width)
                .any(|x| close(other.at(x, y)))
        })
    }

    /// Whether the pixel at `(x, y)` has a match in `other` and the pixel
    /// of `other` there has one here.
    fn same_at(&self, other: &Pixels, x: usize, y: usize) -> bool {
        self.at(x, y) == other.at(x, y)
            || (self.matched_in(other, x, y) && other.matched_in(self, x, y))
    }
}

/// The share of cells that differ between `a` and `b`, pictures of the
/// same size.
fn differing_share(a: &Pixels, b: &Pixels) -> f64 {
    let (columns, rows) = (a.width / CELL, a.height / CELL);
    let mut differing = 0;
    for cy in 0..rows {
        for cx in 0..columns {
            let unmatched = (cy * CELL..(cy + 1) * CELL)
                .flat_map(|y| (cx * CELL..(cx + 1) * CELL).map(move |x| (x, y)))
                .filter(|&(x, y)| !a.same_at(b, x, y))
                .count();
            if unmatched >= CELL_MISMATCHES {
                differing += 1;
            }
        }
    }
    differing as f64 / (columns * rows) as f64
}

/// The lecture tree's page with windows and value history, at `#step=N`,
/// as a screenshot.
fn screenshot_at(step: usize) -> Vec<u8> {
    let page = gametree([
        "render",
        "trees/lecture-a-to-v.tree",
        "--format",
        "html",
        "--windows",
        "--provisional",
    ])
    .stdout();
    chromium::screenshot(
        &format!("screenshot-{step}"),
        &page,
        &format!("step={step}"),
        SIZE,
    )
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn the_readme_screenshot_matches_the_page() {
    let made = screenshot_at(12);
    if std::env::var_os("GAMETREE_UPDATE_SCREENSHOTS").is_some_and(|v| v == "1") {
        std::fs::write(TRACKED, &made).unwrap();
        println!("{TRACKED} made again: review it before committing it");
        return;
    }
    let tracked = std::fs::read(TRACKED).unwrap();
    let (made, tracked) = (decode(&made), decode(&tracked));
    assert_eq!(
        (made.width, made.height),
        (tracked.width, tracked.height),
        "the screenshot's size"
    );
    let share = differing_share(&made, &tracked);
    assert!(
        share <= MAX_DIFFERING_SHARE,
        "{:.2}% of the screenshot's cells differ from {TRACKED} (at most {:.2}%): if the \
         page changed on purpose, make it again with GAMETREE_UPDATE_SCREENSHOTS=1",
        share * 100.0,
        MAX_DIFFERING_SHARE * 100.0
    );
}

/// The comparison sees a change: the page one step earlier (the beta cut
/// at F not yet made) differs from the tracked picture by more than the
/// share allowed, while the picture does not differ from itself.
#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn the_screenshot_comparison_sees_another_step() {
    let tracked = decode(&std::fs::read(TRACKED).unwrap());
    assert_eq!(differing_share(&tracked, &tracked), 0.0);
    let earlier = decode(&screenshot_at(11));
    let share = differing_share(&earlier, &tracked);
    assert!(
        share > MAX_DIFFERING_SHARE,
        "step 11 differs by only {:.2}% of the cells",
        share * 100.0
    );
}
