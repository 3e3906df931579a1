//! `render --fit W:H`: the picture on a slide of that shape, 720 points
//! wide, at the scale and with the labels that keep every text at least
//! 9 points there, or a message that says why no choice does.

use gametree::render::{Diagram, DiagramFormat, Engine, Labels, RenderOptions};

use super::CliError;

/// The width of a slide, in points (Beamer's 16:9 frame is 720 by 405).
const SLIDE_WIDTH: f64 = 720.0;
/// The smallest text a slide may show, in points.
const LEAST_TEXT: f64 = 9.0;

/// A slide's shape, `W:H` (`16:9`, `4:3`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Ratio {
    width: u32,
    height: u32,
}

impl Ratio {
    /// The slide's size in points: 720 wide, as high as the ratio says.
    pub(super) fn slide(self) -> (f64, f64) {
        let height = SLIDE_WIDTH * f64::from(self.height) / f64::from(self.width);
        (SLIDE_WIDTH, (height * 100.0).round() / 100.0)
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.width, self.height)
    }
}

/// Reads `W:H`, two whole numbers from 1 to 100.
pub(super) fn parse_ratio(text: &str) -> Result<Ratio, String> {
    let bad = || format!("{text:?} is no slide shape: write W:H, as 16:9 or 4:3");
    let (width, height) = text.split_once(':').ok_or_else(bad)?;
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=100).contains(n))
    };
    Ok(Ratio {
        width: number(width).ok_or_else(bad)?,
        height: number(height).ok_or_else(bad)?,
    })
}

/// The diagram `make` draws with `options`, or, fitted to `ratio`'s slide,
/// the first of the label choices (those asked for, then values and names
/// alone) whose smallest text is at least 9 points there.
pub(super) fn fitted<'a>(
    ratio: Option<Ratio>,
    (format, engine, frames): (DiagramFormat, Engine, bool),
    options: RenderOptions,
    make: impl Fn(RenderOptions) -> Diagram<'a>,
) -> Result<Diagram<'a>, CliError> {
    let Some(ratio) = ratio else {
        return Ok(make(options));
    };
    if !matches!(
        format,
        DiagramFormat::Svg | DiagramFormat::Png | DiagramFormat::Pdf
    ) || engine == Engine::Graphviz
    {
        return Err(CliError::BadInput(format!(
            "--fit {ratio} scales gametree's own SVG, PNG and PDF onto a slide; not {}{} \
             (Beamer fits its frame itself: --format beamer --standalone)",
            format.label(),
            match engine {
                Engine::Graphviz => " drawn by Graphviz (--engine graphviz)",
                Engine::Native => "",
            }
        )));
    }
    let slide = ratio.slide();
    let asked = options.labels.unwrap_or_default();
    let mut best: f64 = 0.0;
    for labels in [asked, Labels::Values] {
        let diagram = make(RenderOptions {
            labels: Some(labels),
            ..options
        });
        let size = diagram.smallest_text_on(slide, frames);
        if size >= LEAST_TEXT - 0.005 {
            return Ok(diagram);
        }
        best = best.max(size);
    }
    Err(CliError::BadInput(format!(
        "--fit {ratio}: on a {} by {} pt slide the drawing's smallest text would be {:.1} pt, \
         under {LEAST_TEXT} pt, with every label choice; draw the top of the tree \
         (--draw-depth N) or fewer layers, or leave out --fit",
        slide.0, slide.1, best
    )))
}
