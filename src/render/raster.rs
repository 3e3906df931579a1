//! PNG and PDF from the project's own SVG, through resvg and svg2pdf, with
//! the carried font only: the same pictures on a machine with no fonts.

use std::sync::Arc;

use resvg::{tiny_skia, usvg};

use super::RenderError;
use super::font::{FONT_DATA, FONT_FAMILY};
use super::image::PictureFormat;

/// SVG text as `picture`; PNG at `scale` pixels per point.
pub(super) fn convert(
    picture: PictureFormat,
    svg: &str,
    scale: f32,
) -> Result<Vec<u8>, RenderError> {
    match picture {
        PictureFormat::Svg => Ok(svg.as_bytes().to_vec()),
        PictureFormat::Png => png(&parse(svg)?, scale),
        PictureFormat::Pdf => pdf(&parse(svg)?),
    }
}

/// A font database holding the carried font alone, under every generic
/// name, so that no text ever goes looking for system fonts.
pub(super) fn font_database() -> usvg::fontdb::Database {
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(FONT_DATA.to_vec());
    fonts.set_sans_serif_family(FONT_FAMILY);
    fonts.set_serif_family(FONT_FAMILY);
    fonts.set_monospace_family(FONT_FAMILY);
    fonts.set_cursive_family(FONT_FAMILY);
    fonts.set_fantasy_family(FONT_FAMILY);
    fonts
}

pub(super) fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    let options = usvg::Options {
        fontdb: Arc::new(font_database()),
        font_family: FONT_FAMILY.to_string(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Image(e.to_string()))
}

/// The SVG's size is in points; usvg counts 96 pixels to the inch, so one
/// point is 4/3 of its pixels.
const POINT_IN_PIXELS: f32 = 4.0 / 3.0;

fn png(tree: &usvg::Tree, scale: f32) -> Result<Vec<u8>, RenderError> {
    pixmap(tree, scale)?
        .encode_png()
        .map_err(|e| RenderError::Image(e.to_string()))
}

/// The picture at `scale` pixels per point, on a white ground.
pub(super) fn pixmap(tree: &usvg::Tree, scale: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    let zoom = scale / POINT_IN_PIXELS;
    let size = tree.size().to_int_size().scale_by(zoom).ok_or_else(|| {
        RenderError::Image(format!("a scale of {scale} gives an empty or huge picture"))
    })?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        RenderError::Image(format!(
            "a picture of {} x {} pixels is too large",
            size.width(),
            size.height()
        ))
    })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let transform = tiny_skia::Transform::from_scale(zoom, zoom);
    resvg::render(tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
}

fn pdf(tree: &usvg::Tree) -> Result<Vec<u8>, RenderError> {
    svg2pdf::to_pdf(
        tree,
        svg2pdf::ConversionOptions::default(),
        svg2pdf::PageOptions { dpi: 96.0 },
    )
    .map_err(|e| RenderError::Image(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_database_holds_the_carried_font_alone() {
        let fonts = font_database();
        assert_eq!(fonts.len(), 1);
        let family = &fonts.faces().next().unwrap().families[0].0;
        assert_eq!(family, FONT_FAMILY);
    }

    #[test]
    fn text_is_drawn_with_no_other_font() {
        let page = |text: &str| {
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"60pt\" height=\"20pt\" \
                 viewBox=\"0 0 60 20\"><rect width=\"60\" height=\"20\" fill=\"#fff\"/>\
                 <text x=\"4\" y=\"15\" font-family=\"Nonexistent, serif\" \
                 font-size=\"12\">{text}</text></svg>"
            )
        };
        let ink = |text: &str| {
            let png = convert(PictureFormat::Png, &page(text), 2.0).unwrap();
            let pixmap = tiny_skia::Pixmap::decode_png(&png).unwrap();
            pixmap.pixels().iter().filter(|p| p.red() < 128).count()
        };
        assert_eq!(ink(""), 0);
        assert!(ink("A 8") > 50, "{}", ink("A 8"));
    }
}
