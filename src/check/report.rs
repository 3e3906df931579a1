//! The checker's report: one verdict per expectation, one row per file, as
//! text, a table, CSV for a gradebook, and JSON for an autograder.

use std::fmt::Write;

use serde::Serialize;

use super::Outcome;
use crate::claim::Expectation;
use crate::search::Algorithm;

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
}

impl ExpectationReport {
    /// The verdict on `expectation`.
    pub fn new(expectation: &Expectation, outcome: Outcome) -> ExpectationReport {
        ExpectationReport {
            expectation: expectation.to_string(),
            line: expectation.line,
            expected: outcome.expected,
            actual: outcome.actual,
            passed: outcome.passed,
            explanation: outcome.explanation,
        }
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
    /// Each expectation, in file order.
    pub expectations: Vec<ExpectationReport>,
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
        }
    }

    /// A file that could not be checked, and why.
    pub fn unreadable(file: &str, tree: &str, algorithm: Algorithm, error: String) -> FileReport {
        FileReport {
            error: Some(error),
            ..FileReport::new(file, tree, algorithm, Vec::new())
        }
    }

    /// One line per expectation, each failure explained under it, and the
    /// summary line.
    pub fn to_text(&self) -> String {
        let mut out = match self.file == self.tree {
            true => format!("checking {} with {}\n", self.file, self.algorithm),
            false => format!(
                "checking {} against {} with {}\n",
                self.file, self.tree, self.algorithm
            ),
        };
        let width = self
            .expectations
            .iter()
            .map(|e| e.line.to_string().len())
            .max()
            .unwrap_or(1);
        for e in &self.expectations {
            let verdict = if e.passed { "pass" } else { "FAIL" };
            let _ = writeln!(out, "line {:>width$}  {verdict}  {}", e.line, e.expectation);
            if !e.passed {
                let _ = writeln!(out, "{:indent$}{}", "", e.explanation, indent = width + 13);
            }
        }
        if let Some(error) = &self.error {
            let _ = writeln!(out, "error: {error}");
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
    /// `passed / total` over all files, from 0 to 1.
    pub score: f64,
}

impl CheckReport {
    /// The report on these files.
    pub fn new(files: Vec<FileReport>) -> CheckReport {
        let passed = files.iter().map(|f| f.passed).sum();
        let total = files.iter().map(|f| f.total).sum();
        CheckReport {
            files,
            passed,
            failed: total - passed,
            total,
            score: score(passed, total),
        }
    }

    /// Whether some file could not be checked.
    pub fn has_errors(&self) -> bool {
        self.files.iter().any(|f| f.error.is_some())
    }

    /// One row per file, aligned, then the totals. A file that could not be
    /// checked scores `error` (the command tells why on standard error).
    /// The tree column is left blank for a tree file checked against its
    /// own `expect` lines.
    pub fn to_table(&self) -> String {
        let header = ["file", "tree", "passed", "failed", "total", "score"];
        let mut rows: Vec<[String; 6]> = vec![header.map(String::from)];
        for f in &self.files {
            let score = match f.error {
                Some(_) => "error".to_string(),
                None => percent(f.score),
            };
            let tree = if f.tree == f.file { "" } else { &f.tree };
            rows.push(counts(&f.file, tree, f.passed, f.failed, f.total, score));
        }
        let (p, f, t) = (self.passed, self.failed, self.total);
        rows.push(counts("total", "", p, f, t, percent(self.score)));
        aligned(&rows)
    }

    /// A CSV table for a gradebook: a header, then one row per file; an
    /// error is given by its first line, `file:line:column: message`.
    pub fn to_csv(&self) -> String {
        let mut out = "file,tree,algorithm,passed,failed,total,score,error\n".to_string();
        for f in &self.files {
            let fields = [
                csv_field(&f.file),
                csv_field(&f.tree),
                f.algorithm.to_string(),
                f.passed.to_string(),
                f.failed.to_string(),
                f.total.to_string(),
                f.score.to_string(),
                csv_field(
                    f.error
                        .as_deref()
                        .and_then(|e| e.lines().next())
                        .unwrap_or(""),
                ),
            ];
            let _ = writeln!(out, "{}", fields.join(","));
        }
        out
    }
}

/// `passed / total`, to four decimals; 0 when there is nothing to check.
fn score(passed: usize, total: usize) -> f64 {
    match total {
        0 => 0.0,
        _ => (passed as f64 / total as f64 * 10_000.0).round() / 10_000.0,
    }
}

fn percent(score: f64) -> String {
    format!("{}%", (score * 1000.0).round() / 10.0)
}

fn counts(file: &str, tree: &str, p: usize, f: usize, t: usize, score: String) -> [String; 6] {
    [
        file.to_string(),
        tree.to_string(),
        p.to_string(),
        f.to_string(),
        t.to_string(),
        score,
    ]
}

/// Rows as columns: text left-aligned, numbers right-aligned.
fn aligned(rows: &[[String; 6]]) -> String {
    let widths: Vec<usize> = (0..6)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| match c {
                0 | 1 => format!("{cell:<w$}", w = widths[c]),
                _ => format!("{cell:>w$}", w = widths[c]),
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    match text.contains([',', '"', '\n', '\r']) {
        true => format!("\"{}\"", text.replace('"', "\"\"")),
        false => text.to_string(),
    }
}
