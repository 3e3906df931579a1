//! `gametree solve`.

use std::io::Write;

use clap::Args;

use super::input::{Input, read_tree};
use super::stats::RunStats;
use super::{CliError, SearchArgs};
use crate::report::SolveReport;
use crate::search::{Algorithm, Comparison, SearchResult, search};
use crate::stack::with_stack_for_depth;
use crate::trace::{CutLog, NoRecorder};
use crate::tree::NodeId;

/// How many cuts and pruned nodes the text report lists before it counts.
const TEXT_LIST_LIMIT: usize = 20;

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

/// Solves the tree and prints the report.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut input = read_tree(&args.search)?;
    args.search.start_threads(input.tree.depth())?;
    let mut cuts = CutLog::default();
    let result = match args.search.records() {
        true => input.search(&args.search, &mut cuts)?,
        false => input.search(&args.search, &mut NoRecorder)?,
    };
    let stats = args
        .stats
        .then(|| RunStats::new(&input, result.stats.nodes_visited));
    let comparison = match args.stats && compares(&args.search) {
        true => Some(compare(&input, &args.search, &result)?),
        false => None,
    };
    let limit = (!args.json).then_some(TEXT_LIST_LIMIT);
    let options = args.search.options();
    let mut report = SolveReport::new(&input.tree, &result, &cuts.cuts, options, limit);
    if !args.search.records() {
        report = report.without_cut_list(UNRECORDED);
    }
    if args.json {
        let mut json = serde_json::to_value(&report).map_err(std::io::Error::from)?;
        if let Some(stats) = stats {
            json["run"] = serde_json::to_value(stats).map_err(std::io::Error::from)?;
        }
        if let Some(comparison) = comparison {
            json["comparison"] = serde_json::to_value(comparison).map_err(std::io::Error::from)?;
        }
        serde_json::to_writer_pretty(&mut *out, &json).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        out.write_all(report.to_text().as_bytes())?;
        if let Some(stats) = stats {
            out.write_all(stats.to_text().as_bytes())?;
        }
        if let Some(comparison) = comparison {
            out.write_all(comparison.to_text().as_bytes())?;
        }
    }
    Ok(())
}

/// Why a parallel search on several threads lists no cuts.
const UNRECORDED: &str = "the parallel search records them only with --threads 1";

/// Whether `--stats` compares the search with plain alpha-beta: for the
/// parallel search (its overhead) and for ordering or a depth limit (what
/// they saved).
fn compares(args: &SearchArgs) -> bool {
    args.algorithm() == Algorithm::Parallel || args.options().orders_or_limits()
}

/// Searches the tree again with plain sequential alpha-beta and returns its
/// counts beside `result`'s.
fn compare(
    input: &Input,
    args: &SearchArgs,
    result: &SearchResult<NodeId>,
) -> Result<Comparison, CliError> {
    let tree = &input.tree;
    let options = args.options().baseline();
    let baseline = with_stack_for_depth(tree.depth(), || {
        search(tree, Algorithm::AlphaBeta, options, &mut NoRecorder)
    })
    .map_err(|e| input.error(e.location(), &e.to_string()))?;
    Ok(Comparison {
        baseline: baseline.stats,
        search: result.stats,
    })
}
