//! Headless Chromium (Debian's `chromium`, or `CHROMIUM=path`) for the
//! tests of the web page and its bench: a page opened with a driver script
//! added after its own, which works the page as a user would and hands a
//! JSON result back through `--dump-dom`; a screenshot of a page; the DOM
//! of an address.
//!
//! Self-contained, so that `benches/page.rs` can include it with `#[path]`.

#![allow(dead_code)] // each user takes what it needs: `allow`, not `expect`

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// What the driver scripts share: a snapshot of what the page shows, and
/// the way results are handed back.
const PRELUDE: &str = r#"
function shown() {
  var section = document.querySelector('section.exercise:not([hidden])');
  var name = function (n) { return section.querySelector('#n' + n + ' title').textContent; };
  var s = { caption: document.getElementById('caption').textContent,
            condition: document.getElementById('condition').textContent,
            counter: document.getElementById('counter').textContent,
            step: window.gametree.step(), values: {}, cuts: [], current: null };
  section.querySelectorAll('g.node').forEach(function (g) {
    var id = g.querySelector('title').textContent;
    // An interior node's value text is made when it first has a value:
    // until then its place (`data-v`) shows an empty value.
    var v = g.querySelector('.val');
    s.values[id] = v ? v.textContent : g.hasAttribute('data-v') ? '' : null;
    if (g.classList.contains('current')) { s.current = id; }
  });
  section.querySelectorAll('.edge.cut').forEach(function (l) { s.cuts.push(name(l.id.slice(1))); });
  s.cuts.sort();
  return s;
}
function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
function click(selector) { document.querySelector(selector).click(); }
function done(result) {
  var pre = document.createElement('pre');
  pre.id = 'test-out';
  pre.textContent = JSON.stringify(result);
  document.body.appendChild(pre);
}
"#;

/// A fresh, empty folder for one use of the browser (its profile, the
/// page), named after `test` so that tests running at once never share
/// one.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-chromium-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The browser's command line.
pub(crate) fn chromium() -> String {
    std::env::var("CHROMIUM").unwrap_or_else(|_| "chromium".to_string())
}

/// Headless Chromium with its profile in `dir`, opening `address` and
/// doing what `extra` asks.
fn headless(dir: &Path, extra: &[&str], address: &str) -> Output {
    Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            &format!("--user-data-dir={}", dir.join("profile").display()),
        ])
        .args(extra)
        .arg(address)
        .output()
        .expect("chromium runs (apt-get install chromium)")
}

/// The DOM of `address` once its scripts have run.
pub(crate) fn dom(test: &str, address: &str) -> String {
    let dir = scratch(test);
    let output = headless(&dir, &["--virtual-time-budget=5000", "--dump-dom"], address);
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A PNG screenshot of `page` at `#hash`, `width` by `height` pixels.
pub(crate) fn screenshot(
    test: &str,
    page: &str,
    hash: &str,
    (width, height): (u32, u32),
) -> Vec<u8> {
    let dir = scratch(test);
    let file = dir.join("page.html");
    let shot = dir.join("shot.png");
    std::fs::write(&file, page).unwrap();
    let extra = [
        "--hide-scrollbars".to_string(),
        "--virtual-time-budget=3000".to_string(),
        format!("--window-size={width},{height}"),
        format!("--screenshot={}", shot.display()),
    ];
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    let output = headless(&dir, &extra, &format!("file://{}#{hash}", file.display()));
    assert!(
        output.status.success(),
        "chromium: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let png = std::fs::read(&shot).expect("chromium wrote the screenshot");
    let _ = std::fs::remove_dir_all(&dir);
    png
}

/// Opens `page` at `#hash` in headless Chromium with `driver` run after
/// the page's own script; what the driver handed back.
pub(crate) fn drive(test: &str, page: &str, hash: &str, driver: &str) -> serde_json::Value {
    drive_in(test, page, hash, PRELUDE, driver, None)
}

/// As [`drive`], in a browser window `width` by `height` pixels when a
/// size is given.
pub(crate) fn drive_at(
    test: &str,
    page: &str,
    hash: &str,
    driver: &str,
    size: Option<(u32, u32)>,
) -> serde_json::Value {
    drive_in(test, page, hash, PRELUDE, driver, size)
}

/// [`drive`] with the driver's own `prelude`, which defines `done(result)`
/// writing the result as JSON in `<pre id="test-out">`.
pub(crate) fn drive_with(
    test: &str,
    page: &str,
    hash: &str,
    prelude: &str,
    driver: &str,
) -> serde_json::Value {
    drive_in(test, page, hash, prelude, driver, None)
}

/// The page driven: `prelude` and `driver` after its own script, in a
/// window of `size` when given.
fn drive_in(
    test: &str,
    page: &str,
    hash: &str,
    prelude: &str,
    driver: &str,
    size: Option<(u32, u32)>,
) -> serde_json::Value {
    let dir = scratch(test);
    let file = dir.join("page.html");
    let script = format!(
        "<script>\n{prelude}\ntry {{\n{driver}\n}} catch (e) {{ done({{error: String(e) + ' ' + e.stack}}); }}\n</script>\n</body>"
    );
    let (head, tail) = page.rsplit_once("</body>").expect("a page body");
    std::fs::write(&file, format!("{head}{script}{tail}")).unwrap();
    let address = format!("file://{}#{hash}", file.display());
    let mut extra = vec![
        "--virtual-time-budget=5000".to_string(),
        "--dump-dom".to_string(),
    ];
    if let Some((width, height)) = size {
        extra.push(format!("--window-size={width},{height}"));
    }
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    let output = headless(&dir, &extra, &address);
    let dom = String::from_utf8_lossy(&output.stdout).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    let text = dom
        .split("<pre id=\"test-out\">")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| {
            panic!(
                "no result in the page: {}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    let result: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(result.get("error").is_none(), "the driver failed: {result}");
    result
}
