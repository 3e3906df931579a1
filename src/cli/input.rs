//! Reading a tree file (or standard input) and searching it, with every
//! failure turned into one clear message.

use std::io::Read;

use super::{CliError, SearchArgs};
use crate::search::{SearchResult, search};
use crate::stack::with_stack_for_depth;
use crate::syntax::{self, SourceText};
use crate::trace::Recorder;
use crate::tree::{Location, NodeId, Tree};

/// The name of a file in messages: `<stdin>` for `-`.
pub fn display_name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// Reads the file named by `path` (`-` for standard input) as UTF-8 text.
pub fn read_text(path: &str) -> Result<String, CliError> {
    let name = display_name(path);
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::BadInput(format!("{name}: cannot read: {e}")))?;
        bytes
    } else {
        if std::path::Path::new(path).is_dir() {
            return Err(CliError::BadInput(format!(
                "{name}: is a directory, not a tree file"
            )));
        }
        std::fs::read(path).map_err(|e| CliError::BadInput(format!("{name}: cannot read: {e}")))?
    };
    String::from_utf8(bytes).map_err(|e| invalid_utf8(name, e))
}

fn invalid_utf8(name: &str, error: std::string::FromUtf8Error) -> CliError {
    let valid = error.utf8_error().valid_up_to();
    let bytes = error.into_bytes();
    let text = String::from_utf8_lossy(&bytes[..valid]);
    let source = SourceText::new(name, &text);
    let message = "the file is not valid UTF-8 text here";
    CliError::BadInput(source.error_at(valid, message).to_string())
}

/// A tree file as read: its name in messages, its text and its tree.
pub struct Input {
    /// The file's name in messages.
    pub name: String,
    /// The text, for pointing at positions in later errors.
    pub text: String,
    /// The tree.
    pub tree: Tree,
}

/// Reads and parses the tree file named by `path`.
pub fn read_tree(path: &str) -> Result<Input, CliError> {
    let text = read_text(path)?;
    let name = display_name(path).to_string();
    let tree = syntax::parse(&name, &text).map_err(|e| CliError::BadInput(e.to_string()))?;
    Ok(Input { name, text, tree })
}

impl Input {
    /// Searches the tree as `args` say, recording into `recorder`, with
    /// stack for the tree's depth.
    pub fn search<R: Recorder<NodeId> + Send>(
        &self,
        args: &SearchArgs,
        recorder: &mut R,
    ) -> Result<SearchResult<NodeId>, CliError> {
        let tree = &self.tree;
        with_stack_for_depth(tree.depth(), || {
            search(tree, args.algorithm(), args.options(), recorder)
        })
        .map_err(|e| self.error(e.location(), &e.to_string()))
    }

    /// An error about the input, at a place in it when there is one.
    pub fn error(&self, at: Option<Location>, message: &str) -> CliError {
        let text = self.text.strip_prefix('\u{feff}').unwrap_or(&self.text);
        let source = SourceText::new(&self.name, text);
        CliError::BadInput(match at {
            Some(at) => source.error_at_location(at, message).to_string(),
            None => format!("{}: {message}", self.name),
        })
    }
}
