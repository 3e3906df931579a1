//! The course file formats beside the tree language: JSON trees, CS188
//! autograder cases and Gambit extensive-form games. Each reader makes the
//! same [`Tree`] the tree language does (action labels kept); each writer
//! writes a [`Tree`] back.
//!
//! The layer sits beside [`crate::syntax`]: it uses the tree model and the
//! tree language's reader, never the searches.

pub mod cs188;
pub mod efg;
pub mod json;
mod node;
mod tree_text;

use std::fmt;
use std::path::Path;

pub use node::Node;

use crate::claim::Expectation;
use crate::syntax::{self, Limits, ParseError};
use crate::text::listed;
use crate::tree::Tree;

/// A file format gametree reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TreeFormat {
    /// The tree language (`.tree`, and any other extension).
    Tree,
    /// A CS188 multi-agent autograder case (`.test`, class
    /// `GraphGameTreeTest`); read only.
    Cs188,
    /// A Gambit extensive-form game (`.efg`).
    Efg,
    /// A tree as JSON (`.json`).
    Json,
}

impl TreeFormat {
    /// Every format, in the order help lists them.
    pub const ALL: [TreeFormat; 4] = [
        TreeFormat::Tree,
        TreeFormat::Cs188,
        TreeFormat::Efg,
        TreeFormat::Json,
    ];

    /// The format a file's extension says: `.test` is CS188, `.efg`
    /// Gambit, `.json` JSON, anything else (and no extension) the tree
    /// language.
    pub fn of_path(path: &Path) -> TreeFormat {
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        match extension.to_ascii_lowercase().as_str() {
            "test" => TreeFormat::Cs188,
            "efg" => TreeFormat::Efg,
            "json" => TreeFormat::Json,
            _ => TreeFormat::Tree,
        }
    }

    /// Whether trees are written in this format, not only read.
    pub fn writable(self) -> bool {
        match self {
            TreeFormat::Tree | TreeFormat::Efg | TreeFormat::Json => true,
            TreeFormat::Cs188 => false,
        }
    }

    /// The format's short name (`tree`, `cs188`, `efg`, `json`).
    pub fn name(self) -> &'static str {
        match self {
            TreeFormat::Tree => "tree",
            TreeFormat::Cs188 => "cs188",
            TreeFormat::Efg => "efg",
            TreeFormat::Json => "json",
        }
    }
}

impl fmt::Display for TreeFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is none of gametree's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown format `{0}`: the formats are {formats}",
    formats = listed(TreeFormat::ALL.map(TreeFormat::name), "and")
)]
pub struct UnknownFormat(pub String);

impl std::str::FromStr for TreeFormat {
    type Err = UnknownFormat;

    fn from_str(text: &str) -> Result<TreeFormat, UnknownFormat> {
        TreeFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownFormat(text.to_string()))
    }
}

/// Why a file could not be read, or a tree written, in a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The text does not read as the format: where, and what was expected.
    #[error("{0}")]
    Syntax(ParseError),
    /// The file reads, but holds what a two-player game tree cannot be
    /// (several information sets' nodes, a third player, payoffs that do
    /// not sum to zero, ...): where, and why.
    #[error("{0}")]
    Unsupported(ParseError),
    /// The tree has something the output format cannot say.
    #[error("cannot write {node} as {format}: {reason}")]
    NotWritable {
        /// The format written.
        format: TreeFormat,
        /// The node's id.
        node: String,
        /// Why.
        reason: String,
    },
}

impl FormatError {
    /// The positioned error behind a reading error; `None` for a writing
    /// error.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self {
            FormatError::Syntax(e) | FormatError::Unsupported(e) => Some(e),
            FormatError::NotWritable { .. } => None,
        }
    }
}

/// How to read a file, besides its format.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The node limit.
    pub limits: Limits,
    /// For a CS188 case: search this many rounds of all agents instead of
    /// the case's own depth.
    pub rounds: Option<usize>,
}

/// What a file holds once read.
#[derive(Debug)]
pub struct Loaded {
    /// The tree.
    pub tree: Tree,
    /// The `expect` lines after a tree-language tree (none in other
    /// formats).
    pub expectations: Vec<Expectation>,
    /// For a CS188 case: its search and its states.
    pub case: Option<cs188::Case>,
}

/// Reads `text`, from the file `path` (named in errors), as `format`.
pub fn read(
    format: TreeFormat,
    path: &str,
    text: &str,
    options: &ReadOptions,
) -> Result<Loaded, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Labels and names read from any format may be written as the tree
    // language, which holds no NUL byte.
    syntax::refuse_nul_bytes(&syntax::SourceText::new(path, text)).map_err(FormatError::Syntax)?;
    let plain = |tree| Loaded {
        tree,
        expectations: Vec::new(),
        case: None,
    };
    match format {
        TreeFormat::Tree => {
            let parsed = syntax::parse_unbuilt(path, text, &options.limits)
                .map_err(FormatError::Syntax)?
                .build_parsed();
            Ok(Loaded {
                tree: parsed.tree,
                expectations: parsed.expectations,
                case: None,
            })
        }
        TreeFormat::Json => json::read(path, text, &options.limits).map(plain),
        TreeFormat::Efg => efg::read(path, text, &options.limits).map(plain),
        TreeFormat::Cs188 => {
            let (tree, case) = cs188::read(path, text, options)?;
            Ok(Loaded {
                tree,
                expectations: Vec::new(),
                case: Some(case),
            })
        }
    }
}

/// Writes `tree` as `format`.
pub fn write(tree: &Tree, format: TreeFormat) -> Result<String, FormatError> {
    match format {
        TreeFormat::Tree => Ok(tree_text::write(tree)),
        TreeFormat::Json => json::write(tree),
        TreeFormat::Efg => efg::write(tree),
        TreeFormat::Cs188 => Err(FormatError::NotWritable {
            format,
            node: "root".to_string(),
            reason: "CS188 cases are read, not written".to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_name_is_told_every_format() {
        let error = "yaml".parse::<TreeFormat>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown format `yaml`: the formats are tree, cs188, efg and json"
        );
        for format in TreeFormat::ALL {
            assert_eq!(format.name().parse::<TreeFormat>(), Ok(format));
        }
    }

    #[test]
    fn every_writable_format_is_written_and_the_others_refused() {
        let tree = syntax::parse("t", "max [1, 2]").unwrap();
        for format in TreeFormat::ALL {
            assert_eq!(write(&tree, format).is_ok(), format.writable(), "{format}");
        }
    }
}
