//! The `solve` summary: value, best move, principal variation, cuts,
//! pruned nodes and statistics.

use std::fmt::Write;

use serde::Serialize;

use crate::search::{Algorithm, Comparison, Options, SearchResult, SimulationSummary, Stats};
use crate::text::quoted;
use crate::trace::Cut;
use crate::tree::GameTree;
use crate::tree::ids;
use crate::value::{Bound, CutKind, Scored, Value};

/// What a shortened list says of the rest.
const ALL_IN_JSON: &str = "(the JSON report lists them all)";

/// A cut as reported: ids instead of node handles.
#[derive(Clone, Debug, Serialize)]
pub struct CutReport {
    /// The node cut short.
    pub node: String,
    /// `alpha` or `beta`.
    pub kind: CutKind,
    /// The nodes the cut names as skipped, each with its subtree (the
    /// first ones only when the report is given a limit).
    pub pruned: Vec<String>,
    /// The ancestor that supplied the bound; `null` for the initial window.
    pub bound_from: Option<String>,
    /// Whether that ancestor is farther up than the parent.
    pub deep: bool,
    /// The node's value when it stopped.
    pub value: Value,
    /// The bound it reached.
    pub threshold: Value,
    /// The cut in words.
    pub text: String,
    /// At a chance node, how Star1 or Star2 found the cut (as the trace's
    /// cut event has it); absent at a MAX or MIN node.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<crate::trace::ChanceCut>,
}

/// Everything `gametree solve` reports.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The root's value.
    pub value: Value,
    /// Whether the root's value is exact (it always is for a full window).
    pub bound: Bound,
    /// The root's best child.
    pub best_move: Option<String>,
    /// The action label on the edge to the best child, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_move_label: Option<String>,
    /// The best line of play from the root (its first `limit` moves, when
    /// [`SolveReport::new`] is given a limit).
    pub principal_variation: Vec<String>,
    /// How many moves the best line has in all.
    #[serde(skip)]
    pub principal_variation_length: usize,
    /// Every cut, in search order (the first [`SolveReport::new`]'s `limit`
    /// of them, when it is given); `None` when the cuts were not recorded.
    pub cuts: Option<Vec<CutReport>>,
    /// Every node the cuts skip, in preorder within each cut, down to the
    /// depth limit if any (the first `limit`, when it is given); `None`
    /// when the cuts were not recorded. With the nodes visited, they make
    /// up the tree (down to the depth limit), each node once.
    pub pruned: Option<Vec<String>>,
    /// How many cuts there are in all.
    pub cut_count: u64,
    /// How many nodes the cuts skip in all; `None` when the cuts were not
    /// recorded.
    pub pruned_count: Option<usize>,
    /// Why the cuts and pruned nodes are not listed, when they are not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Counts.
    pub stats: Stats,
    /// The search this one is the baseline of, when it is reported as
    /// such: sequential alpha-beta standing for a parallel search that is
    /// simulated and does not run (its own counts differ from run to run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline_of: Option<Algorithm>,
}

/// What `gametree solve --json` adds to the search's own report, each
/// when asked for: the run's figures, the search beside plain alpha-beta,
/// the parallel search simulated.
#[derive(Clone, Debug, Default)]
pub struct SolveExtras {
    /// The run's figures as the front end measured them (times, memory),
    /// as JSON: the `run` field.
    pub run: Option<serde_json::Value>,
    /// The search's counts beside plain sequential alpha-beta's: the
    /// `comparison` field.
    pub comparison: Option<Comparison>,
    /// The parallel search simulated on each number of processors asked
    /// for: the `simulation` field, an object for one, a list for several.
    pub simulations: Vec<SimulationSummary>,
}

impl SolveReport {
    /// The JSON object `gametree solve --json` prints: the report's
    /// fields, with `extras`' beside them.
    pub fn to_json(&self, extras: &SolveExtras) -> serde_json::Result<serde_json::Value> {
        let mut json = serde_json::to_value(self)?;
        if let Some(run) = &extras.run {
            json["run"] = run.clone();
        }
        if let Some(comparison) = &extras.comparison {
            json["comparison"] = serde_json::to_value(comparison)?;
        }
        match &extras.simulations[..] {
            [] => {}
            [one] => json["simulation"] = serde_json::to_value(one)?,
            many => json["simulation"] = serde_json::to_value(many)?,
        }
        Ok(json)
    }

    /// The report of a search whose cuts were not recorded, with `note`
    /// saying why in place of the lists of cuts and pruned nodes.
    pub fn unlisted<T: GameTree>(
        tree: &T,
        result: &SearchResult<T::Node>,
        note: String,
        limit: Option<usize>,
    ) -> SolveReport {
        let report = SolveReport::new(tree, result, &[], Options::default(), limit);
        SolveReport {
            cuts: None,
            pruned: None,
            pruned_count: None,
            cut_count: result.stats.cutoffs,
            note: Some(note),
            ..report
        }
    }

    /// Builds the report from a search result and the cuts it recorded,
    /// listing at most `limit` cuts, pruned nodes and moves of the best line
    /// (all when `None`): a large tree can have millions of them, and a deep
    /// one a line of thousands of moves whose ids grow with the depth.
    pub fn new<T: GameTree>(
        tree: &T,
        result: &SearchResult<T::Node>,
        cuts: &[Cut<T::Node>],
        options: Options,
        limit: Option<usize>,
    ) -> SolveReport {
        let limit = limit.unwrap_or(usize::MAX);
        let pruned = cuts
            .iter()
            .flat_map(|c| c.skipped(tree))
            .take(limit)
            .map(|n| tree.id(n))
            .collect();
        SolveReport {
            algorithm: result.algorithm,
            value: result.score.value,
            bound: result.score.bound,
            best_move: result.best_move.map(|n| tree.id(n)),
            best_move_label: result.best_move.and_then(|n| tree.label(n)),
            principal_variation: ids(
                tree,
                &result.principal_variation[..result.principal_variation.len().min(limit)],
            ),
            principal_variation_length: result.principal_variation.len(),
            cuts: Some(
                cuts.iter()
                    .take(limit)
                    .map(|c| cut_report(tree, c, options, limit))
                    .collect(),
            ),
            pruned: Some(pruned),
            cut_count: cuts.len() as u64,
            pruned_count: Some(cuts.iter().map(|c| c.skipped(tree).count()).sum()),
            note: None,
            stats: result.stats,
            baseline_of: None,
        }
    }

    /// The report as the baseline of `algorithm`, simulated: the first line
    /// says that the figures are this search's, not `algorithm`'s.
    pub fn as_baseline_of(self, algorithm: Algorithm) -> SolveReport {
        SolveReport {
            baseline_of: Some(algorithm),
            ..self
        }
    }

    /// The report as lines for a person.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_answer(&mut out);
        self.write_counts(&mut out);
        match (&self.cuts, &self.pruned, self.pruned_count) {
            (Some(cuts), Some(pruned), Some(pruned_count)) => {
                self.write_cuts(&mut out, cuts, pruned, pruned_count);
            }
            _ => {
                let _ = writeln!(out, "{}", self.note.as_deref().unwrap_or_default());
            }
        }
        out
    }

    /// The algorithm, the root's value, its best move and the best line.
    fn write_answer(&self, out: &mut String) {
        let _ = match self.baseline_of {
            Some(simulated) => writeln!(
                out,
                "algorithm: {} (sequential: the baseline of the simulated {simulated} search, \
                 which does not run)",
                self.algorithm
            ),
            None => writeln!(out, "algorithm: {}", self.algorithm),
        };
        let score = Scored {
            value: self.value,
            bound: self.bound,
        };
        let _ = writeln!(out, "value: {score}");
        let label = match &self.best_move_label {
            Some(label) => format!(" ({})", quoted(label)),
            None => String::new(),
        };
        let best = match &self.best_move {
            Some(id) => quoted(id).into_owned(),
            None => "none".to_string(),
        };
        let _ = writeln!(out, "best move: {best}{label}");
        let _ = write!(
            out,
            "principal variation: {}",
            id_line(&self.principal_variation)
        );
        let more = self.principal_variation_length - self.principal_variation.len();
        end_shortened(out, more, "moves");
    }

    /// The counts of the search, and a note when chance nodes could not
    /// be pruned.
    fn write_counts(&self, out: &mut String) {
        let stats = &self.stats;
        let _ = writeln!(out, "nodes visited: {}", stats.nodes_visited);
        let _ = writeln!(out, "leaves evaluated: {}", stats.leaves_evaluated);
        if stats.horizon_nodes > 0 {
            let nodes = stats.horizon_nodes;
            let _ = writeln!(out, "  of which valued at the depth limit: {nodes}");
        }
        if stats.iterations > 0 {
            let _ = writeln!(out, "iterations: {}", stats.iterations);
        }
        if stats.passes > 0 {
            let _ = writeln!(out, "passes: {}", stats.passes);
        }
        if stats.researches > 0 {
            let _ = writeln!(out, "re-searches: {}", stats.researches);
        }
        let _ = writeln!(out, "cutoffs: {}", stats.cutoffs);
        if stats.unbounded_chance_nodes > 0 {
            let _ = writeln!(
                out,
                "note: no bounds on the leaf values, so nothing below the {} chance nodes searched was pruned (state bounds on the leaf values, as a file's `bounds L U` line does, for Star1)",
                stats.unbounded_chance_nodes
            );
        }
    }

    /// The cuts, one a line, and the pruned nodes for an algorithm that
    /// prunes.
    fn write_cuts(&self, out: &mut String, cuts: &[CutReport], pruned: &[String], count: usize) {
        for cut in cuts {
            let _ = writeln!(out, "  {}", cut.text);
        }
        match self.cut_count - cuts.len() as u64 {
            0 => {}
            more => {
                let _ = writeln!(out, "  ... and {more} more cuts {ALL_IN_JSON}");
            }
        }
        if self.algorithm.prunes() {
            let _ = write!(out, "pruned: {}", id_line(pruned));
            end_shortened(out, count - pruned.len(), "nodes");
        }
    }
}

/// Ids on one line, quoted as messages quote them; `none` for no ids.
fn id_line(ids: &[String]) -> String {
    match ids.is_empty() {
        true => "none".to_string(),
        false => ids
            .iter()
            .map(|id| quoted(id))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Ends a line listing the first of its `things`, saying how many `more`
/// it leaves out, if any.
fn end_shortened(out: &mut String, more: usize, things: &str) {
    match more {
        0 => out.push('\n'),
        more => {
            let _ = writeln!(out, " ... and {more} more {things} {ALL_IN_JSON}");
        }
    }
}

/// A cut as reported, its pruned children listed up to `limit`.
fn cut_report<T: GameTree>(
    tree: &T,
    cut: &Cut<T::Node>,
    options: Options,
    limit: usize,
) -> CutReport {
    CutReport {
        node: tree.id(cut.node),
        kind: cut.kind,
        pruned: ids(tree, &cut.pruned[..cut.pruned.len().min(limit)]),
        bound_from: cut.bound_from.map(|n| tree.id(n)),
        deep: cut.deep,
        value: cut.value,
        threshold: cut.threshold,
        text: cut.describe(tree, options.strict),
        chance: cut.chance,
    }
}
