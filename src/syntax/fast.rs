//! A byte scanner for the plain subset of the language: nested lists of
//! numbers and `?`, with commas, blanks and comments, static values
//! (`= 3 [...]`) on unnamed lists, action labels (`Left: [...]`, `"a b": 3`)
//! before children, and an optional `max` or `min` before the root. Chance
//! nodes, probabilities (`0.7:`) and a `bounds` line are outside the
//! subset: the scanner stops at them. Files written by `gametree gen` for
//! benchmarks are in this subset, and it reads them many times faster than
//! the general parser.
//!
//! It builds exactly the tree the general parser would (differential tests
//! and fuzzing check it) and never reports a syntax error itself: anything
//! outside the subset, or anything wrong, returns `None`, and the general
//! parser, the one definition of the language and the source of every error
//! message, takes over. The one error it reports is the node limit, at the
//! same place as the general parser.

use super::number::parse_number;
use super::source::is_line_end;
use super::{Limits, ParseError, SourceText};
use crate::tree::MAX_DEPTH;
use crate::tree::{Location, TreeBuilder};
use crate::value::{Kind, Value};

/// Scans `text`: its tree, still to be built, when it is in the subset;
/// `None` when it is outside it or wrong (the general parser then takes
/// over).
pub(super) fn scan(
    path: &str,
    text: &str,
    limits: &Limits,
) -> Result<Option<TreeBuilder>, ParseError> {
    let mut scanner = Scanner::new(text);
    if !scanner.file(limits) {
        return Ok(None);
    }
    match scanner.over_limit {
        None => Ok(Some(scanner.builder)),
        Some(offset) => {
            let source = SourceText::new(path, text);
            Err(super::too_many_nodes(&source, offset, limits))
        }
    }
}

/// Where in `text`, a plain file or the start of one, the node limit is
/// passed: the offset of the first node past it, if the scanner gets that
/// far before the text ends or leaves the plain subset.
pub(super) fn limit_passed_at(text: &str, limits: &Limits) -> Option<usize> {
    let mut scanner = Scanner::new(text);
    scanner.file(limits);
    scanner.over_limit
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `text`.
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            bytes: text.as_bytes(),
            text,
            at: 0,
            line: 1,
            counted: (0, 1),
            builder: TreeBuilder::new(),
            open: Vec::new(),
            label: None,
            over_limit: None,
        }
    }
}

/// An open list: its closing byte, its player, and the label of the edge
/// into it.
struct Open {
    close: u8,
    kind: Kind,
    static_value: Option<Value>,
    label: Option<String>,
}

struct Scanner<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
    line: usize,
    /// A byte offset on the current line and its column: columns are
    /// counted on from there, so that a line of a million `?` is located
    /// in linear time.
    counted: (usize, usize),
    builder: TreeBuilder,
    open: Vec<Open>,
    /// The action label read before the next child, waiting for its node.
    label: Option<String>,
    /// Where the node limit was passed. The scan then goes on without
    /// building, so that a syntax error further on still takes precedence,
    /// as it does in the general parser.
    over_limit: Option<usize>,
}

impl Scanner<'_> {
    fn file(&mut self, limits: &Limits) -> bool {
        self.skip_blanks();
        let root_start = self.at;
        let root_kind = self.root_kind();
        self.skip_blanks();
        if !self.interior(root_kind, root_start, limits) {
            return false;
        }
        let mut comma_allowed = false;
        let mut empty = true;
        while let Some(top) = self.open.last() {
            let (close, kind, child_kind) = (top.close, top.kind, top.kind.opponent());
            let static_value = top.static_value;
            self.skip_blanks();
            let Some(byte) = self.peek() else {
                return false;
            };
            if matches!(byte, b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'"') {
                if self.label.is_some() || !self.read_label() {
                    return false; // two labels, or no label: not plain
                }
                continue;
            }
            if self.label.is_some() && matches!(byte, b',' | b']' | b')') {
                return false; // a label with no child after it
            }
            match byte {
                b',' if comma_allowed => {
                    self.at += 1;
                    comma_allowed = false;
                    continue;
                }
                b'[' | b'(' | b'=' => {
                    if !self.interior(child_kind, self.at, limits) {
                        return false;
                    }
                    comma_allowed = false;
                    empty = true;
                    continue;
                }
                b']' | b')' if byte == close && !empty => {
                    self.at += 1;
                    let done = self.open.pop().expect("a list is open");
                    if self.over_limit.is_none() {
                        let node = self.builder.close_list(kind, static_value);
                        if let Some(label) = done.label {
                            self.builder.label(node, label);
                        }
                    }
                }
                b'0'..=b'9' | b'-' if self.integer_run(child_kind, limits) => {}
                _ => {
                    if !self.leaf(child_kind, limits) {
                        return false;
                    }
                }
            }
            comma_allowed = true;
            empty = false;
        }
        self.skip_blanks();
        self.at == self.bytes.len()
    }

    /// `max` or `min` before the root, in any case.
    fn root_kind(&mut self) -> Kind {
        let word = self
            .bytes
            .get(self.at..self.at + 3)
            .map(<[u8]>::to_ascii_lowercase);
        let kind = match word.as_deref() {
            Some(b"max") => Kind::Max,
            Some(b"min") => Kind::Min,
            _ => return Kind::Max,
        };
        if self
            .bytes
            .get(self.at + 3)
            .is_some_and(|b| is_name_byte(*b))
        {
            return Kind::Max; // a name such as `minimum`: not plain
        }
        self.at += 3;
        kind
    }

    /// An interior node from `start`: an optional static value `= number`,
    /// then the list of its children opens.
    fn interior(&mut self, kind: Kind, start: usize, limits: &Limits) -> bool {
        let mut static_value = None;
        if self.peek() == Some(b'=') {
            self.at += 1;
            self.skip_blanks();
            let token_start = self.at;
            while self.peek().is_some_and(|b| !is_delimiter(b)) {
                self.at += 1;
            }
            let token = &self.bytes[token_start..self.at];
            static_value = read_value(token, &self.text[token_start..self.at]);
            if static_value.is_none() {
                return false;
            }
            self.skip_blanks();
        }
        if !matches!(self.peek(), Some(b'[' | b'(')) {
            return false;
        }
        self.open_list(kind, static_value, start, limits)
    }

    fn open_list(
        &mut self,
        kind: Kind,
        static_value: Option<Value>,
        start: usize,
        limits: &Limits,
    ) -> bool {
        if self.open.len() >= MAX_DEPTH {
            return false;
        }
        if self.within_limit(start, limits) {
            self.builder.open_list();
        }
        let close = match self.bytes[self.at] {
            b'[' => b']',
            _ => b')',
        };
        self.at += 1;
        let label = self.label.take();
        self.open.push(Open {
            close,
            kind,
            static_value,
            label,
        });
        true
    }

    /// Reads an action label, an ASCII word or a quoted text then `:`, and
    /// keeps it for the next child; false for anything else (a name, a
    /// keyword, a word in another script: left to the general parser).
    fn read_label(&mut self) -> bool {
        let rest = &self.bytes[self.at..];
        let (text, length) = match rest[0] {
            b'"' => {
                let Some(end) = rest[1..]
                    .iter()
                    .position(|b| matches!(b, b'"' | b'\n' | b'\r'))
                else {
                    return false;
                };
                if rest[1 + end] != b'"' {
                    return false;
                }
                (&self.text[self.at + 1..self.at + 1 + end], end + 2)
            }
            _ => {
                let end = rest
                    .iter()
                    .position(|b| !is_name_byte(*b))
                    .unwrap_or(rest.len());
                if !rest[..end].is_ascii() {
                    return false;
                }
                (&self.text[self.at..self.at + end], end)
            }
        };
        // A label the grammar refuses is left to it, for its message.
        if rest.get(length) != Some(&b':') || text.chars().any(crate::text::is_hidden) {
            return false;
        }
        self.label = Some(text.to_string());
        self.at += length + 1;
        true
    }

    /// Gives the waiting action label, if any, to `node`.
    fn take_label(&mut self, node: crate::tree::NodeId) {
        if let Some(label) = self.label.take() {
            self.builder.label(node, label);
        }
    }

    /// Reads a run of integer leaves separated by spaces, the bulk of
    /// generated files, in one tight loop; whether it read any. Anything else
    /// (other numbers, `?`, the node limit) is left to [`Scanner::leaf`].
    fn integer_run(&mut self, kind: Kind, limits: &Limits) -> bool {
        let bytes = self.bytes;
        let mut at = self.at;
        let mut read_any = false;
        while let Some((value, end)) = integer_at(bytes, at) {
            if self.over_limit.is_some() || self.builder.started() >= limits.max_nodes {
                break;
            }
            let node = self.builder.leaf(kind, Some(value));
            self.take_label(node);
            read_any = true;
            at = end;
            while bytes.get(at) == Some(&b' ') {
                at += 1;
            }
        }
        if read_any {
            self.at = at;
        }
        read_any
    }

    fn leaf(&mut self, kind: Kind, limits: &Limits) -> bool {
        let start = self.at;
        while self.at < self.bytes.len() && !is_delimiter(self.bytes[self.at]) {
            self.at += 1;
        }
        let token = &self.bytes[start..self.at];
        let value = match token {
            b"?" => None,
            _ => match read_value(token, &self.text[start..self.at]) {
                Some(v) => Some(v),
                None => return false,
            },
        };
        if !self.within_limit(start, limits) {
            return true;
        }
        let node = self.builder.leaf(kind, value);
        self.take_label(node);
        if value.is_none() {
            let (from, column) = self.counted;
            let column = column + self.text[from..start].chars().count();
            self.counted = (start, column);
            let at = Location {
                line: self.line,
                column,
            };
            self.builder.locate(node, at);
        }
        true
    }

    /// Whether one more node, beginning at `start`, is within the limit;
    /// past it, nothing more is built.
    fn within_limit(&mut self, start: usize, limits: &Limits) -> bool {
        if self.over_limit.is_none() && self.builder.started() >= limits.max_nodes {
            self.over_limit = Some(start);
        }
        self.over_limit.is_none()
    }

    /// Skips blanks, line ends and comments, counting lines (a line ends
    /// at `\n`, `\r\n` or a `\r` alone; a comment at the first of them).
    fn skip_blanks(&mut self) {
        while let Some(byte) = self.peek() {
            match byte {
                b' ' | b'\t' => self.at += 1,
                b'\n' | b'\r' => {
                    let ends = is_line_end(self.bytes, self.at);
                    self.at += 1;
                    if ends {
                        self.line += 1;
                        self.counted = (self.at, 1);
                    }
                }
                b'#' => {
                    let rest = &self.bytes[self.at..];
                    self.at += rest
                        .iter()
                        .position(|b| matches!(b, b'\n' | b'\r' | 0))
                        .unwrap_or(rest.len());
                }
                _ => return,
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }
}

/// Bytes that end a leaf value in the subset. The grammar lets a few other
/// things follow a number (`3?`, `3-4`); the subset leaves them to the
/// general parser.
fn is_delimiter(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t' | b'\r' | b'\n' | b',' | b'[' | b']' | b'(' | b')' | b'#'
    )
}

/// Whether a byte may continue a name: ASCII letters and digits, `_`, `'`,
/// and every byte of a non-ASCII character (names may hold Unicode
/// letters; the general parser decides).
fn is_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'\'' || !byte.is_ascii()
}

/// The integer leaf at `start` (`-`? and at most 15 digits, then a
/// delimiter or the end) and where it ends; `None` for anything else.
#[inline(always)]
fn integer_at(bytes: &[u8], start: usize) -> Option<(Value, usize)> {
    let negative = bytes.get(start) == Some(&b'-');
    let digits_start = start + usize::from(negative);
    let mut at = digits_start;
    let mut magnitude = 0i64;
    while let Some(digit) = bytes.get(at).map(|b| b.wrapping_sub(b'0')) {
        if digit > 9 {
            break;
        }
        if at - digits_start == 15 {
            return None; // longer numbers go to the general reader
        }
        magnitude = magnitude * 10 + i64::from(digit);
        at += 1;
    }
    if at == digits_start || bytes.get(at).is_some_and(|b| !is_delimiter(*b)) {
        return None;
    }
    let value = if negative { -magnitude } else { magnitude };
    Some((Value::from_int(value)?, at))
}

/// A leaf value token: small integers directly, anything else of the
/// grammar's number shape through the general number reader. `None` when the
/// token is not a number the language accepts.
fn read_value(token: &[u8], text: &str) -> Option<Value> {
    let digits = match token.first() {
        Some(b'-' | b'+') => &token[1..],
        _ => token,
    };
    if (1..=15).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit) {
        let magnitude = digits
            .iter()
            .fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
        let signed = if token[0] == b'-' {
            -magnitude
        } else {
            magnitude
        };
        return Value::from_int(signed);
    }
    if !has_number_shape(token) {
        return None;
    }
    parse_number(text).ok()
}

/// Whether a token has the grammar's shape of a number:
/// `[+-]? digits (. digits)? ([eE] [+-]? digits)?` or `[+-] inf`.
fn has_number_shape(token: &[u8]) -> bool {
    let unsigned = match token.first() {
        Some(b'-' | b'+') => &token[1..],
        _ => token,
    };
    if unsigned.eq_ignore_ascii_case(b"inf") {
        return unsigned.len() < token.len();
    }
    let mut rest = unsigned;
    let digits = |rest: &mut &[u8]| {
        let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        *rest = &rest[n..];
        n > 0
    };
    if !digits(&mut rest) {
        return false;
    }
    if let Some(after) = rest.strip_prefix(b".") {
        rest = after;
        if !digits(&mut rest) {
            return false;
        }
    }
    if let Some(after) = rest.strip_prefix(b"e").or_else(|| rest.strip_prefix(b"E")) {
        rest = after
            .strip_prefix(b"-")
            .or_else(|| after.strip_prefix(b"+"))
            .unwrap_or(after);
        if !digits(&mut rest) {
            return false;
        }
    }
    rest.is_empty()
}

#[cfg(test)]
mod tests {
    use super::has_number_shape;

    #[test]
    fn number_shapes_follow_the_grammar() {
        for good in [
            "3", "-3", "+3", "2.5", "1e5", "1E-5", "-2.5e+3", "+inf", "-INF",
        ] {
            assert!(has_number_shape(good.as_bytes()), "{good}");
        }
        for bad in [
            "", "-", ".5", "5.", "1e", "inf", "1x", "1.2.3", "--1", "+-inf",
        ] {
            assert!(!has_number_shape(bad.as_bytes()), "{bad}");
        }
    }
}
