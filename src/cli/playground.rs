//! The playground page `gametree serve` shows: a tree to type, paste or
//! load from the examples, the search's options, and the tree's web page
//! beside it, remade as the tree changes.

use gametree::search::Algorithm;

/// The example trees of `trees/`, carried in the binary.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "lecture-a-to-v.tree",
        include_str!("../../trees/lecture-a-to-v.tree"),
    ),
    (
        "aima-figure-5-2.tree",
        include_str!("../../trees/aima-figure-5-2.tree"),
    ),
    ("deep-cut.tree", include_str!("../../trees/deep-cut.tree")),
    ("min-root.tree", include_str!("../../trees/min-root.tree")),
    (
        "negative-and-decimal-values.tree",
        include_str!("../../trees/negative-and-decimal-values.tree"),
    ),
    (
        "parallel-lecture-beta-cuts.tree",
        include_str!("../../trees/parallel-lecture-beta-cuts.tree"),
    ),
    (
        "strict-fail-hard.tree",
        include_str!("../../trees/strict-fail-hard.tree"),
    ),
    (
        "strict-tie.tree",
        include_str!("../../trees/strict-tie.tree"),
    ),
    (
        "two-opponents.tree",
        include_str!("../../trees/two-opponents.tree"),
    ),
];

/// The page's body, with `{algorithms}` and `{examples}` to fill.
const BODY: &str = include_str!("../../assets/web/playground.html");
/// The page's script.
const SCRIPT: &str = include_str!("../../assets/web/playground.js");

/// The playground page.
pub(super) fn page() -> String {
    let algorithms: String = Algorithm::ALL
        .iter()
        .chain([Algorithm::Parallel].iter())
        .map(|a| {
            let selected = if *a == Algorithm::AlphaBeta {
                " selected"
            } else {
                ""
            };
            format!("<option value=\"{0}\"{selected}>{0}</option>", a.name())
        })
        .collect();
    let examples = serde_json::to_string(EXAMPLES).unwrap_or_else(|_| "[]".to_string());
    BODY.replace("{algorithms}", &algorithms)
        .replace("{examples}", &examples.replace("</", "<\\/"))
        .replace("{script}", SCRIPT)
}
