//! `gametree check`: answer keys and answer files against one search.
//!
//! Each file on the command line is a tree file or an answer file (its first
//! word is `expect`). An answer file is checked against the tree file before
//! it; a tree file that no answer file follows is checked against its own
//! `expect` lines.

use std::io::Write;

use clap::{Args, ValueEnum};

use super::args::ParallelArgs;
use super::input::{Input, display_name, read_text};
use super::{CliError, EXIT_BAD_INPUT, EXIT_FAILED, SearchArgs};
use gametree::check::{CheckReport, Facts, FileReport, check};
use gametree::search::SearchResult;
use gametree::syntax::{self, Expectation, SourceText};
use gametree::trace::Trace;
use gametree::tree::{Location, NodeId};

/// Arguments of `gametree check`.
#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Answer files (`expect` lines only), each checked against the tree
    /// file before it; or more tree files, each checked against its own
    /// `expect` lines.
    #[arg(value_name = "ANSWERS")]
    more: Vec<String>,
    /// The report's form: text, json or csv (one row per file).
    #[arg(long, value_enum, default_value_t = Format::Text, help_heading = "Output")]
    format: Format,
    /// Print the report as JSON (the same as `--format json`).
    #[arg(long, conflicts_with = "format", help_heading = "Output")]
    json: bool,
    #[command(flatten)]
    pub(super) parallel: ParallelArgs,
}

/// The `--format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// One line per expectation for one file; a table for several.
    Text,
    /// Every verdict with its explanation, and the scores.
    Json,
    /// One row per file, for a gradebook.
    Csv,
}

/// A tree file, searched once, with the answer files that follow it.
struct Exercise {
    input: Input,
    result: SearchResult<NodeId>,
    trace: Trace<NodeId>,
    /// The answer files that follow it: name and text.
    answers: Vec<(String, String)>,
}

/// Checks every file and prints the report; the exit code says whether all
/// expectations hold (0), some fail (1), or some file is unusable (2).
pub(super) fn run(args: &CheckArgs, out: &mut impl Write) -> Result<u8, CliError> {
    let exercises = read_exercises(args)?;
    let files: Vec<FileReport> = exercises
        .iter()
        .flat_map(|e| check_exercise(args, e))
        .collect();
    let report = CheckReport::new(files);
    for file in &report.files {
        if let Some(error) = &file.error {
            eprintln!("error: {error}");
        }
    }
    let verdict = match (report.has_errors(), report.failed) {
        (true, _) => EXIT_BAD_INPUT,
        (false, 0) => 0,
        (false, _) => EXIT_FAILED,
    };
    // A reader that stopped early (`| head -1`) ends the output, not the
    // verdict: the exit code stays the check's.
    match write_report(args, &report, out) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(verdict),
        written => written.map(|()| verdict).map_err(CliError::from),
    }
}

/// Prints the report in the asked form.
fn write_report(
    args: &CheckArgs,
    report: &CheckReport,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let format = if args.json { Format::Json } else { args.format };
    match (format, report.files.as_slice()) {
        (Format::Text, [one]) if one.error.is_some() => {}
        (Format::Text, [one]) => out.write_all(one.to_text().as_bytes())?,
        (Format::Text, _) => out.write_all(report.to_table().as_bytes())?,
        (Format::Csv, _) => out.write_all(report.to_csv().as_bytes())?,
        (Format::Json, _) => {
            serde_json::to_writer_pretty(&mut *out, report).map_err(std::io::Error::from)?;
            writeln!(out)?;
        }
    }
    out.flush()
}

/// Reads the files in order, searching each tree file once and giving it
/// the answer files that follow it.
fn read_exercises(args: &CheckArgs) -> Result<Vec<Exercise>, CliError> {
    let mut exercises: Vec<Exercise> = Vec::new();
    let Some(first) = &args.search.file else {
        return Err(CliError::BadInput(
            "check needs a tree FILE (a generated game has no answer key to check)".to_string(),
        ));
    };
    for path in std::iter::once(first).chain(&args.more) {
        let text = read_text(path)?;
        if syntax::is_answer_file(&text) {
            let Some(exercise) = exercises.last_mut() else {
                return Err(CliError::BadInput(format!(
                    "{}: an answer file (it starts with `expect`): give the tree file first",
                    display_name(path)
                )));
            };
            exercise
                .answers
                .push((display_name(path).to_string(), text));
        } else {
            exercises.push(search_tree(args, path, text)?);
        }
    }
    Ok(exercises)
}

/// Parses a tree file and searches it once, recording the trace.
fn search_tree(args: &CheckArgs, path: &str, text: String) -> Result<Exercise, CliError> {
    let mut input = Input::parse(display_name(path), text, &args.search)?;
    let mut trace = Trace::new();
    let result = input.search(&args.search, &mut trace)?;
    Ok(Exercise {
        input,
        result,
        trace,
        answers: Vec::new(),
    })
}

/// The reports on one exercise: one per answer file, or one on the tree
/// file's own `expect` lines when no answer file follows it.
fn check_exercise(args: &CheckArgs, exercise: &Exercise) -> Vec<FileReport> {
    let tree = &exercise.input.tree;
    let facts = Facts::new(tree, &exercise.result, &exercise.trace, args.search.strict);
    let tree_name = exercise.input.name.as_str();
    if exercise.answers.is_empty() {
        let text = exercise.input.text.as_deref().unwrap_or("");
        return vec![check_file(
            &facts,
            tree_name,
            tree_name,
            text,
            || match tree.expectations().is_empty() {
                true => Err(format!(
                    "{tree_name}: the tree file has no `expect` lines, and no answer file follows it"
                )),
                false => Ok(tree.expectations().to_vec()),
            },
        )];
    }
    exercise
        .answers
        .iter()
        .map(|(name, text)| {
            check_file(&facts, name, tree_name, text, || {
                syntax::parse_answers(name, text).map_err(|e| e.to_string())
            })
        })
        .collect()
}

/// Checks the expectations `read` gives, written in `text` of file `name`.
fn check_file(
    facts: &Facts<'_, gametree::tree::Tree>,
    name: &str,
    tree_name: &str,
    text: &str,
    read: impl FnOnce() -> Result<Vec<Expectation>, String>,
) -> FileReport {
    let algorithm = facts.algorithm;
    let checked = read().and_then(|expectations| {
        check(facts, &expectations).map_err(|unknown| {
            let message = format!("{unknown} {tree_name}");
            locate(name, text, unknown.line, &unknown.id, &message)
        })
    });
    match checked {
        Ok(verdicts) => FileReport::new(name, tree_name, algorithm, verdicts),
        Err(error) => FileReport::unreadable(name, tree_name, algorithm, error),
    }
}

/// An error about `id` on line `line` of `text`, pointing at the id.
fn locate(name: &str, text: &str, line: usize, id: &str, message: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let source = SourceText::new(name, text);
    let Some(line_text) = source.line(line) else {
        return format!("{name}:{line}: {message}");
    };
    let column = id_column(line_text, id).unwrap_or(1);
    source
        .error_at_location(Location { line, column }, message)
        .to_string()
}

/// The column (in characters, from 1) of `id` as a whole word in `line`.
fn id_column(line: &str, id: &str) -> Option<usize> {
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '\'' | '@' | '.');
    line.match_indices(id)
        .find(|(at, _)| {
            let before = line[..*at].chars().next_back();
            let after = line[at + id.len()..].chars().next();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        })
        .map(|(at, _)| line[..at].chars().count() + 1)
}
