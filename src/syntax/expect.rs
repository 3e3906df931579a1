//! `expect` lines: the answer key written after a tree.

use pest::iterators::Pair;

use super::grammar::Rule;
use super::number::parse_number;
use super::{ParseError, SourceText};
use crate::claim::{Claim, Counted, Expectation, Relation};
use crate::value::{CutKind, StarMethod, Value};

/// Reads one `expect` pair. `base` is the offset in `source` of the text
/// the pair was parsed from (an answer file's lines are parsed one by one).
pub(super) fn parse_expectation(
    pair: Pair<'_, Rule>,
    source: &SourceText<'_>,
    base: usize,
) -> Result<Expectation, ParseError> {
    let line = source.location(base + pair.as_span().start()).line;
    let mut inner = pair.into_inner();
    let body = inner.next().expect("expect has a body");
    let points = inner.next().map(|p| worth(p, source, base)).transpose()?;
    let rule = body.as_rule();
    let parts: Vec<Pair<'_, Rule>> = body
        .into_inner()
        .filter(|p| !is_punctuation(p.as_rule()))
        .collect();
    let number = |at: usize| answer_number(&parts[at], source, base);
    let text = |at: usize| id(&parts[at], source, base);
    let claim = match rule {
        Rule::expect_value => Claim::Value(number(0)?),
        Rule::expect_pruned => Claim::Pruned(distinct(ids(&parts, source, base)?)),
        Rule::expect_leaves => Claim::Leaves(ids(&parts, source, base)?),
        Rule::expect_best => Claim::Best(text(0)?),
        Rule::expect_cut => {
            let kind = parts.iter().find(|p| p.as_rule() == Rule::cut_kind);
            let node = parts.iter().find(|p| p.as_rule() != Rule::cut_kind);
            let node = id(node.expect("a cut names its node"), source, base)?;
            let kind = kind.expect("a cut has a kind").as_str().to_lowercase();
            match kind.as_str() {
                "star1" => Claim::StarCut {
                    node,
                    method: StarMethod::Star1,
                },
                "star2" => Claim::StarCut {
                    node,
                    method: StarMethod::Star2,
                },
                _ => Claim::Cut {
                    node,
                    kind: cut_kind(&kind),
                },
            }
        }
        Rule::expect_evaluated => Claim::Evaluated(parts[0].as_str().parse().map_err(|_| {
            source.error_at(base + parts[0].as_span().start(), "this count is too large")
        })?),
        Rule::expect_count => Claim::Count {
            what: match parts[0].as_str().to_lowercase().as_str() {
                "passes" => Counted::Passes,
                _ => Counted::Researches,
            },
            count: parts[1].as_str().parse().map_err(|_| {
                source.error_at(base + parts[1].as_span().start(), "this count is too large")
            })?,
        },
        Rule::expect_window => {
            let ends = window_ends(&parts[1..], source, base)?;
            Claim::Window {
                node: text(0)?,
                alpha: ends[0],
                beta: ends[1],
            }
        }
        Rule::expect_node => Claim::Node {
            node: text(0)?,
            relation: match parts[1].as_str() {
                ">=" | "≥" => Relation::AtLeast,
                "<=" | "≤" => Relation::AtMost,
                _ => Relation::Equal,
            },
            value: window_ends(&parts[2..], source, base)?[0],
        },
        other => unreachable!("not an expectation: {other:?}"),
    };
    Ok(Expectation {
        claim,
        line,
        points,
    })
}

fn cut_kind(text: &str) -> CutKind {
    match text.to_lowercase().as_str() {
        "alpha" | "α" => CutKind::Alpha,
        _ => CutKind::Beta,
    }
}

/// The most decimal places a number of points may have: totals are
/// exact to that many places.
pub const POINTS_PLACES: usize = 4;

/// The points of a `[2 points]` mark.
fn worth(pair: Pair<'_, Rule>, source: &SourceText<'_>, base: usize) -> Result<f64, ParseError> {
    let number = pair.into_inner().next().expect("points have a number");
    let text = number.as_str();
    let at = base + number.as_span().start();
    let places = text
        .split_once('.')
        .map_or(0, |(_, decimals)| decimals.len());
    if places > POINTS_PLACES {
        let message = format!(
            "points have at most {POINTS_PLACES} decimal places, so that totals add up exactly"
        );
        return Err(source.error_at(at, &message));
    }
    match text.parse::<f64>() {
        Ok(p) if p.is_finite() && p <= 1e9 => Ok(p),
        _ => Err(source.error_at(at, "this number of points is too large")),
    }
}

fn is_punctuation(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::window_open | Rule::window_comma | Rule::window_close
    )
}

/// How each kind of `expect` line reads, for error messages.
const FORMS: [(&str, &str); 10] = [
    ("value", "expect value NUMBER"),
    ("best", "expect best NODE"),
    ("pruned", "expect pruned NODE... (or none)"),
    ("prune", "expect pruned NODE... (or none)"),
    ("cut", "expect cut NODE alpha|beta"),
    ("leaves", "expect leaves NODE..."),
    ("evaluated", "expect evaluated COUNT"),
    ("researches", "expect researches COUNT"),
    ("passes", "expect passes COUNT"),
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

/// The ids of a list; none for `none` or `nothing`.
fn ids(
    pairs: &[Pair<'_, Rule>],
    source: &SourceText<'_>,
    base: usize,
) -> Result<Vec<String>, ParseError> {
    pairs
        .iter()
        .filter(|p| p.as_rule() != Rule::nothing)
        .map(|p| id(p, source, base))
        .collect()
}

/// The ids of a pruned list, a set: each once, where first named.
pub(super) fn distinct(ids: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let firsts: Vec<bool> = ids.iter().map(|id| seen.insert(id.as_str())).collect();
    let mut first = firsts.into_iter();
    let mut ids = ids;
    ids.retain(|_| first.next().unwrap_or(false));
    ids
}

/// A node's id as written (a name, quoted or not, or a path); refused
/// when it holds a control or bidirectional character, which no name
/// holds, at that character.
fn id(pair: &Pair<'_, Rule>, source: &SourceText<'_>, base: usize) -> Result<String, ParseError> {
    let written = pair.as_str();
    let text = super::unquoted(written);
    match super::names::refuse_hidden(text, "id") {
        None => Ok(text.to_string()),
        Some(refusal) => {
            let quote = usize::from(written.starts_with('"'));
            let at = base + pair.as_span().start() + quote + refusal.offset.unwrap_or(0);
            Err(source.error_at(at, &refusal.message))
        }
    }
}

/// The numbers of an `expect` line from its first, each followed by an
/// infinitesimal when at a null window's end (`5+ε`, `5-eps`).
fn window_ends(
    parts: &[Pair<'_, Rule>],
    source: &SourceText<'_>,
    base: usize,
) -> Result<Vec<Value>, ParseError> {
    let mut ends: Vec<Value> = Vec::with_capacity(2);
    for part in parts {
        match (part.as_rule(), ends.last_mut()) {
            (Rule::nudge, Some(end)) if part.as_str().starts_with('+') => *end = end.above(),
            (Rule::nudge, Some(end)) => *end = end.below(),
            _ => ends.push(answer_number(part, source, base)?),
        }
    }
    Ok(ends)
}

/// A number of an `expect` line: as in a tree, or an infinity written
/// `inf`, `infinity` or `∞`, with or without a sign.
fn answer_number(
    pair: &Pair<'_, Rule>,
    source: &SourceText<'_>,
    base: usize,
) -> Result<Value, ParseError> {
    let text = pair.as_str();
    let unsigned = text.trim_start_matches(['+', '-']).to_lowercase();
    if ["inf", "infinity", "∞"].contains(&unsigned.as_str()) {
        return Ok(match text.starts_with('-') {
            true => Value::NEG_INF,
            false => Value::POS_INF,
        });
    }
    parse_number(text).map_err(|e| source.error_at(base + pair.as_span().start(), &e.to_string()))
}
