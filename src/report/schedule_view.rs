//! The schedule of a simulated parallel search as lines, one per act,
//! prefixed by the time step and the processor: `t=7 P2: visit K = 8`.

use serde_json::{Value as Json, json};

use crate::trace::{Act, Cut, Event, Happening, Schedule};
use crate::tree::{GameTree, ids};
use crate::value::{Bound, CutKind, Kind, Value};

/// The schedule as lines: each search step in the trace's words, tagged
/// `t=T Pn:`, with speculative nodes (those sequential alpha-beta never
/// visits) marked, bounds reaching running brothers, brothers stopped by
/// a cut, and scout tests.
pub fn schedule_lines<T: GameTree>(
    tree: &T,
    schedule: &Schedule<T::Node>,
    strict: bool,
) -> Vec<String> {
    schedule
        .acts
        .iter()
        .filter_map(|act| {
            let text = act_text(tree, act, strict)?;
            Some(format!("t={} P{}: {text}", act.time, act.processor + 1))
        })
        .collect()
}

/// One act in words; `None` for the entry of a leaf, which its `visit`
/// line tells.
fn act_text<T: GameTree>(tree: &T, act: &Act<T::Node>, strict: bool) -> Option<String> {
    match &act.what {
        Happening::Search {
            event: Event::Cut(cut),
            ..
        } if cut.pruned.is_empty() => Some(stopping_cut_text(tree, cut, strict)),
        Happening::Search { event, .. } => {
            let line = event.line(tree, strict)?;
            let speculative = speculative_node(act).map(|node| {
                format!(
                    " (speculative: sequential alpha-beta prunes {})",
                    tree.id(node)
                )
            });
            Some(line + &speculative.unwrap_or_default())
        }
        Happening::Bound {
            node,
            value,
            running,
        } => Some(bound_text(tree, *node, *value, running)),
        Happening::Stop {
            node,
            by,
            processors,
        } => Some(stop_text(tree, *node, *by, processors)),
        Happening::Tested {
            node,
            score,
            against,
            passed,
        } => {
            let verdict = match (passed, score.bound) {
                (true, _) => "passes: searched again from that bound",
                (false, Bound::Exact) => "exact: no second search",
                (false, _) => "fails: no better",
            };
            Some(format!(
                "test of {} against {against}: {score}, {verdict}",
                tree.id(*node)
            ))
        }
    }
}

/// A cut that finds no brother left to prune: the brothers still running
/// stop instead.
fn stopping_cut_text<T: GameTree>(tree: &T, cut: &Cut<T::Node>, strict: bool) -> String {
    let deep = if cut.deep { "deep " } else { "" };
    let source = match cut.bound_from {
        Some(node) => format!("bound from {}", tree.id(node)),
        None => "bound from the initial window".to_string(),
    };
    format!(
        "{deep}{} cut at {}: no brother left to prune, the running ones stop \
         ({} {} {}, {source})",
        cut.kind,
        tree.id(cut.node),
        cut.value,
        relation(cut.kind, strict),
        cut.threshold
    )
}

/// A new bound at `node` reaching the brothers `running` below it.
fn bound_text<T: GameTree>(tree: &T, node: T::Node, value: Value, running: &[T::Node]) -> String {
    let which = match tree.kind(node) {
        Kind::Max | Kind::Chance => "alpha",
        Kind::Min => "beta",
    };
    format!(
        "{which} = {value} at {} reaches the running {}",
        tree.id(node),
        ids(tree, running).join(", ")
    )
}

/// The cut at `by` stopping the search of `node`, and the processors that
/// drop their work.
fn stop_text<T: GameTree>(tree: &T, node: T::Node, by: T::Node, processors: &[usize]) -> String {
    let who = match processors.is_empty() {
        true => String::new(),
        false => {
            let names: Vec<String> = processors.iter().map(|p| format!("P{}", p + 1)).collect();
            let verb = match names.len() {
                1 => "drops its",
                _ => "drop their",
            };
            format!(" ({} {verb} work)", names.join(", "))
        }
    };
    format!("the cut at {} stops {}{who}", tree.id(by), tree.id(node))
}

/// The node an `Enter` or `Leaf` act is about, when it is speculative.
fn speculative_node<N: Copy>(act: &Act<N>) -> Option<N> {
    match &act.what {
        Happening::Search {
            event: Event::Enter { node, .. } | Event::Leaf { node, .. },
            speculative: true,
        } => Some(*node),
        _ => None,
    }
}

/// The schedule as a JSON array of acts, each `{time, processor, event,
/// node, ...}` (processors numbered from 1, as in the text).
pub fn schedule_json<T: GameTree>(tree: &T, schedule: &Schedule<T::Node>) -> Json {
    let acts = schedule.acts.iter().map(|act| {
        let mut object = match &act.what {
            Happening::Search { event, speculative } => {
                let mut object = super::trace_view::event_json(tree, event);
                if matches!(event, Event::Enter { .. } | Event::Leaf { .. }) {
                    object["speculative"] = json!(speculative);
                }
                object
            }
            Happening::Bound {
                node,
                value,
                running,
            } => json!({
                "event": "bound", "node": tree.id(*node), "value": value,
                "running": ids(tree, running),
            }),
            Happening::Stop {
                node,
                by,
                processors,
            } => json!({
                "event": "stop", "node": tree.id(*node), "by": tree.id(*by),
                "processors": processors.iter().map(|p| p + 1).collect::<Vec<_>>(),
            }),
            Happening::Tested {
                node,
                score,
                against,
                passed,
            } => json!({
                "event": "tested", "node": tree.id(*node), "value": score.value,
                "bound": score.bound, "against": against, "passed": passed,
            }),
        };
        object["time"] = json!(act.time);
        object["processor"] = json!(act.processor + 1);
        object
    });
    Json::Array(acts.collect())
}

/// The relation a cut of `kind` holds on: `>=` for beta, `<=` for alpha,
/// strict under `strict`.
fn relation(kind: CutKind, strict: bool) -> &'static str {
    match (kind, strict) {
        (CutKind::Beta, false) => ">=",
        (CutKind::Beta, true) => ">",
        (CutKind::Alpha, false) => "<=",
        (CutKind::Alpha, true) => "<",
    }
}
