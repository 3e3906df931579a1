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

#[test]
fn a_bracket_left_open_is_shown_where_the_indentation_says() {
    let (code, stderr) = solve_stdin(
        b"A max [\n  B [ 3 12 8 ]\n  C [ 2 4 6\n  D [ 14 5 2 ]\n]\n",
        &[],
    );
    let expected = "\
error: <stdin>:3:5: a bracket is never closed: the file ends at line 6, column 1, with one open
  |
3 |   C [ 2 4 6
  |     ^ this `[` is probably the one never closed: the next line goes back to its indentation
  |
1 | A max [
  |       - note: the reader finds this `[` open at the end of the file
";
    assert_eq!((code, stderr.as_str()), (2, expected));
    // A later line, not the next, may be the one that goes back.
    let (_, stderr) = solve_stdin(b"[\n  [ 1\n      2\n  [ 3 ]\n]\n", &[]);
    assert!(
        stderr.starts_with("error: <stdin>:2:3: a bracket is never closed")
            && stderr.contains("^ this `[` is probably the one never closed: line 4 goes back"),
        "{stderr}"
    );
}

#[test]
fn the_small_refusals_say_what_is_wrong_where() {
    let cases: &[(&[u8], &[&str], &str)] = &[
        (
            b"[ chance [ 1e-300: 1  1: 2 ] ]",
            &[],
            "<stdin>:1:12: the probability `1e-300` has an exponent: write it as a decimal or a \
             fraction (`0.25`, `1/4`)",
        ),
        (
            b"{\"value\": 1e300}",
            &["--from", "json"],
            "<stdin>:1:16: the number 1e300 is too large",
        ),
        (
            b"[ \"a\x1b[31mb\" = 1 2 ]",
            &[],
            "<stdin>:1:5: this name holds the control character U+001B, which no name or label may hold",
        ),
        (
            b"[ \"@2\" = 9 3 ]\nexpect best @2\n",
            &[],
            "<stdin>:1:3: the name `@2` starts with `@`, as the ids of unnamed nodes do (`@2.1`): \
             choose another name",
        ),
    ];
    for (input, extra, words) in cases {
        let (code, stderr) = solve_stdin(input, extra);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.starts_with(&format!("error: {words}")), "{stderr}");
        assert!(!stderr.contains('\x1b'), "{stderr:?}");
    }
}

#[test]
fn a_case_too_deep_is_refused_at_its_depth() {
    let dir = std::env::temp_dir().join(format!("gametree-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("deep.test");
    let text = "class: \"GraphGameTreeTest\"\nalg: \"MinimaxAgent\"\ndepth: \"6000\"\n\
                num_agents: \"2\"\nstart_state: \"a\"\nwin_states: \"\"\nlose_states: \"\"\n\
                successors: \"\"\"\na go a\n\"\"\"\nevaluation: \"\"\"\na 1\n\"\"\"\n";
    std::fs::write(&path, text).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["solve", path.to_str().unwrap()];
        args.extend_from_slice(extra);
        let outcome = gametree(args).outcome();
        (Some(outcome.code), outcome.stderr)
    };
    let (code, stderr) = run(&[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("deep.test:3:9: 12000 plies (6000 rounds of 2 agents) is deeper than gametree searches (10000)"),
        "{stderr}"
    );
    let (_, stderr) = run(&["--rounds", "7000"]);
    assert!(
        stderr.contains("deep.test:4:14: 14000 plies (7000 rounds of 2 agents)"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_node_without_a_place_of_its_own_is_found_in_the_file() {
    // The tree keeps the places of named and unknown nodes only; an error
    // about another node finds it by reading the file again.
    let cases: [(&[u8], &[&str], &str); 3] = [
        (
            b"[[3 12 8] [2 4 6]]",
            &["--depth", "1"],
            "<stdin>:1:2: node @1 is at the depth limit",
        ),
        (
            b"# a comment\nA [\n  B [3 12]\n  [2 4]\n]\n",
            &["--depth", "1"],
            "<stdin>:3:3: node B is at the depth limit",
        ),
        (
            b"bounds 0 10\n[[3 12] [2 4]]\n",
            &[],
            "<stdin>:2:5: leaf @1.2 = 12 lies outside the leaf bounds",
        ),
    ];
    for (input, args, said) in cases {
        let (code, stderr) = solve_stdin(input, args);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.starts_with(&format!("error: {said}")), "{stderr}");
    }
}

#[test]
fn a_window_or_a_guess_is_read_as_a_tree_s_numbers_are() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--algo", "mtdf", "--guess", "1e300"],
            "the number 1e300 is too large",
        ),
        (
            &["--algo", "mtdf", "--guess", "inf"],
            "`inf` is infinite: a guess is a finite number",
        ),
        (
            &["--algo", "mtdf", "--guess", "five"],
            "`five` is not a number",
        ),
        (&["--window", "0,1e300"], "the number 1e300 is too large"),
    ];
    for (args, said) in cases {
        let (code, stderr) = solve_stdin(b"[[3 12 8] [2 4 6]]", args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
    let (code, stderr) = solve_stdin(b"[[3 12 8] [2 4 6]]", &["--window", "1/3,inf"]);
    assert_eq!(code, 0, "{stderr}");
}
