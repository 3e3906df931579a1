//! Grading a batch of files: tree files, each searched once, and the answer
//! files that follow each, graded against a key or against the tree file's
//! own `expect` lines. `gametree check` runs it on the files it reads,
//! `gametree serve` on a request's texts; a program that embeds the
//! library calls it the same way.

use std::fmt;
use std::path::Path;

use super::grader::{Grader, claims_report, misconceptions, rubric};
use super::submission::{self, Part};
use super::{CheckReport, Diagnoser, Explain, Facts, FactsRecorder, FileReport};
use crate::claim::Expectation;
use crate::formats::{self, FormatError, Loaded, ReadOptions, TreeFormat};
use crate::search::{Algorithm, Options, SearchError, SearchResult, search};
use crate::syntax::{self, ParseError, SourceText};
use crate::tree::{Location, NodeId, Tree};

/// How a batch is graded: the search each tree file gets, how its answer
/// files are graded, and how tree files are read.
#[derive(Clone, Debug)]
pub struct Grading {
    /// The algorithm of every search.
    pub algorithm: Algorithm,
    /// Its options: the conventions (strict, fail-hard), a depth limit,
    /// the parallel search's threads. The misconceptions are searched with
    /// them too, each changing what it is about.
    pub options: Options,
    /// How much a failed answer's explanation tells.
    pub explain: Explain,
    /// Check each claim of an answer file against the search, ignoring any
    /// key: the score is the share of the claims that hold.
    pub claims: bool,
    /// The format of every tree file; `None` takes each file's from its
    /// name's extension ([`TreeFormat::of_path`]).
    pub format: Option<TreeFormat>,
    /// How tree files are read: the node limit, a CS188 case's rounds.
    pub read: ReadOptions,
    /// Let a file after the first be a tree file too, starting an exercise
    /// of its own: one that does not start with `expect` and whose name
    /// ends in `.tree` or that reads as a tree. Off, the first file is the
    /// only tree file and every file after it an answer file, so that an
    /// answer file can never take the tree's place: leave it off for
    /// files you do not trust.
    pub several_trees: bool,
    /// Grade the answer files of each tree file as one submission: one
    /// answer file, their lines one after the other (a student's files on
    /// a grading platform), worth the key's points once; the row says
    /// where each file lies in it ([`FileReport::parts`]). Off, each
    /// answer file is graded on its own.
    pub one_submission: bool,
}

impl Default for Grading {
    /// Alpha-beta with the default options, full explanations, a key's
    /// questions (where there is a key), each file's format from its name.
    fn default() -> Grading {
        Grading {
            algorithm: Algorithm::AlphaBeta,
            options: Options::default(),
            explain: Explain::Full,
            claims: false,
            format: None,
            read: ReadOptions::default(),
            several_trees: false,
            one_submission: false,
        }
    }
}

/// A file of a batch, already read: its name in reports and messages, and
/// its text or why it could not be read (the file then gets a row with the
/// error, and the batch goes on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The file's name, as reports and messages give it.
    pub name: String,
    /// The file's text, or why it could not be read.
    pub text: Result<String, String>,
}

impl Source {
    /// A file read as `text`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            text: Ok(text.into()),
        }
    }

    /// A file that could not be read, and why.
    pub fn unreadable(name: impl Into<String>, why: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            text: Err(why.into()),
        }
    }
}

/// A graded batch: its report, and what the caller should show beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    /// One row per answer file (or per tree file checked against its own
    /// `expect` lines), in the order given, and the totals.
    pub report: CheckReport,
    /// What grading noticed that is no answer's fault, in order.
    pub warnings: Vec<Warning>,
}

/// Something grading noticed that is no answer's fault.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// A claim of the key that the search does not support: answers are
    /// graded against the search, so it is likely a slip in the key (or in
    /// the search's options).
    KeyLineFails {
        /// The key's line.
        line: usize,
        /// The claim as written: `expect value 4`.
        expectation: String,
        /// The tree file searched.
        tree: String,
        /// The algorithm of the search.
        algorithm: Algorithm,
    },
    /// Something the reader did to a tree file as written (chance
    /// probabilities a little off 1, divided by their sum), which a
    /// grader should know.
    TreeNote {
        /// The tree file.
        tree: String,
        /// Where in it, and what was done.
        note: crate::tree::TreeNote,
    },
}

impl Warning {
    /// How a person is told it: `warning` for what is likely a slip,
    /// `note` for what was done to a file as written.
    pub fn word(&self) -> &'static str {
        match self {
            Warning::KeyLineFails { .. } => "warning",
            Warning::TreeNote { .. } => "note",
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::KeyLineFails {
                line,
                expectation,
                tree,
                algorithm,
            } => write!(
                f,
                "the key's line {line} ({expectation}) does not hold for the search of {tree} \
                 with {algorithm}: answers are graded against the search"
            ),
            Warning::TreeNote { tree, note } => {
                write!(
                    f,
                    "{tree}:{}:{}: {}",
                    note.at.line, note.at.column, note.message
                )
            }
        }
    }
}

/// Why a batch could not be graded at all (one unusable file only gets its
/// row with the error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// No file was given.
    #[error("no tree file to grade against")]
    NoFiles,
    /// The first file is an answer file: no tree comes before it.
    #[error("{name}: an answer file (it starts with `expect`): give the tree file first")]
    AnswersFirst {
        /// The file's name.
        name: String,
    },
}

/// Why a tree file of a batch could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TreeError {
    /// A CS188 case's rounds were asked for, and the file is no CS188 case.
    #[error(
        "{name}: the rounds to unfold count a CS188 case's agents, and this is a {format} file"
    )]
    RoundsOutsideCase {
        /// The file's name.
        name: String,
        /// Its format.
        format: TreeFormat,
    },
    /// The file does not read as its format.
    #[error(transparent)]
    Read(FormatError),
    /// The search failed (the batch adds the file's name and the place).
    #[error(transparent)]
    Search(SearchError),
}

/// What the caller of [`Grading::grade_with`] does its own way.
pub trait Host {
    /// The words of an error about a tree file: by default its own. A
    /// search error's words are then given the file's name and the place
    /// in the file.
    fn tree_error(&self, error: &TreeError) -> String {
        error.to_string()
    }

    /// Runs one step of reading or searching a tree file (`what` says it:
    /// `searching big.tree`), to show progress where it is slow: by
    /// default just runs it.
    fn step<T>(&self, what: &str, work: impl FnOnce() -> T) -> T {
        let _ = what;
        work()
    }
}

/// The host that words errors as the library does and shows no progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quietly;

impl Host for Quietly {}

/// A tree file searched once.
struct Searched {
    /// The text, for pointing at places in it (dropped for large files).
    text: Option<String>,
    tree: Tree,
    /// The `expect` lines written after the tree.
    expectations: Vec<Expectation>,
    result: SearchResult<NodeId>,
    /// What the checker reads of the search, gathered while it ran (taken
    /// when the facts are made).
    recorded: Option<FactsRecorder<NodeId>>,
}

/// A tree file, searched once (or why it could not be), with the answer
/// files that follow it.
struct Exercise {
    name: String,
    searched: Result<Searched, String>,
    /// The answer files that follow it.
    answers: Vec<Source>,
    /// Where each of several answer files lies in the one they were joined
    /// into (see [`Grading::one_submission`]); empty otherwise.
    parts: Vec<Part>,
}

impl Exercise {
    /// Joins its answer files into one, when it has several.
    fn join_answers(&mut self) {
        if self.answers.len() > 1 {
            let (whole, parts) = submission::joined(std::mem::take(&mut self.answers));
            self.answers = vec![whole];
            self.parts = parts;
        }
    }

    /// What the reader did to its tree as written, as warnings.
    fn notes(&self) -> Vec<Warning> {
        let Ok(searched) = &self.searched else {
            return Vec::new();
        };
        let note = |note: &crate::tree::TreeNote| Warning::TreeNote {
            tree: self.name.clone(),
            note: note.clone(),
        };
        searched.tree.notes().iter().map(note).collect()
    }
}

/// Tree texts larger than this are not kept once read; errors then name
/// the place without showing the line.
const KEEP_TEXT_UP_TO: usize = 8 * 1024 * 1024;

impl Grading {
    /// Grades a batch: each tree file is searched once and its answer files
    /// (those that follow it) graded against `key` when given, else against
    /// the tree file's own `expect` lines. A tree file that no answer file
    /// follows is checked claim by claim against its own `expect` lines
    /// when there is no `key`; with one, it gets a row scoring 0, every
    /// question unanswered.
    ///
    /// The first file is the tree file and every file after it an answer
    /// file; with [`Grading::several_trees`], a file after the first is an
    /// answer file when it starts with `expect`, or when it is not a tree
    /// file either (its name does not end in `.tree` and it does not read
    /// as a tree). A file that cannot be used gets its row with the error
    /// and never stops the others; only a batch without a tree file before
    /// its answers is refused.
    ///
    /// ```
    /// use gametree::check::{Grading, Source};
    /// use gametree::syntax::parse_answers;
    ///
    /// let key = parse_answers("key", "expect value 3 [2 points]\nexpect best @1\n").unwrap();
    /// let batch = Grading::default()
    ///     .grade(
    ///         Some(&key),
    ///         vec![
    ///             Source::new("aima.tree", "[[3 12 8] [2 4 6] [14 5 2]]"),
    ///             Source::new("alice.answers", "expect value 3\nexpect best @3\n"),
    ///             Source::new("bob.answers", "expect value 3\nexpect best @1\n"),
    ///         ],
    ///     )
    ///     .unwrap();
    /// let scores: Vec<f64> = batch.report.files.iter().map(|f| f.score).collect();
    /// assert_eq!(scores, [0.6667, 1.0]); // alice: 2 of 3 points
    /// assert!(batch.warnings.is_empty());
    /// ```
    pub fn grade(
        &self,
        key: Option<&[Expectation]>,
        files: Vec<Source>,
    ) -> Result<Batch, BatchError> {
        self.grade_with(key, files, &Quietly)
    }

    /// Grades a batch as [`Grading::grade`] does, with errors worded and
    /// progress shown by `host`.
    pub fn grade_with(
        &self,
        key: Option<&[Expectation]>,
        files: Vec<Source>,
        host: &impl Host,
    ) -> Result<Batch, BatchError> {
        let mut exercises = self.group(files, host)?;
        if self.one_submission {
            exercises.iter_mut().for_each(Exercise::join_answers);
        }
        let mut warnings: Vec<Warning> = exercises.iter().flat_map(Exercise::notes).collect();
        let files = exercises
            .into_iter()
            .flat_map(|e| self.check_exercise(key, e, &mut warnings))
            .collect();
        Ok(Batch {
            report: CheckReport::new(files),
            warnings,
        })
    }

    /// Groups the files in order, searching each tree file once and giving
    /// it the answer files that follow it.
    fn group(&self, files: Vec<Source>, host: &impl Host) -> Result<Vec<Exercise>, BatchError> {
        let mut exercises: Vec<Exercise> = Vec::new();
        for file in files {
            let Some(exercise) = exercises.last_mut() else {
                if file.text.as_ref().is_ok_and(|t| syntax::is_answer_file(t)) {
                    return Err(BatchError::AnswersFirst { name: file.name });
                }
                exercises.push(self.search_tree(file, host));
                continue;
            };
            match !self.several_trees || is_answer_file(&file) {
                true => exercise.answers.push(file),
                false => exercises.push(self.search_tree(file, host)),
            }
        }
        match exercises.is_empty() {
            true => Err(BatchError::NoFiles),
            false => Ok(exercises),
        }
    }

    /// Reads a tree file and searches it once, recording the trace.
    fn search_tree(&self, file: Source, host: &impl Host) -> Exercise {
        let searched = file
            .text
            .and_then(|text| self.search_text(&file.name, text, host));
        Exercise {
            name: file.name,
            searched,
            answers: Vec::new(),
            parts: Vec::new(),
        }
    }

    /// Reads `text` as a tree file called `name`, and searches it once.
    fn search_text(&self, name: &str, text: String, host: &impl Host) -> Result<Searched, String> {
        let format = self
            .format
            .unwrap_or_else(|| TreeFormat::of_path(Path::new(name)));
        let refused = |error: TreeError| host.tree_error(&error);
        if self.read.rounds.is_some() && format != TreeFormat::Cs188 {
            let name = name.to_string();
            return Err(refused(TreeError::RoundsOutsideCase { name, format }));
        }
        let (loaded, text) = host
            .step(&format!("parsing {name}"), || {
                read_tree(format, name, text, &self.read)
            })
            .map_err(|e| refused(TreeError::Read(e)))?;
        let mut recorder = FactsRecorder::new(self.algorithm);
        let result = host
            .step(&format!("searching {name}"), || {
                search(&loaded.tree, self.algorithm, self.options, &mut recorder)
            })
            .map_err(|e| {
                let language = text.as_deref().filter(|_| format == TreeFormat::Tree);
                let at = e.place_in(name, language);
                placed(name, text.as_deref(), at, &refused(TreeError::Search(e)))
            })?;
        Ok(Searched {
            text,
            tree: loaded.tree,
            expectations: loaded.expectations,
            result,
            recorded: Some(recorder),
        })
    }

    /// The rows of one exercise: one per answer file, or one on the tree
    /// file's own `expect` lines when no answer file follows it.
    fn check_exercise(
        &self,
        key: Option<&[Expectation]>,
        mut exercise: Exercise,
        warnings: &mut Vec<Warning>,
    ) -> Vec<FileReport> {
        let tree_name = exercise.name.as_str();
        let searched = match &mut exercise.searched {
            Ok(searched) => searched,
            Err(error) => {
                let error = error.clone();
                return self.unusable_tree(&exercise, &error);
            }
        };
        let strict = self.options.strict;
        let recorded = (searched.recorded.take()).expect("an exercise is checked once");
        let searched = &*searched;
        let facts = Facts::recorded(&searched.tree, &searched.result, recorded, strict);
        if exercise.answers.is_empty() {
            match key {
                // Nothing to grade against the key: every question is
                // unanswered, never the tree's own lines checked instead.
                Some(_) => exercise.answers.push(Source::unreadable(
                    tree_name,
                    "no answer file follows the tree file: every question is unanswered",
                )),
                None => return vec![self.own_key_report(&facts, tree_name, searched)],
            }
        }
        let key = key.unwrap_or(&searched.expectations);
        let rubric = match self.claims {
            true => None,
            false => rubric(&facts, key, tree_name, warnings),
        };
        if self.one_submission && rubric.is_none() {
            return self.without_a_key(&exercise);
        }
        let right_key = || facts.answer_key();
        let (mistaken, untested) = misconceptions(&facts, &searched.tree, self.options, right_key);
        let grader = Grader {
            facts: &facts,
            diagnoser: Diagnoser::new(&facts, &mistaken),
            untested: &untested,
            rubric,
            explain: self.explain,
            tree_name,
        };
        let answers = exercise.answers.iter();
        let mut rows: Vec<FileReport> = answers.map(|a| grader.report(&a.name, &a.text)).collect();
        if let [row] = rows.as_mut_slice() {
            row.parts = std::mem::take(&mut exercise.parts);
        }
        rows
    }

    /// The rows of a submission graded without a key (claim by claim):
    /// unusable, since its score would be its number of claims that hold,
    /// a total the student sets.
    fn without_a_key(&self, exercise: &Exercise) -> Vec<FileReport> {
        let error = "one submission is graded against a key (the tree file's `expect` lines or \
                     a key given), never claim by claim, whose total the answers would set";
        self.answers_unusable(exercise, error)
    }

    /// The rows of a tree file that could not be read or searched: its own,
    /// or one per answer file after it, each with the error.
    fn unusable_tree(&self, exercise: &Exercise, error: &str) -> Vec<FileReport> {
        let tree_name = exercise.name.as_str();
        if exercise.answers.is_empty() {
            let error = error.to_string();
            return vec![FileReport::unreadable(
                tree_name,
                tree_name,
                self.algorithm,
                error,
            )];
        }
        self.answers_unusable(
            exercise,
            &format!("the tree file could not be used: {error}"),
        )
    }

    /// One row per answer file of `exercise`, each unusable with `error`.
    fn answers_unusable(&self, exercise: &Exercise, error: &str) -> Vec<FileReport> {
        let row = |a: &Source| {
            FileReport::unreadable(&a.name, &exercise.name, self.algorithm, error.to_string())
        };
        exercise.answers.iter().map(row).collect()
    }

    /// A tree file that no answer file follows, checked claim by claim
    /// against its own `expect` lines.
    fn own_key_report(
        &self,
        facts: &Facts<'_, Tree>,
        name: &str,
        searched: &Searched,
    ) -> FileReport {
        if searched.expectations.is_empty() {
            let error = format!(
                "{name}: the tree file has no `expect` lines, and no answer file follows it"
            );
            return FileReport::unreadable(name, name, facts.algorithm, error);
        }
        let lines: Vec<Result<Expectation, ParseError>> =
            searched.expectations.iter().cloned().map(Ok).collect();
        let text = searched.text.as_deref().unwrap_or("");
        claims_report(facts, name, name, text, &lines, self.explain)
    }
}

/// Reads `text` as a tree file of `format` called `name`; returns the
/// text too when it is kept (a large tree-language file's text is not).
/// The text of a large file is dropped before its tree is built, so that
/// the two are never held at once.
fn read_tree(
    format: TreeFormat,
    name: &str,
    text: String,
    options: &ReadOptions,
) -> Result<(Loaded, Option<String>), FormatError> {
    let keep = format != TreeFormat::Tree || text.len() <= KEEP_TEXT_UP_TO;
    // A NUL byte is refused by the formats' reader, with its place.
    if format != TreeFormat::Tree || text.contains('\0') {
        let loaded = formats::read(format, name, &text, options)?;
        return Ok((loaded, keep.then_some(text)));
    }
    let unbuilt =
        syntax::parse_unbuilt(name, &text, &options.limits).map_err(FormatError::Syntax)?;
    let text = keep.then_some(text);
    let parsed = unbuilt.build_parsed();
    let loaded = Loaded {
        tree: parsed.tree,
        expectations: parsed.expectations,
        case: None,
    };
    Ok((loaded, text))
}

/// Whether a file after the first is an answer file: it starts with
/// `expect`, or it is not a tree file either (its name does not end in
/// `.tree` and it does not read as a tree).
fn is_answer_file(file: &Source) -> bool {
    let tree_named = file.name.ends_with(".tree");
    match &file.text {
        Ok(text) => {
            syntax::is_answer_file(text)
                || !(tree_named || syntax::parse_file(&file.name, text).is_ok())
        }
        Err(_) => !tree_named,
    }
}

/// An error about the file `name` at a place in it when there is one, the
/// line shown under it when the text is kept.
fn placed(name: &str, text: Option<&str>, at: Option<Location>, message: &str) -> String {
    match (at, text) {
        (Some(at), Some(text)) => {
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            let source = SourceText::new(name, text);
            source.error_at_location(at, message).to_string()
        }
        (Some(at), None) => format!("{name}:{}:{}: {message}", at.line, at.column),
        (None, _) => format!("{name}: {message}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree file read by the formats' reader, which the grading used
    /// to read every file with.
    fn by_formats(text: &str) -> Result<Loaded, String> {
        formats::read(TreeFormat::Tree, "t.tree", text, &ReadOptions::default())
            .map_err(|e| e.to_string())
    }

    fn by_grading(text: &str) -> Result<(Loaded, Option<String>), String> {
        read_tree(
            TreeFormat::Tree,
            "t.tree",
            text.to_string(),
            &ReadOptions::default(),
        )
        .map_err(|e| e.to_string())
    }

    #[test]
    fn tree_files_read_as_the_formats_reader_reads_them() {
        for text in [
            "[[3 12 8] [2 4 6]]\nexpect value 3\nexpect best @1\n",
            "\u{feff}[ A [3 12 8] 2 ]",
        ] {
            let (loaded, kept) = by_grading(text).unwrap();
            let expected = by_formats(text).unwrap();
            assert_eq!(loaded.tree, expected.tree, "{text}");
            assert_eq!(loaded.expectations, expected.expectations, "{text}");
            assert_eq!(kept.as_deref(), Some(text), "a small file's text is kept");
        }
        for text in ["[1 2\0 3]", "\u{feff}[1 \0 3]", "[1 2", "[1 [2]]]"] {
            let error = by_grading(text).expect_err(text);
            assert_eq!(Some(error), by_formats(text).err(), "{text:?}");
        }
    }

    #[test]
    fn a_large_tree_files_text_is_not_kept() {
        let blanks = " ".repeat(KEEP_TEXT_UP_TO);
        let (loaded, kept) = by_grading(&format!("[1{blanks}2]")).unwrap();
        assert_eq!(loaded.tree.len(), 3);
        assert!(kept.is_none());
        let (_, kept) = by_grading(&format!("[1{}2]", &blanks[4..])).unwrap();
        assert!(kept.is_some(), "a file of just the size kept");
    }
}
