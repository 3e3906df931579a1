//! Answers about the nodes below a depth limit, which the search neither
//! visits nor prunes: a pruned list earns what it names down to the limit
//! only, and an explanation never calls such a node evaluated or pruned.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value as Json;

use common::gametree;
use gametree::syntax::parse;
use gametree::tree::{GameTree, NodeId, Tree};

/// Two MIN nodes over MAX nodes with static values: searched 2 plies deep,
/// C's alpha cut prunes G and H, each a node over two leaves.
const TREE: &str = "A max [
  B min = 3 [ D max = 4 [3 5]  E max = 7 [6 9] ]
  C min = 2 [ F max = 1 [0 1]  G max = 8 [7 9]  H max = 5 [1 2] ]
]
";

/// Writes `text` as the file `name` in this file's folder of the target
/// directory.
fn written(name: &str, text: &str) -> String {
    common::written("depth-limit", name, text)
}

/// The `pruned` question of `answers` graded against the key of `tree`
/// searched `depth` plies deep: the question's row of the JSON report.
fn pruned_question(tree: &str, depth: usize, answers: &str) -> Json {
    // Each call has its own files: the tests run at once.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let depth = depth.to_string();
    let key = gametree(["key", tree, "--depth", &depth]).stdout();
    let key = written(&format!("key-{call}.answers"), &key);
    let answers = written(&format!("student-{call}.answers"), answers);
    let args = [
        "check", tree, "--depth", &depth, "--key", &key, "--format", "json",
    ];
    let outcome = gametree(args.iter().copied().chain([answers.as_str()])).outcome();
    let report: Json = serde_json::from_str(&outcome.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", outcome.stdout, outcome.stderr));
    let questions = report["files"][0]["grade"]["questions"].as_array().unwrap();
    let pruned = questions.iter().find(|q| q["question"] == "pruned");
    pruned
        .unwrap_or_else(|| panic!("no pruned question in {report}"))
        .clone()
}

fn points(question: &Json) -> f64 {
    question["points"].as_f64().unwrap()
}

#[test]
fn a_pruned_list_earns_what_it_names_down_to_the_limit() {
    let tree = written("two-cuts.tree", TREE);
    // Right elements less false ones, over the 2 nodes pruned within the
    // limit (G and H; their leaves lie below it).
    for (answer, earned) in [
        ("expect pruned G H", 1.0),
        ("expect pruned G", 0.5),
        ("expect pruned H", 0.5),
        ("expect pruned G D", 0.0),
        ("expect pruned G H @1.1.2", 0.5),
        ("expect pruned @2.2.1", 0.0),
        // A node below the limit is false even beside a pruned node
        // listed above it, in either order.
        ("expect pruned G H @2.2.1", 0.5),
        ("expect pruned @2.2.1 G H", 0.5),
        ("expect pruned G H @2.2.1 @2.2.2", 0.0),
        ("expect pruned G @2.2.1", 0.0),
    ] {
        let question = pruned_question(&tree, 2, answer);
        assert_eq!(points(&question), earned, "{answer}: {question}");
    }
}

#[test]
fn a_node_below_the_limit_is_never_called_evaluated_or_pruned() {
    let tree = written("below.tree", TREE);
    let answers = written(
        "below.answers",
        "expect pruned @2.2.1 @1.1.2\nexpect @1.1.1 = 3\nexpect window @1.1.1 [-inf, +inf]\n\
         expect D = 5\nexpect leaves D E F @2.2.1\n",
    );
    let outcome = gametree(["check", &tree, "--depth", "2", "--claims", &answers]).outcome();
    let lines: Vec<&str> = outcome.stdout.lines().collect();
    let said = |claim: &str| {
        let at = lines.iter().position(|l| l.ends_with(claim)).unwrap();
        lines[at + 1].trim().to_string()
    };
    let pruned = said("expect pruned @2.2.1 @1.1.2");
    assert!(
        pruned.contains("@2.2.1 lies below the depth limit, under G, which is pruned"),
        "{pruned}"
    );
    assert!(
        pruned.contains("@1.1.2 lies below the depth limit: the search values D statically"),
        "{pruned}"
    );
    for claim in ["expect @1.1.1 = 3", "expect window @1.1.1 [-inf, +inf]"] {
        let why = said(claim);
        assert!(
            why.starts_with("@1.1.1 lies below the depth limit"),
            "{why}"
        );
    }
    let leaves = said("expect leaves D E F @2.2.1");
    assert!(
        leaves.contains("@2.2.1 lies below the depth limit"),
        "{leaves}"
    );
    let static_value = said("expect D = 5");
    assert!(
        static_value.starts_with("D = 4: its static value, at the depth limit"),
        "{static_value}"
    );
    for line in &lines {
        for node in ["@2.2.1", "@1.1.1", "@1.1.2"] {
            assert!(!line.contains(&format!("{node} is evaluated")), "{line}");
            assert!(!line.contains(&format!("{node} is visited")), "{line}");
            assert!(!line.contains(&format!("{node} (pruned)")), "{line}");
        }
    }
}

/// How many nodes the subtree of `node` holds, `ply` plies below the root,
/// down to ply `limit`.
fn within(tree: &Tree, node: NodeId, ply: usize, limit: usize) -> usize {
    match ply < limit {
        true => {
            1 + (tree.children(node))
                .map(|c| within(tree, c, ply + 1, limit))
                .sum::<usize>()
        }
        false => 1,
    }
}

/// The ply of `id` (a child path, `@2.1`): its number of steps.
fn ply(id: &str) -> usize {
    id.trim_start_matches('@').split('.').count()
}

#[test]
fn each_pruned_root_alone_earns_its_share_of_the_nodes_pruned_within_the_limit() {
    let mut cases = 0;
    for seed in 1..=30 {
        let game = format!("random:branching=3,depth=5,seed={seed},noise=3");
        let name = format!("noisy-{seed}.tree");
        let path = written(&name, "");
        gametree(["gen", "--game", &game, "-o", &path]).stdout();
        let tree = parse(&name, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let key = gametree(["key", &path, "--depth", "3"]).stdout();
        let line = key
            .lines()
            .find(|l| l.starts_with("expect pruned"))
            .unwrap();
        let roots: Vec<&str> = line.split_whitespace().skip(2).collect();
        if roots == ["none"] {
            continue;
        }
        let size = |id: &str| within(&tree, tree.find(id).unwrap(), ply(id), 3);
        let all: usize = roots.iter().map(|r| size(r)).sum();
        for root in &roots {
            let question = pruned_question(&path, 3, &format!("expect pruned {root}"));
            let share = size(root) as f64 / all as f64;
            let expected = match roots.len() {
                1 => 1.0,
                _ => share.min(0.99),
            };
            let got = points(&question);
            assert!(
                (got - expected).abs() < 1e-4,
                "{game} --depth 3, {root}: {got} against {expected}"
            );
            cases += 1;
        }
    }
    assert!(cases >= 10, "only {cases} pruned roots in 30 trees");
}

#[test]
fn a_cut_or_a_leaf_at_the_limit_is_explained_by_its_static_value() {
    let tree = written("limit-cut.tree", TREE);
    let answers = written(
        "limit-cut.answers",
        "expect cut D beta\nexpect cut @1.1.1 alpha\nexpect leaves D D E F\n",
    );
    let outcome = gametree(["check", &tree, "--depth", "2", "--claims", &answers]).outcome();
    let text = outcome.stdout;
    assert!(
        text.contains("there is no cut at D: it lies at the depth limit, where the search takes its static value"),
        "{text}"
    );
    assert!(text.contains("@1.1.1 lies below the depth limit"), "{text}");
    assert!(
        text.contains("D is valued at the depth limit once, as a leaf"),
        "{text}"
    );
    assert!(!text.contains("examines all its children"), "{text}");
    assert!(!text.contains("not a leaf"), "{text}");
}
