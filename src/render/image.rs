//! Output formats, and images made by Graphviz's own `dot` program.

use std::fmt;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use super::RenderError;
use crate::cleanup;

/// What a diagram is written as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum DiagramFormat {
    /// DOT text, as is; needs no Graphviz.
    #[default]
    Dot,
    /// SVG: written by gametree, or by `dot -Tsvg` with the Graphviz engine.
    Svg,
    /// PNG: rendered by gametree, or by `dot -Tpng` with the Graphviz engine.
    Png,
    /// PDF: written by gametree, or by `dot -Tpdf` with the Graphviz engine.
    Pdf,
    /// LaTeX: a TikZ picture to `\input` (a whole document with the
    /// standalone option), always drawn by gametree.
    Tex,
    /// HTML: a self-contained page that steps through the search, with a
    /// quiz mode (see the `web` module); always made by gametree.
    Html,
    /// LaTeX for Beamer: one TikZ picture with an overlay per step of the
    /// search, each with its caption (a whole Beamer document with the
    /// standalone option); always drawn by gametree.
    Beamer,
    /// LaTeX: the tree as a `forest` bracket tree to edit, with values,
    /// cuts, layers and the principal variation as `forest` styles (a
    /// whole document with the standalone option).
    Forest,
}

/// Who lays out and draws SVG, PNG and PDF.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Engine {
    /// gametree's own tidy layout and drawing: needs nothing installed.
    #[default]
    Native,
    /// Graphviz's `dot` program, from the DOT text.
    Graphviz,
}

/// A format drawn as a picture by either engine: SVG, and PNG and PDF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PictureFormat {
    /// SVG.
    Svg,
    /// PNG.
    Png,
    /// PDF.
    Pdf,
}

/// What makes a diagram in a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Making {
    /// DOT text, written from the trace.
    Dot,
    /// A TikZ picture, drawn by gametree's own engine only.
    Tikz,
    /// A web page, made from the whole search rather than a diagram.
    Page,
    /// Beamer overlays, drawn by gametree's own engine only.
    Beamer,
    /// A `forest` tree, written by gametree's own engine only.
    Forest,
    /// A picture, drawn by the engine chosen.
    Picture(PictureFormat),
}

impl DiagramFormat {
    /// Every format, in the order help and messages list them.
    pub const ALL: [DiagramFormat; 8] = [
        DiagramFormat::Dot,
        DiagramFormat::Svg,
        DiagramFormat::Png,
        DiagramFormat::Pdf,
        DiagramFormat::Tex,
        DiagramFormat::Html,
        DiagramFormat::Beamer,
        DiagramFormat::Forest,
    ];

    /// The format a file name's extension names (`.gv` is DOT too; `.tex`
    /// is the plain TikZ picture, Beamer and `forest` being asked for by
    /// name).
    pub fn from_path(path: &Path) -> Option<DiagramFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "gv" => Some(DiagramFormat::Dot),
            "htm" => Some(DiagramFormat::Html),
            name => DiagramFormat::ALL
                .into_iter()
                .find(|f| f.named_by_extension() && f.name() == name),
        }
    }

    /// Whether a file's extension names this format: every format but
    /// Beamer and `forest`, whose files are `.tex` files.
    pub fn named_by_extension(self) -> bool {
        self.name() == self.extension()
    }

    /// The extension of its files.
    pub fn extension(self) -> &'static str {
        match self {
            DiagramFormat::Beamer | DiagramFormat::Forest => "tex",
            other => other.name(),
        }
    }

    /// The name, as `--format` takes it; the file extension too, but for
    /// Beamer and `forest` (see [`DiagramFormat::extension`]).
    pub fn name(self) -> &'static str {
        match self {
            DiagramFormat::Dot => "dot",
            DiagramFormat::Svg => "svg",
            DiagramFormat::Png => "png",
            DiagramFormat::Pdf => "pdf",
            DiagramFormat::Tex => "tex",
            DiagramFormat::Html => "html",
            DiagramFormat::Beamer => "beamer",
            DiagramFormat::Forest => "forest",
        }
    }

    /// The name in a sentence: `DOT`, `LaTeX`.
    pub fn label(self) -> &'static str {
        match self {
            DiagramFormat::Dot => "DOT",
            DiagramFormat::Svg => "SVG",
            DiagramFormat::Png => "PNG",
            DiagramFormat::Pdf => "PDF",
            DiagramFormat::Tex => "LaTeX",
            DiagramFormat::Html => "HTML",
            DiagramFormat::Beamer => "Beamer",
            DiagramFormat::Forest => "forest",
        }
    }

    /// What makes a diagram in this format.
    pub(super) fn making(self) -> Making {
        match self {
            DiagramFormat::Dot => Making::Dot,
            DiagramFormat::Svg => Making::Picture(PictureFormat::Svg),
            DiagramFormat::Png => Making::Picture(PictureFormat::Png),
            DiagramFormat::Pdf => Making::Picture(PictureFormat::Pdf),
            DiagramFormat::Tex => Making::Tikz,
            DiagramFormat::Html => Making::Page,
            DiagramFormat::Beamer => Making::Beamer,
            DiagramFormat::Forest => Making::Forest,
        }
    }

    /// Whether Graphviz's `dot` writes this format (DOT as is).
    pub fn by_graphviz(self) -> bool {
        match self.making() {
            Making::Dot | Making::Picture(_) => true,
            Making::Tikz | Making::Page | Making::Beamer | Making::Forest => false,
        }
    }

    /// The bytes of a diagram in this format, from its DOT text, made by
    /// Graphviz's `dot` (PNG at its own 96 dpi).
    pub fn bytes(self, dot: &str) -> Result<Vec<u8>, RenderError> {
        self.bytes_at(dot, 96.0 / 72.0)
    }

    /// As [`bytes`](DiagramFormat::bytes), PNG at `scale` pixels per point.
    pub fn bytes_at(self, dot: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
        match self.making() {
            Making::Dot => Ok(dot.as_bytes().to_vec()),
            Making::Tikz | Making::Page | Making::Beamer | Making::Forest => {
                Err(RenderError::NotByGraphviz { format: self })
            }
            Making::Picture(picture) => run_dot(picture, dot, scale),
        }
    }
}

impl fmt::Display for DiagramFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<PictureFormat> for DiagramFormat {
    fn from(picture: PictureFormat) -> DiagramFormat {
        match picture {
            PictureFormat::Svg => DiagramFormat::Svg,
            PictureFormat::Png => DiagramFormat::Png,
            PictureFormat::Pdf => DiagramFormat::Pdf,
        }
    }
}

/// Runs `dot -T<format>` on `dot`, returning what it prints (PNG at
/// `scale` pixels per point). The child is registered with
/// [`crate::cleanup`], so that an interrupted run kills it.
fn run_dot(picture: PictureFormat, dot: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    let format = DiagramFormat::from(picture);
    let mut command = Command::new("dot");
    if picture == PictureFormat::Png {
        command.arg(format!("-Gdpi={}", 72.0 * scale));
    }
    command
        .arg(format!("-T{}", format.name()))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut pipes = None;
    let spawned = cleanup::spawn(&mut command, |child| {
        pipes = Some((child.stdin.take(), child.stdout.take(), child.stderr.take()));
    });
    let child = match spawned {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(RenderError::DotMissing { format });
        }
        Err(e) => return Err(RenderError::DotIo(e)),
    };
    let Some((Some(mut stdin), Some(mut stdout), Some(mut stderr))) = pipes else {
        return Err(RenderError::DotIo(std::io::Error::other("no pipes to dot")));
    };
    let text = dot.to_string();
    // Written and read from other threads: `dot` may fill its output pipe
    // before it has read all its input.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let errors = std::thread::spawn(move || {
        let mut text = Vec::new();
        stderr.read_to_end(&mut text).map(|_| text)
    });
    let mut output = Vec::new();
    let read = stdout.read_to_end(&mut output);
    let status = child.wait().map_err(RenderError::DotIo)?;
    let written = writer.join().expect("the writer does not panic");
    let errors = errors.join().expect("the reader does not panic");
    if !status.success() {
        let errors = errors.unwrap_or_default();
        return Err(RenderError::DotFailed {
            status: status.to_string(),
            stderr: String::from_utf8_lossy(&errors).trim().to_string(),
        });
    }
    read.map_err(RenderError::DotIo)?;
    written.map_err(RenderError::DotIo)?;
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_is_named_by_its_extension() {
        for format in DiagramFormat::ALL {
            let path = format!("diagram.{}", format.name().to_uppercase());
            let named = format.named_by_extension().then_some(format);
            assert_eq!(DiagramFormat::from_path(Path::new(&path)), named);
        }
        for format in [DiagramFormat::Beamer, DiagramFormat::Forest] {
            assert_eq!(format.extension(), "tex");
        }
        assert_eq!(
            DiagramFormat::from_path(Path::new("a.gv")),
            Some(DiagramFormat::Dot)
        );
        assert_eq!(DiagramFormat::from_path(Path::new("a.jpeg")), None);
    }

    #[test]
    fn graphviz_writes_dot_and_pictures_only() {
        let by_graphviz: Vec<&str> = DiagramFormat::ALL
            .into_iter()
            .filter(|format| format.by_graphviz())
            .map(DiagramFormat::label)
            .collect();
        assert_eq!(by_graphviz, ["DOT", "SVG", "PNG", "PDF"]);
        for format in [
            DiagramFormat::Tex,
            DiagramFormat::Html,
            DiagramFormat::Beamer,
            DiagramFormat::Forest,
        ] {
            assert!(matches!(
                format.bytes("digraph {}"),
                Err(RenderError::NotByGraphviz { .. })
            ));
        }
    }
}
