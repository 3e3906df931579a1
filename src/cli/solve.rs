//! `gametree solve`.

use std::io::Write;

use clap::Args;

use super::args::Source;
use super::input::{read_tree, search_timed};
use super::stats::{RunStats, SearchStats};
use super::{CliError, SearchArgs};
use crate::games::{GameSpec, GameVisitor};
use crate::report::SolveReport;
use crate::search::SearchResult;
use crate::trace::{Cut, CutLog, NoRecorder};
use crate::tree::GameTree;

/// How many cuts and pruned nodes the text report lists before it counts.
const TEXT_LIST_LIMIT: usize = 20;

/// Generated games of more nodes than this are solved without recording
/// their cuts: a billion-leaf game has millions of cuts and pruned subtrees
/// far too large to list.
pub const LIST_CUTS_UP_TO: u64 = 1_000_000;

/// Arguments of `gametree solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Print a JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also print the time of each phase, throughput and peak memory.
    #[arg(long)]
    stats: bool,
}

/// Solves the tree or game and prints the report.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    match args.search.source()? {
        Source::File(file) => solve_file(file, args, out),
        Source::Game(game) => game.visit(SolveGame { game, args, out }),
    }
}

fn solve_file(file: &str, args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut input = read_tree(file, &args.search)?;
    let mut cuts = CutLog::default();
    let result = input.search(&args.search, &mut cuts)?;
    let stats = args
        .stats
        .then(|| RunStats::new(&input, result.stats.nodes_visited));
    let stats = stats.map(|s| (s.to_text(), serde_json::to_value(s)));
    print(&input.tree, &result, Some(&cuts.cuts), stats, args, out)
}

/// Solving a generated game.
struct SolveGame<'a, W> {
    game: &'a GameSpec,
    args: &'a SolveArgs,
    out: &'a mut W,
}

impl<W: Write> GameVisitor for SolveGame<'_, W> {
    type Output = Result<(), CliError>;

    fn visit<T>(self, tree: &T, depth: usize) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
    {
        let name = self.game.to_string();
        let args = &self.args.search;
        let failed = |e: crate::search::SearchError| CliError::BadInput(format!("{name}: {e}"));
        let (result, cuts, time) = if self.game.node_bound() <= LIST_CUTS_UP_TO {
            let mut log = CutLog::default();
            let (result, time) = search_timed(tree, depth, &name, args, &mut log);
            (result.map_err(failed)?, Some(log.cuts), time)
        } else {
            let (result, time) = search_timed(tree, depth, &name, args, &mut NoRecorder);
            (result.map_err(failed)?, None, time)
        };
        let stats = self
            .args
            .stats
            .then(|| SearchStats::new(time, result.stats.nodes_visited));
        let stats = stats.map(|s| (s.to_text(), serde_json::to_value(s)));
        print(tree, &result, cuts.as_deref(), stats, self.args, self.out)
    }
}

/// Prints the report; `cuts` is `None` when they were not recorded.
fn print<T: GameTree>(
    tree: &T,
    result: &SearchResult<T::Node>,
    cuts: Option<&[Cut<T::Node>]>,
    stats: Option<(String, serde_json::Result<serde_json::Value>)>,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let limit = (!args.json).then_some(TEXT_LIST_LIMIT);
    let options = args.search.options();
    let report = SolveReport::new(tree, result, cuts.unwrap_or_default(), options, limit);
    if args.json {
        let mut json = serde_json::to_value(&report).map_err(std::io::Error::from)?;
        if cuts.is_none() {
            unlisted_json(&mut json, result);
        }
        if let Some((_, stats)) = stats {
            json["run"] = stats.map_err(std::io::Error::from)?;
        }
        serde_json::to_writer_pretty(&mut *out, &json).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        let text = report.to_text();
        match cuts {
            Some(_) => out.write_all(text.as_bytes())?,
            None => out.write_all(unlisted_text(&text).as_bytes())?,
        }
        if let Some((stats, _)) = stats {
            out.write_all(stats.as_bytes())?;
        }
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

/// The text report without its (empty) pruned list, and the note instead.
fn unlisted_text(text: &str) -> String {
    let mut out: String = text
        .lines()
        .filter(|line| !line.starts_with("pruned:"))
        .flat_map(|line| [line, "\n"])
        .collect();
    out.push_str(&unlisted_note());
    out.push('\n');
    out
}

/// The JSON report with `null` lists and counts, and the cut count from the
/// statistics.
fn unlisted_json<N>(json: &mut serde_json::Value, result: &SearchResult<N>) {
    json["cuts"] = serde_json::Value::Null;
    json["pruned"] = serde_json::Value::Null;
    json["pruned_count"] = serde_json::Value::Null;
    json["cut_count"] = result.stats.cutoffs.into();
    json["note"] = unlisted_note().into();
}
