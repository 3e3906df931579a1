//! `solve`, `trace`, `key` and `convert`: each the command line's
//! subcommand of the same name, returning what it prints (`--json`'s
//! object for `solve` and `trace`), made by the same library calls.

use gametree::check::{QuestionKind, answer_key, key_header, rubric_lines};
use gametree::formats::{self, TreeFormat};
use gametree::games::{GameSpec, GameVisitor};
use gametree::report::{SolveExtras, SolveReport, schedule_json, trace_json};
use gametree::search::{self as searching, Algorithm, SearchError, simulate};
use gametree::text::listed;
use gametree::trace::{CutLog, NoRecorder, Schedule, Trace};
use gametree::tree::GameTree;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::Failure;
use crate::input::Loaded;
use crate::options::{Keywords, Search, choice};
use crate::worker;

/// Generated games of more nodes than this are solved without listing
/// their cuts, as on the command line: a billion-leaf game has millions.
const LIST_CUTS_UP_TO: u64 = 1_000_000;

/// A JSON value as Python objects, read by Python's own `json` module, so
/// that it is exactly what `json.loads` makes of the command line's JSON.
pub(crate) fn json_object(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// `solve`: the object `gametree solve --json` prints, for a tree or a
/// generated game (`game`, a spec as `--game` takes).
#[pyfunction]
#[pyo3(signature = (tree, game, keywords))]
pub(crate) fn solve(
    py: Python<'_>,
    tree: Option<PyRef<'_, Loaded>>,
    game: Option<&str>,
    keywords: Bound<'_, PyDict>,
) -> PyResult<Py<PyAny>> {
    let keywords = Keywords(keywords);
    let loaded = tree.as_deref();
    let search = Search::new(&keywords, loaded.and_then(|l| l.case.as_ref()))?;
    let processors: Vec<usize> = keywords.get("simulate")?.unwrap_or_default();
    if !processors.is_empty() && !search.algorithm.is_parallel() {
        return Err(simulate_refused(search.algorithm));
    }
    let json = match (loaded, game) {
        (Some(loaded), None) => worker::run(py, |stop| {
            let searched = Solving {
                search: search.stopped_by(stop),
                processors: &processors,
                listed: true,
            };
            searched.report(&loaded.tree, |e| loaded.search_failure(e))
        })?,
        (None, Some(spec)) => {
            let game = game_spec(spec, keywords.get("max_nodes")?)?;
            worker::run(py, |stop| {
                game.visit(Solving {
                    search: search.stopped_by(stop),
                    processors: &processors,
                    listed: game.node_bound() <= LIST_CUTS_UP_TO,
                })
            })?
        }
        _ => return Err(PyValueError::new_err("give a tree or game=, not both")),
    };
    json_object(py, &json)
}

/// The refusal of `simulate=` for a search that is not the parallel one.
fn simulate_refused(algorithm: Algorithm) -> PyErr {
    PyValueError::new_err(format!(
        "simulate= simulates the parallel search, not {algorithm}: add algo='parallel'"
    ))
}

/// The game `spec` names, within `max_nodes` if given.
pub(crate) fn game_spec(spec: &str, max_nodes: Option<usize>) -> PyResult<GameSpec> {
    let game: GameSpec = spec
        .parse()
        .map_err(|e: gametree::games::SpecError| PyValueError::new_err(format!("game: {e}")))?;
    match max_nodes {
        Some(max) if game.node_bound() > max as u64 => Err(PyValueError::new_err(format!(
            "{game}: the game has up to {} nodes, more than max_nodes={max}",
            game.node_bound()
        ))),
        _ => Ok(game),
    }
}

/// A solve: the search, the processors to simulate it on, and whether
/// its cuts are listed.
struct Solving<'a> {
    search: Search,
    processors: &'a [usize],
    listed: bool,
}

impl Solving<'_> {
    /// The report of `tree`'s search as `solve --json` prints it; with
    /// simulations, the report is sequential alpha-beta's, their baseline.
    fn report<T>(
        self,
        tree: &T,
        failed: impl Fn(SearchError) -> Failure,
    ) -> Result<serde_json::Value, Failure>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync + std::hash::Hash,
    {
        let mut reported = self.search;
        if !self.processors.is_empty() {
            reported.algorithm = Algorithm::AlphaBeta;
        }
        let (algorithm, options) = (reported.algorithm, reported.options);
        let recorded = self.listed && reported.records();
        // A search that visits a node more than once keeps its visits, so
        // that a cut naming a node visited at another time prunes nothing.
        let mut cuts = match algorithm.revisits(&options) {
            true => CutLog::keeping_visits(),
            false => CutLog::default(),
        };
        let result = match recorded {
            true => searching::search(tree, algorithm, options, &mut cuts),
            false => searching::search(tree, algorithm, options, &mut NoRecorder),
        }
        .map_err(&failed)?;
        let mut report = match recorded {
            true => SolveReport::new(tree, &result, &cuts.settled(), options, None),
            false => SolveReport::unlisted(tree, &result, self.unlisted_note(), None),
        };
        let simulations = self
            .processors
            .iter()
            .map(|&p| simulate(tree, options, p, &mut NoRecorder).map(|s| s.summary()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(&failed)?;
        if !simulations.is_empty() {
            report = report.as_baseline_of(Algorithm::Parallel);
        }
        let extras = SolveExtras {
            simulations,
            ..SolveExtras::default()
        };
        report
            .to_json(&extras)
            .map_err(|e| Failure::Value(e.to_string()))
    }

    /// Why the cuts are not listed.
    fn unlisted_note(&self) -> String {
        match self.listed {
            false => format!(
                "cuts and pruned nodes: not listed for a game of more than {LIST_CUTS_UP_TO} \
                 nodes (make it a Tree with Tree.random and solve that to list them)"
            ),
            true => "cuts and pruned nodes: not listed, the parallel search records them only \
                     with threads=1, young_brothers='full'"
                .to_string(),
        }
    }
}

impl GameVisitor for Solving<'_> {
    type Output = Result<serde_json::Value, Failure>;

    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync + std::hash::Hash,
    {
        self.report(tree, |e| Failure::search(e, "game", None))
    }
}

/// `trace`: the array `gametree trace --json` prints; with `simulate`,
/// the parallel search's schedule on that many simulated processors.
#[pyfunction]
pub(crate) fn trace(
    py: Python<'_>,
    tree: PyRef<'_, Loaded>,
    keywords: Bound<'_, PyDict>,
) -> PyResult<Py<PyAny>> {
    let keywords = Keywords(keywords);
    let loaded = &*tree;
    let search = Search::new(&keywords, loaded.case.as_ref())?;
    let processors: Option<usize> = keywords.get("simulate")?;
    if processors.is_some() && !search.algorithm.is_parallel() {
        return Err(simulate_refused(search.algorithm));
    }
    let failed = |e| loaded.search_failure(e);
    let json = worker::run(py, |stop| {
        let Search { algorithm, options } = search.stopped_by(stop);
        if let Some(processors) = processors {
            let mut schedule = Schedule::new();
            simulate(&loaded.tree, options, processors, &mut schedule).map_err(failed)?;
            return Ok(schedule_json(&loaded.tree, &schedule));
        }
        let mut trace = Trace::new();
        searching::search(&loaded.tree, algorithm, options, &mut trace).map_err(failed)?;
        Ok(trace_json(&loaded.tree, &trace))
    })?;
    json_object(py, &json)
}

/// `key`: the answer key `gametree key` prints, a comment line then the
/// `expect` lines.
#[pyfunction]
pub(crate) fn key(
    py: Python<'_>,
    tree: PyRef<'_, Loaded>,
    keywords: Bound<'_, PyDict>,
) -> PyResult<String> {
    let keywords = Keywords(keywords);
    let loaded = &*tree;
    let search = Search::new(&keywords, loaded.case.as_ref())?;
    let mut only: Vec<QuestionKind> = keywords.choices("only")?;
    if only.is_empty() {
        only = QuestionKind::ALL.to_vec();
    }
    let points = points(&keywords)?;
    let failed = |e| loaded.search_failure(e);
    worker::run(py, |stop| {
        let Search { algorithm, options } = search.stopped_by(stop);
        let mut trace = Trace::new();
        let result =
            searching::search(&loaded.tree, algorithm, options, &mut trace).map_err(failed)?;
        let claims = answer_key(&loaded.tree, &result, &trace);
        let worth = |kind: QuestionKind| points.iter().find(|(k, _)| *k == kind).map(|(_, p)| *p);
        let header = key_header(&loaded.name, algorithm, &search.options);
        Ok(format!("{header}\n{}", rubric_lines(&claims, &only, worth)))
    })
}

/// `points={"value": 2, "pruned": 3}`: what each kind of question is worth.
fn points(keywords: &Keywords<'_>) -> PyResult<Vec<(QuestionKind, f64)>> {
    let given: Vec<(String, f64)> = keywords.get("points")?.unwrap_or_default();
    given
        .into_iter()
        .map(|(kind, points)| {
            let kind = choice::<QuestionKind>("points", &kind)?;
            gametree::check::points_worth(points)
                .map(|points| (kind, points))
                .map_err(|why| PyValueError::new_err(format!("points: {points}: {why}")))
        })
        .collect()
}

/// `convert`: the tree written in the format `to`.
#[pyfunction]
pub(crate) fn convert(py: Python<'_>, tree: PyRef<'_, Loaded>, to: &str) -> PyResult<String> {
    let to = crate::options::format("to", to)?;
    if !to.writable() {
        let writable = TreeFormat::ALL.into_iter().filter(|f| f.writable());
        return Err(PyValueError::new_err(format!(
            "{to} files are read, not written: convert to {}",
            listed(writable.map(|f| format!("'{}'", f.name())), "or")
        )));
    }
    let loaded = &*tree;
    worker::run(py, |_| Ok(formats::write(&loaded.tree, to)?))
}
