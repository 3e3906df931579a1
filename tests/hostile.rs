//! Hostile input against the built binary: deep, huge, malformed and
//! unreadable files. Each must end with exit code 2 and a one-line cause
//! (`error: ...`, then for a positioned error the offending line and a
//! caret), never a panic, an abort or a stack overflow; the few inputs that
//! are fine (a byte-order mark, CRLF line ends) must give the plain answer.

mod common;

use std::path::PathBuf;

use gametree::tree::MAX_DEPTH;

/// What a run of the binary left behind.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `gametree ARGS`, feeding `stdin` (from a thread, so that a child
/// that stops reading early cannot block the test).
fn gametree(args: &[&str], stdin: Vec<u8>) -> Outcome {
    let output = common::run_gametree(args, Some(stdin));
    Outcome {
        code: output
            .status
            .code()
            .expect("exited, not killed by a signal"),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// `gametree solve - EXTRA` on `input`.
fn solve_stdin(input: impl Into<Vec<u8>>, extra: &[&str]) -> Outcome {
    let mut args = vec!["solve", "-"];
    args.extend_from_slice(extra);
    gametree(&args, input.into())
}

/// Asserts a refusal: exit 2, nothing on standard output, and a one-line
/// cause starting `error: PLACE` and containing `words`, optionally followed
/// by the source-line-and-caret display (three more short lines).
#[track_caller]
fn assert_refused(outcome: &Outcome, place: &str, words: &str) {
    let stderr = &outcome.stderr;
    assert_eq!(outcome.code, 2, "{stderr}");
    assert_eq!(outcome.stdout, "", "nothing printed on a refusal");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines[0].starts_with(&format!("error: {place}")), "{stderr}");
    assert!(lines[0].contains(words), "{stderr}");
    match lines.len() {
        1 => {}
        4 => {
            assert!(lines[1].trim_end().ends_with('|'), "{stderr}");
            assert!(lines[3].trim_end().ends_with('^'), "{stderr}");
        }
        n => panic!("{n} lines of error, not one (and a caret display):\n{stderr}"),
    }
    for line in &lines {
        assert!(
            line.chars().count() <= 300,
            "a line too long to read: {line:.300}..."
        );
    }
}

/// `[[...[leaf]...]]`, `depth` lists deep.
fn chain(depth: usize, leaf: &str) -> String {
    format!("{}{leaf}{}", "[".repeat(depth), "]".repeat(depth))
}

const ALGORITHMS: [&str; 4] = ["minimax", "negamax", "alphabeta", "negamax-alphabeta"];

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
        // The ids of unnamed nodes grow with the depth (`@1.1.1...`): the
        // text lists the first 20 moves of the line only.
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

/// `@1`, `@1.1`, ...: the ids down a chain.
fn path_ids(count: usize) -> Vec<String> {
    (1..=count)
        .map(|n| format!("@{}", vec!["1"; n].join(".")))
        .collect()
}

#[test]
fn a_deep_chain_is_traced_and_listed_whole_in_json() {
    let text = chain(1000, "7");
    let traced = gametree(&["trace", "-", "--json"], text.clone().into_bytes());
    assert_eq!(traced.code, 0, "{}", traced.stderr);
    let events: serde_json::Value = serde_json::from_str(&traced.stdout).unwrap();
    // An enter for each of the 1001 nodes, one leaf, a final for each of
    // the 1000 lists.
    assert_eq!(events.as_array().unwrap().len(), 1001 + 1 + 1000);
    let solved = solve_stdin(text, &["--json"]);
    let json: serde_json::Value = serde_json::from_str(&solved.stdout).unwrap();
    let line = json["principal_variation"].as_array().unwrap();
    assert_eq!(line.len(), 1000);
    assert_eq!(line[999], path_ids(1000)[999]);
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

#[test]
fn numbers_too_large_for_the_value_type_are_refused_where_they_stand() {
    let cases = [
        ("[1 9007199254740993]", "<stdin>:1:4:"),
        ("[-9007199254740993 1]", "<stdin>:1:2:"),
        ("[1e400]", "<stdin>:1:2:"),
        ("[-1.8e308]", "<stdin>:1:2:"),
        (
            "[1 2\n 99999999999999999999999999999999999999999999]",
            "<stdin>:2:2:",
        ),
        ("A [ B = 1e16 ]", "<stdin>:1:9:"),
        ("A = 1e300 [ 1 2 ]", "<stdin>:1:5:"),
        ("[1 2]\nexpect value 1e999", "<stdin>:2:14:"),
    ];
    for (text, place) in cases {
        assert_refused(&solve_stdin(text, &[]), place, "is too large");
    }
    let edge = solve_stdin("[-9007199254740992 9007199254740992]", &[]);
    assert!(
        edge.stdout.contains("value: 9007199254740992\n"),
        "{}",
        edge.stderr
    );
}

#[test]
fn words_that_are_not_numbers_are_syntax_errors() {
    for text in ["[nan]", "[inf]", "[1 NaN]", "[0x10]", "[1_000]"] {
        let outcome = solve_stdin(text, &[]);
        assert_refused(&outcome, "<stdin>:1:", "expected");
    }
}

#[test]
fn nul_bytes_are_refused_where_they_stand() {
    assert_refused(&solve_stdin(*b"[1 2\0]", &[]), "<stdin>:1:5:", "NUL byte");
    assert_refused(
        &solve_stdin(*b"[1\n\0\0\0", &[]),
        "<stdin>:2:1:",
        "NUL byte",
    );
    assert_refused(&solve_stdin(*b"\0", &[]), "<stdin>:1:1:", "NUL byte");
    let in_a_comment = solve_stdin(*b"[1 2] # \0 here", &[]);
    assert_refused(&in_a_comment, "<stdin>:1:9:", "NUL byte");
}

#[test]
fn invalid_utf8_is_refused_where_it_stands() {
    let cases: [(&[u8], &str); 5] = [
        (b"[1 \xff]", "<stdin>:1:4:"),
        (b"[1\n2 \xc3]", "<stdin>:2:3:"),
        (b"[1 2] # caf\xc3", "<stdin>:1:12:"),
        (b"\xef\xbb[1]", "<stdin>:1:1:"),
        (b"[\xed\xa0\x80]", "<stdin>:1:2:"), // an encoded surrogate
    ];
    for (input, place) in cases {
        assert_refused(&solve_stdin(input, &[]), place, "not valid UTF-8");
    }
}

#[test]
fn a_byte_order_mark_and_crlf_line_ends_are_accepted() {
    let plain = solve_stdin("A [ B [ 3 12 ]\n C [ 2 ? ] ]\nexpect value 3\n", &[]);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let variants = [
        "\u{feff}A [ B [ 3 12 ]\n C [ 2 ? ] ]\nexpect value 3\n",
        "A [ B [ 3 12 ]\r\n C [ 2 ? ] ]\r\nexpect value 3\r\n",
        "\u{feff}A [ B [ 3 12 ]\r\n C [ 2 ? ] ]\r\nexpect value 3\r\n",
    ];
    for text in variants {
        let outcome = solve_stdin(text, &[]);
        assert_eq!(outcome.code, 0, "{text:?}: {}", outcome.stderr);
        assert_eq!(outcome.stdout, plain.stdout, "{text:?}");
    }
    let plain_fast = solve_stdin("\u{feff}[[3 12]\r\n[2 4]]\r\n", &[]);
    assert!(
        plain_fast.stdout.contains("value: 3\n"),
        "{}",
        plain_fast.stderr
    );
}

#[test]
fn positions_after_a_bom_and_crlf_count_characters_of_the_line() {
    let minimax = solve_stdin("\u{feff}A [ B = 1\r\n C = ? ]", &["--algo", "minimax"]);
    assert_refused(&minimax, "<stdin>:2:2:", "leaf C has an unknown value `?`");
    let bad = solve_stdin("\u{feff}[1\r\n 2 x]\r\n", &[]);
    assert_refused(&bad, "<stdin>:2:5:", "expected");
    assert!(!bad.stderr.contains('\r'), "{:?}", bad.stderr);
}

#[test]
fn files_without_a_tree_are_refused() {
    let words = "the file has no tree";
    let cases = [
        ("", "<stdin>:1:1:"),
        ("\u{feff}", "<stdin>:1:1:"),
        ("  \n\t\r\n", "<stdin>:3:1:"),
        ("# only\n# comments\n", "<stdin>:3:1:"),
        ("# no newline at the end", "<stdin>:1:24:"),
    ];
    for (text, place) in cases {
        assert_refused(&solve_stdin(text, &[]), place, words);
    }
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    common::scratch(&format!("hostile-{test}"))
}

#[test]
fn a_directory_a_missing_file_and_an_unreadable_file_are_named() {
    let dir = scratch("unreadable");
    let file = dir.join("plain.tree");
    std::fs::write(&file, "[1 2]").unwrap();
    let through_a_file = file.join("child.tree"); // ENOTDIR, even for root
    let cases = [
        (dir.clone(), "is a directory, not a tree file"),
        (dir.join("missing.tree"), "cannot read"),
        (through_a_file, "cannot read"),
    ];
    for (path, words) in cases {
        let name = path.to_str().unwrap();
        let outcome = gametree(&["solve", name], Vec::new());
        assert_refused(&outcome, &format!("{name}: "), words);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_that_exists_but_cannot_be_read_is_named() {
    // Reading /proc/self/mem from its start fails (the page is unmapped)
    // whoever runs the test, unlike a file with its permissions removed.
    let outcome = gametree(&["solve", "/proc/self/mem"], Vec::new());
    assert_refused(&outcome, "/proc/self/mem: cannot read: ", "(os error");
}

#[test]
fn unknown_leaves_an_algorithm_needs_are_named_with_their_place() {
    let text = "A [ B [ C = 3 D = 12 ]\n  E [ F = 2 G = ? ] ]";
    for algo in ALGORITHMS {
        let needs_g = solve_stdin(text, &["--algo", algo]);
        match algo {
            "alphabeta" | "negamax-alphabeta" => {
                assert_eq!(needs_g.code, 0, "{algo} prunes G: {}", needs_g.stderr)
            }
            _ => {
                let words = format!("leaf G has an unknown value `?`, and {algo} needs it");
                assert_refused(&needs_g, "<stdin>:2:13:", &words);
            }
        }
        let needs_first = solve_stdin("[[? 1] 2]", &["--algo", algo]);
        let words = format!("leaf @1.1 has an unknown value `?`, and {algo} needs it");
        assert_refused(&needs_first, "<stdin>:1:3:", &words);
    }
}

/// Every algorithm under every option on `text`, as `(flags, stdout)`.
fn every_search(text: &str) -> Vec<(String, Outcome)> {
    let mut runs = Vec::new();
    for algo in ALGORITHMS {
        for flags in [
            &[][..],
            &["--strict"],
            &["--fail-hard"],
            &["--strict", "--fail-hard"],
        ] {
            let mut extra = vec!["--algo", algo];
            extra.extend_from_slice(flags);
            runs.push((extra.join(" "), solve_stdin(text, &extra)));
        }
    }
    runs
}

#[test]
fn extreme_values_never_overflow_and_agree_with_minimax() {
    let cases = [
        (
            "[-9007199254740992 [-9007199254740992 9007199254740992]]",
            "-9007199254740992",
        ),
        (
            "min [9007199254740992 [-inf -9007199254740992]]",
            "-9007199254740992",
        ),
        ("[[-inf +inf] [+inf -inf] [-inf -inf]]", "-inf"),
        ("min [[+inf +inf] [-inf +inf] [+inf]]", "+inf"),
        ("[+inf 1 2]", "+inf"),
        ("min [-inf 1 2]", "-inf"),
        ("[[1 [-inf 3]] [+inf [2 -9007199254740992]] 0.5]", "2"),
        (
            "[A min [ B max [-inf] C max [-inf] ] D min [ -inf ]]",
            "-inf",
        ),
    ];
    for (text, value) in cases {
        for (flags, outcome) in every_search(text) {
            assert_eq!(outcome.code, 0, "{text} {flags}: {}", outcome.stderr);
            let line = outcome.stdout.lines().nth(1).unwrap();
            assert_eq!(line, format!("value: {value}"), "{text} {flags}");
            assert!(
                !outcome.stdout.to_lowercase().contains("nan"),
                "{text} {flags}"
            );
        }
        let traced = gametree(
            &["trace", "-", "--fail-hard", "--algo", "negamax-alphabeta"],
            text.into(),
        );
        assert_eq!(traced.code, 0, "{}", traced.stderr);
        assert!(
            !traced.stdout.to_lowercase().contains("nan"),
            "{}",
            traced.stdout
        );
    }
}

#[test]
fn a_value_of_plus_infinity_is_exact_though_it_cuts() {
    // Regression: `>= +inf` was reported for a root cut short by `+inf`.
    for algo in ["alphabeta", "negamax-alphabeta"] {
        let outcome = solve_stdin("[+inf 1]", &["--algo", algo, "--json"]);
        let json: serde_json::Value = serde_json::from_str(&outcome.stdout).unwrap();
        assert_eq!(json["value"], "+inf", "{algo}");
        assert_eq!(json["bound"], "exact", "{algo}");
        assert_eq!(json["stats"]["cutoffs"], 1, "{algo}");
    }
}

#[cfg(unix)]
#[test]
fn endless_devices_are_refused_at_their_first_block() {
    let zeros = gametree(&["solve", "/dev/zero"], Vec::new());
    assert_refused(&zeros, "/dev/zero:1:1:", "NUL byte");
    // Random bytes differ at every run: the first NUL or invalid byte may
    // follow a newline, so it may be on any line of the first block.
    let random = gametree(&["solve", "/dev/urandom"], Vec::new());
    assert_refused(&random, "/dev/urandom:", "");
    assert_within_first_block(&random.stderr, "/dev/urandom");
}

/// The first 64 KiB block that `gametree` reads of an endless device.
const BLOCK: usize = 64 * 1024;

/// Asserts that `stderr` refuses the file `name` as not text (a NUL byte or
/// invalid UTF-8) at a place `line:column` that lies in its first block:
/// each line before it and each character before it on its line take at
/// least one byte.
#[track_caller]
fn assert_within_first_block(stderr: &str, name: &str) {
    let first = stderr.lines().next().unwrap_or_default();
    let rest = first
        .strip_prefix(&format!("error: {name}:"))
        .unwrap_or_else(|| panic!("no place in {stderr}"));
    let mut parts = rest.splitn(3, ':');
    let mut number = || -> usize {
        let part = parts.next().unwrap_or_default();
        part.parse()
            .unwrap_or_else(|_| panic!("`{part}` is no number in {stderr}"))
    };
    let (line, column) = (number(), number());
    assert!(line >= 1 && column >= 1, "{stderr}");
    assert!((line - 1) + (column - 1) < BLOCK, "{stderr}");
    let words = ["NUL byte", "not valid UTF-8"];
    assert!(words.iter().any(|w| first.contains(w)), "{stderr}");
}

#[test]
fn a_bad_byte_after_newlines_is_refused_on_its_own_line() {
    // What /dev/urandom gives now and then, made certain: newlines, then
    // the first byte that is not text, early or late in the first block.
    for (bytes, place, words) in [
        (&b"\n\n\xff"[..], "<stdin>:3:1:", "not valid UTF-8"),
        (&b"[1\n2 \x00]"[..], "<stdin>:2:3:", "NUL byte"),
        (&b"\r\n\t \n\x80\x00"[..], "<stdin>:3:1:", "not valid UTF-8"),
    ] {
        let outcome = solve_stdin(bytes, &[]);
        assert_refused(&outcome, place, words);
        assert_within_first_block(&outcome.stderr, "<stdin>");
    }
    let mut late = vec![b'\n'; BLOCK - 1];
    late.push(0xff);
    late.extend(std::iter::repeat_n(b'\n', BLOCK));
    let outcome = solve_stdin(late, &[]);
    assert_refused(&outcome, &format!("<stdin>:{BLOCK}:1:"), "not valid UTF-8");
    assert_within_first_block(&outcome.stderr, "<stdin>");
}

#[test]
fn a_stream_of_zeros_on_standard_input_is_refused_without_reading_it_all() {
    let outcome = solve_stdin(vec![0u8; 256 * 1024 * 1024], &[]);
    assert_refused(&outcome, "<stdin>:1:1:", "NUL byte");
}

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
    let id = "leaf @1.1.1.1.1.1.1.1.1.1....1.1.1.1.1.1.1.1.1.1 has an unknown value";
    assert_refused(&deep, &format!("<stdin>:1:{}:", MAX_DEPTH + 1), id);
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

/// Commands that write files, each given its output path: a bad tree, a
/// missing folder or an output that is a folder exits 2 and leaves what was
/// there untouched, with nothing left behind.
#[test]
fn failed_writes_leave_existing_outputs_untouched() {
    let dir = scratch("outputs");
    let tree = dir.join("good.tree");
    std::fs::write(&tree, "[[3 12 8] [2 4 6]]").unwrap();
    let bad = dir.join("bad.tree");
    std::fs::write(&bad, "[[3 12 8] [2 4").unwrap();
    let (tree, bad) = (tree.to_str().unwrap(), bad.to_str().unwrap());
    let out = dir.join("out.dot");
    std::fs::write(&out, "old").unwrap();
    let out_name = out.to_str().unwrap().to_string();
    let folder_out = dir.join("a-folder");
    std::fs::create_dir(&folder_out).unwrap();
    let folder_name = folder_out.to_str().unwrap().to_string();
    let missing = dir.join("missing/out.dot").to_str().unwrap().to_string();
    let game = "random:branching=2,depth=2,seed=1";
    let cases: Vec<Vec<&str>> = vec![
        vec!["render", bad, "-o", &out_name],
        vec!["render", tree, "-o", &folder_name, "--format", "dot"],
        vec!["render", tree, "-o", &missing],
        vec!["gen", "--game", "random:branching=2", "-o", &out_name],
        vec!["gen", "--game", game, "-o", &folder_name],
        vec!["gen", "--game", game, "-o", &missing],
    ];
    let before = common::entries(&dir);
    for args in cases {
        let outcome = gametree(&args, Vec::new());
        assert_eq!(outcome.code, 2, "{args:?}: {}", outcome.stderr);
        assert!(
            outcome.stderr.starts_with("error: "),
            "{args:?}: {}",
            outcome.stderr
        );
        assert!(!outcome.stderr.contains("panicked"), "{}", outcome.stderr);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "old", "{args:?}");
        assert_eq!(
            common::entries(&dir),
            before,
            "{args:?} left something behind"
        );
        assert!(common::entries(&folder_out).is_empty(), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--frames` into a folder of earlier frames: a bad tree leaves them as
/// they were, and no temporary folder stays behind.
#[test]
fn failed_frames_leave_earlier_frames_untouched() {
    let dir = scratch("frames");
    let frames = dir.join("frames");
    std::fs::create_dir(&frames).unwrap();
    std::fs::write(frames.join("frame-01.dot"), "old frame").unwrap();
    let bad = dir.join("bad.tree");
    std::fs::write(&bad, "[[1 2] [3 ?]]").unwrap();
    let args = [
        "render",
        bad.to_str().unwrap(),
        "--algo",
        "minimax",
        "--format",
        "dot",
        "--frames",
        frames.to_str().unwrap(),
    ];
    let before = common::entries(&dir);
    let outcome = gametree(&args, Vec::new());
    assert_refused(&outcome, bad.to_str().unwrap(), "unknown value");
    assert_eq!(common::entries(&dir), before);
    assert_eq!(common::entries(&frames), ["frame-01.dot"]);
    let old = std::fs::read_to_string(frames.join("frame-01.dot")).unwrap();
    assert_eq!(old, "old frame");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_lone_carriage_return_ends_a_line_and_a_comment() {
    let tree = "[[3 12 8] [2 4 6] [14 5 2]]\nexpect value 3 # right\rexpect value 99\r";
    let outcome = gametree(&["check", "-"], tree.as_bytes().to_vec());
    assert_eq!(outcome.code, 1, "the wrong answer after the CR is read");
    assert!(outcome.stdout.contains("99"), "{}", outcome.stdout);
    // Positions count CR-only lines, in the fast path and the grammar.
    let plain = solve_stdin("[[1 2]\r [3 ?]]", &["--algo", "minimax"]);
    assert_refused(&plain, "<stdin>:2:5:", "unknown value `?`");
    let named = solve_stdin("A [ B = 1\r\r C = ? ]", &["--algo", "minimax"]);
    assert_refused(&named, "<stdin>:3:2:", "leaf C has an unknown value `?`");
    let bad = solve_stdin("# note\r[1 2 x]\r", &[]);
    assert_refused(&bad, "<stdin>:2:7:", "expected");
}

#[test]
fn answer_files_end_lines_at_a_lone_carriage_return() {
    let dir = std::env::temp_dir().join(format!("gametree-cr-answers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tree = dir.join("t.tree");
    let answers = dir.join("a.txt");
    std::fs::write(&tree, "[[3 12 8] [2 4 6] [14 5 2]]\n").unwrap();
    std::fs::write(&answers, "expect value 3 # right\rexpect value 99\r").unwrap();
    let outcome = gametree(
        &["check", tree.to_str().unwrap(), answers.to_str().unwrap()],
        Vec::new(),
    );
    assert_eq!(outcome.code, 1, "{}{}", outcome.stdout, outcome.stderr);
    std::fs::write(&answers, "expect value 3\rexpect nobody = 3\r").unwrap();
    let unknown = gametree(
        &["check", tree.to_str().unwrap(), answers.to_str().unwrap()],
        Vec::new(),
    );
    assert!(unknown.stderr.contains("a.txt:2:8:"), "{}", unknown.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn names_may_hold_letters_of_any_script() {
    let outcome = solve_stdin("Été [ Ωmega = 3  naïve' = 5 ]\nexpect best naïve'\n", &[]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(outcome.stdout.contains("naïve'"), "{}", outcome.stdout);
    // Digits and marks continue a name but do not start one.
    let digit = solve_stdin("[ 1x = 3 ]", &[]);
    assert_refused(&digit, "<stdin>:1:3:", "expected");
}

#[test]
fn a_second_byte_order_mark_is_named() {
    let outcome = solve_stdin("\u{feff}\u{feff}[1 2]", &[]);
    assert_refused(&outcome, "<stdin>:1:1:", "byte-order mark");
}

#[test]
fn control_characters_are_named_not_printed() {
    let outcome = solve_stdin("[1 2 \u{1a}]", &[]);
    assert_refused(&outcome, "<stdin>:1:6:", "U+001A");
    assert!(!outcome.stderr.contains('\u{1a}'), "{:?}", outcome.stderr);
}

#[test]
fn a_closed_pipe_ends_the_output_and_keeps_the_verdict() {
    use std::process::{Command, Stdio};
    let dir = std::env::temp_dir().join(format!("gametree-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tree = dir.join("t.tree");
    let answers = dir.join("wrong.txt");
    std::fs::write(&tree, "[[3 12 8] [2 4 6] [14 5 2]]\n").unwrap();
    // More failing lines than a pipe holds, so that the write meets the
    // closed pipe whenever the reader closes it.
    std::fs::write(&answers, "expect value 99\n".repeat(5000)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["check"])
        .args([&tree, &answers])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "the verdict: {stderr}");
    assert!(stderr.is_empty(), "no message about the pipe: {stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
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
        let outcome = gametree(&["solve", "--game", &spec], Vec::new());
        assert_eq!(outcome.code, 2, "{spec}: {}", outcome.stderr);
        assert!(
            outcome.stderr.contains(&limit),
            "{spec}: {}",
            outcome.stderr
        );
    }
    let at_limit = gametree(
        &["solve", "--game", &format!("billes:n={limit},k=1")],
        Vec::new(),
    );
    assert_eq!(at_limit.code, 0, "{}", at_limit.stderr);
    assert!(at_limit.stdout.contains("value: -1"), "{}", at_limit.stdout);
}

#[test]
fn max_nodes_applies_to_generated_games() {
    let game = "random:branching=3,depth=5,seed=1";
    let refused = gametree(&["solve", "--game", game, "--max-nodes", "363"], Vec::new());
    assert_refused(&refused, game, "up to 364 nodes");
    let fits = gametree(&["solve", "--game", game, "--max-nodes", "364"], Vec::new());
    assert_eq!(fits.code, 0, "{}", fits.stderr);
    let billes = gametree(
        &["trace", "--game", "billes:n=30,k=3", "--max-nodes", "1000"],
        Vec::new(),
    );
    assert_eq!(billes.code, 2, "{}", billes.stderr);
}

#[test]
fn game_spec_errors_stay_short() {
    let long_value = format!("random:branching=3,depth={},seed=1", "9".repeat(100_000));
    for spec in [
        "random:branching=3,depth=5,seed=1,noise=1e308",
        long_value.as_str(),
    ] {
        let outcome = gametree(&["solve", "--game", spec], Vec::new());
        assert_eq!(outcome.code, 2);
        let first = outcome.stderr.lines().next().unwrap_or("");
        assert!(
            first.len() <= 300,
            "{} characters: {first:.300}",
            first.len()
        );
    }
    let control = gametree(&["solve", "--game", "tictactoe:x\u{1a}......."], Vec::new());
    assert_eq!(control.code, 2);
    assert!(
        control.stderr.contains("`\\u{1a}` is not a square"),
        "{:?}",
        control.stderr
    );
}

#[test]
fn a_draw_limit_of_zero_suggests_nothing_impossible() {
    let outcome = gametree(
        &[
            "render",
            "trees/aima-figure-5-2.tree",
            "--max-draw-nodes",
            "0",
        ],
        Vec::new(),
    );
    assert_refused(&outcome, "the tree has 13 nodes", "draws nothing");
    assert!(!outcome.stderr.contains("(0 nodes)"), "{}", outcome.stderr);
}

#[test]
fn an_unknown_long_id_is_shortened_on_stderr_and_in_the_csv() {
    let id = "x".repeat(1_000_000);
    let tree = format!("[[3 12 8] [2 4 6] [14 5 2]]\nexpect {id} = 3\n");
    let short = format!("no node `{}...{}`", &id[..20], &id[..20]);
    let text = gametree(&["check", "-"], tree.clone().into_bytes());
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
    let csv = gametree(&["check", "-", "--format", "csv"], tree.into_bytes());
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
    let checked = gametree(&["check", "-"], tree.clone().into_bytes());
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

#[test]
fn max_nodes_stops_reading_an_endless_plain_stream() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["solve", "-", "--max-nodes", "1000"])
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
