//! `gametree completions` and `gametree man`: shell completions and the
//! manual page, generated from the same clap definitions as the parser.

use std::io::Write;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, CliError};

/// Arguments of `gametree completions`.
#[derive(Debug, Args)]
pub(super) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the completion script for a shell.
pub(super) fn completions(args: &CompletionsArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut command = Cli::command();
    // Written whole after generating, so that a closed pipe is an error
    // like any other output's, not a panic inside the generator.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "gametree", &mut script);
    out.write_all(&script)?;
    Ok(())
}

/// Arguments of `gametree man`.
#[derive(Debug, Args)]
pub(super) struct ManArgs {
    /// The subcommand whose page to print (`gametree-solve(1)`, ...);
    /// without it, the page of `gametree` itself.
    #[arg(value_name = "SUBCOMMAND")]
    subcommand: Option<String>,
}

/// Prints a manual page in roff: `gametree`'s, or a subcommand's.
pub(super) fn man(args: &ManArgs, out: &mut impl Write) -> Result<(), CliError> {
    let command = Cli::command();
    let page = match &args.subcommand {
        None => command,
        Some(name) => command
            .find_subcommand(name)
            .ok_or_else(|| CliError::BadInput(format!("no subcommand `{name}`")))?
            .clone()
            .name(format!("gametree-{name}")),
    };
    clap_mangen::Man::new(page).render(out)?;
    Ok(())
}
