//! `gametree compare`: the algorithms side by side on one tree, one row
//! each (value, best move, leaves evaluated with and without repeats,
//! interior nodes, re-searches, passes), against two references: the
//! smallest proof of the tree's value ([`smallest_proof`]) and, on a
//! uniform tree, Knuth and Moore's minimum ([`knuth_moore`]).

use std::collections::HashSet;
use std::fmt::Write as _;
use std::hash::Hash;

use serde::Serialize;

use crate::games::GameVisitor;
use crate::search::{
    Algorithm, Options, SearchError, SmallestProof, knuth_moore, search, smallest_proof,
};
use crate::trace::{Event, Recorder};
use crate::tree::GameTree;
use crate::value::Value;

/// A bar of a chart: a name and a count.
pub type Bar = (String, u64);

/// One algorithm's row: its counts, or why it could not search the tree.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareRow {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Why the algorithm could not search the tree (minimax needs every
    /// leaf, MTD(f) and SSS* refuse chance nodes); the counts are then 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The root's value.
    pub value: Option<Value>,
    /// The best move, if the root has children.
    pub best_move: Option<String>,
    /// Leaf evaluations, counting a leaf evaluated again each time.
    pub leaves: u64,
    /// Distinct leaves evaluated.
    pub distinct_leaves: u64,
    /// Visits of interior nodes, counting repeats.
    pub interior: u64,
    /// Re-searches (PVS, an aspiration window).
    pub researches: u64,
    /// MTD(f)'s passes.
    pub passes: u64,
}

/// Knuth and Moore's minimum on a uniform tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct KnuthMoore {
    /// The branching.
    pub branching: u64,
    /// The depth searched.
    pub depth: u32,
    /// `b^ceil(d/2) + b^floor(d/2) - 1`.
    pub leaves: u64,
}

/// The comparison: a row per algorithm, and the references.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareTable {
    /// The rows, in the order asked.
    pub rows: Vec<CompareRow>,
    /// The smallest proof of the value; `None` on a tree with chance nodes.
    pub smallest_proof: Option<SmallestProof>,
    /// Knuth and Moore's minimum, when the tree is uniform.
    pub knuth_moore: Option<KnuthMoore>,
}

/// Keeps the distinct leaves a search evaluates.
struct LeafSet<N>(HashSet<N>);

impl<N: Hash + Eq> Recorder<N> for LeafSet<N> {
    fn record(&mut self, event: Event<N>) {
        if let Event::Leaf { node, .. } = event {
            self.0.insert(node);
        }
    }
}

/// [`compare`] on a generated game: the visitor
/// [`GameSpec::visit`](crate::games::GameSpec::visit) hands its tree to.
pub struct Comparing<'a> {
    /// The algorithms compared.
    pub algorithms: &'a [Algorithm],
    /// The options each takes, as [`compare`] takes them.
    pub options: Options,
}

impl GameVisitor for Comparing<'_> {
    type Output = CompareTable;

    fn visit<T>(self, tree: &T) -> CompareTable
    where
        T: GameTree + Sync,
        T::Node: Send + Sync + Hash,
    {
        compare(tree, self.algorithms, self.options)
    }
}

/// Compares `algorithms` on `tree` with `options`, each algorithm taking
/// those of the options it carries out (an aspiration window where it
/// takes one, a first guess for MTD(f), fail-hard except for MTD(f)).
/// An algorithm that cannot search the tree (minimax and a `?` leaf,
/// MTD(f) and SSS* and a chance node) gets a row with its error.
pub fn compare<T>(tree: &T, algorithms: &[Algorithm], options: Options) -> CompareTable
where
    T: GameTree + Sync,
    T::Node: Send + Sync + Hash,
{
    let rows: Vec<CompareRow> = (algorithms.iter())
        .map(|&algorithm| row(tree, algorithm, options))
        .collect();
    let value = rows.iter().find_map(|r| r.value);
    let proof = value.and_then(|v| smallest_proof(tree, v, options.depth));
    let uniform = uniform(tree, options.depth);
    CompareTable {
        rows,
        smallest_proof: proof,
        knuth_moore: uniform.and_then(|(b, d)| {
            Some(KnuthMoore {
                branching: b,
                depth: d,
                leaves: knuth_moore(b, d)?,
            })
        }),
    }
}

/// The row of `algorithm` on `tree`.
fn row<T>(tree: &T, algorithm: Algorithm, options: Options) -> CompareRow
where
    T: GameTree + Sync,
    T::Node: Send + Sync + Hash,
{
    let options = taken(algorithm, options);
    let mut leaves = LeafSet(HashSet::new());
    let mut row = CompareRow {
        algorithm,
        error: None,
        value: None,
        best_move: None,
        leaves: 0,
        distinct_leaves: 0,
        interior: 0,
        researches: 0,
        passes: 0,
    };
    match search(tree, algorithm, options, &mut leaves) {
        Ok(result) => {
            let stats = result.stats;
            row.value = Some(result.score.value);
            row.best_move = result.best_move.map(|n| tree.id(n));
            row.leaves = stats.leaves_evaluated;
            row.distinct_leaves = leaves.0.len() as u64;
            row.interior = stats.nodes_visited.saturating_sub(stats.leaves_evaluated);
            row.researches = stats.researches;
            row.passes = stats.passes;
        }
        Err(error) => row.error = Some(error.to_string()),
    }
    row
}

/// `options` less what `algorithm` refuses of them: each option it names
/// as unsupported is dropped, one after the other.
fn taken(algorithm: Algorithm, mut options: Options) -> Options {
    use crate::search::SearchOption;
    for _ in 0..8 {
        let Err(SearchError::Unsupported { option, .. }) = algorithm.accepts(&options) else {
            break;
        };
        match option {
            SearchOption::Order => options.order = crate::search::Order::None,
            SearchOption::Depth => options.depth = None,
            SearchOption::Iterative => options.iterative = false,
            SearchOption::FailHard => options.fail_hard = false,
            SearchOption::Window | SearchOption::WindowWithIterative => options.window = None,
            SearchOption::Guess => options.guess = None,
        }
    }
    options
}

/// `(b, d)` when every node above depth `d` (the limit, or the leaves')
/// has `b` children and every leaf lies at depth `d`.
fn uniform<T: GameTree>(tree: &T, limit: Option<usize>) -> Option<(u64, u32)> {
    let mut shape: Option<(usize, usize)> = None;
    let mut leaf_depth: Option<usize> = None;
    let mut stack = vec![(tree.root(), 0usize)];
    while let Some((node, depth)) = stack.pop() {
        let at_limit = limit.is_some_and(|l| depth >= l);
        let children: Vec<T::Node> = match at_limit {
            true => Vec::new(),
            false => tree.children(node).collect(),
        };
        if children.is_empty() {
            if *leaf_depth.get_or_insert(depth) != depth {
                return None;
            }
            continue;
        }
        if tree.kind(node).is_chance() {
            return None;
        }
        let b = shape.get_or_insert((children.len(), depth)).0;
        if b != children.len() {
            return None;
        }
        stack.extend(children.into_iter().map(|c| (c, depth + 1)));
    }
    let b = shape.map_or(1, |(b, _)| b);
    Some((b as u64, u32::try_from(leaf_depth?).ok()?))
}

impl CompareTable {
    /// The table as text: a header, a line per algorithm, the references.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<19} {:>8} {:<10} {:>7} {:>9} {:>9} {:>11} {:>7}",
            "algorithm", "value", "best", "leaves", "distinct", "interior", "re-searches", "passes"
        );
        for row in self.rows.iter().filter(|r| r.error.is_none()) {
            let _ = writeln!(
                out,
                "{:<19} {:>8} {:<10} {:>7} {:>9} {:>9} {:>11} {:>7}",
                row.algorithm.name(),
                row.value.map(|v| v.to_string()).unwrap_or_default(),
                row.best_move.as_deref().unwrap_or("-"),
                row.leaves,
                row.distinct_leaves,
                row.interior,
                row.researches,
                row.passes
            );
        }
        for (name, value, leaves) in self.references() {
            let _ = writeln!(
                out,
                "{name:<19} {value:>8} {:<10} {leaves:>7} {leaves:>9}",
                ""
            );
        }
        for row in &self.rows {
            if let Some(error) = &row.error {
                let _ = writeln!(out, "{}: {error}", row.algorithm.name());
            }
        }
        out
    }

    /// The reference rows: name, value, leaves.
    fn references(&self) -> Vec<(String, String, u64)> {
        let mut rows = Vec::new();
        if let Some(proof) = self.smallest_proof {
            rows.push((
                "smallest proof".into(),
                proof.value.to_string(),
                proof.leaves,
            ));
        }
        if let Some(km) = self.knuth_moore {
            let name = format!("knuth-moore b={} d={}", km.branching, km.depth);
            rows.push((name, String::new(), km.leaves));
        }
        rows
    }

    /// The table as CSV: a header, a row per algorithm, then the
    /// references with the columns they have.
    pub fn to_csv(&self) -> String {
        let mut out = String::from(
            "algorithm,value,best_move,leaves,distinct_leaves,interior,researches,passes,error\n",
        );
        for row in &self.rows {
            let best = row.best_move.as_deref().map(csv_field).unwrap_or_default();
            let error = row.error.as_deref().map(csv_field).unwrap_or_default();
            let _ = writeln!(
                out,
                "{},{},{best},{},{},{},{},{},{error}",
                row.algorithm.name(),
                row.value.map(|v| v.to_string()).unwrap_or_default(),
                row.leaves,
                row.distinct_leaves,
                row.interior,
                row.researches,
                row.passes
            );
        }
        for (name, value, leaves) in self.references() {
            let _ = writeln!(out, "{name},{value},,{leaves},{leaves},,,,");
        }
        out
    }

    /// The bars of a chart: each algorithm's distinct leaves (of those that
    /// searched the tree), and the
    /// smallest proof as the reference line.
    pub fn chart_bars(&self) -> (Vec<Bar>, Option<Bar>) {
        let bars = (self.rows.iter().filter(|r| r.error.is_none()))
            .map(|r| (r.algorithm.name().to_string(), r.distinct_leaves))
            .collect();
        let line = self
            .smallest_proof
            .map(|p| ("smallest proof".to_string(), p.leaves));
        (bars, line)
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    match text.contains([',', '"', '\n', '\r']) {
        true => format!("\"{}\"", text.replace('"', "\"\"")),
        false => text.to_string(),
    }
}
