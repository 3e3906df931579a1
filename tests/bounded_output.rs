//! Every output grows linearly with its input: an unnamed node's id does
//! not grow with its depth (`@n` and its preorder number below 32 plies),
//! so a tree 10,000 levels deep gives outputs of the size its file has,
//! give or take a constant factor, where path ids made them grow with the
//! square of the depth (100 MB of `solve --json` for a 20 KB chain).

mod common;

use common::{chain, gametree, scratch};
use gametree::tree::{GameTree, Tree};

/// A caterpillar `depth` levels deep: each level a leaf, then the next
/// level, so that the ids down the spine read `@2.2.2...` and no prefix is
/// shared with another branch. The leaves close in on the last one from
/// both sides (the even levels' rise, the odd levels' fall), so that no
/// window ever empties: alpha-beta cuts nothing, every node is visited and
/// named in the trace, and the principal variation runs to the bottom.
fn caterpillar(depth: usize) -> String {
    let mut text = String::new();
    for level in 0..depth {
        let leaf = match level % 2 {
            0 => level,
            _ => 100_000 - level,
        };
        text.push_str(&format!("[ {leaf} "));
    }
    text.push_str("50000");
    text.push_str(&" ]".repeat(depth));
    text
}

/// A tree of a given depth, as text.
type Shape = fn(usize) -> String;

/// The commands measured: each prints what it makes on standard output.
const COMMANDS: [&[&str]; 6] = [
    &["solve", "--json"],
    &["solve"],
    &["trace", "--json"],
    &["trace"],
    &["key"],
    &[
        "render",
        "--format",
        "svg",
        "--max-draw-nodes",
        "30000",
        "-o",
        "-",
    ],
];

/// The size of each command's output on `tree`, then `check --format json`'s
/// with an answer file of the key's first and last 30 lines (the last name
/// the deepest nodes); each command must succeed.
fn output_sizes(dir: &std::path::Path, name: &str, tree: &str) -> Vec<(String, usize, usize)> {
    let path = dir.join(format!("{name}.tree"));
    std::fs::write(&path, tree).unwrap();
    let mut sizes = Vec::new();
    for args in COMMANDS {
        let out = gametree(args).arg(&path).stdout_bytes();
        sizes.push((args.join(" "), tree.len(), out.len()));
    }
    let key = gametree(["key"]).arg(&path).stdout();
    let lines: Vec<&str> = key.lines().filter(|l| l.starts_with("expect")).collect();
    let answers = [&lines[..30], &lines[lines.len() - 30..]]
        .concat()
        .join("\n");
    let answer_path = dir.join(format!("{name}.answers"));
    std::fs::write(&answer_path, &answers).unwrap();
    let out = gametree(["check", "--format", "json"])
        .arg(&path)
        .arg(&answer_path)
        .stdout_bytes();
    sizes.push((
        "check --format json".into(),
        tree.len() + answers.len(),
        out.len(),
    ));
    sizes
}

#[test]
fn every_output_of_a_tree_ten_thousand_deep_is_linear_in_its_size() {
    let dir = scratch("bounded-deep");
    let shapes: [(&str, Shape); 2] = [
        ("chain", |depth| chain(depth, "1 2")),
        ("caterpillar", caterpillar),
    ];
    for (name, shape) in shapes {
        let deep = output_sizes(&dir, name, &shape(10_000));
        let shallow = output_sizes(&dir, &format!("{name}-1000"), &shape(1_000));
        for ((command, input, output), (_, small_input, small_output)) in deep.iter().zip(&shallow)
        {
            eprintln!("{name} {command}: {input} -> {output}, {small_input} -> {small_output}");
            assert!(
                *output <= 200 * input,
                "{name} {command}: {output} bytes from {input}"
            );
            // Ten times the depth: ten times the output, and a little more
            // for numbers one digit longer; a square would give a hundred.
            assert!(
                *output <= 12 * small_output,
                "{name} {command}: {output} bytes at 10,000 levels, {small_output} at 1,000"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn deep_ids_read_back_in_expect_lines() {
    let dir = scratch("bounded-expect");
    let tree = dir.join("chain.tree");
    std::fs::write(&tree, chain(40, "1 2")).unwrap();
    // The chain's lists are numbered 1 to 40 in preorder, its leaves 41
    // and 42; the lists below 32 plies have no path id.
    let answers = dir.join("a.answers");
    std::fs::write(
        &answers,
        "expect @n34 = 1\nexpect best @1\nexpect @1.1.1 = 1\nexpect @n42 = 2\n",
    )
    .unwrap();
    let outcome = gametree(["check"]).arg(&tree).arg(&answers).outcome();
    assert_eq!(outcome.code, 0, "{}{}", outcome.stdout, outcome.stderr);
    let path_33 = format!("@{}", vec!["1"; 33].join("."));
    std::fs::write(&answers, format!("expect {path_33} = 1\n")).unwrap();
    let outcome = gametree(["check"]).arg(&tree).arg(&answers).outcome();
    assert_eq!(outcome.code, 1, "a path past 32 plies names no node");
    assert!(outcome.stdout.contains("no node"), "{}", outcome.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_generated_game_s_ids_are_its_written_file_s() {
    for (game, deep) in [
        ("billes:n=40,k=1", true),
        ("random:branching=1,depth=40,seed=3", true),
        ("billes:n=6,k=3", false),
    ] {
        let text = gametree(["gen", "--game", game, "-o", "-"]).stdout();
        let file: Tree = gametree::syntax::parse("g.tree", &text).unwrap();
        let spec: gametree::games::GameSpec = game.parse().unwrap();
        let game_ids = spec.visit(Ids);
        let file_ids: Vec<String> = file.nodes().map(|n| file.id(n)).collect();
        assert_eq!(game_ids, file_ids, "{game}");
        assert_eq!(deep, file_ids.contains(&"@n40".to_string()), "{game}");
    }
}

/// Every node's id, in preorder.
struct Ids;

impl gametree::games::GameVisitor for Ids {
    type Output = Vec<String>;
    fn visit<T>(self, tree: &T) -> Vec<String>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
    {
        gametree::tree::subtree(tree, tree.root())
            .into_iter()
            .map(|n| tree.id(n))
            .collect()
    }
}
