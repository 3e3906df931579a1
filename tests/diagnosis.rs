//! Diagnosis: answer files made from each misconception's own trace, on
//! each example tree, are diagnosed as that misconception (or as one that
//! gives the very same answers), and right answers as none.

mod common;

use gametree::check::{Claim, Diagnoser, Facts, Misconception, Mistaken, answer_key, key_lines};
use gametree::search::{Algorithm, Options, search};
use gametree::syntax::parse;
use gametree::trace::Trace;
use gametree::tree::Tree;

/// The example trees, parsed, with their paths.
fn example_trees() -> Vec<(String, Tree)> {
    common::example_files()
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let tree = parse(&f, &text).unwrap();
            (f, tree)
        })
        .collect()
}

/// The conventions the right search is run with: the default, and strict
/// fail-hard (so that cutting on ties and fail-soft are misconceptions).
fn conventions() -> [Options; 2] {
    [
        Options::default(),
        Options {
            strict: true,
            fail_hard: true,
            ..Options::default()
        },
    ]
}

#[test]
fn each_misconception_is_named_for_the_answers_it_gives() {
    let mut diagnosed = std::collections::BTreeSet::new();
    for (file, tree) in example_trees() {
        for options in conventions() {
            let mut trace = Trace::new();
            let Ok(result) = search(&tree, Algorithm::AlphaBeta, options, &mut trace) else {
                continue;
            };
            let right = Facts::new(&tree, &result, &trace, options.strict);
            let mistaken: Vec<Mistaken<'_, Tree>> = Misconception::ALL
                .iter()
                .filter_map(|m| {
                    Mistaken::run(&tree, *m, Algorithm::AlphaBeta, options, tree.depth())
                })
                .collect();
            let diagnoser = Diagnoser::new(&right, &mistaken);
            // Right answers: nothing to diagnose.
            let key = answer_key(&tree, &result, &trace);
            assert_eq!(diagnoser.diagnose(&key.iter().collect::<Vec<_>>()), None);
            for m in &mistaken {
                let answers = m.key();
                let claims: Vec<&Claim> = answers.iter().collect();
                let wrong = claims
                    .iter()
                    .filter(|c| !right.compare(c).is_ok_and(|o| o.passed))
                    .count();
                let diagnosis = diagnoser.diagnose(&claims);
                let context = format!(
                    "{file} {options:?} {:?}:\n{}",
                    m.misconception,
                    key_lines(&answers)
                );
                if wrong < 2 {
                    assert!(diagnosis.is_none(), "{context}");
                    continue;
                }
                let diagnosis = diagnosis.unwrap_or_else(|| panic!("none named: {context}"));
                assert_eq!(
                    (diagnosis.explains, diagnosis.of),
                    (wrong, wrong),
                    "{context}"
                );
                // The one named gives the very same answers.
                let named = mistaken
                    .iter()
                    .find(|n| n.misconception == diagnosis.name)
                    .unwrap();
                let facts = named.facts();
                for claim in &claims {
                    assert!(
                        facts.compare(claim).unwrap().passed,
                        "{:?} named: {claim} {context}",
                        diagnosis.name
                    );
                }
                diagnosed.insert(format!("{:?}", m.misconception));
            }
        }
    }
    // Every misconception changes the answers on some example.
    for m in [
        "NoCutOnTies",
        "CutOnTies",
        "FailHard",
        "FailSoft",
        "RightToLeft",
        "SwappedPlayers",
        "NoPruning",
        "NegamaxSignSlip",
    ] {
        assert!(diagnosed.contains(m), "{m} never diagnosed: {diagnosed:?}");
    }
}

#[test]
fn the_diagnosis_is_in_the_report() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let answers = dir.join("no-ties.answers");
    let key = common::gametree(["key", "--strict", "trees/strict-tie.tree"]).output();
    std::fs::write(&answers, &key.stdout).unwrap();
    let answers = answers.to_str().unwrap();
    let out = common::gametree([
        "check",
        "--format",
        "json",
        "trees/strict-tie.tree",
        answers,
    ])
    .output();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let diagnosis = &json["files"][0]["diagnosis"];
    assert_eq!(
        diagnosis["misconception"],
        "alpha-beta that does not cut on ties"
    );
    assert!(diagnosis["explains"].as_u64().unwrap() >= 2);
    assert_eq!(diagnosis["explains"], diagnosis["of"]);
    let out =
        common::gametree(["check", "--format", "csv", "trees/strict-tie.tree", answers]).output();
    let csv = String::from_utf8(out.stdout).unwrap();
    let rows = common::csv_rows(&csv);
    assert_eq!(
        common::csv_cell(&rows, 1, "diagnosis"),
        "alpha-beta that does not cut on ties",
        "{csv}"
    );
    let out = common::gametree(["check", "trees/strict-tie.tree", answers]).output();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("your answers match alpha-beta that does not cut on ties: "),
        "{text}"
    );
}

#[test]
fn stopping_one_ply_early_is_named_on_a_tree_with_static_values() {
    let tree = parse(
        "t",
        "A max [ B min = 3 [1 9 7] C min = 2 [4 8 6] D min = 0 [2 5] ]",
    )
    .unwrap();
    let options = Options::default();
    let mut trace = Trace::new();
    let result = search(&tree, Algorithm::AlphaBeta, options, &mut trace).unwrap();
    let right = Facts::new(&tree, &result, &trace, false);
    let mistaken: Vec<Mistaken<'_, Tree>> = Misconception::ALL
        .iter()
        .filter_map(|m| Mistaken::run(&tree, *m, Algorithm::AlphaBeta, options, tree.depth()))
        .collect();
    let shallower = mistaken
        .iter()
        .find(|m| m.misconception == Misconception::Shallower)
        .expect("the tree has static values one ply down");
    // At depth 1 the student takes B = 3, C = 2, D = 0: value 3, best B;
    // the search finds B = 1, C = 4, D <= 2: value 4, best C.
    let answers = shallower.key();
    let text = key_lines(&answers);
    assert!(
        text.starts_with("expect value 3\nexpect best B\n"),
        "{text}"
    );
    let diagnoser = Diagnoser::new(&right, &mistaken);
    let diagnosis = diagnoser
        .diagnose(&answers.iter().collect::<Vec<_>>())
        .unwrap();
    assert_eq!(diagnosis.name, Misconception::Shallower, "{text}");
    assert_eq!(diagnosis.explains, diagnosis.of);
    assert!(
        diagnosis
            .sentence()
            .starts_with("your answers match a search that stops one ply early: ")
    );
}

/// The lecture tree's H, U and V are `?`: the searches of four
/// misconceptions need one of them, and the tree has no tie. A report on
/// wrong answers says so in every format; one on right answers does not.
#[test]
fn misconceptions_that_cannot_be_tested_are_named_in_every_format() {
    let dir = common::scratch("untested");
    let wrong = dir.join("wrong.answers");
    std::fs::write(&wrong, "expect value 4\nexpect best B\n").unwrap();
    let right = dir.join("right.answers");
    std::fs::write(&right, "expect value 5\nexpect best I\n").unwrap();
    let (wrong, right) = (wrong.to_str().unwrap(), right.to_str().unwrap());
    let tree = "trees/lecture-a-to-v.tree";
    let unknown = "right-to-left, swapped-players, no-pruning and negamax-sign-slip \
                   could not be tested: H, U and V have no value";
    let no_tie = "no-cut-on-ties could not be tested: no tie decides a cut";
    let run = |format: &str, files: &[&str]| {
        let mut args = vec!["check", "--format", format, tree];
        args.extend_from_slice(files);
        common::gametree(&args).outcome().stdout
    };
    let text = run("text", &[wrong]);
    assert!(text.contains(unknown) && text.contains(no_tie), "{text}");
    let all_right = ["check", "--claims", tree, right];
    let text = common::gametree(all_right).outcome().stdout;
    assert!(!text.contains("could not be tested"), "{text}");
    let table = run("text", &[wrong, right]);
    assert!(
        table.lines().next().unwrap().ends_with("score  diagnosis"),
        "{table}"
    );
    assert!(table.contains(&format!("{tree}: {unknown}")), "{table}");
    let json: serde_json::Value = serde_json::from_str(&run("json", &[wrong])).unwrap();
    let untested = json["files"][0]["untested"].as_array().unwrap();
    let right_to_left = untested
        .iter()
        .find(|u| u["misconception"] == "right-to-left");
    assert_eq!(right_to_left.unwrap()["reason"], "H, U and V have no value");
    let csv = run("csv", &[wrong]);
    let rows = common::csv_rows(&csv);
    assert!(
        common::csv_cell(&rows, 1, "untested").contains(unknown),
        "{csv}"
    );
    let gradescope: serde_json::Value = serde_json::from_str(&run("gradescope", &[wrong])).unwrap();
    let output = gradescope["output"].as_str().unwrap();
    assert!(
        output.contains(unknown) && output.contains(no_tie),
        "{output}"
    );
    let junit = run("junit", &[wrong]);
    let doc = roxmltree::Document::parse(&junit).unwrap();
    let out = doc
        .descendants()
        .find(|n| n.has_tag_name("system-out"))
        .unwrap();
    assert!(out.text().unwrap().contains(unknown), "{junit}");
}

/// Only misconceptions about the search are named: fail-soft is none
/// about a fail-soft search. A tree too large to search again names them
/// all, with its size.
#[test]
fn a_tree_too_large_to_diagnose_says_so() {
    let dir = common::scratch("untested-large");
    let tree = dir.join("wide.tree");
    let leaves = gametree::check::DIAGNOSE_UP_TO + 1;
    std::fs::write(&tree, format!("[ {} ]\n", "1 ".repeat(leaves))).unwrap();
    let answers = dir.join("a.answers");
    std::fs::write(&answers, "expect value 2\n").unwrap();
    let args = [
        "check",
        "--format",
        "json",
        tree.to_str().unwrap(),
        answers.to_str().unwrap(),
    ];
    let stdout = common::gametree(args).outcome().stdout;
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let untested = json["files"][0]["untested"].as_array().unwrap();
    let names: Vec<&str> = untested
        .iter()
        .map(|u| u["misconception"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "no-cut-on-ties",
            "fail-hard",
            "right-to-left",
            "shallower",
            "swapped-players",
            "no-pruning",
            "negamax-sign-slip"
        ]
    );
    let reason = untested[0]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("the tree has more than 100000 nodes"),
        "{reason}"
    );
}

#[test]
fn searched_right_to_left_a_tie_goes_to_the_rightmost_child_found_first() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let tree = dir.join("tie-right-to-left.tree");
    std::fs::write(&tree, "[[3 9] [3 9]]\n").unwrap();
    let answers = dir.join("tie-right-to-left.answers");
    let right_to_left = "expect value 3\nexpect best @2\nexpect pruned none\nexpect evaluated 4\n\
                         expect leaves @2.2 @2.1 @1.2 @1.1\n";
    std::fs::write(&answers, right_to_left).unwrap();
    let tree = tree.to_str().unwrap();
    let key = common::gametree(["key", tree]).stdout();
    let key_file = dir.join("tie-right-to-left.key");
    std::fs::write(&key_file, key).unwrap();
    let args = ["check", "--format", "json", tree, "--key"];
    let files = [key_file.to_str().unwrap(), answers.to_str().unwrap()];
    let out = common::gametree(args.iter().chain(&files)).output();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let diagnosis = &json["files"][0]["diagnosis"];
    assert_eq!(
        diagnosis["misconception"], "a search of the children from right to left",
        "{json}"
    );
    assert_eq!(diagnosis["explains"], diagnosis["of"], "{diagnosis}");
}
