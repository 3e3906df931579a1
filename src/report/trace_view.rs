//! The trace as numbered lines in the lecture's words, and as JSON events.

use serde_json::{Value as Json, json};

use crate::trace::{Event, ListStep, State, Trace, Window};
use crate::tree::GameTree;
use crate::tree::ids;
use crate::value::Scored;

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
            if let Some(solved) = cut.purge {
                event["purge"] = json!(tree.id(solved));
            }
            event
        }
        Event::List(step) => list_json(tree, step),
        other => family_json(node, other),
    }
}

/// An event of PVS, aspiration windows or MTD(f) as JSON: `{event: test
/// | research | pass | recall, node, window, ...}`.
fn family_json<N>(node: String, event: &Event<N>) -> Json {
    match event {
        Event::Test { window, score, .. } => json!({
            "event": "test", "node": node, "window": window,
            "value": score.value, "bound": score.bound,
            "outcome": outcome(*window, *score),
        }),
        Event::Research { window, failed, .. } => json!({
            "event": "research", "node": node, "window": window,
            "failed": {"value": failed.value, "bound": failed.bound},
        }),
        Event::Pass {
            pass,
            window,
            score,
            lower,
            upper,
            ..
        } => json!({
            "event": "pass", "node": node, "pass": pass, "window": window,
            "value": score.value, "bound": score.bound,
            "outcome": outcome(*window, *score), "lower": lower, "upper": upper,
        }),
        Event::Recall {
            window,
            lower,
            upper,
            ..
        } => json!({
            "event": "recall", "node": node, "window": window,
            "lower": lower, "upper": upper,
        }),
        _ => Json::Null,
    }
}

/// How a search with `window` that returned `score` ended: `high`, `low`,
/// or `inside` the window.
fn outcome(window: Window, score: Scored) -> &'static str {
    match (window.fails_high(score), window.fails_low(score)) {
        (true, _) => "high",
        (_, true) => "low",
        _ => "inside",
    }
}

/// A step of SSS*'s list as JSON: `{event: take, node, status, merit,
/// case, parent}`, `{event: insert, node, status, merit}`, `{event:
/// purge, node, removed: [{node, status, merit}]}`.
fn list_json<T: GameTree>(tree: &T, step: &ListStep<T::Node>) -> Json {
    let state =
        |s: &State<T::Node>| json!({"node": tree.id(s.node), "status": s.status, "merit": s.merit});
    match step {
        ListStep::Take {
            state: taken,
            case,
            parent,
        } => {
            let mut event = state(taken);
            event["event"] = json!("take");
            event["case"] = json!(case);
            if let Some(parent) = parent {
                event["parent"] = json!(tree.id(*parent));
            }
            event
        }
        ListStep::Insert(inserted) => {
            let mut event = state(inserted);
            event["event"] = json!("insert");
            event
        }
        ListStep::Purge { node, removed } => json!({
            "event": "purge", "node": tree.id(*node),
            "removed": removed.iter().map(state).collect::<Vec<_>>(),
        }),
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
