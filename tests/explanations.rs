//! What `check --claims` says about a wrong window or a wrong cut is true
//! of the search: at a chance node, whose children's windows Star1 works
//! out, and for a node entered more than once (PVS's re-search, MTD(f)'s
//! and the aspiration window's passes), whose claims are about the last
//! time. And a static value outside the leaf bounds is called what it is.

mod common;

use common::gametree;

const LECTURE: &str = "trees/lecture-a-to-v.tree";

/// Two chance nodes under MAX, with leaf bounds: Star1 gives the children
/// of C2 windows of its own.
const STAR1: &str = "bounds 0 10
A [
 C1 chance [ 0.7: [9 10] 0.3: [9 7] ]
 C2 chance [ 0.7: [2 10] 0.3: [5 8] ]
]
";

/// The explanation `check --claims` gives under `answer`, for the tree
/// file `tree` searched with `args`.
fn explained(tree: &str, answer: &str, args: &[&str]) -> String {
    let name = answer.replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let name = format!("{name}-{}.answers", args.join("_"));
    let path = common::written("explanations", name, format!("{answer}\n"));
    let mut all = vec!["check", tree, "--claims", &path];
    all.extend_from_slice(args);
    let stdout = gametree(&all).outcome().stdout;
    let mut lines = stdout.lines().skip_while(|l| !l.ends_with(answer));
    lines
        .next()
        .unwrap_or_else(|| panic!("no {answer} in {stdout}"));
    lines.next().unwrap_or_default().trim().to_string()
}

fn tree_file(name: &str, text: &str) -> String {
    common::written("explanations", name, text)
}

#[test]
fn a_chance_node_does_not_pass_its_window_on_unchanged() {
    let tree = tree_file("star1.tree", STAR1);
    let why = explained(&tree, "expect window @2.1 [8.4, +inf]", &[]);
    assert!(
        why.starts_with("@2.1 is entered with window [7.7143, 10]"),
        "{why}"
    );
    assert!(why.contains("the window Star1 works out"), "{why}");
    assert!(!why.contains("unchanged"), "{why}");
}

#[test]
fn a_chance_node_that_does_not_cut_is_not_said_to_have_no_value_yet() {
    let text = "bounds 0 10\nA max [ B min [ 5 7 ] D chance [ 0.5: E max [ 6 1 ] 0.5: 8 ] ]\n";
    let tree = tree_file("no-value-yet.tree", text);
    for answer in ["expect cut D star1", "expect pruned @2.2"] {
        let why = explained(&tree, answer, &[]);
        assert!(why.contains("Star1 cannot show"), "{why}");
        assert!(!why.contains("no value yet"), "{why}");
    }
}

#[test]
fn a_node_entered_more_than_once_is_explained_by_its_last_window() {
    for (answer, args, last) in [
        (
            "expect window I [2, 2+ε]",
            &["--algo", "pvs"][..],
            "I is entered 2 times",
        ),
        (
            "expect window A [2, 2+ε]",
            &["--algo", "mtdf"][..],
            "A is entered 3 times",
        ),
        (
            "expect window A [3, 4]",
            &["--window", "3,4"][..],
            "A is entered 2 times",
        ),
    ] {
        let why = explained(LECTURE, answer, args);
        assert!(why.starts_with(last), "{args:?}: {why}");
        assert!(
            why.contains("a window claim is about the last time"),
            "{why}"
        );
        assert!(!why.contains("full window"), "{why}");
    }
    let once = explained(LECTURE, "expect window A [3, 4]", &[]);
    assert_eq!(
        once,
        "A is the root, entered with the full window [-inf, +inf]"
    );
}

#[test]
fn one_re_search_is_one() {
    let why = explained(LECTURE, "expect researches 5", &["--algo", "pvs"]);
    let count: u64 = why
        .strip_prefix("the search makes ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{why}"));
    let word = if count == 1 {
        "re-search "
    } else {
        "re-searches "
    };
    assert!(why.contains(word), "{why}");
}

#[test]
fn a_static_value_outside_the_bounds_is_not_called_a_leaf() {
    let text = "bounds 0 10\nA [ B min = 5 [ 3 4 ] C2 min = 20 [ 5 6 ] ]\n";
    let outcome = gametree(["solve", "-", "--depth", "1"])
        .stdin(text)
        .outcome();
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    let said = "<stdin>:2:23: the static value of C2 = 20 lies outside the leaf bounds [0, 10]";
    assert!(
        outcome.stderr.starts_with(&format!("error: {said}")),
        "{}",
        outcome.stderr
    );
    let leaf = gametree(["solve", "-"])
        .stdin("bounds 0 10\n[3 11]\n")
        .outcome();
    assert!(
        leaf.stderr.contains("leaf @2 = 11 lies outside"),
        "{}",
        leaf.stderr
    );
}

#[test]
fn a_cut_or_a_visit_in_one_of_several_searches_is_said_so() {
    let cut = explained(LECTURE, "expect cut J beta", &["--algo", "pvs"]);
    assert!(cut.starts_with("J is entered 2 times"), "{cut}");
    assert!(cut.contains("a cut claim is about the last time"), "{cut}");
    let window = explained(LECTURE, "expect window J [5, 5+ε]", &["--algo", "mtdf"]);
    assert!(
        window.contains("in an earlier search of its parent I than the last"),
        "{window}"
    );
    assert!(!window.contains("unchanged"), "{window}");
    let pruned = explained(LECTURE, "expect pruned F", &["--algo", "mtdf"]);
    assert!(pruned.contains("at least one of them"), "{pruned}");
}
