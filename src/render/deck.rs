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
    let mut writer = encoder.write_header().map_err(png_error)?;
    for image in &images {
        // Every frame is drawn on an opaque white ground, so its
        // premultiplied pixels are the plain ones.
        writer.write_image_data(image.data()).map_err(png_error)?;
    }
    writer.finish().map_err(png_error)?;
    Ok(bytes)
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
