//! Grading against a key: every claim of the key is a question, worth its
//! points; an answer file answers some of them. A question left unanswered
//! fails; an answer to no question of the key is extra and scores nothing;
//! a second answer to the same question counts for nothing.

use std::collections::HashMap;
use std::hash::Hash;

use serde::Serialize;

use super::Explain;
use super::compare::{Outcome, UnknownNode};
use super::facts::Facts;
use crate::claim::{Claim, Expectation};
use crate::syntax::ParseError;
use crate::tree::GameTree;

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
            Topic::Pruned => "pruned".to_string(),
            Topic::Leaves => "leaves".to_string(),
            Topic::Node(id) => id.clone(),
            Topic::Cut(id) => format!("cut at {id}"),
            Topic::Window(id) => format!("window of {id}"),
        }
    }
}

/// How a question fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Answered, and the answer holds.
    Passed,
    /// Answered with a list partly right.
    Partial,
    /// Answered, and the answer does not hold.
    Failed,
    /// Not answered.
    Unanswered,
    /// Answered by a line that could not be read.
    Error,
}

impl Status {
    /// The word in a text report.
    pub fn word(self) -> &'static str {
        match self {
            Status::Passed => "pass",
            Status::Partial => "PART",
            Status::Failed => "FAIL",
            Status::Unanswered => "NONE",
            Status::Error => "ERR ",
        }
    }
}

/// One question of the key and how it was answered.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuestionReport {
    /// What it asks about: `value`, `B`, `cut at F`.
    pub question: String,
    /// The key's line it comes from.
    pub key_line: usize,
    /// How it fared.
    pub status: Status,
    /// The points it earned.
    pub points: f64,
    /// The points it is worth.
    pub max_points: f64,
    /// The answer as read (`expect B = 2`), if answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// The answer's line, if answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// What the search did, when explanations give it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual: Option<String>,
    /// Why, at the level of detail asked for; empty when it passed or when
    /// no explanation is given.
    pub explanation: String,
    /// The line meant to answer it that could not be read (status `error`).
    #[serde(skip)]
    pub unread: Option<LineError>,
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
    /// Whether it holds for the search all the same.
    pub holds: bool,
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

/// An answer file graded against a key.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grade {
    /// The points earned.
    pub points: f64,
    /// The key's total.
    pub max_points: f64,
    /// Every question of the key, in the key's order.
    pub questions: Vec<QuestionReport>,
    /// Answers that score nothing.
    pub extras: Vec<ExtraAnswer>,
    /// Lines that could not be read.
    pub errors: Vec<LineError>,
}

impl Grade {
    /// The questions fully earned.
    pub fn passed(&self) -> usize {
        let full = |q: &&QuestionReport| q.status == Status::Passed;
        self.questions.iter().filter(full).count()
    }
}

/// A key's question, resolved against the tree.
#[derive(Clone, Debug)]
pub struct Question {
    /// What it asks about.
    pub topic: Topic,
    /// Its line in the key.
    pub line: usize,
    /// What it is worth.
    pub points: f64,
}

/// A key whose ids name nodes of the tree: its questions in order.
#[derive(Clone, Debug)]
pub struct Rubric {
    /// The questions, in the key's order; a claim repeated in the key is
    /// one question.
    pub questions: Vec<Question>,
}

impl Rubric {
    /// The rubric of a key; an id that names no node is an error with its
    /// line.
    pub fn new<T: GameTree>(
        facts: &Facts<'_, T>,
        key: &[Expectation],
    ) -> Result<Rubric, UnknownNode>
    where
        T::Node: Hash,
    {
        let mut questions: Vec<Question> = Vec::new();
        for e in key {
            let topic = topic(facts, &e.claim).map_err(|u| UnknownNode { line: e.line, ..u })?;
            if !questions.iter().any(|q| q.topic == topic) {
                questions.push(Question {
                    topic,
                    line: e.line,
                    points: e.worth(),
                });
            }
        }
        Ok(Rubric { questions })
    }

    /// The key's total.
    pub fn max_points(&self) -> f64 {
        self.questions.iter().map(|q| q.points).sum()
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
        Claim::Pruned(_) => Topic::Pruned,
        Claim::Leaves(_) => Topic::Leaves,
        Claim::Node { node, .. } => Topic::Node(id(node)?),
        Claim::Cut { node, .. } | Claim::StarCut { node, .. } => Topic::Cut(id(node)?),
        Claim::Window { node, .. } => Topic::Window(id(node)?),
    })
}

/// An answer, read and compared with the search.
struct Answered<'e> {
    expectation: &'e Expectation,
    outcome: Outcome,
}

/// The lines of an answer file, sorted by the question each answers.
#[derive(Default)]
struct Sorted<'e> {
    /// The first answer that reads to each question.
    first: HashMap<Topic, Answered<'e>>,
    /// Answers that score nothing.
    extras: Vec<ExtraAnswer>,
    /// Lines that could not be read, meant for no question that can be
    /// told, or for one that an earlier bad line was meant for.
    errors: Vec<LineError>,
    /// The first line that could not be read, by the question it was meant
    /// for.
    erred: HashMap<Topic, LineError>,
}

impl<'e> Sorted<'e> {
    /// Sorts each line: an answer to a question, an extra, or an error.
    fn new<T: GameTree>(
        facts: &Facts<'_, T>,
        rubric: &Rubric,
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
            match topic(facts, &e.claim).and_then(|t| Ok((t, facts.compare(&e.claim)?))) {
                Ok((topic, outcome)) => sorted.answered(rubric, e, topic, outcome),
                Err(unknown) => {
                    let meant = meant_topic(facts, &e.claim, &unknown);
                    let unread = LineError {
                        line: e.line,
                        error: format!("line {}: {unknown}", e.line),
                        unknown: Some(unknown),
                    };
                    sorted.unread(unread, meant);
                }
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
    /// any other is extra.
    fn answered(&mut self, rubric: &Rubric, e: &'e Expectation, topic: Topic, outcome: Outcome) {
        let asked = rubric.questions.iter().any(|q| q.topic == topic);
        match self.first.get(&topic) {
            Some(before) => {
                let reason = repeat(before.expectation.line);
                self.extras.push(extra(e, &outcome, reason));
            }
            None if !asked => self.extras.push(extra(e, &outcome, NOT_ASKED.to_string())),
            None => {
                let answered = Answered {
                    expectation: e,
                    outcome,
                };
                self.first.insert(topic, answered);
            }
        }
    }
}

/// Grades `answers` (each line of an answer file, read or not) against
/// `rubric`, each claim compared with the search in `facts`.
pub fn grade<T: GameTree>(
    facts: &Facts<'_, T>,
    rubric: &Rubric,
    answers: &[Result<Expectation, ParseError>],
    explain: Explain,
) -> Grade
where
    T::Node: Hash,
{
    let Sorted {
        first,
        extras,
        mut errors,
        mut erred,
    } = Sorted::new(facts, rubric, answers);
    let mut questions: Vec<QuestionReport> = Vec::with_capacity(rubric.questions.len());
    for q in &rubric.questions {
        let answered = first.get(&q.topic);
        let mut error = erred.remove(&q.topic);
        if answered.is_some() {
            // Answered by a line that reads: the bad line is an error apart.
            errors.extend(error.take());
        }
        questions.push(question_report(q, answered, error, explain));
    }
    errors.extend(erred.into_values());
    errors.sort_by_key(|e| e.line);
    Grade {
        points: round(questions.iter().map(|q| q.points).sum()),
        max_points: rubric.max_points(),
        questions,
        extras,
        errors,
    }
}

const NOT_ASKED: &str = "not a question of the key: scores nothing";

fn repeat(line: usize) -> String {
    format!("answered before, on line {line}: counts once")
}

fn extra(e: &Expectation, outcome: &Outcome, reason: String) -> ExtraAnswer {
    ExtraAnswer {
        answer: e.to_string(),
        line: e.line,
        reason,
        holds: outcome.passed,
    }
}

fn question_report(
    q: &Question,
    answered: Option<&Answered<'_>>,
    error: Option<LineError>,
    explain: Explain,
) -> QuestionReport {
    let mut report = QuestionReport {
        question: q.topic.name(),
        key_line: q.line,
        status: Status::Unanswered,
        points: 0.0,
        max_points: q.points,
        answer: None,
        line: None,
        actual: None,
        explanation: "unanswered".to_string(),
        unread: None,
    };
    let Some(answered) = answered else {
        if let Some(error) = error {
            report.status = Status::Error;
            report.line = Some(error.line);
            report.explanation = unread_words(&error);
            report.unread = Some(error);
        }
        return report;
    };
    let outcome = &answered.outcome;
    report.answer = Some(answered.expectation.to_string());
    report.line = Some(answered.expectation.line);
    report.points = round(q.points * outcome.credit);
    report.status = match outcome.credit {
        c if c >= 1.0 => Status::Passed,
        c if c > 0.0 => Status::Partial,
        _ => Status::Failed,
    };
    if outcome.passed {
        report.explanation = String::new();
        return report;
    }
    report.explanation = explain.pick(outcome).to_string();
    if explain == Explain::Full {
        report.actual = Some(outcome.actual.clone());
    }
    report
}

/// What a question says of the line meant to answer it that could not be
/// read.
pub fn unread_words(error: &LineError) -> String {
    let first = error.error.lines().next().unwrap_or("");
    format!("the answer could not be read: {first}")
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

/// Points to four decimals, so that sums of shares print plainly.
fn round(points: f64) -> f64 {
    (points * 10_000.0).round() / 10_000.0
}
