//! The playground against a real browser (headless Chromium), over
//! loopback: its policy lets the page of a tree run in its sandboxed frame
//! and nothing else inline, and a page of another origin, served here by a
//! second small server on another port, can neither kill the playground
//! nor use it, whatever it sends.
//!
//! Needs `chromium` on PATH (or `CHROMIUM=path`): run with
//! `cargo test --features test-browser --test playground_browser`.

#![cfg(all(unix, feature = "serve", feature = "test-browser"))]

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::process::Command;

mod common;
mod serve_common;

use common::scratch;
use serve_common::Server;

/// A file the small server serves: its path, type and text, and the
/// Content-Security-Policy it is served with, if any.
#[derive(Clone)]
struct File {
    path: &'static str,
    content_type: &'static str,
    text: String,
    policy: Option<String>,
}

/// Serves `files` on 127.0.0.1 from a thread of its own (for as long as
/// the test runs); its port.
fn small_server(files: Vec<File>) -> u16 {
    let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream);
            let mut line = String::new();
            if reader.read_line(&mut line).is_err() {
                continue;
            }
            let path = line.split(' ').nth(1).unwrap_or("").to_string();
            let mut header = String::new();
            while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
                header.clear();
            }
            let file = files.iter().find(|f| f.path == path);
            let (status, content_type, text, policy) = match file {
                Some(f) => ("200 OK", f.content_type, f.text.as_str(), f.policy.clone()),
                None => ("404 Not Found", "text/plain", "", None),
            };
            let policy = policy.map_or(String::new(), |p| {
                format!("Content-Security-Policy: {p}\r\n")
            });
            let answer = format!(
                "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
                 {policy}Connection: close\r\n\r\n{text}",
                text.len()
            );
            let _ = reader.get_mut().write_all(answer.as_bytes());
        }
    });
    port
}

/// Opens `url` in headless Chromium; the document it ends with, and what
/// it logged (the console's messages, CSP violations among them). On a
/// loaded machine Chromium now and then gives back no document at all
/// within its virtual time (never a wrong one): up to three tries.
fn open(test: &str, url: &str) -> (String, String) {
    let mut tries = 0;
    loop {
        tries += 1;
        let (dom, log) = open_once(test, url);
        if !dom.trim().is_empty() || tries == 3 {
            return (dom, log);
        }
    }
}

/// One try of [`open`].
fn open_once(test: &str, url: &str) -> (String, String) {
    let dir = scratch(&format!("playground-browser-{test}"));
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "chromium".to_string());
    let output = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--virtual-time-budget=8000",
            "--enable-logging=stderr",
            "--v=0",
            &format!("--user-data-dir={}", dir.join("profile").display()),
            "--dump-dom",
            url,
        ])
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_dir_all(&dir);
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The JSON a page wrote into its `<pre id="result">`.
fn result(dom: &str) -> serde_json::Value {
    let text = dom
        .split("<pre id=\"result\">")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| panic!("no result: {dom}"));
    let text = text
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

const VIOLATION: &str = "violates the following Content Security Policy";

#[test]
fn the_playground_shows_its_page_with_no_policy_violation() {
    let server = Server::start(&[]);
    let (dom, log) = open("own", &format!("http://{}/", server.host()));
    assert!(
        dom.contains("id=\"status\" aria-live=\"polite\">Shown.</p>"),
        "{dom}"
    );
    assert!(dom.contains("sandbox=\"allow-scripts\""), "{dom}");
    assert!(!log.contains(VIOLATION), "{log}");
    server.assert_serving();
}

/// Run inside the page of a tree, after its own script: what the page
/// shows once its script ran and after a step, whether its style applies,
/// and what the sandbox lets it reach; posted to the frame's parent.
const DRIVER: &str = r#"<script nonce="harness">
(function () {
  var r = {};
  try {
    r.counter = document.getElementById('counter').textContent;
    document.getElementById('next').click();
    r.stepped = document.getElementById('counter').textContent;
    r.caption = document.getElementById('caption').textContent;
    r.fontSize = getComputedStyle(document.documentElement).fontSize;
    try { r.parent = String(parent.document.title); } catch (e) { r.parent = 'blocked'; }
    try { localStorage.setItem('x', '1'); r.storage = 'open'; } catch (e) { r.storage = 'blocked'; }
    r.origin = String(window.origin);
  } catch (e) { r.error = String(e); }
  parent.postMessage(JSON.stringify(r), '*');
}());
</script>
"#;

/// The harness: a parent served with `policy` that shows `page` (with the
/// driver) in a frame sandboxed as the playground's is, and writes what
/// the driver posts.
fn harness(page: &str, policy: &str) -> u16 {
    let (body, end) = page.rsplit_once("</body>").expect("a page body");
    let page = format!("{body}{DRIVER}</body>{end}");
    let script = format!(
        "window.addEventListener('message', function (e) {{ \
           document.getElementById('result').textContent = e.data; }});\n\
         document.getElementById('frame').srcdoc = {};\n",
        serde_json::to_string(&page).unwrap()
    );
    let html = "<!DOCTYPE html><html><head><title>harness</title></head><body>\
                <pre id=\"result\">{}</pre><iframe id=\"frame\" sandbox=\"allow-scripts\"></iframe>\
                <script src=\"/harness.js\"></script></body></html>";
    small_server(vec![
        File {
            path: "/",
            content_type: "text/html; charset=utf-8",
            text: html.to_string(),
            policy: Some(policy.to_string()),
        },
        File {
            path: "/harness.js",
            content_type: "text/javascript",
            text: script,
            policy: None,
        },
    ])
}

#[test]
fn the_page_of_a_tree_runs_in_its_sandboxed_frame_under_the_playground_s_policy() {
    let server = Server::start(&[]);
    let policy = server
        .get("/")
        .header("content-security-policy")
        .expect("a policy")
        .to_string();
    let tree = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/trees/lecture-a-to-v.tree"
    ))
    .unwrap();
    let page = server.post_tree("/api/page", &tree);
    assert_eq!(page.status, 200);
    // The playground's policy, and a nonce for the driver alone.
    let with_driver = policy.replacen("script-src 'self'", "script-src 'self' 'nonce-harness'", 1);
    let port = harness(&page.body, &with_driver);
    let (dom, log) = open("sandboxed", &format!("http://127.0.0.1:{port}/"));
    let shown = result(&dom);
    assert_eq!(shown["error"], serde_json::Value::Null, "{shown}");
    assert_ne!(
        shown["counter"], shown["stepped"],
        "a step was taken: {shown}"
    );
    assert!(!shown["caption"].as_str().unwrap().is_empty(), "{shown}");
    assert_eq!(
        shown["fontSize"], "20px",
        "the page's style applies: {shown}"
    );
    assert_eq!(shown["parent"], "blocked", "{shown}");
    assert_eq!(shown["storage"], "blocked", "{shown}");
    assert_eq!(shown["origin"], "null", "{shown}");
    assert!(!log.contains(VIOLATION), "{log}");
    // Without the hashes, the same page's script and style are refused:
    // what the test sees is the policy's doing.
    let strip = |directive: &str| -> String {
        directive
            .split(' ')
            .filter(|s| !s.starts_with("'sha256-"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let bare: Vec<String> = with_driver.split(';').map(strip).collect();
    let port = harness(&page.body, &bare.join(";"));
    let (dom, log) = open("bare", &format!("http://127.0.0.1:{port}/"));
    let shown = result(&dom);
    assert_eq!(shown["counter"], shown["stepped"], "{shown}");
    assert_eq!(shown["caption"], "", "{shown}");
    assert_ne!(shown["fontSize"], "20px", "{shown}");
    assert!(log.contains(VIOLATION), "{log}");
}

#[test]
fn a_page_of_another_origin_can_neither_kill_nor_use_the_playground() {
    let server = Server::start(&[]);
    let target = format!("http://{}", server.host());
    let script = format!(
        r#"var target = '{target}';
var chain = '['.repeat(10000) + '1' + ']'.repeat(10000);
var graded = JSON.stringify({{tree: chain, answers: 'expect value 1\n'}});
var results = {{}};
function record(name, sent) {{
  return sent.then(function (r) {{ results[name] = 'answered ' + r.type + ' ' + r.status; }},
                   function (e) {{ results[name] = 'failed ' + e.name; }});
}}
Promise.all([
  record('no-cors check', fetch(target + '/api/check', {{method: 'POST', mode: 'no-cors', body: graded}})),
  record('no-cors solve', fetch(target + '/api/solve?algo=star2', {{method: 'POST', mode: 'no-cors',
    headers: {{'Content-Type': 'text/plain'}}, body: chain}})),
  record('cors check', fetch(target + '/api/check', {{method: 'POST',
    headers: {{'Content-Type': 'application/json'}}, body: graded}})),
  record('cors page', fetch(target + '/'))
]).then(function () {{ document.getElementById('result').textContent = JSON.stringify(results); }});
"#
    );
    let port = small_server(vec![
        File {
            path: "/",
            content_type: "text/html; charset=utf-8",
            text: "<!DOCTYPE html><html><head><title>elsewhere</title></head><body>\
                   <pre id=\"result\">{}</pre><script src=\"/attack.js\"></script></body></html>"
                .to_string(),
            policy: None,
        },
        File {
            path: "/attack.js",
            content_type: "text/javascript",
            text: script,
            policy: None,
        },
    ]);
    let (dom, _) = open("elsewhere", &format!("http://127.0.0.1:{port}/"));
    let results = result(&dom);
    // The simple requests leave, and no answer comes back that the page
    // could read (the refusal is marked same-origin only, so even an
    // opaque answer is withheld); the others are never sent, as their
    // preflight is refused.
    for request in ["no-cors check", "no-cors solve", "cors check", "cors page"] {
        let outcome = results[request].as_str().unwrap_or_default();
        assert!(
            matches!(outcome, "failed TypeError" | "answered opaque 0"),
            "{request}: {results}"
        );
    }
    server.assert_serving();
    // The server refused each before reading its body.
    let errors = server.errors();
    let elsewhere = format!("a page of `http://127.0.0.1:{port}`");
    for request in [
        "POST /api/check",
        "POST /api/solve",
        "OPTIONS /api/check",
        "GET /",
    ] {
        let refused = format!("refused {request}: the request comes from {elsewhere}");
        assert!(errors.contains(&refused), "{refused}:\n{errors}");
    }
    assert!(!errors.contains("overflow"), "{errors}");
}
