//! The checker's report: one verdict per expectation, one row per file, as
//! text, a table, CSV for a gradebook, and JSON for an autograder.

use std::fmt::Write;

use serde::Serialize;

use super::{Diagnosis, Explain, Grade, Outcome, Part, Untested};
use crate::claim::Expectation;
use crate::search::Algorithm;
use crate::text::escaped;

/// One expectation and its verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExpectationReport {
    /// The line as written: `expect B = 2`.
    pub expectation: String,
    /// The line it is on, from 1.
    pub line: usize,
    /// What it says, in short: `= 2`, `beta`, `H T`.
    pub expected: String,
    /// What the search did, in the same form.
    pub actual: String,
    /// Whether they agree.
    pub passed: bool,
    /// Why the search did what it did, from its trace.
    pub explanation: String,
    /// Why the line could not be checked, if it could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What is wrong, without the right answer.
    #[serde(skip)]
    pub brief: String,
}

impl ExpectationReport {
    /// The verdict on `expectation`.
    pub fn new(expectation: &Expectation, outcome: Outcome) -> ExpectationReport {
        ExpectationReport {
            expectation: echoed(&expectation.to_string()).into_owned(),
            line: expectation.line,
            expected: outcome.expected,
            actual: outcome.actual,
            passed: outcome.passed,
            explanation: outcome.explanation,
            error: None,
            brief: outcome.brief,
        }
    }

    /// A line that could not be checked: it fails, with its error.
    pub fn unreadable(line: usize, text: &str, error: String) -> ExpectationReport {
        ExpectationReport {
            expectation: echoed(text.trim()).into_owned(),
            line,
            expected: String::new(),
            actual: String::new(),
            passed: false,
            explanation: error.lines().next().unwrap_or("").to_string(),
            brief: error.lines().next().unwrap_or("").to_string(),
            error: Some(error),
        }
    }

    /// The verdict with its explanation at the level asked for; the right
    /// answer (`actual`) is left out unless explanations are full.
    pub fn explained(mut self, explain: Explain) -> ExpectationReport {
        match explain {
            Explain::Full => {}
            Explain::Brief => {
                self.explanation = std::mem::take(&mut self.brief);
                self.actual = String::new();
            }
            Explain::None => {
                self.explanation = String::new();
                self.actual = String::new();
            }
        }
        self
    }
}

/// One checked file: an answer file, or a tree file checked against its own
/// `expect` lines.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FileReport {
    /// The file whose expectations are checked.
    pub file: String,
    /// The tree file they are checked against.
    pub tree: String,
    /// The algorithm of the search.
    pub algorithm: Algorithm,
    /// Expectations that hold.
    pub passed: usize,
    /// Expectations that do not.
    pub failed: usize,
    /// All expectations.
    pub total: usize,
    /// `passed / total`, from 0 to 1 (0 for a file that could not be read).
    pub score: f64,
    /// Why the file could not be checked, if it could not.
    pub error: Option<String>,
    /// Each expectation, in file order (checked claim by claim, without a
    /// key).
    pub expectations: Vec<ExpectationReport>,
    /// The grade against a key: each of its questions, points, extras and
    /// unreadable lines (graded with a key).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<Grade>,
    /// The misconception that explains the wrong answers, if one does
    /// (JSON's `null` if none: the field is always there).
    pub diagnosis: Option<Diagnosis>,
    /// The misconceptions about the search that could not be tested on
    /// the tree, and why (empty when every one that applies was tested;
    /// the field is always there).
    pub untested: Vec<Untested>,
    /// The lines checked claim by claim past the first
    /// [`CLAIMS_LISTED_UP_TO`](super::CLAIMS_LISTED_UP_TO), counted but
    /// not listed in `expectations`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unlisted: Option<Unlisted>,
    /// The files of a submission graded as this one answer file (see
    /// [`Grading::one_submission`](super::Grading::one_submission)): where
    /// each lies in it, or why it was left out; empty for one file.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Part>,
}

/// Lines of a file checked claim by claim but not listed: how many, how
/// many hold, how many could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Unlisted {
    /// The lines not listed.
    pub lines: usize,
    /// Those that hold.
    pub passed: usize,
    /// Those that could not be read, or name no node.
    pub errors: usize,
}

impl Unlisted {
    /// `and 999000 more lines, not listed: 998000 pass, 1000 fail (12
    /// could not be read)`.
    pub fn words(&self) -> String {
        let failed = self.lines - self.passed;
        let mut words = format!(
            "and {} more lines, not listed: {} pass, {failed} fail",
            self.lines, self.passed
        );
        if self.errors > 0 {
            words += &format!(" ({} could not be read)", self.errors);
        }
        words
    }
}

impl FileReport {
    /// The report on `file`, checked against `tree`.
    pub fn new(
        file: &str,
        tree: &str,
        algorithm: Algorithm,
        expectations: Vec<ExpectationReport>,
    ) -> FileReport {
        let passed = expectations.iter().filter(|e| e.passed).count();
        let total = expectations.len();
        FileReport {
            file: file.to_string(),
            tree: tree.to_string(),
            algorithm,
            passed,
            failed: total - passed,
            total,
            score: score(passed, total),
            error: None,
            expectations,
            grade: None,
            diagnosis: None,
            untested: Vec::new(),
            unlisted: None,
            parts: Vec::new(),
        }
    }

    /// The report with lines checked but not listed counted in its totals.
    pub fn with_unlisted(mut self, unlisted: Unlisted) -> FileReport {
        self.passed += unlisted.passed;
        self.total += unlisted.lines;
        self.failed = self.total - self.passed;
        self.score = score(self.passed, self.total);
        self.unlisted = Some(unlisted);
        self
    }

    /// The report on `file`, graded against a key on `tree`: passed counts
    /// the questions fully earned, total the key's questions, and the
    /// score is the points earned over the key's total.
    pub fn graded(file: &str, tree: &str, algorithm: Algorithm, grade: Grade) -> FileReport {
        let passed = grade.passed();
        let total = grade.questions.len();
        FileReport {
            passed,
            failed: total - passed,
            total,
            score: ratio(grade.points, grade.max_points),
            grade: Some(grade),
            ..FileReport::new(file, tree, algorithm, Vec::new())
        }
    }

    /// The points earned and the most there are: the key's points when
    /// graded with a key, else one point per claim that holds.
    pub fn points(&self) -> (f64, f64) {
        match &self.grade {
            Some(g) => (g.points, g.max_points),
            None => (self.passed as f64, self.total as f64),
        }
    }

    /// Every error of the row, each named by the file: the file's own, then
    /// its lines' (those not read, those naming no node).
    pub fn errors(&self) -> Vec<String> {
        let lines = self.expectations.iter().filter_map(|e| e.error.clone());
        let graded = self.grade.iter().flat_map(|g| g.errors.iter());
        let questions = self.grade.iter().flat_map(|g| &g.questions);
        let unread = questions
            .filter_map(|q| q.unread.as_ref())
            .map(|e| e.error.clone());
        let file = escaped(&self.file);
        let named = |error: String| match error.starts_with(file.as_ref()) {
            true => error,
            false => format!("{file}: {error}"),
        };
        let more = self.grade.iter().filter_map(Grade::more_errors);
        let unlisted = self.unlisted.iter().filter(|u| u.errors > 0);
        let unlisted =
            unlisted.map(|u| format!("{} more lines could not be read, not listed", u.errors));
        self.error
            .iter()
            .cloned()
            .chain(lines)
            .chain(graded.map(|e| e.error.clone()))
            .chain(unread)
            .chain(more)
            .chain(unlisted)
            .map(named)
            .collect()
    }

    /// The misconceptions that could not be tested, one sentence per
    /// reason, where some answer is wrong (where a diagnosis is looked
    /// for); none when every answer holds.
    pub fn untested_sentences(&self) -> Vec<String> {
        match self.failed {
            0 => Vec::new(),
            _ => Untested::sentences(&self.untested),
        }
    }

    /// A file that could not be checked, and why.
    pub fn unreadable(file: &str, tree: &str, algorithm: Algorithm, error: String) -> FileReport {
        FileReport {
            error: Some(error),
            ..FileReport::new(file, tree, algorithm, Vec::new())
        }
    }

    /// One line per question of the key, each failure explained under it,
    /// the answers that score nothing, the lines that could not be read,
    /// and the points.
    fn grade_text(&self, grade: &Grade) -> String {
        let mut out = format!(
            "grading {} against the key of {} with {}\n",
            escaped(&self.file),
            escaped(&self.tree),
            self.algorithm
        );
        let width = grade
            .questions
            .iter()
            .map(|q| q.question.chars().count())
            .max()
            .unwrap_or(1);
        for q in &grade.questions {
            let points = format!("{}/{}", q.points, q.max_points);
            let answer = match (&q.answer, q.line) {
                (Some(a), Some(line)) => format!("line {line}: {a}"),
                _ => String::new(),
            };
            let row = format!(
                "{:<width$}  {}  {points:>9}  {answer}",
                q.question,
                q.status.word()
            );
            let _ = writeln!(out, "{}", row.trim_end());
            if !q.explanation.is_empty() {
                let _ = writeln!(out, "{:indent$}{}", "", q.explanation, indent = width + 2);
            }
        }
        for line in grade.extras_lines() {
            let _ = writeln!(out, "{line}");
        }
        for error in &grade.errors {
            let _ = writeln!(out, "error: {}", error.error.lines().next().unwrap_or(""));
        }
        if let Some(more) = grade.more_errors() {
            let _ = writeln!(out, "error: {more}");
        }
        if let Some(error) = &self.error {
            let _ = writeln!(out, "error: {error}");
        }
        if let Some(diagnosis) = &self.diagnosis {
            let _ = writeln!(out, "{}", diagnosis.sentence());
        }
        for sentence in self.untested_sentences() {
            let _ = writeln!(out, "{sentence}");
        }
        let _ = writeln!(
            out,
            "{} of {} points ({}): {} of {} questions right",
            grade.points,
            grade.max_points,
            percent(self.score),
            self.passed,
            self.total
        );
        out
    }

    /// One line per expectation, each failure explained under it, and the
    /// summary line.
    pub fn to_text(&self) -> String {
        if let Some(grade) = &self.grade {
            return self.grade_text(grade);
        }
        let (file, tree) = (escaped(&self.file), escaped(&self.tree));
        let mut out = match self.file == self.tree {
            true => format!("checking {file} with {}\n", self.algorithm),
            false => format!("checking {file} against {tree} with {}\n", self.algorithm),
        };
        let width = self
            .expectations
            .iter()
            .map(|e| e.line.to_string().len())
            .max()
            .unwrap_or(1);
        for e in &self.expectations {
            let verdict = if e.passed { "pass" } else { "FAIL" };
            let claim = echoed(&e.expectation);
            let _ = writeln!(out, "line {:>width$}  {verdict}  {claim}", e.line);
            if !e.passed {
                let _ = writeln!(out, "{:indent$}{}", "", e.explanation, indent = width + 13);
            }
        }
        if let Some(unlisted) = &self.unlisted {
            let _ = writeln!(out, "{}", unlisted.words());
        }
        if let Some(error) = &self.error {
            let _ = writeln!(out, "error: {error}");
        }
        if let Some(diagnosis) = &self.diagnosis {
            let _ = writeln!(out, "{}", diagnosis.sentence());
        }
        for sentence in self.untested_sentences() {
            let _ = writeln!(out, "{sentence}");
        }
        let _ = writeln!(out, "{} passed, {} failed", self.passed, self.failed);
        out
    }
}

/// Every checked file, with the totals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckReport {
    /// One report per checked file, in command-line order.
    pub files: Vec<FileReport>,
    /// Expectations that hold, over all files.
    pub passed: usize,
    /// Expectations that do not, over all files.
    pub failed: usize,
    /// All expectations, over all files.
    pub total: usize,
    /// The points earned over the most there are, over all files, from 0
    /// to 1 (without a key, a point is a claim that holds).
    pub score: f64,
}

impl CheckReport {
    /// The report on these files.
    pub fn new(files: Vec<FileReport>) -> CheckReport {
        let passed = files.iter().map(|f| f.passed).sum();
        let total = files.iter().map(|f| f.total).sum();
        let points: f64 = files.iter().map(|f| f.points().0).sum();
        let most: f64 = files.iter().map(|f| f.points().1).sum();
        CheckReport {
            files,
            passed,
            failed: total - passed,
            total,
            score: ratio(points, most),
        }
    }

    /// Whether some file could not be checked.
    pub fn has_errors(&self) -> bool {
        self.files.iter().any(|f| f.error.is_some())
    }
}

impl Grade {
    /// The extra answers as the reports list them: how many there are,
    /// each listed one (`extra: line 9: expect J = 8 (why)`), and how many
    /// more are not listed; nothing when there is none.
    pub fn extras_lines(&self) -> Vec<String> {
        if self.extra_count == 0 {
            return Vec::new();
        }
        let mut lines = vec![match self.extra_count {
            1 => "1 extra answer, which scores nothing:".to_string(),
            n => format!("{n} extra answers, which score nothing:"),
        }];
        lines.extend(self.extras.iter().map(|extra| {
            format!(
                "extra: line {}: {} ({})",
                extra.line, extra.answer, extra.reason
            )
        }));
        if self.extra_count > self.extras.len() {
            let more = self.extra_count - self.extras.len();
            lines.push(format!("and {more} more extra answers, not listed"));
        }
        lines
    }

    /// How many more lines could not be read than are listed, in words.
    pub fn more_errors(&self) -> Option<String> {
        let more = self.error_count.checked_sub(self.errors.len())?;
        (more > 0).then(|| format!("{more} more lines could not be read, not listed"))
    }
}

/// `passed / total`, to four decimals; 0 when there is nothing to check.
fn score(passed: usize, total: usize) -> f64 {
    ratio(passed as f64, total as f64)
}

/// `part / whole`, to four decimals; 0 when the whole is 0.
fn ratio(part: f64, whole: f64) -> f64 {
    match whole > 0.0 {
        false => 0.0,
        true => (part / whole * 10_000.0).round() / 10_000.0,
    }
}

pub(super) fn percent(score: f64) -> String {
    format!("{}%", (score * 1000.0).round() / 10.0)
}

/// The longest answer line echoed whole in the text report.
const ECHOED_UP_TO: usize = 200;

/// An answer line as the text report echoes it: whole up to
/// [`ECHOED_UP_TO`] characters, else its first and last 20 characters;
/// control and bidirectional characters escaped either way.
pub(super) fn echoed(line: &str) -> std::borrow::Cow<'_, str> {
    match line.chars().count() > ECHOED_UP_TO {
        true => crate::text::quoted(line),
        false => crate::text::escaped(line),
    }
}
