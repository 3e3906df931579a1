//! `gametree serve` over real HTTP on 127.0.0.1: the playground page, the
//! API answering with the command line's own JSON, positioned errors, the
//! limits, many requests at once, and a clean stop on Ctrl-C. The server
//! is the built binary; the client is a few lines over a TCP stream.

#![cfg(all(unix, feature = "serve"))]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

mod common;

use common::{gametree, scratch};

/// A server started for one test, stopped with SIGINT when dropped.
struct Server {
    child: Child,
    port: u16,
    /// What it printed after its first line.
    out: BufReader<std::process::ChildStdout>,
}

impl Server {
    fn start(flags: &[&str]) -> Server {
        let mut child = gametree([&["serve", "--port", "0"][..], flags].concat())
            .command()
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let mut out = BufReader::new(child.stdout.take().expect("a pipe"));
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let port = address.rsplit(':').next().unwrap().parse().unwrap();
        Server { child, port, out }
    }

    /// Sends a request; the status and the body.
    fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        request(self.port, method, path, body)
    }

    fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.request("POST", path, body.as_bytes())
    }

    /// The server still answers: the playground page loads.
    fn assert_serving(&self) {
        let (status, body) = self.request("GET", "/", b"");
        assert_eq!(status, 200);
        assert!(body.contains("gametree playground"));
    }

    /// Sends SIGINT and waits for the exit; its status and what it printed.
    fn interrupt(mut self) -> (std::process::ExitStatus, String) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(sent.success());
        let status = self.child.wait().unwrap();
        let mut rest = String::new();
        self.out.read_to_string(&mut rest).unwrap();
        (status, rest)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request on its own connection.
fn request(port: u16, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8(answer).expect("UTF-8 answers");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    (
        status,
        if chunked {
            dechunk(body)
        } else {
            body.to_string()
        },
    )
}

/// A chunked body put back together.
fn dechunk(mut body: &str) -> String {
    let mut whole = String::new();
    loop {
        let (size, rest) = body.split_once("\r\n").unwrap();
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            return whole;
        }
        whole.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
}

fn tree(name: &str) -> String {
    std::fs::read_to_string(format!("{}/trees/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_playground_page_loads_with_every_example() {
    let server = Server::start(&[]);
    let (status, page) = server.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<textarea id=\"tree\""));
    assert!(page.contains("lecture-a-to-v.tree"));
    assert!(page.contains("<option value=\"minimax\""));
    let (status, body) = server.request("GET", "/nowhere", b"");
    assert_eq!(status, 404);
    assert!(
        json(&body)["error"]
            .as_str()
            .unwrap()
            .contains("/api/solve")
    );
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
    ] {
        let text = tree(file);
        std::fs::write(dir.join("tree"), &text).unwrap();
        let (status, body) = server.post(&format!("/api/{endpoint}{query}"), &text);
        let mut args = vec![endpoint, "tree"];
        args.extend(flags);
        let expected = gametree(&args).in_dir(&dir).outcome().stdout;
        assert_eq!(status, 200, "{endpoint}{query} {file}: {body}");
        assert_eq!(body, expected, "{endpoint}{query} {file}");
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
    let body = serde_json::json!({"tree": text, "answers": answers}).to_string();
    let (status, graded) = server.post("/api/check", &body);
    assert_eq!(status, 200, "{graded}");
    let expected = gametree(["check", "tree.tree", "answers", "--format", "json"])
        .in_dir(&dir)
        .outcome()
        .stdout;
    assert_eq!(graded, expected);
    let graded = json(&graded);
    let questions = graded["files"][0]["grade"]["questions"].as_array().unwrap();
    let b = questions.iter().find(|q| q["question"] == "B").unwrap();
    assert_eq!(b["status"], "failed");
    assert_eq!(b["actual"], "= 2");
    let own = serde_json::json!({"tree": text}).to_string();
    let (status, own) = server.post("/api/check", &own);
    assert_eq!(status, 200);
    let expected = gametree(["check", "tree.tree", "--format", "json"])
        .in_dir(&dir)
        .outcome()
        .stdout;
    assert_eq!(own, expected);
    let (status, refused) = server.post("/api/check", &text);
    assert_eq!(status, 400);
    assert!(
        json(&refused)["error"]
            .as_str()
            .unwrap()
            .contains("JSON object")
    );
    server.assert_serving();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The message the command line prints for a tree file called `tree`
/// holding `text`.
fn cli_error(text: &str) -> String {
    let dir = scratch("serve-error");
    std::fs::write(dir.join("tree"), text).unwrap();
    let errors = gametree(["solve", "tree"]).in_dir(&dir).outcome().stderr;
    let _ = std::fs::remove_dir_all(&dir);
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
        let (status, body) = server.post(&format!("/api/{endpoint}"), text);
        assert_eq!(status, 400, "{endpoint}");
        let error = json(&body);
        assert_eq!(error["line"], 2, "{body}");
        assert_eq!(error["column"], 11, "{body}");
        assert_eq!(error["error"].as_str().unwrap().trim_end(), message);
        server.assert_serving();
    }
    let check = serde_json::json!({"tree": "[1 2 ="}).to_string();
    let (status, body) = server.post("/api/check", &check);
    assert_eq!(status, 400);
    assert_eq!(json(&body)["line"], 1);
    assert_eq!(
        json(&body)["error"].as_str().unwrap().trim_end(),
        cli_error("[1 2 =")
    );
    let (status, body) = server.request("POST", "/api/solve", b"[1 \xff]");
    assert_eq!(status, 400);
    assert!(json(&body)["error"].as_str().unwrap().contains("UTF-8"));
    let (status, body) = server.post("/api/solve?algo=quantum", "[1 2]");
    assert_eq!(status, 400);
    assert!(json(&body)["error"].as_str().unwrap().contains("quantum"));
    server.assert_serving();
}

#[test]
fn too_large_a_tree_is_refused() {
    let server = Server::start(&["--max-nodes", "50", "--max-bytes", "4096"]);
    let leaves: Vec<String> = (0..100).map(|i| i.to_string()).collect();
    let wide = format!("[{}]", leaves.join(" "));
    let (status, body) = server.post("/api/solve", &wide);
    assert_eq!(status, 400);
    assert!(
        json(&body)["error"]
            .as_str()
            .unwrap()
            .contains("more than 50 nodes")
    );
    server.assert_serving();
    // A request may lower the limit, never raise it.
    let (status, _) = server.post("/api/solve?max-nodes=1000", &wide);
    assert_eq!(status, 400);
    let (status, _) = server.post("/api/solve?max-nodes=2", "[1 2 3]");
    assert_eq!(status, 400);
    server.assert_serving();
    let (status, _) = server.post("/api/solve", &"[1 2]".repeat(1000));
    assert_eq!(status, 413);
    server.assert_serving();
    let (status, body) = server.post("/api/solve?key=/etc/passwd", "[1 2]");
    assert_eq!(status, 400);
    assert!(
        json(&body)["error"]
            .as_str()
            .unwrap()
            .contains("unknown query")
    );
    server.assert_serving();
}

#[test]
fn a_hundred_requests_at_once_are_all_answered() {
    let server = Server::start(&["--max-searches", "2"]);
    let text = tree("lecture-a-to-v.tree");
    let dir = scratch("serve-many");
    std::fs::write(dir.join("tree"), &text).unwrap();
    let expected = gametree(["solve", "tree", "--json"])
        .in_dir(&dir)
        .outcome()
        .stdout;
    let port = server.port;
    let clients: Vec<_> = (0..100)
        .map(|i| {
            let text = text.clone();
            std::thread::spawn(move || match i % 4 {
                0 => request(port, "POST", "/api/page", text.as_bytes()),
                _ => request(port, "POST", "/api/solve", text.as_bytes()),
            })
        })
        .collect();
    for (i, client) in clients.into_iter().enumerate() {
        let (status, body) = client.join().unwrap();
        assert_eq!(status, 200, "request {i}: {body}");
        match i % 4 {
            0 => assert!(body.starts_with("<!DOCTYPE html>")),
            _ => assert_eq!(body, expected, "request {i}"),
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
    let (status, page) = server.post("/api/page?quiz=true&windows=true", &text);
    assert_eq!(status, 200);
    let expected = gametree(["render", "tree", "--format", "html", "--quiz", "--windows"])
        .in_dir(&dir)
        .outcome()
        .stdout;
    assert_eq!(page, expected);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let server = Server::start(&[]);
    server.assert_serving();
    let (status, printed) = server.interrupt();
    assert!(status.success(), "{status}");
    assert!(printed.contains("stopped"), "{printed}");
}

#[test]
fn another_address_than_loopback_is_warned_about() {
    let output = gametree(["serve", "--bind", "203.0.113.1", "--port", "0"]).output();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(
        errors.contains("warning: listening on 203.0.113.1"),
        "{errors}"
    );
    // That address is no machine's here: listening fails, with a message.
    assert!(!output.status.success());
    assert!(errors.contains("cannot listen on 203.0.113.1"), "{errors}");
}
