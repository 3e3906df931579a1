//! `gametree key`: the answer key of any tree file, as `expect` lines.

use std::io::Write;

use clap::{Args, ValueEnum};

use super::args::ParallelArgs;
use super::input::read_tree;
use super::{CliError, SearchArgs};
use gametree::check::{QuestionKind, answer_key, key_header, rubric_lines};
use gametree::trace::Trace;

/// Arguments of `gametree key`.
#[derive(Debug, Args)]
pub(super) struct KeyArgs {
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// The questions to ask, comma-separated (all by default).
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "KINDS",
        help_heading = "Key"
    )]
    only: Vec<QuestionKind>,
    /// What a kind of question is worth, as KIND=POINTS, comma-separated
    /// (`--points value=2,pruned=3`); 1 by default.
    #[arg(long, value_delimiter = ',', value_name = "KIND=POINTS", value_parser = parse_points, help_heading = "Key")]
    points: Vec<(QuestionKind, f64)>,
    #[command(flatten)]
    pub(super) parallel: ParallelArgs,
}

fn parse_points(text: &str) -> Result<(QuestionKind, f64), String> {
    let (kind, points) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}`: write KIND=POINTS, as in value=2"))?;
    let kind = QuestionKind::from_str(kind.trim(), true)?;
    let points: f64 = points
        .trim()
        .parse()
        .map_err(|_| format!("`{points}`: not a number of points"))?;
    match gametree::check::points_worth(points) {
        Ok(points) => Ok((kind, points)),
        Err(why) => Err(format!("`{points}`: {why}")),
    }
}

/// Searches the tree file and prints its answer key, after a comment
/// saying which search it is the key of.
pub(super) fn run(args: &KeyArgs, out: &mut impl Write) -> Result<(), CliError> {
    let Some(file) = &args.search.file else {
        return Err(CliError::BadInput(
            "key needs a tree FILE (or - for standard input)".to_string(),
        ));
    };
    let mut input = read_tree(file, &args.search)?;
    let mut trace = Trace::new();
    let result = input.search(&args.search, &mut trace)?;
    let claims = answer_key(&input.tree, &result, &trace);
    let only: &[QuestionKind] = match args.only.is_empty() {
        true => &QuestionKind::ALL,
        false => &args.only,
    };
    let points = |kind: QuestionKind| {
        args.points
            .iter()
            .rev()
            .find(|(k, _)| *k == kind)
            .map(|(_, p)| *p)
    };
    let header = key_header(&input.name, args.search.algorithm(), &args.search.options());
    writeln!(out, "{header}")?;
    out.write_all(rubric_lines(&claims, only, points).as_bytes())?;
    Ok(())
}
