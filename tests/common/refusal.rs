//! What the tests of hostile input share: a run of `gametree solve -`,
//! what a refusal must look like, a chain of nested lists, the names of
//! the sequential algorithms.

use super::binary::{Outcome, gametree};

/// The sequential algorithms by their names on the command line.
pub(crate) const ALGORITHMS: [&str; 4] = ["minimax", "negamax", "alphabeta", "negamax-alphabeta"];

/// `gametree solve - EXTRA` on `input`.
pub(crate) fn solve_stdin(input: impl AsRef<[u8]>, extra: &[&str]) -> Outcome {
    let mut args = vec!["solve", "-"];
    args.extend_from_slice(extra);
    gametree(&args).stdin(input).outcome()
}

/// Asserts a refusal: exit 2, nothing on standard output, and a one-line
/// cause starting `error: PLACE` and containing `words`, optionally followed
/// by the source-line-and-caret display (three more short lines).
#[track_caller]
pub(crate) fn assert_refused(outcome: &Outcome, place: &str, words: &str) {
    let stderr = &outcome.stderr;
    assert_eq!(outcome.code, 2, "{stderr}");
    assert_eq!(outcome.stdout, "", "nothing printed on a refusal");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines[0].starts_with(&format!("error: {place}")), "{stderr}");
    assert!(lines[0].contains(words), "{stderr}");
    match lines.len() {
        1 => {}
        4 => {
            assert!(lines[1].trim_end().ends_with('|'), "{stderr}");
            assert!(lines[3].trim_end().ends_with('^'), "{stderr}");
        }
        n => panic!("{n} lines of error, not one (and a caret display):\n{stderr}"),
    }
    for line in &lines {
        assert!(
            line.chars().count() <= 300,
            "a line too long to read: {line:.300}..."
        );
    }
}

/// `[[...[leaf]...]]`, `depth` lists deep.
pub(crate) fn chain(depth: usize, leaf: &str) -> String {
    format!("{}{leaf}{}", "[".repeat(depth), "]".repeat(depth))
}
