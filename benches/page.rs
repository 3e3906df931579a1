//! How fast the web page steps: a 2047-node page (a random tree of
//! branching 2 and depth 10, every node drawn) opened in headless
//! Chromium, stepped from the first step to the last with the Next button,
//! then Home and End, each timed in the page with `performance.now()`
//! (with a layout forced after each, so that the drawing counts). Prints
//! the page's size, when it opened (with its first layout forced, so that
//! it counts even when the driver runs before the first frame), and the
//! mean, median and worst step.
//!
//! Run with `cargo bench --bench page`; it needs Chromium (`chromium` on
//! PATH, or `CHROMIUM=path`) and says so when there is none.

#[path = "../tests/chromium/mod.rs"]
mod chromium;

use std::process::Command;

/// The game whose page is measured.
const SPEC: &str = "random:branching=2,depth=10,seed=1";

/// The driver: steps through the page and hands back the times.
const DRIVER: &str = "
  document.body.getBoundingClientRect();
  var opened = performance.now();
  var times = [];
  var n = window.gametree.steps();
  for (var k = 1; k <= n; k++) {
    var t = performance.now();
    click('#next');
    document.body.getBoundingClientRect();
    times.push(performance.now() - t);
  }
  var t = performance.now();
  key('Home');
  document.body.getBoundingClientRect();
  var home = performance.now() - t;
  t = performance.now();
  key('End');
  document.body.getBoundingClientRect();
  var end = performance.now() - t;
  times.sort(function (a, b) { return a - b; });
  var sum = times.reduce(function (a, b) { return a + b; }, 0);
  done({ steps: n, opened: opened, mean: sum / n, median: times[n >> 1], worst: times[n - 1],
         home: home, end: end, nodes: document.querySelectorAll('g.node').length });
";

/// `gametree ARGS`'s standard output.
fn gametree(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "gametree {args:?}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn main() {
    if Command::new(chromium::chromium())
        .arg("--version")
        .output()
        .is_err()
    {
        println!("page: skipped, no Chromium (apt-get install chromium, or CHROMIUM=path)");
        return;
    }
    let tree = gametree(&["gen", "--game", SPEC]);
    let file =
        std::env::temp_dir().join(format!("gametree-bench-page-{}.tree", std::process::id()));
    std::fs::write(&file, tree).unwrap();
    let path = file.to_str().unwrap();
    let page = gametree(&[
        "render",
        path,
        "--format",
        "html",
        "--max-draw-nodes",
        "2047",
    ]);
    let _ = std::fs::remove_file(&file);
    let result = chromium::drive("bench-page", &page, "", DRIVER);
    let ms = |key: &str| result[key].as_f64().unwrap_or(f64::NAN);
    println!(
        "{} nodes, {} bytes, {} steps, opened after {:.0} ms; a step: mean {:.1} ms, \
         median {:.1} ms, worst {:.1} ms; Home {:.1} ms, End {:.1} ms",
        result["nodes"],
        page.len(),
        result["steps"],
        ms("opened"),
        ms("mean"),
        ms("median"),
        ms("worst"),
        ms("home"),
        ms("end"),
    );
}
