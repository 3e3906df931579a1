//! `gametree gen --exercise --format html`: one page holding every
//! exercise found, each in quiz mode, titled with the command that writes
//! it again.

use clap::ValueEnum;

use super::CliError;
use super::exercise::Exercise;
use gametree::games::GameSpec;
use gametree::render::{Labels, RenderOptions};
use gametree::search::{Algorithm, Options, SearchResult, search};
use gametree::syntax;
use gametree::trace::Trace;
use gametree::tree::{NodeId, Tree};
use gametree::web::{PageOptions, PageTree, page};

/// What `gen --exercise` writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(super) enum GenFormat {
    /// Tree files, each with its answer key as `expect` lines.
    #[default]
    Tree,
    /// One self-contained web page holding every exercise, each in quiz
    /// mode.
    Html,
}

/// One exercise read back and searched as its key was.
struct Searched {
    title: String,
    tree: Tree,
    trace: Trace<NodeId>,
    result: SearchResult<NodeId>,
}

/// The practice page of `found`, searched with alpha-beta under `strict`
/// and `fail_hard`, as their keys were, each exercise titled with
/// `command(game)`: the `gametree gen` command that writes it again.
pub(super) fn practice_page(
    found: &[Exercise],
    strict: bool,
    fail_hard: bool,
    command: impl Fn(&GameSpec) -> String,
) -> Result<String, CliError> {
    let options = Options {
        strict,
        fail_hard,
        ..Options::default()
    };
    let searched: Vec<Searched> = found
        .iter()
        .map(|one| searched(one, options, command(&one.game)))
        .collect::<Result<_, _>>()?;
    let trees: Vec<PageTree<'_>> = searched
        .iter()
        .map(|s| PageTree {
            title: s.title.clone(),
            tree: &s.tree,
            trace: &s.trace,
            result: &s.result,
        })
        .collect();
    let title = match found.len() {
        1 => "an alpha-beta exercise".to_string(),
        n => format!("{n} alpha-beta exercises"),
    };
    let options = PageOptions {
        title,
        render: RenderOptions {
            labels: Some(Labels::Both),
            strict,
            ..RenderOptions::default()
        },
        fail_hard,
        quiz: true,
    };
    Ok(page(&trees, &options))
}

/// Reads an exercise's tree back and searches it.
fn searched(one: &Exercise, options: Options, title: String) -> Result<Searched, CliError> {
    let name = one.game.to_string();
    let tree = syntax::parse(&name, &one.tree)
        .map_err(|e| CliError::BadInput(format!("{name}: generated text unreadable: {e}")))?;
    let mut trace = Trace::new();
    let result = search(&tree, Algorithm::AlphaBeta, options, &mut trace)
        .map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
    Ok(Searched {
        title,
        tree,
        trace,
        result,
    })
}
