//! `gametree solve`.

use std::io::Write;

use clap::Args;

use super::args::Source;
use super::args::{ParallelArgs, SimulateArgs};
use super::input::{Input, read_tree, search_timed};
use super::stats::{RunStats, SearchStats};
use super::{CliError, SearchArgs};
use gametree::games::{GameSpec, GameVisitor};
use gametree::report::{SolveExtras, SolveReport, simulation_text};
use gametree::search::{
    Algorithm, Comparison, SearchError, SearchResult, SimulationSummary, baseline, simulate,
};
use gametree::trace::{Cut, CutLog, NoRecorder, Trace};
use gametree::tree::GameTree;

/// How many cuts and pruned nodes the text report lists before it counts.
const TEXT_LIST_LIMIT: usize = 20;

/// Generated games of more nodes than this are solved without recording
/// their cuts: a billion-leaf game has millions of cuts and pruned subtrees
/// far too large to list.
pub(super) const LIST_CUTS_UP_TO: u64 = 1_000_000;

/// Arguments of `gametree solve`.
#[derive(Clone, Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Print a JSON object instead of text.
    #[arg(long, help_heading = "Output")]
    json: bool,
    /// Also print the time of each phase, throughput and peak memory.
    #[arg(long, help_heading = "Output")]
    stats: bool,
    /// For a CS188 case: print the `.solution` file its autograder would
    /// expect of this search (the root's action, the states generated).
    #[arg(long, help_heading = "Output", conflicts_with_all = ["json", "stats"])]
    cs188_solution: bool,
    #[command(flatten)]
    pub(super) parallel: ParallelArgs,
    #[command(flatten)]
    pub(super) simulate: SimulateArgs,
}

/// Solves the tree or game and prints the report.
pub(super) fn run(args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    args.simulate.processors(args.search.algorithm())?;
    match args.search.source()? {
        Source::File(file) => solve_file(file, args, out),
        Source::Game(game) => game.visit(SolveGame { game, args, out }),
    }
}

fn solve_file(file: &str, args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    solve_input(read_tree(file, &args.search)?, args, out)
}

/// Solves a tree file already read (by `solve`, or by `serve` from a
/// request) and prints the report.
pub(super) fn solve_input(
    mut input: Input,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if args.cs188_solution {
        return cs188_solution(&mut input, args, out);
    }
    let search = reported_search(args);
    let mut cuts = cut_log(&search);
    let recorded = search.records();
    let result = match recorded {
        true => input.search(&search, &mut cuts)?,
        false => input.search(&search, &mut NoRecorder)?,
    };
    let stats = args
        .stats
        .then(|| RunStats::new(&input, result.stats.nodes_visited));
    let stats = stats.map(|s| (s.to_text(), serde_json::to_value(s)));
    let tree = &input.tree;
    let failed = |e: SearchError| input.error(e.location(), &super::search_message(&e));
    let extras = Extras {
        stats,
        comparison: compare_if_asked(tree, args, &result).map_err(failed)?,
        simulations: simulations(tree, args).map_err(failed)?,
    };
    let cuts = cuts.settled();
    let listed = Listed {
        cuts: recorded.then_some(&cuts[..]),
        note: unrecorded_note(),
    };
    print(tree, &result, listed, extras, args, out)
}

/// Prints the `.solution` of a CS188 case, from the trace of the search:
/// the nodes it entered or evaluated.
fn cs188_solution(
    input: &mut Input,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let Some(case) = input.case.take() else {
        return Err(CliError::BadInput(format!(
            "{}: --cs188-solution needs a CS188 case (a `.test` file, or --from cs188)",
            input.name
        )));
    };
    let mut trace = Trace::new();
    let result = input.search(&args.search, &mut trace)?;
    let generated: Vec<_> = trace.visited().chain(trace.leaves()).collect();
    let solution = case.solution(&input.tree, result.best_move, &generated);
    out.write_all(solution.as_bytes())?;
    Ok(())
}

/// The search the report shows: the one asked for; with `--simulate`,
/// sequential alpha-beta with the same options, the baseline the
/// simulation measures the parallel search against. The parallel search
/// itself does not run then: its counts differ from run to run, and the
/// report of a simulation shows only what every run shows.
fn reported_search(args: &SolveArgs) -> SearchArgs {
    match args.simulate.simulate.is_empty() {
        true => args.search.clone(),
        false => SearchArgs {
            algo: Some(Algorithm::AlphaBeta),
            ..args.search.clone()
        },
    }
}

/// The log of the cuts a search makes: keeping the nodes visited too when
/// the search may visit a node more than once, so that its cuts can be
/// settled (a node a cut names and a later search visits is not pruned).
fn cut_log<N>(search: &SearchArgs) -> CutLog<N> {
    match search.algorithm().revisits(&search.options()) {
        true => CutLog::keeping_visits(),
        false => CutLog::default(),
    }
}

/// Solving a generated game.
struct SolveGame<'a, W> {
    game: &'a GameSpec,
    args: &'a SolveArgs,
    out: &'a mut W,
}

impl<W: Write> GameVisitor for SolveGame<'_, W> {
    type Output = Result<(), CliError>;

    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync + std::hash::Hash,
    {
        let name = self.game.to_string();
        let args = &reported_search(self.args);
        let failed =
            |e: SearchError| CliError::BadInput(format!("{name}: {}", super::search_message(&e)));
        let small = self.game.node_bound() <= LIST_CUTS_UP_TO;
        let (result, cuts, time) = if small && args.records() {
            let mut log = cut_log(args);
            let (result, time) = search_timed(tree, &name, args, &mut log);
            (result.map_err(failed)?, Some(log.settled()), time)
        } else {
            let (result, time) = search_timed(tree, &name, args, &mut NoRecorder);
            (result.map_err(failed)?, None, time)
        };
        let stats = self
            .args
            .stats
            .then(|| SearchStats::new(time, result.stats.nodes_visited));
        let stats = stats.map(|s| (s.to_text(), serde_json::to_value(s)));
        let extras = Extras {
            stats,
            comparison: compare_if_asked(tree, self.args, &result).map_err(failed)?,
            simulations: simulations(tree, self.args).map_err(failed)?,
        };
        let listed = Listed {
            cuts: cuts.as_deref(),
            note: match small {
                true => unrecorded_note(),
                false => unlisted_note(),
            },
        };
        print(tree, &result, listed, extras, self.args, self.out)
    }
}

/// The cuts to list, or `None` and the note that says why there are none.
struct Listed<'a, N> {
    cuts: Option<&'a [Cut<N>]>,
    note: String,
}

/// What the report adds to the search's own: `--stats`'s figures (text
/// and JSON), its comparison with plain alpha-beta, and `--simulate`'s.
struct Extras {
    stats: Option<(String, serde_json::Result<serde_json::Value>)>,
    comparison: Option<Comparison>,
    simulations: Vec<SimulationSummary>,
}

/// The parallel search simulated on each number of processors
/// `--simulate` lists (none without it).
fn simulations<T>(tree: &T, args: &SolveArgs) -> Result<Vec<SimulationSummary>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    let options = args.search.options();
    let processors = args.simulate.simulate.iter().map(|&p| usize::from(p));
    processors
        .map(|p| simulate(tree, options, p, &mut NoRecorder).map(|s| s.summary()))
        .collect()
}

/// Whether `--stats` compares the search with plain alpha-beta: for the
/// parallel search (its overhead) and for ordering or a depth limit (what
/// they saved), not under `--simulate`, whose report is that baseline's
/// own. Then searches again with plain sequential alpha-beta and
/// returns its counts beside `result`'s.
fn compare_if_asked<T>(
    tree: &T,
    args: &SolveArgs,
    result: &SearchResult<T::Node>,
) -> Result<Option<Comparison>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    let search_args = &args.search;
    let parallel = search_args.algorithm() == Algorithm::Parallel;
    let simulated = !args.simulate.simulate.is_empty();
    if !args.stats || simulated || !(parallel || search_args.options().orders_or_limits()) {
        return Ok(None);
    }
    let options = search_args.options();
    let baseline = baseline(tree, options)?;
    Ok(Some(Comparison {
        baseline,
        search: result.stats,
    }))
}

/// Prints the report; `cuts` is `None` when they were not recorded.
fn print<T: GameTree>(
    tree: &T,
    result: &SearchResult<T::Node>,
    listed: Listed<'_, T::Node>,
    extras: Extras,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let Extras {
        stats,
        comparison,
        simulations,
    } = extras;
    let cuts = listed.cuts;
    let limit = (!args.json).then_some(TEXT_LIST_LIMIT);
    let options = args.search.options();
    let mut report = match cuts {
        Some(cuts) => SolveReport::new(tree, result, cuts, options, limit),
        None => SolveReport::unlisted(tree, result, listed.note, limit),
    };
    if !simulations.is_empty() {
        report = report.as_baseline_of(Algorithm::Parallel);
    }
    if args.json {
        let extras = SolveExtras {
            run: stats
                .map(|(_, json)| json)
                .transpose()
                .map_err(std::io::Error::from)?,
            comparison,
            simulations,
        };
        let json = report.to_json(&extras).map_err(std::io::Error::from)?;
        serde_json::to_writer_pretty(&mut *out, &json).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        out.write_all(report.to_text().as_bytes())?;
        if let Some((stats, _)) = stats {
            out.write_all(stats.as_bytes())?;
        }
        if let Some(comparison) = comparison {
            out.write_all(comparison.to_text().as_bytes())?;
        }
        out.write_all(simulation_text(&simulations).as_bytes())?;
    }
    Ok(())
}

/// The note that replaces the lists of cuts and pruned nodes.
fn unlisted_note() -> String {
    format!(
        "cuts and pruned nodes: not listed for a game of more than {LIST_CUTS_UP_TO} nodes \
         (write it with `gametree gen` and solve the file to list them)"
    )
}

/// The note for a parallel search on several threads, which records no
/// cuts.
fn unrecorded_note() -> String {
    "cuts and pruned nodes: not listed, the parallel search records them only \
     with --threads 1 --young-brothers full"
        .to_string()
}
