//! `gametree convert`: a tree from one format to another.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use super::args::{FormatArgs, format_parser, is_standard_output};
use super::input::{display_name, format_error, read_text};
use gametree::formats::{self, TreeFormat};
use gametree::output::write_atomically;
use gametree::syntax::Limits;
use gametree::text::listed;

/// Arguments of `gametree convert`.
#[derive(Clone, Debug, Args)]
pub(super) struct ConvertArgs {
    /// The input file; `-` reads standard input.
    input: String,
    /// The output file; `-` writes standard output.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// The output's format [default: from OUT's extension: `.efg` efg,
    /// `.json` json, anything else tree].
    #[arg(long, value_name = "FORMAT", value_parser = format_parser())]
    to: Option<TreeFormat>,
    #[command(flatten)]
    format: FormatArgs,
}

/// Reads the input in its format and writes it in the output's.
pub(super) fn run(args: &ConvertArgs, out: &mut impl Write) -> Result<(), CliError> {
    let from = args.format.format_of(&args.input);
    let to = args.to.unwrap_or_else(|| TreeFormat::of_path(&args.output));
    if to == TreeFormat::Cs188 {
        let writable = TreeFormat::ALL
            .into_iter()
            .filter(|format| format.writable());
        return Err(CliError::BadInput(format!(
            "CS188 cases are read, not written: convert to {}",
            listed(writable.map(TreeFormat::name), "or")
        )));
    }
    let name = display_name(&args.input);
    let text = read_text(&args.input)?;
    let options = args.format.read_options(Limits::default());
    let loaded = formats::read(from, name, &text, &options).map_err(format_error)?;
    let written = formats::write(&loaded.tree, to).map_err(format_error)?;
    write_to(&args.output, written.as_bytes(), out)
}

/// Writes `bytes` to `path` atomically, or to standard output for `-`.
fn write_to(path: &Path, bytes: &[u8], out: &mut impl Write) -> Result<(), CliError> {
    if is_standard_output(path) {
        out.write_all(bytes)?;
        return Ok(());
    }
    write_atomically(path, bytes)
        .map_err(|e| CliError::BadInput(format!("{}: cannot write: {e}", path.display())))
}
