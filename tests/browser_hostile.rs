//! The web page against hostile names and links, in headless Chromium
//! (Debian's `chromium`, or `CHROMIUM=path`), as `tests/browser.rs` drives
//! it: a driver script added after the page's own works the page and writes
//! what it shows into the document, which `--dump-dom` hands back.
//!
//! Whatever a tree's names, labels and file name, the page's script runs to
//! the end of the trace, shows every name and label as written, and runs
//! nothing a name holds; a deep link it cannot read opens the first
//! exercise; the quiz counts an empty answer as wrong.
//!
//! Run with `cargo test --features test-browser --test browser_hostile`.

#![cfg(all(unix, feature = "cli"))]

use std::path::Path;

use gametree::formats::{self, ReadOptions, TreeFormat};
use gametree::render::Picture;
use gametree::search::{Algorithm, Options, search};
use gametree::trace::Trace;
use gametree::tree::{GameTree, NodeId, Tree};
use serde_json::{Value as Json, json};

mod chromium;
mod common;

use common::{gametree, scratch};

/// What the drivers share. `done` hands back its result as JSON with every
/// character outside printable ASCII, and `<`, `>` and `&`, written as
/// `\u` escapes, so the dumped document holds it without entities. Tables
/// keyed by names have no prototype.
const PRELUDE: &str = r#"
function dict() { return Object.create(null); }
function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
function click(selector) { document.querySelector(selector).click(); }
function texts(selector, root) {
  return Array.prototype.map.call((root || document).querySelectorAll(selector), function (e) { return e.textContent; });
}
function done(result) {
  var pre = document.createElement('pre');
  pre.id = 'test-out';
  pre.textContent = JSON.stringify(result).replace(/[^\x20-\x7e]|[<>&]/g, function (c) {
    return '\\u' + ('000' + c.charCodeAt(0).toString(16)).slice(-4);
  });
  document.body.appendChild(pre);
}
"#;

/// Opens `page` at `#hash` in headless Chromium with `driver` run after
/// the page's own script and this file's prelude; what the driver handed
/// back.
fn drive(test: &str, page: &str, hash: &str, driver: &str) -> Json {
    chromium::drive_with(
        &format!("browser-hostile-{test}"),
        page,
        hash,
        PRELUDE,
        driver,
    )
}

/// The names of `tests/data/hostile-page-names.json` every reader takes,
/// then those of the others that this build's JSON reader takes.
fn corpus() -> Vec<String> {
    let mut names = common::hostile_page_texts("accepted");
    for name in common::hostile_page_texts("maybe_refused") {
        let text = tree_json(std::slice::from_ref(&name));
        if formats::read(TreeFormat::Json, "probe", &text, &ReadOptions::default()).is_ok() {
            names.push(name);
        }
    }
    names
}

/// A tree whose root has a MIN child for each name: the name names it and
/// labels the edge into it and into its second leaf, which a cut skips in
/// every child but the first.
fn tree_json(names: &[String]) -> String {
    let children: Vec<Json> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let first = if i == 0 { 3 } else { 2 };
            json!({"label": name, "name": name, "children": [
                {"value": first}, {"label": name, "value": 12}, {"value": 8}
            ]})
        })
        .collect();
    json!({ "children": children }).to_string()
}

/// A tree file searched with alpha-beta as `render` searches it: the
/// tree, each step's caption, and which nodes are pruned at the end.
struct Searched {
    tree: Tree,
    captions: Vec<String>,
    pruned: Vec<bool>,
}

fn searched(path: &Path, format: TreeFormat) -> Searched {
    let text = std::fs::read_to_string(path).unwrap();
    let tree = formats::read(
        format,
        path.to_str().unwrap(),
        &text,
        &ReadOptions::default(),
    )
    .unwrap()
    .tree;
    let mut trace = Trace::new();
    search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
    let captions = trace
        .events
        .iter()
        .filter_map(|e| e.line(&tree, false))
        .collect();
    let picture = Picture::after(&tree, &trace.events);
    let pruned = (0..tree.len() as NodeId)
        .map(|n| picture.is_pruned(n))
        .collect();
    Searched {
        tree,
        captions,
        pruned,
    }
}

/// Steps to the end, reads what the page shows, answers the quiz with
/// markup, and hands it all back once any handler a name could have
/// planted has had its time to run.
const STEP_AND_READ: &str = r#"
  var r = { ran: !!window.gametree, steps: window.gametree.steps(), captions: [] };
  for (var k = 1; k <= r.steps; k++) { click('#next'); r.captions.push(document.getElementById('caption').textContent); }
  key('ArrowRight');
  r.step = window.gametree.step();
  r.counter = document.getElementById('counter').textContent;
  r.nodes = Array.prototype.map.call(document.querySelectorAll('g.node'), function (g) {
    var name = g.querySelector('text.name');
    return [Number(g.id.slice(1)), g.querySelector('title').textContent, name ? name.textContent : null];
  });
  r.actions = Array.prototype.map.call(document.querySelectorAll('g.action'), function (g) {
    // A label kept in the legend says its own text after its number.
    var said = g.querySelector('.said');
    return [Number(g.id.slice(1)), said ? said.textContent : g.textContent, g.getAttribute('class')];
  });
  r.title = document.title;
  r.heading = document.querySelector('h1').textContent;
  r.label = document.querySelector('section.exercise').getAttribute('aria-label');
  click('#quiz-mode');
  var section = document.querySelector('section.exercise:not([hidden])');
  r.rows = texts('tbody th', section);
  section.querySelectorAll('.q-value').forEach(function (input) { input.value = '<img src=x onerror=window.__pwned=7>'; });
  click('section.exercise:not([hidden]) .q-check');
  r.mistakes = texts('.q-results li', section);
  r.score = section.querySelector('.q-score').textContent;
  setTimeout(function () {
    r.pwned = typeof window.__pwned;
    r.planted = document.querySelectorAll('img, iframe, object, embed, svg svg').length;
    r.scripts = document.querySelectorAll('script').length;
    done(r);
  }, 1000);
"#;

/// Opens the page of `path`, steps it to the end and answers its quiz:
/// everything must run, show as written and plant nothing.
fn assert_page_survives(test: &str, path: &Path, format: TreeFormat) {
    let file = path.to_str().unwrap();
    let page = gametree(["render", file, "--format", "html"]).stdout();
    let result = drive(test, &page, "", STEP_AND_READ);
    let searched = searched(path, format);
    let tree = &searched.tree;
    let steps = searched.captions.len();
    assert_eq!(result["ran"], true, "{test}");
    assert_eq!(result["steps"], steps, "{test}");
    assert_eq!(result["step"], steps, "{test}: stepping reaches the end");
    assert_eq!(
        result["counter"],
        format!("step {steps} of {steps}"),
        "{test}"
    );
    assert_eq!(result["captions"], json!(searched.captions), "{test}");
    for node in result["nodes"].as_array().unwrap() {
        let id = tree.id(node[0].as_u64().unwrap() as NodeId);
        assert_eq!(node[1], id.as_str(), "{test}: the node's title");
        if !node[2].is_null() {
            assert_eq!(node[2], id.as_str(), "{test}: the node's name");
        }
    }
    let labelled = (0..tree.len() as NodeId)
        .filter(|&n| tree.label(n).is_some())
        .count();
    let actions = result["actions"].as_array().unwrap();
    assert_eq!(actions.len(), labelled, "{test}: every label drawn");
    for action in actions {
        let node = action[0].as_u64().unwrap() as NodeId;
        let label = tree.label(node).unwrap();
        assert_eq!(action[1], gametree::text::quoted(&label).as_ref(), "{test}");
        let class = match searched.pruned[node as usize] {
            true => "action pruned",
            false => "action",
        };
        assert_eq!(action[2], class, "{test}: {label}");
    }
    for shown in ["title", "heading", "label"] {
        assert_eq!(result[shown], file, "{test}: the {shown}");
    }
    let rows = result["rows"].as_array().unwrap();
    for node in (0..tree.len() as NodeId).filter(|&n| tree.parent(n) == Some(tree.root())) {
        let row = format!("{} (MIN)", tree.id(node));
        assert!(rows.contains(&json!(row)), "{test}: {row} in {rows:?}");
    }
    let planted = "\u{201c}<img src=x onerror=window.__pwned=7>\u{201d}";
    let mistakes = result["mistakes"].as_array().unwrap();
    assert!(
        mistakes
            .iter()
            .any(|m| m.as_str().unwrap().contains(planted)),
        "{test}: {mistakes:?}"
    );
    assert_eq!(result["pwned"], "undefined", "{test}: nothing ran");
    assert_eq!(
        result["planted"], 0,
        "{test}: no element of a name's making"
    );
    assert_eq!(
        result["scripts"], 3,
        "{test}: the data, the page's, the driver's"
    );
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn a_page_of_every_hostile_name_steps_to_the_end_and_shows_them_as_written() {
    let dir = scratch("browser-hostile-corpus");
    let names = corpus();
    let path = dir.join("<img src=x onerror=window.__pwned=5> & '<!--<script>'.json");
    std::fs::write(&path, tree_json(&names)).unwrap();
    assert_page_survives("corpus-json", &path, TreeFormat::Json);
    // The names the tree language can quote, in its own syntax.
    let quotable: Vec<&String> = names.iter().filter(|n| !n.contains('"')).collect();
    let children: Vec<String> = quotable
        .iter()
        .enumerate()
        .map(|(i, n)| {
            format!(
                "  \"{n}\": \"{n}\" [{} \"{n}\": 12 8]",
                [2, 3][usize::from(i == 0)]
            )
        })
        .collect();
    let path = dir.join("corpus.tree");
    std::fs::write(&path, format!("[\n{}\n]\n", children.join("\n"))).unwrap();
    assert_page_survives("corpus-tree", &path, TreeFormat::Tree);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn the_two_names_that_stopped_the_page_alone() {
    let dir = scratch("browser-hostile-alone");
    for (test, name) in [("comment", "<!--<script>"), ("proto", "__proto__")] {
        let path = dir.join(format!("{name}.tree"));
        std::fs::write(
            &path,
            format!(
                "[\n  \"{name}\": \"{name}\" [3 12 8]\n  C [2 \"{name}\": 4 6]\n  D [14 5 2]\n]\n"
            ),
        )
        .unwrap();
        assert_page_survives(test, &path, TreeFormat::Tree);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a deep link opened: the exercise, the step, the address it wrote
/// back, and whether the exercise shown works (steps, a quiz form).
const OPENED: &str = r#"
  function opened() {
    var section = document.querySelector('section.exercise:not([hidden])');
    return { exercise: window.gametree.exercise(), step: window.gametree.step(), steps: window.gametree.steps(),
             hash: location.hash, shown: document.querySelectorAll('section.exercise:not([hidden])').length,
             rows: section ? section.querySelectorAll('tbody tr').length : 0,
             label: document.getElementById('ex-label').textContent };
  }
"#;

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn a_deep_link_it_cannot_read_opens_the_first_exercise() {
    let page = gametree(common::PRACTICE_SET).stdout();
    for (test, hash, exercise) in [
        ("fraction", "exercise=1.5", 0),
        ("negative", "exercise=-1", 0),
        ("past-the-end", "exercise=99999", 0),
        ("proto", "exercise=__proto__", 0),
        ("zero", "exercise=0", 0),
        ("encoded", "exercise=%32", 0),
        ("keys", "__proto__=2&constructor=3&toString=1&exercise=2", 1),
        ("step-fraction", "exercise=3&step=1.5", 2),
    ] {
        let driver = format!("{OPENED} done(opened());");
        let shown = drive(&format!("link-{test}"), &page, hash, &driver);
        assert_eq!(shown["exercise"], exercise, "{hash}");
        assert_eq!(shown["shown"], 1, "{hash}: one exercise shown");
        assert_eq!(
            shown["hash"],
            format!("#exercise={}&step=0", exercise + 1),
            "{hash}"
        );
        assert!(shown["steps"].as_u64().unwrap() > 0, "{hash}: {shown}");
        assert!(shown["rows"].as_u64().unwrap() > 0, "{hash}: a quiz form");
        let label = shown["label"].as_str().unwrap();
        assert!(
            label.starts_with(&format!(
                "Exercise {} of 3: gametree gen --game ",
                exercise + 1
            )),
            "{hash}: {label}"
        );
    }
    // A link changed after opening is read the same way.
    let driver = format!(
        "{OPENED}
        location.hash = '#exercise=2.5';
        setTimeout(function () {{
          var bad = opened();
          location.hash = '#exercise=3';
          setTimeout(function () {{ done({{ bad: bad, good: opened() }}); }}, 200);
        }}, 200);"
    );
    let shown = drive("link-change", &page, "", &driver);
    assert_eq!(shown["bad"]["exercise"], 0, "{shown}");
    assert_eq!(shown["good"]["exercise"], 2, "{shown}");
    assert_eq!(shown["good"]["hash"], "#exercise=3&step=0", "{shown}");
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn a_step_it_cannot_read_opens_step_zero() {
    let page = gametree(["render", "trees/lecture-a-to-v.tree", "--format", "html"]).stdout();
    for (hash, step) in [
        ("step=1.5", 0),
        ("step=-3", 0),
        ("step=__proto__", 0),
        ("step=1e1", 0),
        ("step=99999", 39),
        ("step=12&step=x", 12),
    ] {
        let shown = drive(
            "step-link",
            &page,
            hash,
            "done({ step: window.gametree.step(), hash: location.hash, counter: document.getElementById('counter').textContent });",
        );
        assert_eq!(shown["step"], step, "{hash}");
        assert_eq!(shown["hash"], format!("#step={step}"), "{hash}");
        assert_eq!(shown["counter"], format!("step {step} of 39"), "{hash}");
    }
}

/// Fills the quiz form from `answers` (values and windows by node, the
/// nodes whose edge to tick), presses Check, and reads the results.
const ANSWER: &str = r#"
  function answer(answers) {
    var section = document.querySelector('section.exercise:not([hidden])');
    section.querySelectorAll('tbody tr').forEach(function (tr) {
      var id = tr.querySelector('th').textContent.split(' (')[0];
      var value = tr.querySelector('.q-value');
      var window_ = tr.querySelector('.q-window');
      var cut = tr.querySelector('.q-cut');
      if (value) { value.value = answers.values[id] || ''; }
      if (window_) { window_.value = answers.windows[id] || ''; }
      var tick = answers.pruned === 'all' || answers.pruned.indexOf(id) >= 0;
      if (cut && cut.checked !== tick) { cut.click(); }
    });
    section.querySelector('.q-check').click();
    var results = section.querySelector('.q-results');
    var marks = dict();
    section.querySelectorAll('tbody tr').forEach(function (tr) {
      marks[tr.querySelector('th').textContent.split(' (')[0]] = [tr.className, tr.lastChild.textContent];
    });
    return { score: results.querySelector('.q-score').textContent,
             detail: results.querySelector('.q-detail').textContent,
             mistakes: texts('li', results), marks: marks };
  }
  var none = { values: dict(), windows: dict(), pruned: [] };
"#;

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn an_unanswered_quiz_scores_nothing_and_says_what_is_unanswered() {
    let page = gametree([
        "render",
        "trees/lecture-a-to-v.tree",
        "--format",
        "html",
        "--quiz",
    ])
    .stdout();
    let driver = format!(
        "{ANSWER}
        var empty = answer(none);
        var every = answer({{ values: dict(), windows: dict(), pruned: 'all' }});
        var right = {{
          values: {{ A: '5', B: '2', C: '2', F: '>= 6', I: '5', J: '8', M: '5', P: '<= 4', Q: '4' }},
          windows: {{ A: '[-inf, +inf]', B: '[-inf, +inf]', C: '[-inf, +inf]', F: '[-inf, 2]', I: '[2, +inf]',
                      J: '[2, +inf]', M: '[2, 8]', P: '[5, +inf]', Q: '[5, +inf]' }},
          pruned: ['H', 'T']
        }};
        var all = answer(right);
        right.pruned = ['G', 'H', 'T'];
        right.values.T = '4';
        var extra = answer(right);
        done({{ empty: empty, every: every, all: all, extra: extra }});"
    );
    let result = drive("quiz-empty", &page, "", &driver);
    assert_nothing_answered(&result["empty"]);
    // Ticking every edge earns H and T, and loses them to the 17 others.
    let every = &result["every"];
    assert_eq!(every["score"], "0 of 20 answers right.", "{every}");
    assert!(
        every["detail"]
            .as_str()
            .unwrap()
            .contains("2 right; 18 unanswered; 17 claims that the search contradicts"),
        "{every}"
    );
    assert_eq!(result["all"]["score"], "20 of 20 answers right.");
    assert_eq!(result["all"]["detail"], "");
    assert_eq!(result["all"]["mistakes"], json!([]));
    let extra = &result["extra"];
    assert_eq!(extra["score"], "18 of 20 answers right.", "{extra}");
    let mistakes = extra["mistakes"].as_array().unwrap();
    assert!(
        mistakes.iter().any(|m| m
            .as_str()
            .unwrap()
            .starts_with("T, value: you wrote \u{201c}4\u{201d}; the search gives no value (it is never searched).")),
        "{mistakes:?}"
    );
    assert!(
        mistakes.iter().any(|m| m
            .as_str()
            .unwrap()
            .starts_with("too much pruning: you marked the edge into G")),
        "{mistakes:?}"
    );
}

/// Asserts what the lecture tree's quiz says when Check is pressed with
/// nothing filled in: nothing right, every question unanswered.
fn assert_nothing_answered(empty: &serde_json::Value) {
    // The key's questions: 9 values, 9 windows, the 2 edges cuts skip.
    assert_eq!(empty["score"], "0 of 20 answers right.", "{empty}");
    assert_eq!(empty["detail"], "0 right; 18 unanswered.", "{empty}");
    let mistakes = empty["mistakes"].as_array().unwrap();
    assert_eq!(mistakes.len(), 20, "{mistakes:?}");
    assert!(
        mistakes.contains(&json!("A, value: unanswered.")),
        "{mistakes:?}"
    );
    assert!(
        mistakes.contains(&json!("M, window: unanswered.")),
        "{mistakes:?}"
    );
    let marks = &empty["marks"];
    for node in ["A", "B", "C", "F", "I", "J", "M", "P", "Q"] {
        assert_eq!(
            marks[node],
            json!(["q-unanswered", "✗ unanswered"]),
            "{node}"
        );
    }
    for node in ["H", "T"] {
        assert_eq!(marks[node], json!(["q-wrong", "✗ wrong"]), "{node}");
    }
    for node in ["D", "E", "G", "U", "V"] {
        assert_eq!(marks[node], json!(["", ""]), "{node}: nothing asked");
    }
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn the_quiz_grades_a_value_by_check_s_rule() {
    // C is worth 23/3 (1/3 x 7 + 2/3 x 8), which gametree prints as
    // 7.6667: the exact value, as a fraction or a decimal, and the value
    // rounded to 4 places or more are right; fewer places are not.
    let dir = scratch("quiz-exact");
    let path = dir.join("chance.tree");
    std::fs::write(&path, "A [ C chance [ 1/3: 7  2/3: 8 ]  B = 2 ]\n").unwrap();
    let page = gametree([
        "render",
        path.to_str().unwrap(),
        "--algo",
        "minimax",
        "--format",
        "html",
        "--quiz",
    ])
    .stdout();
    let mut answers = Vec::new();
    for written in ["23/3", "7.6667", "7.666667", "7.67", "7.6666", "8"] {
        answers.push(format!(
            "answer({{ values: Object.assign(dict(), {{ A: '{written}', C: '{written}' }}), windows: dict(), pruned: [] }}).marks"
        ));
    }
    let driver = format!("{ANSWER}\n        done([{}]);", answers.join(", "));
    let result = drive("quiz-exact", &page, "", &driver);
    let verdicts: Vec<&str> = result
        .as_array()
        .unwrap()
        .iter()
        .map(|marks| marks["C"][1].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        [
            "✓ right",
            "✓ right",
            "✓ right",
            "✗ wrong",
            "✗ wrong",
            "✗ wrong"
        ],
        "{result}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
