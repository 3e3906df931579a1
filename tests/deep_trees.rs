//! The deepest trees the reader accepts (`MAX_DEPTH`, 10,000 levels) in
//! every command and every endpoint of the server, with every algorithm:
//! each answers, none overflows its stack. The chains are named (`n0 [ n1
//! [ ...`) where the output lists nodes, so that it stays small; the
//! unnamed chain of the report that found grading overflowing is checked
//! as it was written.

#![cfg(unix)]

use std::process::Output;

use gametree::search::Algorithm;
use gametree::tree::MAX_DEPTH;

mod common;
mod serve_common;

use common::scratch;
use serve_common::named_chain;

/// Each algorithm with the flags it needs to record a trace (the parallel
/// search records one on one thread, its brothers searched in full).
fn algorithms() -> Vec<Vec<&'static str>> {
    let mut all: Vec<Vec<&str>> = Algorithm::ALL
        .iter()
        .map(|a| vec!["--algo", a.name()])
        .collect();
    all.push(vec![
        "--algo",
        "parallel",
        "--threads",
        "1",
        "--young-brothers",
        "full",
    ]);
    all
}

/// Runs `gametree ARGS` in `dir`.
fn run(dir: &std::path::Path, args: &[&str]) -> Output {
    common::gametree(args).in_dir(dir).output()
}

/// Asserts that the run ended by itself with `code`, without a panic or
/// an overflowed stack; its standard output.
#[track_caller]
fn assert_ran(output: &Output, code: i32, what: &str) -> String {
    let errors = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{what}: {errors}");
    assert!(!errors.contains("overflow"), "{what}: {errors}");
    assert!(!errors.contains("panicked"), "{what}: {errors}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The files of the tests: the named chain, the unnamed one, an answer
/// file that holds, one that fails (its diagnosis searches again, with
/// each misconception).
fn files(test: &str) -> std::path::PathBuf {
    let dir = scratch(test);
    let unnamed = format!("{}1{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    std::fs::write(dir.join("chain.tree"), named_chain(MAX_DEPTH)).unwrap();
    std::fs::write(dir.join("unnamed.tree"), unnamed).unwrap();
    std::fs::write(dir.join("right.ans"), "expect value 1\n").unwrap();
    let wrong = "expect value 2\nexpect best n1\nexpect pruned n5\nexpect n9 = 3\n\
                 expect cut n1 beta\nexpect leaves n3\n";
    std::fs::write(dir.join("wrong.ans"), wrong).unwrap();
    dir
}

#[test]
fn check_grades_a_chain_at_the_depth_limit_with_every_algorithm() {
    let dir = files("deep-check");
    // The report: these two overflowed on the unnamed chain.
    for algorithm in ["alphabeta", "star2"] {
        let args = ["check", "unnamed.tree", "right.ans", "--algo", algorithm];
        let text = assert_ran(&run(&dir, &args), 0, algorithm);
        assert!(text.contains("1 passed, 0 failed"), "{algorithm}: {text}");
    }
    for algorithm in algorithms() {
        let what = algorithm.join(" ");
        let mut args = vec!["check", "chain.tree", "wrong.ans", "--format", "json"];
        args.extend(&algorithm);
        let report = assert_ran(&run(&dir, &args), 1, &what);
        let report: serde_json::Value = serde_json::from_str(&report).unwrap();
        let claims = report["files"][0]["expectations"].as_array().unwrap();
        assert_eq!(claims[0]["expectation"], "expect value 2", "{what}");
        assert_eq!(claims[0]["actual"], "1", "{what}");
        assert_eq!(claims[0]["passed"], false, "{what}");
    }
    // Gradescope's form grades one submission against a key only, and the
    // chain has none: its row is unusable (2).
    for (format, code) in [("text", 1), ("csv", 1), ("gradescope", 2), ("junit", 1)] {
        let args = ["check", "chain.tree", "wrong.ans", "--format", format];
        let out = assert_ran(&run(&dir, &args), code, format);
        assert!(!out.is_empty(), "{format}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn key_solve_and_trace_answer_on_a_chain_at_the_depth_limit() {
    let dir = files("deep-key");
    for algorithm in algorithms() {
        let what = algorithm.join(" ");
        let mut args = vec!["key", "chain.tree"];
        args.extend(&algorithm);
        let key = assert_ran(&run(&dir, &args), 0, &what);
        assert!(key.contains("expect value 1"), "{what}: {key}");
    }
    // Every algorithm's solve is in tests/hostile.rs; here the outputs.
    let solved = run(&dir, &["solve", "chain.tree", "--json"]);
    assert!(assert_ran(&solved, 0, "solve").contains("\"n9999\""));
    let traced = run(&dir, &["trace", "chain.tree"]);
    assert!(assert_ran(&traced, 0, "trace").contains("n9999"));
    let parallel = run(&dir, &["solve", "chain.tree", "--algo", "parallel"]);
    assert!(assert_ran(&parallel, 0, "parallel").contains("value: 1"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_draws_a_chain_at_the_depth_limit_in_every_format_with_every_algorithm() {
    let dir = files("deep-render");
    // A format for each algorithm. Images of 10,000 levels would be
    // 10,000 levels tall: PNG and PDF draw the top, after a search of the
    // whole chain; the others draw every node.
    // Every format is drawn, by one algorithm or more.
    let formats = ["svg", "dot", "tex", "html", "png", "pdf"];
    assert!(algorithms().len() >= formats.len());
    for (algorithm, format) in algorithms().iter().zip(formats.into_iter().cycle()) {
        let what = format!("{format} {}", algorithm.join(" "));
        let file = format!("chain.{format}");
        let mut args = vec!["render", "chain.tree", "-o", &file];
        args.extend(match format {
            "png" | "pdf" => ["--draw-depth", "20"],
            _ => ["--max-draw-nodes", "10001"],
        });
        args.extend(algorithm);
        assert_ran(&run(&dir, &args), 0, &what);
        let drawn = std::fs::read(dir.join(&file)).unwrap();
        if !matches!(format, "png" | "pdf") {
            let deepest = String::from_utf8_lossy(&drawn).contains("n9999");
            assert!(deepest, "{what}: the deepest node is drawn");
        }
        assert!(!drawn.is_empty(), "{what}");
    }
    for to in ["tree", "json", "efg"] {
        let file = format!("converted.{to}");
        let args = ["convert", "chain.tree", "--to", to, "-o", &file];
        let output = run(&dir, &args);
        // Writing may be refused (a format that holds fewer levels), with
        // a message, never with a crash.
        let code = output.status.code();
        assert!(matches!(code, Some(0 | 2)), "convert --to {to}: {code:?}");
        assert_ran(&output, code.unwrap(), to);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "serve")]
mod api {
    use super::*;
    use serve_common::Server;

    /// Each algorithm as a query: the parallel search on one thread with
    /// its brothers in full where it records a trace.
    fn queries(records: bool) -> Vec<String> {
        let mut all: Vec<String> = Algorithm::ALL
            .iter()
            .map(|a| format!("algo={}", a.name()))
            .collect();
        all.push(match records {
            true => "algo=parallel&threads=1&young-brothers=full".to_string(),
            false => "algo=parallel".to_string(),
        });
        all
    }

    #[test]
    fn every_endpoint_answers_on_a_chain_at_the_depth_limit_with_every_algorithm() {
        let server = Server::start(&["--max-searches", "4", "--time-limit", "600"]);
        let server = std::sync::Arc::new(server);
        let chain = std::sync::Arc::new(named_chain(MAX_DEPTH));
        // One client for each algorithm, at once.
        let clients: Vec<_> = queries(false)
            .into_iter()
            .zip(queries(true))
            .map(|(query, recording)| {
                let (server, chain) = (server.clone(), chain.clone());
                std::thread::spawn(move || every_endpoint(&server, &chain, &query, &recording))
            })
            .collect();
        for client in clients {
            client.join().unwrap();
        }
        server.assert_serving();
    }

    /// Solves with `query`, and traces, draws and grades with `recording`.
    fn every_endpoint(server: &Server, chain: &str, query: &str, recording: &str) {
        let answer = server.post_tree(&format!("/api/solve?{query}"), chain);
        assert_eq!(answer.status, 200, "solve {query}: {}", answer.body);
        assert_eq!(answer.json()["value"], 1, "solve {query}");
        let trace = server.post_tree(&format!("/api/trace?{recording}"), chain);
        assert_eq!(trace.status, 200, "trace {recording}: {}", trace.body);
        assert!(trace.body.contains("\"n9999\""), "trace {recording}");
        let page = server.post_tree(&format!("/api/page?{recording}&draw-depth=20"), chain);
        assert_eq!(page.status, 200, "page {recording}: {}", page.body);
        assert!(page.body.starts_with("<!DOCTYPE html>"), "page {recording}");
        let body = serde_json::json!({"tree": chain, "answers": "expect value 2\n"});
        let check = server.post_json(&format!("/api/check?{recording}"), &body);
        assert_eq!(check.status, 200, "check {recording}: {}", check.body);
        let claims = &check.json()["files"][0]["expectations"];
        assert_eq!(claims[0]["actual"], "1", "check {recording}");
    }

    #[test]
    fn a_deep_unnamed_chain_posted_for_grading_leaves_the_server_serving() {
        // The report: 2,200 levels, 4.4 KB, killed the whole server. The
        // time limit is lifted: the question is whether it survives, and a
        // debug build on a loaded machine can take seconds per request.
        let server = Server::start(&["--time-limit", "600"]);
        for depth in [2200, MAX_DEPTH] {
            let chain = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
            for algorithm in ["alphabeta", "star2"] {
                let body = serde_json::json!({"tree": chain, "answers": "expect value 1\n"});
                let answer = server.post_json(&format!("/api/check?algo={algorithm}"), &body);
                assert_eq!(answer.status, 200, "{depth} {algorithm}: {}", answer.body);
                assert_eq!(
                    answer.json()["files"][0]["score"],
                    1.0,
                    "{depth} {algorithm}"
                );
            }
            server.assert_serving();
        }
    }
}
