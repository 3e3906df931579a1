//! `gametree check`: answer keys and answer files against one search.
//!
//! The first file on the command line is the tree file, every other an
//! answer file (with `--trees`, a later file that is no answer file is a
//! tree file too). An answer file is checked against the tree file before
//! it; a tree file that no answer file follows is checked against its own
//! `expect` lines. The library grades ([`Grading`]); this reads the files,
//! words the errors in the command line's terms and prints the report.

use std::ffi::OsString;
use std::io::Write;
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::args::ParallelArgs;
use super::input::{display_name, display_os_name, format_error, read_answer_text, read_text};
use super::progress::Phase;
use super::{CliError, EXIT_BAD_INPUT, EXIT_FAILED, SearchArgs, search_message};
use gametree::check::{Batch, CheckReport, Explain, Grading, Host, Source, TreeError, Visibility};
use gametree::claim::Expectation;
use gametree::syntax;

/// Arguments of `gametree check`.
#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Answer files (`expect` lines only), graded against the tree file;
    /// with `--trees`, more tree files too, each followed by its own
    /// answer files or checked against its own `expect` lines.
    #[arg(value_name = "ANSWERS")]
    more: Vec<OsString>,
    /// The key to grade answer files against (`expect` lines, `[N points]`
    /// after a line to weigh it), instead of the tree file's own `expect`
    /// lines.
    #[arg(long, value_name = "FILE", help_heading = "Grading")]
    key: Option<String>,
    /// Check each claim an answer file makes against the search, without a
    /// key (the score is the share of its claims that hold).
    #[arg(long, conflicts_with = "key", help_heading = "Grading")]
    claims: bool,
    /// Let files after the first be tree files too, each followed by its
    /// answer files: one that does not start with `expect` and whose name
    /// ends in `.tree` or that reads as a tree. For your own files: without
    /// it every file after the first is an answer file, so that no
    /// student's file can take the tree's place.
    #[arg(long, help_heading = "Grading")]
    trees: bool,
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

/// Grades every file and prints the report; the exit code says whether
/// every answer holds (0), some fail (1), or some file is unusable (2).
/// An unusable file gets its row, with its error, and never stops the
/// others.
pub(super) fn run(args: &CheckArgs, out: &mut impl Write) -> Result<u8, CliError> {
    let started = Instant::now();
    let key = read_key(args)?;
    let batch = grade(args, key.as_deref(), read_files(args)?)?;
    report(args, batch, started, out)
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
    let files = files
        .into_iter()
        .map(|(name, text)| Source::new(name, text));
    let batch = grade(args, None, files.collect())?;
    report(args, batch, started, out)
}

/// How the arguments ask to grade.
fn grading(args: &CheckArgs) -> Grading {
    let search = &args.search;
    Grading {
        algorithm: search.algorithm(),
        options: search.options(),
        explain: args.explain,
        claims: args.claims,
        format: search.format.from,
        read: search.format.read_options(search.limits()),
        several_trees: args.trees,
        // Gradescope's results are one student's: their files are one
        // submission, worth the key's points once.
        one_submission: args.format == Format::Gradescope,
    }
}

/// Grades the files in order (the library's batch), with errors in the
/// command line's words and a spinner for slow steps.
fn grade(
    args: &CheckArgs,
    key: Option<&[Expectation]>,
    files: Vec<Source>,
) -> Result<Batch, CliError> {
    grading(args)
        .grade_with(key, files, &CommandLine)
        .map_err(|e| CliError::BadInput(e.to_string()))
}

/// The command line as the batch's host: its errors name the flags.
struct CommandLine;

impl Host for CommandLine {
    fn tree_error(&self, error: &TreeError) -> String {
        match error {
            TreeError::RoundsOutsideCase { name, format } => format!(
                "{name}: --rounds counts the rounds of a CS188 case's agents, and this is a \
                 {format} file: give --depth for its plies"
            ),
            TreeError::Read(e) => format_error(e.clone()).to_string(),
            TreeError::Search(e) => search_message(e),
        }
    }

    fn step<T>(&self, what: &str, work: impl FnOnce() -> T) -> T {
        let _phase = Phase::start(what.to_string());
        work()
    }
}

/// Prints the batch's warnings and errors on standard error and its report
/// on `out`; the exit code as [`run`]'s.
fn report(
    args: &CheckArgs,
    batch: Batch,
    started: Instant,
    out: &mut impl Write,
) -> Result<u8, CliError> {
    for warning in &batch.warnings {
        super::streams::tell(format_args!("{}: {warning}", warning.word()));
    }
    let report = batch.report;
    for error in report.files.iter().flat_map(|f| f.errors()) {
        super::streams::tell(format_args!("error: {error}"));
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

/// Reads the files named on the command line, in order: each with its
/// name in messages, and its text or why it could not be read.
fn read_files(args: &CheckArgs) -> Result<Vec<Source>, CliError> {
    let Some(first) = &args.search.file else {
        return Err(CliError::BadInput(
            "check needs a tree FILE (a generated game has no answer key to check)".to_string(),
        ));
    };
    // The first file is the tree file; the others are answer files, unless
    // `--trees` makes some of them trees (read the same way: what is not
    // UTF-8 then fails where it stands).
    let tree = Source {
        name: display_name(first).to_string(),
        text: read_text(first).map_err(|e| e.to_string()),
    };
    // A student's file may have a name that is not UTF-8: it gets its row.
    let answers = args.more.iter().map(|path| Source {
        name: display_os_name(path),
        text: read_answer_text(path).map_err(|e| e.to_string()),
    });
    Ok(std::iter::once(tree).chain(answers).collect())
}
