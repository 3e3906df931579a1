//! `gametree render`.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::args::{Source, is_standard_output};
use super::input::read_tree;
use super::{CliError, SearchArgs};
use crate::output::write_atomically;
use crate::render::{
    DEFAULT_MAX_DRAW_NODES, Diagram, Format, Layers, RenderError, RenderOptions, Style, check_size,
    write_frames,
};
use crate::trace::Trace;

/// Arguments of `gametree render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Write the diagram to this file (a regular file atomically, a device
    /// or pipe in place; `-` is standard output); DOT on standard output
    /// when absent.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// The format; by default OUT's extension (.dot, .gv, .svg, .png, .pdf),
    /// else DOT.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// How MAX and MIN nodes are drawn.
    #[arg(long, value_enum, default_value_t = StyleArg::Triangles)]
    style: StyleArg,
    /// Show the [alpha, beta] window each node was entered with.
    #[arg(long)]
    windows: bool,
    /// Show the order in which nodes were visited.
    #[arg(long)]
    visit_order: bool,
    /// Show each node's value history (2 -> 5).
    #[arg(long)]
    provisional: bool,
    /// Show Knuth-Moore node types: 1 (PV), 2 (CUT), 3 (ALL).
    #[arg(long)]
    node_types: bool,
    /// Also write one numbered diagram per step of the search into DIR.
    #[arg(long, value_name = "DIR")]
    frames: Option<PathBuf>,
    /// Refuse to draw more nodes than this (see --depth).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_DRAW_NODES)]
    max_draw_nodes: usize,
    /// Draw only the nodes at most N levels below the root.
    #[arg(long, value_name = "N")]
    depth: Option<usize>,
}

/// The `--format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    Dot,
    Svg,
    Png,
    Pdf,
}

/// The `--style` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum StyleArg {
    /// MAX as an up-pointing triangle, MIN as a down-pointing one.
    Triangles,
    /// MAX as a square, MIN as a circle.
    Squares,
}

impl RenderArgs {
    fn format(&self) -> Result<Format, CliError> {
        if let Some(format) = self.format {
            return Ok(match format {
                FormatArg::Dot => Format::Dot,
                FormatArg::Svg => Format::Svg,
                FormatArg::Png => Format::Png,
                FormatArg::Pdf => Format::Pdf,
            });
        }
        match self
            .output
            .as_deref()
            .filter(|path| !is_standard_output(path))
        {
            None => Ok(Format::Dot),
            Some(path) => Format::from_path(path).ok_or_else(|| {
                CliError::BadInput(format!(
                    "{}: cannot tell the format from the extension; name a .dot, .svg, .png or \
                     .pdf file, or give --format",
                    path.display()
                ))
            }),
        }
    }

    fn options(&self) -> RenderOptions {
        RenderOptions {
            style: match self.style {
                StyleArg::Triangles => Style::Triangles,
                StyleArg::Squares => Style::Squares,
            },
            layers: Layers {
                windows: self.windows,
                visit_order: self.visit_order,
                provisional: self.provisional,
                node_types: self.node_types,
            },
            depth: self.depth,
        }
    }
}

fn render_error(error: RenderError) -> CliError {
    CliError::BadInput(error.to_string())
}

/// Searches the tree once and draws the search: the full diagram to OUT
/// (or standard output), and the frames to `--frames`.
pub fn run(args: &RenderArgs, out: &mut impl Write) -> Result<(), CliError> {
    let format = args.format()?;
    let Source::File(file) = args.search.source()? else {
        return Err(CliError::BadInput(
            "render draws tree files: write the game first with `gametree gen --game SPEC -o FILE`"
                .to_string(),
        ));
    };
    let mut input = read_tree(file, &args.search)?;
    check_size(&input.tree, args.depth, args.max_draw_nodes).map_err(render_error)?;
    let mut trace = Trace::new();
    let result = input.search(&args.search, &mut trace)?;
    let diagram = Diagram::new(&input.tree, &trace, &result, args.options());
    let full = format.bytes(&diagram.to_dot()).map_err(render_error)?;
    if let Some(dir) = &args.frames {
        write_frames(dir, format, &diagram.frames()).map_err(render_error)?;
    }
    match args
        .output
        .as_deref()
        .filter(|path| !is_standard_output(path))
    {
        Some(path) => write_atomically(path, &full)
            .map_err(|e| CliError::BadInput(format!("{}: cannot write: {e}", path.display())))?,
        None if args.frames.is_none() || args.output.is_some() => out.write_all(&full)?,
        None => {}
    }
    Ok(())
}
