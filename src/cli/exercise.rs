//! `gametree gen --exercise`: a random tree that meets the teacher's
//! constraints, written with its answer key (or, `--blank`, without it).
//!
//! Seeds are tried from the one given, one after another; each candidate is
//! written as the text the student will see, read back, and searched once
//! with a trace. The constraints and the answer key are both read from that
//! one trace, so the key matches the file exactly (ids, rescaled values).

use clap::Args;

use super::CliError;
use gametree::check::{QuestionKind, answer_key, rubric_lines};
use gametree::games::GameSpec;
use gametree::render::DEFAULT_MAX_DRAW_NODES;
use gametree::search::{Algorithm, Options, search};
use gametree::syntax;
use gametree::trace::{StarMethod, Trace};
use gametree::tree::NodeId;

/// The largest tree an exercise may have, in nodes, as
/// [`GameSpec::node_bound`] bounds it before anything is generated. An
/// exercise is solved by hand, from a drawing: the bound is the largest tree
/// `render` draws by default, so every exercise can be drawn (`--format
/// html` draws each one), and each of the `--tries` candidates is small.
pub(super) const EXERCISE_NODES_UP_TO: u64 = DEFAULT_MAX_DRAW_NODES as u64;

/// The most exercises one `--count` writes: a variant for each student of
/// the largest class, all held in memory (and on one page with `--format
/// html`) until they are written.
pub(super) const MOST_EXERCISES: u64 = 1_000;

/// The exercise options of `gametree gen`.
#[derive(Clone, Debug, Default, Args)]
pub(super) struct ExerciseArgs {
    /// Write an exercise: try seeds from the given one until the tree meets
    /// the constraints, then write it with its answer key as `expect` lines.
    #[arg(long)]
    pub exercise: bool,
    /// The exercise's alpha-beta search makes at least N cuts.
    #[arg(long, value_name = "N", requires = "exercise")]
    pub min_cuts: Option<u64>,
    /// The exercise has a deep cut (a bound from farther up than the parent).
    #[arg(long, requires = "exercise")]
    pub deep_cut: bool,
    /// The exercise has a cut made on a tie (a value equal to its bound), so
    /// that `--strict` prunes it differently.
    #[arg(long, requires = "exercise", conflicts_with = "strict")]
    pub tie: bool,
    /// The exercise has a Star1 cut at a chance node (for a game with
    /// chance layers: `random:...,chance=1`).
    #[arg(long, requires = "exercise")]
    pub star1_cut: bool,
    /// Write the student's version: the tree without its answer key.
    #[arg(long, requires = "exercise")]
    pub blank: bool,
    /// The answer key's search cuts only when the bound is strictly passed.
    #[arg(long, requires = "exercise")]
    pub strict: bool,
    /// The answer key's search clamps values to the window (fail-hard).
    #[arg(long, requires = "exercise")]
    pub fail_hard: bool,
    /// Write N exercises, pairwise different trees, each from the seed
    /// after the one before: to standard output one after the other, or
    /// with `--output DIR` one file each, `exercise-SEED.tree` (at most
    /// 1000).
    #[arg(long, value_name = "N", default_value_t = 1, requires = "exercise",
          value_parser = clap::value_parser!(u64).range(1..=MOST_EXERCISES))]
    pub count: u64,
    /// How many seeds to try before giving up.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 10_000,
        requires = "exercise"
    )]
    pub tries: u64,
}

/// Refuses a game too large for an exercise, before any candidate is
/// generated.
fn check_size(game: &GameSpec) -> Result<(), CliError> {
    let bound = game.node_bound();
    if bound <= EXERCISE_NODES_UP_TO {
        return Ok(());
    }
    let size = match bound {
        u64::MAX => "more than 2^64".to_string(),
        n => format!("up to {n}"),
    };
    Err(CliError::BadInput(format!(
        "{game}: too large for an exercise ({size} nodes; an exercise, solved by hand, \
         has at most {EXERCISE_NODES_UP_TO} nodes): lower the branching or the depth"
    )))
}

/// An exercise found: the seed that gave it and its text.
pub(super) struct Exercise {
    /// The game actually written (its seed is the one that met the
    /// constraints).
    pub game: GameSpec,
    /// The tree file, with the answer key unless `--blank`.
    pub text: String,
    /// The tree alone, as written.
    pub(super) tree: String,
}

impl ExerciseArgs {
    fn options(&self) -> Options {
        Options {
            strict: self.strict,
            fail_hard: self.fail_hard,
            ..Options::default()
        }
    }

    /// What the constraints ask, in words, for messages.
    fn wanted(&self) -> String {
        let mut wanted = Vec::new();
        if let Some(n) = self.min_cuts {
            wanted.push(format!("at least {n} cuts"));
        }
        if self.deep_cut {
            wanted.push("a deep cut".to_string());
        }
        if self.tie {
            wanted.push("a cut on a tie".to_string());
        }
        if self.star1_cut {
            wanted.push("a Star1 cut".to_string());
        }
        match wanted.is_empty() {
            true => "no constraint".to_string(),
            false => wanted.join(", "),
        }
    }

    /// Whether one search's trace meets every constraint.
    fn met_by(&self, cutoffs: u64, trace: &Trace<NodeId>) -> bool {
        let enough = self.min_cuts.is_none_or(|n| cutoffs >= n);
        let deep = !self.deep_cut || trace.cuts().any(|c| c.deep);
        let tie = !self.tie || trace.cuts().any(|c| c.value == c.threshold);
        let star1 = !self.star1_cut
            || trace
                .cuts()
                .any(|c| c.chance.is_some_and(|c| c.method == StarMethod::Star1));
        enough && deep && tie && star1
    }

    /// The options that shape an exercise and its key, as written on the
    /// command line, for the header that says how to make it again. A blank
    /// exercise's header leaves `--blank` out: it makes the keyed version,
    /// the same tree.
    pub(super) fn flags(&self) -> String {
        let mut flags = vec!["--exercise".to_string()];
        if let Some(n) = self.min_cuts {
            flags.push(format!("--min-cuts {n}"));
        }
        for (set, flag) in [
            (self.deep_cut, "--deep-cut"),
            (self.tie, "--tie"),
            (self.star1_cut, "--star1-cut"),
            (self.strict, "--strict"),
            (self.fail_hard, "--fail-hard"),
        ] {
            if set {
                flags.push(flag.to_string());
            }
        }
        flags.join(" ")
    }

    /// `count` exercises, pairwise different trees: each found by
    /// [`ExerciseArgs::find`] from the seed after the one before, a tree
    /// already found skipped.
    pub(super) fn find_many(
        &self,
        game: &GameSpec,
        count: u64,
        write: impl Fn(&GameSpec) -> Result<String, CliError>,
        header: impl Fn(&GameSpec) -> String,
    ) -> Result<Vec<Exercise>, CliError> {
        let mut found: Vec<Exercise> = Vec::new();
        let mut trees: std::collections::HashSet<String> = std::collections::HashSet::new();
        let mut start = game.clone();
        while (found.len() as u64) < count {
            let exercise = self.find(
                &start,
                |g| {
                    let text = write(g)?;
                    // A tree already found counts as not meeting the constraints.
                    Ok((!trees.contains(&text)).then_some(text))
                },
                &header,
            )?;
            let GameSpec::Random(mut next) = exercise.game.clone() else {
                unreachable!("exercises are random games");
            };
            trees.insert(exercise.tree.clone());
            next.seed = next.seed.wrapping_add(1);
            start = GameSpec::Random(next);
            found.push(exercise);
        }
        Ok(found)
    }

    /// Tries seeds from `game`'s own, writing each candidate with `write`
    /// (`None` to skip it), until one meets the constraints; `header` gives
    /// the first line's command for the seed found.
    pub(super) fn find(
        &self,
        game: &GameSpec,
        write: impl Fn(&GameSpec) -> Result<Option<String>, CliError>,
        header: impl Fn(&GameSpec) -> String,
    ) -> Result<Exercise, CliError> {
        let GameSpec::Random(spec) = game else {
            return Err(CliError::BadInput(format!(
                "{game}: --exercise applies to random games only"
            )));
        };
        check_size(game)?;
        if self.deep_cut && spec.depth < 4 {
            return Err(CliError::BadInput(format!(
                "{game}: a deep cut needs a depth of 4 or more (a bound from a great-grandparent)"
            )));
        }
        for offset in 0..self.tries {
            let mut candidate = *spec;
            candidate.seed = spec.seed.wrapping_add(offset);
            let candidate = GameSpec::Random(candidate);
            let Some(tree) = write(&candidate)? else {
                continue;
            };
            if let Some(text) = self.try_one(&candidate, &tree, &header(&candidate))? {
                return Ok(Exercise {
                    game: candidate,
                    text,
                    tree,
                });
            }
        }
        Err(CliError::BadInput(format!(
            "{game}: no seed among {} tried gives {}; try a larger tree or fewer constraints",
            self.tries,
            self.wanted()
        )))
    }

    /// The exercise's text if the tree in `text` meets the constraints,
    /// after a first line `# COMMAND`.
    fn try_one(
        &self,
        game: &GameSpec,
        text: &str,
        command: &str,
    ) -> Result<Option<String>, CliError> {
        let name = game.to_string();
        let tree = syntax::parse(&name, text)
            .map_err(|e| CliError::BadInput(format!("{name}: generated text unreadable: {e}")))?;
        let mut trace = Trace::new();
        let result = search(&tree, Algorithm::AlphaBeta, self.options(), &mut trace)
            .map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
        if !self.met_by(result.stats.cutoffs, &trace) {
            return Ok(None);
        }
        let mut exercise = format!("# {command}\n{text}");
        if !self.blank {
            exercise.push('\n');
            // The key `gametree key` writes: every question, no points.
            let claims = answer_key(&tree, &result, &trace);
            exercise.push_str(&rubric_lines(&claims, &QuestionKind::ALL, |_| None));
        }
        Ok(Some(exercise))
    }
}
