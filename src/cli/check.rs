//! `gametree check`: answer keys and answer files against one search.
//!
//! Each file on the command line is a tree file or an answer file (its first
//! word is `expect`). An answer file is checked against the tree file before
//! it; a tree file that no answer file follows is checked against its own
//! `expect` lines.

use std::io::Write;
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::args::ParallelArgs;
use super::input::{Input, display_name, read_text};
use super::{CliError, EXIT_BAD_INPUT, EXIT_FAILED, SearchArgs};
use gametree::check::{
    CheckReport, Diagnoser, Diagnosis, Explain, Facts, FileReport, Grade, LineError, Misconception,
    Mistaken, Rubric, UnknownNode, Visibility, check_lines, grade, unread_words,
};
use gametree::claim::{Claim, Expectation};
use gametree::search::SearchResult;
use gametree::syntax::{self, ParseError, SourceText};
use gametree::trace::Trace;
use gametree::tree::{Location, NodeId, Tree};

/// Arguments of `gametree check`.
#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Answer files (`expect` lines only), each graded against the tree
    /// file before it; or more tree files, each checked against its own
    /// `expect` lines.
    #[arg(value_name = "ANSWERS")]
    more: Vec<String>,
    /// The key to grade answer files against (`expect` lines, `[N points]`
    /// after a line to weigh it), instead of the tree file's own `expect`
    /// lines.
    #[arg(long, value_name = "FILE", help_heading = "Grading")]
    key: Option<String>,
    /// Check each claim an answer file makes against the search, without a
    /// key (the score is the share of its claims that hold).
    #[arg(long, conflicts_with = "key", help_heading = "Grading")]
    claims: bool,
    /// How much a failed answer's explanation tells: full (why, with the
    /// right answer), brief (what is wrong, without it), none (verdicts).
    #[arg(long, value_enum, default_value_t = Explain::Full, help_heading = "Output")]
    explain: Explain,
    /// The report's form: text, json, csv (one row per file), gradescope
    /// (results.json) or junit (XML).
    #[arg(long, value_enum, default_value_t = Format::Text, help_heading = "Output")]
    format: Format,
    /// With `--format gradescope`: when students see each test.
    #[arg(long, value_enum, default_value_t = Visibility::Visible, help_heading = "Output")]
    visibility: Visibility,
    /// Print the report as JSON (the same as `--format json`).
    #[arg(long, conflicts_with = "format", help_heading = "Output")]
    json: bool,
    #[command(flatten)]
    pub(super) parallel: ParallelArgs,
}

/// The `--format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// One line per question (or claim) for one file; a table for several.
    Text,
    /// Every verdict with its explanation, and the scores.
    Json,
    /// One row per file, for a gradebook.
    Csv,
    /// Gradescope's results.json: one test per question.
    Gradescope,
    /// JUnit XML: one test suite per answer file, one test case per question.
    Junit,
}

/// A tree file searched once.
struct Searched {
    input: Input,
    result: SearchResult<NodeId>,
    trace: Trace<NodeId>,
}

/// A tree file, searched once (or why it could not be), with the answer
/// files that follow it.
struct Exercise {
    name: String,
    searched: Result<Searched, String>,
    /// The answer files that follow it: name, and text or why it could
    /// not be read.
    answers: Vec<(String, Result<String, String>)>,
}

/// Grades every file and prints the report; the exit code says whether
/// every answer holds (0), some fail (1), or some file is unusable (2).
/// An unusable file gets its row, with its error, and never stops the
/// others.
pub(super) fn run(args: &CheckArgs, out: &mut impl Write) -> Result<u8, CliError> {
    let started = Instant::now();
    let key = read_key(args)?;
    let exercises = group_files(args, read_files(args)?)?;
    report(args, key, exercises, started, out)
}

/// Checks files already read (by `serve`, from a request): the tree file
/// then its answer files, as names and texts.
#[cfg(feature = "serve")]
pub(super) fn run_texts(
    args: &CheckArgs,
    files: Vec<(String, String)>,
    out: &mut impl Write,
) -> Result<u8, CliError> {
    let started = Instant::now();
    let files = files.into_iter().map(|(name, text)| (name, Ok(text)));
    let exercises = group_files(args, files.collect())?;
    report(args, None, exercises, started, out)
}

/// Grades the exercises and prints the report; the exit code as [`run`]'s.
fn report(
    args: &CheckArgs,
    key: Option<Vec<Expectation>>,
    exercises: Vec<Exercise>,
    started: Instant,
    out: &mut impl Write,
) -> Result<u8, CliError> {
    let files: Vec<FileReport> = exercises
        .iter()
        .flat_map(|e| check_exercise(args, key.as_deref(), e))
        .collect();
    let report = CheckReport::new(files);
    for file in &report.files {
        for error in file_errors(file) {
            eprintln!("error: {error}");
        }
    }
    let verdict = match (report.has_errors(), report.all_passed()) {
        (true, _) => EXIT_BAD_INPUT,
        (false, true) => 0,
        (false, false) => EXIT_FAILED,
    };
    // A reader that stopped early (`| head -1`) ends the output, not the
    // verdict: the exit code stays the check's.
    match write_report(args, &report, started, out) {
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(verdict),
        written => written.map(|()| verdict),
    }
}

/// Prints the report in the asked form.
fn write_report(
    args: &CheckArgs,
    report: &CheckReport,
    started: Instant,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let format = if args.json { Format::Json } else { args.format };
    match (format, report.files.as_slice()) {
        (Format::Text, [one]) if one.error.is_some() => {}
        (Format::Text, [one]) => out.write_all(one.to_text().as_bytes())?,
        (Format::Text, _) => out.write_all(report.to_table().as_bytes())?,
        (Format::Csv, _) => out.write_all(report.to_csv().as_bytes())?,
        (Format::Json, _) => write_json(out, report)?,
        (Format::Gradescope, _) => {
            let time = started.elapsed().as_secs_f64();
            write_json(out, &report.to_gradescope(args.visibility, time))?;
        }
        (Format::Junit, _) => out.write_all(report.to_junit().as_bytes())?,
    }
    Ok(out.flush()?)
}

fn write_json(out: &mut impl Write, value: &impl serde::Serialize) -> Result<(), CliError> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// The errors a file's row holds: the file's own, or its lines'.
fn file_errors(file: &FileReport) -> Vec<String> {
    let lines = file.expectations.iter().filter_map(|e| e.error.clone());
    let graded = file.grade.iter().flat_map(|g| g.errors.iter());
    let questions = file.grade.iter().flat_map(|g| &g.questions);
    let unread = questions
        .filter_map(|q| q.unread.as_ref())
        .map(|e| e.error.clone());
    let named = |error: String| match error.starts_with(&file.file) {
        true => error,
        false => format!("{}: {error}", file.file),
    };
    file.error
        .iter()
        .cloned()
        .chain(lines)
        .chain(graded.map(|e| e.error.clone()))
        .chain(unread)
        .map(named)
        .collect()
}

/// The `--key` file's claims, if one is given. The key is the teacher's:
/// a line of it that does not read stops the run.
fn read_key(args: &CheckArgs) -> Result<Option<Vec<Expectation>>, CliError> {
    let Some(path) = &args.key else {
        return Ok(None);
    };
    let text = read_text(path)?;
    syntax::parse_answers(display_name(path), &text)
        .map(Some)
        .map_err(|e| CliError::BadInput(e.to_string()))
}

/// The files named on the command line, in order: name and text, or why
/// it could not be read.
type Files = Vec<(String, Result<String, String>)>;

/// Reads the files named on the command line, in order.
fn read_files(args: &CheckArgs) -> Result<Files, CliError> {
    let Some(first) = &args.search.file else {
        return Err(CliError::BadInput(
            "check needs a tree FILE (a generated game has no answer key to check)".to_string(),
        ));
    };
    let paths = std::iter::once(first).chain(&args.more);
    Ok(paths
        .map(|path| (path.clone(), read_text(path).map_err(|e| e.to_string())))
        .collect())
}

/// Groups the files in order, searching each tree file once and giving it
/// the answer files that follow it. A file after the first is an answer
/// file when it starts with `expect`, or when it is not a tree file either
/// (its name does not end in `.tree` and it does not read as a tree).
fn group_files(args: &CheckArgs, files: Files) -> Result<Vec<Exercise>, CliError> {
    let mut exercises: Vec<Exercise> = Vec::new();
    for (path, text) in files {
        let path = path.as_str();
        let name = display_name(path).to_string();
        let Some(exercise) = exercises.last_mut() else {
            if text.as_ref().is_ok_and(|t| syntax::is_answer_file(t)) {
                return Err(CliError::BadInput(format!(
                    "{name}: an answer file (it starts with `expect`): give the tree file first"
                )));
            }
            exercises.push(search_tree(args, name, text));
            continue;
        };
        let answer = match &text {
            Ok(t) => syntax::is_answer_file(t) || !looks_like_tree(path, t),
            Err(_) => !path.ends_with(".tree"),
        };
        match answer {
            true => exercise.answers.push((name, text)),
            false => exercises.push(search_tree(args, name, text)),
        }
    }
    Ok(exercises)
}

/// Whether a file that does not start with `expect` is a tree file: its
/// name ends in `.tree`, or it reads as a tree.
fn looks_like_tree(path: &str, text: &str) -> bool {
    path.ends_with(".tree") || syntax::parse_file(path, text).is_ok()
}

/// Parses a tree file and searches it once, recording the trace.
fn search_tree(args: &CheckArgs, name: String, text: Result<String, String>) -> Exercise {
    let searched = text.and_then(|text| {
        let mut input = Input::parse(&name, text, &args.search).map_err(|e| e.to_string())?;
        let mut trace = Trace::new();
        let result = input
            .search(&args.search, &mut trace)
            .map_err(|e| e.to_string())?;
        Ok(Searched {
            input,
            result,
            trace,
        })
    });
    Exercise {
        name,
        searched,
        answers: Vec::new(),
    }
}

/// The reports on one exercise: one per answer file, or one on the tree
/// file's own `expect` lines when no answer file follows it.
fn check_exercise(
    args: &CheckArgs,
    key: Option<&[Expectation]>,
    exercise: &Exercise,
) -> Vec<FileReport> {
    let tree_name = exercise.name.as_str();
    let searched = match &exercise.searched {
        Ok(searched) => searched,
        Err(error) => return unusable_tree(args, exercise, error),
    };
    let input = &searched.input;
    let strict = args.search.strict;
    let facts = Facts::new(&input.tree, &searched.result, &searched.trace, strict);
    if exercise.answers.is_empty() {
        return vec![own_key_report(args, &facts, input)];
    }
    let mistaken = misconceptions(args, &facts, &input.tree);
    let grader = Grader {
        facts: &facts,
        diagnoser: Diagnoser::new(&facts, &mistaken),
        rubric: rubric(args, &facts, key.unwrap_or(&input.expectations), tree_name),
        explain: args.explain,
        tree_name,
    };
    let answers = exercise.answers.iter();
    answers
        .map(|(name, text)| grader.report(name, text))
        .collect()
}

/// The rows of a tree file that could not be read or searched: its own, or
/// one per answer file after it, each with the error.
fn unusable_tree(args: &CheckArgs, exercise: &Exercise, error: &str) -> Vec<FileReport> {
    let tree_name = exercise.name.as_str();
    let algorithm = args.search.algorithm();
    if exercise.answers.is_empty() {
        let error = error.to_string();
        return vec![FileReport::unreadable(
            tree_name, tree_name, algorithm, error,
        )];
    }
    let error = format!("the tree file could not be used: {error}");
    let unusable =
        |(name, _): &(String, _)| FileReport::unreadable(name, tree_name, algorithm, error.clone());
    exercise.answers.iter().map(unusable).collect()
}

/// A tree file that no answer file follows, checked claim by claim against
/// its own `expect` lines.
fn own_key_report(args: &CheckArgs, facts: &Facts<'_, Tree>, input: &Input) -> FileReport {
    let name = input.name.as_str();
    if input.expectations.is_empty() {
        let error =
            format!("{name}: the tree file has no `expect` lines, and no answer file follows it");
        return FileReport::unreadable(name, name, facts.algorithm, error);
    }
    let lines: Vec<Result<Expectation, ParseError>> =
        input.expectations.iter().cloned().map(Ok).collect();
    let text = input.text.as_deref().unwrap_or("");
    claims_report(facts, name, name, text, &lines, args.explain)
}

/// The searches of the misconceptions that apply, on trees small enough
/// to diagnose.
fn misconceptions<'a>(
    args: &CheckArgs,
    facts: &Facts<'_, Tree>,
    tree: &'a Tree,
) -> Vec<Mistaken<'a, Tree>> {
    if tree.len() > DIAGNOSE_UP_TO {
        return Vec::new();
    }
    let options = args.search.options();
    let run = |m: &Misconception| Mistaken::run(tree, *m, facts.algorithm, options, tree.depth());
    Misconception::ALL.iter().filter_map(run).collect()
}

/// The rubric answer files are graded with: `None` without a key or with
/// `--claims`; an error when the key names a node the tree lacks.
fn rubric(
    args: &CheckArgs,
    facts: &Facts<'_, Tree>,
    key: &[Expectation],
    tree_name: &str,
) -> Option<Result<Rubric, String>> {
    if args.claims || key.is_empty() {
        return None;
    }
    let rubric = Rubric::new(facts, key).map_err(|u| format!("the key, line {}: {u}", u.line));
    if rubric.is_ok() {
        warn_about_key(facts, key, tree_name);
    }
    Some(rubric)
}

/// What grading the answer files of one tree file takes.
struct Grader<'f, 'a> {
    facts: &'f Facts<'a, Tree>,
    diagnoser: Diagnoser<'f, 'a, Tree>,
    rubric: Option<Result<Rubric, String>>,
    explain: Explain,
    tree_name: &'f str,
}

impl Grader<'_, '_> {
    /// The row of one answer file, `text` its text or why it could not be
    /// read.
    fn report(&self, name: &str, text: &Result<String, String>) -> FileReport {
        let (facts, tree_name) = (self.facts, self.tree_name);
        let algorithm = facts.algorithm;
        let lines = text
            .clone()
            .and_then(|t| read_answers(name, &t).map(|lines| (t, lines)));
        let diagnosis = lines
            .as_ref()
            .ok()
            .and_then(|(_, lines)| diagnose(&self.diagnoser, lines));
        let report = match (lines, &self.rubric) {
            (Err(error), Some(Ok(rubric))) => {
                let grade = grade(facts, rubric, &[], self.explain);
                FileReport {
                    error: Some(error),
                    ..FileReport::graded(name, tree_name, algorithm, grade)
                }
            }
            (Err(error), _) => FileReport::unreadable(name, tree_name, algorithm, error),
            (Ok(_), Some(Err(error))) => {
                FileReport::unreadable(name, tree_name, algorithm, error.clone())
            }
            (Ok((text, lines)), Some(Ok(rubric))) => {
                let mut grade = grade(facts, rubric, &lines, self.explain);
                point_at_unknown_nodes(&mut grade, name, &text, tree_name);
                FileReport::graded(name, tree_name, algorithm, grade)
            }
            (Ok((text, lines)), None) => {
                claims_report(facts, name, tree_name, &text, &lines, self.explain)
            }
        };
        FileReport {
            diagnosis,
            ..report
        }
    }
}

/// Warns, on standard error, about each claim of the key that the search
/// does not support: answers are graded against the search, so a key line
/// that disagrees with it is likely a slip in the key (or in the options).
fn warn_about_key(facts: &Facts<'_, Tree>, key: &[Expectation], tree_name: &str) {
    for e in key {
        if facts.compare(&e.claim).is_ok_and(|o| !o.passed) {
            eprintln!(
                "warning: the key's line {} ({e}) does not hold for the search of {tree_name} \
                 with {}: answers are graded against the search",
                e.line, facts.algorithm
            );
        }
    }
}

/// The largest tree whose answer files are diagnosed (each misconception
/// searches it once more).
const DIAGNOSE_UP_TO: usize = 100_000;

/// The misconception that explains an answer file's wrong answers, if one
/// does.
fn diagnose(
    diagnoser: &Diagnoser<'_, '_, Tree>,
    lines: &[Result<Expectation, ParseError>],
) -> Option<Diagnosis> {
    let mut claims: Vec<&Claim> = Vec::new();
    for claim in lines.iter().flatten().map(|e| &e.claim) {
        if !claims.contains(&claim) {
            claims.push(claim);
        }
    }
    diagnoser.diagnose(&claims)
}

/// An answer file's lines; the file is unusable when it holds no answer
/// that reads (empty, comments only, free text).
fn read_answers(name: &str, text: &str) -> Result<Vec<Result<Expectation, ParseError>>, String> {
    let lines = syntax::read_answers(name, text).map_err(|e| e.to_string())?;
    match lines.iter().find_map(|l| l.as_ref().err()) {
        Some(first) if lines.iter().all(Result::is_err) => {
            Err(format!("{first}\nno line of the file reads as an answer"))
        }
        _ => Ok(lines),
    }
}

/// Points each error about an id that names no node at the id, in
/// `file:line:column` form with the line under it.
fn point_at_unknown_nodes(grade: &mut Grade, name: &str, text: &str, tree_name: &str) {
    let locate_one = |error: &mut LineError| {
        if let Some(unknown) = &error.unknown {
            let message = unknown_message(unknown, tree_name);
            error.error = locate(name, text, error.line, &unknown.id, &message);
        }
    };
    grade.errors.iter_mut().for_each(locate_one);
    for question in &mut grade.questions {
        if let Some(error) = &mut question.unread {
            locate_one(error);
            question.explanation = unread_words(error);
        }
    }
}

/// `no node `LL` in the tree FILE: did you mean L?`
fn unknown_message(unknown: &UnknownNode, tree_name: &str) -> String {
    format!(
        "no node `{}` in the tree {tree_name}{}",
        gametree::text::quoted(&unknown.id),
        unknown.did_you_mean()
    )
}

/// The report on an answer file checked claim by claim, an unknown node
/// pointed at in the line.
fn claims_report(
    facts: &Facts<'_, gametree::tree::Tree>,
    name: &str,
    tree_name: &str,
    text: &str,
    lines: &[Result<Expectation, ParseError>],
    explain: Explain,
) -> FileReport {
    let mut verdicts = check_lines(facts, lines, explain);
    for (verdict, line) in verdicts.iter_mut().zip(lines) {
        let (Some(error), Ok(e)) = (&mut verdict.error, line) else {
            continue;
        };
        if let Err(unknown) = facts.compare(&e.claim) {
            let message = unknown_message(&unknown, tree_name);
            *error = locate(name, text, e.line, &unknown.id, &message);
            verdict.explanation = error.lines().next().unwrap_or("").to_string();
        }
    }
    FileReport::new(name, tree_name, facts.algorithm, verdicts)
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
