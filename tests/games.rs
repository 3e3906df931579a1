//! Generated games: `--game SPEC` for `solve` and `trace`, and `gametree
//! gen`, whose files read back as the very same trees.

mod common;

use gametree::games::{GameSpec, GameVisitor};
use gametree::tree::{GameTree, Tree};

use common::gametree;

/// Runs `gametree ARGS`, which must fail with exit code 2; its message.
fn refused(args: &[&str]) -> String {
    let output = gametree(args).output();
    assert_eq!(output.status.code(), Some(2), "gametree {args:?}");
    assert!(output.stdout.is_empty());
    String::from_utf8(output.stderr).unwrap()
}

/// `solve --json` on standard input.
fn solve_text(text: &str, algo: &str) -> String {
    gametree(["solve", "-", "--json", "--algo", algo])
        .stdin(text)
        .stdout()
}

const SPECS: [&str; 8] = [
    "random:branching=3,depth=4,seed=7",
    "random:branching=2..4,depth=5,seed=42,noise=1.5",
    "random:branching=3,depth=4,seed=9,order=best-first",
    "random:branching=3,depth=3,seed=2,order=worst-first,noise=0.25",
    "tictactoe:x...o....",
    "tictactoe:xx.oo..x.",
    "billes:n=4,k=3",
    "billes:n=7,k=2",
];

#[test]
fn solving_a_game_and_its_generated_file_agree() {
    for spec in SPECS {
        let file = gametree(["gen", "--game", spec]).stdout();
        for algo in ["alphabeta", "minimax", "negamax-alphabeta"] {
            let implicit = gametree(["solve", "--game", spec, "--json", "--algo", algo]).stdout();
            assert_eq!(implicit, solve_text(&file, algo), "{spec} with {algo}");
        }
    }
}

#[test]
fn tracing_a_game_and_its_generated_file_agree() {
    for spec in ["random:branching=3,depth=3,seed=5", "billes:n=5,k=2"] {
        let file = gametree(["gen", "--game", spec]).stdout();
        let from_file = gametree(["trace", "-"]).stdin(file.as_bytes()).output();
        assert_eq!(
            gametree(["trace", "--game", spec]).stdout(),
            String::from_utf8(from_file.stdout).unwrap()
        );
    }
}

/// Checks that two trees have the same shape, players, values, static
/// values and ids, walking both side by side.
struct SameAs<'a>(&'a Tree);

impl GameVisitor for SameAs<'_> {
    type Output = usize;

    fn visit<T>(self, game: &T) -> usize
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
    {
        let file = self.0;
        let mut stack = vec![(game.root(), file.root())];
        let mut nodes = 0;
        while let Some((g, f)) = stack.pop() {
            nodes += 1;
            assert_eq!(game.kind(g), file.kind(f), "{}", game.id(g));
            assert_eq!(game.value(g), file.value(f), "{}", game.id(g));
            assert_eq!(game.static_value(g), file.static_value(f));
            assert_eq!(game.id(g), file.id(f));
            let (gs, fs): (Vec<_>, Vec<_>) =
                (game.children(g).collect(), file.children(f).collect());
            assert_eq!(gs.len(), fs.len(), "{}", game.id(g));
            stack.extend(gs.into_iter().zip(fs));
        }
        nodes
    }
}

#[test]
fn generated_files_read_back_as_the_same_trees() {
    for spec in SPECS.iter().chain(&["tictactoe"]) {
        let file = gametree(["gen", "--game", spec]).stdout();
        let tree = gametree::syntax::parse(spec, &file).unwrap();
        let game: GameSpec = spec.parse().unwrap();
        let nodes = game.visit(SameAs(&tree));
        assert_eq!(nodes, tree.len(), "{spec}");
    }
}

#[test]
fn the_full_tictactoe_file_has_the_known_size_and_is_a_draw() {
    let file = gametree(["gen", "--game", "tictactoe"]).stdout();
    let tree = gametree::syntax::parse("tictactoe", &file).unwrap();
    let leaves = tree.nodes().filter(|&n| tree.is_leaf(n)).count();
    assert_eq!((tree.len(), leaves), (549_946, 255_168));
    let json: serde_json::Value = serde_json::from_str(&solve_text(&file, "alphabeta")).unwrap();
    assert_eq!(json["value"], 0);
}

#[test]
fn the_lecture_marble_games() {
    let value = |spec| {
        let json = gametree(["solve", "--game", spec, "--json"]).stdout();
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        json["value"].clone()
    };
    assert_eq!(value("billes:n=4,k=3"), -1, "lost for the first player");
    assert_eq!(value("billes:n=4,k=2"), 1, "won for the first player");
}

#[test]
fn a_perfectly_ordered_game_evaluates_the_knuth_moore_minimum() {
    let json = gametree([
        "solve",
        "--game",
        "random:branching=4,depth=7,seed=3,order=best-first",
        "--json",
    ])
    .stdout();
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        json["stats"]["leaves_evaluated"],
        4 * 4 * 4 * 4 + 4 * 4 * 4 - 1
    );
}

#[test]
fn a_billion_leaf_game_is_solved_without_writing_it() {
    let text = gametree([
        "solve",
        "--game",
        "random:branching=10,depth=9,seed=1,order=best-first",
    ])
    .stdout();
    assert!(text.contains("leaves evaluated: 109999\n"), "{text}");
    assert!(text.contains("cuts and pruned nodes: not listed"));
}

/// Leaf values of a tree file, in preorder.
fn leaves(text: &str) -> Vec<f64> {
    let tree = gametree::syntax::parse("gen", text).unwrap();
    tree.nodes()
        .filter(|&n| tree.is_leaf(n))
        .map(|n| tree.value(n).unwrap().to_f64())
        .collect()
}

#[test]
fn exercise_values_keep_the_best_moves() {
    let spec = "random:branching=2..4,depth=4,seed=11";
    let raw = gametree(["gen", "--game", spec]).stdout();
    let distinct = gametree(["gen", "--game", spec, "--values", "0..200", "--distinct"]).stdout();
    let small = gametree(["gen", "--game", spec, "--values", "0..9"]).stdout();
    let mut values = leaves(&distinct);
    assert!(values.iter().all(|v| (0.0..=200.0).contains(v)));
    values.sort_by(f64::total_cmp);
    values.dedup();
    assert_eq!(values.len(), leaves(&raw).len(), "all distinct");
    assert!(leaves(&small).iter().all(|v| (0.0..=9.0).contains(v)));
    let line = |text: &str| {
        let json: serde_json::Value = serde_json::from_str(&solve_text(text, "minimax")).unwrap();
        json["principal_variation"].clone()
    };
    assert_eq!(line(&distinct), line(&raw));
}

#[test]
fn bad_uses_are_refused_with_exit_code_2() {
    assert_eq!(
        refused(&["solve"]),
        "error: give a tree FILE (`-` reads standard input: `echo '[1 2]' | gametree solve -`) or --game SPEC\n"
    );
    assert!(
        refused(&["solve", "trees/min-root.tree", "--game", "tictactoe"])
            .contains("cannot be used with")
    );
    assert!(refused(&["solve", "--game", "chess"]).contains("unknown game `chess`"));
    assert!(
        refused(&["trace", "--game", "random:branching=10,depth=7,seed=1"]).contains(
            "too large to trace (up to 11111111 nodes; trace tells games of at most 1000000 nodes)"
        )
    );
    assert!(
        refused(&["gen", "--game", "billes:n=4,k=3", "--distinct"])
            .contains("apply to random games only")
    );
}

#[test]
fn gen_writes_a_file_atomically() {
    let dir = common::scratch("games-gen");
    let path = dir.join("game.tree");
    let path_text = path.to_str().unwrap();
    gametree(["gen", "--game", "billes:n=4,k=2", "-o", path_text]).stdout();
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        written,
        gametree(["gen", "--game", "billes:n=4,k=2"]).stdout()
    );
    let spec = "random:branching=3,depth=2,seed=1";
    let message = refused(&[
        "gen",
        "--game",
        spec,
        "--distinct",
        "--values",
        "0..3",
        "-o",
        path_text,
    ]);
    assert!(message.contains("--distinct needs 9 values for 9 leaves, but 0..3 holds only 4"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        written,
        "left alone"
    );
    assert_eq!(common::entries(&dir), ["game.tree"], "no temporary left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generated_files() {
    let cases: [(&str, &[&str]); 6] = [
        ("random", &["random:branching=3,depth=3,seed=7"]),
        (
            "random_uneven_noisy_best_first",
            &["random:branching=2..4,depth=3,seed=42,noise=1.5,order=best-first"],
        ),
        (
            "exercise_distinct",
            &[
                "random:branching=2..3,depth=3,seed=1",
                "--names",
                "--values",
                "0..20",
                "--distinct",
            ],
        ),
        (
            "exercise_small_values",
            &[
                "random:branching=2,depth=4,seed=5",
                "--names",
                "--values",
                "0..9",
            ],
        ),
        ("billes_4_3", &["billes:n=4,k=3", "--names"]),
        ("tictactoe_o_to_move", &["tictactoe:xx.oo..x."]),
    ];
    for (snapshot, case) in cases {
        let mut args = vec!["gen", "--game"];
        args.extend_from_slice(case);
        let name = case.join(" ");
        insta::with_settings!({ description => format!("gametree gen --game {name}") }, {
            insta::assert_snapshot!(snapshot, gametree(&args).stdout());
        });
    }
}

mod property {
    use gametree::games::{ChildOrder, RandomSpec, RandomTree, WriteOptions, write_tree};
    use gametree::search::{Algorithm, Options, search};
    use gametree::trace::CutLog;
    use proptest::prelude::*;

    use super::SameAs;
    use gametree::games::GameSpec;
    use gametree::tree::GameTree;

    fn specs() -> impl Strategy<Value = RandomSpec> {
        (
            1usize..4,
            0usize..3,
            0usize..6,
            any::<u64>(),
            0u8..4,
            0usize..3,
        )
            .prop_map(|(low, extra, depth, seed, noise, order)| {
                RandomSpec::new(low + extra, depth, seed)
                    .branching_between(low, low + extra)
                    .noise(f64::from(noise) * 0.75)
                    .order(ChildOrder::ALL[order])
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any random tree, written and read back, is the same tree and
        /// alpha-beta finds the same value, line and cuts on both.
        #[test]
        fn random_trees_survive_writing(spec in specs(), names in any::<bool>()) {
            let game = RandomTree::new(spec);
            let options = WriteOptions { names, statics: true, indent: 2, bounds: true };
            let mut text = Vec::new();
            write_tree(&game, &options, |_, v| v, &mut text).unwrap();
            let tree = gametree::syntax::parse("gen", std::str::from_utf8(&text).unwrap()).unwrap();
            if !names {
                let nodes = GameSpec::Random(spec).visit(SameAs(&tree));
                prop_assert_eq!(nodes, tree.len());
            }
            let (mut a, mut b) = (CutLog::default(), CutLog::default());
            let on_game = search(&game, Algorithm::AlphaBeta, Options::default(), &mut a).unwrap();
            let on_file = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut b).unwrap();
            prop_assert_eq!(on_game.score, on_file.score);
            prop_assert_eq!(on_game.stats, on_file.stats);
            prop_assert_eq!(a.cuts.len(), b.cuts.len());
            prop_assert_eq!(on_game.score.value, game.root().true_value());
        }
    }
}
