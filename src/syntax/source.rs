//! Positions in the source text and the errors that point at them.

use std::fmt;

use crate::tree::Location;

/// A file's text with a table of where its lines start, so that byte
/// offsets turn into line and column quickly.
#[derive(Debug)]
pub struct SourceText<'a> {
    path: &'a str,
    text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> SourceText<'a> {
    /// Indexes `text`, read from `path` (used in messages).
    pub fn new(path: &'a str, text: &'a str) -> SourceText<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceText {
            path,
            text,
            line_starts,
        }
    }

    /// The text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The line and column (in characters) of a byte offset.
    pub fn location(&self, offset: usize) -> Location {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let column = self.text[start..offset.min(self.text.len())]
            .chars()
            .count()
            + 1;
        Location { line, column }
    }

    /// An error pointing at a byte offset.
    pub fn error_at(&self, offset: usize, message: &str) -> ParseError {
        self.error_at_location(self.location(offset), message)
    }

    /// An error pointing at a line and column.
    pub fn error_at_location(&self, at: Location, message: &str) -> ParseError {
        let start = self.line_starts[at.line - 1];
        let source_line = self.text[start..]
            .split('\n')
            .next()
            .unwrap_or("")
            .trim_end_matches('\r')
            .to_string();
        ParseError {
            path: self.path.to_string(),
            line: at.line,
            column: at.column,
            message: message.to_string(),
            source_line,
        }
    }
}

/// A file that could not be read as a tree: where, and why, in plain words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// The file, as given (`-` is shown as `<stdin>`).
    pub path: String,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The offending line, for the caret display.
    pub source_line: String,
}

/// How many characters of the offending line are shown on each side of the
/// caret: a file written on one line may have millions.
const SHOWN_AROUND: usize = 60;

impl fmt::Display for ParseError {
    /// `file:line:column: message`, then the line with a caret under the
    /// column; a long line is cut to the part around the column, with `...`
    /// where it is cut.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = self.line.to_string();
        let pad = " ".repeat(number.len());
        let before = self.column.saturating_sub(1);
        let first = before.saturating_sub(SHOWN_AROUND);
        let mut shown = String::from(if first > 0 { "..." } else { "" });
        let caret_pad = " ".repeat(shown.len() + before - first);
        let mut rest = self.source_line.chars().skip(first);
        shown.extend(
            rest.by_ref()
                .take(2 * SHOWN_AROUND)
                .map(|c| if c.is_control() { ' ' } else { c }),
        );
        if rest.next().is_some() {
            shown.push_str("...");
        }
        write!(
            f,
            "{}:{}:{}: {}\n{pad} |\n{number} | {shown}\n{pad} | {caret_pad}^",
            self.path, self.line, self.column, self.message
        )
    }
}
