//! Gambit extensive-form games (`.efg`).

use super::{Format, FormatError};
use crate::syntax::{Limits, SourceText};
use crate::tree::{Location, Tree};

/// Reads a Gambit `.efg` game.
pub fn read(path: &str, text: &str, _limits: &Limits) -> Result<Tree, FormatError> {
    let source = SourceText::new(path, text);
    let at = Location { line: 1, column: 1 };
    let message = "Gambit games are not read yet";
    Err(FormatError::Unsupported(
        source.error_at_location(at, message),
    ))
}

/// Writes `tree` as a Gambit `.efg` game.
pub fn write(_tree: &Tree) -> Result<String, FormatError> {
    Err(FormatError::NotWritable {
        format: Format::Efg,
        node: "root".to_string(),
        reason: "Gambit games are not written yet".to_string(),
    })
}
