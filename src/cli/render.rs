//! `gametree render`.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::args::{ParallelArgs, SimulateArgs};
use super::args::{Source, is_standard_output};
use super::input::{Input, read_tree};
use super::{CliError, SearchArgs};
use gametree::output::write_atomically;
use gametree::render::{
    DEFAULT_MAX_DRAW_NODES, DeckFormat, Diagram, DiagramFormat, DrawnSet, DrawnTrace, Engine,
    ImageOptions, Labels, Layers, Processors, RenderError, RenderOptions, Style, check_size,
    write_frames,
};
use gametree::report::schedule_lines;
use gametree::search::{SearchError, SearchResult, simulate};
use gametree::text::listed;
use gametree::trace::{Schedule, Trace};
use gametree::tree::NodeId;
use gametree::web::{PageOptions, PageTree, page};

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
    /// The format; by default OUT's extension (.dot, .gv, .svg, .png, .pdf,
    /// .tex, .html), else DOT; beamer (overlays) and forest (a tree to
    /// edit) are LaTeX asked for by name.
    #[arg(long, value_enum, help_heading = "Output")]
    format: Option<DiagramFormat>,
    /// Who draws SVG, PNG and PDF: gametree itself, or Graphviz's `dot`.
    #[arg(long, value_enum, default_value_t = Engine::Native, help_heading = "Output")]
    engine: Engine,
    /// How MAX and MIN nodes are drawn.
    #[arg(long, value_enum, default_value_t = Style::Triangles, help_heading = "Output")]
    style: Style,
    /// What nodes say [default: values natively, both in DOT].
    #[arg(long, value_enum, help_heading = "Output")]
    labels: Option<Labels>,
    /// Draw the bare tree for a question sheet: shapes, names, leaf values
    /// (one sheet: frames would show the search).
    #[arg(long, help_heading = "Output", conflicts_with_all = ["key", "frames"])]
    blank: bool,
    /// HTML: open the page in quiz mode (interior values hidden, answers
    /// checked against the search).
    #[arg(long, help_heading = "Output")]
    quiz: bool,
    /// Draw the answer key: the full diagram with a table of the answers
    /// (SVG, PNG, PDF, LaTeX), beside it or under it, whichever keeps the
    /// sheet nearer a 16:9 slide's shape.
    #[arg(long, help_heading = "Output")]
    key: bool,
    /// With --key: the table under the drawing, whatever its shape.
    #[arg(long, help_heading = "Output", requires = "key")]
    key_below: bool,
    /// PNG pixels per point: 1 is 72 dpi, 2 (the default) 144 dpi.
    #[arg(
        long,
        value_name = "FACTOR",
        default_value_t = 2.0,
        help_heading = "Output"
    )]
    scale: f32,
    /// LaTeX as a complete document rather than a picture to \input.
    #[arg(long, help_heading = "Output")]
    standalone: bool,
    /// Frames and Beamer overlays without the caption (the step's trace
    /// line) under them.
    #[arg(long, help_heading = "Output")]
    no_caption: bool,
    /// How long an animated PNG (--frames anim.png) shows each frame.
    #[arg(
        long,
        value_name = "MS",
        default_value_t = 1000,
        help_heading = "Output"
    )]
    frame_delay: u16,
    /// SVG, PNG, PDF: the picture on a slide of this shape (`16:9` is 720
    /// by 405 pt), scaled to fit it, with the labels (those asked for,
    /// else values and names) that keep every text at least 9 pt, or an
    /// error that says why none does.
    #[arg(long, value_name = "W:H", value_parser = super::fit::parse_ratio, help_heading = "Output")]
    fit: Option<super::fit::Ratio>,
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
    /// Also write one numbered diagram per step of the search into DIR; or,
    /// when DIR ends in .pdf or .png, all steps in that one file (a PDF of
    /// a page each, or an animated PNG).
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
    #[command(flatten)]
    simulate: SimulateArgs,
}

impl RenderArgs {
    fn format(&self) -> Result<DiagramFormat, CliError> {
        if let Some(format) = self.format {
            return Ok(format);
        }
        match self
            .output
            .as_deref()
            .filter(|path| !is_standard_output(path))
        {
            None => Ok(DiagramFormat::Dot),
            Some(path) => DiagramFormat::from_path(path).ok_or_else(|| {
                let extensions = DiagramFormat::ALL
                    .into_iter()
                    .filter(|format| format.named_by_extension())
                    .map(|format| format!(".{format}"));
                CliError::BadInput(format!(
                    "{}: cannot tell the format from the extension; name a {} file, or give \
                     --format",
                    path.display(),
                    listed(extensions, "or")
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
            draw_depth: self.draw_depth,
            labels: self.labels,
            blank: self.blank,
            captions: !self.no_caption,
            strict: self.search.strict,
            key: self.key,
            key_below: self.key_below,
        }
    }

    /// Refuses what the engine asked for cannot draw, naming the engine:
    /// Graphviz draws no LaTeX, Beamer, forest or web page and no answer
    /// table, and DOT is no picture to put one beside.
    fn check_engine(&self, format: DiagramFormat) -> Result<(), CliError> {
        let native_only = [
            DiagramFormat::Tex,
            DiagramFormat::Beamer,
            DiagramFormat::Forest,
            DiagramFormat::Html,
        ];
        if self.engine == Engine::Graphviz && native_only.contains(&format) {
            return Err(render_error(RenderError::NotByGraphviz { format }));
        }
        if self.key && (self.engine == Engine::Graphviz || format == DiagramFormat::Dot) {
            return Err(CliError::BadInput(format!(
                "--key draws the answer table beside the drawing with the native engine; {} \
                 does not: write SVG, PNG, PDF or LaTeX without --engine graphviz",
                match self.engine {
                    Engine::Graphviz => "Graphviz (--engine graphviz)",
                    Engine::Native => "DOT text",
                }
            )));
        }
        Ok(())
    }

    /// The diagram `make` draws, fitted to the slide `--fit` asks for.
    fn fitted<'a>(
        &self,
        format: DiagramFormat,
        make: impl Fn(RenderOptions) -> Diagram<'a>,
    ) -> Result<Diagram<'a>, CliError> {
        let how = (format, self.engine, self.frames.is_some());
        super::fit::fitted(self.fit, how, self.options(), make)
    }

    fn image(&self) -> ImageOptions {
        ImageOptions {
            engine: self.engine,
            scale: self.scale,
            standalone: self.standalone,
            frame_delay_ms: self.frame_delay,
            slide: self.fit.map(super::fit::Ratio::slide),
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
        RenderError::NotByGraphviz { format } => format!(
            "{} is drawn by gametree's native engine only, not by Graphviz: leave out \
             --engine graphviz",
            format.label()
        ),
        RenderError::NoFrames { .. } => format!(
            "{error}: leave out --frames DIR (Beamer overlays hold every step; a forest tree \
             is the end of the search)"
        ),
        other => other.to_string(),
    })
}

/// The format of a one-file deck of frames, when `path` names one (a
/// `.pdf` or `.png` that is not a folder).
fn deck_of(path: &Path) -> Option<DeckFormat> {
    let format = DiagramFormat::from_path(path).and_then(DeckFormat::of)?;
    (!path.is_dir()).then_some(format)
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
    if args.quiz && format != DiagramFormat::Html {
        return Err(CliError::BadInput(format!(
            "--quiz makes a web page's quiz; {format} has none: write an .html file"
        )));
    }
    refuse_for_latex(args, format)?;
    args.check_engine(format)?;
    let mut input = read_tree(file, &args.search)?;
    if format == DiagramFormat::Html {
        return write_output(args, page_of(args, &mut input)?.as_bytes(), out);
    }
    check_size(&input.tree, args.draw_depth, args.max_draw_nodes).map_err(render_error)?;
    if let Some(processors) = args.simulate.one(args.search.algorithm())? {
        return run_simulated(&input, args, format, processors, out);
    }
    // Only the drawn nodes' events are kept: drawing the top of a large
    // tree holds the tree and what it draws, not the whole trace.
    let drawn = DrawnSet::new(&input.tree, args.draw_depth);
    let mut recorder = DrawnTrace::new(&drawn);
    let result = input
        .search(&args.search, &mut recorder)
        .map_err(|e| args.note_renamed_depth(e))?;
    let trace = recorder.trace;
    let diagram = args.fitted(format, |options| {
        Diagram::new(&input.tree, &trace, &result, options)
    })?;
    draw(args, &diagram, format, out)
}

/// Writes the full diagram to OUT (or standard output) and the frames to
/// `--frames`, as a folder or one file.
fn draw(
    args: &RenderArgs,
    diagram: &Diagram<'_>,
    format: DiagramFormat,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let full = diagram
        .to_bytes(format, args.image())
        .map_err(render_error)?;
    match args.frames.as_deref().map(|path| (path, deck_of(path))) {
        Some((path, Some(deck))) => {
            let deck = diagram
                .frame_deck(deck, args.image())
                .map_err(render_error)?;
            write_atomically(path, &deck).map_err(|e| {
                CliError::BadInput(format!("{}: cannot write: {e}", path.display()))
            })?;
        }
        Some((dir, None)) => {
            let frames = diagram
                .frame_bytes(format, args.image())
                .map_err(render_error)?;
            write_frames(dir, format, &frames).map_err(render_error)?;
        }
        None => {}
    }
    write_output(args, &full, out)
}

/// Beamer overlays show the search, not a question sheet or an answer
/// key; a `forest` tree is a sheet or the end of the search, without the
/// key's table.
fn refuse_for_latex(args: &RenderArgs, format: DiagramFormat) -> Result<(), CliError> {
    let message = match format {
        DiagramFormat::Beamer if args.blank => {
            "--blank draws a question sheet, which has no steps to show as Beamer overlays: \
             use --format tex or forest (or svg, png, pdf)"
        }
        DiagramFormat::Beamer | DiagramFormat::Forest if args.key => {
            "--key draws the answer table beside the drawing: use --format tex (or svg, png, \
             pdf)"
        }
        _ => return Ok(()),
    };
    Err(CliError::BadInput(format!("{message}, not {format}")))
}

/// `--format html`: the page that steps through the search of a tree
/// file already read (by `render`, or by `serve` from a request), and
/// quizzes with `--quiz`.
pub(super) fn page_of(args: &RenderArgs, input: &mut Input) -> Result<String, CliError> {
    if args.frames.is_some() || args.key || args.blank || !args.simulate.simulate.is_empty() {
        return Err(CliError::BadInput(
            "an HTML page holds every step and its own quiz: leave out --frames, --key, \
             --blank and --simulate"
                .to_string(),
        ));
    }
    check_size(&input.tree, args.draw_depth, args.max_draw_nodes).map_err(render_error)?;
    let mut trace = Trace::new();
    let result = input
        .search(&args.search, &mut trace)
        .map_err(|e| args.note_renamed_depth(e))?;
    let tree = PageTree {
        title: input.name.clone(),
        tree: &input.tree,
        trace: &trace,
        result: &result,
    };
    let options = PageOptions {
        title: input.name.clone(),
        render: args.options(),
        fail_hard: args.search.fail_hard,
        quiz: args.quiz,
    };
    Ok(page(&[tree], &options))
}

/// Writes the full diagram to OUT, or to standard output when there is
/// neither OUT nor frames.
fn write_output(args: &RenderArgs, full: &[u8], out: &mut impl Write) -> Result<(), CliError> {
    match args
        .output
        .as_deref()
        .filter(|path| !is_standard_output(path))
    {
        Some(path) => write_atomically(path, full)
            .map_err(|e| CliError::BadInput(format!("{}: cannot write: {e}", path.display())))?,
        None if args.frames.is_none() || args.output.is_some() => out.write_all(full)?,
        None => {}
    }
    Ok(())
}

/// `render --simulate P`: the parallel search simulated on P processors,
/// drawn with each node in the colour of the processor that searched it,
/// in every format and by either engine; frames, one per time step, each
/// captioned with what the processors did in it.
fn run_simulated(
    input: &Input,
    args: &RenderArgs,
    format: DiagramFormat,
    processors: usize,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if args.key {
        return Err(CliError::BadInput(
            "--key writes the answers of a sequential search; leave it out with --simulate"
                .to_string(),
        ));
    }
    if matches!(format, DiagramFormat::Beamer | DiagramFormat::Forest) {
        return Err(CliError::BadInput(format!(
            "{} follows the steps of a sequential search; render --simulate draws SVG, PNG, \
             PDF, LaTeX or DOT",
            format.label()
        )));
    }
    let failed = |e: SearchError| input.error(e.location(), &super::search_message(&e));
    let (trace, result, schedule) = simulated(&input.tree, args, processors).map_err(failed)?;
    let drawn = Processors::from_schedule(&input.tree, &schedule, processors);
    let steps = time_steps(&input.tree, &schedule, args.search.strict);
    let diagram = args.fitted(format, |options| {
        Diagram::new(&input.tree, &trace, &result, options)
            .with_processors(drawn.clone())
            .with_steps(steps.clone())
    })?;
    draw(args, &diagram, format, out)
}

/// The frames of a simulated search: one per time step, after the events
/// done by its end, with what each processor did in it as its caption.
fn time_steps(
    tree: &gametree::tree::Tree,
    schedule: &Schedule<NodeId>,
    strict: bool,
) -> Vec<(usize, String)> {
    let lines = schedule_lines(tree, schedule, strict);
    let ends = schedule.step_ends();
    let mut by_step: Vec<Vec<&str>> = vec![Vec::new(); ends.len()];
    for line in &lines {
        let Some((time, what)) = line.strip_prefix("t=").and_then(|l| l.split_once(' ')) else {
            continue;
        };
        if let Some(step) = time
            .parse::<usize>()
            .ok()
            .and_then(|t| by_step.get_mut(t - 1))
        {
            step.push(what);
        }
    }
    ends.iter()
        .zip(by_step)
        .enumerate()
        .map(|(at, (&end, acts))| {
            let caption = format!("time step {}: {}", at + 1, acts.join("; "));
            (end, shortened(&caption, 140))
        })
        .collect()
}

/// `text` cut to `most` characters, with `…` when cut.
fn shortened(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// A simulated search: its events, its result, and its schedule.
type Simulated = (Trace<NodeId>, SearchResult<NodeId>, Schedule<NodeId>);

/// The parallel search simulated on `processors` processors.
fn simulated(
    tree: &gametree::tree::Tree,
    args: &RenderArgs,
    processors: usize,
) -> Result<Simulated, SearchError> {
    let mut schedule = Schedule::new();
    let simulation = simulate(tree, args.search.options(), processors, &mut schedule)?;
    Ok((schedule.trace(), simulation.result, schedule))
}
