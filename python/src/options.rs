//! The keyword arguments of the Python functions, read into the library's
//! options. They are named like the command line's flags (`algo`,
//! `fail_hard` for `--fail-hard`), and take the same names for choices
//! (clap's, which the library's enums carry): the package says nothing
//! the command line does not.

use clap::ValueEnum;
use gametree::formats::TreeFormat;
use gametree::formats::cs188::{Agent, Case};
use gametree::search::{Algorithm, MAX_THREADS, Options, Order, Stop, YoungBrothers};
use gametree::syntax::Limits;
use gametree::trace::Window;
use gametree::value::{LeafBounds, MAX_FINITE, Value};
use pyo3::conversion::FromPyObjectOwned;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The keyword arguments of one call, as the Python layer passes them on
/// (every name it takes is there, `None` when not given).
pub(crate) struct Keywords<'py>(pub(crate) Bound<'py, PyDict>);

impl<'py> Keywords<'py> {
    /// The value of `name`, `None` when absent or `None`.
    pub(crate) fn get<T: FromPyObjectOwned<'py>>(&self, name: &str) -> PyResult<Option<T>> {
        match self.0.get_item(name)? {
            Some(value) if !value.is_none() => value.extract::<T>().map(Some).map_err(|e| {
                let error: PyErr = e.into();
                PyTypeError::new_err(format!("{name}: {}", error.value(self.0.py())))
            }),
            _ => Ok(None),
        }
    }

    /// Whether the flag `name` is on.
    pub(crate) fn flag(&self, name: &str) -> PyResult<bool> {
        Ok(self.get::<bool>(name)?.unwrap_or(false))
    }

    /// The choice named by `name`'s value, among `E`'s names.
    pub(crate) fn choice<E: ValueEnum>(&self, name: &str) -> PyResult<Option<E>> {
        let Some(text) = self.get::<String>(name)? else {
            return Ok(None);
        };
        choice(name, &text).map(Some)
    }

    /// The choices named by `name`'s value, a list of names.
    pub(crate) fn choices<E: ValueEnum>(&self, name: &str) -> PyResult<Vec<E>> {
        let names = self.get::<Vec<String>>(name)?.unwrap_or_default();
        names.iter().map(|text| choice(name, text)).collect()
    }
}

/// The choice `text` among `E`'s names, or a `ValueError` that lists them.
pub(crate) fn choice<E: ValueEnum>(name: &str, text: &str) -> PyResult<E> {
    E::from_str(text, true).map_err(|_| {
        let names: Vec<String> = E::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .filter(|v| !v.is_hide_set())
            .map(|v| format!("'{}'", v.get_name()))
            .collect();
        PyValueError::new_err(format!(
            "{name}={text:?} is not one of {}",
            names.join(", ")
        ))
    })
}

/// The tree format named `text` (`from_`, `to`).
pub(crate) fn format(name: &str, text: &str) -> PyResult<TreeFormat> {
    text.parse::<TreeFormat>()
        .map_err(|e| PyValueError::new_err(format!("{name}: {e}")))
}

/// How to read a tree: its format, the node limit, a CS188 case's rounds.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reading {
    /// `from_`: the format, else the tree language (or a path's extension).
    pub(crate) format: Option<TreeFormat>,
    /// `max_nodes`.
    pub(crate) limits: Limits,
    /// `rounds`.
    pub(crate) rounds: Option<usize>,
}

impl Reading {
    /// Reads the keywords `from_`, `max_nodes` and `rounds`.
    pub(crate) fn new(keywords: &Keywords<'_>) -> PyResult<Reading> {
        let format = keywords
            .get::<String>("from_")?
            .map(|text| format("from_", &text))
            .transpose()?;
        let limits = match keywords.get::<usize>("max_nodes")? {
            Some(max_nodes) => Limits { max_nodes },
            None => Limits::default(),
        };
        Ok(Reading {
            format,
            limits,
            rounds: keywords.get("rounds")?,
        })
    }
}

/// The search asked for: the algorithm and its options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Search {
    /// `algo`.
    pub(crate) algorithm: Algorithm,
    /// Every other option.
    pub(crate) options: Options,
}

impl Search {
    /// Reads the search's keywords; a CS188 case's own conventions stand
    /// where they are not given (its agent's algorithm, strict ties), as on
    /// the command line.
    pub(crate) fn new(keywords: &Keywords<'_>, case: Option<&Case>) -> PyResult<Search> {
        let agent = case.map(|c| c.agent);
        let algorithm = keywords
            .choice::<Algorithm>("algo")?
            .unwrap_or(match agent {
                Some(Agent::Minimax | Agent::Expectimax) => Algorithm::Minimax,
                Some(Agent::AlphaBeta) | None => Algorithm::AlphaBeta,
            });
        let threads = match keywords.get::<usize>("threads")? {
            Some(0) => return Err(PyValueError::new_err("threads: at least 1")),
            Some(n) if n > MAX_THREADS => {
                return Err(PyValueError::new_err(format!(
                    "threads: at most {MAX_THREADS}"
                )));
            }
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let options = Options {
            strict: keywords.get::<bool>("strict")?.unwrap_or(case.is_some()),
            fail_hard: keywords.flag("fail_hard")?,
            order: keywords.choice::<Order>("order")?.unwrap_or_default(),
            depth: keywords.get("depth")?,
            iterative: keywords.flag("iterative")?,
            threads,
            split_depth: keywords.get("split_depth")?,
            young_brothers: keywords.choice::<YoungBrothers>("young_brothers")?,
            width: match keywords.get::<usize>("width")? {
                Some(0) => return Err(PyValueError::new_err("width: at least 1")),
                width => width,
            },
            split_min_nodes: keywords.get("split_min_nodes")?,
            bounds: bounds(keywords)?,
            window: window(keywords)?,
            guess: guess(keywords)?,
            stop: None,
        };
        Ok(Search { algorithm, options })
    }

    /// The same search, stopped by `stop`.
    pub(crate) fn stopped_by(self, stop: Stop) -> Search {
        Search {
            options: Options {
                stop: Some(stop),
                ..self.options
            },
            ..self
        }
    }

    /// Whether the search records its steps: all but the parallel search
    /// where it is not sequential alpha-beta (one thread, full brothers).
    pub(crate) fn records(&self) -> bool {
        !self.algorithm.is_parallel() || self.options.parallel_is_alphabeta(self.options.threads)
    }
}

/// `bounds=(low, high)`: two finite numbers, `low <= high`.
fn bounds(keywords: &Keywords<'_>) -> PyResult<Option<LeafBounds>> {
    let Some((low, high)) = keywords.get::<(f64, f64)>("bounds")? else {
        return Ok(None);
    };
    let refused = || {
        PyValueError::new_err(format!(
            "bounds=({low}, {high}) is not (low, high) with low <= high, two finite numbers"
        ))
    };
    let (low, high) = (
        Value::new(low).ok_or_else(refused)?,
        Value::new(high).ok_or_else(refused)?,
    );
    LeafBounds::new(low, high).ok_or_else(refused).map(Some)
}

/// A number of `window` or `guess`, exactly: an `int` or a
/// `fractions.Fraction` as its fraction, a `float` as the decimal it
/// prints as (0.1 is 1/10); `None` for anything else, NaN, or a number
/// beyond what a tree may state.
fn exact_number(number: &Bound<'_, PyAny>) -> Option<Value> {
    let value = match number.extract::<f64>() {
        Ok(float) if number.is_instance_of::<pyo3::types::PyFloat>() => Value::new(float)?,
        _ => {
            let numerator = number.getattr("numerator").ok()?.extract::<i128>().ok()?;
            let denominator = number.getattr("denominator").ok()?.extract::<i128>().ok()?;
            Value::ratio(numerator, denominator)?
        }
    };
    value.is_within_input_range().then_some(value)
}

/// `window=(alpha, beta)`: the root's aspiration window, two numbers
/// (`float("inf")` and its negative allowed), `alpha < beta`.
fn window(keywords: &Keywords<'_>) -> PyResult<Option<Window>> {
    let Some((alpha, beta)) = keywords.get::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>("window")?
    else {
        return Ok(None);
    };
    let refused = || {
        PyValueError::new_err(format!(
            "window=({alpha}, {beta}) is not (alpha, beta) with alpha < beta, two numbers or infinities"
        ))
    };
    let held = |number: &Bound<'_, PyAny>| {
        exact_number(number).ok_or_else(|| not_held(&format!("window=({alpha}, {beta})"), number))
    };
    let (low, high) = (held(&alpha)?, held(&beta)?);
    match low < high {
        true => Ok(Some(Window {
            alpha: low,
            beta: high,
        })),
        false => Err(refused()),
    }
}

/// `guess=G`: MTD(f)'s first guess, a finite number.
fn guess(keywords: &Keywords<'_>) -> PyResult<Option<Value>> {
    let Some(given) = keywords.get::<Bound<'_, PyAny>>("guess")? else {
        return Ok(None);
    };
    match exact_number(&given) {
        Some(guess) if !guess.is_infinite() => Ok(Some(guess)),
        Some(_) => Err(PyValueError::new_err(format!(
            "guess={given} is infinite: a guess is a finite number"
        ))),
        None => Err(not_held(&format!("guess={given}"), &given)),
    }
}

/// The error for `number`, given in `argument`, that no value holds.
fn not_held(argument: &str, number: &Bound<'_, PyAny>) -> PyErr {
    PyValueError::new_err(format!(
        "{argument}: {number} is no number gametree holds exactly: finite values lie between \
         -{MAX_FINITE} and {MAX_FINITE}, with at most 18 decimal places (a float infinity stands \
         for an infinity)"
    ))
}
