//! `expect` lines: the answer key written after a tree.

use std::fmt;

use pest::iterators::Pair;

use super::grammar::Rule;
use super::number::parse_number;
use super::{ParseError, SourceText};
use crate::value::{CutKind, Value};

/// One `expect` line and where it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    /// What the line claims.
    pub claim: Claim,
    /// The line it is written on, from 1.
    pub line: usize,
}

/// How an `expect` line compares a node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `expect B = 2`
    Equal,
    /// `expect F >= 6`
    AtLeast,
    /// `expect P <= 4`
    AtMost,
}

/// What an `expect` line claims about the search.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    /// `expect value 5`: the root value.
    Value(Value),
    /// `expect pruned H T`: the nodes never visited (a subtree's root stands
    /// for the whole subtree).
    Pruned(Vec<String>),
    /// `expect cut F beta`: a cut at a node, of a kind.
    Cut {
        /// The node cut short.
        node: String,
        /// Alpha or beta.
        kind: CutKind,
    },
    /// `expect leaves D E G`: the leaves evaluated, in order.
    Leaves(Vec<String>),
    /// `expect best I`: the root's best move.
    Best(String),
    /// `expect evaluated 9`: how many leaves are evaluated.
    Evaluated(u64),
    /// `expect window J [2, +inf]`: the window a node is entered with.
    Window {
        /// The node.
        node: String,
        /// The window's lower end.
        alpha: Value,
        /// The window's upper end.
        beta: Value,
    },
    /// `expect B = 2`: a node's value (or bound).
    Node {
        /// The node.
        node: String,
        /// `=`, `>=` or `<=`.
        relation: Relation,
        /// The value.
        value: Value,
    },
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Relation::Equal => "=",
            Relation::AtLeast => ">=",
            Relation::AtMost => "<=",
        })
    }
}

impl fmt::Display for Claim {
    /// The claim as it is written after `expect `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Value(v) => write!(f, "value {v}"),
            Claim::Pruned(ids) => write!(f, "pruned {}", ids.join(" ")),
            Claim::Cut { node, kind } => write!(f, "cut {node} {kind}"),
            Claim::Leaves(ids) => write!(f, "leaves {}", ids.join(" ")),
            Claim::Best(id) => write!(f, "best {id}"),
            Claim::Evaluated(n) => write!(f, "evaluated {n}"),
            Claim::Window { node, alpha, beta } => write!(f, "window {node} [{alpha}, {beta}]"),
            Claim::Node {
                node,
                relation,
                value,
            } => write!(f, "{node} {relation} {value}"),
        }
    }
}

impl fmt::Display for Expectation {
    /// The line as it is written: `expect B = 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expect {}", self.claim)
    }
}

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
    parse_number(pair.as_str()).map_err(|e| source.error_at(pair.as_span().start(), &e.to_string()))
}
