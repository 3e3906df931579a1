//! `gametree serve` over real HTTP on 127.0.0.1: the playground page, the
//! API answering with the command line's own JSON, positioned errors, the
//! limits, many requests at once, and a clean stop on Ctrl-C. The server
//! is the built binary; the client is a few lines over a TCP stream
//! (`tests/serve_common`). What only the playground's page may do is in
//! `tests/serve_guard.rs`, time and connection limits in
//! `tests/serve_limits.rs`, signals in `tests/serve_signals.rs`.

#![cfg(all(unix, feature = "serve"))]

use std::time::Duration;

mod common;
mod serve_common;

use common::scratch;
use serve_common::{Request, Server};

/// What the command line prints for `args`, run in `dir`.
fn cli(dir: &std::path::Path, args: &[&str]) -> String {
    let output = common::gametree(args).in_dir(dir).output();
    String::from_utf8(output.stdout).unwrap()
}

fn tree(name: &str) -> String {
    std::fs::read_to_string(format!("{}/trees/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_playground_page_loads_with_every_example() {
    let server = Server::start(&[]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<textarea id=\"tree\""));
    assert!(page.body.contains("lecture-a-to-v.tree"));
    assert!(page.body.contains("<option value=\"minimax\""));
    for (file, content_type, words) in [
        (
            "/playground.js",
            "text/javascript; charset=utf-8",
            "'use strict'",
        ),
        ("/playground.css", "text/css; charset=utf-8", "iframe"),
    ] {
        let answer = server.get(file);
        assert_eq!(answer.status, 200, "{file}");
        assert_eq!(answer.header("content-type"), Some(content_type));
        assert!(answer.body.contains(words), "{file}");
    }
    let error = server.get("/nowhere").refusal(404);
    assert!(error.contains("/api/solve"), "{error}");
    let error = server.get("/api/solve").refusal(405);
    assert!(error.contains("POST"), "{error}");
    server.assert_serving();
}

#[test]
fn a_posted_tree_is_answered_with_the_command_lines_json() {
    let server = Server::start(&[]);
    let dir = scratch("serve-json");
    for (endpoint, file, query, flags) in [
        ("solve", "lecture-a-to-v.tree", "", vec!["--json"]),
        (
            "solve",
            "aima-figure-5-2.tree",
            "?algo=minimax",
            vec!["--json", "--algo", "minimax"],
        ),
        (
            "solve",
            "strict-fail-hard.tree",
            "?strict=true&fail-hard=true",
            vec!["--json", "--strict", "--fail-hard"],
        ),
        ("trace", "lecture-a-to-v.tree", "", vec!["--json"]),
        (
            "trace",
            "strict-tie.tree",
            "?strict=true&algo=negamax-alphabeta",
            vec!["--json", "--strict", "--algo", "negamax-alphabeta"],
        ),
        (
            "solve",
            "two-opponents.tree",
            "?algo=negamax&stats=false",
            vec!["--json", "--algo", "negamax"],
        ),
        (
            "solve",
            "lecture-a-to-v.tree",
            "?algo=parallel&threads=1&young-brothers=scout&split-min-nodes=0",
            vec![
                "--json",
                "--algo",
                "parallel",
                "--threads",
                "1",
                "--young-brothers",
                "scout",
                "--split-min-nodes",
                "0",
            ],
        ),
    ] {
        let text = tree(file);
        std::fs::write(dir.join("tree"), &text).unwrap();
        let path = format!("/api/{endpoint}{query}");
        let mut args = vec![endpoint, "tree"];
        args.extend(flags);
        let expected = cli(&dir, &args);
        // The JSON object, and the tree's text as its own type.
        let as_json = server.post_tree(&path, &text);
        let as_text = server.send(
            &Request::new("POST", &path)
                .header("Content-Type", "text/x-gametree; charset=utf-8")
                .body(text.clone().into_bytes()),
        );
        for answer in [as_json, as_text] {
            assert_eq!(answer.status, 200, "{path} {file}: {}", answer.body);
            assert_eq!(answer.header("content-type"), Some("application/json"));
            assert_eq!(answer.body, expected, "{path} {file}");
        }
        server.assert_serving();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn answers_are_checked_as_check_json_checks_them() {
    let server = Server::start(&[]);
    let dir = scratch("serve-check");
    let text = tree("lecture-a-to-v.tree");
    let answers = "expect value 5\nexpect pruned H\nexpect B = 3\n";
    std::fs::write(dir.join("tree.tree"), &text).unwrap();
    std::fs::write(dir.join("answers"), answers).unwrap();
    let body = serde_json::json!({"tree": text, "answers": answers});
    let graded = server.post_json("/api/check", &body);
    assert_eq!(graded.status, 200, "{}", graded.body);
    let expected = cli(&dir, &["check", "tree.tree", "answers", "--format", "json"]);
    assert_eq!(graded.body, expected);
    let graded = graded.json();
    let questions = graded["files"][0]["grade"]["questions"].as_array().unwrap();
    let b = questions.iter().find(|q| q["question"] == "B").unwrap();
    assert_eq!(b["status"], "failed");
    assert_eq!(b["actual"], "= 2");
    let own = server.post_tree("/api/check", &text);
    assert_eq!(own.status, 200);
    let expected = cli(&dir, &["check", "tree.tree", "--format", "json"]);
    assert_eq!(own.body, expected);
    // Not a JSON object; the tree's text, which cannot carry answers.
    let refused = server.send(
        &Request::new("POST", "/api/check")
            .header("Content-Type", "application/json")
            .body(text.clone().into_bytes()),
    );
    assert!(refused.refusal(400).contains("JSON object"));
    let refused = server.send(
        &Request::new("POST", "/api/check")
            .header("Content-Type", "text/x-gametree")
            .body(text.clone().into_bytes()),
    );
    assert!(refused.refusal(415).contains("JSON object"));
    // Answers go to /api/check only.
    let refused = server.post_json("/api/solve", &body);
    assert!(refused.refusal(400).contains("only /api/check"));
    server.assert_serving();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The message the command line prints for a tree file called `tree`
/// holding `text`.
fn cli_error(text: &str) -> String {
    let dir = scratch("serve-error");
    std::fs::write(dir.join("tree"), text).unwrap();
    let output = common::gametree(["solve", "tree"]).in_dir(&dir).output();
    let _ = std::fs::remove_dir_all(&dir);
    let errors = String::from_utf8(output.stderr).unwrap();
    errors
        .strip_prefix("error: ")
        .unwrap()
        .trim_end()
        .to_string()
}

#[test]
fn a_syntax_error_comes_back_with_its_line_and_column() {
    let server = Server::start(&[]);
    let text = "[1 2\n [3 4 5 = x]]";
    let message = cli_error(text);
    assert!(message.starts_with("tree:2:"), "{message}");
    for endpoint in ["solve", "trace", "page"] {
        let answer = server.post_tree(&format!("/api/{endpoint}"), text);
        let error = answer.refusal(400);
        assert_eq!(answer.json()["line"], 2, "{}", answer.body);
        assert_eq!(answer.json()["column"], 11, "{}", answer.body);
        assert_eq!(error.trim_end(), message);
        server.assert_serving();
    }
    let answer = server.post_tree("/api/check", "[1 2 =");
    let error = answer.refusal(400);
    assert_eq!(answer.json()["line"], 1);
    assert_eq!(error.trim_end(), cli_error("[1 2 ="));
    let invalid = Request::new("POST", "/api/solve")
        .header("Content-Type", "text/x-gametree")
        .body(b"[1 \xff]".to_vec());
    assert!(server.send(&invalid).refusal(400).contains("UTF-8"));
    let error = server
        .post_tree("/api/solve?algo=quantum", "[1 2]")
        .refusal(400);
    assert!(error.contains("quantum"), "{error}");
    server.assert_serving();
}

#[test]
fn too_large_a_tree_is_refused() {
    let server = Server::start(&["--max-nodes", "50", "--max-bytes", "4096"]);
    let leaves: Vec<String> = (0..100).map(|i| i.to_string()).collect();
    let wide = format!("[{}]", leaves.join(" "));
    let error = server.post_tree("/api/solve", &wide).refusal(400);
    assert!(error.contains("more than 50 nodes"), "{error}");
    server.assert_serving();
    // A request may lower the limit, never raise it.
    server
        .post_tree("/api/solve?max-nodes=1000", &wide)
        .refusal(400);
    server
        .post_tree("/api/solve?max-nodes=2", "[1 2 3]")
        .refusal(400);
    server.assert_serving();
    let error = server
        .post_tree("/api/solve", &"[1 2]".repeat(1000))
        .refusal(413);
    assert!(error.contains("4096 bytes"), "{error}");
    server.assert_serving();
    let error = server
        .post_tree("/api/solve?key=/etc/passwd", "[1 2]")
        .refusal(400);
    assert!(error.contains("unknown query"), "{error}");
    server.assert_serving();
}

#[test]
fn a_hundred_requests_at_once_are_all_answered() {
    let server = Server::start(&["--max-searches", "2"]);
    let text = tree("lecture-a-to-v.tree");
    let dir = scratch("serve-many");
    std::fs::write(dir.join("tree"), &text).unwrap();
    let expected = cli(&dir, &["solve", "tree", "--json"]);
    let server = std::sync::Arc::new(server);
    let clients: Vec<_> = (0..100)
        .map(|i| {
            let (text, server) = (text.clone(), server.clone());
            std::thread::spawn(move || match i % 4 {
                0 => server.post_tree("/api/page", &text),
                _ => server.post_tree("/api/solve", &text),
            })
        })
        .collect();
    for (i, client) in clients.into_iter().enumerate() {
        let answer = client.join().unwrap();
        assert_eq!(answer.status, 200, "request {i}: {}", answer.body);
        match i % 4 {
            0 => assert!(answer.body.starts_with("<!DOCTYPE html>")),
            _ => assert_eq!(answer.body, expected, "request {i}"),
        }
    }
    server.assert_serving();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_page_of_a_posted_tree_is_the_page_render_writes() {
    let server = Server::start(&[]);
    let dir = scratch("serve-page");
    let text = tree("deep-cut.tree");
    std::fs::write(dir.join("tree"), &text).unwrap();
    let page = server.post_tree("/api/page?quiz=true&windows=true", &text);
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let expected = cli(
        &dir,
        &["render", "tree", "--format", "html", "--quiz", "--windows"],
    );
    assert_eq!(page.body, expected);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_stops_the_server_with_the_code_of_sigint() {
    let server = Server::start(&[]);
    server.assert_serving();
    server.signal("INT");
    let (status, _, printed) = server.exit(Duration::from_secs(30));
    assert_eq!(status.code(), Some(130), "{status}");
    assert!(printed.contains("stopped (SIGINT)"), "{printed}");
}

#[test]
fn another_address_than_loopback_is_warned_about() {
    let output = common::gametree(["serve", "--bind", "203.0.113.1", "--port", "0"]).output();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(
        errors.contains("warning: listening on 203.0.113.1"),
        "{errors}"
    );
    // That address is no machine's here: listening fails, with a message.
    assert!(!output.status.success());
    assert!(errors.contains("cannot listen on 203.0.113.1"), "{errors}");
}
