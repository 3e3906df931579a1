//! `check`: answer files graded against a tree's key by the library's
//! batch ([`Grading`]), the report in the form `--format` names.

use std::time::Instant;

use gametree::check::{CheckReport, Explain, Grading, Source, Visibility};
use gametree::formats::ReadOptions;
use gametree::syntax::{answer_text, parse_answers};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::commands::json_object;
use crate::errors::Failure;
use crate::input::{Loaded, utf8};
use crate::options::{Keywords, Reading, Search};
use crate::worker;

/// An answer file as the Python layer read it: its name, and its bytes or
/// why it could not be read (it then gets its row with the error, as on
/// the command line).
type Answers = (String, Option<Vec<u8>>, Option<String>);

/// The report's forms, as `--format` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Text,
    Json,
    Csv,
    Gradescope,
    Junit,
}

impl Form {
    fn named(name: &str) -> PyResult<Form> {
        Ok(match name {
            "text" => Form::Text,
            "json" => Form::Json,
            "csv" => Form::Csv,
            "gradescope" => Form::Gradescope,
            "junit" => Form::Junit,
            other => {
                return Err(PyValueError::new_err(format!(
                    "format={other:?} is not one of 'text', 'json', 'csv', 'gradescope', 'junit'"
                )));
            }
        })
    }
}

/// Grades `answers` (none: the tree's own `expect` lines) against `key`
/// (the name and text of a key, else the tree's `expect` lines). Returns
/// the report in the form `format` names (a dict for `json` and
/// `gradescope`, text otherwise) and the batch's warnings.
#[pyfunction]
#[pyo3(signature = (tree, answers, key, keywords))]
pub(crate) fn check(
    py: Python<'_>,
    tree: PyRef<'_, Loaded>,
    answers: Vec<Answers>,
    key: Option<(String, Vec<u8>)>,
    keywords: Bound<'_, PyDict>,
) -> PyResult<(Py<PyAny>, Vec<String>)> {
    let started = Instant::now();
    let keywords = Keywords(keywords);
    let loaded = &*tree;
    let search = Search::new(&keywords, loaded.case.as_ref())?;
    let reading = Reading::new(&keywords)?;
    let form = Form::named(&keywords.get::<String>("format")?.unwrap_or("json".into()))?;
    let visibility = keywords
        .choice::<Visibility>("visibility")?
        .unwrap_or_default();
    let grading = Grading {
        algorithm: search.algorithm,
        options: search.options,
        explain: keywords.choice::<Explain>("explain")?.unwrap_or_default(),
        claims: keywords.flag("claims")?,
        format: Some(loaded.format),
        read: ReadOptions {
            limits: reading.limits,
            rounds: reading.rounds,
        },
        // The tree is given apart from the answers: no answer takes its place.
        several_trees: false,
        // Gradescope's results are one student's: their files are one
        // submission, worth the key's points once.
        one_submission: form == Form::Gradescope,
    };
    if grading.claims && key.is_some() {
        return Err(PyValueError::new_err(
            "claims=True grades without a key: leave out key=",
        ));
    }
    let (report, warnings) = worker::run(py, |stop| {
        let key = match &key {
            Some((name, bytes)) => Some(parse_answers(name, &utf8(bytes, name)?)?),
            None => None,
        };
        let grading = Grading {
            options: search.stopped_by(stop).options,
            ..grading
        };
        let mut files = vec![Source::new(&loaded.name, &loaded.text)];
        files.extend(answers.iter().map(|(name, bytes, why)| match (bytes, why) {
            // What is not UTF-8 costs the answer it stands in only.
            (Some(bytes), _) => Source::new(name, answer_text(bytes.clone())),
            (None, why) => Source::unreadable(name, why.clone().unwrap_or_default()),
        }));
        let batch = grading.grade(key.as_deref(), files)?;
        let warnings = batch
            .warnings
            .iter()
            .map(|w| format!("{}: {w}", w.word()))
            .collect();
        Ok::<_, Failure>((batch.report, warnings))
    })?;
    Ok((written(py, &report, form, visibility, started)?, warnings))
}

/// The report in its form.
fn written(
    py: Python<'_>,
    report: &CheckReport,
    form: Form,
    visibility: Visibility,
    started: Instant,
) -> PyResult<Py<PyAny>> {
    let text = match (form, report.files.as_slice()) {
        (Form::Json, _) => return json_object(py, &to_json(report)?),
        (Form::Gradescope, _) => {
            let time = started.elapsed().as_secs_f64();
            return json_object(py, &to_json(&report.to_gradescope(visibility, time))?);
        }
        (Form::Text, [one]) => match &one.error {
            Some(error) => format!("{}: {error}\n", one.file),
            None => one.to_text(),
        },
        (Form::Text, _) => report.to_table(),
        (Form::Csv, _) => report.to_csv(),
        (Form::Junit, _) => report.to_junit(),
    };
    Ok(PyString::new(py, &text).into_any().unbind())
}

fn to_json(value: &impl serde::Serialize) -> PyResult<serde_json::Value> {
    serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))
}
