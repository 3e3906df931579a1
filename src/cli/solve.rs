//! `gametree solve`.

use std::io::Write;

use clap::Args;

use super::input::read_tree;
use super::stats::RunStats;
use super::{CliError, SearchArgs};
use crate::report::SolveReport;
use crate::trace::CutLog;

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
    let mut cuts = CutLog::default();
    let result = input.search(&args.search, &mut cuts)?;
    let stats = args
        .stats
        .then(|| RunStats::new(&input, result.stats.nodes_visited));
    let limit = (!args.json).then_some(TEXT_LIST_LIMIT);
    let options = args.search.options();
    let report = SolveReport::new(&input.tree, &result, &cuts.cuts, options, limit);
    if args.json {
        let mut json = serde_json::to_value(&report).map_err(std::io::Error::from)?;
        if let Some(stats) = stats {
            json["run"] = serde_json::to_value(stats).map_err(std::io::Error::from)?;
        }
        serde_json::to_writer_pretty(&mut *out, &json).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        out.write_all(report.to_text().as_bytes())?;
        if let Some(stats) = stats {
            out.write_all(stats.to_text().as_bytes())?;
        }
    }
    Ok(())
}
