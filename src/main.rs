//! The `gametree` command: the command line over the `gametree` library.

#![forbid(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
