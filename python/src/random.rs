//! `Tree.random`: a random game written as a tree file, as `gametree gen
//! --game random:...` writes it.

use gametree::games::{GameSpec, GameVisitor, ValueRange, WriteOptions, rescale, write_tree};
use gametree::tree::GameTree;
use gametree::value::Value;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::Failure;
use crate::worker;

/// Games of at most this many nodes are indented when written, as `gen`
/// writes them.
const INDENT_UP_TO: u64 = 100_000;

/// The most nodes a random tree made here may have: it is written, then
/// read, whole.
const RANDOM_UP_TO: u64 = 20_000_000;

/// The tree file of `random:branching=B,depth=D,seed=S`, its nodes named
/// A, B, ... when `names`, its leaf values put in `values` (LOW, HIGH) by
/// a transform that keeps which moves are best.
#[pyfunction]
#[pyo3(signature = (spec, names, values))]
pub(crate) fn random_text(
    py: Python<'_>,
    spec: &str,
    names: bool,
    values: Option<(i64, i64)>,
) -> PyResult<String> {
    let game: GameSpec = spec
        .parse()
        .map_err(|e: gametree::games::SpecError| PyValueError::new_err(e.to_string()))?;
    if game.node_bound() > RANDOM_UP_TO {
        return Err(PyValueError::new_err(format!(
            "{game}: up to {} nodes, more than the {RANDOM_UP_TO} a Tree holds here; search it \
             without writing it: solve(game={spec:?})",
            game.node_bound()
        )));
    }
    let range = values
        .map(|(low, high)| format!("{low}..{high}").parse::<ValueRange>())
        .transpose()
        .map_err(PyValueError::new_err)?;
    let options = WriteOptions {
        names,
        statics: range.is_none(),
        indent: if game.node_bound() <= INDENT_UP_TO {
            2
        } else {
            0
        },
        bounds: range.is_none(),
    };
    worker::run(py, |_| game.visit(Writing { options, range }))
}

/// Writes a game, its leaves rescaled into `range` when given.
struct Writing {
    options: WriteOptions,
    range: Option<ValueRange>,
}

impl GameVisitor for Writing {
    type Output = Result<String, Failure>;

    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
    {
        let failed = |e: std::io::Error| Failure::Value(e.to_string());
        let leaves = match self.range {
            None => None,
            Some(range) => {
                let mut leaves: Vec<Value> = Vec::new();
                let keep = |_, value: Option<Value>| {
                    leaves.extend(value);
                    value
                };
                write_tree(tree, &WriteOptions::default(), keep, &mut std::io::sink())
                    .map_err(failed)?;
                let rescaled = rescale(&leaves, Some(range), false)
                    .map_err(|e| Failure::Value(format!("values: {} too few", e.range)))?;
                Some(rescaled)
            }
        };
        let value = |index: u64, value: Option<Value>| match &leaves {
            Some(new) => new.get(index as usize).copied(),
            None => value,
        };
        let mut text = Vec::new();
        write_tree(tree, &self.options, value, &mut text).map_err(failed)?;
        String::from_utf8(text).map_err(|e| Failure::Value(e.to_string()))
    }
}
