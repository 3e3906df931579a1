//! `gametree solve`.

use std::io::Write;

use clap::Args;

use super::input::read_tree;
use super::{CliError, SearchArgs};
use crate::report::SolveReport;
use crate::trace::CutLog;

/// Arguments of `gametree solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Print a JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Solves the tree and prints the report.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> Result<(), CliError> {
    let input = read_tree(&args.search.file)?;
    let tree = &input.tree;
    let mut cuts = CutLog::default();
    let result = input.search(&args.search, &mut cuts)?;
    let report = SolveReport::new(tree, &result, &cuts.cuts, args.search.options());
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        out.write_all(report.to_text().as_bytes())?;
    }
    Ok(())
}
