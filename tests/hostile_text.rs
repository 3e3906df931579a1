//! Hostile text against the built binary: numbers too large, words, NUL
//! bytes, invalid UTF-8, byte-order marks, lone carriage returns, control
//! characters, unknown leaves, extreme values, endless devices. Each must
//! be refused where it stands, with exit code 2 and a one-line cause, or,
//! for the few inputs that are fine (a byte-order mark, CRLF line ends,
//! names in any script), give the plain answer.

mod common;

use common::{ALGORITHMS, Outcome, assert_refused, gametree, solve_stdin};

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

#[test]
fn a_lone_carriage_return_ends_a_line_and_a_comment() {
    let tree = "[[3 12 8] [2 4 6] [14 5 2]]\nexpect value 3 # right\rexpect value 99\r";
    let outcome = gametree(["check", "-"]).stdin(tree.as_bytes()).outcome();
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
    let outcome = gametree(["check", tree.to_str().unwrap(), answers.to_str().unwrap()]).outcome();
    assert_eq!(outcome.code, 1, "{}{}", outcome.stdout, outcome.stderr);
    std::fs::write(&answers, "expect value 3\rexpect nobody = 3\r").unwrap();
    let unknown = gametree(["check", tree.to_str().unwrap(), answers.to_str().unwrap()]).outcome();
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
        let traced = gametree(["trace", "-", "--fail-hard", "--algo", "negamax-alphabeta"])
            .stdin(text)
            .outcome();
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
    let zeros = gametree(["solve", "/dev/zero"]).outcome();
    assert_refused(&zeros, "/dev/zero:1:1:", "NUL byte");
    // Random bytes differ at every run: the first NUL or invalid byte may
    // follow a newline, so it may be on any line of the first block.
    let random = gametree(["solve", "/dev/urandom"]).outcome();
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
