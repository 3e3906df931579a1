//! The command line: clap arguments, one small module per subcommand, and
//! one place that turns errors into a message and an exit code.

mod args;
mod check;
mod exercise;
mod r#gen;
mod input;
mod progress;
mod render;
mod signals;
mod solve;
mod stats;
mod trace;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use args::SearchArgs;

/// Exit code when a check fails.
pub const EXIT_FAILED: u8 = 1;
/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Read, solve, explain and draw two-player game trees.
#[derive(Debug, Parser)]
#[command(name = "gametree", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve a tree: value, best move, principal variation, cuts, statistics.
    Solve(solve::SolveArgs),
    /// Tell the search step by step, in the lecture's words.
    Trace(trace::TraceArgs),
    /// Check answers (`expect` lines) against the search, explaining failures.
    Check(check::CheckArgs),
    /// Write a generated game (random tree, tic-tac-toe, marbles) as a tree file.
    Gen(r#gen::GenArgs),
    /// Draw the search as a diagram: DOT, SVG, PNG or PDF, or step-by-step frames.
    Render(render::RenderArgs),
}

/// Why a command failed; each maps to an exit code.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The input is unusable: a syntax error, a missing file, `?` needed.
    #[error("{0}")]
    BadInput(String),
    /// Writing the output failed (for example a closed pipe).
    #[error("cannot write the output: {0}")]
    Output(#[from] std::io::Error),
}

impl CliError {
    fn exit_code(&self) -> u8 {
        match self {
            CliError::BadInput(_) | CliError::Output(_) => EXIT_BAD_INPUT,
        }
    }
}

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_BAD_INPUT } else { 0 });
        }
    };
    signals::install();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs one parsed command; returns the exit code on success.
pub fn run(cli: Cli) -> Result<u8, CliError> {
    if let Command::Trace(args) = &cli.command {
        // Written while the search runs, from the search's own thread: not
        // through this thread's lock on standard output.
        let mut out = std::io::BufWriter::new(std::io::stdout());
        trace::run(args, &mut out)?;
        return Ok(0);
    }
    let mut out = std::io::stdout().lock();
    match cli.command {
        Command::Solve(args) => solve::run(&args, &mut out),
        Command::Check(args) => return check::run(&args, &mut out),
        Command::Gen(args) => r#gen::run(&args, &mut out),
        Command::Render(args) => render::run(&args, &mut out),
        Command::Trace(_) => Ok(()),
    }?;
    Ok(0)
}
