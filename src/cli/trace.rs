//! `gametree trace`.

use std::io::Write;

use clap::Args;

use super::args::Source;
use super::args::{ParallelArgs, SimulateArgs};
use super::input::{Input, read_tree, search_timed};
use super::{CliError, SearchArgs};
use gametree::games::{GameSpec, GameVisitor};
use gametree::report::{TraceForm, TraceWriter, schedule_json, schedule_lines};
use gametree::search::{SearchError, simulate};
use gametree::trace::Schedule;
use gametree::tree::GameTree;

/// The largest generated game `trace` tells (in nodes, as
/// [`GameSpec::node_bound`] bounds them): a trace has a few lines a node.
pub(super) const TRACE_GAMES_UP_TO: u64 = 1_000_000;

/// Arguments of `gametree trace`.
#[derive(Clone, Debug, Args)]
pub(super) struct TraceArgs {
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Print the events as a JSON array instead of numbered lines.
    #[arg(long, help_heading = "Output")]
    json: bool,
    #[command(flatten)]
    pub(super) parallel: ParallelArgs,
    #[command(flatten)]
    simulate: SimulateArgs,
}

/// Searches the tree or game and prints every step as the search takes
/// it. `out` is written from the search's own thread, so it must be `Send`.
pub(super) fn run(args: &TraceArgs, out: &mut (impl Write + Send)) -> Result<(), CliError> {
    args.simulate.one(args.search.algorithm())?;
    match args.search.source()? {
        Source::File(file) => trace_input(&read_tree(file, &args.search)?, args, out),
        Source::Game(game) => {
            let bound = game.node_bound();
            if bound > TRACE_GAMES_UP_TO {
                return Err(CliError::BadInput(format!(
                    "{game}: too large to trace ({} nodes; trace tells games of at most \
                     {TRACE_GAMES_UP_TO} nodes): solve it, or trace a smaller one",
                    match bound {
                        u64::MAX => "more than 2^64".to_string(),
                        n => format!("up to {n}"),
                    }
                )));
            }
            game.visit(TraceGame { game, args, out })
        }
    }
}

/// Traces a tree file already read (by `trace`, or by `serve` from a
/// request).
pub(super) fn trace_input(
    input: &Input,
    args: &TraceArgs,
    out: &mut (impl Write + Send),
) -> Result<(), CliError> {
    let failed = |e: SearchError| input.error(e.location(), &super::search_message(&e));
    if args.simulate.one(args.search.algorithm())?.is_some() {
        let schedule = simulated(&input.tree, args).map_err(failed)?;
        return print_schedule(&input.tree, &schedule, args, out);
    }
    let mut writer = writer(&input.tree, args, out);
    let (result, _) = search_timed(&input.tree, &input.name, &args.search, &mut writer);
    end(writer, result.map_err(failed))
}

/// Tracing a generated game.
struct TraceGame<'a, W> {
    game: &'a GameSpec,
    args: &'a TraceArgs,
    out: &'a mut W,
}

impl<W: Write + Send> GameVisitor for TraceGame<'_, W> {
    type Output = Result<(), CliError>;

    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
    {
        let name = self.game.to_string();
        let failed =
            |e: SearchError| CliError::BadInput(format!("{name}: {}", super::search_message(&e)));
        if self
            .args
            .simulate
            .one(self.args.search.algorithm())?
            .is_some()
        {
            let schedule = simulated(tree, self.args).map_err(failed)?;
            return print_schedule(tree, &schedule, self.args, self.out);
        }
        let mut writer = writer(tree, self.args, self.out);
        let (result, _) = search_timed(tree, &name, &self.args.search, &mut writer);
        end(writer, result.map_err(failed))
    }
}

/// The recorder that prints the trace while the search runs.
fn writer<'t, T: GameTree, W: Write>(
    tree: &'t T,
    args: &TraceArgs,
    out: W,
) -> TraceWriter<'t, T, W> {
    let form = if args.json {
        TraceForm::Json
    } else {
        TraceForm::Lines
    };
    TraceWriter::new(tree, args.search.options().strict, form, out)
}

/// Ends the trace as the search ended: written whole, or abandoned on an
/// error (a JSON array already begun is closed).
fn end<T: GameTree, W: Write, V>(
    writer: TraceWriter<'_, T, W>,
    searched: Result<V, CliError>,
) -> Result<(), CliError> {
    match searched {
        Ok(_) => Ok(writer.finish()?),
        Err(error) => {
            writer.abandon()?;
            Err(error)
        }
    }
}

/// The schedule of the parallel search simulated on `--simulate P`
/// processors.
fn simulated<T>(tree: &T, args: &TraceArgs) -> Result<Schedule<T::Node>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    let processors = args
        .simulate
        .simulate
        .first()
        .map_or(1, |&p| usize::from(p));
    let mut schedule = Schedule::new();
    simulate(tree, args.search.options(), processors, &mut schedule)?;
    Ok(schedule)
}

/// Prints a simulated schedule: one line an act, or JSON.
fn print_schedule<T: GameTree>(
    tree: &T,
    schedule: &Schedule<T::Node>,
    args: &TraceArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &schedule_json(tree, schedule))
            .map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    for line in schedule_lines(tree, schedule, args.search.options().strict) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
