//! Bad input: one clear message with file, line, column and a caret, exit
//! code 2, never a panic.

mod common;

use common::gametree;

/// Runs `gametree solve -` on `input`; returns (exit code, stderr).
fn solve_stdin(input: &[u8], extra: &[&str]) -> (i32, String) {
    let output = gametree([&["solve", "-"][..], extra].concat())
        .stdin(input)
        .output();
    (
        output.status.code().expect("exited, not killed"),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn each_bad_input_gets_its_message() {
    let cases: &[(&[u8], &str, &str)] = &[
        (b"", "<stdin>:1:1:", "the file has no tree"),
        (
            b"# only a comment\n",
            "<stdin>:2:1:",
            "the file has no tree",
        ),
        (
            b"[1 2 [3 4 x]]",
            "<stdin>:1:12:",
            "expected `max`/`min`, `=` or `[`/`(`, found `]`",
        ),
        (
            b"[1 2",
            "<stdin>:1:1:",
            "this `[` is never closed (note: the file ends at line 1, column 5)",
        ),
        (
            b"[A = 1 A = 2]",
            "<stdin>:1:8:",
            "duplicate name `A`: already used on line 1",
        ),
        (b"[99999999999999999999]", "<stdin>:1:2:", "is too large"),
        (b"[1 2]\nexpect value x", "<stdin>:2:", "expected"),
        (
            b"[1 ?]",
            "<stdin>:1:4:",
            "leaf @2 has an unknown value `?`, and alphabeta needs it",
        ),
        (b"[1 \0]", "<stdin>:1:4:", "NUL byte"),
        (
            b"[1 2] [3]",
            "<stdin>:1:7:",
            "expected an `expect` line or the end of the file",
        ),
        (b"1 2", "<stdin>:1:3:", "a file holds one tree"),
        (b"[1 \xff]", "<stdin>:1:4:", "not valid UTF-8"),
        (b"[1 (2 3]]", "<stdin>:1:8:", "expected"),
    ];
    for (input, place, words) in cases {
        let (code, stderr) = solve_stdin(input, &[]);
        let shown = String::from_utf8_lossy(input);
        assert_eq!(code, 2, "{shown:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: {place}")),
            "{shown:?}: {stderr}"
        );
        assert!(stderr.contains(words), "{shown:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{shown:?}: {stderr}");
    }
}

#[test]
fn the_offending_line_is_shown_with_a_caret() {
    let (_, stderr) = solve_stdin(b"[3 12 8]\n[A = 1 B = ]\n", &[]);
    let expected = "\
error: <stdin>:2:1: expected an `expect` line or the end of the file, found `[`
  |
2 | [A = 1 B = ]
  | ^
";
    assert_eq!(stderr, expected);
}

#[test]
fn minimax_names_the_unknown_leaf_it_needs() {
    let (code, stderr) = solve_stdin(
        b"A [ B [ C = 1  D = 2 ]  E [ F = 0  G = ? ] ]",
        &["--algo", "minimax"],
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("<stdin>:1:36: leaf G has an unknown value `?`, and minimax needs it"));
}

#[test]
fn usage_errors_exit_with_2() {
    let output = gametree(["solve", "trees/aima-figure-5-2.tree", "--algo", "nonsense"]).output();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_missing_file_and_a_directory_are_named() {
    for (path, words) in [("no/such.tree", "cannot read"), ("trees", "is a directory")] {
        let output = gametree(["solve", path]).output();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr.contains(path) && stderr.contains(words), "{stderr}");
    }
}
