//! `render`: the search drawn (DOT, SVG, PNG, PDF, LaTeX: TikZ, Beamer
//! overlays, a `forest` tree) or its web page, made as `gametree render`
//! makes them.

use gametree::render::{
    DEFAULT_MAX_DRAW_NODES, Diagram, DiagramFormat, DrawnSet, DrawnTrace, Engine, ImageOptions,
    Labels, Layers, RenderOptions, Style, check_size,
};
use gametree::search::search as search_with;
use gametree::trace::Trace;
use gametree::web::{PageOptions, PageTree, page};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::errors::Failure;
use crate::input::Loaded;
use crate::options::{Keywords, Search, choice};
use crate::worker;

/// What to draw, besides the search.
struct Drawing {
    format: DiagramFormat,
    options: RenderOptions,
    image: ImageOptions,
    quiz: bool,
    max_draw_nodes: usize,
}

impl Drawing {
    /// Reads the drawing's keywords, refusing what the format cannot do.
    fn new(keywords: &Keywords<'_>, format: &str, search: &Search) -> PyResult<Drawing> {
        let format = choice::<DiagramFormat>("format", format)?;
        let options = RenderOptions {
            style: keywords.choice::<Style>("style")?.unwrap_or_default(),
            layers: Layers {
                windows: keywords.flag("windows")?,
                visit_order: keywords.flag("visit_order")?,
                provisional: keywords.flag("provisional")?,
                node_types: keywords.flag("node_types")?,
            },
            draw_depth: keywords.get("draw_depth")?,
            labels: keywords.choice::<Labels>("labels")?,
            blank: keywords.flag("blank")?,
            captions: true,
            strict: search.options.strict,
            key: keywords.flag("key")?,
            key_below: keywords.flag("key_below")?,
        };
        let image = ImageOptions {
            engine: keywords.choice::<Engine>("engine")?.unwrap_or_default(),
            scale: keywords.get("scale")?.unwrap_or(2.0),
            standalone: keywords.flag("standalone")?,
            ..ImageOptions::default()
        };
        let quiz = keywords.flag("quiz")?;
        let html = format == DiagramFormat::Html;
        if quiz && !html {
            return Err(PyValueError::new_err(format!(
                "quiz=True makes a web page's quiz; {} has none: use format='html'",
                format.label()
            )));
        }
        if html && (options.blank || options.key) {
            return Err(PyValueError::new_err(
                "an HTML page holds every step and its own quiz: leave out blank= and key=",
            ));
        }
        if options.blank && options.key {
            return Err(PyValueError::new_err(
                "blank= and key= draw different sheets: give one",
            ));
        }
        if options.key_below && !options.key {
            return Err(PyValueError::new_err(
                "key_below= places the answer key: give key=True too",
            ));
        }
        refuse_for_latex(format, &options)?;
        Ok(Drawing {
            format,
            options,
            image,
            quiz,
            max_draw_nodes: keywords
                .get("max_draw_nodes")?
                .unwrap_or(DEFAULT_MAX_DRAW_NODES),
        })
    }

    /// The diagram's bytes, or the page's.
    fn draw(&self, loaded: &Loaded, search: Search) -> Result<Vec<u8>, Failure> {
        let tree = &loaded.tree;
        let failed = |e| loaded.search_failure(e);
        check_size(tree, self.options.draw_depth, self.max_draw_nodes)?;
        let Search { algorithm, options } = search;
        if self.format == DiagramFormat::Html {
            let mut trace = Trace::new();
            let result = search_with(tree, algorithm, options, &mut trace).map_err(failed)?;
            let one = PageTree {
                title: loaded.name.clone(),
                tree,
                trace: &trace,
                result: &result,
            };
            let page_options = PageOptions {
                title: loaded.name.clone(),
                render: self.options,
                fail_hard: options.fail_hard,
                quiz: self.quiz,
            };
            return Ok(page(&[one], &page_options).into_bytes());
        }
        // Only the drawn nodes' events are kept, as on the command line.
        let drawn = DrawnSet::new(tree, self.options.draw_depth);
        let mut recorder = DrawnTrace::new(&drawn);
        let result = search_with(tree, algorithm, options, &mut recorder).map_err(failed)?;
        let trace = recorder.trace;
        let diagram = Diagram::new(tree, &trace, &result, self.options);
        Ok(diagram.to_bytes(self.format, self.image)?)
    }
}

/// Beamer overlays show the search, not a question sheet or an answer
/// key; a `forest` tree is a sheet or the end of the search, without the
/// key's table (as on the command line).
fn refuse_for_latex(format: DiagramFormat, options: &RenderOptions) -> PyResult<()> {
    let message = match format {
        DiagramFormat::Beamer if options.blank => {
            "blank=True draws a question sheet, which has no steps to show as Beamer overlays: \
             use format='tex' or 'forest' (or 'svg', 'png', 'pdf')"
        }
        DiagramFormat::Beamer | DiagramFormat::Forest if options.key => {
            "key=True draws the answer table beside the drawing: use format='tex' (or 'svg', \
             'png', 'pdf')"
        }
        _ => return Ok(()),
    };
    Err(PyValueError::new_err(format!("{message}, not {format}")))
}

/// `render`: the diagram in `format` (`str` for text formats, `bytes` for
/// PNG and PDF), or the page that steps through the search (`html`).
#[pyfunction]
pub(crate) fn render(
    py: Python<'_>,
    tree: PyRef<'_, Loaded>,
    format: &str,
    keywords: Bound<'_, PyDict>,
) -> PyResult<Py<PyAny>> {
    let keywords = Keywords(keywords);
    let loaded = &*tree;
    let search = Search::new(&keywords, loaded.case.as_ref())?;
    let drawing = Drawing::new(&keywords, format, &search)?;
    let bytes = worker::run(py, |stop| drawing.draw(loaded, search.stopped_by(stop)))?;
    let binary = matches!(drawing.format, DiagramFormat::Png | DiagramFormat::Pdf);
    match (binary, String::from_utf8(bytes)) {
        (false, Ok(text)) => Ok(PyString::new(py, &text).into_any().unbind()),
        (_, Ok(text)) => Ok(PyBytes::new(py, text.as_bytes()).into_any().unbind()),
        (_, Err(e)) => Ok(PyBytes::new(py, e.as_bytes()).into_any().unbind()),
    }
}
