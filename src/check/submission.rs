//! One student's answer files graded as one answer file (a Gradescope
//! submission): their lines one after the other, so that the submission
//! is worth the key's points once, however many files it holds.

use std::fmt;

use serde::Serialize;

use super::Source;
use crate::syntax::{self, SourceText};

/// One file of a submission graded as one answer file: where its lines lie
/// in the whole, or why it was left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    /// The file's name.
    pub file: String,
    /// The line of the whole its first line is (from 1).
    pub first_line: usize,
    /// How many lines it holds.
    pub lines: usize,
    /// Why it was left out (it could not be read, or it is not text).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = crate::text::quoted(&self.file);
        match (&self.error, self.lines) {
            (Some(error), _) => write!(f, "{file} was left out: {error}"),
            (None, 0) => write!(f, "{file} holds no line"),
            (None, 1) => write!(f, "{file} is line {}", self.first_line),
            (None, n) => {
                let last = self.first_line + n - 1;
                write!(f, "{file} is lines {} to {last}", self.first_line)
            }
        }
    }
}

/// The longest name of a submission made of its files' names: past it,
/// the submission is called by its number of files (every error of it
/// carries the name, so it stays short).
const NAMED_UP_TO: usize = 80;

/// The answer files `files` as one, named by theirs joined with ` + ` (or
/// `N files` when that is long): the texts that can be used one after the
/// other, each from a line of its own, and where each lies. A file that
/// cannot be read, or holds a NUL byte, is left out and says why; when
/// none can be used, the whole cannot be read either.
pub(super) fn joined(files: Vec<Source>) -> (Source, Vec<Part>) {
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    let name = match names.join(" + ") {
        name if name.chars().count() <= NAMED_UP_TO => name,
        _ => format!("{} files", names.len()),
    };
    let (mut text, mut parts) = (String::new(), Vec::with_capacity(files.len()));
    let mut first_line = 1;
    for file in files {
        let part = match usable(&file) {
            Ok(own) => {
                let lines = syntax::lines_with_ends(own).count();
                text.push_str(own);
                // Each file ends its last line, so that the next starts its
                // own: a lone `\r` gets its `\n` (one line end still), or
                // the next file's first `\n` would join it.
                match own.chars().last() {
                    None | Some('\n') => {}
                    Some(_) => text.push('\n'),
                }
                first_line += lines;
                Part {
                    file: file.name,
                    first_line: first_line - lines,
                    lines,
                    error: None,
                }
            }
            Err(error) => Part {
                file: file.name,
                first_line,
                lines: 0,
                error: Some(error),
            },
        };
        parts.push(part);
    }
    let whole = match parts.iter().all(|p| p.error.is_some()) {
        true => {
            let why: Vec<String> = parts.iter().map(Part::to_string).collect();
            Source::unreadable(&name, why.join("; "))
        }
        false => Source::new(&name, text),
    };
    (whole, parts)
}

/// The text of `file` to join, without a byte order mark; or why it
/// cannot be used.
fn usable(file: &Source) -> Result<&str, String> {
    let text = file.text.as_deref().map_err(Clone::clone)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    syntax::refuse_nul_bytes(&SourceText::new(&file.name, text)).map_err(|e| e.to_string())?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_follow_one_another_each_from_a_line_of_its_own() {
        let (whole, parts) = joined(vec![
            Source::new("a", "\u{feff}expect value 5\nexpect best B"),
            Source::unreadable("b", "b: cannot read: no such file"),
            Source::new("c", "# c\r\nexpect cut F beta\r\n"),
            Source::new("d", "expect\0"),
        ]);
        assert_eq!(whole.name, "a + b + c + d");
        let text = "expect value 5\nexpect best B\n# c\r\nexpect cut F beta\r\n";
        assert_eq!(whole.text.as_deref(), Ok(text));
        let said: Vec<String> = parts.iter().map(Part::to_string).collect();
        assert_eq!(
            said[..3],
            [
                "a is lines 1 to 2",
                "b was left out: b: cannot read: no such file",
                "c is lines 3 to 4",
            ]
        );
        let nul = "d was left out: d:1:7: the file contains a NUL byte";
        assert!(said[3].starts_with(nul), "{}", said[3]);
    }

    #[test]
    fn a_lone_carriage_return_ends_its_file_s_last_line() {
        let (whole, parts) = joined(vec![
            Source::new("a", "expect value 5\r"),
            Source::new("b", "\nexpect bogus\n"),
        ]);
        let text = "expect value 5\r\n\nexpect bogus\n";
        assert_eq!(whole.text.as_deref(), Ok(text));
        assert_eq!((parts[1].first_line, parts[1].lines), (2, 2));
        let lines = crate::syntax::lines_with_ends(text).count();
        assert_eq!(lines, 3, "the parts' lines are the whole's");
    }

    #[test]
    fn a_long_list_of_names_is_counted() {
        let files: Vec<Source> = (0..40)
            .map(|i| Source::new(format!("student-file-{i}.answers"), "expect value 5\n"))
            .collect();
        assert_eq!(joined(files).0.name, "40 files");
    }

    #[test]
    fn a_submission_of_no_usable_file_cannot_be_read() {
        let (whole, _) = joined(vec![Source::unreadable("a", "a: gone")]);
        assert_eq!(whole.text, Err("a was left out: a: gone".to_string()));
    }
}
