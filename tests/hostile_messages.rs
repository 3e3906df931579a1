//! Long names, numbers and ids in messages, through the built binary:
//! errors, game specifications, cut lists and CSV cells stay short enough
//! to read, whatever the input holds.

mod common;

use common::{assert_refused, chain, gametree, solve_stdin};
use gametree::tree::MAX_DEPTH;

#[test]
fn long_names_numbers_and_ids_are_shortened_in_messages() {
    let name = "A".repeat(100_000);
    let short = format!("{}...{}", &name[..20], &name[..20]);
    let twice = solve_stdin(format!("[{name} = 1 {name} = 2]"), &[]);
    assert_refused(
        &twice,
        "<stdin>:1:100007:",
        &format!("duplicate name `{short}`"),
    );
    let unknown = solve_stdin(format!("[{name} = ? 1]"), &["--algo", "minimax"]);
    assert_refused(
        &unknown,
        "<stdin>:1:2:",
        &format!("leaf {short} has an unknown"),
    );
    let digits = "9".repeat(100_000);
    let large = solve_stdin(format!("[1 {digits}]"), &[]);
    let shown = format!(
        "the number {}...{} is too large",
        &digits[..20],
        &digits[..20]
    );
    assert_refused(&large, "<stdin>:1:4:", &shown);
    let deep = solve_stdin(chain(MAX_DEPTH, "?"), &["--algo", "minimax"]);
    // Below 32 levels an unnamed node's id is its preorder number: short.
    let id = "leaf @n10001 has an unknown value";
    assert_refused(&deep, &format!("<stdin>:1:{}:", MAX_DEPTH + 1), id);
}

#[test]
fn game_spec_errors_stay_short() {
    let long_value = format!("random:branching=3,depth={},seed=1", "9".repeat(100_000));
    for spec in [
        "random:branching=3,depth=5,seed=1,noise=1e308",
        long_value.as_str(),
    ] {
        let outcome = gametree(["solve", "--game", spec]).outcome();
        assert_eq!(outcome.code, 2);
        let first = outcome.stderr.lines().next().unwrap_or("");
        assert!(
            first.len() <= 300,
            "{} characters: {first:.300}",
            first.len()
        );
    }
    let control = gametree(["solve", "--game", "tictactoe:x\u{1a}......."]).outcome();
    assert_eq!(control.code, 2);
    assert!(
        control.stderr.contains("`\\u{1a}` is not a square"),
        "{:?}",
        control.stderr
    );
}

#[test]
fn a_draw_limit_of_zero_suggests_nothing_impossible() {
    let outcome = gametree([
        "render",
        "trees/aima-figure-5-2.tree",
        "--max-draw-nodes",
        "0",
    ])
    .outcome();
    assert_refused(&outcome, "the tree has 13 nodes", "draws nothing");
    assert!(!outcome.stderr.contains("(0 nodes)"), "{}", outcome.stderr);
}

#[test]
fn an_unknown_long_id_is_shortened_on_stderr_and_in_the_csv() {
    let id = "x".repeat(1_000_000);
    let tree = format!("[[3 12 8] [2 4 6] [14 5 2]]\nexpect {id} = 3\n");
    let short = format!("no node `{}...{}`", &id[..20], &id[..20]);
    let text = gametree(["check", "-"]).stdin(&tree).outcome();
    assert_ne!(text.code, 0, "{}", text.stderr);
    assert!(!text.stderr.contains("panicked"), "{:.300}", text.stderr);
    let first = text.stderr.lines().next().unwrap_or("");
    assert!(first.starts_with("error: <stdin>:2:8:"), "{first:.300}");
    assert!(first.contains(&short), "{first:.300}");
    for line in text.stderr.lines().chain(text.stdout.lines()) {
        assert!(
            line.chars().count() <= 300,
            "a line too long: {line:.300}..."
        );
    }
    let csv = gametree(["check", "-", "--format", "csv"])
        .stdin(tree)
        .outcome();
    assert!(csv.stdout.len() < 1000, "{} bytes of CSV", csv.stdout.len());
    for line in csv.stderr.lines() {
        assert!(
            line.chars().count() <= 300,
            "a line too long: {line:.300}..."
        );
    }
}

#[test]
fn a_cut_of_many_nodes_is_listed_short_in_solve_and_check() {
    let leaves = vec!["4"; 100_000].join(" ");
    let tree = format!("[5 min [4 {leaves}]]\nexpect pruned @2.2\n");
    let solved = solve_stdin(tree.clone(), &[]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert!(
        solved.stdout.contains("and 99980 more pruned"),
        "{}",
        solved.stdout
    );
    assert!(solved.stdout.len() < 2000, "{} bytes", solved.stdout.len());
    let checked = gametree(["check", "-"]).stdin(&tree).outcome();
    assert_eq!(checked.code, 1, "{}", checked.stderr);
    assert!(
        checked.stdout.len() < 10_000,
        "{} bytes",
        checked.stdout.len()
    );
    // The JSON keeps the full lists.
    let json = solve_stdin(tree, &["--json"]);
    assert!(
        json.stdout.contains("\"@2.100001\""),
        "the last pruned leaf"
    );
}
