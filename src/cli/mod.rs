//! The command line: clap arguments, one small module per subcommand, and
//! one place that turns errors into a message and an exit code.

mod args;
mod check;
mod compare;
mod convert;
mod exercise;
mod extras;
mod fit;
mod r#gen;
mod input;
mod key;
#[cfg(feature = "serve")]
mod playground;
mod practice;
mod progress;
mod render;
#[cfg(feature = "serve")]
mod serve;
mod signals;
mod solve;
mod stats;
mod streams;
mod trace;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use gametree::search::{SearchError, SearchOption, parallel_trace_refusal};

pub(crate) use args::SearchArgs;

/// Exit code when a check fails.
pub(crate) const EXIT_FAILED: u8 = 1;
/// Exit code for bad input or usage.
pub(crate) const EXIT_BAD_INPUT: u8 = 2;

/// Read, solve, explain and draw two-player game trees.
#[derive(Debug, Parser)]
#[command(name = "gametree", version, about)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve a tree: value, best move, principal variation, cuts, statistics.
    #[command(after_long_help = SOLVE_EXAMPLES)]
    Solve(solve::SolveArgs),
    /// Tell the search step by step, in the lecture's words.
    #[command(after_long_help = TRACE_EXAMPLES)]
    Trace(trace::TraceArgs),
    /// Grade answers (`expect` lines) against a key and the search, explaining failures.
    #[command(after_long_help = CHECK_EXAMPLES)]
    Check(check::CheckArgs),
    /// Compare the algorithms on one tree: leaves, interior nodes, re-searches, passes, and the smallest proof.
    #[command(after_long_help = COMPARE_EXAMPLES)]
    Compare(compare::CompareArgs),
    /// Print the answer key of a tree file: the `expect` lines of its search.
    #[command(after_long_help = KEY_EXAMPLES)]
    Key(key::KeyArgs),
    /// Write a generated game (random tree, tic-tac-toe, marbles) as a tree file.
    #[command(after_long_help = GEN_EXAMPLES)]
    Gen(r#gen::GenArgs),
    /// Draw the search as a diagram (DOT, SVG, PNG, PDF, LaTeX), frames, or a web page to step through.
    #[command(after_long_help = RENDER_EXAMPLES)]
    Render(render::RenderArgs),
    /// Convert a tree between formats: tree, JSON, Gambit .efg; CS188 cases read.
    #[command(after_long_help = CONVERT_EXAMPLES)]
    Convert(convert::ConvertArgs),
    /// Serve the playground on loopback: type a tree and see its web page; an
    /// API answers with the JSON of solve, trace and check.
    #[cfg(feature = "serve")]
    #[command(after_long_help = SERVE_EXAMPLES)]
    Serve(serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(extras::CompletionsArgs),
    /// Print a manual page (roff): `gametree man | man -l -`.
    Man(extras::ManArgs),
}

const SOLVE_EXAMPLES: &str = "Examples:
  gametree solve trees/lecture-a-to-v.tree
  gametree solve trees/lecture-a-to-v.tree --algo minimax --json
  echo '[[3 12 8] [2 4 6] [14 5 2]]' | gametree solve -
  gametree solve --game random:branching=4,depth=8,seed=1 --algo parallel --stats
  gametree solve --game random:branching=4,depth=7,seed=1 --algo parallel --simulate 1,2,4,8,16";

const TRACE_EXAMPLES: &str = "Examples:
  gametree trace trees/lecture-a-to-v.tree
  gametree trace trees/strict-tie.tree --strict --json
  gametree trace trees/parallel-lecture-beta-cuts.tree --algo parallel --simulate 2";

const CHECK_EXAMPLES: &str = "Examples:
  gametree check trees/lecture-a-to-v.tree
  gametree check trees/lecture-a-to-v.tree answers/*.answers --format csv
  gametree check --key key.answers --explain brief exam.tree alice.answers
  gametree check --format gradescope --visibility after_due_date exam.tree submission.answers";

const COMPARE_EXAMPLES: &str = "Examples:
  gametree compare trees/lecture-a-to-v.tree
  gametree compare trees/lecture-a-to-v.tree --algo alphabeta,pvs,sss --format csv
  gametree compare --game random:branching=4,depth=6,seed=1 -o chart.svg";

const KEY_EXAMPLES: &str = "Examples:
  gametree key trees/lecture-a-to-v.tree
  gametree key exam.tree --strict --only value,best,pruned,cuts --points value=2,pruned=3 > key.answers";

const GEN_EXAMPLES: &str = "Examples:
  gametree gen --game tictactoe:x...o.... -o ttt.tree
  gametree gen --exercise --game random:branching=3,depth=4,seed=7 --min-cuts 2
  gametree gen --exercise --game random:branching=3,depth=3,seed=1 --count 20 --format html -o practice.html";

#[cfg(feature = "serve")]
const SERVE_EXAMPLES: &str = "Examples:
  gametree serve                      # http://127.0.0.1:8080/
  gametree serve --port 0             # a free port, printed at start
  curl -H 'Content-Type: text/x-gametree' --data-binary @trees/lecture-a-to-v.tree \\
       'http://127.0.0.1:8080/api/solve?algo=minimax'";

const CONVERT_EXAMPLES: &str = "Examples:
  gametree convert trees/lecture-a-to-v.tree -o lecture.json
  gametree convert case.test -o case.tree
  gametree convert game.efg --to tree -o -";

const RENDER_EXAMPLES: &str = "Examples:
  gametree render trees/lecture-a-to-v.tree -o lecture.dot
  gametree render trees/lecture-a-to-v.tree --windows --provisional -o lecture.svg
  gametree render trees/deep-cut.tree --style squares --frames frames/
  gametree render trees/parallel-lecture-beta-cuts.tree --algo parallel --simulate 4 -o p4.svg
  gametree render trees/lecture-a-to-v.tree -o lecture.html --quiz";

/// Why a command failed; each maps to an exit code.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// The input is unusable: a syntax error, a missing file, `?` needed.
    #[error("{0}")]
    BadInput(String),
    /// Writing the output failed (for example a closed pipe).
    #[error("cannot write the output: {0}")]
    Output(#[from] std::io::Error),
}

/// A search error in the command line's words: where the library says
/// what the search cannot do, the message names the flags to change.
pub(crate) fn search_message(error: &SearchError) -> String {
    match error {
        SearchError::Unsupported { algorithm, option } => {
            let flag = match option {
                SearchOption::Order => "--order",
                SearchOption::Depth => "--depth",
                SearchOption::Iterative => "--iterative",
                SearchOption::FailHard => "--fail-hard",
                SearchOption::Window => "--window",
                SearchOption::WindowWithIterative => "--window with --iterative",
                SearchOption::Guess => "--guess",
            };
            format!("{algorithm} does not support {flag}")
        }
        SearchError::ParallelTrace {
            threads,
            young_brothers,
        } => parallel_trace_refusal(
            "with --threads 1 --young-brothers full",
            &format!("--threads {threads} --young-brothers {young_brothers}"),
        ),
        other => other.to_string(),
    }
}

impl CliError {
    fn exit_code(&self) -> u8 {
        match self {
            CliError::BadInput(_) | CliError::Output(_) => EXIT_BAD_INPUT,
        }
    }
}

/// Runs the command line and returns the process's exit code.
pub(crate) fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_BAD_INPUT } else { 0 });
        }
    };
    // The server stops on a signal by itself, finishing the requests under
    // way (it installs its own handler).
    #[cfg(feature = "serve")]
    let serving = matches!(cli.command, Command::Serve(_));
    #[cfg(not(feature = "serve"))]
    let serving = false;
    if !serving {
        signals::install();
    }
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            streams::tell(format_args!("error: {e}"));
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs one parsed command; returns the exit code on success.
pub(crate) fn run(cli: Cli) -> Result<u8, CliError> {
    if let Command::Trace(mut args) = cli.command {
        // Written while the search runs, from the search's own thread: not
        // through this thread's lock on standard output.
        args.search.take_parallel(&args.parallel);
        let mut out = std::io::BufWriter::new(streams::Discarding::new(std::io::stdout()));
        trace::run(&args, &mut out)?;
        return Ok(0);
    }
    // A reader that closes standard output early ends the output, not the
    // command (see `streams`).
    let mut out = streams::stdout();
    match cli.command {
        Command::Solve(mut args) => {
            args.search.take_parallel(&args.parallel);
            solve::run(&args, &mut out)
        }
        Command::Trace(_) => Ok(()),
        Command::Check(mut args) => {
            args.search.take_parallel(&args.parallel);
            return check::run(&args, &mut out);
        }
        Command::Gen(args) => r#gen::run(&args, &mut out),
        Command::Compare(args) => compare::run(&args, &mut out),
        Command::Key(mut args) => {
            args.search.take_parallel(&args.parallel);
            key::run(&args, &mut out)
        }
        Command::Render(mut args) => {
            args.search.take_parallel(&args.parallel);
            render::run(&args, &mut out)
        }
        Command::Convert(args) => convert::run(&args, &mut out),
        #[cfg(feature = "serve")]
        Command::Serve(args) => return serve::run_server(&args, &mut out),
        Command::Completions(args) => extras::completions(&args, &mut out),
        Command::Man(args) => extras::man(&args, &mut out),
    }?;
    Ok(0)
}
