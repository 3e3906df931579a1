//! The playground page `gametree serve` shows: a tree to type, paste or
//! load from the examples, the search's options, and the tree's web page
//! beside it, remade as the tree changes. Its script and style are files
//! of their own (`/playground.js`, `/playground.css`), so that the page
//! has no inline code for its Content-Security-Policy to allow.

use gametree::search::Algorithm;

/// The example trees of `trees/`, carried in the binary: each name once.
macro_rules! examples {
    ($($name:literal),* $(,)?) => {
        &[$((
            concat!($name, ".tree"),
            include_str!(concat!("../../trees/", $name, ".tree")),
        )),*]
    };
}

/// The example trees, by file name.
const EXAMPLES: &[(&str, &str)] = examples![
    "lecture-a-to-v",
    "aima-figure-5-2",
    "labelled-moves",
    "aima-figure-5-11",
    "deep-cut",
    "min-root",
    "negative-and-decimal-values",
    "parallel-lecture-beta-cuts",
    "star1-chance",
    "star2-probes",
    "static-values",
    "strict-fail-hard",
    "strict-tie",
    "two-opponents",
];

/// The page, with `{algorithms}` and `{examples}` to fill.
const BODY: &str = include_str!("../../assets/web/playground.html");
/// The page's script, served as `/playground.js`.
pub(super) const SCRIPT: &str = include_str!("../../assets/web/playground.js");
/// The page's style, served as `/playground.css`.
pub(super) const STYLE: &str = include_str!("../../assets/web/playground.css");

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
    // No `<` in the data: nothing in it can end or open an element.
    BODY.replace("{algorithms}", &algorithms)
        .replace("{examples}", &examples.replace('<', "\\u003c"))
}

#[cfg(test)]
mod tests {
    use super::EXAMPLES;

    #[test]
    fn every_tree_of_trees_is_an_example() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/trees");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".tree"))
            .collect();
        files.sort();
        let mut examples: Vec<String> = EXAMPLES.iter().map(|(n, _)| n.to_string()).collect();
        examples.sort();
        assert_eq!(examples, files, "list every file of trees/ in EXAMPLES");
    }
}
