//! The web page in a real browser: headless Chromium (Debian's `chromium`)
//! opens the page `gametree render --format html` writes, with a driver
//! script added after the page's own that works its controls (buttons,
//! keys, the quiz form) as a user would and writes what the page shows
//! into the document; `--dump-dom` hands that back. Every step is compared
//! with the trace, replayed here by the library's own [`Picture`].
//!
//! Needs `chromium` on PATH (or `CHROMIUM=path`): run with
//! `cargo test --features test-browser --test browser`.

#![cfg(all(unix, feature = "cli"))]

use std::path::{Path, PathBuf};

use gametree::render::Picture;
use gametree::search::{Algorithm, Options, search};
use gametree::trace::{Event, Trace};
use gametree::tree::{GameTree, NodeId, Tree};

mod chromium;
mod common;

use chromium::drive;
use common::{gametree, scratch};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A tree of `trees/`, its alpha-beta trace, and each step's end in it.
struct Searched {
    tree: Tree,
    trace: Trace<NodeId>,
    /// The event after each step's last, from step 0 (no event).
    ends: Vec<usize>,
}

fn searched(file: &str) -> Searched {
    let path = root().join("trees").join(file);
    searched_with(&path, Algorithm::AlphaBeta, Options::default())
}

/// The tree file at `path` searched by `algorithm` with `options`.
fn searched_with(path: &Path, algorithm: Algorithm, options: Options) -> Searched {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.to_str().unwrap();
    let tree = gametree::syntax::parse_file(name, &text).unwrap().tree;
    let mut trace = Trace::new();
    search(&tree, algorithm, options, &mut trace).unwrap();
    let mut ends = vec![0];
    for (at, event) in trace.events.iter().enumerate() {
        if event.line(&tree, false).is_some() {
            ends.push(at + 1);
        }
    }
    Searched { tree, trace, ends }
}

/// Text as the drawing sets it.
fn pretty(text: &str) -> String {
    text.replace(">=", "≥")
        .replace("<=", "≤")
        .replace("+inf", "+∞")
        .replace("-inf", "−∞")
}

impl Searched {
    /// The caption of step `k`: its line of `gametree trace`.
    fn line(&self, k: usize) -> String {
        self.trace.events[self.ends[k] - 1]
            .line(&self.tree, false)
            .unwrap()
    }

    /// What step `k` shows, as the library's own replay has it: the
    /// current node, every node's value, the cut edges.
    fn expected(&self, k: usize) -> (Option<String>, serde_json::Value, Vec<String>) {
        let events: &[Event<NodeId>] = &self.trace.events[..self.ends[k]];
        let picture = Picture::after(&self.tree, events);
        let current = events.last().map(|e| self.tree.id(e.node()));
        let mut values = serde_json::Map::new();
        let mut cuts = Vec::new();
        for node in self.tree.nodes() {
            let state = picture.node(node);
            let text = if self.tree.is_leaf(node) {
                let value = state.leaf.or_else(|| self.tree.value(node));
                value.map(|v| v.to_string()).unwrap_or_default()
            } else if state.horizon {
                state.leaf.map(|v| v.to_string()).unwrap_or_default()
            } else {
                match (state.score, state.provisional.last()) {
                    (Some(score), _) => score.to_string(),
                    (None, Some(value)) => value.to_string(),
                    (None, None) => String::new(),
                }
            };
            values.insert(self.tree.id(node), pretty(&text).into());
            if picture.cut_above(node).is_some() {
                cuts.push(self.tree.id(node));
            }
        }
        cuts.sort();
        (current, values.into(), cuts)
    }
}

fn page_of(file: &str, flags: &[&str]) -> String {
    let path = format!("trees/{file}");
    let mut args = vec!["render", path.as_str(), "--format", "html"];
    args.extend(flags);
    gametree(&args).stdout()
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn the_lecture_tree_steps_as_its_trace_with_buttons_and_keys() {
    let page = page_of("lecture-a-to-v.tree", &[]);
    let driver = "
      var steps = [shown()];
      var n = window.gametree.steps();
      for (var k = 1; k <= n; k++) {
        if (k % 2) { click('#next'); } else { key('ArrowRight'); }
        steps.push(shown());
      }
      key('ArrowRight');
      var past = shown().step;
      key('Home');
      var home = shown().step;
      key('End');
      var end = shown().step;
      key('ArrowLeft');
      var back = shown().step;
      key(' ');
      var playing = document.getElementById('play').textContent;
      key(' ');
      var paused = document.getElementById('play').textContent;
      done({ steps: steps, past: past, home: home, end: end, back: back, playing: playing, paused: paused, hash: location.hash });
    ";
    let result = drive("lecture", &page, "", driver);
    let searched = searched("lecture-a-to-v.tree");
    let steps = result["steps"].as_array().unwrap();
    assert_eq!(
        steps.len(),
        searched.ends.len(),
        "one state a step, and step 0"
    );
    assert_eq!(steps.len(), 40, "the lecture's 39 lines");
    for (k, shown) in steps.iter().enumerate() {
        assert_eq!(shown["step"], k);
        let (current, values, cuts) = searched.expected(k);
        if k > 0 {
            assert_eq!(shown["caption"], searched.line(k), "step {k}");
            assert_eq!(shown["current"].as_str(), current.as_deref(), "step {k}");
        }
        assert_eq!(shown["values"], values, "step {k}");
        assert_eq!(shown["cuts"], serde_json::json!(cuts), "step {k}");
    }
    let at = |k: usize| &steps[k];
    assert_eq!(
        at(12)["caption"],
        "beta cut at F: H pruned (6 >= 2, bound from B)"
    );
    assert_eq!(
        at(12)["condition"],
        "Searching F (MAX), window [-inf, 2]: prune the rest of F if its value reaches beta = 2."
    );
    assert_eq!(at(12)["values"]["F"], "6");
    assert_eq!(at(13)["values"]["F"], "≥6");
    assert_eq!(at(39)["values"]["A"], "5");
    assert_eq!(at(39)["cuts"], serde_json::json!(["H", "T"]));
    assert_eq!(result["past"], 39, "no step after the last");
    assert_eq!(result["home"], 0);
    assert_eq!(result["end"], 39);
    assert_eq!(result["back"], 38);
    assert_eq!(result["playing"], "Pause");
    assert_eq!(result["paused"], "Play");
    assert_eq!(result["hash"], "#step=38");
}

/// Steps through the page of `path` (made with `flags`) and compares every
/// step with `searched`.
fn steps_as_searched(test: &str, path: &Path, flags: &[&str], searched: &Searched) {
    let mut args = vec!["render", path.to_str().unwrap(), "--format", "html"];
    args.extend(flags);
    let page = gametree(&args).stdout();
    let driver = "
      var steps = [shown()];
      for (var k = 1; k <= window.gametree.steps(); k++) { click('#next'); steps.push(shown()); }
      done({ steps: steps });
    ";
    let result = drive(test, &page, "", driver);
    let steps = result["steps"].as_array().unwrap();
    assert_eq!(steps.len(), searched.ends.len(), "{test}");
    for (k, shown) in steps.iter().enumerate() {
        let (current, values, cuts) = searched.expected(k);
        if k > 0 {
            assert_eq!(shown["caption"], searched.line(k), "{test} step {k}");
            assert_eq!(
                shown["current"].as_str(),
                current.as_deref(),
                "{test} step {k}"
            );
        }
        assert_eq!(shown["values"], values, "{test} step {k}");
        assert_eq!(shown["cuts"], serde_json::json!(cuts), "{test} step {k}");
    }
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn chance_and_depth_limited_pages_step_as_their_traces() {
    let trees = root().join("trees");
    for (file, algorithm, flags) in [
        ("star1-chance.tree", Algorithm::AlphaBeta, vec![]),
        (
            "star2-probes.tree",
            Algorithm::Star2,
            vec!["--algo", "star2"],
        ),
        (
            "aima-figure-5-11.tree",
            Algorithm::Minimax,
            vec!["--algo", "minimax"],
        ),
    ] {
        let searched = searched_with(&trees.join(file), algorithm, Options::default());
        steps_as_searched(file, &trees.join(file), &flags, &searched);
    }
    let dir = scratch("browser-depth");
    let file = dir.join("statics.tree");
    let spec = "random:branching=3,depth=4,seed=2";
    gametree(["gen", "--game", spec, "-o", file.to_str().unwrap()]).stdout();
    let options = Options {
        depth: Some(2),
        ..Options::default()
    };
    let searched = searched_with(&file, Algorithm::AlphaBeta, options);
    assert!(
        searched.trace.events.iter().any(|e| matches!(
            e,
            Event::Leaf {
                horizon: Some(_),
                ..
            }
        )),
        "nodes valued at the depth limit"
    );
    steps_as_searched("depth", &file, &["--depth", "2"], &searched);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn a_deep_link_opens_at_its_step() {
    let page = page_of("lecture-a-to-v.tree", &[]);
    let result = drive("deep-link", &page, "step=12", "done(shown());");
    assert_eq!(result["step"], 12);
    assert_eq!(result["counter"], "step 12 of 39");
    assert_eq!(
        result["caption"],
        "beta cut at F: H pruned (6 >= 2, bound from B)"
    );
    assert_eq!(result["current"], "F");
    let result = drive("deep-link-far", &page, "step=999", "done(shown());");
    assert_eq!(result["step"], 39, "a step past the end opens the last");
}

/// The lecture's answers, from LECTURES.md: values, windows, pruned edges.
const RIGHT_ANSWERS: &str = r#"{
  "values": {"A": "5", "B": "2", "C": "2", "F": ">= 6", "I": "5", "J": "8", "M": "5",
             "P": "<= 4", "Q": "4", "T": ""},
  "windows": {"A": "[-inf, +inf]", "B": "[-inf, +inf]", "C": "[-inf, +inf]", "F": "[-inf, 2]",
              "I": "[2, +inf]", "J": "[2, +inf]", "M": "[2, 8]", "P": "[5, +inf]",
              "Q": "[5, +inf]", "T": ""},
  "pruned": ["H", "T"]
}"#;

/// Fills the quiz form with `answers` and presses Check; the results.
const ANSWER: &str = "
  function answer(answers) {
    var section = document.querySelector('section.exercise:not([hidden])');
    section.querySelectorAll('tbody tr').forEach(function (tr) {
      var id = tr.querySelector('th').textContent.split(' (')[0];
      var value = tr.querySelector('.q-value');
      var window_ = tr.querySelector('.q-window');
      var cut = tr.querySelector('.q-cut');
      if (value) { value.value = answers.values[id] || ''; }
      if (window_) { window_.value = answers.windows[id] || ''; }
      if (cut && cut.checked !== (answers.pruned.indexOf(id) >= 0)) { cut.click(); }
    });
    section.querySelector('.q-check').click();
    var results = section.querySelector('.q-results');
    return { score: results.querySelector('.q-score').textContent,
             mistakes: Array.prototype.map.call(results.querySelectorAll('li'), function (li) { return li.textContent; }),
             marks: Array.prototype.map.call(section.querySelectorAll('tbody tr'), function (tr) { return tr.className; }) };
  }
";

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn a_quiz_answered_right_and_wrong_is_graded_in_checks_words() {
    let page = page_of("lecture-a-to-v.tree", &["--quiz"]);
    let driver = format!(
        "{ANSWER}
      var hidden = shown();
      var right = {RIGHT_ANSWERS};
      var graded = answer(right);
      var wrong = JSON.parse(JSON.stringify(right));
      wrong.values.B = '3';
      wrong.windows.M = '[2, +inf]';
      wrong.pruned = ['G', 'H'];
      var regraded = answer(wrong);
      var before = document.getElementById('next').disabled;
      document.querySelector('section.exercise:not([hidden]) .q-reveal').click();
      click('#next');
      done({{ hidden: hidden, right: graded, wrong: regraded, disabled: before, revealed: shown() }});
    "
    );
    let result = drive("quiz", &page, "", &driver);
    let hidden = &result["hidden"];
    assert_eq!(hidden["values"]["A"], "", "interior values are hidden");
    assert_eq!(hidden["values"]["D"], "2", "leaves show their values");
    assert_eq!(hidden["cuts"], serde_json::json!([]));
    assert!(hidden["caption"].as_str().unwrap().starts_with("Quiz"));
    // A value and a window for each of the 9 interior nodes searched (T is
    // not), and the two edges cuts skip, H and T.
    assert_eq!(result["right"]["score"], "20 of 20 answers right.");
    assert_eq!(result["right"]["mistakes"], serde_json::json!([]));
    let wrong = &result["wrong"];
    // 17 right, less one for the tick on G, which the search follows.
    assert_eq!(wrong["score"], "16 of 20 answers right.");
    let mistakes: Vec<&str> = wrong["mistakes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(mistakes.len(), 4, "{mistakes:#?}");
    let said = |needle: &str| mistakes.iter().any(|m| m.contains(needle));
    // check's own words, from check's explanations.
    assert!(
        said("B = 2: MIN takes the smallest of C = 2, F >= 6"),
        "{mistakes:#?}"
    );
    assert!(said("M is entered with window [2, 8]"), "{mistakes:#?}");
    assert!(said("too much pruning"), "{mistakes:#?}");
    assert!(said("G is evaluated, not pruned"), "{mistakes:#?}");
    assert!(said("too little pruning"), "{mistakes:#?}");
    assert!(
        said("T is pruned: alpha cut at P: T pruned (4 <= 5, bound from A)"),
        "{mistakes:#?}"
    );
    assert_eq!(result["disabled"], true, "no stepping before the reveal");
    assert_eq!(
        result["revealed"]["caption"],
        "enter A, window [-inf, +inf]"
    );
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn a_practice_set_of_twenty_holds_twenty_quizzes() {
    let page = gametree([
        "gen",
        "--exercise",
        "--game",
        "random:branching=2..3,depth=3,seed=11",
        "--min-cuts",
        "1",
        "--count",
        "20",
        "--format",
        "html",
    ])
    .stdout();
    let driver = "
      var seen = [];
      for (var i = 0; i < 20; i++) {
        var section = document.querySelector('section.exercise:not([hidden])');
        var check = section.querySelector('.q-check');
        check.click();
        seen.push({ label: document.getElementById('ex-label').textContent,
                    rows: section.querySelectorAll('tbody tr').length,
                    score: section.querySelector('.q-score').textContent,
                    quiz: document.getElementById('quiz-mode').checked,
                    hash: location.hash });
        click('#next-ex');
      }
      done({ sections: document.querySelectorAll('section.exercise').length, seen: seen,
             last: document.getElementById('next-ex').disabled });
    ";
    let result = drive("practice", &page, "", driver);
    assert_eq!(result["sections"], 20);
    assert_eq!(result["last"], true);
    let seen = result["seen"].as_array().unwrap();
    let mut seeds = std::collections::BTreeSet::new();
    for (i, exercise) in seen.iter().enumerate() {
        let label = exercise["label"].as_str().unwrap();
        assert!(
            label.starts_with(&format!("Exercise {} of 20: gametree gen --game ", i + 1)),
            "{label}"
        );
        seeds.insert(label.split("seed=").nth(1).unwrap().to_string());
        assert!(exercise["rows"].as_u64().unwrap() >= 7);
        assert_eq!(exercise["quiz"], true);
        let score = exercise["score"].as_str().unwrap();
        assert!(
            !score.starts_with(&format!("{0} of {0}", exercise["rows"])),
            "{score}"
        );
        assert_eq!(exercise["hash"], format!("#exercise={}&step=0", i + 1));
    }
    assert_eq!(seeds.len(), 20, "twenty seeds");
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn every_example_steps_as_gametree_trace_prints_it() {
    let driver = "
      var captions = [];
      for (var k = 1; k <= window.gametree.steps(); k++) { click('#next'); captions.push(shown().caption); }
      done({ captions: captions });
    ";
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("trees"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tree"))
        .collect();
    files.sort();
    assert!(files.len() >= 9);
    for path in files {
        let file = path.file_name().unwrap().to_str().unwrap();
        let page = page_of(file, &[]);
        let result = drive(&format!("example-{file}"), &page, "", driver);
        let trace = gametree(["trace", &format!("trees/{file}")]).stdout();
        let lines: Vec<&str> = trace
            .lines()
            .map(|l| l.trim_start().split_once(". ").unwrap().1)
            .collect();
        assert_eq!(result["captions"], serde_json::json!(lines), "{file}");
    }
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn a_two_thousand_node_page_opens_and_steps_to_its_end() {
    let dir = scratch("browser-large");
    let file = dir.join("large.tree");
    let spec = "random:branching=2,depth=10,seed=1";
    let path = file.to_str().unwrap();
    gametree(["gen", "--game", spec, "-o", path]).stdout();
    let page = gametree([
        "render",
        path,
        "--format",
        "html",
        "--max-draw-nodes",
        "2047",
    ])
    .stdout();
    let lines = gametree(["trace", path]).stdout().lines().count();
    let _ = std::fs::remove_dir_all(&dir);
    // How long a step takes is `cargo bench --bench page`'s to measure.
    let driver = "
      var n = window.gametree.steps();
      var reached = [];
      for (var k = 1; k <= n; k++) {
        click('#next');
        reached.push(window.gametree.step());
      }
      var last = shown();
      key('Home');
      var home = window.gametree.step();
      key('End');
      done({ steps: n, every: reached.every(function (s, k) { return s === k + 1; }),
             last: last.step, home: home, end: window.gametree.step(),
             nodes: document.querySelectorAll('g.node').length });
    ";
    let result = drive("large", &page, "", driver);
    assert_eq!(result["nodes"], 2047);
    assert_eq!(
        result["steps"], lines,
        "a step per line of `gametree trace`"
    );
    assert_eq!(result["every"], true, "each click moves one step: {result}");
    assert_eq!(result["last"], lines, "{result}");
    assert_eq!(
        (&result["home"], &result["end"]),
        (&0.into(), &lines.into())
    );
    // About 530 bytes a node: its shape, an empty slot for its value, the
    // places of its layer lines (room kept whatever the search does), the
    // edge into it with its bend, its data.
    assert!(page.len() < 1_150_000, "{} bytes", page.len());
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn layer_lines_are_drawn_where_and_when_the_frames_draw_them() {
    let layers = [
        "--windows",
        "--visit-order",
        "--provisional",
        "--node-types",
    ];
    let page = page_of("lecture-a-to-v.tree", &layers);
    assert!(!page.contains("class=\"ly"), "no layer line in the markup");
    let driver = "
      var section = document.querySelector('section.exercise:not([hidden])');
      var lines = function () {
        var out = [];
        section.querySelectorAll('.ly').forEach(function (t) {
          if (t.textContent === '') { return; }
          out.push([t.parentNode.querySelector('title').textContent, t.getAttribute('class'),
                    t.textContent, t.getAttribute('x'), t.getAttribute('y')]);
        });
        return out;
      };
      var steps = [];
      for (var k = 0; k <= window.gametree.steps(); k++) {
        window.gametree.show(k);
        steps.push({ lines: lines() });
      }
      window.gametree.show(0);
      done({ steps: steps, back: lines(), made: section.querySelectorAll('.ly').length });
    ";
    let result = drive("layer-lines", &page, "", driver);
    let frames = frame_layer_lines("lecture-a-to-v.tree", &layers);
    let steps = result["steps"].as_array().unwrap();
    assert_eq!(
        steps[0]["lines"],
        serde_json::json!([]),
        "step 0 shows no layer"
    );
    assert_eq!(steps.len(), frames.len() + 1, "a frame a step");
    for (number, step) in steps.iter().enumerate().skip(1) {
        let mut page: Vec<LayerLine> = step["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                let text = |k: usize| l[k].as_str().unwrap().to_string();
                let class = text(1).strip_prefix("ly ").unwrap().to_string();
                let at = |k: usize| text(k).parse::<f64>().unwrap();
                (text(0), class, text(2), at(3), at(4))
            })
            .collect();
        page.sort_by(|a, b| a.partial_cmp(b).unwrap());
        assert_eq!(page, frames[&number], "step {number}");
    }
    assert_eq!(result["back"], serde_json::json!([]), "{result}");
    assert!(result["made"].as_u64().unwrap() > 0, "{result}");
}

/// A layer line drawn: its node's id, its class, its text, its place.
type LayerLine = (String, String, String, f64, f64);

/// The non-empty layer lines of each step's frame, drawn natively (the
/// first frame of the step's number: a second one shows a leaf entered
/// before the next step visits it): node id, class, text and place,
/// sorted.
fn frame_layer_lines(
    file: &str,
    layers: &[&str],
) -> std::collections::HashMap<usize, Vec<LayerLine>> {
    let dir = scratch("layer-line-frames");
    let path = format!("trees/{file}");
    let mut args = vec!["render", path.as_str(), "--format", "svg", "--frames"];
    args.push(dir.to_str().unwrap());
    args.extend(layers);
    assert!(gametree(&args).output().status.success());
    let mut by_step = std::collections::HashMap::new();
    for name in common::entries(&dir) {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        let drawing = common::drawing::Drawing::read(&svg);
        let caption: String = drawing
            .of_class("caption")
            .map(|t| t.text.clone())
            .collect();
        let number: usize = caption.split('.').next().unwrap().parse().unwrap();
        let mut lines: Vec<_> = drawing
            .texts
            .iter()
            .filter(|t| t.class.starts_with("ly-") && !t.text.is_empty())
            .map(|t| {
                let node = t.key.split('/').next().unwrap().to_string();
                (node, t.class.clone(), t.text.clone(), t.at.0, t.at.1)
            })
            .collect();
        lines.sort_by(|a, b| a.partial_cmp(b).unwrap());
        by_step.entry(number).or_insert(lines);
    }
    std::fs::remove_dir_all(dir).unwrap();
    by_step
}

#[test]
#[cfg_attr(
    not(all(feature = "test-browser", feature = "serve")),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn the_playground_shows_the_page_of_its_tree() {
    use std::io::BufRead;
    let mut server = gametree(["serve", "--port", "0"])
        .command()
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line.split("http://").nth(1).unwrap().trim();
    let address = address.split(' ').next().unwrap();
    let dom = chromium::dom("playground", &format!("http://{address}"));
    let _ = server.kill();
    let _ = server.wait();
    assert!(dom.contains("gametree playground"), "{dom}");
    // The page of the tree in the box, answered by /api/page, is shown.
    let shown = dom
        .split("srcdoc=\"")
        .nth(1)
        .expect("the tree's page is shown");
    assert!(
        shown.starts_with("&lt;!DOCTYPE html&gt;"),
        "{}",
        &shown[..200]
    );
    assert!(shown.contains("class=&quot;exercise&quot;"));
    assert!(
        dom.contains("id=\"status\" aria-live=\"polite\">Shown.</p>"),
        "{dom}"
    );
}
