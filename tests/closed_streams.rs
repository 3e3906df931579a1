//! A reader that closes standard output or standard error before the
//! command writes (`gametree ... | true`, `2>&1 | head -1`) never makes it
//! panic (exit 101): the command finishes and exits with the code it would
//! have given had everything been read (docs/robustness.md).

mod common;

use std::io::Read;
use std::process::Stdio;

use common::{gametree, scratch};

/// Which of the command's outputs goes to a pipe closed before it starts.
#[derive(Clone, Copy, Debug)]
enum Closed {
    Stdout,
    Stderr,
    /// Both to one closed pipe, as `2>&1 | true` gives them.
    Both,
}

/// Runs `gametree ARGS` with `closed` on a pipe whose reader is gone before
/// the command starts; its exit code and what it wrote on the other
/// output (empty for `Both`).
fn run_closed(args: &[&str], closed: Closed) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut command = gametree(args).command();
    command.stdin(Stdio::null());
    match closed {
        Closed::Stdout => command.stdout(writer).stderr(Stdio::piped()),
        Closed::Stderr => command.stderr(writer).stdout(Stdio::piped()),
        Closed::Both => command.stdout(writer.try_clone().unwrap()).stderr(writer),
    };
    let mut child = command.spawn().unwrap();
    let mut other = String::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_string(&mut other).unwrap();
    }
    if let Some(mut err) = child.stderr.take() {
        err.read_to_string(&mut other).unwrap();
    }
    let status = child.wait().unwrap();
    let code = status.code().expect("an exit, not a signal");
    (code, other)
}

/// Each command with each output closed exits with `code`, the code it
/// gives when everything is read.
fn assert_codes(args: &[&str], code: i32) {
    let read = gametree(args).output();
    assert_eq!(read.status.code(), Some(code), "{args:?}, read: {read:?}");
    for closed in [Closed::Stdout, Closed::Stderr, Closed::Both] {
        let (got, other) = run_closed(args, closed);
        assert_eq!(got, code, "{args:?} with {closed:?} closed: {other}");
        assert!(!other.contains("panicked"), "{args:?}: {other}");
        if let Closed::Stdout = closed {
            assert!(!other.contains("pipe"), "nothing about the pipe: {other}");
        }
    }
}

#[test]
fn solve_keeps_its_exit_code_when_its_reader_is_gone() {
    let dir = scratch("closed-solve");
    let bad = dir.join("bad.tree");
    std::fs::write(&bad, "[1 ?").unwrap();
    assert_codes(&["solve", "trees/lecture-a-to-v.tree"], 0);
    assert_codes(&["solve", "trees/lecture-a-to-v.tree", "--json"], 0);
    assert_codes(&["solve", bad.to_str().unwrap()], 2);
    assert_codes(
        &["solve", "--algo", "minimax", "trees/lecture-a-to-v.tree"],
        2,
    );
    // The message still reaches an open standard error.
    let (code, stderr) = run_closed(&["solve", bad.to_str().unwrap()], Closed::Stdout);
    assert_eq!(code, 2);
    assert!(stderr.starts_with("error: "), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn trace_key_and_render_keep_their_exit_codes() {
    assert_codes(&["trace", "trees/lecture-a-to-v.tree"], 0);
    assert_codes(&["trace", "trees/lecture-a-to-v.tree", "--json"], 0);
    assert_codes(
        &["trace", "--algo", "minimax", "trees/lecture-a-to-v.tree"],
        2,
    );
    assert_codes(&["key", "trees/lecture-a-to-v.tree"], 0);
    let svg = [
        "render",
        "trees/lecture-a-to-v.tree",
        "--format",
        "svg",
        "-o",
        "-",
    ];
    assert_codes(&svg, 0);
}

#[test]
fn a_trace_that_fails_after_its_output_began_exits_with_the_search_s_code() {
    // More lines than the trace holds back (100,000), then a leaf minimax
    // needs and cannot value: the output has begun when the search fails.
    let dir = scratch("closed-trace");
    let leaves: Vec<String> = (0..60_000).map(|v| v.to_string()).collect();
    let tree = dir.join("late.tree");
    std::fs::write(&tree, format!("[[{}] ?]", leaves.join(" "))).unwrap();
    assert_codes(&["trace", "--algo", "minimax", tree.to_str().unwrap()], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_keeps_its_verdict_when_its_reader_is_gone() {
    let dir = scratch("closed-check");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let tree = "trees/lecture-a-to-v.tree";
    // The tree's own key, as an answer file: every answer right.
    let key = std::fs::read_to_string(tree).unwrap();
    let key: Vec<&str> = key.lines().filter(|l| l.starts_with("expect")).collect();
    let right = write("right.answers", &key.join("\n"));
    let wrong = write("wrong.answers", "expect value 4\n");
    let unreadable = write(
        "unreadable.answers",
        "expect value 5\nexpect nonsense here\n",
    );
    assert_codes(&["check", tree], 0);
    assert_codes(&["check", tree, &right], 0);
    assert_codes(&["check", tree, &wrong], 1);
    assert_codes(&["check", tree, &right, &wrong, "--format", "csv"], 1);
    // An unreadable line fails the file and is told on standard error.
    assert_codes(&["check", tree, &unreadable], 1);
    let broken = write("broken.tree", "[1 2");
    assert_codes(&["check", &broken, &right], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
