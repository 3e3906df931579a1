//! A tree as read from its text: `gametree._gametree.Loaded`, which the
//! `Tree` class holds and every function takes. The Python layer reads a
//! path's bytes; the text is read here, in the format asked for.

use gametree::formats::cs188::Case;
use gametree::formats::{self, ReadOptions, TreeFormat};
use gametree::search::SearchError;
use gametree::syntax::{ParseError, SourceText};
use gametree::tree::{GameTree, Tree};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::Failure;
use crate::options::{Keywords, Reading};
use crate::worker;

/// A tree file read: its name in messages, its text, its format and its
/// tree (and, for a CS188 case, what the case says besides).
#[pyclass(module = "gametree._gametree", frozen)]
pub(crate) struct Loaded {
    /// The name in messages (`<string>` for text given as such).
    pub(crate) name: String,
    /// The text, for pointing at places in later errors and for grading.
    pub(crate) text: String,
    /// The format it was read as.
    pub(crate) format: TreeFormat,
    /// The tree.
    pub(crate) tree: Tree,
    /// For a CS188 case: its agent, depth and states.
    pub(crate) case: Option<Case>,
    /// What the reader did to the tree as written, one line each.
    pub(crate) notes: Vec<String>,
}

impl Loaded {
    /// The search error `error` about this tree, at the place of its node:
    /// its own, or, in the tree language, the one found by reading the
    /// text again ([`SearchError::place_in`]).
    pub(crate) fn search_failure(&self, error: SearchError) -> Failure {
        let language = Some(self.text.as_str()).filter(|_| self.format == TreeFormat::Tree);
        let at = error.place_in(&self.name, language);
        Failure::search_at(error, &self.name, Some(&self.text), at)
    }
}

#[pymethods]
impl Loaded {
    /// The name in messages.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The text as given.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// The format it was read as (`tree`, `cs188`, `efg`, `json`).
    #[getter]
    fn format(&self) -> &'static str {
        self.format.name()
    }

    /// The nodes of the tree.
    #[getter]
    fn nodes(&self) -> usize {
        self.tree.len()
    }

    /// The tree's height: the most plies from the root to a leaf.
    #[getter]
    fn height(&self) -> usize {
        self.tree.height().unwrap_or(0)
    }

    /// What the reader did to the tree as written (probabilities divided
    /// by their sum), as `name:line:column: what` lines.
    #[getter]
    fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }
}

/// Reads `data` (UTF-8 text), called `name` in messages, in the format of
/// `from_`, else (when `name` is a file's path) its extension's, else the
/// tree language; under `max_nodes`, unfolding a CS188 case `rounds`
/// rounds.
#[pyfunction]
#[pyo3(signature = (data, name, is_path, keywords))]
pub(crate) fn load(
    py: Python<'_>,
    data: &[u8],
    name: &str,
    is_path: bool,
    keywords: Bound<'_, PyDict>,
) -> PyResult<Loaded> {
    let reading = Reading::new(&Keywords(keywords))?;
    let format = match (reading.format, is_path) {
        (Some(format), _) => format,
        (None, true) => TreeFormat::of_path(std::path::Path::new(name)),
        (None, false) => TreeFormat::Tree,
    };
    worker::run(py, |_| read(data, name, format, &reading))
}

/// Reads a tree's bytes as [`load`] says.
pub(crate) fn read(
    data: &[u8],
    name: &str,
    format: TreeFormat,
    reading: &Reading,
) -> Result<Loaded, Failure> {
    let text = utf8(data, name)?;
    if reading.rounds.is_some() && format != TreeFormat::Cs188 {
        return Err(Failure::Value(format!(
            "{name}: rounds= counts the rounds of a CS188 case's agents, and this is a {format} \
             file: give depth= for its plies"
        )));
    }
    let options = ReadOptions {
        limits: reading.limits.clone(),
        rounds: reading.rounds,
    };
    let loaded = formats::read(format, name, &text, &options)?;
    let notes = loaded
        .tree
        .notes()
        .iter()
        .map(|note| {
            format!(
                "{name}:{}:{}: {}",
                note.at.line, note.at.column, note.message
            )
        })
        .collect();
    Ok(Loaded {
        name: name.to_string(),
        text,
        format,
        tree: loaded.tree,
        case: loaded.case,
        notes,
    })
}

/// The bytes as text, or where they stop being UTF-8.
pub(crate) fn utf8(data: &[u8], name: &str) -> Result<String, ParseError> {
    match std::str::from_utf8(data) {
        Ok(text) => Ok(text.to_string()),
        Err(error) => {
            let valid = error.valid_up_to();
            let text = String::from_utf8_lossy(&data[..valid]);
            let source = SourceText::new(name, &text);
            Err(source.error_at(valid, "the file is not valid UTF-8 text here"))
        }
    }
}
