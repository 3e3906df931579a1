//! A bracket left open: where the reader finds it open at the end of the
//! file, and where the indentation shows it was left open.

use super::source::is_line_end;
use super::{ParseError, SourceText};

/// When the file ends where more was expected and a bracket is left open,
/// the error at that bracket (the innermost one never closed), with the end
/// of the file in a note: the end is rarely where the mistake is.
///
/// When the indentation tells better, the error is at the bracket it
/// points at: a bracket open at the end of its line, then a line that
/// goes back to that line's indentation (`]` alone at that indentation
/// closes it as a person writes it); the `]` that then closed it was
/// meant for a bracket outside it, which the reader finds open at the
/// end, shown in a second note.
pub(super) fn unclosed_at_the_end(source: &SourceText<'_>, offset: usize) -> Option<ParseError> {
    let text = source.text();
    if !only_blanks_and_comments(&text[offset.min(text.len())..]) {
        return None;
    }
    let scan = Scan::of(text);
    let bracket = *scan.open.last()?;
    let end = source.location(text.len());
    let shape = |at: usize| &text[at..at + 1];
    let Some((likely, back)) = scan.likely() else {
        let message = format!(
            "this `{}` is never closed (note: the file ends at line {}, column {})",
            shape(bracket),
            end.line,
            end.column
        );
        return Some(source.error_at(bracket, &message));
    };
    let message = format!(
        "a bracket is never closed: the file ends at line {}, column {}, with one open",
        end.line, end.column
    );
    let opened = source.location(likely).line;
    let back = match back == scan.next_line_after(opened) {
        true => "the next line".to_string(),
        false => format!("line {back}"),
    };
    let likely_word = format!(
        "this `{}` is probably the one never closed: {back} goes back to its indentation",
        shape(likely)
    );
    let open_word = format!(
        "note: the reader finds this `{}` open at the end of the file",
        shape(bracket)
    );
    let mut error = source.error_at(likely, &message);
    error.notes = vec![
        source.note_at(likely, &likely_word),
        source.note_at(bracket, &open_word),
    ]
    .into();
    Some(error)
}

/// Whether `text` holds nothing but blanks and `#` comments.
fn only_blanks_and_comments(text: &str) -> bool {
    // A lone CR ends a line (and a comment) too.
    text.split(['\n', '\r'])
        .all(|line| matches!(line.trim_start().chars().next(), None | Some('#')))
}

/// The brackets of a file, outside comments and quoted names.
struct Scan {
    /// The `[` and `(` no bracket closes, outermost first (byte offsets).
    open: Vec<usize>,
    /// Brackets the indentation says were left open, in the order met:
    /// each the innermost bracket open when a line went back to the
    /// indentation of the bracket's line, and that line's number.
    suspects: Vec<(usize, usize)>,
    /// The lines holding more than blanks and comments, in order.
    content_lines: Vec<usize>,
}

impl Scan {
    fn of(text: &str) -> Scan {
        let bytes = text.as_bytes();
        let mut scan = Scan {
            open: Vec::new(),
            suspects: Vec::new(),
            content_lines: Vec::new(),
        };
        // Each open bracket with the indentation of its line.
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let (mut at, mut line) = (0, 1);
        while at < bytes.len() {
            let indent = bytes[at..]
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            at += indent;
            let first = bytes.get(at).copied();
            if !matches!(first, None | Some(b'\n' | b'\r' | b'#')) {
                scan.content_lines.push(line);
                let closer = matches!(first, Some(b']' | b')'));
                if let Some(&(bracket, opened)) = stack.last()
                    && (opened > indent || (opened == indent && !closer))
                {
                    scan.suspects.push((bracket, line));
                }
            }
            at = scan_line(bytes, at, indent, &mut stack);
            line += 1;
        }
        scan.open = stack.into_iter().map(|(bracket, _)| bracket).collect();
        scan
    }

    /// The first suspect that a bracket closed: the `]` meant for another.
    fn likely(&self) -> Option<(usize, usize)> {
        self.suspects
            .iter()
            .copied()
            .find(|(bracket, _)| self.open.binary_search(bracket).is_err())
    }

    /// The first line after `line` with more than blanks and comments.
    fn next_line_after(&self, line: usize) -> usize {
        let index = self.content_lines.partition_point(|&l| l <= line);
        self.content_lines.get(index).copied().unwrap_or(0)
    }
}

/// Reads the brackets of the line from `at` (its content, after an
/// indentation of `indent`) to its end, opening and closing them on
/// `stack`; returns where the next line starts.
fn scan_line(bytes: &[u8], mut at: usize, indent: usize, stack: &mut Vec<(usize, usize)>) -> usize {
    let mut in_comment = false;
    let mut in_quotes = false;
    while at < bytes.len() {
        if is_line_end(bytes, at) {
            return at + 1;
        }
        match bytes[at] {
            b'\r' | b'\n' => {} // the `\r` of a `\r\n`
            _ if in_comment => {}
            b'"' => in_quotes = !in_quotes,
            _ if in_quotes => {}
            b'#' => in_comment = true,
            b'[' | b'(' => stack.push((at, indent)),
            b']' | b')' => {
                stack.pop();
            }
            _ => {}
        }
        at += 1;
    }
    at
}
