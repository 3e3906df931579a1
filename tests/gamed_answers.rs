//! Grades a student cannot game: a false claim costs its question, extra
//! answers are never passed tests on a grading platform, and lines that
//! could not be read are errors there. Each against the lecture tree's own
//! key (11 questions: value, best move, B, I, P, F, cut at F, cut at P,
//! pruned, leaves, evaluated; F is cut by beta, P by alpha).

mod common;

use std::path::PathBuf;

use serde_json::Value as Json;

use common::{Outcome, gametree};

const LECTURE: &str = "trees/lecture-a-to-v.tree";

/// Writes `text` as the answer file `name` in a fresh folder; its path.
fn answers(folder: &str, name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("gamed-{folder}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `gametree check --format FORMAT ARGS`: its exit code and standard output.
fn check(format: &str, args: &[&str]) -> (i32, String) {
    let mut all = vec!["check", "--format", format];
    all.extend_from_slice(args);
    let Outcome { code, stdout, .. } = gametree(&all).outcome();
    (code, stdout)
}

fn json(args: &[&str]) -> Json {
    let (_, stdout) = check("json", args);
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

fn question<'a>(file: &'a Json, name: &str) -> &'a Json {
    let questions = file["grade"]["questions"].as_array().unwrap();
    questions.iter().find(|q| q["question"] == name).unwrap()
}

/// A cut claimed at every node of the lecture tree, each of the kind its
/// player would make (beta at MAX, alpha at MIN), after the right value
/// and best move: 22 cut claims, of which two hold.
fn a_cut_everywhere() -> String {
    let mut text = String::from("expect value 5\nexpect best I\n");
    for max in "A C F J M Q T".split(' ') {
        text += &format!("expect cut {max} beta\n");
    }
    for min in "B I P D E G H K L N O R S U V".split(' ') {
        text += &format!("expect cut {min} alpha\n");
    }
    text
}

#[test]
fn claiming_a_cut_at_every_node_earns_no_cut_question() {
    let path = answers("everywhere", "a.answers", &a_cut_everywhere());
    let graded = json(&[LECTURE, &path]);
    let file = &graded["files"][0];
    // The two right cut claims answer the two cut questions; the twenty
    // others are false, and each takes back one right answer.
    for cut in ["cut at F", "cut at P"] {
        assert_eq!(question(file, cut)["status"], "failed", "{cut}");
        assert_eq!(question(file, cut)["points"], 0.0, "{cut}");
        let why = question(file, cut)["explanation"].as_str().unwrap();
        assert!(why.starts_with("right, but 20 cut claims"), "{why}");
    }
    assert_eq!(file["grade"]["false_cuts"], 20);
    assert_eq!(file["grade"]["extra_count"], 20);
    assert_eq!(file["grade"]["points"], 2.0, "the value and the best move");
}

#[test]
fn one_false_cut_claim_takes_back_one_of_two_right_cuts() {
    let text = "expect cut F beta\nexpect cut P alpha\nexpect cut C beta\nexpect cut B alpha\n";
    let path = answers("one-false", "a.answers", text);
    let file = &json(&[LECTURE, &path])["files"][0];
    // Two right, two false (C has no cut, B's is not asked and B has
    // none): nothing kept. With one false claim only, half of each.
    assert_eq!(question(file, "cut at F")["points"], 0.0);
    let path = answers(
        "one-false",
        "b.answers",
        "expect cut F beta\nexpect cut P alpha\nexpect cut C beta\n",
    );
    let file = &json(&[LECTURE, &path])["files"][0];
    for cut in ["cut at F", "cut at P"] {
        assert_eq!(question(file, cut)["status"], "partial", "{cut}");
        assert_eq!(question(file, cut)["points"], 0.5, "{cut}");
        let why = question(file, cut)["explanation"].as_str().unwrap();
        assert!(why.contains("(line 3)") && why.contains("1/2"), "{why}");
    }
    // A right cut claim outside the key costs nothing, nor does a hedge
    // that holds: only claims that do not hold are false.
    let path = answers(
        "one-false",
        "c.answers",
        "expect cut F beta\nexpect cut P alpha\nexpect cut F beta\n",
    );
    let file = &json(&[LECTURE, &path])["files"][0];
    assert_eq!(question(file, "cut at F")["points"], 1.0);
    assert_eq!(file["grade"]["false_cuts"], 0);
    // Hedging with the other kind is a false claim.
    let path = answers(
        "one-false",
        "d.answers",
        "expect cut F beta\nexpect cut F alpha\n",
    );
    let file = &json(&[LECTURE, &path])["files"][0];
    assert_eq!(question(file, "cut at F")["points"], 0.0);
}

#[test]
fn listing_every_node_earns_no_list_question() {
    let every = "A B C D E F G H I J K L M N O P Q R S T U V";
    let text = format!("expect pruned {every}\nexpect leaves {every}\n");
    let path = answers("every-node", "a.answers", &text);
    let file = &json(&[LECTURE, &path])["files"][0];
    // pruned: 4 nodes right (H T U V), 18 false; leaves: the 9 evaluated
    // in order right, 13 false.
    assert_eq!(question(file, "pruned")["points"], 0.0);
    assert_eq!(question(file, "leaves")["points"], 0.0);
    assert_eq!(question(file, "pruned")["status"], "failed");
    // The right leaves twice over: 9 right, 9 false.
    let leaves = "D E G K L N O R S";
    let path = answers(
        "every-node",
        "b.answers",
        &format!("expect leaves {leaves} {leaves}\n"),
    );
    let file = &json(&[LECTURE, &path])["files"][0];
    assert_eq!(question(file, "leaves")["points"], 0.0);
}

/// The answer file: the right value and best move, a wrong value
/// for C and a cut at B, neither asked by the key.
const WITH_EXTRAS: &str = "expect value 5\nexpect C = 99\nexpect cut B beta\nexpect best I\n";

#[test]
fn extra_answers_are_never_passed_tests_in_junit() {
    let path = answers("junit-extras", "a.answers", WITH_EXTRAS);
    let (code, xml) = check("junit", &[LECTURE, &path]);
    assert_eq!(code, 1);
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 11, "one per question of the key: {xml}");
    let passed: Vec<&str> = cases
        .iter()
        .filter(|c| !c.children().any(|n| n.is_element()))
        .map(|c| c.attribute("name").unwrap())
        .collect();
    assert_eq!(passed, ["value", "best move"]);
    let out = doc
        .descendants()
        .find(|n| n.has_tag_name("system-out"))
        .unwrap();
    let out = out.text().unwrap();
    assert!(
        out.starts_with("2 extra answers, which score nothing:"),
        "{out}"
    );
    assert!(
        out.contains("line 2: expect C = 99") && out.contains("line 3: expect cut B beta"),
        "{out}"
    );
}

#[test]
fn extra_answers_are_never_passed_tests_in_gradescope() {
    let path = answers("gradescope-extras", "a.answers", WITH_EXTRAS);
    let (_, stdout) = check("gradescope", &[LECTURE, &path]);
    let json: Json = serde_json::from_str(&stdout).unwrap();
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 11, "{stdout}");
    let passed: Vec<&Json> = tests
        .iter()
        .filter(|t| t["status"] == "passed")
        .map(|t| &t["name"])
        .collect();
    assert_eq!(passed, ["value", "best move"]);
    let output = json["output"].as_str().unwrap();
    assert!(
        output.contains("2 extra answers, which score nothing"),
        "{output}"
    );
    assert!(output.contains("line 3: expect cut B beta"), "{output}");
    assert_eq!(json["score"], 2.0);
}

#[test]
fn the_reports_count_the_extra_answers() {
    let path = answers("counted", "a.answers", WITH_EXTRAS);
    let (_, text) = check("text", &[LECTURE, &path]);
    assert!(
        text.contains("\n2 extra answers, which score nothing:\nextra: line 2: "),
        "{text}"
    );
    let file = &json(&[LECTURE, &path])["files"][0];
    assert_eq!(file["grade"]["extra_count"], 2);
    let (_, csv) = check("csv", &[LECTURE, &path]);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let extras = header
        .iter()
        .position(|h| *h == "extras")
        .expect("an extras column");
    assert_eq!(row[extras], "2", "{csv}");
}

/// A file with two lines that cannot be read, one of them meant for no
/// question the keyword names.
const UNREADABLE: &str = "expect value 5\nexpect value: five\nexpect zz\nexpect best I\n";

#[test]
fn unreadable_lines_are_junit_errors() {
    let path = answers("junit-errors", "a.answers", UNREADABLE);
    let (_, xml) = check("junit", &[LECTURE, &path]);
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let root = doc.root_element();
    assert_eq!(root.attribute("errors"), Some("2"), "{xml}");
    let suite = root
        .children()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(suite.attribute("errors"), Some("2"));
    assert_eq!(suite.attribute("tests"), Some("13"));
    for (line, said) in [(2, "expected a number"), (3, "expected `=`")] {
        let case = suite
            .children()
            .find(|c| c.attribute("name") == Some(&format!("line {line}")))
            .unwrap_or_else(|| panic!("no case for line {line}: {xml}"));
        let error = case.children().find(|n| n.has_tag_name("error")).unwrap();
        assert!(error.text().unwrap().contains(said), "{xml}");
    }
}

#[test]
fn unreadable_lines_are_failed_gradescope_tests() {
    let path = answers("gradescope-errors", "a.answers", UNREADABLE);
    let (_, stdout) = check("gradescope", &[LECTURE, &path]);
    let json: Json = serde_json::from_str(&stdout).unwrap();
    let tests = json["tests"].as_array().unwrap();
    for line in [2, 3] {
        let test = tests
            .iter()
            .find(|t| t["name"] == format!("line {line}"))
            .unwrap();
        assert_eq!(test["status"], "failed");
        assert_eq!(
            (test["score"].as_f64(), test["max_score"].as_f64()),
            (Some(0.0), Some(0.0))
        );
        let output = test["output"].as_str().unwrap();
        assert!(
            output.starts_with(&format!("line {line} could not be read: ")),
            "{output}"
        );
    }
    let total: f64 = tests.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    assert_eq!(total, 11.0, "the errors add nothing to the key's total");
}

#[test]
fn a_gaming_file_of_many_lines_gets_one_case_per_question() {
    // The right value, then 137 answers of every kind outside the key or
    // repeating it, some right, some wrong.
    let mut text = String::from("expect value 5\n");
    for k in 0..137 {
        text += match k % 4 {
            0 => "expect value 5\n",
            1 => "expect C = 2\n",
            2 => "expect window J [2, +inf]\n",
            _ => "expect D = 7\n",
        };
    }
    let path = answers("many", "a.answers", &text);
    let (_, xml) = check("junit", &[LECTURE, &path]);
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let cases = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .count();
    assert_eq!(cases, 11, "{xml}");
    let file = &json(&[LECTURE, &path])["files"][0];
    assert_eq!(file["grade"]["extra_count"], 137);
    let listed = file["grade"]["extras"].as_array().unwrap().len();
    assert_eq!(listed, gametree::check::LISTED_UP_TO);
    let (_, text) = check("text", &[LECTURE, &path]);
    let more = 137 - gametree::check::LISTED_UP_TO;
    assert!(
        text.contains(&format!("and {more} more extra answers, not listed")),
        "{text}"
    );
}

#[test]
fn an_extra_answer_tells_whether_it_holds_only_with_full_explanations() {
    // The value answered twice: the second, right, answer is an extra; and
    // a false cut claim beside the right one.
    let text = "expect value 4\nexpect value 5\nexpect cut F beta\nexpect cut B alpha\n";
    let path = answers("extras-told", "a.answers", text);
    for explain in ["full", "brief", "none"] {
        let file = &json(&["--explain", explain, LECTURE, &path])["files"][0];
        let extras = file["grade"]["extras"].as_array().unwrap();
        assert_eq!(extras.len(), 2, "{explain}");
        let told: Vec<&Json> = extras.iter().map(|e| &e["holds"]).collect();
        match explain {
            "full" => assert_eq!(told, [&Json::Bool(true), &Json::Bool(false)]),
            _ => assert!(told.iter().all(|h| h.is_null()), "{explain}: {told:?}"),
        }
        // The false cut claim costs the cut at F either way; only brief
        // and full explanations say which line it is (a CSV row lists no
        // answer).
        assert_eq!(question(file, "cut at F")["points"], 0.0, "{explain}");
        for format in ["json", "text", "gradescope", "junit", "csv"] {
            let (_, out) = check(format, &["--explain", explain, LECTURE, &path]);
            let named = out.contains("false cut claim") || out.contains("are false (line");
            let told = explain != "none" && format != "csv";
            assert_eq!(named, told, "{explain} {format}: {out}");
        }
    }
}

#[test]
fn a_false_cut_claim_written_twice_costs_once() {
    let twice = "expect cut F beta\nexpect cut P alpha\nexpect cut B alpha\nexpect cut B alpha\n";
    let path = answers("false-twice", "a.answers", twice);
    let file = &json(&[LECTURE, &path])["files"][0];
    assert_eq!(file["grade"]["false_cuts"], 1);
    for cut in ["cut at F", "cut at P"] {
        assert_eq!(question(file, cut)["points"], 0.5, "{cut}");
    }
}
