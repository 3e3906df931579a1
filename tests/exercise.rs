//! `gametree gen --exercise`: generated exercises meet their constraints,
//! carry an answer key that `gametree check` accepts, and `--blank` gives
//! the same tree without the key.

mod common;

use std::process::Output;

use common::gametree;

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn solve_json(tree: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["solve", "-", "--json"];
    args.extend_from_slice(extra);
    serde_json::from_str(&gametree(&args).stdin(tree).stdout()).unwrap()
}

const GAME: &str = "random:branching=2..3,depth=4,seed=1";

/// An exercise of at least two cuts on `GAME`, nodes named.
const TWO_CUTS: [&str; 7] = [
    "gen",
    "--game",
    GAME,
    "--names",
    "--exercise",
    "--min-cuts",
    "2",
];

#[test]
fn an_exercise_meets_its_constraints_and_passes_its_own_key() {
    let args = [
        "gen",
        "--game",
        GAME,
        "--names",
        "--values",
        "0..30",
        "--exercise",
        "--min-cuts",
        "3",
        "--deep-cut",
    ];
    let exercise = gametree(args).stdout();
    assert!(exercise.contains("\nexpect value "), "{exercise}");
    let solved = solve_json(&exercise, &[]);
    let cuts = solved["cuts"].as_array().unwrap();
    assert!(cuts.len() >= 3, "{solved}");
    assert!(cuts.iter().any(|c| c["deep"] == true), "{solved}");
    let checked = gametree(["check", "-"]).stdin(&exercise).output();
    assert_eq!(checked.status.code(), Some(0), "{}", stdout(&checked));
    assert!(stdout(&checked).contains(" 0 failed"));
}

#[test]
fn the_blank_version_is_the_same_tree_without_the_key() {
    let base = TWO_CUTS;
    let keyed = gametree(base).stdout();
    let blank = gametree([&base[..], &["--blank"]].concat()).stdout();
    assert!(!blank.contains("expect"), "{blank}");
    assert!(keyed.starts_with(&blank), "{blank}\n---\n{keyed}");
    let student = "expect value 1\n";
    let answers = format!("{blank}\n{student}");
    let checked = gametree(["check", "-"]).stdin(&answers).output();
    let expected = if keyed.contains("\nexpect value 1\n") {
        0
    } else {
        1
    };
    assert_eq!(checked.status.code(), Some(expected));
}

#[test]
fn a_tie_exercise_prunes_differently_under_strict() {
    let args = [
        "gen",
        "--game",
        GAME,
        "--values",
        "0..5",
        "--exercise",
        "--tie",
    ];
    let exercise = gametree(args).stdout();
    let default = solve_json(&exercise, &[]);
    let strict = solve_json(&exercise, &["--strict"]);
    assert_eq!(default["value"], strict["value"]);
    assert_ne!(default["pruned"], strict["pruned"], "{exercise}");
}

#[test]
fn the_same_seed_gives_the_same_exercise() {
    let args = TWO_CUTS;
    assert_eq!(gametree(args).stdout(), gametree(args).stdout());
}

#[test]
fn impossible_or_misplaced_constraints_are_refused() {
    for (args, message) in [
        (
            vec![
                "gen",
                "--game",
                "random:branching=2,depth=3,seed=1",
                "--exercise",
                "--deep-cut",
            ],
            "a deep cut needs a depth of 4",
        ),
        (
            vec![
                "gen",
                "--game",
                "random:branching=2,depth=2,seed=1",
                "--exercise",
                "--min-cuts",
                "50",
                "--tries",
                "20",
            ],
            "no seed among 20 tried gives at least 50 cuts",
        ),
        (
            vec!["gen", "--game", "tictactoe", "--exercise"],
            "random games only",
        ),
        (vec!["gen", "--game", GAME, "--blank"], "--exercise"),
    ] {
        let output = gametree(&args).output();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn variants_are_pairwise_different_and_each_says_how_to_make_it_again() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("variants");
    let _ = std::fs::remove_dir_all(&dir);
    let args = [
        "gen",
        "--game",
        "random:branching=2,depth=4,seed=1",
        "--names",
        "--values",
        "0..30",
        "--exercise",
        "--min-cuts",
        "3",
        "--deep-cut",
        "--count",
        "8",
        "-o",
        dir.to_str().unwrap(),
    ];
    gametree(args).stdout();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 8);
    let mut trees = std::collections::HashSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let (header, body) = text.split_once('\n').unwrap();
        let tree = body.split("\nexpect").next().unwrap().to_string();
        assert!(trees.insert(tree), "{} repeats a tree", file.display());
        // The header is the command that writes this very file again.
        let command = header.strip_prefix("# gametree ").expect(header);
        for option in ["--names", "--values 0..30", "--min-cuts 3", "--deep-cut"] {
            assert!(command.contains(option), "{option} missing: {header}");
        }
        let seed = command
            .split("seed=")
            .nth(1)
            .unwrap()
            .split([' ', ','])
            .next()
            .unwrap();
        assert!(
            file.ends_with(format!("exercise-{seed}.tree")),
            "{}",
            file.display()
        );
        let again: Vec<&str> = command.split(' ').collect();
        assert_eq!(gametree(&again).stdout(), text, "{header}");
        // And it passes its own key.
        let checked = gametree(["check", "-"]).stdin(&text).output();
        assert_eq!(checked.status.code(), Some(0));
    }
}

#[test]
fn variants_on_standard_output_come_one_after_the_other() {
    let args = [
        "gen",
        "--game",
        "random:branching=2,depth=3,seed=1",
        "--exercise",
        "--blank",
        "--count",
        "3",
    ];
    let text = gametree(args).stdout();
    let headers: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("# gametree gen"))
        .collect();
    assert_eq!(headers.len(), 3, "{text}");
    let seeds: std::collections::HashSet<&str> = headers
        .iter()
        .map(|h| h.split("seed=").nth(1).unwrap())
        .collect();
    assert_eq!(seeds.len(), 3);
}

#[test]
fn a_chance_exercise_has_a_star1_cut_and_passes_its_own_key() {
    let game = "random:branching=2,depth=4,seed=1,chance=1";
    let args = ["gen", "--game", game, "--exercise", "--star1-cut"];
    let text = gametree(args).stdout();
    assert!(text.starts_with("# gametree gen --game random:branching=2,depth=4,"));
    assert!(
        text.contains(",chance=1 --exercise --star1-cut\n"),
        "{text}"
    );
    assert!(text.contains("\nbounds -50 50\n"), "{text}");
    assert!(text.contains(" star1\n"), "{text}");
    let checked = gametree(["check", "-"]).stdin(&text).stdout();
    assert!(checked.contains(" 0 failed"), "{checked}");
    let json = solve_json(&text, &[]);
    let cuts = json["cuts"].as_array().unwrap();
    assert!(
        cuts.iter()
            .any(|c| c["text"].as_str().unwrap().starts_with("Star1 cut at "))
    );
}

#[test]
fn chance_layers_alternate_with_the_players() {
    let text = gametree([
        "gen",
        "--game",
        "random:branching=2,depth=3,seed=5,chance=1",
        "--plain",
    ])
    .stdout();
    // MAX at the root, then chance, MIN, chance: kinds the writer states.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "bounds -40 40");
    assert!(lines[1].starts_with('['), "{text}");
    assert!(lines[2].trim_start().starts_with("chance ["), "{text}");
    assert!(lines[3].trim_start().starts_with("min ["), "{text}");
}

/// Runs `gametree ARGS` and asserts it refuses at once (well within a
/// second's work) with exit 2 and `message`, writing nothing.
#[track_caller]
fn assert_refused_at_once(args: &[&str], message: &str) {
    let mut child = gametree(args)
        .command()
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("{args:?}: still running after 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(message), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
}

#[test]
fn an_exercise_too_large_to_solve_by_hand_is_refused_before_generating() {
    let huge = "random:branching=10,depth=9,seed=1";
    let html = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("huge.html");
    let _ = std::fs::remove_file(&html);
    let html = html.to_str().unwrap();
    for extra in [&[][..], &["--blank"], &["--format", "html", "-o", html]] {
        let mut args = vec!["gen", "--game", huge, "--exercise"];
        args.extend_from_slice(extra);
        assert_refused_at_once(&args, "too large for an exercise (up to 1111111111 nodes");
    }
    assert!(!std::path::Path::new(html).exists());
    // 2,000 nodes is the bound: 1 + 3 + ... + 3^6 = 1093 is an exercise.
    let fits = ["gen", "--game", "random:branching=3,depth=6,seed=1"];
    let fits = gametree([&fits[..], &["--exercise", "--blank"]].concat()).output();
    assert!(
        fits.status.success(),
        "{}",
        String::from_utf8_lossy(&fits.stderr)
    );
    assert_refused_at_once(
        &[
            "gen",
            "--game",
            "random:branching=3,depth=7,seed=1",
            "--exercise",
        ],
        "has at most 2000 nodes",
    );
}

#[test]
fn a_count_beyond_a_class_is_refused() {
    let big = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("big.html");
    let big = big.to_str().unwrap();
    let args = ["gen", "--game", GAME, "--exercise", "--format", "html"];
    let args = [&args[..], &["--count", "100000000", "-o", big]].concat();
    assert_refused_at_once(&args, "1..=1000");
    assert!(!std::path::Path::new(big).exists());
}

#[test]
fn an_exercise_carries_the_key_that_key_writes_pruned_none_included() {
    let game = "random:branching=2..4,depth=2,seed=174447";
    let args = ["gen", "--game", game, "--names", "--values", "0..20"];
    let keyed = stdout(&gametree([&args[..], &["--exercise"]].concat()).output());
    let blank = stdout(&gametree([&args[..], &["--exercise", "--blank"]].concat()).output());
    let key = gametree(["key", "-"]).stdin(&blank).stdout();
    let key: String = key
        .lines()
        .skip(1)
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(key.contains("expect pruned none\n"), "{key}");
    assert_eq!(keyed, format!("{blank}\n{key}"));
}
