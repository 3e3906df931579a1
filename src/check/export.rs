//! The report for grading platforms: Gradescope's `results.json` and JUnit
//! XML, one test per question (or per claim without a key), one error per
//! line that could not be read; extra answers, which answer no question,
//! are notes beside the tests, never tests. Each file's part is bounded:
//! the report lists at most [`LISTED_UP_TO`](super::LISTED_UP_TO) extras
//! and unreadable lines, and
//! [`CLAIMS_LISTED_UP_TO`](super::CLAIMS_LISTED_UP_TO) claims.

use std::fmt::Write;

use serde::Serialize;

use super::report::{CheckReport, FileReport};
use super::rubric::{QuestionReport, Status};
use crate::text::escaped;

/// When Gradescope shows a test to students.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Shown at once.
    #[default]
    Visible,
    /// Never shown to students.
    Hidden,
    /// Shown after the due date.
    #[cfg_attr(
        feature = "cli",
        value(name = "after_due_date", alias = "after-due-date")
    )]
    AfterDueDate,
    /// Shown once grades are published.
    #[cfg_attr(
        feature = "cli",
        value(name = "after_published", alias = "after-published")
    )]
    AfterPublished,
}

/// Gradescope's `results.json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GradescopeResults {
    /// The points earned over every file.
    pub score: f64,
    /// How long grading took, in seconds.
    pub execution_time: f64,
    /// The summary shown above the tests.
    pub output: String,
    /// One test per question (or claim) of each file.
    pub tests: Vec<GradescopeTest>,
}

/// One test of Gradescope's `results.json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GradescopeTest {
    /// The question (`value`, `cut at F`), after the file's name when
    /// several files are graded.
    pub name: String,
    /// The points earned.
    pub score: f64,
    /// The points it is worth.
    pub max_score: f64,
    /// `passed` or `failed` (a partly right answer has failed).
    pub status: &'static str,
    /// The answer and the explanation.
    pub output: String,
    /// When students see it.
    pub visibility: Visibility,
}

/// One test case, whatever the platform.
struct Case {
    name: String,
    points: f64,
    max_points: f64,
    passed: bool,
    /// Whether the answer could not be read (an error rather than a failure).
    error: bool,
    output: String,
}

impl Case {
    /// A line that could not be read or used: an error, worth nothing.
    fn unreadable(name: String, output: String) -> Case {
        Case {
            name,
            points: 0.0,
            max_points: 0.0,
            passed: false,
            error: true,
            output,
        }
    }
}

/// The test cases of one file: its questions with a key, then its lines
/// that could not be read; its claims without a key. A file that could not
/// be used has a failed case for its error, then (with a key) its
/// questions, unanswered, so that the points still add up to the key's.
/// Extra answers are no test case (see [`notes`]); unreadable lines and
/// claims are listed as the report lists them, the rest in one case.
fn cases(file: &FileReport) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    if let Some(error) = &file.error {
        cases.push(Case::unreadable(
            escaped(&file.file).into_owned(),
            error.clone(),
        ));
    }
    if let Some(grade) = &file.grade {
        cases.extend(grade.questions.iter().map(question_case));
        cases.extend(grade.errors.iter().map(|e| {
            let error = e.error.lines().next().unwrap_or("");
            let output = format!("line {} could not be read: {error}", e.line);
            Case::unreadable(format!("line {}", e.line), output)
        }));
        if let Some(more) = grade.more_errors() {
            cases.push(Case::unreadable("lines not listed".to_string(), more));
        }
        return cases;
    }
    cases.extend(file.expectations.iter().map(|e| Case {
        name: format!("line {}: {}", e.line, e.expectation),
        points: if e.passed { 1.0 } else { 0.0 },
        max_points: 1.0,
        passed: e.passed,
        error: e.error.is_some(),
        output: e.explanation.clone(),
    }));
    cases.extend(file.unlisted.map(|u| Case {
        name: "lines not listed".to_string(),
        points: u.passed as f64,
        max_points: u.lines as f64,
        passed: u.passed == u.lines,
        error: u.errors > 0,
        output: u.words(),
    }));
    cases
}

/// The test case of one question of the key.
fn question_case(q: &QuestionReport) -> Case {
    let output = [q.answer.as_deref().unwrap_or(""), q.explanation.as_str()];
    Case {
        name: q.question.clone(),
        points: q.points,
        max_points: q.max_points,
        passed: q.status == Status::Passed,
        error: q.status == Status::Error,
        output: output
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// What a platform shows beside a file's test cases: its extra answers
/// (never test cases: they answer no question), the misconception that
/// explains its wrong answers, and the misconceptions that could not be
/// tested.
fn notes(file: &FileReport) -> Vec<String> {
    let mut notes = match file.parts.is_empty() {
        true => Vec::new(),
        false => vec![format!(
            "{} files read as one answer file: {}",
            file.parts.len(),
            file.parts
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        )],
    };
    notes.extend(file.grade.iter().flat_map(|g| g.extras_lines()));
    notes.extend(file.diagnosis.iter().map(|d| d.sentence()));
    notes.extend(file.untested_sentences());
    notes
}

impl CheckReport {
    /// Whether every file was usable and every answer in it holds.
    pub fn all_passed(&self) -> bool {
        self.files.iter().all(|f| {
            f.error.is_none()
                && f.failed == 0
                && f.grade.as_ref().is_none_or(|g| g.error_count == 0)
        })
    }

    /// Gradescope's `results.json`: one test per question, its points and
    /// its explanation; `execution_time` in seconds.
    pub fn to_gradescope(&self, visibility: Visibility, execution_time: f64) -> GradescopeResults {
        let several = self.files.len() > 1;
        let mut tests = Vec::new();
        let mut score = 0.0;
        let mut output = String::new();
        for file in &self.files {
            let (points, most) = file.points();
            score += points;
            let _ = match &file.error {
                Some(_) => writeln!(output, "{}: could not be graded", escaped(&file.file)),
                None => writeln!(output, "{}: {points} of {most} points", escaped(&file.file)),
            };
            for note in notes(file) {
                let _ = writeln!(output, "{note}");
            }
            tests.extend(cases(file).into_iter().map(|c| GradescopeTest {
                name: match several {
                    true => format!("{}: {}", escaped(&file.file), c.name),
                    false => c.name,
                },
                score: c.points,
                max_score: c.max_points,
                status: if c.passed { "passed" } else { "failed" },
                output: c.output,
                visibility,
            }));
        }
        GradescopeResults {
            score: (score * 10_000.0).round() / 10_000.0,
            execution_time,
            output,
            tests,
        }
    }

    /// JUnit XML: one `testsuite` per file, one `testcase` per question
    /// (or claim), a `failure` with the explanation for each that fails and
    /// an `error` for each that could not be read.
    pub fn to_junit(&self) -> String {
        let suites: Vec<Vec<Case>> = self.files.iter().map(cases).collect();
        let all: Vec<&Case> = suites.iter().flatten().collect();
        let (failures, errors) = (failures(all.iter().copied()), errors(all.iter().copied()));
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<testsuites name=\"gametree check\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\">",
            all.len()
        );
        for (cases, file) in suites.iter().zip(&self.files) {
            junit_suite(&mut out, file, cases);
        }
        out.push_str("</testsuites>\n");
        out
    }
}

/// How many cases failed (could be read, and do not hold).
fn failures<'c>(cases: impl Iterator<Item = &'c Case>) -> usize {
    cases.filter(|c| !c.passed && !c.error).count()
}

/// How many cases could not be read.
fn errors<'c>(cases: impl Iterator<Item = &'c Case>) -> usize {
    cases.filter(|c| c.error).count()
}

/// One file's `testsuite`: its cases, and its notes (extra answers,
/// diagnosis) as `system-out`.
fn junit_suite(out: &mut String, report: &FileReport, cases: &[Case]) {
    let file = xml(&escaped(&report.file));
    let _ = writeln!(
        out,
        "  <testsuite name=\"{file}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\">",
        cases.len(),
        failures(cases.iter()),
        errors(cases.iter())
    );
    for case in cases {
        junit_case(out, &file, case);
    }
    let notes = notes(report);
    if !notes.is_empty() {
        let _ = writeln!(
            out,
            "    <system-out>{}</system-out>",
            xml(&notes.join("\n"))
        );
    }
    out.push_str("  </testsuite>\n");
}

/// One `testcase`, with a `failure` or an `error` when it did not pass;
/// `file` is escaped already.
fn junit_case(out: &mut String, file: &str, case: &Case) {
    let _ = write!(
        out,
        "    <testcase name=\"{}\" classname=\"{file}\"",
        xml(&case.name)
    );
    let tag = match (case.passed, case.error) {
        (true, _) => return out.push_str("/>\n"),
        (false, true) => "error",
        (false, false) => "failure",
    };
    let message = case.output.lines().last().unwrap_or("");
    let _ = writeln!(
        out,
        ">\n      <{tag} message=\"{}\" type=\"{tag}\">{}</{tag}>\n    </testcase>",
        xml(message),
        xml(&case.output)
    );
}

/// Text escaped for XML content and attributes; characters XML 1.0 cannot
/// hold are dropped.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}
