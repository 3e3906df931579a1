//! The trace as numbered lines in the lecture's words, and as JSON events.

use serde_json::{Value as Json, json};

use crate::trace::{Event, Trace};
use crate::tree::GameTree;
use crate::tree::ids;

/// The trace as lines (without numbers): `enter C, window [-inf, 2]`,
/// `visit D = 2`, `C = 2 provisional`, `C = 2 final`, and cuts in words.
/// A leaf's entry is told by its `visit` line alone.
pub fn trace_lines<T: GameTree>(tree: &T, trace: &Trace<T::Node>, strict: bool) -> Vec<String> {
    trace
        .events
        .iter()
        .filter_map(|event| event.line(tree, strict))
        .collect()
}

/// The trace as a JSON array of events, each `{event, node, ...}`.
pub fn trace_json<T: GameTree>(tree: &T, trace: &Trace<T::Node>) -> Json {
    Json::Array(trace.events.iter().map(|e| event_json(tree, e)).collect())
}

/// One event as JSON: `{event, node, ...}`.
pub fn event_json<T: GameTree>(tree: &T, event: &Event<T::Node>) -> Json {
    let node = tree.id(event.node());
    match event {
        Event::Enter { window, .. } => {
            json!({"event": "enter", "node": node, "window": window})
        }
        Event::Leaf {
            value,
            horizon: None,
            ..
        } => json!({"event": "leaf", "node": node, "value": value}),
        Event::Leaf {
            value,
            horizon: Some(depth),
            ..
        } => json!({"event": "leaf", "node": node, "value": value, "horizon": depth}),
        Event::Chance {
            child,
            probability,
            value,
            sum,
            seen,
            of,
            ..
        } => json!({
            "event": "chance", "node": node, "child": tree.id(*child),
            "probability": probability, "value": value, "sum": sum,
            "seen": seen, "of": of,
        }),
        Event::Probe { chance, .. } => {
            json!({"event": "probe", "node": node, "chance": tree.id(*chance)})
        }
        Event::Provisional { value, .. } => {
            json!({"event": "provisional", "node": node, "value": value})
        }
        Event::Final { score, .. } => json!({
            "event": "final", "node": node, "value": score.value, "bound": score.bound
        }),
        Event::Cut(cut) => {
            let mut event = cut_json(tree, &node, cut);
            if let Some(chance) = cut.chance {
                event["chance"] = json!(chance);
            }
            event
        }
    }
}

/// A cut as JSON; a chance node's cut adds `chance`.
fn cut_json<T: GameTree>(tree: &T, node: &str, cut: &crate::trace::Cut<T::Node>) -> Json {
    json!({
            "event": "cut",
            "node": node,
            "kind": cut.kind,
            "pruned": ids(tree, &cut.pruned),
            "bound_from": cut.bound_from.map(|n| tree.id(n)),
            "deep": cut.deep,
            "value": cut.value,
            "threshold": cut.threshold,
    })
}
