//! From text to [`Tree`]: the pest grammar, readable errors, the loader.

mod expect;
mod fast;
mod grammar;
mod load;
mod number;
mod source;

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};

pub use expect::{Claim, Expectation, Relation};
pub use number::parse_number;
pub use source::{ParseError, SourceText};

use std::time::{Duration, Instant};

use crate::tree::{Tree, TreeBuilder};
use grammar::{Rule, TreeParser, describe};

/// The deepest nesting a file may have. The parser and the searches recurse
/// once per level, on a stack sized for this depth (see [`crate::stack`]).
pub const MAX_DEPTH: usize = 10_000;

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

/// Reads a tree file. `path` names the file in error messages.
pub fn parse(path: &str, text: &str) -> Result<Tree, ParseError> {
    parse_with(path, text, &Limits::default())
}

/// Reads a tree file under the given limits.
///
/// Plain files (nested lists of numbers) are read by a fast byte scanner;
/// everything else, and every error, goes through the pest grammar.
pub fn parse_with(path: &str, text: &str, limits: &Limits) -> Result<Tree, ParseError> {
    parse_timed(path, text, limits).map(|(tree, _)| tree)
}

/// How long the two phases of reading a tree took.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseTimes {
    /// Recognising the text and collecting the nodes.
    pub parse: Duration,
    /// Building the tree (the petgraph CSR) from the collected nodes.
    pub build: Duration,
}

/// Like [`parse_with`], timing the parse and build phases.
pub fn parse_timed(
    path: &str,
    text: &str,
    limits: &Limits,
) -> Result<(Tree, ParseTimes), ParseError> {
    let start = Instant::now();
    let builder = parse_unbuilt(path, text, limits)?;
    let parse = start.elapsed();
    let tree = builder.finish();
    let build = start.elapsed() - parse;
    Ok((tree, ParseTimes { parse, build }))
}

/// Reads a tree file into a [`TreeBuilder`], the tree not yet built: a
/// caller reading a large file can free the text before building.
pub fn parse_unbuilt(path: &str, text: &str, limits: &Limits) -> Result<TreeBuilder, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match fast::scan(path, text, limits)? {
        Some(builder) => Ok(builder),
        None => parse_general_unbuilt(path, text, limits),
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
    Some(SourceText::new(path, prefix).error_at(offset, &too_many_nodes(limits)))
}

/// Reads a plain file (nested lists of numbers and `?`) with the fast
/// scanner alone: `Ok(None)` when the text is outside that subset or has an
/// error, which [`parse_with`] then leaves to the pest grammar.
pub fn parse_plain(path: &str, text: &str, limits: &Limits) -> Result<Option<Tree>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Ok(fast::scan(path, text, limits)?.map(TreeBuilder::finish))
}

/// Reads a tree file with the pest grammar alone, without the fast path:
/// the reference the fast path is tested against.
pub fn parse_general(path: &str, text: &str, limits: &Limits) -> Result<Tree, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    parse_general_unbuilt(path, text, limits).map(TreeBuilder::finish)
}

fn parse_general_unbuilt(
    path: &str,
    text: &str,
    limits: &Limits,
) -> Result<TreeBuilder, ParseError> {
    let source = SourceText::new(path, text);
    let depth = check_input(&source)?;
    crate::stack::with_stack_for_depth(depth, || {
        let file = TreeParser::parse(Rule::file, text)
            .map_err(|e| readable(&source, e))?
            .next()
            .expect("the file rule matched");
        load::load(file, &source, limits)
    })
}

/// Whether `text` is an answer file (`expect` lines only) rather than a tree
/// file: its first word, after blanks and comments, is `expect`.
pub fn is_answer_file(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    TreeParser::parse(Rule::answers_start, text).is_ok()
}

/// Reads an answer file: `expect` lines only, in the same syntax as after a
/// tree. `path` names the file in error messages.
pub fn parse_answers(path: &str, text: &str) -> Result<Vec<Expectation>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let source = SourceText::new(path, text);
    if let Some(at) = text.find('\0') {
        return Err(source.error_at(at, "the file contains a NUL byte: is it a text file?"));
    }
    let file = TreeParser::parse(Rule::answers, text)
        .map_err(|e| readable(&source, e))?
        .next()
        .expect("the answers rule matched");
    file.into_inner()
        .filter(|p| p.as_rule() == Rule::expect)
        .map(|p| expect::parse_expectation(p, &source))
        .collect()
}

/// The message for a tree over the node limit.
fn too_many_nodes(limits: &Limits) -> String {
    format!(
        "the tree has more than {} nodes, the limit set by --max-nodes",
        limits.max_nodes
    )
}

/// Refuses what the grammar cannot explain well: an empty file, NUL bytes,
/// and nesting deeper than [`MAX_DEPTH`]. Returns the nesting depth.
fn check_input(source: &SourceText<'_>) -> Result<usize, ParseError> {
    let text = source.text();
    if let Some(at) = text.find('\0') {
        return Err(source.error_at(at, "the file contains a NUL byte: is it a text file?"));
    }
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
    let offset = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((p, _)) => p,
    };
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
        Some(c) if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
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
