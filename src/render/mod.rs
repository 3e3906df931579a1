//! Alpha-beta diagrams: a tree and the trace of one search drawn as SVG,
//! PNG and PDF from the project's own tidy layout (or, on request, by
//! Graphviz's `dot`), as DOT (through graphviz-rust's model and printer),
//! and as step-by-step frames.
//!
//! A diagram is a view of the trace, like the text trace: it never searches
//! the tree again. Replaying the events one at a time gives the frames, and
//! replaying all of them the full diagram, so the last frame is the full
//! diagram by construction.

mod beamer;
mod chart;
mod deck;
mod digits;
mod dot;
mod edge_labels;
mod font;
mod forest;
mod frames;
mod geometry;
mod grid;
mod html;
mod ids;
mod image;
mod key;
mod label;
mod labels;
mod layers;
pub mod layout;
mod lines;
mod metrics;
mod overlays;
mod place;
mod processors;
mod raster;
mod reserve;
mod scene;
mod size;
mod state;
mod style;
mod svg;
mod tex;

pub use chart::bar_chart;
pub use deck::DeckFormat;
pub use font::{FONT_DATA, FONT_FAMILY, text_width};
pub use frames::{frame_name, write_frames};
pub use image::{DiagramFormat, Engine};

use image::{Making, PictureFormat};
pub use layers::{Layers, NodeType, node_types};
pub use processors::Processors;
pub use size::{DEFAULT_MAX_DRAW_NODES, check_size};
pub use state::{CutMark, NodeState, Picture};
pub use style::{Labels, Style};

use crate::search::SearchResult;
use crate::trace::{Event, Recorder, Trace};
use crate::tree::{GameTree, NodeId, Tree};
use crate::value::Scored;

/// How a diagram is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// The shapes of MAX and MIN nodes.
    pub style: Style,
    /// The optional label lines.
    pub layers: Layers,
    /// The drawing depth: draw only nodes this many levels below the
    /// root, at most (the search itself goes as deep as its own options
    /// say).
    pub draw_depth: Option<usize>,
    /// What the nodes say; `None` for the default, values and the names
    /// the file gives (`Labels::Values`), in every engine.
    pub labels: Option<Labels>,
    /// The bare tree for a question sheet: shapes, names and leaf values,
    /// nothing the search found.
    pub blank: bool,
    /// Native frames carry their step's trace line under the drawing.
    pub captions: bool,
    /// The search was strict (cuts compare with `>` and `<`), as captions
    /// of cuts say.
    pub strict: bool,
    /// The answer key: the native drawing with a table of the answers,
    /// beside it or under it, whichever keeps the sheet nearer a 16:9
    /// slide's shape.
    pub key: bool,
    /// The answer key's table under the drawing, whatever its shape.
    pub key_below: bool,
}

/// How images (SVG, PNG, PDF) are made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImageOptions {
    /// Who lays the diagram out.
    pub engine: Engine,
    /// PNG pixels per point (1 is 72 dpi).
    pub scale: f32,
    /// LaTeX as a whole document rather than a picture to `\input`.
    pub standalone: bool,
    /// How long an animated PNG shows each frame, in milliseconds.
    pub frame_delay_ms: u16,
    /// The page, in points, that native SVG, PNG and PDF pictures are
    /// scaled to fit and centred on (a slide: 720 by 405 for 16:9);
    /// `None` for the drawing's own size.
    pub slide: Option<(f64, f64)>,
}

impl Default for ImageOptions {
    /// The native engine, PNG at 2 pixels per point (144 dpi), a second
    /// per frame.
    fn default() -> ImageOptions {
        ImageOptions {
            engine: Engine::Native,
            scale: 2.0,
            standalone: false,
            frame_delay_ms: 1000,
            slide: None,
        }
    }
}

/// Why a diagram could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The tree has more nodes to draw than the limit allows.
    #[error(
        "the tree has {nodes} nodes to draw, more than the {max} that make a readable \
         picture; draw the top {depth} levels ({fit} nodes), or raise the limit"
    )]
    TooLarge {
        /// The nodes that would be drawn.
        nodes: usize,
        /// The limit.
        max: usize,
        /// The most levels below the root that fit.
        depth: usize,
        /// The nodes drawn at that depth.
        fit: usize,
    },
    /// The limit on nodes drawn is zero: nothing can be drawn, not even the
    /// root.
    #[error("the tree has {nodes} nodes to draw, and a limit of 0 nodes draws nothing")]
    NothingFits {
        /// The nodes that would be drawn.
        nodes: usize,
    },
    /// `dot` is not installed.
    #[error(
        "{format} output needs Graphviz's `dot` program, which is not installed (or not on \
         PATH); install Graphviz (Debian and Ubuntu: `apt-get install graphviz`, macOS: \
         `brew install graphviz`), or write DOT"
    )]
    DotMissing {
        /// The format asked for.
        format: DiagramFormat,
    },
    /// A format only the native engine writes.
    #[error("{format} output is drawn by gametree itself, not by Graphviz")]
    NotByGraphviz {
        /// The format asked for.
        format: DiagramFormat,
    },
    /// A format made from the whole search (the web page, see the `web`
    /// module), not from a diagram alone.
    #[error("{format} is made from the search and its trace, not from a diagram alone")]
    NotADiagram {
        /// The format asked for.
        format: DiagramFormat,
    },
    /// A format that holds the whole search in one file (Beamer
    /// overlays), or draws its end only (a `forest` tree), asked for as
    /// frames.
    #[error("{format} output is one file, not a set of frames")]
    NoFrames {
        /// The format asked for.
        format: DiagramFormat,
    },
    /// A chart asked for in a format that is no picture.
    #[error("{format} is no chart format: a chart is SVG, PNG or PDF")]
    NotAChart {
        /// The format asked for.
        format: DiagramFormat,
    },
    /// `dot` ran and failed.
    #[error("Graphviz's `dot` failed ({status}): {stderr}")]
    DotFailed {
        /// Its exit status.
        status: String,
        /// What it said.
        stderr: String,
    },
    /// `dot` could not be run or talked to.
    #[error("cannot run Graphviz's `dot`: {0}")]
    DotIo(std::io::Error),
    /// The SVG could not be made into PNG or PDF.
    #[error("cannot make the image: {0}")]
    Image(String),
    /// Writing files failed.
    #[error("cannot write: {0}")]
    Io(#[from] std::io::Error),
    /// Reading or writing a file or folder failed.
    #[error("{}: {source}", path.display())]
    Path {
        /// The file or folder.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
}

/// A node as drawn: its parent, and how many nodes below it the drawing
/// depth hides.
#[derive(Clone, Copy, Debug)]
struct DrawnNode {
    node: NodeId,
    parent: Option<NodeId>,
    /// The parent's place among the drawn nodes.
    parent_index: Option<u32>,
    /// Its place among its brothers, from 0.
    position: u32,
    /// Its depth (the root's is 0).
    level: usize,
    hidden_below: usize,
}

/// A tree and the trace of one search of it, ready to draw.
pub struct Diagram<'a> {
    tree: &'a Tree,
    events: &'a [Event<NodeId>],
    options: RenderOptions,
    /// The nodes drawn, in preorder.
    drawn: Vec<DrawnNode>,
    /// Each node's preorder number, which names it in the DOT text.
    preorder: Vec<u32>,
    /// The drawn nodes' ids.
    ids: ids::DrawnIds,
    /// Whether each node is the root or on the principal variation.
    pv: Vec<bool>,
    /// The root's value, and its best child.
    answer: (Scored, Option<NodeId>),
    /// The Knuth-Moore types, when that layer is on.
    types: Option<Vec<NodeType>>,
    /// Who searched each node, for a simulated parallel search.
    processors: Option<Processors>,
    /// Whether the search went by passes (MTD(f)): each node is tinted
    /// by the pass that last visited it.
    by_passes: bool,
    /// The room each text may need, from the tree alone.
    reserve: reserve::Reserve,
    /// Where frames are taken, when given: after how many events, with
    /// what caption (a simulated search's time steps).
    steps: Option<Vec<(usize, String)>>,
}

impl RenderOptions {
    /// The labels drawn.
    fn native_labels(&self) -> Labels {
        self.labels.unwrap_or(Labels::Values)
    }
}

impl<'a> Diagram<'a> {
    /// A diagram of `tree` from the `trace` and `result` of one search.
    pub fn new(
        tree: &'a Tree,
        trace: &'a Trace<NodeId>,
        result: &SearchResult<NodeId>,
        options: RenderOptions,
    ) -> Diagram<'a> {
        let mut pv = vec![false; tree.len()];
        pv[tree.root() as usize] = true;
        for &node in &result.principal_variation {
            pv[node as usize] = true;
        }
        let (drawn, preorder) = drawn_nodes(tree, options.draw_depth);
        let purges = result.algorithm == crate::search::Algorithm::Sss;
        let reserve = reserve::Reserve::new(tree, drawn.len(), purges);
        let ids = ids::DrawnIds::new(tree, &drawn);
        Diagram {
            tree,
            events: &trace.events,
            options,
            drawn,
            preorder,
            ids,
            pv,
            answer: (result.score, result.best_move),
            types: options.layers.node_types.then(|| node_types(tree)),
            processors: None,
            by_passes: trace.events.iter().any(|e| matches!(e, Event::Pass { .. })),
            reserve,
            steps: None,
        }
    }

    /// The same diagram with each node coloured by the processor of a
    /// simulated parallel search that searched it (see [`Processors`]).
    pub fn with_processors(mut self, processors: Processors) -> Diagram<'a> {
        self.processors = Some(processors);
        self
    }

    /// The same diagram with its frames taken after the given numbers of
    /// events (rising), each with its caption, rather than after every
    /// event that changes the picture: for a simulated parallel search, one
    /// frame per time step
    /// ([`Schedule::step_ends`](crate::trace::Schedule::step_ends)).
    pub fn with_steps(mut self, steps: Vec<(usize, String)>) -> Diagram<'a> {
        self.steps = Some(steps);
        self
    }

    /// The full diagram as DOT text: every event of the trace shown.
    pub fn to_dot(&self) -> String {
        self.dot(&self.full_picture())
    }

    /// The full diagram as SVG, from the native layout.
    pub fn to_svg(&self) -> String {
        self.full_svg(None)
    }

    /// The size, in points, of the smallest text of the full diagram (and
    /// of its first frame, caption included, with `frames`) once scaled to
    /// fit a page `slide` points in size: what a reader of the slide reads.
    pub fn smallest_text_on(&self, slide: (f64, f64), frames: bool) -> f64 {
        let mut scenes = vec![self.full_scene()];
        if frames {
            scenes.extend(self.scene_frames().into_iter().take(1));
        }
        scenes
            .iter()
            .map(|scene| {
                let scale = svg::fit_scale((scene.width, scene.height), slide);
                let smallest = scene
                    .marks
                    .iter()
                    .filter_map(|mark| match mark {
                        scene::Mark::Text(text) if !text.text.is_empty() => Some(text.size),
                        _ => None,
                    })
                    .fold(f64::INFINITY, f64::min);
                smallest * scale
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// The full diagram as a TikZ picture (a whole LaTeX document when
    /// `standalone`), from the native layout.
    pub fn to_tikz(&self, standalone: bool) -> String {
        tex::write_tikz(&self.full_scene(), standalone)
    }

    /// The full diagram in `format`, made as `image` says; HTML is refused
    /// with [`RenderError::NotADiagram`], since the web page is made from
    /// the whole search.
    pub fn to_bytes(
        &self,
        format: DiagramFormat,
        image: ImageOptions,
    ) -> Result<Vec<u8>, RenderError> {
        match (format.making(), image.engine) {
            (Making::Dot, _) => Ok(self.to_dot().into_bytes()),
            (Making::Page, _) => Err(RenderError::NotADiagram { format }),
            (Making::Tikz | Making::Beamer | Making::Forest, Engine::Graphviz) => {
                Err(RenderError::NotByGraphviz { format })
            }
            (Making::Tikz, Engine::Native) => Ok(tikz_bytes(&self.full_scene(), image)),
            (Making::Beamer, _) => Ok(self.to_beamer(image.standalone).into_bytes()),
            (Making::Forest, _) => Ok(self.to_forest(image.standalone).into_bytes()),
            (Making::Picture(picture), Engine::Native) => {
                raster::convert(picture, &self.full_svg(image.slide), image.scale)
            }
            (Making::Picture(_), Engine::Graphviz) => format.bytes_at(&self.to_dot(), image.scale),
        }
    }

    fn full_scene(&self) -> scene::Scene {
        let picture = self.full_picture();
        let geometry = self.geometry();
        let mut scene = self.scene(&picture, &geometry, None);
        if let Some(key) = self.full_key(&picture, &geometry) {
            scene.marks.extend(key.marks);
            (scene.width, scene.height) = key.size;
        }
        scene
    }

    /// The full diagram as SVG, on a page `slide` points in size when
    /// given: each mark written as it is drawn, so that no list of a large
    /// tree's marks is held (the same bytes as the scene's SVG).
    fn full_svg(&self, slide: Option<(f64, f64)>) -> String {
        let picture = self.full_picture();
        let geometry = self.geometry();
        let key = self.full_key(&picture, &geometry);
        let size = key
            .as_ref()
            .map_or_else(|| scene::drawing_size(&geometry, false), |key| key.size);
        let capacity = SVG_BYTES_PER_ITEM * geometry.items.len() + 1024;
        let mut svg = svg::SvgCanvas::new(size, slide, capacity);
        self.draw(&mut svg, &picture, &geometry, None);
        for mark in key.into_iter().flat_map(|key| key.marks) {
            scene::Canvas::mark(&mut svg, mark);
        }
        svg.finish()
    }

    /// The table of answers of the full diagram, when it is a key sheet.
    fn full_key(&self, picture: &Picture, geometry: &geometry::Geometry) -> Option<key::KeyTable> {
        let size = scene::drawing_size(geometry, false);
        self.options.key.then(|| self.key_marks(picture, size))
    }

    /// What the full diagram shows: every event of the trace, or nothing
    /// for the blank sheet.
    fn full_picture(&self) -> Picture {
        match self.options.blank {
            true => Picture::new(self.tree),
            false => Picture::after(self.tree, self.events),
        }
    }
}

/// A native scene as TikZ.
fn tikz_bytes(scene: &scene::Scene, image: ImageOptions) -> Vec<u8> {
    tex::write_tikz(scene, image.standalone).into_bytes()
}

/// A native scene as `picture`.
fn picture_bytes(
    scene: &scene::Scene,
    picture: PictureFormat,
    image: ImageOptions,
) -> Result<Vec<u8>, RenderError> {
    raster::convert(picture, &svg::write_svg_on(scene, image.slide), image.scale)
}

/// About how many bytes of SVG a node takes (280 in a 100,000-node
/// diagram), so that the text is rarely moved as it grows.
const SVG_BYTES_PER_ITEM: usize = 320;

/// The nodes to draw in preorder, down to `depth`, and every node's
/// preorder number.
fn drawn_nodes(tree: &Tree, depth: Option<usize>) -> (Vec<DrawnNode>, Vec<u32>) {
    let mut preorder = vec![0; tree.len()];
    let mut drawn = Vec::new();
    let root = DrawnNode {
        node: tree.root(),
        parent: None,
        parent_index: None,
        position: 0,
        level: 0,
        hidden_below: 0,
    };
    let mut stack = vec![root];
    while let Some(mut next) = stack.pop() {
        let node = next.node;
        let index = drawn.len() as u32;
        preorder[node as usize] = index;
        let hide = depth.is_some_and(|d| next.level >= d) && !tree.is_leaf(node);
        if hide {
            next.hidden_below = hidden_below(tree, node);
        }
        drawn.push(next);
        if !hide {
            let first = stack.len();
            stack.extend(tree.children(node).enumerate().map(|(k, child)| DrawnNode {
                node: child,
                parent: Some(node),
                parent_index: Some(index),
                position: k as u32,
                level: next.level + 1,
                hidden_below: 0,
            }));
            stack[first..].reverse();
        }
    }
    (drawn, preorder)
}

/// How many nodes lie below `node`.
fn hidden_below(tree: &Tree, node: NodeId) -> usize {
    let range = tree.subtree_range(node);
    (range.end() - range.start()) as usize
}

/// The nodes a drawing down to some depth shows, as a set over the tree's
/// nodes (one bit each).
#[derive(Clone, Debug)]
pub struct DrawnSet {
    bits: Vec<u64>,
}

impl DrawnSet {
    /// The nodes of `tree` drawn down to `depth` (every node for `None`):
    /// those at most `depth` levels below the root.
    pub fn new(tree: &Tree, depth: Option<usize>) -> DrawnSet {
        let mut bits = vec![0u64; tree.len().div_ceil(64)];
        for drawn in drawn_nodes(tree, depth).0 {
            bits[drawn.node as usize / 64] |= 1 << (drawn.node % 64);
        }
        DrawnSet { bits }
    }

    /// Whether `node` is drawn.
    pub fn contains(&self, node: NodeId) -> bool {
        self.bits
            .get(node as usize / 64)
            .is_some_and(|word| word & (1 << (node % 64)) != 0)
    }
}

/// A recorder that keeps the events about drawn nodes only (a cut's
/// skipped children kept only where drawn), so drawing the top of a large
/// tree does not hold the trace of all of it. Visits and steps are then
/// counted among the drawn nodes.
#[derive(Debug)]
pub struct DrawnTrace<'a> {
    drawn: &'a DrawnSet,
    /// The events kept, in order.
    pub trace: Trace<NodeId>,
}

impl<'a> DrawnTrace<'a> {
    /// An empty trace of the nodes in `drawn`.
    pub fn new(drawn: &'a DrawnSet) -> DrawnTrace<'a> {
        DrawnTrace {
            drawn,
            trace: Trace::new(),
        }
    }
}

impl Recorder<NodeId> for DrawnTrace<'_> {
    fn record(&mut self, event: Event<NodeId>) {
        if !self.drawn.contains(event.node()) {
            return;
        }
        let event = match event {
            Event::Cut(mut cut) => {
                cut.pruned.retain(|&child| self.drawn.contains(child));
                Event::Cut(cut)
            }
            other => other,
        };
        self.trace.record(event);
    }
}
