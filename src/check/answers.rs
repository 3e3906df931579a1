//! What a question asks about, and the lines of an answer file sorted by
//! the question each answers: the
//! first answer to a question of the key counts; any other answer is extra
//! and scores nothing (a false cut claim among them costs the cut
//! questions); a line that cannot be read is an error, or stands for the
//! answer to the question it was meant for. Extras and errors are counted
//! whole and listed up to [`LISTED_UP_TO`], so that a file of a million
//! lines keeps a report of bounded size.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use serde::Serialize;

use super::Explain;
use super::compare::{Outcome, UnknownNode};
use super::facts::Facts;
use crate::claim::{Claim, Counted, Expectation};
use crate::syntax::ParseError;
use crate::tree::GameTree;

/// The most extra answers, and the most unreadable lines, a grade lists
/// for one answer file; the others are counted.
pub const LISTED_UP_TO: usize = 50;

/// What a question asks about: two claims about the same thing answer the
/// same question.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    /// The root's value.
    Value,
    /// The best move.
    Best,
    /// How many leaves are evaluated.
    Evaluated,
    /// How many re-searches or passes.
    Count(Counted),
    /// The pruned nodes.
    Pruned,
    /// The leaves evaluated, in order.
    Leaves,
    /// The value of a node (by its id as the tree writes it).
    Node(String),
    /// The cut at a node.
    Cut(String),
    /// The window a node is entered with.
    Window(String),
}

impl Topic {
    /// The question's name in a report: `value`, `best move`, `B`,
    /// `cut at F`, `window of J`, `pruned`, `leaves`, `evaluated`.
    pub fn name(&self) -> String {
        match self {
            Topic::Value => "value".to_string(),
            Topic::Best => "best move".to_string(),
            Topic::Evaluated => "evaluated".to_string(),
            Topic::Count(what) => what.to_string(),
            Topic::Pruned => "pruned".to_string(),
            Topic::Leaves => "leaves".to_string(),
            Topic::Node(id) => id.clone(),
            Topic::Cut(id) => format!("cut at {id}"),
            Topic::Window(id) => format!("window of {id}"),
        }
    }
}

/// What a claim asks about, its node ids written as the tree writes them.
pub fn topic<T: GameTree>(facts: &Facts<'_, T>, claim: &Claim) -> Result<Topic, UnknownNode>
where
    T::Node: Hash,
{
    let id = |id: &str| facts.node(id).map(|n| facts.id(n));
    Ok(match claim {
        Claim::Value(_) => Topic::Value,
        Claim::Best(_) => Topic::Best,
        Claim::Evaluated(_) => Topic::Evaluated,
        Claim::Count { what, .. } => Topic::Count(*what),
        Claim::Pruned(_) => Topic::Pruned,
        Claim::Leaves(_) => Topic::Leaves,
        Claim::Node { node, .. } => Topic::Node(id(node)?),
        Claim::Cut { node, .. } | Claim::StarCut { node, .. } => Topic::Cut(id(node)?),
        Claim::Window { node, .. } => Topic::Window(id(node)?),
    })
}

/// An answer that scores nothing: to no question of the key, or to one
/// answered before.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExtraAnswer {
    /// The answer as read.
    pub answer: String,
    /// Its line.
    pub line: usize,
    /// Why it scores nothing.
    pub reason: String,
    /// Whether it holds for the search all the same: told only with full
    /// explanations (`None` otherwise), since a claim that holds would give
    /// the right answer away.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<bool>,
    /// Whether it is a false cut claim, which takes back a right cut
    /// answer.
    #[serde(skip)]
    pub(super) false_cut: bool,
}

impl ExtraAnswer {
    /// The extra answer as a report with `explain` tells it: with full
    /// explanations whether it holds; with brief ones only that it is a
    /// false cut claim, which costs; with none only why it scores nothing.
    pub(super) fn told(mut self, explain: Explain) -> ExtraAnswer {
        if self.false_cut && explain != Explain::None {
            self.reason += "; a false cut claim: it takes back one right cut answer, if any";
        }
        if explain != Explain::Full {
            self.holds = None;
        }
        self
    }
}

/// A line of the answer file that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong (`file:line:column: message`).
    pub error: String,
    /// The id that names no node, when that is what is wrong (for a caller
    /// that has the text, to point at it).
    #[serde(skip)]
    pub unknown: Option<UnknownNode>,
}

/// An answer, read and compared with the search.
pub(super) struct Answered<'e> {
    pub(super) expectation: &'e Expectation,
    pub(super) outcome: Outcome,
}

/// Lines counted whole and listed up to [`LISTED_UP_TO`].
#[derive(Debug)]
pub(super) struct Listed<L> {
    /// The first ones.
    pub(super) listed: Vec<L>,
    /// How many there are, listed or not.
    pub(super) count: usize,
}

impl<L> Default for Listed<L> {
    fn default() -> Self {
        Listed {
            listed: Vec::new(),
            count: 0,
        }
    }
}

impl<L> Listed<L> {
    /// Counts `item`, and lists it while fewer than [`LISTED_UP_TO`] are.
    pub(super) fn push(&mut self, item: L) {
        self.count += 1;
        if self.listed.len() < LISTED_UP_TO {
            self.listed.push(item);
        }
    }
}

/// The lines of an answer file, sorted by the question each answers.
#[derive(Default)]
pub(super) struct Sorted<'e> {
    /// The first answer that reads to each question.
    pub(super) first: HashMap<Topic, Answered<'e>>,
    /// Answers that score nothing.
    pub(super) extras: Listed<ExtraAnswer>,
    /// Lines that could not be read, meant for no question that can be
    /// told, or for one that an earlier bad line was meant for.
    pub(super) errors: Listed<LineError>,
    /// The first line that could not be read, by the question it was meant
    /// for.
    pub(super) erred: HashMap<Topic, LineError>,
    /// The lines of the extra cut claims that do not hold: each costs the
    /// cut questions one right answer (a claim written again costs once).
    pub(super) false_cuts: Listed<usize>,
    /// The false cut claims counted, as written.
    false_claims: HashSet<String>,
}

impl<'e> Sorted<'e> {
    /// Sorts each line: an answer to a question, an extra, or an error.
    /// Only the answer that counts for a question is compared in full;
    /// for an extra, whether it holds is enough.
    pub(super) fn new<T: GameTree>(
        facts: &Facts<'_, T>,
        asked: &HashSet<&Topic>,
        answers: &'e [Result<Expectation, ParseError>],
    ) -> Sorted<'e>
    where
        T::Node: Hash,
    {
        let mut sorted = Sorted::default();
        for answer in answers {
            let e = match answer {
                Ok(e) => e,
                Err(error) => {
                    let unread = LineError {
                        line: error.line,
                        error: error.to_string(),
                        unknown: None,
                    };
                    sorted.unread(unread, guessed_topic(&error.source_line));
                    continue;
                }
            };
            if let Err(unknown) = sorted.answered(facts, asked, e) {
                let meant = meant_topic(facts, &e.claim, &unknown);
                let unread = LineError {
                    line: e.line,
                    error: format!("line {}: {unknown}", e.line),
                    unknown: Some(unknown),
                };
                sorted.unread(unread, meant);
            }
        }
        sorted
    }

    /// A line that could not be read, `meant` for a question if that can
    /// be told: the first such line for a question may stand for its
    /// answer, any other is an error apart.
    fn unread(&mut self, error: LineError, meant: Option<Topic>) {
        match meant {
            Some(t) if !self.erred.contains_key(&t) => _ = self.erred.insert(t, error),
            _ => self.errors.push(error),
        }
    }

    /// An answer that reads: the first to a question of the key counts,
    /// any other is extra; an id that names no node is the error.
    fn answered<T: GameTree>(
        &mut self,
        facts: &Facts<'_, T>,
        asked: &HashSet<&Topic>,
        e: &'e Expectation,
    ) -> Result<(), UnknownNode>
    where
        T::Node: Hash,
    {
        let topic = topic(facts, &e.claim)?;
        let reason = match self.first.get(&topic) {
            Some(before) => repeat(before.expectation.line),
            None if !asked.contains(&topic) => NOT_ASKED.to_string(),
            None => {
                let outcome = facts.compare(&e.claim)?;
                let answered = Answered {
                    expectation: e,
                    outcome,
                };
                self.first.insert(topic, answered);
                return Ok(());
            }
        };
        let holds = facts.holds(&e.claim)?;
        let false_cut = !holds && matches!(topic, Topic::Cut(_));
        if false_cut && self.false_claims.insert(e.claim.to_string()) {
            self.false_cuts.push(e.line);
        }
        self.extras.push(ExtraAnswer {
            answer: super::report::echoed(&e.to_string()).into_owned(),
            line: e.line,
            reason,
            holds: Some(holds),
            false_cut,
        });
        Ok(())
    }
}

const NOT_ASKED: &str = "not a question of the key: scores nothing";

fn repeat(line: usize) -> String {
    format!("answered before, on line {line}: counts once")
}

/// The question a line that could not be read meant to answer, from its
/// keyword, when the keyword alone names it (`expect value ...`).
fn guessed_topic(line: &str) -> Option<Topic> {
    let mut words = line.split(|c: char| c.is_whitespace() || c == ':');
    let first = words.next()?;
    if !first.eq_ignore_ascii_case("expect") {
        return None;
    }
    let keyword = words.find(|w| !w.is_empty())?.to_lowercase();
    Some(match keyword.as_str() {
        "value" => Topic::Value,
        "best" => Topic::Best,
        "evaluated" => Topic::Evaluated,
        "researches" => Topic::Count(Counted::Researches),
        "passes" => Topic::Count(Counted::Passes),
        "pruned" | "prune" => Topic::Pruned,
        "leaves" => Topic::Leaves,
        _ => return None,
    })
}

/// The question a claim with a mistyped id meant to answer: the one about
/// the only node suggested for it.
fn meant_topic<T: GameTree>(
    facts: &Facts<'_, T>,
    claim: &Claim,
    unknown: &UnknownNode,
) -> Option<Topic>
where
    T::Node: Hash,
{
    let [meant] = unknown.suggestions.as_slice() else {
        return None;
    };
    let id = facts.id(facts.find(meant)?);
    match claim {
        Claim::Node { .. } => Some(Topic::Node(id)),
        Claim::Cut { .. } | Claim::StarCut { .. } => Some(Topic::Cut(id)),
        Claim::Window { .. } => Some(Topic::Window(id)),
        _ => None,
    }
}
