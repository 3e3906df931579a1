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
    /// quiz mode (see [`super::html`]); always made by gametree.
    Html,
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

impl DiagramFormat {
    /// The format a file name's extension names (`.gv` is DOT too).
    pub fn from_path(path: &Path) -> Option<DiagramFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "dot" | "gv" => Some(DiagramFormat::Dot),
            "svg" => Some(DiagramFormat::Svg),
            "png" => Some(DiagramFormat::Png),
            "pdf" => Some(DiagramFormat::Pdf),
            "tex" => Some(DiagramFormat::Tex),
            "html" | "htm" => Some(DiagramFormat::Html),
            _ => None,
        }
    }

    /// The name, which is also the file extension.
    pub fn name(self) -> &'static str {
        match self {
            DiagramFormat::Dot => "dot",
            DiagramFormat::Svg => "svg",
            DiagramFormat::Png => "png",
            DiagramFormat::Pdf => "pdf",
            DiagramFormat::Tex => "tex",
            DiagramFormat::Html => "html",
        }
    }

    /// The bytes of a diagram in this format, from its DOT text, made by
    /// Graphviz's `dot`.
    pub fn bytes(self, dot: &str) -> Result<Vec<u8>, RenderError> {
        match self {
            DiagramFormat::Dot => Ok(dot.as_bytes().to_vec()),
            DiagramFormat::Tex | DiagramFormat::Html => {
                Err(RenderError::NotByGraphviz { format: self })
            }
            _ => run_dot(self, dot),
        }
    }
}

impl fmt::Display for DiagramFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `dot -T<format>` on `dot`, returning what it prints. The child is
/// registered with [`crate::cleanup`], so that an interrupted run kills it.
fn run_dot(format: DiagramFormat, dot: &str) -> Result<Vec<u8>, RenderError> {
    let mut command = Command::new("dot");
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
