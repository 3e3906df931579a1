//! The web page without a browser: self-contained, small, and carrying
//! exactly the trace `gametree trace --json` prints, with `gametree
//! trace`'s lines as its captions and `check`'s facts for its quiz.

#![cfg(all(unix, feature = "cli"))]

mod common;

use common::gametree;
use gametree::tree::GameTree;

/// The data of each tree the page holds.
fn data(page: &str) -> Vec<serde_json::Value> {
    page.split("<script type=\"application/json\" class=\"data\">")
        .skip(1)
        .map(|rest| {
            let json = rest.split("</script>").next().unwrap();
            serde_json::from_str(json).unwrap()
        })
        .collect()
}

#[test]
fn the_page_asks_nothing_of_the_network() {
    for file in ["trees/lecture-a-to-v.tree", "trees/deep-cut.tree"] {
        let page = gametree(["render", file, "--format", "html", "--quiz"]).stdout();
        for needle in [
            "src=",
            "href=",
            "url(",
            "@import",
            "<link",
            "fetch(",
            "XMLHttpRequest",
        ] {
            assert!(!page.contains(needle), "{file}: {needle}");
        }
        let without_namespace = page.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        assert!(!without_namespace.contains("http://"), "{file}");
        assert!(!without_namespace.contains("https://"), "{file}");
    }
}

#[test]
fn the_lecture_page_is_a_few_tens_of_kilobytes() {
    let page = gametree(["render", "trees/lecture-a-to-v.tree", "--format", "html"]).stdout();
    assert!(page.len() < 64 * 1024, "{} bytes", page.len());
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.trim_end().ends_with("</html>"));
}

#[test]
fn the_page_carries_the_trace_its_lines_and_checks_facts() {
    for (file, flags) in [
        ("trees/lecture-a-to-v.tree", vec![]),
        ("trees/strict-tie.tree", vec!["--strict"]),
        (
            "trees/strict-fail-hard.tree",
            vec!["--strict", "--fail-hard"],
        ),
        ("trees/aima-figure-5-2.tree", vec!["--algo", "minimax"]),
    ] {
        let mut args = vec!["render", file, "--format", "html"];
        args.extend(&flags);
        let page = gametree(&args).stdout();
        let trees = data(&page);
        assert_eq!(trees.len(), 1);
        let tree = &trees[0];
        let mut trace = vec!["trace", file, "--json"];
        trace.extend(&flags);
        let events: serde_json::Value = serde_json::from_str(&gametree(&trace).stdout()).unwrap();
        assert_eq!(tree["events"], events, "{file}");
        let mut trace = vec!["trace", file];
        trace.extend(&flags);
        let lines: Vec<String> = gametree(&trace)
            .stdout()
            .lines()
            .map(|l| l.trim_start().split_once(". ").unwrap().1.to_string())
            .collect();
        let captions: Vec<String> = tree["lines"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|l| l.as_str().map(str::to_string))
            .collect();
        assert_eq!(captions, lines, "{file}");
        assert_eq!(tree["strict"], flags.contains(&"--strict"));
        assert_eq!(tree["fail_hard"], flags.contains(&"--fail-hard"));
    }
    let page = gametree(["render", "trees/lecture-a-to-v.tree", "--format", "html"]).stdout();
    let tree = &data(&page)[0];
    let id = |name: &str| {
        let ids = tree["ids"].as_array().unwrap();
        ids.iter().position(|i| i == name).unwrap()
    };
    let facts = &tree["facts"];
    assert_eq!(facts[id("F")]["value"], ">= 6");
    assert_eq!(facts[id("F")]["window"], "[-inf, 2]");
    assert_eq!(facts[id("P")]["value"], "<= 4");
    assert_eq!(facts[id("T")]["value"], serde_json::Value::Null);
    assert_eq!(facts[id("T")]["cut"], true);
    assert_eq!(facts[id("U")]["cut"], false);
    assert_eq!(facts[id("U")]["pruned"], true);
    assert_eq!(
        facts[id("B")]["why_value"],
        "B = 2: MIN takes the smallest of C = 2, F >= 6"
    );
    assert!(facts[id("D")].get("value").is_none(), "a leaf is not asked");
}

#[test]
fn the_format_follows_the_extension_and_the_page_refuses_what_it_cannot_hold() {
    let dir = std::env::temp_dir().join(format!("gametree-web-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("lecture.html");
    gametree([
        "render",
        "trees/lecture-a-to-v.tree",
        "-o",
        out.to_str().unwrap(),
    ])
    .stdout();
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
    let _ = std::fs::remove_dir_all(&dir);
    let output = gametree([
        "render",
        "trees/lecture-a-to-v.tree",
        "--quiz",
        "--format",
        "svg",
    ])
    .output();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--quiz"));
    for extra in [
        vec!["--frames", "frames/"],
        vec!["--key"],
        vec!["--algo", "parallel", "--simulate", "2"],
    ] {
        let mut args = vec!["render", "trees/lecture-a-to-v.tree", "--format", "html"];
        args.extend(extra.iter());
        let output = gametree(&args).output();
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        let errors = String::from_utf8_lossy(&output.stderr);
        assert!(errors.contains("an HTML page"), "{extra:?}: {errors}");
    }
}

#[test]
fn a_practice_set_holds_every_exercise_in_quiz_mode() {
    let page = gametree(common::PRACTICE_SET).stdout();
    let trees = data(&page);
    assert_eq!(trees.len(), 3);
    let titles: Vec<&str> = trees.iter().map(|t| t["title"].as_str().unwrap()).collect();
    // Each title is the command that writes that exercise again: run, it
    // gives the exercise the set holds (the same set written as trees).
    // The same command as the page's, less `--format html`.
    let set = gametree(&common::PRACTICE_SET[..6]).stdout();
    let exercises: Vec<&str> = set.split("\n\n# ").collect();
    assert_eq!(exercises.len(), 3, "{set}");
    for (title, exercise) in titles.iter().zip(exercises) {
        let exercise = exercise.strip_prefix("# ").unwrap_or(exercise);
        assert!(exercise.starts_with(title), "{title}: {exercise}");
        let words: Vec<&str> = title.split_whitespace().collect();
        assert_eq!(words[..2], ["gametree", "gen"], "{title}");
        let again = gametree(&words[1..]).stdout();
        assert_eq!(
            again.trim_end(),
            format!("# {}", exercise.trim_end()),
            "{title}"
        );
    }
    assert!(page.contains("id=\"quiz-mode\" checked"));
    assert!(trees.iter().all(|t| t["facts"].is_array()));
    let output = gametree([
        "gen",
        "--game",
        "random:branching=2,depth=3,seed=5",
        "--format",
        "html",
    ])
    .output();
    assert_eq!(output.status.code(), Some(2), "--format needs --exercise");
}

#[test]
fn a_large_tree_has_no_quiz_unless_asked() {
    let dir = std::env::temp_dir().join(format!("gametree-web-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("large.tree");
    let path = file.to_str().unwrap();
    gametree([
        "gen",
        "--game",
        "random:branching=2,depth=9,seed=1",
        "-o",
        path,
    ])
    .stdout();
    let page = gametree(["render", path, "--format", "html"]).stdout();
    assert!(data(&page)[0]["facts"].is_null());
    let page = gametree(["render", path, "--format", "html", "--quiz"]).stdout();
    assert!(data(&page)[0]["facts"].is_array());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_page_draws_every_action_label_the_svg_draws() {
    let file = "trees/labelled-moves.tree";
    let page = gametree(["render", file, "--format", "html"]).stdout();
    let start = page.find("<svg").unwrap();
    let end = page.find("</svg>").unwrap() + "</svg>".len();
    let drawn = roxmltree::Document::parse(&page[start..end]).unwrap();
    // Each label on the edge into its node (`a{node}` after `e{node}`).
    let mut shown: Vec<(String, String)> = drawn
        .descendants()
        .filter(|n| n.attribute("class") == Some("action"))
        .map(|n| {
            let node = n.attribute("id").unwrap().strip_prefix('a').unwrap();
            let title = drawn
                .descendants()
                .find(|g| g.attribute("id") == Some(&format!("n{node}")))
                .and_then(|g| g.children().find(|c| c.has_tag_name("title")))
                .and_then(|t| t.text())
                .unwrap();
            let text: String = n
                .descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect();
            (title.to_string(), text)
        })
        .collect();
    shown.sort();
    let text = std::fs::read_to_string(file).unwrap();
    let tree = gametree::syntax::parse_file(file, &text).unwrap().tree;
    let mut labels: Vec<(String, String)> = tree
        .nodes()
        .filter_map(|n| tree.label(n).map(|l| (tree.id(n), l)))
        .collect();
    labels.sort();
    assert_eq!(labels.len(), 12, "AIMA's moves a1..d3");
    assert_eq!(shown, labels);
    // The native drawing writes the same texts.
    let svg = gametree(["render", file, "--format", "svg"]).stdout();
    let native = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = native.descendants().filter_map(|n| n.text()).collect();
    for (_, label) in &labels {
        assert!(texts.contains(&label.as_str()), "{label}");
    }
}
