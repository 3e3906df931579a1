//! `gametree key`: the answer key of any tree file, as `expect` lines.

use std::io::Write;

use clap::{Args, ValueEnum};

use super::input::read_tree;
use super::{CliError, SearchArgs};
use crate::check::{QuestionKind, answer_key, rubric_lines};
use crate::trace::Trace;

/// Arguments of `gametree key`.
#[derive(Debug, Args)]
pub struct KeyArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// The questions to ask, comma-separated (all by default).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "KINDS")]
    only: Vec<Kind>,
    /// What a kind of question is worth, as KIND=POINTS, comma-separated
    /// (`--points value=2,pruned=3`); 1 by default.
    #[arg(long, value_delimiter = ',', value_name = "KIND=POINTS", value_parser = parse_points)]
    points: Vec<(Kind, f64)>,
}

/// The `--only` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// The root's value.
    Value,
    /// The best move.
    Best,
    /// The value or bound of each interior node.
    Nodes,
    /// The window each interior node is entered with.
    Windows,
    /// Each cut and its kind.
    Cuts,
    /// The roots of the pruned subtrees.
    Pruned,
    /// The leaves evaluated, in order.
    Leaves,
    /// How many leaves are evaluated.
    Evaluated,
}

impl From<Kind> for QuestionKind {
    fn from(kind: Kind) -> QuestionKind {
        match kind {
            Kind::Value => QuestionKind::Value,
            Kind::Best => QuestionKind::Best,
            Kind::Nodes => QuestionKind::Nodes,
            Kind::Windows => QuestionKind::Windows,
            Kind::Cuts => QuestionKind::Cuts,
            Kind::Pruned => QuestionKind::Pruned,
            Kind::Leaves => QuestionKind::Leaves,
            Kind::Evaluated => QuestionKind::Evaluated,
        }
    }
}

fn parse_points(text: &str) -> Result<(Kind, f64), String> {
    let (kind, points) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}`: write KIND=POINTS, as in value=2"))?;
    let kind = Kind::from_str(kind.trim(), true)?;
    let points: f64 = points
        .trim()
        .parse()
        .map_err(|_| format!("`{points}`: not a number of points"))?;
    match points.is_finite() && points >= 0.0 {
        true => Ok((kind, points)),
        false => Err(format!("`{points}`: points are a number of at least 0")),
    }
}

/// Searches the tree file and prints its answer key, after a comment
/// saying which search it is the key of.
pub fn run(args: &KeyArgs, out: &mut impl Write) -> Result<(), CliError> {
    let Some(file) = &args.search.file else {
        return Err(CliError::BadInput(
            "key needs a tree FILE (or - for standard input)".to_string(),
        ));
    };
    let mut input = read_tree(file, &args.search)?;
    args.search.start_threads(input.tree.depth())?;
    let mut trace = Trace::new();
    let result = input.search(&args.search, &mut trace)?;
    let claims = answer_key(&input.tree, &result, &trace);
    let only: Vec<QuestionKind> = match args.only.is_empty() {
        true => Kind::value_variants().iter().map(|k| (*k).into()).collect(),
        false => args.only.iter().map(|k| (*k).into()).collect(),
    };
    let points = |kind: QuestionKind| {
        args.points
            .iter()
            .rev()
            .find(|(k, _)| QuestionKind::from(*k) == kind)
            .map(|(_, p)| *p)
    };
    writeln!(
        out,
        "# the key of {} with {}",
        input.name,
        conventions(&args.search)
    )?;
    out.write_all(rubric_lines(&claims, &only, points).as_bytes())?;
    Ok(())
}

/// The algorithm and the conventions that change its answers, as a key's
/// header says them: `alphabeta, strict, fail-hard`.
fn conventions(search: &SearchArgs) -> String {
    let mut words = vec![search.algorithm().to_string()];
    let options = search.options();
    if options.strict {
        words.push("strict".to_string());
    }
    if options.fail_hard {
        words.push("fail-hard".to_string());
    }
    if options.order != crate::search::Order::None {
        words.push("static order".to_string());
    }
    if let Some(depth) = options.depth {
        words.push(format!("depth {depth}"));
    }
    words.join(", ")
}
