//! The simulated parallel search: sequential alpha-beta on one processor,
//! alpha-beta's value on any number, the same schedule every run, no
//! overhead on perfectly ordered trees, and the schedule of the parallel
//! lecture's tree.

mod common;

use common::simulation::{alphabeta_trace, assert_sequential, scheduled, tree_of};
use common::{all_options, oracle, shapes, shapes_with};
use gametree::search::{Options, Order, YoungBrothers, simulate};
use gametree::syntax::parse;
use gametree::trace::{NoRecorder, Schedule};
use gametree::tree::{GameTree, NodeId, Tree};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn one_processor_is_alphabeta_step_for_step(shape in shapes()) {
        let tree = tree_of(&shape);
        for options in all_options() {
            assert_sequential(&tree, options);
        }
    }

    #[test]
    fn one_processor_is_alphabeta_with_ordering_and_a_depth_limit(
        shape in shapes_with(true),
        depth in 0usize..4,
        split_depth in 0usize..5,
    ) {
        let tree = tree_of(&shape);
        let options = Options {
            order: Order::Static,
            depth: Some(depth),
            split_depth: Some(split_depth),
            ..Options::default()
        };
        assert_sequential(&tree, options);
    }

    #[test]
    fn any_processors_give_alphabetas_value(
        shape in shapes(),
        p in 1usize..17,
        scout in any::<bool>(),
        split_depth in 1usize..6,
        width in prop::option::of(1usize..4),
    ) {
        let tree = tree_of(&shape);
        let young_brothers = match scout {
            true => YoungBrothers::Scout,
            false => YoungBrothers::Full,
        };
        for base in all_options() {
            let options = Options {
                young_brothers: Some(young_brothers),
                split_depth: Some(split_depth),
                width,
                ..base
            };
            let simulation = simulate(&tree, options, p, &mut NoRecorder).unwrap();
            prop_assert_eq!(simulation.result.score.value, oracle(&tree, tree.root()));
            let nodes = simulation.result.stats.nodes_visited;
            prop_assert_eq!(simulation.steps * p as u64, nodes + simulation.idle_steps);
            prop_assert!(simulation.steps <= nodes);
        }
    }

    #[test]
    fn the_same_tree_gives_the_same_schedule(shape in shapes(), p in 2usize..9, scout in any::<bool>()) {
        let tree = tree_of(&shape);
        let options = Options {
            young_brothers: Some(if scout { YoungBrothers::Scout } else { YoungBrothers::Full }),
            ..Options::default()
        };
        let (_, first) = scheduled(&tree, options, p);
        let (_, second) = scheduled(&tree, options, p);
        prop_assert_eq!(first.acts, second.acts);
    }
}

/// The ids of the nodes sequential alpha-beta visits.
fn alphabeta_visits(tree: &Tree, options: Options) -> Vec<String> {
    let trace = alphabeta_trace(tree, options);
    trace.visited().map(|n| tree.id(n)).collect()
}

#[test]
fn perfectly_ordered_trees_have_no_overhead() {
    // Static values are the true minimax values and all leaves differ:
    // static ordering is perfect. Every CUT node then cuts after its
    // eldest, so no younger brother of a CUT node is ever offered, and the
    // brothers at PV and ALL nodes are all needed: the lecture's minimal
    // tree, whatever the processors.
    for (b, d) in [(2, 8), (3, 6), (4, 5), (6, 3)] {
        for seed in 0..4 {
            let tree = tree_of(&common::shuffled_with_true_statics(b, d, seed));
            let options = Options {
                order: Order::Static,
                split_depth: Some(d),
                ..Options::default()
            };
            let sequential = alphabeta_visits(&tree, options);
            for p in [2, 4, 8, 16] {
                let (simulation, schedule) = scheduled(&tree, options, p);
                let summary = simulation.summary();
                assert_eq!(summary.overhead_nodes, 0, "b={b} d={d} seed={seed} P={p}");
                let mut visited: Vec<String> =
                    schedule.visits().map(|(n, _, _)| tree.id(n)).collect();
                assert!(schedule.visits().all(|(_, _, speculative)| !speculative));
                visited.sort();
                let mut expected = sequential.clone();
                expected.sort();
                assert_eq!(visited, expected);
                // A binary tree gives Young Brothers Wait one brother at a
                // time: nothing to do in parallel.
                if b > 2 {
                    assert!(summary.speedup > 1.0, "b={b} d={d} P={p}: {summary:?}");
                }
            }
        }
    }
}

#[test]
fn badly_ordered_trees_have_overhead() {
    // The same trees searched worst first: the speculation is visible.
    let mut overheads = Vec::new();
    for seed in 0..4 {
        let tree = tree_of(&common::shuffled_with_true_statics(4, 5, seed));
        let options = Options {
            split_depth: Some(5),
            ..Options::default()
        };
        let (simulation, schedule) = scheduled(&tree, options, 8);
        let speculative = schedule.visits().filter(|(_, _, s)| *s).count() as i64;
        assert!(speculative >= simulation.summary().overhead_nodes);
        overheads.push(simulation.summary().overhead_nodes);
    }
    assert!(overheads.iter().any(|&o| o > 0), "{overheads:?}");
}

#[test]
fn more_processors_never_take_more_steps_on_a_uniform_tree() {
    let tree = tree_of(&common::uniform(4, 6, 1000, 7));
    let steps: Vec<u64> = [1, 2, 4, 8, 16]
        .iter()
        .map(|&p| {
            let simulation = simulate(&tree, Options::default(), p, &mut NoRecorder).unwrap();
            simulation.steps
        })
        .collect();
    assert!(steps.windows(2).all(|w| w[1] <= w[0]), "{steps:?}");
    assert!(steps[4] * 3 < steps[0], "{steps:?}");
}

#[test]
fn the_lecture_tree_on_two_and_four_processors() {
    for p in ["2", "4"] {
        let output = common::gametree([
            "trace",
            "trees/parallel-lecture-beta-cuts.tree",
            "--algo",
            "parallel",
            "--simulate",
            p,
        ])
        .output();
        assert!(output.status.success());
        let stdout = String::from_utf8(output.stdout).unwrap();
        insta::assert_snapshot!(format!("lecture_beta_cuts_on_{p}"), stdout);
    }
}

#[test]
fn the_lecture_tree_scout_on_two_processors() {
    let output = common::gametree([
        "trace",
        "trees/parallel-lecture-beta-cuts.tree",
        "--algo",
        "parallel",
        "--young-brothers",
        "scout",
        "--simulate",
        "2",
    ])
    .output();
    assert!(output.status.success());
    insta::assert_snapshot!(String::from_utf8(output.stdout).unwrap());
}

/// A scout brother that passes its test is searched again with its top
/// two levels split, below the split depth too, so that the second
/// processor, which has nothing else to do, helps with it; full brothers
/// at the same split depth leave that processor idle.
#[test]
fn a_scout_brothers_second_search_splits_below_the_split_depth() {
    // B (7) beats A (1): its test passes, and B is searched again.
    let tree = parse("passes", "[[1 1] [[5 6 7] [8 9 4] [9 9 9]]]").unwrap();
    let second_processor_works = |young_brothers| {
        let options = Options {
            split_depth: Some(1),
            young_brothers: Some(young_brothers),
            ..Options::default()
        };
        let (simulation, schedule) = scheduled(&tree, options, 2);
        assert_eq!(
            simulation.result.score.value,
            gametree::value::Value::from(7)
        );
        let mut below_b = schedule
            .visits()
            .filter(|&(_, p, _)| p == 1)
            .map(|(node, _, _)| tree.id(node));
        below_b.all(|id| id.starts_with("@2.")) && schedule.visits().any(|(_, p, _)| p == 1)
    };
    assert!(second_processor_works(YoungBrothers::Scout));
    assert!(!second_processor_works(YoungBrothers::Full));
}

/// The simulation shows Young Brothers Wait as the lecture gives it: full
/// brothers unless asked, on any number of processors, whatever the real
/// search's default on that many threads.
#[test]
fn the_simulation_searches_full_brothers_unless_asked() {
    let tree = tree_of(&common::uniform(3, 5, 100, 11));
    for p in [1, 2, 4] {
        let full = Options {
            young_brothers: Some(YoungBrothers::Full),
            ..Options::default()
        };
        let (default, _) = scheduled(&tree, Options::default(), p);
        let (asked, _) = scheduled(&tree, full, p);
        assert_eq!(default.steps, asked.steps, "{p} processors");
        assert_eq!(default.result.stats, asked.result.stats, "{p} processors");
    }
}

#[test]
fn simulate_needs_the_parallel_search() {
    let output =
        common::gametree(["trace", "trees/lecture-a-to-v.tree", "--simulate", "2"]).output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("--algo parallel"), "{stderr}");
    let output = common::gametree([
        "trace",
        "trees/lecture-a-to-v.tree",
        "--algo",
        "parallel",
        "--simulate",
        "2,4",
    ])
    .output();
    assert_eq!(output.status.code(), Some(2));
}

fn stdout_of(args: &[&str]) -> String {
    let output = common::gametree(args).output();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn solve_reports_the_simulation_in_json() {
    let json = stdout_of(&[
        "solve",
        "trees/parallel-lecture-beta-cuts.tree",
        "--algo",
        "parallel",
        "--simulate",
        "2",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let simulation = &json["simulation"];
    assert_eq!(simulation["processors"], 2);
    assert_eq!(simulation["steps"], 7);
    assert_eq!(simulation["sequential_steps"], 10);
    assert_eq!(simulation["overhead_nodes"], 1);
    assert_eq!(simulation["idle_steps"], 3);
    let speedup = simulation["speedup"].as_f64().unwrap();
    assert!((speedup - 10.0 / 7.0).abs() < 1e-9);
    let efficiency = simulation["efficiency"].as_f64().unwrap();
    assert!((efficiency - speedup / 2.0).abs() < 1e-9);
}

#[test]
fn solve_prints_a_table_for_a_list_of_processors() {
    let text = stdout_of(&[
        "solve",
        "--game",
        "random:branching=4,depth=5,seed=3",
        "--algo",
        "parallel",
        "--simulate",
        "1,2,4,8,16",
    ]);
    let table: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("processors"))
        .skip(1)
        .collect();
    assert_eq!(table.len(), 5, "{text}");
    let first: Vec<&str> = table[0].split_whitespace().collect();
    assert_eq!(&first[..1], ["1"]);
    assert_eq!(first[2], "1.00", "one processor is sequential: {text}");
    let json = stdout_of(&[
        "solve",
        "--game",
        "random:branching=4,depth=5,seed=3",
        "--algo",
        "parallel",
        "--simulate",
        "1,4",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let processors: Vec<u64> = json["simulation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["processors"].as_u64().unwrap())
        .collect();
    assert_eq!(processors, [1, 4]);
}

#[test]
fn solve_simulate_prints_the_same_bytes_on_every_run_and_any_threads() {
    // Large enough that the real parallel search's counts differed from
    // run to run when they were printed beside the simulation.
    let game = "random:branching=4,depth=7,seed=1";
    let runs = |extra: &[&str]| -> Vec<String> {
        ["1", "2", "4", "1", "4"]
            .iter()
            .map(|threads| {
                let mut args = vec!["solve", "--game", game, "--algo", "parallel"];
                args.extend(["--simulate", "1,4", "--threads", threads]);
                args.extend(extra);
                stdout_of(&args)
            })
            .collect()
    };
    for extra in [&["--json"][..], &[]] {
        let outputs = runs(extra);
        assert!(
            outputs.iter().all(|o| o == &outputs[0]),
            "{extra:?}: {outputs:#?}"
        );
    }
    // The report is sequential alpha-beta's, the simulation's baseline: its
    // nodes are the steps the simulation compares with.
    let json: serde_json::Value = serde_json::from_str(&runs(&["--json"])[0]).unwrap();
    assert_eq!(json["algorithm"], "alphabeta");
    assert_eq!(json["baseline_of"], "parallel");
    let sequential = &json["simulation"][0]["sequential_steps"];
    assert_eq!(&json["stats"]["nodes_visited"], sequential);
    let text = &runs(&[])[0];
    let first = text.lines().next().unwrap();
    assert!(
        first.contains("baseline of the simulated parallel search"),
        "{text}"
    );
}

#[test]
fn render_colours_nodes_by_processor_with_a_legend() {
    let dot = stdout_of(&[
        "render",
        "trees/parallel-lecture-beta-cuts.tree",
        "--algo",
        "parallel",
        "--simulate",
        "4",
        "--labels",
        "both",
    ]);
    let legend = dot
        .lines()
        .find(|l| l.contains("legend_processors["))
        .unwrap();
    for p in 1..=4 {
        assert!(legend.contains(&format!(">P{p}</font>")), "{legend}");
    }
    assert!(!legend.contains(">P5<"), "{legend}");
    let speculative: Vec<&str> = dot
        .lines()
        .filter(|line| line.contains("peripheries=2") && !line.contains("legend"))
        .collect();
    assert_eq!(speculative.len(), 1, "{dot}");
    assert!(speculative[0].contains(">@2.3</TD>"), "{dot}");
    let p2 = dot
        .lines()
        .filter(|line| line.contains("fillcolor=\"#875692\"") && !line.contains("legend"))
        .count();
    assert_eq!(p2, 4, "@1.3, @2.3, @3 and @3.1 are P2's: {dot}");
}

/// `render` of the lecture's parallel tree simulated on 2 processors.
const SIMULATED_RENDER: [&str; 6] = [
    "render",
    "trees/parallel-lecture-beta-cuts.tree",
    "--algo",
    "parallel",
    "--simulate",
    "2",
];

#[test]
fn render_writes_one_frame_per_time_step() {
    let dir = common::scratch("simulate-frames");
    let full = dir.join("full.dot");
    let frames = dir.join("frames");
    let to = ["--format", "dot", "-o", full.to_str().unwrap()];
    let args = [
        &SIMULATED_RENDER[..],
        &to,
        &["--frames", frames.to_str().unwrap()],
    ]
    .concat();
    stdout_of(&args);
    let names = common::entries(&frames);
    assert_eq!(names.len(), 7, "seven steps: {names:?}");
    let last = std::fs::read_to_string(frames.join(&names[6])).unwrap();
    let (caption, last) = last.split_once('\n').unwrap();
    assert!(caption.starts_with("// time step 7: "), "{caption}");
    assert_eq!(last, std::fs::read_to_string(&full).unwrap());
    let first = std::fs::read_to_string(frames.join(&names[0])).unwrap();
    assert!(
        first.starts_with("// time step 1: P1: enter root, window [-inf, +inf]\n"),
        "{first}"
    );
    let filled = |dot: &str| {
        dot.lines()
            .filter(|l| l.contains("fillcolor") && !l.contains("legend"))
            .count()
    };
    assert_eq!(filled(&first), 1, "only the root is entered at step 1");
    assert_eq!(filled(last), 11);
}

#[test]
fn step_ends_close_every_time_step() {
    let tree = parse("lecture", "min [[3 6 4] [2 9 5] [7 4 8]]").unwrap();
    let (simulation, schedule) = scheduled(&tree, Options::default(), 2);
    let ends = schedule.step_ends();
    assert_eq!(ends.len() as u64, simulation.steps);
    assert!(ends.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(*ends.last().unwrap(), schedule.trace().events.len());
}

#[test]
fn trace_json_tags_every_act_with_its_step_and_processor() {
    let json = stdout_of(&[
        "trace",
        "trees/parallel-lecture-beta-cuts.tree",
        "--algo",
        "parallel",
        "--simulate",
        "2",
        "--json",
    ]);
    let acts: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
    assert!(
        acts.iter()
            .all(|a| a["time"].is_u64() && a["processor"].is_u64())
    );
    let speculative: Vec<&serde_json::Value> = acts
        .iter()
        .filter(|a| a["speculative"] == true)
        .map(|a| &a["node"])
        .collect();
    assert_eq!(speculative, ["@2.3", "@2.3"], "its entry and its value");
    let stop = acts.iter().find(|a| a["event"] == "stop").unwrap();
    assert_eq!(stop["node"], "@2.3");
    assert_eq!(stop["processors"], serde_json::json!([2]));
}

#[test]
fn a_leaf_the_speculation_needs_must_have_a_value() {
    // Sequential alpha-beta prunes T, U and V; four processors reach U.
    let output = common::gametree([
        "trace",
        "trees/lecture-a-to-v.tree",
        "--algo",
        "parallel",
        "--simulate",
        "4",
    ])
    .output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("lecture-a-to-v.tree:8:"), "{stderr}");
    assert!(stderr.contains("leaf U has an unknown value"), "{stderr}");
}

#[test]
fn render_simulate_draws_natively_and_refuses_only_the_key() {
    let dir = common::scratch("simulate-native");
    // No Graphviz on this PATH: every picture is gametree's own.
    let bin = dir.join("bin");
    std::fs::create_dir(&bin).unwrap();
    for (extension, start) in [
        ("svg", &b"<?xml"[..]),
        ("png", b"\x89PNG"),
        ("pdf", b"%PDF"),
        ("tex", b"% Drawn"),
    ] {
        let out = dir.join(format!("sim.{extension}"));
        let args = [&SIMULATED_RENDER[..], &["-o", out.to_str().unwrap()]].concat();
        let output = common::gametree(&args).env("PATH", &bin).output();
        assert_eq!(output.status.code(), Some(0), "{extension}: {output:?}");
        assert!(
            std::fs::read(&out).unwrap().starts_with(start),
            "{extension}"
        );
    }
    let svg = std::fs::read_to_string(dir.join("sim.svg")).unwrap();
    assert!(
        svg.contains(">P1</text>") && svg.contains(">P2</text>"),
        "the legend"
    );
    assert!(svg.contains("fill=\"#875692\""), "P2's colour");
    assert!(svg.contains(">speculative: alpha-beta prunes it</text>"));
    let deck = dir.join("deck.pdf");
    let args = [&SIMULATED_RENDER[..], &["--frames", deck.to_str().unwrap()]].concat();
    assert_eq!(
        common::gametree(&args)
            .env("PATH", &bin)
            .output()
            .status
            .code(),
        Some(0)
    );
    let output =
        common::gametree([&SIMULATED_RENDER[..], &["--key", "--format", "svg"]].concat()).output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("--key writes the answers of a sequential search"),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A node a processor opened before a brother elsewhere improved the
/// bound above cuts with that bound when its next child that is not a
/// leaf comes back, as the real search does: on two processors the
/// root's brothers `[10 11]` and `[5 [20] 30 40 50 60]` start together
/// with alpha 0; the first finishes (alpha 10) as the second enters
/// `[20]`, and the second, at 5, cuts when `[20]` returns instead of
/// taking its last four leaves. Sequential alpha-beta visits 7 nodes; the
/// simulation two more, `[20]` and its leaf.
#[test]
fn a_running_brother_cuts_with_a_bound_found_after_it_opened() {
    let tree = parse("cut-from-above", "max [0 [10 11] [5 [20] 30 40 50 60]]").unwrap();
    let options = Options {
        split_depth: Some(1),
        young_brothers: Some(YoungBrothers::Full),
        ..Options::default()
    };
    let (simulation, schedule) = scheduled(&tree, options, 2);
    assert_eq!(simulation.sequential_steps, 7);
    assert_eq!(simulation.result.stats.nodes_visited, 9);
    assert_eq!(simulation.result.score.value.to_string(), "10");
    let visited: Vec<String> = schedule
        .visits()
        .map(|(node, _, _)| tree.id(node).to_string())
        .collect();
    assert!(visited.contains(&"@3.2.1".to_string()), "{visited:?}");
    assert!(!visited.contains(&"@3.3".to_string()), "{visited:?}");
}

/// The eldest line of a tall tree splits below the split depth, as the
/// real search's does: on two processors the second starts once the
/// eldest line reaches a node whose children stand five plies above the
/// leaves (at most 7 plies down and a 5-ply subtree of 364 nodes), not
/// once the root's eldest child is done (971 leaves at the least, by
/// Knuth and Moore's count). One processor is still sequential alpha-beta,
/// step for step.
#[test]
fn the_eldest_line_of_a_tall_tree_splits_deeper() {
    use gametree::games::random::{RandomSpec, RandomTree};
    let options = Options {
        split_depth: Some(1),
        ..Options::default()
    };
    for seed in 1..=3 {
        let tree = RandomTree::new(RandomSpec::new(3, 12, seed));
        let mut schedule = Schedule::new();
        let simulation = simulate(&tree, options, 2, &mut schedule).unwrap();
        let known = tree.static_value(tree.root()).unwrap();
        assert_eq!(simulation.result.score.value, known, "seed {seed}");
        let second_starts = schedule
            .acts
            .iter()
            .find(|act| act.processor == 1)
            .map(|act| act.time)
            .unwrap();
        assert!(second_starts <= 7 + 364 + 1, "seed {seed}: {second_starts}");
    }
    let tall = tree_of(&common::uniform(2, 11, 100, 3));
    assert_sequential(&tall, options);
}

/// The split depth counts the split nodes above a node, not its plies, as
/// the real search's does: a ply taken through an eldest child adds none.
/// With split depth 2 on a tree ten plies tall, children stand five plies
/// above the leaves from ply 5 on. So a node splits (its children are
/// entered by both processors) only if it lies above ply 5 and under at
/// most one split node: at most one younger child on its path from the
/// root. Counted in plies, as before, nothing under a younger child of the
/// root would split; now some node there does. One processor is still
/// sequential alpha-beta, step for step.
#[test]
fn the_split_depth_counts_split_nodes_not_plies() {
    use std::collections::{HashMap, HashSet};
    let options = Options {
        split_depth: Some(2),
        young_brothers: Some(YoungBrothers::Full),
        ..Options::default()
    };
    for seed in 1..=3 {
        let tree = tree_of(&common::uniform(3, 10, 100, seed));
        let (_, schedule) = scheduled(&tree, options, 2);
        let mut entered_by: HashMap<NodeId, HashSet<usize>> = HashMap::new();
        for (node, processor, _) in schedule.visits() {
            if let Some(parent) = tree.parent(node) {
                entered_by.entry(parent).or_default().insert(processor);
            }
        }
        let split: Vec<NodeId> = entered_by
            .into_iter()
            .filter(|(_, processors)| processors.len() > 1)
            .map(|(node, _)| node)
            .collect();
        let deep_off_the_eldest_line =
            |node: NodeId| ply_of(&tree, node) >= 2 && younger_steps(&tree, node) >= 1;
        assert!(
            split.iter().any(|&n| deep_off_the_eldest_line(n)),
            "seed {seed}"
        );
        for &node in &split {
            let (ply, younger) = (ply_of(&tree, node), younger_steps(&tree, node));
            assert!(ply < 5 && younger < 2, "seed {seed}: {}", tree.id(node));
        }
    }
    let tall = tree_of(&common::uniform(3, 10, 100, 1));
    assert_sequential(&tall, options);
}

/// How many plies `node` lies below the root.
fn ply_of(tree: &Tree, node: NodeId) -> usize {
    std::iter::successors(tree.parent(node), |&n| tree.parent(n)).count()
}

/// How many of the steps from the root down to `node` go to a child other
/// than the first.
fn younger_steps(tree: &Tree, node: NodeId) -> usize {
    let mut count = 0;
    let mut child = node;
    while let Some(parent) = tree.parent(child) {
        count += usize::from(tree.children(parent).next() != Some(child));
        child = parent;
    }
    count
}
