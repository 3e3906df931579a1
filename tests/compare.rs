//! `gametree compare`: the table, its JSON and CSV, the chart, and the
//! counts checked against searches run here through the library.

mod common;

use common::{csv_cell, csv_rows, gametree, scratch};
use gametree::search::{Algorithm, Options, search};
use gametree::syntax::parse;
use gametree::trace::NoRecorder;
use serde_json::Value as Json;

const LECTURE: &str = "trees/lecture-a-to-v.tree";

#[test]
fn the_lecture_tree_shows_every_algorithm_and_the_smallest_proof() {
    let run = gametree(["compare", LECTURE]).outcome();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let row = |name: &str| {
        let line = run
            .stdout
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")));
        let line = line.unwrap_or_else(|| panic!("no row {name}:\n{}", run.stdout));
        line.split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // Worked by hand in docs/algorithms.md: 2 + 6 - 1 leaves.
    assert_eq!(row("smallest")[2..], ["5", "7", "7"]);
    assert_eq!(row("alphabeta")[1..], ["5", "I", "9", "9", "9", "0", "0"]);
    assert_eq!(row("pvs")[1..], ["5", "I", "11", "9", "12", "1", "0"]);
    assert_eq!(row("mtdf")[1..6], ["5", "I", "8", "8", "15"]);
    assert_eq!(row("mtdf")[7], "3");
    assert_eq!(row("sss")[1..4], ["5", "I", "8"]);
    // Minimax needs the `?` leaves: a line says so, after the table.
    assert!(
        run.stdout.contains("minimax: leaf H has an unknown value"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("knuth-moore"),
        "the lecture tree is not uniform"
    );
}

#[test]
fn json_and_csv_give_the_counts_of_the_library_s_searches() {
    let game = "random:branching=3,depth=4,seed=5";
    let json = gametree(["compare", "--game", game, "--json"]).outcome();
    assert_eq!(json.code, 0, "{}", json.stderr);
    let json: Json = serde_json::from_str(&json.stdout).unwrap();
    let csv = gametree(["compare", "--game", game, "--format", "csv"]).outcome();
    let rows = csv_rows(&csv.stdout);
    let text = gametree(["gen", "--game", game, "-o", "-"])
        .outcome()
        .stdout;
    let tree = parse("game", &text).unwrap();
    for (i, algorithm) in Algorithm::ALL.into_iter().enumerate() {
        let result = search(&tree, algorithm, Options::default(), &mut NoRecorder).unwrap();
        let row = &json["rows"][i];
        assert_eq!(row["algorithm"], algorithm.name());
        assert_eq!(row["leaves"], result.stats.leaves_evaluated, "{algorithm}");
        assert_eq!(row["passes"], result.stats.passes, "{algorithm}");
        assert_eq!(csv_cell(&rows, i + 1, "algorithm"), algorithm.name());
        assert_eq!(
            csv_cell(&rows, i + 1, "leaves"),
            result.stats.leaves_evaluated.to_string()
        );
        assert_eq!(
            csv_cell(&rows, i + 1, "researches"),
            result.stats.researches.to_string()
        );
    }
    // Uniform: the smallest proof is Knuth and Moore's 3^2 + 3^2 - 1.
    assert_eq!(json["smallest_proof"]["leaves"], 17);
    assert_eq!(json["knuth_moore"]["leaves"], 17);
    assert_eq!(
        csv_cell(&rows, Algorithm::ALL.len() + 1, "algorithm"),
        "smallest proof"
    );
}

#[test]
fn algo_chooses_the_rows_and_a_chance_tree_names_who_refuses_it() {
    let run = gametree([
        "compare",
        "trees/star1-chance.tree",
        "--algo",
        "alphabeta,sss",
        "--json",
    ])
    .outcome();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Json = serde_json::from_str(&run.stdout).unwrap();
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows[0]["error"].is_null());
    assert!(
        rows[1]["error"].as_str().unwrap().contains("chance"),
        "{}",
        rows[1]
    );
    assert!(
        json["smallest_proof"].is_null(),
        "no proof on a chance tree"
    );
    let parallel = gametree(["compare", LECTURE, "--algo", "parallel"]).outcome();
    assert_eq!(parallel.code, 2);
    assert!(
        parallel.stderr.contains("sequential"),
        "{}",
        parallel.stderr
    );
}

#[test]
fn the_chart_draws_a_bar_per_algorithm_and_the_proof_line() {
    let dir = scratch("compare-chart");
    let svg = dir.join("chart.svg");
    let run = gametree(["compare", LECTURE, "--algo", "alphabeta,sss", "-o"])
        .arg(&svg)
        .outcome();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("<rect x=").count(), 2, "{text}");
    assert!(text.contains("smallest proof: 7"), "{text}");
    let png = dir.join("chart.png");
    assert_eq!(
        gametree(["compare", LECTURE, "-o"])
            .arg(&png)
            .outcome()
            .code,
        0
    );
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let dot = gametree(["compare", LECTURE, "-o"])
        .arg(dir.join("chart.dot"))
        .outcome();
    assert_eq!(dot.code, 2);
    assert!(dot.stderr.contains("SVG, PNG or PDF"), "{}", dot.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
