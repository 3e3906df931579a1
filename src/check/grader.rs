//! Grading the answer files of one searched tree: against a key (a rubric),
//! or claim by claim; with the misconception that explains the wrong
//! answers; and an error about an unknown id pointed at the id.

use super::report::Unlisted;
use super::{
    Diagnoser, Diagnosis, Explain, Facts, FileReport, Grade, LineError, Misconception, Mistaken,
    Rubric, UnknownNode, Untested, Warning, check_lines, grade, unread_words,
};
use crate::claim::{Claim, Expectation};
use crate::search::Options;
use crate::syntax::{self, ParseError, SourceText};
use crate::tree::{Location, Tree};

/// The largest tree whose answer files are diagnosed (each misconception
/// searches it once more).
pub const DIAGNOSE_UP_TO: usize = 100_000;

/// The most lines of one answer file a report lists when checking claim
/// by claim; the others are counted (how many hold, fail, could not be
/// read).
pub const CLAIMS_LISTED_UP_TO: usize = 1_000;

/// The lines of an answer file, each read or not.
type Lines = Vec<Result<Expectation, ParseError>>;

/// What grading the answer files of one tree file takes.
pub(super) struct Grader<'f, 'a> {
    /// The tree file's search.
    pub(super) facts: &'f Facts<'a, Tree>,
    /// The misconceptions' searches of the same tree.
    pub(super) diagnoser: Diagnoser<'f, 'a, Tree>,
    /// The key's questions; `None` to check claim by claim, an error when
    /// the key names a node the tree lacks.
    pub(super) rubric: Option<Result<Rubric, String>>,
    /// How much a failed answer's explanation tells.
    pub(super) explain: Explain,
    /// The tree file's name.
    pub(super) tree_name: &'f str,
    /// The misconceptions that apply but could not be tested on the tree.
    pub(super) untested: &'f [Untested],
}

impl Grader<'_, '_> {
    /// The row of one answer file, `text` its text or why it could not be
    /// read.
    pub(super) fn report(&self, name: &str, text: &Result<String, String>) -> FileReport {
        let lines = text
            .clone()
            .and_then(|t| read_answers(name, &t).map(|lines| (t, lines)));
        let diagnosis = lines
            .as_ref()
            .ok()
            .and_then(|(_, lines)| diagnose(&self.diagnoser, lines));
        let report = match lines {
            Ok((text, lines)) => self.graded(name, &text, &lines),
            Err(error) => self.unreadable(name, error),
        };
        FileReport {
            diagnosis,
            untested: self.untested.to_vec(),
            ..report
        }
    }

    /// The row of an answer file that reads: graded against the rubric, or
    /// claim by claim without one.
    fn graded(
        &self,
        name: &str,
        text: &str,
        lines: &[Result<Expectation, ParseError>],
    ) -> FileReport {
        let (facts, tree_name) = (self.facts, self.tree_name);
        match &self.rubric {
            Some(Ok(rubric)) => {
                let mut grade = grade(facts, rubric, lines, self.explain);
                point_at_unknown_nodes(&mut grade, name, text, tree_name);
                FileReport::graded(name, tree_name, facts.algorithm, grade)
            }
            Some(Err(error)) => {
                FileReport::unreadable(name, tree_name, facts.algorithm, error.clone())
            }
            None => claims_report(facts, name, tree_name, text, lines, self.explain),
        }
    }

    /// The row of an answer file that could not be used: with a rubric,
    /// every question unanswered, so that the points still add up.
    fn unreadable(&self, name: &str, error: String) -> FileReport {
        let (facts, tree_name) = (self.facts, self.tree_name);
        match &self.rubric {
            Some(Ok(rubric)) => FileReport {
                error: Some(error),
                ..FileReport::graded(
                    name,
                    tree_name,
                    facts.algorithm,
                    grade(facts, rubric, &[], self.explain),
                )
            },
            _ => FileReport::unreadable(name, tree_name, facts.algorithm, error),
        }
    }
}

/// The searches of the misconceptions that apply, on trees small enough
/// to diagnose ([`DIAGNOSE_UP_TO`]), and those that apply but cannot be
/// tested on this tree, with why: their search fails (a leaf without a
/// value), or gives the very answers of the right search (`right_key`).
pub(super) fn misconceptions<'a>(
    facts: &Facts<'_, Tree>,
    tree: &'a Tree,
    options: Options,
    right_key: impl FnOnce() -> Vec<Claim>,
) -> (Vec<Mistaken<'a, Tree>>, Vec<Untested>) {
    let (algorithm, height) = (facts.algorithm, tree.depth());
    if tree.len() > DIAGNOSE_UP_TO {
        let reason = format!(
            "the tree has more than {DIAGNOSE_UP_TO} nodes, the most a diagnosis searches again"
        );
        let applies = Misconception::ALL
            .iter()
            .filter(|m| m.applies(algorithm, options, height));
        let untested = applies.map(|m| Untested::new(*m, reason.clone()));
        return (Vec::new(), untested.collect());
    }
    let right_key = right_key();
    let (mut tested, mut untested) = (Vec::new(), Vec::new());
    for m in Misconception::ALL {
        match Mistaken::attempt(tree, m, algorithm, options, height) {
            None => {}
            Some(Err(cannot)) => untested.push(cannot),
            Some(Ok(mistaken)) => match mistaken.untestable(facts, &right_key) {
                Some(same) => untested.push(same),
                None => tested.push(mistaken),
            },
        }
    }
    (tested, untested)
}

/// The rubric answer files are graded with: `None` without a key or when
/// checking claim by claim; an error when the key names a node the tree
/// lacks. A usable key's lines that the search does not support are
/// warned about.
pub(super) fn rubric(
    facts: &Facts<'_, Tree>,
    key: &[Expectation],
    tree_name: &str,
    warnings: &mut Vec<Warning>,
) -> Option<Result<Rubric, String>> {
    if key.is_empty() {
        return None;
    }
    let rubric = Rubric::new(facts, key).map_err(|u| format!("the key, line {}: {u}", u.line));
    if rubric.is_ok() {
        warnings.extend(key_warnings(facts, key, tree_name));
    }
    Some(rubric)
}

/// A warning for each claim of the key that the search does not support:
/// answers are graded against the search, so a key line that disagrees
/// with it is likely a slip in the key (or in the options).
fn key_warnings<'k>(
    facts: &'k Facts<'_, Tree>,
    key: &'k [Expectation],
    tree_name: &'k str,
) -> impl Iterator<Item = Warning> + 'k {
    let fails = |e: &&Expectation| facts.compare(&e.claim).is_ok_and(|o| !o.passed);
    key.iter()
        .filter(fails)
        .map(move |e| Warning::KeyLineFails {
            line: e.line,
            expectation: e.to_string(),
            tree: tree_name.to_string(),
            algorithm: facts.algorithm,
        })
}

/// The misconception that explains an answer file's wrong answers, if one
/// does.
fn diagnose(
    diagnoser: &Diagnoser<'_, '_, Tree>,
    lines: &[Result<Expectation, ParseError>],
) -> Option<Diagnosis> {
    if !diagnoser.tests_any() {
        return None;
    }
    // A claim written twice counts once (claims hold no hashable value:
    // their words stand for them).
    let mut seen = std::collections::HashSet::new();
    let claims: Vec<&Claim> = lines
        .iter()
        .flatten()
        .map(|e| &e.claim)
        .filter(|claim| seen.insert(claim.to_string()))
        .collect();
    diagnoser.diagnose(&claims)
}

/// An answer file's lines; the file is unusable when it holds no answer
/// that reads (empty, comments only, free text, a tree).
fn read_answers(name: &str, text: &str) -> Result<Lines, String> {
    let lines = syntax::read_answers(name, text).map_err(|e| e.to_string())?;
    match lines.iter().find_map(|l| l.as_ref().err()) {
        Some(first) if lines.iter().all(Result::is_err) => {
            let tree = syntax::parse_file(name, text).is_ok();
            let why = match tree {
                true => ": it reads as a tree, and only the first file of the batch is a tree file",
                false => "",
            };
            Err(format!(
                "{first}\nno line of the file reads as an answer{why}"
            ))
        }
        _ => Ok(lines),
    }
}

/// Points each error about an id that names no node at the id, in
/// `file:line:column` form with the line under it.
fn point_at_unknown_nodes(grade: &mut Grade, name: &str, text: &str, tree_name: &str) {
    let locate_one = |error: &mut LineError| {
        if let Some(unknown) = &error.unknown {
            let message = unknown_message(unknown, tree_name);
            error.error = locate(name, text, error.line, &unknown.id, &message);
        }
    };
    grade.errors.iter_mut().for_each(locate_one);
    for question in &mut grade.questions {
        if let Some(error) = &mut question.unread {
            locate_one(error);
            question.explanation = unread_words(error);
        }
    }
}

/// `no node `LL` in the tree FILE: did you mean L?`
fn unknown_message(unknown: &UnknownNode, tree_name: &str) -> String {
    format!(
        "no node `{}` in the tree {tree_name}{}",
        crate::text::quoted(&unknown.id),
        unknown.did_you_mean()
    )
}

/// The report on an answer file checked claim by claim, an unknown node
/// pointed at in the line.
pub(super) fn claims_report(
    facts: &Facts<'_, Tree>,
    name: &str,
    tree_name: &str,
    text: &str,
    lines: &[Result<Expectation, ParseError>],
    explain: Explain,
) -> FileReport {
    let (listed, rest) = lines.split_at(lines.len().min(CLAIMS_LISTED_UP_TO));
    let mut verdicts = check_lines(facts, listed, explain);
    for (verdict, line) in verdicts.iter_mut().zip(listed) {
        let (Some(error), Ok(e)) = (&mut verdict.error, line) else {
            continue;
        };
        if let Err(unknown) = facts.compare(&e.claim) {
            let message = unknown_message(&unknown, tree_name);
            *error = locate(name, text, e.line, &unknown.id, &message);
            verdict.explanation = error.lines().next().unwrap_or("").to_string();
        }
    }
    let report = FileReport::new(name, tree_name, facts.algorithm, verdicts);
    match rest.is_empty() {
        true => report,
        false => report.with_unlisted(unlisted(facts, rest)),
    }
}

/// The lines past the first [`CLAIMS_LISTED_UP_TO`], counted by their
/// verdicts alone.
fn unlisted(facts: &Facts<'_, Tree>, lines: &[Result<Expectation, ParseError>]) -> Unlisted {
    let verdicts = lines
        .iter()
        .map(|line| line.as_ref().ok().and_then(|e| facts.holds(&e.claim).ok()));
    let (mut passed, mut errors) = (0, 0);
    for verdict in verdicts {
        match verdict {
            Some(true) => passed += 1,
            Some(false) => {}
            None => errors += 1,
        }
    }
    Unlisted {
        lines: lines.len(),
        passed,
        errors,
    }
}

/// An error about `id` on line `line` of `text`, pointing at the id.
fn locate(name: &str, text: &str, line: usize, id: &str, message: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let source = SourceText::new(name, text);
    let Some(line_text) = source.line(line) else {
        return format!("{name}:{line}: {message}");
    };
    let column = id_column(line_text, id).unwrap_or(1);
    source
        .error_at_location(Location { line, column }, message)
        .to_string()
}

/// The column (in characters, from 1) of `id` as a whole word in `line`.
fn id_column(line: &str, id: &str) -> Option<usize> {
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '\'' | '@' | '.');
    line.match_indices(id)
        .find(|(at, _)| {
            let before = line[..*at].chars().next_back();
            let after = line[at + id.len()..].chars().next();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        })
        .map(|(at, _)| line[..at].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_found_as_a_whole_word() {
        assert_eq!(id_column("expect LL = 3", "LL"), Some(8));
        assert_eq!(id_column("expect cut L beta # LL", "LL"), Some(21));
        assert_eq!(id_column("expect LLL = 3", "LL"), None);
        assert_eq!(id_column("expect @1.2 = 3", "@1"), None);
        assert_eq!(id_column("expect é LL", "LL"), Some(10));
    }
}
