//! Positions in the source text and the errors that point at them.

use std::fmt;
use std::sync::Mutex;

use crate::tree::Location;

/// A file's text with a table of where its lines start, so that byte
/// offsets turn into line and column quickly.
///
/// A line ends at `\n`, at `\r\n`, or at a `\r` alone (the old Mac
/// convention). Columns are counted in characters; offsets asked in
/// increasing order (as a reader asks them) are counted on from the last
/// one, so that locating every node of a long line takes time linear in
/// its length, not quadratic.
#[derive(Debug)]
pub struct SourceText<'a> {
    path: &'a str,
    text: &'a str,
    line_starts: Vec<usize>,
    /// The last offset located and its location, to count on from.
    last: Mutex<(usize, Location)>,
}

impl<'a> SourceText<'a> {
    /// Indexes `text`, read from `path` (used in messages).
    pub fn new(path: &'a str, text: &'a str) -> SourceText<'a> {
        SourceText {
            path,
            text,
            line_starts: line_starts(text),
            last: Mutex::new((0, Location { line: 1, column: 1 })),
        }
    }

    /// The text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The line and column (in characters) of a byte offset.
    pub fn location(&self, offset: usize) -> Location {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let mut cached = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let (last_offset, last) = *cached;
        let location = if last.line == line && last_offset <= offset {
            let counted = self
                .text
                .get(last_offset..offset)
                .map_or(0, |s| s.chars().count());
            Location {
                line,
                column: last.column + counted,
            }
        } else {
            let column = self
                .text
                .get(start..offset)
                .map_or(0, |s| s.chars().count())
                + 1;
            Location { line, column }
        };
        *cached = (offset, location);
        location
    }

    /// The text of line `line` (from 1), without its line end.
    pub fn line(&self, line: usize) -> Option<&'a str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        self.text[start..].split(['\n', '\r']).next()
    }

    /// An error pointing at a byte offset.
    pub fn error_at(&self, offset: usize, message: &str) -> ParseError {
        self.error_at_location(self.location(offset), message)
    }

    /// An error pointing at a line and column.
    pub fn error_at_location(&self, at: Location, message: &str) -> ParseError {
        let source_line = self.line(at.line).unwrap_or("").to_string();
        ParseError {
            path: self.path.to_string(),
            line: at.line,
            column: at.column,
            message: message.to_string(),
            source_line,
            over_limit: None,
            notes: Notes::default(),
        }
    }

    /// A note pointing at a byte offset.
    pub fn note_at(&self, offset: usize, message: &str) -> Note {
        let at = self.location(offset);
        Note {
            line: at.line,
            column: at.column,
            message: message.to_string(),
            source_line: self.line(at.line).unwrap_or("").to_string(),
        }
    }
}

/// Where the lines of `text` start: after each `\n`, and after each `\r`
/// not followed by `\n`.
fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let ends = (0..bytes.len()).filter(|&at| is_line_end(bytes, at));
    std::iter::once(0).chain(ends.map(|at| at + 1)).collect()
}

/// The lines of `text`, each with its line end (`\n`, `\r\n` or a `\r`
/// alone), as [`SourceText`] counts them.
pub(crate) fn lines_with_ends(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let (mut start, mut at) = (0, 0);
    std::iter::from_fn(move || {
        while at < bytes.len() {
            let ends = is_line_end(bytes, at);
            at += 1;
            if ends {
                let line = &text[start..at];
                start = at;
                return Some(line);
            }
        }
        let rest = (start < bytes.len()).then(|| &text[start..]);
        start = bytes.len();
        rest
    })
}

/// Whether the line ending at byte `at` of `bytes` (a `\n`, or a `\r` not
/// followed by `\n`) ends there: what [`SourceText`] counts as a line end.
pub(crate) fn is_line_end(bytes: &[u8], at: usize) -> bool {
    match bytes.get(at) {
        Some(b'\n') => true,
        Some(b'\r') => bytes.get(at + 1) != Some(&b'\n'),
        _ => false,
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
    /// The node limit the file passed, when that is what is wrong (the
    /// message then says so in the library's words).
    pub over_limit: Option<usize>,
    /// Places the message also points at, each with a word on it (the
    /// first may be the error's own place, then its word stands by the
    /// caret).
    pub notes: Notes,
}

/// The notes of an error, behind one pointer: most errors have none, and
/// an error stays small.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[expect(
    clippy::box_collection,
    reason = "a thin pointer: a slice's would make every error larger"
)]
pub struct Notes(Option<Box<Vec<Note>>>);

impl Notes {
    /// The notes, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Note> {
        self.0.as_deref().map_or(&[][..], Vec::as_slice).iter()
    }
}

impl From<Vec<Note>> for Notes {
    fn from(notes: Vec<Note>) -> Notes {
        Notes((!notes.is_empty()).then(|| Box::new(notes)))
    }
}

/// A place an error points at besides its own, and what it says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What the note says of the place.
    pub message: String,
    /// The line, for the display.
    pub source_line: String,
}

/// How many characters of the offending line are shown on each side of the
/// caret: a file written on one line may have millions.
const SHOWN_AROUND: usize = 60;

impl fmt::Display for ParseError {
    /// `file:line:column: message`, then the line with a caret under the
    /// column; a long line is cut to the part around the column, with `...`
    /// where it is cut. Each note follows as its line with a `-` under its
    /// column and its word, as rustc shows them (a note at the error's own
    /// place puts its word by the caret).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            crate::text::escaped(&self.path),
            self.line,
            self.column,
            self.message
        )?;
        let width = std::iter::once(self.line)
            .chain(self.notes.iter().map(|n| n.line))
            .max()
            .unwrap_or(self.line)
            .to_string()
            .len();
        let mut notes = self.notes.iter().peekable();
        let here = notes.next_if(|n| (n.line, n.column) == (self.line, self.column));
        let word = here.map(|n| n.message.as_str());
        snippet(
            f,
            width,
            (self.line, self.column),
            &self.source_line,
            '^',
            word,
        )?;
        for note in notes {
            let at = (note.line, note.column);
            snippet(f, width, at, &note.source_line, '-', Some(&note.message))?;
        }
        Ok(())
    }
}

/// One line of the source under a ` |` margin `width` wide, with `mark`
/// under the column `at` and `word` after it.
fn snippet(
    f: &mut fmt::Formatter<'_>,
    width: usize,
    (line, column): (usize, usize),
    source_line: &str,
    mark: char,
    word: Option<&str>,
) -> fmt::Result {
    let pad = " ".repeat(width);
    let before = column.saturating_sub(1);
    let first = before.saturating_sub(SHOWN_AROUND);
    let mut shown = String::from(if first > 0 { "..." } else { "" });
    let caret_pad = " ".repeat(shown.len() + before - first);
    let mut rest = source_line.chars().skip(first);
    shown.extend(
        rest.by_ref()
            .take(2 * SHOWN_AROUND)
            .map(|c| if crate::text::is_hidden(c) { ' ' } else { c }),
    );
    if rest.next().is_some() {
        shown.push_str("...");
    }
    let word = word.map_or(String::new(), |w| format!(" {w}"));
    write!(
        f,
        "\n{pad} |\n{line:>width$} | {shown}\n{pad} | {caret_pad}{mark}{word}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_in_any_order_count_characters_of_the_line() {
        let source = SourceText::new("t", "é ab\r\ncd\ré f\rg");
        let at = |offset| {
            let Location { line, column } = source.location(offset);
            (line, column)
        };
        assert_eq!(at(3), (1, 3));
        assert_eq!(at(5), (1, 5));
        assert_eq!(at(2), (1, 2));
        assert_eq!(at(9), (2, 3));
        assert_eq!(at(13), (3, 3));
        assert_eq!(at(12), (3, 2));
        assert_eq!(at(15), (4, 1));
        assert_eq!(source.line(2), Some("cd"));
        assert_eq!(source.line(3), Some("é f"));
        assert_eq!(source.line(5), None);
    }

    #[test]
    fn notes_show_their_lines_with_a_mark_and_a_word() {
        let source = SourceText::new("t", "A [\n  B [ 1\u{1b}\n]\n");
        let mut error = source.error_at(8, "a bracket is never closed");
        error.notes = vec![
            source.note_at(8, "this one"),
            source.note_at(2, "note: and this one"),
        ]
        .into();
        // The ESC shows as a blank.
        let expected = "t:2:5: a bracket is never closed\n  |\n2 |   B [ 1 \n  |     ^ this one\n  \
                        |\n1 | A [\n  |   - note: and this one";
        assert_eq!(error.to_string(), expected);
    }
}
