//! Grading against a key: every claim of the key is a question, worth its
//! points; an answer file answers some of them. A question left unanswered
//! fails; an answer to no question of the key is extra and scores nothing;
//! a second answer to the same question counts for nothing. A false claim
//! costs: a list's false elements take back right ones, and each extra
//! cut claim that does not hold takes back one right cut answer.

use std::collections::HashSet;
use std::hash::Hash;

use serde::Serialize;

use super::Explain;
use super::answers::{
    Answered, ExtraAnswer, LISTED_UP_TO, LineError, Listed, Sorted, Topic, topic,
};
use super::compare::UnknownNode;
use super::facts::Facts;
use crate::claim::Expectation;
use crate::syntax::ParseError;
use crate::tree::GameTree;

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

/// An answer file graded against a key.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grade {
    /// The points earned.
    pub points: f64,
    /// The key's total.
    pub max_points: f64,
    /// Every question of the key, in the key's order.
    pub questions: Vec<QuestionReport>,
    /// Answers that score nothing, the first [`LISTED_UP_TO`] of them.
    pub extras: Vec<ExtraAnswer>,
    /// How many answers score nothing, listed or not.
    pub extra_count: usize,
    /// Lines that could not be read (apart from one standing for a
    /// question's answer), the first [`LISTED_UP_TO`] of them.
    pub errors: Vec<LineError>,
    /// How many lines could not be read, listed or not (apart from those
    /// standing for a question's answer).
    pub error_count: usize,
    /// How many extra cut claims are false: each takes back one right
    /// answer to a cut question.
    pub false_cuts: usize,
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
        let mut asked: HashSet<Topic> = HashSet::new();
        for e in key {
            let topic = topic(facts, &e.claim).map_err(|u| UnknownNode { line: e.line, ..u })?;
            if asked.insert(topic.clone()) {
                questions.push(Question {
                    topic,
                    line: e.line,
                    points: e.worth(),
                });
            }
        }
        Ok(Rubric { questions })
    }

    /// The topics the key asks about.
    fn asked(&self) -> HashSet<&Topic> {
        self.questions.iter().map(|q| &q.topic).collect()
    }

    /// The key's total.
    pub fn max_points(&self) -> f64 {
        // Each question's points have at most four decimal places, so the
        // sum rounded to four places is exact.
        round(self.questions.iter().map(|q| q.points).sum())
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
        false_cuts,
        ..
    } = Sorted::new(facts, &rubric.asked(), answers);
    // A line meant for a question that is not its answer is an error
    // apart; at most one a question, it is listed whatever its line, and
    // the first errors by line are kept below.
    let mut apart = |error: LineError| {
        errors.count += 1;
        errors.listed.push(error);
    };
    let mut questions: Vec<QuestionReport> = Vec::with_capacity(rubric.questions.len());
    for q in &rubric.questions {
        let answered = first.get(&q.topic);
        let mut error = erred.remove(&q.topic);
        if answered.is_some() {
            // Answered by a line that reads: the bad line is an error apart.
            error.take().into_iter().for_each(&mut apart);
        }
        questions.push(question_report(q, answered, error, explain));
    }
    erred.into_values().for_each(apart);
    errors.listed.sort_by_key(|e| e.line);
    errors.listed.truncate(LISTED_UP_TO);
    charge_false_cuts(rubric, &mut questions, &false_cuts, explain);
    Grade {
        points: round(questions.iter().map(|q| q.points).sum()),
        max_points: rubric.max_points(),
        questions,
        extras: extras.listed.into_iter().map(|e| e.told(explain)).collect(),
        extra_count: extras.count,
        errors: errors.listed,
        error_count: errors.count,
        false_cuts: false_cuts.count,
    }
}

/// Takes back right cut answers for the false cut claims among the
/// extras: the key's cut questions are one list, and each false claim
/// cancels one right answer. With `r` cut questions answered right and
/// `f` false cut claims, each right one keeps `(r - f) / r` of its points
/// (nothing when `f >= r`).
fn charge_false_cuts(
    rubric: &Rubric,
    questions: &mut [QuestionReport],
    false_cuts: &Listed<usize>,
    explain: Explain,
) {
    let right: Vec<usize> = (0..questions.len())
        .filter(|&i| matches!(rubric.questions[i].topic, Topic::Cut(_)))
        .filter(|&i| questions[i].status == Status::Passed)
        .collect();
    let (r, f) = (right.len(), false_cuts.count);
    if r == 0 || f == 0 {
        return;
    }
    let kept = r.saturating_sub(f);
    let words = match explain {
        Explain::None => String::new(),
        Explain::Full | Explain::Brief => {
            let claims = match f {
                1 => "1 cut claim of the answers is false".to_string(),
                f => format!("{f} cut claims of the answers are false"),
            };
            let kept = match kept {
                0 => "so none keeps its points".to_string(),
                kept => format!("so each keeps {kept}/{r} of its points"),
            };
            format!(
                "right, but {claims} ({}): each takes back one of the {r} right cut answers, {kept}",
                lines_words(false_cuts)
            )
        }
    };
    for i in right {
        let q = &mut questions[i];
        q.points = round(q.max_points * kept as f64 / r as f64);
        q.status = match kept {
            0 => Status::Failed,
            _ => Status::Partial,
        };
        q.explanation.clone_from(&words);
    }
}

/// `line 4`, `lines 4 and 7`, `lines 4, 5, 7, 9, 11 and 3 more`.
fn lines_words(lines: &Listed<usize>) -> String {
    const SHOWN: usize = 5;
    let shown = lines.listed.iter().take(SHOWN).map(usize::to_string);
    let mut words: Vec<String> = shown.collect();
    let more = lines.count - words.len();
    if more > 0 {
        words.push(format!("{more} more"));
    }
    let noun = if lines.count == 1 { "line" } else { "lines" };
    format!("{noun} {}", crate::text::listed(words, "and"))
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
    report.answer = Some(super::report::echoed(&answered.expectation.to_string()).into_owned());
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

/// Points to four decimals, so that sums of shares print plainly.
fn round(points: f64) -> f64 {
    (points * 10_000.0).round() / 10_000.0
}
