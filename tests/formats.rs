//! The course formats: CS188 cases against their own solutions, JSON and
//! Gambit trees read, written and converted.

use std::path::{Path, PathBuf};
use std::process::Command;

fn gametree(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .output()
        .expect("gametree runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The `.test` files of a question's folder, sorted.
fn cases(question: &str) -> Vec<PathBuf> {
    let folder = Path::new("tests/data/cs188").join(question);
    let mut cases: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect();
    cases.sort();
    cases
}

/// The action and the generated states a `.solution` file holds (older
/// copies call the set `expanded`).
fn solution(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path.with_extension("solution")).unwrap();
    let field = |keys: &[&str]| {
        text.lines()
            .find_map(|l| {
                let (key, value) = l.split_once(": ")?;
                keys.contains(&key)
                    .then(|| value.trim_matches('"').to_string())
            })
            .unwrap_or_else(|| panic!("{} has no {keys:?}", path.display()))
    };
    (field(&["action"]), field(&["generated", "expanded"]))
}

fn check_question(question: &str, count: usize) {
    let cases = cases(question);
    assert_eq!(cases.len(), count, "cases of {question}");
    for case in cases {
        let (code, out, err) = gametree(&["solve", case.to_str().unwrap(), "--cs188-solution"]);
        assert_eq!(code, 0, "{}: {err}", case.display());
        let (action, generated) = solution(&case);
        let expected = format!("action: \"{action}\"\ngenerated: \"{generated}\"\n");
        assert_eq!(out, expected, "{}", case.display());
    }
}

#[test]
fn every_minimax_case_gives_its_solution() {
    check_question("q2", 23);
}

#[test]
fn every_alpha_beta_case_gives_its_solution() {
    check_question("q3", 23);
}

#[test]
fn alpha_beta_cases_need_the_strict_convention_and_the_case_s_agent() {
    let tied = "tests/data/cs188/q3/0-tied-root.test";
    let (_, strict, _) = gametree(&["solve", tied, "--cs188-solution"]);
    let (_, not_strict, _) = gametree(&["solve", tied, "--cs188-solution", "--no-strict"]);
    assert_ne!(strict, not_strict);
    let pruning = "tests/data/cs188/q3/1-alpha-beta-pruning.test";
    let (_, own, _) = gametree(&["solve", pruning, "--cs188-solution"]);
    let (_, minimax, _) = gametree(&["solve", pruning, "--cs188-solution", "--algo", "minimax"]);
    assert_ne!(own, minimax);
}

#[test]
fn a_case_is_solved_with_its_actions_and_states() {
    let case = "tests/data/cs188/q2/1-1-minmax.test";
    let (code, out, _) = gametree(&["solve", case]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("algorithm: minimax\nvalue: -3\nbest move: b1 (Left)\n"),
        "{out}"
    );
    // Depth 1 (two plies) values c1 at -4 at the horizon; two rounds
    // search on to d1 and d2 below it.
    let vary = "tests/data/cs188/q2/2-1a-vary-depth.test";
    let (_, out, _) = gametree(&["solve", vary]);
    assert!(out.contains("value: -4\n"), "{out}");
    let (_, out, _) = gametree(&["solve", vary, "--rounds", "2"]);
    assert!(out.contains("value: -3\n"), "{out}");
}

#[test]
fn keyword_states_keep_working() {
    let case = "tests/data/cs188/q2/0-tied-root.test";
    let (code, out, err) = gametree(&["solve", case, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"best_move\": \"min1\""), "{out}");
    let (_, out, _) = gametree(&["trace", case]);
    assert!(out.contains("enter max"), "{out}");
}

#[test]
fn a_broken_case_is_refused_with_its_place() {
    let dir = std::env::temp_dir().join(format!("gametree-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.test");
    let text = "class: \"GraphGameTreeTest\"\nalg: \"MinimaxAgent\"\ndepth: \"2\"\n\
                num_agents: \"2\"\nstart_state: \"a\"\nwin_states: \"b\"\nlose_states: \"\"\n\
                successors: \"\"\"\na Left b\na Right\n\"\"\"\nevaluation: \"\"\"\nb 1\n\"\"\"\n";
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = gametree(&["solve", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("broken.test:10:1: a successor line is `state action next`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
