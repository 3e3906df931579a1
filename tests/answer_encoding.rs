//! An answer file as a student's editor saves it. In another encoding
//! than UTF-8 (Latin-1, as an editor on Windows may): a byte that is not
//! UTF-8 costs the answer it stands in only, and nothing in a comment; the
//! tree file and a key stay refused at such a byte. With accented names
//! typed decomposed (`e` and a combining accent, as some systems write
//! them): the same names as composed ones.

mod common;

use std::path::PathBuf;

use serde_json::Value as Json;

use common::gametree;
use gametree::check::{Grading, Source};
use gametree::syntax::{NOT_UTF8, answer_text};

const LECTURE: &str = "trees/lecture-a-to-v.tree";

/// The lecture tree's key, written by the search itself.
fn lecture_key() -> String {
    gametree(["key", LECTURE]).stdout()
}

/// Writes `bytes` as the file `name` in this file's folder of the target
/// directory.
fn written(name: &str, bytes: &[u8]) -> String {
    common::written("answer-encoding", name, bytes)
}

/// `gametree check --format json ARGS`: the exit code and the report.
fn check(args: &[&str]) -> (i32, Json) {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let outcome = gametree(&all).outcome();
    let json = serde_json::from_str(&outcome.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", outcome.stdout, outcome.stderr));
    (outcome.code, json)
}

/// The key's lines with `é` in Latin-1 (one byte, 0xE9) in a comment line
/// before each answer and in a comment after it.
fn latin1_commented(key: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    for line in key.lines() {
        bytes.extend_from_slice(b"# r\xe9ponse\n");
        bytes.extend_from_slice(line.as_bytes());
        if line.starts_with("expect") {
            bytes.extend_from_slice(b"  # \xe9lagage");
        }
        bytes.push(b'\n');
    }
    bytes
}

#[test]
fn a_latin1_byte_in_a_comment_costs_nothing() {
    let key = lecture_key();
    let key_file = written("key.answers", key.as_bytes());
    let answers = written("latin1.answers", &latin1_commented(&key));
    let (code, json) = check(&[LECTURE, "--key", &key_file, &answers]);
    let file = &json["files"][0];
    assert_eq!(code, 0, "{json}");
    assert_eq!(file["score"], 1.0, "{file}");
    assert_eq!(
        file["grade"]["points"], file["grade"]["max_points"],
        "{file}"
    );
    assert!(file["error"].is_null(), "{file}");
}

#[test]
fn a_latin1_byte_in_an_answer_costs_that_answer_only() {
    let key = lecture_key();
    let key_file = written("key-one.answers", key.as_bytes());
    // The best move's line names `B` as `\xe9`: the one answer lost.
    let best = key.lines().find(|l| l.starts_with("expect best")).unwrap();
    let broken = key.replacen(best, "expect best \u{1}", 1).into_bytes();
    let broken: Vec<u8> = broken
        .into_iter()
        .map(|b| if b == 1 { 0xe9 } else { b })
        .collect();
    let line = key.lines().position(|l| l == best).unwrap() + 1;
    let answers = written("one-lost.answers", &broken);
    let (code, json) = check(&[LECTURE, "--key", &key_file, &answers]);
    let file = &json["files"][0];
    assert_eq!(code, 1, "{json}");
    let most = file["grade"]["max_points"].as_f64().unwrap();
    assert_eq!(file["grade"]["points"].as_f64(), Some(most - 1.0), "{file}");
    let text = file.to_string();
    let place = format!("one-lost.answers:{line}:13: this character is not UTF-8 text");
    assert!(text.contains(&place), "{place} in {text}");
}

#[test]
fn the_tree_file_and_the_key_must_be_utf8() {
    let key = lecture_key();
    let mut tree = std::fs::read(LECTURE).unwrap();
    tree.extend_from_slice(b"# caf\xe9\n");
    let tree = written("latin1.tree", &tree);
    let answers = written("right.answers", key.as_bytes());
    let outcome = gametree(["check", &tree, &answers]).outcome();
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains("not valid UTF-8"),
        "{}",
        outcome.stderr
    );
    let key_file = written("latin1-key.answers", &latin1_commented(&key));
    let outcome = gametree(["check", LECTURE, "--key", &key_file, &answers]).outcome();
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains("not valid UTF-8"),
        "{}",
        outcome.stderr
    );
}

#[test]
fn a_submission_part_in_latin1_is_graded_not_left_out() {
    let key = lecture_key();
    let answers = written("part.answers", &latin1_commented(&key));
    let outcome = gametree(["check", "--format", "gradescope", LECTURE, &answers]).outcome();
    let results: Json = serde_json::from_str(&outcome.stdout).unwrap();
    let tests = results["tests"].as_array().unwrap();
    let most: f64 = tests.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    assert_eq!(results["score"].as_f64(), Some(most), "{results}");
    let output = results["output"].as_str().unwrap_or_default();
    assert!(!output.contains("left out"), "{output}");
}

#[test]
fn the_library_reads_answers_the_same_way() {
    let key = lecture_key();
    assert_eq!(answer_text(key.clone().into_bytes()), key, "UTF-8 as it is");
    let text = answer_text(b"expect value 5 # caf\xe9\nexpect best \xff\xfe\n".to_vec());
    assert_eq!(
        text,
        format!("expect value 5 # caf{NOT_UTF8}\nexpect best {NOT_UTF8}{NOT_UTF8}\n")
    );
    let tree = std::fs::read_to_string(LECTURE).unwrap();
    let files = vec![
        Source::new(LECTURE, tree),
        Source::new("a.answers", answer_text(latin1_commented(&key))),
    ];
    let batch = Grading::default().grade(None, files).unwrap();
    let row = &batch.report.files[0];
    assert_eq!(row.failed, 0, "{row:?}");
    assert_eq!(row.score, 1.0, "{row:?}");
}

/// `É` composed (one character) and decomposed (`E` and U+0301).
const COMPOSED: &str = "\u{c9}";
const DECOMPOSED: &str = "E\u{301}";

/// The batch of a tree naming its first MIN node `tree_name`, and one
/// answer file naming it `answer_name`: the answer file's row.
fn graded(tree_name: &str, answer_name: &str) -> gametree::check::FileReport {
    let tree = format!("A [ {tree_name} [ 3 12 ] C [ 2 4 ] ]\n");
    let answers = format!("expect best {answer_name}\nexpect {answer_name} = 3\n");
    let files = vec![
        Source::new("n.tree", tree),
        Source::new("n.answers", answers),
    ];
    let mut batch = Grading::default().grade(None, files).unwrap();
    batch.report.files.remove(0)
}

#[test]
fn a_name_composed_or_decomposed_names_the_same_node() {
    for (tree_name, answer_name) in [
        (COMPOSED, DECOMPOSED),
        (DECOMPOSED, COMPOSED),
        (DECOMPOSED, DECOMPOSED),
    ] {
        let row = graded(tree_name, answer_name);
        assert_eq!(
            (row.passed, row.failed),
            (2, 0),
            "{tree_name:?} {answer_name:?}: {row:?}"
        );
    }
    let row = graded(COMPOSED, "E");
    assert_eq!(
        row.passed, 0,
        "a letter without its accent is another name: {row:?}"
    );
}

#[test]
fn two_names_that_differ_only_in_composition_are_one_name_twice() {
    let tree = format!("A [ {COMPOSED} [ 3 12 ] {DECOMPOSED} [ 2 4 ] ]\n");
    let outcome = gametree(["solve", "-"]).stdin(tree).outcome();
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains("duplicate name"),
        "{}",
        outcome.stderr
    );
}

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_gets_its_row_and_stops_no_other() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let key = lecture_key();
    let right = written("right-named.answers", key.as_bytes());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("answer-encoding");
    let latin1 = dir.join(OsStr::from_bytes(b"r\xe9ponse.answers"));
    std::fs::write(&latin1, &key).unwrap();
    let args = [
        OsStr::new("check"),
        OsStr::new("--format"),
        OsStr::new("json"),
    ];
    let files = [OsStr::new(LECTURE), latin1.as_os_str(), OsStr::new(&right)];
    let outcome = gametree(args.iter().chain(&files)).outcome();
    let json: Json = serde_json::from_str(&outcome.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", outcome.stdout, outcome.stderr));
    let rows = json["files"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{json}");
    let name = rows[0]["file"].as_str().unwrap();
    assert!(name.ends_with("r\\xE9ponse.answers"), "{name}");
    for row in rows {
        assert_eq!(row["score"], 1.0, "{row}");
    }
}

#[test]
fn no_name_holds_the_character_a_byte_that_is_not_utf8_becomes() {
    // Else `expect best "X\xe9"` in Latin-1 would name the node "X\u{fffd}".
    let tree = format!("A max [ \"X{NOT_UTF8}\" [3 5] Y [1 2] ]\n");
    let outcome = gametree(["solve", "-"]).stdin(tree).outcome();
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(
        outcome
            .stderr
            .contains("<stdin>:1:11: this name holds U+FFFD"),
        "{}",
        outcome.stderr
    );
}

#[cfg(unix)]
#[test]
fn two_files_are_never_named_alike() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("answer-encoding-names");
    std::fs::create_dir_all(&dir).unwrap();
    let latin1 = dir.join(OsStr::from_bytes(b"r\xe9ponse.answers"));
    let literal = dir.join("r\\xE9ponse.answers");
    std::fs::write(&latin1, "expect value 5\n").unwrap();
    std::fs::write(&literal, "expect value 4\n").unwrap();
    let args = [
        OsStr::new("check"),
        OsStr::new("--format"),
        OsStr::new("json"),
    ];
    let files = [OsStr::new(LECTURE), latin1.as_os_str(), literal.as_os_str()];
    let json: Json =
        serde_json::from_str(&gametree(args.iter().chain(&files)).outcome().stdout).unwrap();
    let names: Vec<&str> = json["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["file"].as_str().unwrap())
        .collect();
    assert!(names[0].ends_with("/r\\xE9ponse.answers"), "{names:?}");
    assert!(names[1].ends_with("/r\\\\xE9ponse.answers"), "{names:?}");
}
