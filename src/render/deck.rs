//! All frames in one file: a PDF of one page per frame (a slide deck), or
//! an animated PNG.

use std::collections::HashMap;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};
use resvg::tiny_skia;

use super::raster::{parse, pixmap};
use super::{DiagramFormat, RenderError};

/// A format a whole sequence of frames can be written as in one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckFormat {
    /// A PDF of one page per frame: a slide deck.
    Pdf,
    /// An animated PNG.
    Png,
}

impl DeckFormat {
    /// The deck format that `format` is, if it is one.
    pub fn of(format: DiagramFormat) -> Option<DeckFormat> {
        match format {
            DiagramFormat::Pdf => Some(DeckFormat::Pdf),
            DiagramFormat::Png => Some(DeckFormat::Png),
            DiagramFormat::Dot
            | DiagramFormat::Svg
            | DiagramFormat::Tex
            | DiagramFormat::Html
            | DiagramFormat::Beamer
            | DiagramFormat::Forest => None,
        }
    }
}

/// The frames (SVG texts) as one PDF of a page each, or one animated PNG
/// showing each for `delay_ms` milliseconds, looping.
pub(super) fn deck(
    format: DeckFormat,
    frames: &[String],
    scale: f32,
    delay_ms: u16,
) -> Result<Vec<u8>, RenderError> {
    match format {
        DeckFormat::Pdf => pdf_deck(frames),
        DeckFormat::Png => animated_png(frames, scale, delay_ms),
    }
}

/// One point in usvg's pixels (96 to the inch).
const POINT: f32 = 96.0 / 72.0;

fn pdf_deck(frames: &[String]) -> Result<Vec<u8>, RenderError> {
    let mut next = Ref::new(1);
    let catalog = next.bump();
    let pages = next.bump();
    let mut pdf = Pdf::new();
    let mut page_refs = Vec::with_capacity(frames.len());
    let mut chunks = Vec::with_capacity(frames.len());
    for svg in frames {
        let tree = parse(svg)?;
        let (chunk, drawing) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| RenderError::Image(e.to_string()))?;
        let mut renumbered = HashMap::new();
        let chunk = chunk.renumber(|old| *renumbered.entry(old).or_insert_with(|| next.bump()));
        let drawing = renumbered[&drawing];
        let (page, content) = (next.bump(), next.bump());
        let (width, height) = (tree.size().width() / POINT, tree.size().height() / POINT);
        let name = Name(b"D");
        let mut writer = pdf.page(page);
        writer.media_box(Rect::new(0.0, 0.0, width, height));
        writer.parent(pages);
        writer.contents(content);
        writer.resources().x_objects().pair(name, drawing);
        writer.finish();
        let mut stream = Content::new();
        stream.transform([width, 0.0, 0.0, height, 0.0, 0.0]);
        stream.x_object(name);
        pdf.stream(content, &stream.finish());
        page_refs.push(page);
        chunks.push(chunk);
    }
    pdf.catalog(catalog).pages(pages);
    pdf.pages(pages)
        .kids(page_refs.iter().copied())
        .count(page_refs.len() as i32);
    for chunk in &chunks {
        pdf.extend(chunk);
    }
    Ok(pdf.finish())
}

/// The frames as an animated PNG: the first whole, each later one only as
/// the rectangle where it differs from the one before, its unchanged
/// pixels in that rectangle transparent (blended over the frame before,
/// they leave it as it was), so that a long animation of small changes
/// stays small.
fn animated_png(frames: &[String], scale: f32, delay_ms: u16) -> Result<Vec<u8>, RenderError> {
    let images = frames
        .iter()
        .map(|svg| pixmap(&parse(svg)?, scale))
        .collect::<Result<Vec<tiny_skia::Pixmap>, RenderError>>()?;
    let Some(first) = images.first() else {
        return Err(RenderError::Image("no frames to animate".to_string()));
    };
    let png_error = |e: png::EncodingError| RenderError::Image(e.to_string());
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, first.width(), first.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .set_animated(images.len() as u32, 0)
        .map_err(png_error)?;
    encoder.set_frame_delay(delay_ms, 1000).map_err(png_error)?;
    encoder
        .set_blend_op(png::BlendOp::Over)
        .map_err(png_error)?;
    let mut writer = encoder.write_header().map_err(png_error)?;
    // Every frame is drawn on an opaque white ground, so its premultiplied
    // pixels are the plain ones.
    writer.write_image_data(first.data()).map_err(png_error)?;
    for pair in images.windows(2) {
        let change = Change::between(&pair[0], &pair[1]);
        writer.reset_frame_position().map_err(png_error)?;
        writer
            .set_frame_dimension(change.width, change.height)
            .map_err(png_error)?;
        writer
            .set_frame_position(change.x, change.y)
            .map_err(png_error)?;
        writer.write_image_data(&change.pixels).map_err(png_error)?;
    }
    writer.finish().map_err(png_error)?;
    Ok(bytes)
}

/// The part of a frame that differs from the frame before: the smallest
/// rectangle holding every changed pixel (one pixel when none changed),
/// its RGBA rows with the unchanged pixels transparent.
struct Change {
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Change {
    fn between(before: &tiny_skia::Pixmap, after: &tiny_skia::Pixmap) -> Change {
        let width = after.width() as usize;
        let (old, new) = (before.data(), after.data());
        let pixel = |at: usize| &new[4 * at..4 * at + 4];
        let changed = |at: usize| old[4 * at..4 * at + 4] != new[4 * at..4 * at + 4];
        let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
        for at in (0..new.len() / 4).filter(|&at| changed(at)) {
            let (x, y) = (at % width, at / width);
            (left, top) = (left.min(x), top.min(y));
            (right, bottom) = (right.max(x + 1), bottom.max(y + 1));
        }
        if left == usize::MAX {
            (left, top, right, bottom) = (0, 0, 1, 1);
        }
        let mut pixels = Vec::with_capacity(4 * (right - left) * (bottom - top));
        for y in top..bottom {
            for at in (y * width + left)..(y * width + right) {
                match changed(at) {
                    true => pixels.extend_from_slice(pixel(at)),
                    false => pixels.extend_from_slice(&[0, 0, 0, 0]),
                }
            }
        }
        Change {
            x: left as u32,
            y: top as u32,
            width: (right - left) as u32,
            height: (bottom - top) as u32,
            pixels,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_pdf_and_png_make_decks() {
        let decks: Vec<(DiagramFormat, DeckFormat)> = DiagramFormat::ALL
            .into_iter()
            .filter_map(|format| Some((format, DeckFormat::of(format)?)))
            .collect();
        assert_eq!(
            decks,
            [
                (DiagramFormat::Png, DeckFormat::Png),
                (DiagramFormat::Pdf, DeckFormat::Pdf)
            ]
        );
    }
}
