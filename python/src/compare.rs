//! `compare`: the command line's `gametree compare`, returning the object
//! `--json` prints, made by the same library call (`report::compare`).

use gametree::report::{Comparing, compare as compare_table};
use gametree::search::{Algorithm, Options};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::commands::{game_spec, json_object};
use crate::errors::Failure;
use crate::input::Loaded;
use crate::options::{Keywords, Search, choice};
use crate::worker;

/// `compare`: the table `gametree compare --json` prints, for a tree or a
/// generated game (`game`, a spec as `--game` takes), of the algorithms
/// `algo` names (every sequential one by default).
#[pyfunction]
#[pyo3(signature = (tree, game, keywords))]
pub(crate) fn compare(
    py: Python<'_>,
    tree: Option<PyRef<'_, Loaded>>,
    game: Option<&str>,
    keywords: Bound<'_, PyDict>,
) -> PyResult<Py<PyAny>> {
    let keywords = Keywords(keywords);
    let algorithms = algorithms(&keywords)?;
    let loaded = tree.as_deref();
    let options = Search::new(&keywords, loaded.and_then(|l| l.case.as_ref()))?.options;
    let table = match (loaded, game) {
        (Some(loaded), None) => worker::run(py, |stop| {
            let options = Options {
                stop: Some(stop),
                ..options
            };
            Ok::<_, Failure>(compare_table(&loaded.tree, &algorithms, options))
        })?,
        (None, Some(spec)) => {
            let game = game_spec(spec, keywords.get("max_nodes")?)?;
            worker::run(py, |stop| {
                Ok::<_, Failure>(game.visit(Comparing {
                    algorithms: &algorithms,
                    options: Options {
                        stop: Some(stop),
                        ..options
                    },
                }))
            })?
        }
        _ => return Err(PyValueError::new_err("give a tree or game=, not both")),
    };
    let json = serde_json::to_value(&table).map_err(|e| PyValueError::new_err(e.to_string()))?;
    json_object(py, &json)
}

/// The algorithms `algo` names (passed on as `algorithms`, a list), every
/// sequential one when it names none; the parallel search records no
/// leaves to count.
fn algorithms(keywords: &Keywords<'_>) -> PyResult<Vec<Algorithm>> {
    let names: Vec<String> = keywords.get("algorithms")?.unwrap_or_default();
    let algorithms = (names.iter())
        .map(|name| choice::<Algorithm>("algo", name))
        .collect::<PyResult<Vec<_>>>()?;
    if algorithms.contains(&Algorithm::Parallel) {
        return Err(PyValueError::new_err(
            "compare runs the sequential algorithms: leave 'parallel' out of algo",
        ));
    }
    Ok(match algorithms.is_empty() {
        true => Algorithm::ALL.to_vec(),
        false => algorithms,
    })
}
