//! From text to [`Tree`]: the pest grammar, readable errors, the loader.

mod brackets;
mod expect;
mod fast;
mod grammar;
mod load;
mod long_list;
pub mod names;
mod number;
mod source;

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};

pub use expect::POINTS_PLACES;
pub(crate) use load::normalised_note;
pub use number::{NumberError, parse_number};
pub(crate) use source::lines_with_ends;
pub use source::{Note, Notes, ParseError, SourceText};

use crate::claim::Expectation;
use crate::tree::{Tree, TreeBuilder};
use grammar::{Rule, TreeParser, describe};

use crate::tree::MAX_DEPTH;

/// Limits on what a file may ask of the reader.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most nodes a tree may have; a larger tree is refused while it is
    /// being read, before it is built.
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: u32::MAX as usize - 1,
        }
    }
}

/// Reads a tree file, its `expect` lines left out. `path` names the file
/// in error messages.
pub fn parse(path: &str, text: &str) -> Result<Tree, ParseError> {
    parse_with(path, text, &Limits::default())
}

/// What a tree file holds: the tree, and the `expect` lines written after
/// it, kept apart (the tree knows nothing of claims).
#[derive(Debug)]
pub struct Parsed {
    /// The tree.
    pub tree: Tree,
    /// The `expect` lines after the tree, in order.
    pub expectations: Vec<Expectation>,
}

/// Reads a tree file: the tree and its `expect` lines.
pub fn parse_file(path: &str, text: &str) -> Result<Parsed, ParseError> {
    parse_unbuilt(path, text, &Limits::default()).map(Unbuilt::build_parsed)
}

/// Reads a tree file under the given limits.
///
/// Plain files (nested lists of numbers) are read by a fast byte scanner;
/// everything else, and every error, goes through the pest grammar.
pub fn parse_with(path: &str, text: &str, limits: &Limits) -> Result<Tree, ParseError> {
    parse_unbuilt(path, text, limits).map(Unbuilt::build)
}

/// A tree read but not built yet, and the `expect` lines after it: see
/// [`parse_unbuilt`].
#[derive(Debug)]
pub struct Unbuilt {
    builder: TreeBuilder,
    expectations: Vec<Expectation>,
}

impl Unbuilt {
    /// Builds the tree (its arrays, filled while reading, trimmed to their
    /// size); the `expect` lines are dropped.
    pub fn build(self) -> Tree {
        self.builder.finish()
    }

    /// Builds the tree, keeping the `expect` lines beside it.
    pub fn build_parsed(self) -> Parsed {
        Parsed {
            tree: self.builder.finish(),
            expectations: self.expectations,
        }
    }
}

/// Whether the start of a file, `prefix`, already passes the node limit:
/// the error [`parse_with`] would give for the whole file, if it is plain
/// (nested lists of numbers and `?`) up to the first node past the limit.
/// A reader can then stop reading a huge file early; unlike the whole
/// file's reading, an error further on is not seen. `None` says nothing
/// about the rest of the file.
pub fn limit_passed(path: &str, prefix: &str, limits: &Limits) -> Option<ParseError> {
    let prefix = prefix.strip_prefix('\u{feff}').unwrap_or(prefix);
    let offset = fast::limit_passed_at(prefix, limits)?;
    Some(too_many_nodes(
        &SourceText::new(path, prefix),
        offset,
        limits,
    ))
}

/// Reads a tree file without building the tree yet: a caller reading a
/// large file can free the text, and time the two phases apart, before
/// [`Unbuilt::build`].
pub fn parse_unbuilt(path: &str, text: &str, limits: &Limits) -> Result<Unbuilt, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match fast::scan(path, text, limits)? {
        Some(builder) => Ok(Unbuilt {
            builder,
            expectations: Vec::new(),
        }),
        None => parse_general_unbuilt(path, text, limits),
    }
}

/// A quoted name's text without its quotes; a word or a path as it is.
fn unquoted(text: &str) -> &str {
    text.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text)
}

/// One of the two readers [`parse_with`] combines, for testing one
/// against the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// The fast byte scanner, for plain files (nested lists of numbers and
    /// `?`): it reads nothing outside that subset, nor a file with an error.
    FastScanner,
    /// The pest grammar: every file, and every error message.
    Grammar,
}

/// Reads a tree file with one reader alone: `Ok(None)` when the fast
/// scanner leaves the text to the grammar.
pub fn parse_using(
    reader: Reader,
    path: &str,
    text: &str,
    limits: &Limits,
) -> Result<Option<Tree>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let builder = match reader {
        Reader::FastScanner => fast::scan(path, text, limits)?,
        Reader::Grammar => Some(parse_general_unbuilt(path, text, limits)?.builder),
    };
    Ok(builder.map(TreeBuilder::finish))
}

fn parse_general_unbuilt(path: &str, text: &str, limits: &Limits) -> Result<Unbuilt, ParseError> {
    let source = SourceText::new(path, text);
    let depth = check_input(&source)?;
    crate::stack::with_stack_for_depth(depth, || {
        let file = TreeParser::parse(Rule::file, text)
            .map_err(|e| readable(&source, e))?
            .next()
            .expect("the file rule matched");
        let (builder, expectations) = load::load(file, &source, limits, load::Places::Some)?;
        Ok(Unbuilt {
            builder,
            expectations,
        })
    })
}

/// Where the node `id` of the tree file `text` is written, found by reading
/// the file again keeping every node's place: a file is read keeping the
/// places of its named and unknown nodes only, so that a large one stays
/// small, and an error about another node (a node at the depth limit
/// without a static value, a leaf outside the bounds) finds its place
/// here. `None` when the text is no tree file or has no such node.
pub fn node_location(path: &str, text: &str, id: &str) -> Option<crate::tree::Location> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let source = SourceText::new(path, text);
    let depth = check_input(&source).ok()?;
    crate::stack::with_stack_for_depth(depth, || {
        let file = TreeParser::parse(Rule::file, text).ok()?.next()?;
        let limits = Limits::default();
        let (builder, _) = load::load(file, &source, &limits, load::Places::Every).ok()?;
        let tree = builder.finish();
        crate::tree::GameTree::location(&tree, tree.find(id)?)
    })
}

/// Whether `text` is an answer file (`expect` lines only) rather than a tree
/// file: its first word, after blanks and comments, is `expect`.
pub fn is_answer_file(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The first line with a word decides: the parser reads up to its end,
    // not the whole of a tree file of millions of nodes (a failed parse
    // costs in the length of what it was given).
    let end = first_word_line_end(text);
    TreeParser::parse(Rule::answers_start, &text[..end]).is_ok()
}

/// Where the first line that is neither blank nor a comment ends (its
/// line break included); the text's length when there is none.
fn first_word_line_end(text: &str) -> usize {
    let mut end = 0;
    for line in text.split_inclusive(['\n', '\r']) {
        end += line.len();
        let word = line.trim_start_matches([' ', '\t']);
        if !(word.is_empty() || word.starts_with(['#', '\n', '\r'])) {
            return end;
        }
    }
    text.len()
}

/// The character that stands, in an answer file's text, for a byte
/// sequence that is not UTF-8 (U+FFFD, the replacement character).
pub const NOT_UTF8: char = char::REPLACEMENT_CHARACTER;

/// An answer file's bytes as text: UTF-8 as it is; otherwise every byte
/// sequence that is not UTF-8 becomes [`NOT_UTF8`]. So such a byte costs the
/// answer it stands in only, and nothing in a comment: a student who saved
/// the file in Latin-1, with `é` in a comment, keeps every answer. A NUL
/// byte is kept, so that [`read_answers`] still refuses a file that is no
/// text.
pub fn answer_text(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
    }
}

/// Reads an answer file: `expect` lines only, in the same syntax as after a
/// tree. `path` names the file in error messages. The first line that does
/// not read is the error; [`read_answers`] reads past it.
pub fn parse_answers(path: &str, text: &str) -> Result<Vec<Expectation>, ParseError> {
    read_answers(path, text)?.into_iter().collect()
}

/// Reads an answer file line by line: each line that is not blank or a
/// comment is one answer, read or refused on its own, so that one bad line
/// costs that answer only. The file itself is refused when it holds a NUL
/// byte (not text) or no answer at all.
pub fn read_answers(
    path: &str,
    text: &str,
) -> Result<Vec<Result<Expectation, ParseError>>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let source = SourceText::new(path, text);
    refuse_nul_bytes(&source)?;
    let mut answers = Vec::new();
    let mut base = 0;
    for line in source::lines_with_ends(text) {
        let content = line.trim_end_matches(['\n', '\r']);
        let words = content.trim_start();
        if !words.is_empty() && !words.starts_with('#') {
            answers.push(read_answer_line(&source, content, base));
        }
        base += line.len();
    }
    if answers.is_empty() {
        let message =
            "the file has no answers: write one `expect` line per answer, such as `expect value 5`";
        return Err(source.error_at(text.len(), message));
    }
    Ok(answers)
}

/// Reads one line of an answer file, `base` its offset in the file.
fn read_answer_line(
    source: &SourceText<'_>,
    line: &str,
    base: usize,
) -> Result<Expectation, ParseError> {
    let first = line.split_whitespace().next().unwrap_or("");
    if !first.eq_ignore_ascii_case("expect") {
        let at = base + line.len() - line.trim_start().len();
        let message = "an answer starts with `expect`, as in `expect value 5`";
        return Err(source.error_at(at, message));
    }
    if line.len() >= long_list::LONG_LINE
        && let Some(expectation) = long_list::read(source, line, base)
    {
        return Ok(expectation);
    }
    // The line is read alone: where the grammar ends it, the line ends.
    let at_line_end = |error: ParseError| ParseError {
        message: error
            .message
            .replace("the end of the file", "the end of the line"),
        ..error
    };
    let pair = TreeParser::parse(Rule::answer_line, line)
        .map_err(|e| at_line_end(readable_at(source, e, base)))?
        .next()
        .expect("the answer line matched")
        .into_inner()
        .find(|p| p.as_rule() == Rule::expect)
        .expect("an answer line holds an expect line");
    expect::parse_expectation(pair, source, base)
}

/// The error for a tree over the node limit, at `offset`.
fn too_many_nodes(source: &SourceText<'_>, offset: usize, limits: &Limits) -> ParseError {
    let message = format!(
        "the tree has more than {} nodes, the limit it is read with",
        limits.max_nodes
    );
    ParseError {
        over_limit: Some(limits.max_nodes),
        ..source.error_at(offset, &message)
    }
}

/// Refuses a text holding a NUL byte, at the first one: it is no text
/// file, whatever its format.
pub fn refuse_nul_bytes(source: &SourceText<'_>) -> Result<(), ParseError> {
    match source.text().find('\0') {
        Some(at) => Err(source.error_at(at, "the file contains a NUL byte: is it a text file?")),
        None => Ok(()),
    }
}

/// Refuses what the grammar cannot explain well: an empty file, NUL bytes,
/// and nesting deeper than [`MAX_DEPTH`]. Returns the nesting depth.
fn check_input(source: &SourceText<'_>) -> Result<usize, ParseError> {
    refuse_nul_bytes(source)?;
    let text = source.text();
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut at = 0;
    let mut seen_content = false;
    while at < bytes.len() {
        match bytes[at] {
            b'#' => {
                while at < bytes.len() && !matches!(bytes[at], b'\n' | b'\r') {
                    at += 1;
                }
                continue;
            }
            b'[' | b'(' => {
                depth += 1;
                deepest = deepest.max(depth);
                if depth > MAX_DEPTH {
                    let message = format!("the tree is nested more than {MAX_DEPTH} levels deep");
                    return Err(source.error_at(at, &message));
                }
            }
            b']' | b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        seen_content |= !matches!(bytes[at], b' ' | b'\t' | b'\r' | b'\n');
        at += 1;
    }
    if !seen_content {
        let message = "the file has no tree: write one such as [[3 12 8] [2 4 6]]";
        return Err(source.error_at(text.len(), message));
    }
    Ok(deepest)
}

/// Turns pest's error into a message in plain words at the same place.
fn readable(source: &SourceText<'_>, error: pest::error::Error<Rule>) -> ParseError {
    readable_at(source, error, 0)
}

/// Like [`readable`], for an error in the text from offset `base` of
/// `source` on.
fn readable_at(
    source: &SourceText<'_>,
    error: pest::error::Error<Rule>,
    base: usize,
) -> ParseError {
    let offset = base
        + match error.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((p, _)) => p,
        };
    if let Some(error) = brackets::unclosed_at_the_end(source, offset) {
        return error;
    }
    if source
        .text()
        .get(offset..)
        .is_some_and(|rest| rest.starts_with(NOT_UTF8))
    {
        let message = "this character is not UTF-8 text (the file was saved in another encoding: \
                       save it as UTF-8)";
        return source.error_at(offset, message);
    }
    let message = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            match expect_form(source, offset, positives) {
                Some(form) => format!("this line does not read as `{form}`"),
                None => expected(positives, source, offset),
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    source.error_at(offset, &message)
}

/// When an `expect` line starting with a keyword fails only because it is
/// not a node's value either (`expect value` without a number), the form
/// the keyword needs: pest would say a relation is expected.
fn expect_form(source: &SourceText<'_>, offset: usize, positives: &[Rule]) -> Option<&'static str> {
    if positives != [Rule::relation] {
        return None;
    }
    let text = source.text();
    let start = text[..offset.min(text.len())]
        .rfind(['\n', '\r'])
        .map_or(0, |i| i + 1);
    let line = text[start..].split(['\n', '\r']).next().unwrap_or("");
    expect::expected_form(line)
}

/// The order in which expected things are listed: values before names,
/// openings before closings.
const WORD_ORDER: [&str; 11] = [
    "a leaf value",
    "a number",
    "a node name",
    "a subtree",
    "`max`/`min`",
    "`=`",
    "`[`/`(`",
    "`]`",
    "`)`",
    "an `expect` line",
    "the end of the file",
];

fn expected(positives: &[Rule], source: &SourceText<'_>, offset: usize) -> String {
    let mut unique: Vec<&str> = Vec::new();
    for word in positives.iter().map(describe) {
        if !unique.contains(&word) {
            unique.push(word);
        }
    }
    if unique.contains(&"a leaf value") {
        unique.retain(|w| *w != "a number"); // a leaf value is a number or `?`
    }
    unique.sort_by_key(|w| WORD_ORDER.iter().position(|o| o == w));
    let found = match source.text()[offset..].chars().next() {
        None => "the end of the file".to_string(),
        Some('\u{feff}') => {
            return "a byte-order mark (U+FEFF) is allowed only once, at the start of the file"
                .to_string();
        }
        Some(c) if c.is_whitespace() => "a blank".to_string(),
        Some(c) if crate::text::is_hidden(c) => crate::text::hidden_character(c),
        Some(c) => format!("`{c}`"),
    };
    match unique.as_slice() {
        [] => format!("unexpected {found}"),
        [one] => format!("expected {one}, found {found}"),
        [rest @ .., last] => format!("expected {} or {last}, found {found}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests;
