//! `gametree compare`: the algorithms side by side on one tree, against the
//! smallest proof of its value, as a table, JSON, CSV or a bar chart.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::args::{FormatArgs, Source};
use super::input::read_tree;
use super::{CliError, SearchArgs};
use gametree::games::GameSpec;
use gametree::output::write_atomically;
use gametree::render::{DiagramFormat, bar_chart};
use gametree::report::{CompareTable, Comparing, compare};
use gametree::search::{Algorithm, Order};
use gametree::value::{LeafBounds, Value};

/// Arguments of `gametree compare`.
#[derive(Debug, Args)]
pub(super) struct CompareArgs {
    /// The tree file; `-` reads standard input.
    #[arg(conflicts_with = "game")]
    file: Option<String>,
    /// A generated game instead of a file (as `solve --game`).
    #[arg(long, value_name = "SPEC", help_heading = "Input", value_parser = super::args::GameSpecParser)]
    game: Option<GameSpec>,
    /// Refuse a tree of more nodes than this, before building it.
    #[arg(long, value_name = "N", help_heading = "Input")]
    max_nodes: Option<usize>,
    #[command(flatten)]
    format_args: FormatArgs,
    /// The algorithms, comma-separated [default: every sequential one].
    #[arg(long, value_enum, value_delimiter = ',', help_heading = "Algorithm")]
    algo: Vec<Algorithm>,
    /// Stop N plies below the root and take the static values there.
    #[arg(long, value_name = "N", help_heading = "Algorithm")]
    depth: Option<usize>,
    /// Every leaf value lies in [L, U] (Star1, Star2 below chance nodes).
    #[arg(long, value_name = "L,U", help_heading = "Algorithm", value_parser = super::args::parse_bounds)]
    bounds: Option<LeafBounds>,
    /// The aspiration window [L, U] for the algorithms that take one.
    #[arg(long, value_name = "L,U", help_heading = "Algorithm", value_parser = super::args::parse_window, allow_hyphen_values = true)]
    window: Option<gametree::trace::Window>,
    /// MTD(f)'s first guess.
    #[arg(long, value_name = "G", help_heading = "Algorithm", value_parser = super::args::parse_guess, allow_hyphen_values = true)]
    guess: Option<Value>,
    /// Cut only when the bound is strictly passed.
    #[arg(long, help_heading = "Conventions")]
    strict: bool,
    /// Clamp returned values to the window (fail-hard), where taken.
    #[arg(long, help_heading = "Conventions")]
    fail_hard: bool,
    /// The table's form.
    #[arg(long, value_enum, default_value_t = TableFormat::Text, help_heading = "Output")]
    format: TableFormat,
    /// Print the table as JSON (the same as `--format json`).
    #[arg(long, conflicts_with = "format", help_heading = "Output")]
    json: bool,
    /// Draw leaves per algorithm as bars against the smallest proof, in
    /// the format of the extension (.svg, .png, .pdf), instead of printing
    /// the table.
    #[arg(short, long, value_name = "CHART", help_heading = "Output")]
    output: Option<PathBuf>,
}

/// The `--format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum TableFormat {
    /// A table for people.
    Text,
    /// The rows and the references as JSON.
    Json,
    /// A row per algorithm, then the references.
    Csv,
}

impl CompareArgs {
    /// The search arguments the input is read with.
    fn search_args(&self) -> SearchArgs {
        SearchArgs {
            file: self.file.clone(),
            game: self.game.clone(),
            max_nodes: self.max_nodes,
            format: self.format_args.clone(),
            algo: None,
            depth: self.depth,
            order: Order::None,
            iterative: false,
            bounds: self.bounds,
            strict: self.strict,
            no_strict: false,
            fail_hard: self.fail_hard,
            window: self.window,
            guess: self.guess,
            parallel: Default::default(),
            stop: None,
        }
    }

    /// The algorithms asked for, every sequential one by default; the
    /// parallel search records no leaves to count.
    fn algorithms(&self) -> Result<Vec<Algorithm>, CliError> {
        if self.algo.contains(&Algorithm::Parallel) {
            return Err(CliError::BadInput(
                "compare runs the sequential algorithms: leave parallel out of --algo".into(),
            ));
        }
        Ok(match self.algo.is_empty() {
            true => Algorithm::ALL.to_vec(),
            false => self.algo.clone(),
        })
    }
}

/// Compares the algorithms on the tree file or the game and prints the
/// table, or draws the chart.
pub(super) fn run(args: &CompareArgs, out: &mut impl Write) -> Result<(), CliError> {
    let search = args.search_args();
    let algorithms = args.algorithms()?;
    let (name, table) = match search.source()? {
        Source::File(file) => {
            let input = read_tree(file, &search)?;
            let table = compare(&input.tree, &algorithms, search.options());
            (input.name.clone(), table)
        }
        Source::Game(game) => {
            let compared = game.visit(Comparing {
                algorithms: &algorithms,
                options: search.options(),
            });
            (game.to_string(), compared)
        }
    };
    match &args.output {
        Some(path) => write_chart(path, &name, &table),
        None => print_table(args, &table, out),
    }
}

/// Prints the table in the form asked.
fn print_table(
    args: &CompareArgs,
    table: &CompareTable,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let format = if args.json {
        TableFormat::Json
    } else {
        args.format
    };
    let text = match format {
        TableFormat::Text => table.to_text(),
        TableFormat::Csv => table.to_csv(),
        TableFormat::Json => {
            let json = serde_json::to_string_pretty(table).expect("the table is JSON");
            format!("{json}\n")
        }
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// Draws the chart into `path`, in the format of its extension.
fn write_chart(path: &std::path::Path, name: &str, table: &CompareTable) -> Result<(), CliError> {
    let shown = path.display();
    let format = DiagramFormat::from_path(path).ok_or_else(|| {
        CliError::BadInput(format!("{shown}: give the chart a .svg, .png or .pdf name"))
    })?;
    let (bars, line) = table.chart_bars();
    let title = format!("leaves evaluated on {name}");
    let bytes = bar_chart(&title, &bars, line.as_ref(), format)
        .map_err(|e| CliError::BadInput(format!("{shown}: {e}")))?;
    write_atomically(path, &bytes)
        .map_err(|e| CliError::BadInput(format!("{shown}: cannot write: {e}")))
}
