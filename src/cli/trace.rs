//! `gametree trace`.

use std::io::Write;

use clap::Args;

use super::input::read_tree;
use super::{CliError, SearchArgs};
use crate::report::{trace_json, trace_lines};
use crate::trace::Trace;

/// Arguments of `gametree trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Print the events as a JSON array instead of numbered lines.
    #[arg(long)]
    json: bool,
}

/// Searches the tree and prints every step.
pub fn run(args: &TraceArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut input = read_tree(&args.search)?;
    args.search.start_threads(input.tree.depth())?;
    let mut trace = Trace::new();
    input.search(&args.search, &mut trace)?;
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &trace_json(&input.tree, &trace))
            .map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    let lines = trace_lines(&input.tree, &trace, args.search.strict);
    let width = lines.len().to_string().len();
    for (number, line) in lines.iter().enumerate() {
        writeln!(out, "{:>width$}. {line}", number + 1)?;
    }
    Ok(())
}
