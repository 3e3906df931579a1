//! `gametree render`.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::args::ParallelArgs;
use super::args::{Source, is_standard_output};
use super::input::read_tree;
use super::{CliError, SearchArgs};
use gametree::output::write_atomically;
use gametree::render::{
    DEFAULT_MAX_DRAW_NODES, Diagram, Format, Layers, RenderError, RenderOptions, Style, check_size,
    write_frames,
};
use gametree::trace::Trace;

/// Arguments of `gametree render`.
#[derive(Debug, Args)]
pub(super) struct RenderArgs {
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Write the diagram to this file (a regular file atomically, a device
    /// or pipe in place; `-` is standard output); DOT on standard output
    /// when absent.
    #[arg(short, long, value_name = "OUT", help_heading = "Output")]
    output: Option<PathBuf>,
    /// The format; by default OUT's extension (.dot, .gv, .svg, .png, .pdf),
    /// else DOT.
    #[arg(long, value_enum, help_heading = "Output")]
    format: Option<Format>,
    /// How MAX and MIN nodes are drawn.
    #[arg(long, value_enum, default_value_t = Style::Triangles, help_heading = "Output")]
    style: Style,
    /// Show the [alpha, beta] window each node was entered with.
    #[arg(long, help_heading = "Layers")]
    windows: bool,
    /// Show the order in which nodes were visited.
    #[arg(long, help_heading = "Layers")]
    visit_order: bool,
    /// Show each node's value history (2 -> 5).
    #[arg(long, help_heading = "Layers")]
    provisional: bool,
    /// Show Knuth-Moore node types: 1 (PV), 2 (CUT), 3 (ALL).
    #[arg(long, help_heading = "Layers")]
    node_types: bool,
    /// Also write one numbered diagram per step of the search into DIR.
    #[arg(long, value_name = "DIR", help_heading = "Output")]
    frames: Option<PathBuf>,
    /// Refuse to draw more nodes than this (see --draw-depth).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_DRAW_NODES, help_heading = "Output")]
    max_draw_nodes: usize,
    /// Draw only the nodes at most N levels below the root (`--depth`
    /// limits the search itself, as in `solve`).
    #[arg(long, value_name = "N", help_heading = "Output")]
    draw_depth: Option<usize>,
    #[command(flatten)]
    pub(super) parallel: ParallelArgs,
}

impl RenderArgs {
    fn format(&self) -> Result<Format, CliError> {
        if let Some(format) = self.format {
            return Ok(format);
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

    /// A failed search with `--depth` and no `--draw-depth` may come from
    /// a command written when `render --depth` meant how deep to draw.
    fn note_renamed_depth(&self, error: CliError) -> CliError {
        match (error, self.search.depth, self.draw_depth) {
            (CliError::BadInput(message), Some(depth), None) => CliError::BadInput(format!(
                "{message}\nnote: `render --depth {depth}` limits the search, as in `solve`; \
                 to draw only the top {depth} levels, use --draw-depth {depth}"
            )),
            (error, ..) => error,
        }
    }

    fn options(&self) -> RenderOptions {
        RenderOptions {
            style: self.style,
            layers: Layers {
                windows: self.windows,
                visit_order: self.visit_order,
                provisional: self.provisional,
                node_types: self.node_types,
            },
            depth: self.draw_depth,
        }
    }
}

/// The library's error in the command line's words: its hints name flags.
fn render_error(error: RenderError) -> CliError {
    CliError::BadInput(match error {
        RenderError::TooLarge {
            nodes,
            max,
            depth,
            fit,
        } => format!(
            "the tree has {nodes} nodes to draw, more than the {max} that make a readable \
             picture; draw the top with --draw-depth {depth} ({fit} nodes), or raise \
             --max-draw-nodes"
        ),
        RenderError::DotMissing { .. } => format!("{error} with --format dot"),
        other => other.to_string(),
    })
}

/// Searches the tree once and draws the search: the full diagram to OUT
/// (or standard output), and the frames to `--frames`.
pub(super) fn run(args: &RenderArgs, out: &mut impl Write) -> Result<(), CliError> {
    let format = args.format()?;
    let Source::File(file) = args.search.source()? else {
        return Err(CliError::BadInput(
            "render draws tree files: write the game first with `gametree gen --game SPEC -o FILE`"
                .to_string(),
        ));
    };
    let mut input = read_tree(file, &args.search)?;
    check_size(&input.tree, args.draw_depth, args.max_draw_nodes).map_err(render_error)?;
    let mut trace = Trace::new();
    let result = input
        .search(&args.search, &mut trace)
        .map_err(|e| args.note_renamed_depth(e))?;
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
