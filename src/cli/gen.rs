//! `gametree gen`: writes a generated game as a tree file.

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{GameSpecParser, is_standard_output};
use super::exercise::ExerciseArgs;
use super::practice::{GenFormat, practice_page};
use gametree::games::{
    GameSpec, GameVisitor, ValueRange, WriteOptions, WriteSummary, rescale, write_tree,
};
use gametree::output::write_atomically_with;
use gametree::tree::GameTree;
use gametree::value::Value;

/// Games of at most this many nodes are indented; larger ones are written
/// without indentation, to keep their files small.
const INDENT_UP_TO: u64 = 100_000;

/// `--values` and `--distinct` hold every leaf value in memory: games of at
/// most this many nodes.
const RESCALE_UP_TO: u64 = 10_000_000;

/// Arguments of `gametree gen`.
#[derive(Debug, Args)]
pub(super) struct GenArgs {
    /// The game to write: `random:branching=B,depth=D,seed=S[,noise=E][,order=O]`
    /// (B may be a range LOW..HIGH; O is random, best-first or worst-first),
    /// `tictactoe[:POSITION]` or `billes:n=N,k=K`.
    #[arg(long, value_name = "SPEC", value_parser = GameSpecParser)]
    pub game: GameSpec,
    /// Write the tree to FILE (a regular file replaced atomically, a device
    /// or pipe written in place; `-` is standard output) instead of
    /// standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Name the nodes A, B, C, ... in preorder (AA, AB, ... after Z).
    #[arg(long)]
    pub names: bool,
    /// Random games: leaf values in LO..HI, by a monotone transform that
    /// keeps which moves are best.
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true)]
    pub values: Option<ValueRange>,
    /// Random games: every leaf a different value (1, 2, ... without
    /// `--values`); an error when the range is too small.
    #[arg(long)]
    pub distinct: bool,
    /// Leave out static values (exercises always do, since a static value
    /// with no noise gives the answer away).
    #[arg(long)]
    pub plain: bool,
    #[command(flatten)]
    pub exercise: ExerciseArgs,
    /// With `--exercise`: tree files, or one web page holding every
    /// exercise (`--count`), each in quiz mode.
    #[arg(long, value_enum, default_value_t = GenFormat::Tree, requires = "exercise")]
    pub format: GenFormat,
}

impl GenArgs {
    fn rescales(&self) -> bool {
        self.values.is_some() || self.distinct
    }

    /// Checks the options against the game before anything is written.
    fn check(&self) -> Result<(), CliError> {
        if !self.rescales() {
            return Ok(());
        }
        if !matches!(self.game, GameSpec::Random(_)) {
            return Err(CliError::BadInput(format!(
                "{}: --values and --distinct apply to random games only",
                self.game
            )));
        }
        if self.game.node_bound() > RESCALE_UP_TO {
            return Err(CliError::BadInput(format!(
                "{}: --values and --distinct work on games of at most {RESCALE_UP_TO} nodes",
                self.game
            )));
        }
        Ok(())
    }

    fn write_options(&self) -> WriteOptions {
        let small = self.game.node_bound() <= INDENT_UP_TO;
        WriteOptions {
            names: self.names,
            // Static values are on the generated scale: rescaled leaves
            // would contradict them.
            statics: !self.plain && !self.rescales() && !self.exercise.exercise,
            indent: if small { 2 } else { 0 },
            bounds: !self.rescales(),
        }
    }
}

/// Writes the game as a tree file (or, with `--exercise`, an exercise), to
/// standard output or to `--output`.
pub(super) fn run(args: &GenArgs, out: &mut impl Write) -> Result<(), CliError> {
    args.check()?;
    if args.exercise.exercise {
        return exercises(args, out);
    }
    let leaves = rescaled_leaves(args, &args.game)?;
    emit(args, out, |out| {
        write_game(args, &args.game, leaves.as_deref(), out).map(|_| ())
    })
}

/// Writes `--count` exercises (one by default): to `out` one after the
/// other, or one file each in the `--output` folder when there are several.
fn exercises(args: &GenArgs, out: &mut impl Write) -> Result<(), CliError> {
    let exercise = &args.exercise;
    let write = |game: &GameSpec| game_text(args, game).map(Some);
    let header = |game: &GameSpec| regenerate(args, game);
    if args.format == GenFormat::Html {
        let found =
            exercise.find_many(&args.game, exercise.count, |g| game_text(args, g), header)?;
        let page = practice_page(&found, exercise.strict, exercise.fail_hard, |game| {
            regenerate(args, game)
        })?;
        return emit(args, out, |out| out.write_all(page.as_bytes()));
    }
    if exercise.count == 1 {
        let found = exercise.find(&args.game, write, header)?;
        if found.game != args.game {
            super::streams::tell(format_args!("note: {} meets the constraints", found.game));
        }
        return emit(args, out, |out| out.write_all(found.text.as_bytes()));
    }
    let found = exercise.find_many(&args.game, exercise.count, |g| game_text(args, g), header)?;
    let Some(dir) = &args.output else {
        for (at, one) in found.iter().enumerate() {
            if at > 0 {
                writeln!(out)?;
            }
            out.write_all(one.text.as_bytes())?;
        }
        return Ok(());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::BadInput(format!("{}: cannot create: {e}", dir.display())))?;
    for one in &found {
        let GameSpec::Random(spec) = &one.game else {
            unreachable!("exercises are random games");
        };
        let path = dir.join(format!("exercise-{}.tree", spec.seed));
        write_atomically_with(&path, |file| file.write_all(one.text.as_bytes()))
            .map_err(|e| CliError::BadInput(format!("{}: cannot write: {e}", path.display())))?;
    }
    Ok(())
}

/// The command that writes the exercise of `game` again, every option
/// that shapes it included: `gametree gen --game SPEC --names --values
/// 0..30 --exercise --min-cuts 3`.
fn regenerate(args: &GenArgs, game: &GameSpec) -> String {
    let mut words = vec![format!("gametree gen --game {game}")];
    if args.names {
        words.push("--names".to_string());
    }
    if let Some(values) = &args.values {
        words.push(format!("--values {values}"));
    }
    if args.distinct {
        words.push("--distinct".to_string());
    }
    words.push(args.exercise.flags());
    words.join(" ")
}

/// Sends what `write` writes to `--output` (atomically) or to `out`.
fn emit(
    args: &GenArgs,
    out: &mut impl Write,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let Some(path) = args
        .output
        .as_deref()
        .filter(|path| !is_standard_output(path))
    else {
        return Ok(write(out)?);
    };
    write_atomically_with(path, |file| write(file))
        .map_err(|e| CliError::BadInput(format!("{}: cannot write: {e}", path.display())))
}

/// The tree file of `game` as text, as the options of `args` shape it.
fn game_text(args: &GenArgs, game: &GameSpec) -> Result<String, CliError> {
    let leaves = rescaled_leaves(args, game)?;
    let mut text = Vec::new();
    write_game(args, game, leaves.as_deref(), &mut text)?;
    String::from_utf8(text).map_err(|e| CliError::BadInput(format!("{game}: {e}")))
}

/// The new leaf values of `game` when the options rescale them.
fn rescaled_leaves(args: &GenArgs, game: &GameSpec) -> Result<Option<Vec<Value>>, CliError> {
    match args.rescales() {
        true => Ok(Some(game.visit(RescaledLeaves { args, game })?)),
        false => Ok(None),
    }
}

/// Writes `game` as a tree file, with `leaves` for its leaf values when
/// given.
fn write_game(
    args: &GenArgs,
    game: &GameSpec,
    leaves: Option<&[Value]>,
    out: &mut dyn Write,
) -> std::io::Result<WriteSummary> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let summary = game.visit(WriteGame {
        options: args.write_options(),
        leaves,
        out: &mut out,
    })?;
    out.flush()?;
    Ok(summary)
}

/// Collects the leaf values and rescales them.
struct RescaledLeaves<'a> {
    args: &'a GenArgs,
    game: &'a GameSpec,
}

impl GameVisitor for RescaledLeaves<'_> {
    type Output = Result<Vec<Value>, CliError>;

    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
    {
        let mut leaves = Vec::new();
        let options = WriteOptions::default();
        write_tree(
            tree,
            &options,
            |_, value| {
                leaves.extend(value);
                value
            },
            &mut std::io::sink(),
        )?;
        rescale(&leaves, self.args.values, self.args.distinct).map_err(|e| {
            CliError::BadInput(format!(
                "{}: --distinct needs {} values for {} leaves, but {} holds only {}",
                self.game,
                e.needed,
                e.needed,
                e.range,
                e.range.len()
            ))
        })
    }
}

/// Writes the game, with new leaf values when there are some.
struct WriteGame<'a, W> {
    options: WriteOptions,
    leaves: Option<&'a [Value]>,
    out: &'a mut W,
}

impl<W: Write> GameVisitor for WriteGame<'_, W> {
    type Output = std::io::Result<WriteSummary>;

    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
    {
        let leaves = self.leaves;
        let value = |index: u64, value: Option<Value>| match leaves {
            Some(new) => new.get(index as usize).copied(),
            None => value,
        };
        write_tree(tree, &self.options, value, self.out)
    }
}
