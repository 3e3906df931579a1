//! A long `expect pruned` or `expect leaves` line of plain ids, read
//! without the grammar. The grammar keeps a token per id (about 180 bytes
//! with the pairs around it, so a 10 MB line of `H H H ...` took 886 MB
//! while reading); this reader keeps only the ids, a pruned list's
//! repeats once (it is a set, as the grammar's reading keeps it too: a
//! 10 MB line of one repeated id is then one id). It reads the plainest
//! form only (`expect`, the keyword, blanks, then ASCII names and paths
//! separated by blanks or one comma): any other line, or any word it is
//! not sure of (`none`, `is`, a keyword, a quoted name, a comment, points),
//! is left to the grammar, which then reads it as before. A test holds it
//! to the grammar on every line it reads.

use std::collections::HashSet;

use super::SourceText;
use crate::claim::{Claim, Expectation};

/// Lines shorter than this are read by the grammar alone.
pub(super) const LONG_LINE: usize = 4096;

/// The expectation on `line` (at offset `base` of `source`) when it is a
/// plain list of ids; `None` to leave the line to the grammar.
pub(super) fn read(source: &SourceText<'_>, line: &str, base: usize) -> Option<Expectation> {
    let rest = line.trim_start_matches(BLANKS);
    let rest = after_word(rest, "expect")?;
    let (rest, leaves) = match after_word(rest, "pruned").or_else(|| after_word(rest, "prune")) {
        Some(rest) => (rest, false),
        None => (after_word(rest, "leaves")?, true),
    };
    let list = rest.trim_matches(BLANKS);
    let claim = match leaves {
        true => Claim::Leaves(all_ids(list)?),
        false => Claim::Pruned(distinct_ids(list)?),
    };
    Some(Expectation::new(claim, source.location(base).line))
}

/// Every id of a leaves list, in order: counted first, so that the list
/// is allocated once at its size.
fn all_ids(list: &str) -> Option<Vec<String>> {
    let mut count = 0;
    if !each_plain_id(list, |_| count += 1) {
        return None;
    }
    let mut ids = Vec::with_capacity(count);
    each_plain_id(list, |id| ids.push(id.to_string()));
    Some(ids)
}

/// The ids of a pruned list, a set: each once, where first named (as the
/// grammar's reading keeps them), the repeats never copied.
fn distinct_ids(list: &str) -> Option<Vec<String>> {
    let room = distinct_room(list);
    let (mut seen, mut ids) = (HashSet::with_capacity(room), Vec::with_capacity(room));
    let plain = each_plain_id(list, |id| {
        if seen.insert(id) {
            ids.push(id.to_string());
        }
    });
    plain.then_some(ids)
}

/// Room for the ids of a pruned list, made once rather than doubled as
/// they come: one more than its separators, at most [`ROOM`] (a long line
/// of one id repeated is one id).
fn distinct_room(list: &str) -> usize {
    let separators = list.bytes().filter(|b| matches!(b, b' ' | b'\t' | b','));
    (separators.count() + 1).min(ROOM)
}

/// The most ids a pruned list makes room for at once.
const ROOM: usize = 1 << 17;

const BLANKS: [char; 2] = [' ', '\t'];

/// What follows `word` (any case) and the blanks after it; `None` when
/// `text` does not start with the word followed by a blank.
fn after_word<'t>(text: &'t str, word: &str) -> Option<&'t str> {
    let head = text.get(..word.len())?;
    let rest = &text[word.len()..];
    let blank = rest.starts_with(BLANKS);
    (head.eq_ignore_ascii_case(word) && blank).then(|| rest.trim_start_matches(BLANKS))
}

/// Calls `visit` on each id of `list` (trimmed), in order, while each is
/// a plain id and the separators are blanks or one comma with blanks
/// around it; false for anything else (the grammar's to read).
fn each_plain_id<'l>(list: &'l str, mut visit: impl FnMut(&'l str)) -> bool {
    let mut rest = list;
    let mut first = true;
    loop {
        // An id is ASCII: the first byte of any other character ends it.
        let end = (rest.bytes())
            .position(|b| !is_id_char(char::from(b)))
            .unwrap_or(rest.len());
        let id = &rest[..end];
        if !is_plain_id(id, first) {
            return false;
        }
        visit(id);
        first = false;
        rest = &rest[end..];
        if rest.is_empty() {
            return true;
        }
        let blanks = rest.trim_start_matches(BLANKS);
        let next = match blanks.strip_prefix(',') {
            Some(after) => after.trim_start_matches(BLANKS),
            None => blanks,
        };
        // No separator (some other character), or nothing after it (a
        // trailing comma): the grammar's to say.
        if next.len() == rest.len() || next.is_empty() {
            return false;
        }
        rest = next;
    }
}

fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '\'' | '@' | '.')
}

/// Words the grammar reads otherwise than as a name: keywords, the
/// infinities; first in a list also `none`, `nothing` (an empty list) and
/// `is` (`expect pruned is H`).
const NOT_NAMES: [&str; 6] = ["max", "min", "chance", "expect", "inf", "infinity"];
const NOT_FIRST: [&str; 3] = ["none", "nothing", "is"];

/// Whether `id` is a path (`@2.1`) or an ASCII name (`B`, `x_1'`) that the
/// grammar reads as that id and nothing else.
fn is_plain_id(id: &str, first: bool) -> bool {
    if let Some(path) = id.strip_prefix('@') {
        let number = |step: &[u8]| !step.is_empty() && step.iter().all(u8::is_ascii_digit);
        return path.as_bytes().split(|&b| b == b'.').all(number);
    }
    let mut chars = id.chars();
    let starts = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let word = starts && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'');
    let reserved = |words: &[&str]| words.iter().any(|w| w.eq_ignore_ascii_case(id));
    word && !reserved(&NOT_NAMES) && !(first && reserved(&NOT_FIRST))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The grammar's reading of one line.
    fn by_grammar(line: &str) -> Result<Expectation, String> {
        let source = SourceText::new("t", line);
        super::super::read_answer_line(&source, line, 0).map_err(|e| e.to_string())
    }

    fn by_this(line: &str) -> Option<Expectation> {
        read(&SourceText::new("t", line), line, 0)
    }

    #[test]
    fn plain_lists_are_read_as_the_grammar_reads_them() {
        for line in [
            "expect pruned H T U",
            "  EXPECT Prune H,T ,  U\t",
            "expect leaves @1.1 @2 x_1' _y",
            "expect pruned H none is",
            "expect pruned H T H T H",
            "expect leaves H T H T H",
        ] {
            let fast = by_this(line).unwrap_or_else(|| panic!("{line} left to the grammar"));
            assert_eq!(Ok(fast), by_grammar(line), "{line}");
        }
        for line in [
            "expect pruned none",
            "expect pruned is H",
            "expect pruned: H",
            "expect pruned H # comment",
            "expect pruned H [2 points]",
            "expect pruned H,",
            "expect pruned H,,T",
            "expect pruned \"q\" H",
            "expect pruned max",
            "expect pruned H inf",
            "expect pruned @1..2",
            "expect pruned Été",
            "expect prunedH",
            "expect value 5",
        ] {
            assert_eq!(by_this(line), None, "{line}");
        }
    }

    fn pieces() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("expect"),
            Just("EXPECT"),
            Just("pruned"),
            Just("Prune"),
            Just("leaves"),
            Just("H"),
            Just("x_1'"),
            Just("@1.2"),
            Just("@3"),
            Just("@"),
            Just("@1."),
            Just("none"),
            Just("is"),
            Just("max"),
            Just("Inf"),
            Just("value"),
            Just("5"),
            Just(" "),
            Just("  "),
            Just("\t"),
            Just(","),
            Just(", "),
            Just(":"),
            Just("="),
            Just("#c"),
            Just("\"q\""),
            Just("é"),
            Just("[1 point]"),
            Just("\r"),
        ];
        proptest::collection::vec(piece, 0..12).prop_map(|p| p.concat())
    }

    proptest! {
        /// Every line this reader reads, the grammar reads the same.
        #[test]
        fn this_reader_agrees_with_the_grammar(tail in pieces()) {
            for head in ["expect pruned ", "expect leaves ", ""] {
                let line = format!("{head}{tail}");
                if let Some(fast) = by_this(&line) {
                    prop_assert_eq!(Ok(fast), by_grammar(&line), "{:?}", line);
                }
            }
        }
    }
}
