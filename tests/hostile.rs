//! Hostile input against the built binary, deep and huge: nesting and
//! chains past the depth limit, ten million children, `--max-nodes` on
//! files, streams and generated games, endless input. Each refusal ends
//! with exit code 2 and a one-line cause (`error: ...`, then for a
//! positioned error the offending line and a caret), never a panic, an
//! abort or a stack overflow, and long before the input is read whole.
//! Malformed text is `hostile_text.rs`'s, files and outputs
//! `hostile_files.rs`'s, long names in messages `hostile_messages.rs`'s.

mod common;

use common::{ALGORITHMS, assert_refused, chain, gametree, solve_stdin};
use gametree::tree::MAX_DEPTH;

#[test]
fn nesting_a_million_levels_deep_is_refused_at_the_level_past_the_limit() {
    let place = format!("<stdin>:1:{}:", MAX_DEPTH + 1);
    let words = format!("nested more than {MAX_DEPTH} levels deep");
    let unclosed = solve_stdin("[".repeat(1_000_000), &[]);
    assert_refused(&unclosed, &place, &words);
    let on_lines = solve_stdin("[\n".repeat(1_000_000), &[]);
    assert_refused(&on_lines, &format!("<stdin>:{}:1:", MAX_DEPTH + 1), &words);
}

#[test]
fn a_chain_a_million_deep_is_refused_by_every_algorithm() {
    let text = chain(1_000_000, "1");
    let place = format!("<stdin>:1:{}:", MAX_DEPTH + 1);
    for algo in ALGORITHMS {
        let outcome = solve_stdin(text.clone(), &["--algo", algo]);
        assert_refused(&outcome, &place, "levels deep");
    }
}

#[test]
fn a_chain_at_the_depth_limit_is_solved_by_every_algorithm() {
    let text = chain(MAX_DEPTH, "7");
    for algo in ALGORITHMS {
        let outcome = solve_stdin(text.clone(), &["--algo", algo]);
        assert_eq!(outcome.code, 0, "{algo}: {}", outcome.stderr);
        let lines: Vec<&str> = outcome.stdout.lines().collect();
        assert_eq!(lines[1], "value: 7");
        // The text lists the first 20 moves of the line only (their ids
        // are paths: the first 32 levels keep them).
        let shown = format!(
            "{} ... and {} more moves",
            path_ids(20).join(" "),
            MAX_DEPTH - 20
        );
        assert!(
            lines[3].starts_with(&format!("principal variation: {shown}")),
            "{}",
            lines[3]
        );
        assert_eq!(lines[5], "leaves evaluated: 1");
    }
    let one_more = solve_stdin(chain(MAX_DEPTH + 1, "7"), &[]);
    assert_refused(&one_more, &format!("<stdin>:1:{}:", MAX_DEPTH + 1), "deep");
}

/// `@1`, `@1.1`, ...: the ids down a chain, to 32 levels.
fn path_ids(count: usize) -> Vec<String> {
    (1..=count)
        .map(|n| format!("@{}", vec!["1"; n].join(".")))
        .collect()
}

#[test]
fn a_deep_chain_is_traced_and_listed_whole_in_json() {
    let text = chain(1000, "7");
    let traced = gametree(["trace", "-", "--json"]).stdin(&text).outcome();
    assert_eq!(traced.code, 0, "{}", traced.stderr);
    let events: serde_json::Value = serde_json::from_str(&traced.stdout).unwrap();
    // An enter for each of the 1001 nodes, one leaf, a final for each of
    // the 1000 lists.
    assert_eq!(events.as_array().unwrap().len(), 1001 + 1 + 1000);
    let solved = solve_stdin(text, &["--json"]);
    let json: serde_json::Value = serde_json::from_str(&solved.stdout).unwrap();
    let line = json["principal_variation"].as_array().unwrap();
    assert_eq!(line.len(), 1000);
    // Paths down to 32 levels, then preorder numbers: the chain's node
    // d levels down is the (d + 1)-th.
    assert_eq!(line[..32], path_ids(32)[..]);
    assert_eq!(line[32], "@n34");
    assert_eq!(line[999], "@n1001");
}

#[test]
fn one_node_with_ten_million_children_is_solved() {
    let mut text = Vec::with_capacity(20_000_002);
    text.push(b'[');
    for i in 0..10_000_000 {
        text.extend_from_slice(if i == 6_000_000 { b"5 " } else { b"0 " });
    }
    text.push(b']');
    let outcome = solve_stdin(text, &[]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    let head: Vec<&str> = outcome.stdout.lines().take(6).collect();
    assert_eq!(
        head,
        [
            "algorithm: alphabeta",
            "value: 5",
            "best move: @6000001",
            "principal variation: @6000001",
            "nodes visited: 10000001",
            "leaves evaluated: 10000000",
        ]
    );
}

#[test]
fn max_nodes_refuses_a_larger_tree_at_the_first_node_past_it() {
    // The root, 1, 2 and `[3 4]` fit; the leaf 3 is the fifth node.
    let refused = solve_stdin("[1 2 [3 4] 5]", &["--max-nodes", "4"]);
    let words = "the tree has more than 4 nodes, the limit set by --max-nodes";
    assert_refused(&refused, "<stdin>:1:7:", words);
    let general = solve_stdin("A [B = 1 C = 2 D [3 4]]", &["--max-nodes", "4"]);
    assert_refused(&general, "<stdin>:1:19:", words);
    let fits = solve_stdin("[1 2 [3 4] 5]", &["--max-nodes", "7"]);
    assert_eq!(fits.code, 0, "{}", fits.stderr);
    let none = solve_stdin("[1]", &["--max-nodes", "0"]);
    assert_refused(&none, "<stdin>:1:1:", "more than 0 nodes");
}

#[test]
fn max_nodes_refuses_a_huge_file_long_before_reading_it_all() {
    // A million leaves and a syntax error at the very end: the limit is
    // passed first, but a syntax error anywhere takes precedence, as it
    // does in every reader, so the file is plain and well formed here.
    let text = format!("[{}]", "1 ".repeat(1_000_000));
    let refused = solve_stdin(text, &["--max-nodes", "1000"]);
    assert_refused(&refused, "<stdin>:1:2000:", "more than 1000 nodes");
}

#[test]
fn max_nodes_must_be_a_number() {
    for bad in ["-1", "many", ""] {
        let outcome = solve_stdin("[1 2]", &["--max-nodes", bad]);
        assert_eq!(outcome.code, 2, "{bad:?}");
        assert!(outcome.stderr.starts_with("error: "), "{}", outcome.stderr);
    }
}

/// Found by the `solve` fuzz target: `B = 5 [` (an interior node with a
/// static value) left open was read again as the leaf `B = 5` and a
/// sibling subtree, at every level: 2^40 attempts here.
#[test]
fn open_nodes_with_static_values_are_refused_without_backtracking() {
    let text: String = (0..40).map(|i| format!("N{i} = 5 [\n")).collect();
    let outcome = solve_stdin(format!("[{text}"), &[]);
    assert_refused(&outcome, "<stdin>:40:9:", "this `[` is never closed");
    let closed = format!("[{text}1{}", "]".repeat(41));
    let solved = solve_stdin(closed, &[]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert!(solved.stdout.contains("\nvalue: 1\n"), "{}", solved.stdout);
}

#[test]
fn a_stream_of_zeros_on_standard_input_is_refused_without_reading_it_all() {
    let outcome = solve_stdin(vec![0u8; 256 * 1024 * 1024], &[]);
    assert_refused(&outcome, "<stdin>:1:1:", "NUL byte");
}

#[test]
fn generated_games_deeper_than_the_limit_are_refused_like_files() {
    let limit = MAX_DEPTH.to_string();
    let past = (MAX_DEPTH + 1).to_string();
    for spec in [
        format!("billes:n={past},k=1"),
        "billes:n=100000,k=1".to_string(),
        format!("random:branching=1,depth={past},seed=1"),
    ] {
        let outcome = gametree(["solve", "--game", &spec]).outcome();
        assert_eq!(outcome.code, 2, "{spec}: {}", outcome.stderr);
        assert!(
            outcome.stderr.contains(&limit),
            "{spec}: {}",
            outcome.stderr
        );
    }
    let at_limit = gametree(["solve", "--game", &format!("billes:n={limit},k=1")]).outcome();
    assert_eq!(at_limit.code, 0, "{}", at_limit.stderr);
    assert!(at_limit.stdout.contains("value: -1"), "{}", at_limit.stdout);
}

#[test]
fn max_nodes_applies_to_generated_games() {
    let game = "random:branching=3,depth=5,seed=1";
    let refused = gametree(["solve", "--game", game, "--max-nodes", "363"]).outcome();
    assert_refused(&refused, game, "up to 364 nodes");
    let fits = gametree(["solve", "--game", game, "--max-nodes", "364"]).outcome();
    assert_eq!(fits.code, 0, "{}", fits.stderr);
    let billes = gametree(["trace", "--game", "billes:n=30,k=3", "--max-nodes", "1000"]).outcome();
    assert_eq!(billes.code, 2, "{}", billes.stderr);
}

#[test]
fn max_nodes_stops_reading_an_endless_plain_stream() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = gametree(["solve", "-", "--max-nodes", "1000"])
        .command()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // Up to 2 GB, far more than the reader may hold: it must stop long before.
    let feeder = std::thread::spawn(move || {
        let block = "1 ".repeat(32 * 1024);
        let mut sent = input.write_all(b"[").map(|()| 1usize);
        while let Ok(n) = sent {
            if n > 2 << 30 {
                return n;
            }
            sent = input.write_all(block.as_bytes()).map(|()| n + block.len());
        }
        0
    });
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: <stdin>:1:2000:"), "{stderr}");
    assert!(stderr.contains("more than 1000 nodes"), "{stderr}");
    assert_eq!(feeder.join().unwrap(), 0, "the reader stopped first");
}

/// A game as deep as the limit searched in another order than the tree's
/// (static ordering) runs on the stack sized for it, as one searched in
/// the tree's order does: the loop that keeps each child's place is
/// another of the same size, never both in one frame.
#[test]
fn a_game_at_the_depth_limit_is_searched_in_any_order() {
    let limit = MAX_DEPTH.to_string();
    let game = format!("random:branching=1,depth={limit},seed=1");
    for order in [&[][..], &["--order", "static"]] {
        let mut args = vec!["solve", "--game", &game];
        args.extend_from_slice(order);
        let outcome = gametree(&args).outcome();
        assert_eq!(outcome.code, 0, "{order:?}: {}", outcome.stderr);
    }
}
