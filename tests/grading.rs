//! `gametree check` grading a class against a key: every question of the
//! key counts, gamed and broken answer files score what they answered, a
//! batch grades every file, and the reports for Gradescope and JUnit hold
//! what those platforms read.

mod common;

use std::path::PathBuf;

use serde_json::Value as Json;

use common::{Outcome, gametree};

const LECTURE: &str = "trees/lecture-a-to-v.tree";

/// Answer files written into a fresh folder of the target directory.
struct Class {
    dir: PathBuf,
}

impl Class {
    fn new(name: &str) -> Class {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("grading-{name}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Class { dir }
    }

    /// Writes `text` as the file `name`; returns its path.
    fn file(&self, name: &str, text: &str) -> String {
        let path = self.dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    }
}

/// `gametree check --json ARGS`, parsed.
fn json(args: &[&str]) -> (i32, Json, String) {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree(&all).outcome();
    let json = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    (code, json, stderr)
}

fn question<'a>(file: &'a Json, name: &str) -> &'a Json {
    file["grade"]["questions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["question"] == name)
        .unwrap_or_else(|| panic!("no question {name} in {file}"))
}

#[test]
fn a_gamed_answer_file_scores_what_it_answered_of_the_key() {
    let class = Class::new("gamed");
    let gamed = class.file(
        "gamed.answers",
        "expect value 5\nexpect value 5\nexpect value 5\nexpect best I\n",
    );
    let (code, json, _) = json(&[LECTURE, &gamed]);
    assert_eq!(code, 1);
    let file = &json["files"][0];
    // The lecture tree's key has 11 questions; two are answered, right.
    assert_eq!(file["total"], 11);
    assert_eq!(file["passed"], 2);
    assert_eq!(file["grade"]["points"], 2.0);
    assert_eq!(file["grade"]["max_points"], 11.0);
    assert_eq!(file["score"], 0.1818);
    assert_eq!(question(file, "B")["status"], "unanswered");
    assert_eq!(question(file, "B")["explanation"], "unanswered");
    let extras = file["grade"]["extras"].as_array().unwrap();
    assert_eq!(extras.len(), 2, "the repeats count once: {extras:?}");
    assert!(
        extras[0]["reason"]
            .as_str()
            .unwrap()
            .contains("answered before, on line 1")
    );
}

#[test]
fn a_claim_outside_the_key_is_extra_and_scores_nothing() {
    let class = Class::new("extra");
    let answers = class.file("a.answers", "expect value 5\nexpect C = 2\nexpect J = 8\n");
    let (_, graded, _) = json(&[LECTURE, &answers]);
    let file = &graded["files"][0];
    assert_eq!(file["grade"]["points"], 1.0);
    let extras = file["grade"]["extras"].as_array().unwrap();
    assert_eq!(extras.len(), 2);
    assert_eq!(extras[0]["holds"], true);
    assert!(
        extras[0]["reason"]
            .as_str()
            .unwrap()
            .contains("not a question of the key")
    );
    // Without the key, each claim is checked: all three hold.
    let (code, claims, _) = json(&["--claims", LECTURE, &answers]);
    assert_eq!(code, 0);
    assert_eq!(claims["files"][0]["score"], 1.0);
}

#[test]
fn a_key_weighs_its_questions_and_lists_earn_partial_credit() {
    let class = Class::new("points");
    let key = class.file(
        "key.answers",
        "expect value 5 [4 points]\nexpect pruned H T [2 points]\nexpect leaves D E G K L N O R S\nexpect cut F beta [0.5 pt]\n",
    );
    let answers = class.file(
        "a.answers",
        "expect value 5\nexpect pruned H T U\nexpect leaves D E G K L N O R\nexpect cut F alpha\n",
    );
    let (code, json, _) = json(&["--key", &key, LECTURE, &answers]);
    assert_eq!(code, 1);
    let file = &json["files"][0];
    assert_eq!(file["grade"]["max_points"], 7.5);
    assert_eq!(question(file, "value")["points"], 4.0);
    // Naming U as well is right (it is in T's pruned subtree).
    assert_eq!(question(file, "pruned")["status"], "passed");
    assert_eq!(question(file, "pruned")["points"], 2.0);
    // 8 of the 9 leaves in order: 8/9 of a point.
    assert_eq!(question(file, "leaves")["status"], "partial");
    assert_eq!(question(file, "leaves")["points"], 0.8889);
    assert_eq!(question(file, "cut at F")["status"], "failed");
    assert_eq!(question(file, "cut at F")["max_points"], 0.5);
    assert_eq!(file["grade"]["points"], 6.8889);
    assert_eq!(file["score"], 0.9185);
}

#[test]
fn pruned_lists_earn_the_nodes_right_less_the_nodes_false() {
    let class = Class::new("pruned-credit");
    let key = class.file("key.answers", "expect pruned H T\n");
    // Pruned: H, T, U, V. `H` alone covers 1 of the 4; `H M` covers H and
    // wrongly M, N, O: 1 right less 3 false; `H T M`: 4 less 3; naming
    // the root A covers all 22 nodes: 4 right, 18 false.
    let answers = [
        ("H", 0.25),
        ("H M", 0.0),
        ("H T M", 0.25),
        ("T", 0.75),
        ("H T A", 0.0),
        ("H H H T T", 1.0),
        ("none", 0.0),
    ];
    for (answer, points) in answers {
        let answers = class.file("a.answers", &format!("expect pruned {answer}\n"));
        let (_, json, _) = json(&["--key", &key, LECTURE, &answers]);
        assert_eq!(json["files"][0]["grade"]["points"], points, "{answer}");
    }
}

#[test]
fn a_batch_grades_every_file_and_exits_2_after_every_row() {
    let class = Class::new("batch");
    let files = [
        class.file("ok.answers", "expect value 5\nexpect best I\n"),
        class.file("empty.answers", ""),
        class.file("comment.answers", "# nothing yet\n"),
        class.file("forgot.answers", "value 5\n"),
        class.file("prose.answers", "The value is 5 and the best move is I.\n"),
        class.file(
            "typo.answers",
            "expect cut LL alpha\nexpect value: 5\nexpect F >= 6\n",
        ),
        class.file("ok2.answers", "expect value 5\n"),
    ];
    let mut args = vec!["check", "--format", "csv", LECTURE];
    args.extend(files.iter().map(String::as_str));
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree(&args).outcome();
    assert_eq!(code, 2, "{stderr}");
    let rows: Vec<&str> = stdout.lines().skip(1).collect();
    assert_eq!(rows.len(), files.len(), "{stdout}");
    for (row, file) in rows.iter().zip(&files) {
        assert!(row.starts_with(file.as_str()), "{row}");
    }
    // The unusable ones score 0, with their error in the row and on stderr.
    for (at, words) in [
        (1, "no answers"),
        (2, "no answers"),
        (3, "an answer starts with `expect`"),
        (4, "an answer starts with `expect`"),
    ] {
        assert!(rows[at].contains(words), "{}", rows[at]);
        assert!(rows[at].contains(",0,"), "{}", rows[at]);
        assert!(
            stderr.contains(&format!("error: {}", files[at])),
            "{stderr}"
        );
    }
    // The typo costs its own answer only, and says what was meant.
    let cells = common::csv_rows(&stdout);
    assert_eq!(common::csv_cell(&cells, 6, "points"), "2", "{}", rows[5]);
    assert_eq!(
        common::csv_cell(&cells, 6, "max_points"),
        "11",
        "{}",
        rows[5]
    );
    assert!(
        stderr.contains(&format!(
            "typo.answers:1:12: no node `LL` in the tree {LECTURE}: did you mean L?"
        )),
        "{stderr}"
    );
    assert_eq!(common::csv_cell(&cells, 7, "points"), "1", "{}", rows[6]);
    assert_eq!(
        common::csv_cell(&cells, 7, "max_points"),
        "11",
        "{}",
        rows[6]
    );
}

#[test]
fn a_typo_in_a_node_is_an_error_on_its_question() {
    let class = Class::new("typo");
    let answers = class.file("a.answers", "expect value 5\nexpect FF >= 6\n");
    let (code, json, _) = json(&[LECTURE, &answers]);
    assert_eq!(code, 1);
    let f = question(&json["files"][0], "F");
    assert_eq!(f["status"], "error");
    let explanation = f["explanation"].as_str().unwrap();
    assert!(explanation.contains("did you mean F?"), "{explanation}");
}

#[test]
fn the_explanation_can_keep_the_answer_back() {
    let class = Class::new("explain");
    let answers = class.file(
        "a.answers",
        "expect value 4\nexpect B = 3\nexpect pruned H T M\nexpect evaluated 15\n",
    );
    let (_, full, _) = json(&["--explain", "full", LECTURE, &answers]);
    let (_, brief, _) = json(&["--explain", "brief", LECTURE, &answers]);
    let (_, none, _) = json(&["--explain", "none", LECTURE, &answers]);
    let file = |j: &Json| j["files"][0].clone();
    assert_eq!(question(&file(&full), "B")["actual"], "= 2");
    assert!(question(&file(&brief), "B").get("actual").is_none());
    for (name, said) in [
        ("value", "value: wrong"),
        ("B", "B: wrong value"),
        ("pruned", "pruned: one node too many"),
        ("evaluated", "evaluated: too many"),
    ] {
        assert_eq!(question(&file(&brief), name)["explanation"], said);
        assert_eq!(question(&file(&none), name)["explanation"], "");
    }
    // The brief report names no leaf and no value of the search.
    let text = brief.to_string();
    for secret in ["\"5\"", "D E G", "= 2"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    // The same in claims mode.
    let (_, claims, _) = json(&["--claims", "--explain", "brief", LECTURE, &answers]);
    let lines = claims["files"][0]["expectations"].as_array().unwrap();
    assert_eq!(lines[1]["explanation"], "B: wrong value");
    assert_eq!(lines[1]["actual"], "");
}

#[test]
fn gradescope_results_hold_the_documented_keys() {
    let class = Class::new("gradescope");
    let answers = class.file("a.answers", "expect value 5\nexpect pruned H\n");
    let args = [
        "check",
        "--format",
        "gradescope",
        "--visibility",
        "after_due_date",
        LECTURE,
        &answers,
    ];
    let Outcome { code, stdout, .. } = gametree(args).outcome();
    assert_eq!(code, 1);
    let json: Json = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["score"], 1.25, "value 1 point, pruned 1 of 4 nodes");
    assert!(json["execution_time"].is_number());
    assert!(
        json["output"]
            .as_str()
            .unwrap()
            .contains("1.25 of 11 points")
    );
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 11);
    for test in tests {
        for key in [
            "name",
            "score",
            "max_score",
            "status",
            "output",
            "visibility",
        ] {
            assert!(test.get(key).is_some(), "{key} missing in {test}");
        }
        assert!(["passed", "failed"].contains(&test["status"].as_str().unwrap()));
        assert_eq!(test["visibility"], "after_due_date");
        assert!(test["score"].as_f64() <= test["max_score"].as_f64());
    }
    let total: f64 = tests.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    assert_eq!(
        total, 11.0,
        "max_score adds up to the key, not to the answers"
    );
    assert_eq!(tests[0]["name"], "value");
    assert_eq!(tests[0]["status"], "passed");
}

#[test]
fn junit_has_a_suite_per_file_and_a_case_per_question() {
    let class = Class::new("junit");
    let files = [
        class.file("right.answers", "expect value 5\n"),
        class.file("wrong <&>.answers", "expect value 4\nexpect best I\n"),
        class.file("empty.answers", ""),
    ];
    let mut args = vec!["check", "--format", "junit", LECTURE];
    args.extend(files.iter().map(String::as_str));
    let Outcome { code, stdout, .. } = gametree(&args).outcome();
    assert_eq!(code, 2);
    let doc = roxmltree::Document::parse(&stdout).unwrap_or_else(|e| panic!("{e}\n{stdout}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let suites: Vec<_> = root
        .children()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    assert_eq!(suites.len(), 3);
    for (suite, file) in suites.iter().zip(&files) {
        assert_eq!(suite.attribute("name"), Some(file.as_str()));
        let cases: Vec<_> = suite
            .children()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        assert_eq!(
            suite.attribute("tests"),
            Some(cases.len().to_string().as_str())
        );
        let failures = cases
            .iter()
            .filter(|c| c.children().any(|n| n.has_tag_name("failure")));
        assert_eq!(
            suite.attribute("failures"),
            Some(failures.count().to_string().as_str())
        );
    }
    let cases = |at: usize| -> Vec<roxmltree::Node<'_, '_>> {
        suites[at]
            .children()
            .filter(|n| n.has_tag_name("testcase"))
            .collect()
    };
    assert_eq!(cases(0).len(), 11);
    let value = cases(1)
        .into_iter()
        .find(|c| c.attribute("name") == Some("value"))
        .unwrap();
    let failure = value
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert!(failure.text().unwrap().contains("expect value 4"));
    assert_eq!(suites[2].attribute("errors"), Some("1"));
    assert_eq!(root.attribute("errors"), Some("1"));
}

#[test]
fn the_key_of_any_tree_grades_its_own_search_in_full() {
    let class = Class::new("key");
    let mut trees: Vec<String> = std::fs::read_dir("trees")
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .filter(|p| p.ends_with(".tree"))
        .collect();
    trees.sort();
    for tree in &trees {
        for conventions in [&[][..], &["--strict"], &["--fail-hard"]] {
            let mut args = vec!["key"];
            args.extend_from_slice(conventions);
            args.push(tree);
            let Outcome {
                code,
                stdout: key,
                stderr,
            } = gametree(&args).outcome();
            assert_eq!(code, 0, "{tree}: {stderr}");
            assert!(key.starts_with("# the key of"), "{key}");
            let key = class.file("key.answers", &key);
            let mut check = vec!["check", "--key", &key];
            check.extend_from_slice(conventions);
            check.extend([tree.as_str(), &key]);
            let Outcome {
                code,
                stdout,
                stderr,
            } = gametree(&check).outcome();
            assert_eq!(code, 0, "{tree} {conventions:?}:\n{stdout}{stderr}");
            assert!(stdout.contains("(100%)"), "{stdout}");
        }
    }
}

#[test]
fn a_key_asks_only_the_questions_chosen_with_their_points() {
    let Outcome {
        code, stdout: key, ..
    } = gametree([
        "key",
        "--only",
        "value,pruned,cuts",
        "--points",
        "value=2,pruned=3",
        LECTURE,
    ])
    .outcome();
    assert_eq!(code, 0);
    let lines: Vec<&str> = key.lines().skip(1).collect();
    assert_eq!(
        lines,
        [
            "expect value 5 [2 points]",
            "expect cut F beta",
            "expect cut P alpha",
            "expect pruned H T [3 points]"
        ]
    );
    // Nothing pruned under --strict on strict-tie: the key says so, and a
    // student saying it in other words is right.
    let Outcome { stdout: key, .. } = gametree([
        "key",
        "--strict",
        "--only",
        "pruned",
        "trees/strict-tie.tree",
    ])
    .outcome();
    assert!(key.ends_with("expect pruned none\n"), "{key}");
    let class = Class::new("none");
    let key = class.file("key.answers", &key);
    let answers = class.file("a.answers", "expect pruned nothing\n");
    let args = [
        "check",
        "--strict",
        "--key",
        &key,
        "trees/strict-tie.tree",
        &answers,
    ];
    let Outcome { code, stdout, .. } = gametree(args).outcome();
    assert_eq!(code, 0, "{stdout}");
    let Outcome { code, stderr, .. } = gametree(["key", "--points", "value=x", LECTURE]).outcome();
    assert_eq!(code, 2);
    assert!(stderr.contains("not a number of points"), "{stderr}");
}

#[test]
fn a_broken_tree_file_gives_each_of_its_answer_files_a_row() {
    let class = Class::new("broken-tree");
    let tree = class.file("broken.tree", "[[3 12 8] [2 4\n");
    let files = [
        class.file("a.answers", "expect value 3\n"),
        class.file("b.answers", "expect value 2\n"),
    ];
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree([
        "check", "--trees", "--format", "csv", &tree, &files[0], &files[1], LECTURE, &files[0],
    ])
    .outcome();
    assert_eq!(code, 2, "{stderr}");
    let rows: Vec<&str> = stdout.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    for row in &rows[..2] {
        assert!(row.contains("the tree file could not be used"), "{row}");
        assert!(row.contains("is never closed"), "{row}");
    }
    // The next tree file's answers are graded as usual.
    assert!(
        rows[2].starts_with(files[0].as_str()) && rows[2].contains(LECTURE),
        "{}",
        rows[2]
    );
    let cells = common::csv_rows(&stdout);
    let graded = ["score", "error", "points", "max_points", "diagnosis"]
        .map(|c| common::csv_cell(&cells, 3, c));
    assert_eq!(graded, ["0", "", "0", "11", ""], "{}", rows[2]);
}

#[test]
fn the_diagnosis_reaches_the_grading_platforms() {
    let class = Class::new("platform-diagnosis");
    let Outcome { stdout: key, .. } = gametree(["key", "--fail-hard", LECTURE]).outcome();
    let answers = class.file("fail-hard.answers", &key);
    let Outcome { stdout, .. } =
        gametree(["check", "--format", "gradescope", LECTURE, &answers]).outcome();
    let json: Json = serde_json::from_str(&stdout).unwrap();
    let output = json["output"].as_str().unwrap();
    assert!(
        output.contains("your answers match alpha-beta that clamps values"),
        "{output}"
    );
    let Outcome { stdout, .. } =
        gametree(["check", "--format", "junit", LECTURE, &answers]).outcome();
    let doc = roxmltree::Document::parse(&stdout).unwrap();
    let out = doc
        .descendants()
        .find(|n| n.has_tag_name("system-out"))
        .unwrap();
    assert!(out.text().unwrap().contains("fail-hard"), "{stdout}");
}

#[test]
fn a_key_line_the_search_does_not_support_is_warned_about() {
    let class = Class::new("bad-key");
    let key = class.file("key.answers", "expect value 4 [2 points]\nexpect best I\n");
    let answers = class.file("a.answers", "expect value 5\nexpect best I\n");
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree(["check", "--key", &key, LECTURE, &answers]).outcome();
    // Answers are graded against the search: the right value earns its points.
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stderr.contains("warning: the key's line 1 (expect value 4 [2 points]) does not hold"),
        "{stderr}"
    );
}

#[test]
fn a_mistyped_node_is_pointed_at_in_its_line() {
    let class = Class::new("pointed");
    let answers = class.file("a.answers", "expect value 5\nexpect cut  LL alpha\n");
    let Outcome { stderr, .. } = gametree(["check", LECTURE, &answers]).outcome();
    let expected =
        format!("error: {answers}:2:13: no node `LL` in the tree {LECTURE}: did you mean L?");
    assert!(stderr.starts_with(&expected), "{stderr}");
}

#[test]
fn a_cut_of_the_other_kind_is_an_alpha_cut_not_a_alpha_cut() {
    let class = Class::new("article");
    let answers = class.file("a.answers", "expect cut P beta\n");
    let Outcome { stdout, .. } = gametree(["check", "--claims", LECTURE, &answers]).outcome();
    assert!(
        stdout.contains("the cut at P is an alpha cut, not beta"),
        "{stdout}"
    );
    assert!(!stdout.contains("a alpha"), "{stdout}");
}

#[test]
fn gradescope_results_of_several_files_grade_them_as_one_submission() {
    let class = Class::new("gradescope-batch");
    let files = [
        class.file("a.answers", "expect value 5\n"),
        class.file("b.answers", ""),
    ];
    let Outcome { code, stdout, .. } = gametree([
        "check",
        "--format",
        "gradescope",
        LECTURE,
        &files[0],
        &files[1],
    ])
    .outcome();
    assert_eq!(code, 1);
    let json: Json = serde_json::from_str(&stdout).unwrap();
    let tests = json["tests"].as_array().unwrap();
    // The key's 11 questions once, the value answered by the first file;
    // the empty file adds no line.
    assert_eq!(tests.len(), 11);
    assert_eq!(tests[0]["name"], "value");
    let total: f64 = tests.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    assert_eq!(total, 11.0);
    assert_eq!(json["score"], 1.0);
    let output = json["output"].as_str().unwrap();
    // Long names are shortened in the middle.
    assert!(
        output.contains("2 files read as one answer file: "),
        "{output}"
    );
    assert!(output.contains("a.answers is line 1; "), "{output}");
    assert!(output.contains("b.answers holds no line\n"), "{output}");
}

#[test]
fn gradescope_results_of_several_trees_name_each_test_after_its_file() {
    let class = Class::new("gradescope-trees");
    let answers = class.file("a.answers", "expect value 5\n");
    let Outcome { stdout, .. } = gametree([
        "check",
        "--trees",
        "--format",
        "gradescope",
        LECTURE,
        &answers,
        "trees/deep-cut.tree",
    ])
    .outcome();
    let json: Json = serde_json::from_str(&stdout).unwrap();
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests[0]["name"], format!("{answers}: value"));
    let last = tests.last().unwrap()["name"].as_str().unwrap();
    assert!(last.starts_with("trees/deep-cut.tree: "), "{last}");
}

#[test]
fn a_bad_line_then_a_good_answer_to_the_same_question_keeps_both() {
    let class = Class::new("bad-then-good");
    let answers = class.file("a.answers", "expect value: five\nexpect value 5\n");
    let (code, json, _) = json(&[LECTURE, &answers]);
    assert_eq!(code, 1);
    let file = &json["files"][0];
    assert_eq!(question(file, "value")["status"], "passed");
    let errors = file["grade"]["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["line"], 1);
}

#[test]
fn decimal_points_add_up_exactly() {
    let class = Class::new("decimal-points");
    let key = class.file(
        "key.answers",
        "expect value 5 [0.1 points]\nexpect best I [0.2 points]\nexpect B = 2 [0.7 pt]\n\
         expect I = 5 [0.1 pts]\nexpect cut F beta [0.1 pts]\nexpect cut P alpha [0.3 points]\n",
    );
    let right = class.file("right.answers", &std::fs::read_to_string(&key).unwrap());
    let (code, json, _) = json(&["--key", &key, LECTURE, &right]);
    assert_eq!(code, 0);
    let grade = &json["files"][0]["grade"];
    assert_eq!(
        (grade["points"].as_f64(), grade["max_points"].as_f64()),
        (Some(1.5), Some(1.5))
    );
    let Outcome { stdout, .. } =
        gametree(["check", "--format", "csv", "--key", &key, LECTURE, &right]).outcome();
    assert!(stdout.contains(",1.5,1.5,"), "{stdout}");
}

#[test]
fn points_have_at_most_four_decimal_places() {
    let class = Class::new("precise-points");
    let key = class.file("key.answers", "expect value 5 [0.12345 points]\n");
    let Outcome { code, stderr, .. } = gametree(["check", "--key", &key, LECTURE, &key]).outcome();
    assert_eq!(code, 2);
    assert!(
        stderr.contains("key.answers:1:17: points have at most 4 decimal places"),
        "{stderr}"
    );
    let Outcome { code, stderr, .. } =
        gametree(["key", LECTURE, "--points", "value=0.12345"]).outcome();
    assert_eq!(code, 2);
    assert!(stderr.contains("at most 4 decimal places"), "{stderr}");
    let key = gametree(["key", LECTURE, "--points", "value=0.1234"]).stdout();
    assert!(key.contains("expect value 5 [0.1234 points]"), "{key}");
}

#[test]
fn every_json_row_names_its_diagnosis_and_what_went_untested_even_when_none() {
    let class = Class::new("json-fields");
    let right = class.file("right.answers", "expect value 5\n");
    let (_, json, _) = json(&["trees/static-values.tree", &right]);
    let row = &json["files"][0];
    for field in ["error", "diagnosis", "untested", "grade"] {
        assert!(row.get(field).is_some(), "no {field} in {row}");
    }
    assert!(row["diagnosis"].is_null(), "{row}");
    assert!(row["untested"].is_array(), "{row}");
}
