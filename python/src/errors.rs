//! The library's errors as Python exceptions: the classes are written in
//! Python (`gametree/_errors.py`), with their attributes; work done off
//! the interpreter returns a [`Failure`], made an exception once back.

use gametree::check::BatchError;
use gametree::formats::FormatError;
use gametree::render::RenderError;
use gametree::search::SearchError;
use gametree::syntax::{ParseError, SourceText};
use gametree::tree::Location;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Why a call failed, as the work found it (without the interpreter).
#[derive(Debug)]
pub(crate) enum Failure {
    /// The text does not read as a tree (or an answer file): `ParseError`.
    Parse(Box<ParseError>),
    /// The search could not finish: `SearchError`.
    Search(Box<SearchFailure>),
    /// The diagram or page could not be made: `RenderError`.
    Render(Box<RenderError>),
    /// The tree cannot be written in the format asked for: `ConvertError`.
    Convert(String),
    /// An argument's value is not usable: `ValueError`.
    Value(String),
}

/// A search that could not finish, at its place in the tree's text when
/// it has one.
#[derive(Debug)]
pub(crate) struct SearchFailure {
    /// The error.
    error: SearchError,
    /// The tree's name in messages.
    name: String,
    /// Where in its text, with the text to show the line.
    place: Option<(Location, Option<String>)>,
}

impl From<ParseError> for Failure {
    fn from(error: ParseError) -> Failure {
        Failure::Parse(Box::new(error))
    }
}

impl From<FormatError> for Failure {
    fn from(error: FormatError) -> Failure {
        match error {
            FormatError::Syntax(e) | FormatError::Unsupported(e) => Failure::from(e),
            other => Failure::Convert(other.to_string()),
        }
    }
}

impl From<RenderError> for Failure {
    fn from(error: RenderError) -> Failure {
        Failure::Render(Box::new(error))
    }
}

impl From<BatchError> for Failure {
    fn from(error: BatchError) -> Failure {
        Failure::Value(error.to_string())
    }
}

impl Failure {
    /// The search error `error` about the tree `name` whose text is `text`.
    pub(crate) fn search(error: SearchError, name: &str, text: Option<&str>) -> Failure {
        let at = error.location();
        Failure::search_at(error, name, text, at)
    }

    /// The search error `error` about the tree `name` whose text is
    /// `text`, its node written at `at`.
    pub(crate) fn search_at(
        error: SearchError,
        name: &str,
        text: Option<&str>,
        at: Option<Location>,
    ) -> Failure {
        let place = at.map(|at| (at, text.map(|t| t.to_string())));
        Failure::Search(Box::new(SearchFailure {
            error,
            name: name.to_string(),
            place,
        }))
    }

    /// The exception.
    pub(crate) fn into_py_err(self, py: Python<'_>) -> PyErr {
        let raised = match self {
            Failure::Parse(error) => parse_error(py, &error),
            Failure::Search(failed) => {
                let SearchFailure { error, name, place } = *failed;
                search_error(py, &error, &name, place)
            }
            Failure::Render(error) => raise(py, "RenderError", &error.to_string(), &[]),
            Failure::Convert(message) => raise(py, "ConvertError", &message, &[]),
            Failure::Value(message) => return PyValueError::new_err(message),
        };
        raised.unwrap_or_else(|e| e)
    }
}

/// An attribute of an exception: its name and value.
type Attribute<'py> = (&'static str, Bound<'py, PyAny>);

/// An instance of the class `class` of `gametree._errors`, made with
/// `text` as its message and `attributes` as keywords.
fn raise(py: Python<'_>, class: &str, text: &str, attributes: &[Attribute<'_>]) -> PyResult<PyErr> {
    let class = py.import("gametree._errors")?.getattr(class)?;
    let keywords = PyDict::new(py);
    for (name, value) in attributes {
        keywords.set_item(name, value)?;
    }
    let instance = class.call((text,), Some(&keywords))?;
    Ok(PyErr::from_value(instance))
}

/// `ParseError`, with the place and the line.
fn parse_error(py: Python<'_>, error: &ParseError) -> PyResult<PyErr> {
    let attributes = [
        (
            "message",
            error.message.clone().into_pyobject(py)?.into_any(),
        ),
        ("path", error.path.clone().into_pyobject(py)?.into_any()),
        ("line", error.line.into_pyobject(py)?.into_any()),
        ("column", error.column.into_pyobject(py)?.into_any()),
        (
            "source_line",
            error.source_line.clone().into_pyobject(py)?.into_any(),
        ),
    ];
    raise(py, "ParseError", &error.to_string(), &attributes)
}

/// `SearchError`, with its place in the tree when it has one (`line` and
/// `column` are `None` otherwise).
fn search_error(
    py: Python<'_>,
    error: &SearchError,
    name: &str,
    place: Option<(Location, Option<String>)>,
) -> PyResult<PyErr> {
    let message = error.to_string();
    let text = match &place {
        Some((at, Some(text))) => SourceText::new(name, text)
            .error_at_location(*at, &message)
            .to_string(),
        Some((at, None)) => format!("{name}:{}:{}: {message}", at.line, at.column),
        None => format!("{name}: {message}"),
    };
    let (line, column) = place.map(|(at, _)| (at.line, at.column)).unzip();
    let attributes = [
        ("message", message.into_pyobject(py)?.into_any()),
        ("path", name.into_pyobject(py)?.into_any()),
        ("line", line.into_pyobject(py)?.into_any()),
        ("column", column.into_pyobject(py)?.into_any()),
        (
            "stopped",
            matches!(error, SearchError::Stopped)
                .into_pyobject(py)?
                .to_owned()
                .into_any(),
        ),
    ];
    raise(py, "SearchError", &text, &attributes)
}

/// An error that is gametree's own fault (a panic): `GametreeError`,
/// whose message says so.
pub(crate) fn internal_error(what: &str) -> PyErr {
    Python::attach(|py| {
        let text = format!("internal error in gametree (please report it): {what}");
        raise(py, "GametreeError", &text, &[]).unwrap_or_else(|e| e)
    })
}
