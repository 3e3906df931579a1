//! `expect` lines: the answer key written after a tree.

use pest::iterators::Pair;

use super::grammar::Rule;
use super::number::parse_number;
use super::{ParseError, SourceText};
use crate::claim::{Claim, Expectation, Relation};
use crate::value::{CutKind, Value};

/// Reads one `expect` pair.
pub(super) fn parse_expectation(
    pair: Pair<'_, Rule>,
    source: &SourceText<'_>,
) -> Result<Expectation, ParseError> {
    let line = source.location(pair.as_span().start()).line;
    let body = pair.into_inner().next().expect("expect has a body");
    let rule = body.as_rule();
    let mut parts = body.into_inner().filter(|p| !is_punctuation(p.as_rule()));
    let mut next = || parts.next().expect("grammar guarantees the part");
    let claim =
        match rule {
            Rule::expect_value => Claim::Value(number(next(), source)?),
            Rule::expect_pruned => Claim::Pruned(ids(parts)),
            Rule::expect_leaves => Claim::Leaves(ids(parts)),
            Rule::expect_best => Claim::Best(next().as_str().to_string()),
            Rule::expect_cut => Claim::Cut {
                node: next().as_str().to_string(),
                kind: match next().as_str().to_ascii_lowercase().as_str() {
                    "alpha" => CutKind::Alpha,
                    _ => CutKind::Beta,
                },
            },
            Rule::expect_evaluated => {
                let count = next();
                Claim::Evaluated(count.as_str().parse().map_err(|_| {
                    source.error_at(count.as_span().start(), "this count is too large")
                })?)
            }
            Rule::expect_window => Claim::Window {
                node: next().as_str().to_string(),
                alpha: number(next(), source)?,
                beta: number(next(), source)?,
            },
            Rule::expect_node => Claim::Node {
                node: next().as_str().to_string(),
                relation: match next().as_str() {
                    ">=" => Relation::AtLeast,
                    "<=" => Relation::AtMost,
                    _ => Relation::Equal,
                },
                value: number(next(), source)?,
            },
            other => unreachable!("not an expectation: {other:?}"),
        };
    Ok(Expectation { claim, line })
}

fn is_punctuation(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::window_open | Rule::window_comma | Rule::window_close
    )
}

/// How each kind of `expect` line reads, for error messages.
const FORMS: [(&str, &str); 7] = [
    ("value", "expect value NUMBER"),
    ("best", "expect best NODE"),
    ("pruned", "expect pruned NODE..."),
    ("cut", "expect cut NODE alpha|beta"),
    ("leaves", "expect leaves NODE..."),
    ("evaluated", "expect evaluated COUNT"),
    ("window", "expect window NODE [ALPHA, BETA]"),
];

/// The form of an `expect` line that starts with a keyword (`expect window
/// ...`), for a message about a line that does not follow it.
pub(super) fn expected_form(line: &str) -> Option<&'static str> {
    let mut words = line.split_whitespace();
    if !words.next()?.eq_ignore_ascii_case("expect") {
        return None;
    }
    let keyword = words.next()?.to_ascii_lowercase();
    FORMS
        .iter()
        .find(|(word, _)| keyword == *word)
        .map(|(_, form)| *form)
}

fn ids<'i>(pairs: impl Iterator<Item = Pair<'i, Rule>>) -> Vec<String> {
    pairs.map(|p| p.as_str().to_string()).collect()
}

fn number(pair: Pair<'_, Rule>, source: &SourceText<'_>) -> Result<Value, ParseError> {
    parse_number(pair.as_str()).map_err(|msg| source.error_at(pair.as_span().start(), &msg))
}
