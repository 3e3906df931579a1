//! Time and connection limits of `gametree serve`, over real HTTP on
//! 127.0.0.1: a connection that sends part of a head, or part of a body,
//! is closed (the timeouts are set small here; their defaults are 10 s);
//! connections past the cap are answered 503 in JSON, even under a small
//! descriptor limit, while the server goes on answering; and a page or an
//! answer past the server's size is refused in JSON.

#![cfg(all(unix, feature = "serve"))]

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

mod serve_common;

use serve_common::{Answer, Request, Server};

/// Reads what the server sends until it closes the connection; `None` if
/// it has not closed it within a minute.
fn until_closed(stream: &mut TcpStream) -> Option<Vec<u8>> {
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut received = Vec::new();
    match stream.read_to_end(&mut received) {
        Ok(_) => Some(received),
        Err(e) if e.kind() == ErrorKind::ConnectionReset => Some(received),
        Err(_) => None,
    }
}

#[test]
fn a_connection_that_sends_part_of_a_head_is_closed() {
    let server = Server::start(&["--header-timeout", "0.5"]);
    let mut partial = server.connect();
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Ty",
        server.host()
    );
    partial.write_all(head.as_bytes()).unwrap();
    let mut silent = server.connect();
    for stream in [&mut partial, &mut silent] {
        let received = until_closed(stream).expect("the server closes the connection");
        assert!(
            received.is_empty() || received.starts_with(b"HTTP/1.1 408"),
            "{}",
            String::from_utf8_lossy(&received)
        );
    }
    server.assert_serving();
}

#[test]
fn a_connection_that_sends_part_of_a_body_is_answered_408_and_closed() {
    let server = Server::start(&["--body-timeout", "0.5"]);
    let mut stream = server.connect();
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"tree\": \"[1 ",
        server.host()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let received = until_closed(&mut stream).expect("the server closes the connection");
    let answer = Answer::parse(&received);
    let error = answer.refusal(408);
    assert!(error.contains("--body-timeout"), "{error}");
    assert_eq!(answer.header("connection"), Some("close"));
    server.assert_serving();
}

#[test]
fn connections_past_the_cap_are_answered_503_in_json() {
    let server = Server::start(&["--max-connections", "3", "--header-timeout", "60"]);
    let held: Vec<TcpStream> = (0..3).map(|_| server.connect()).collect();
    // Each is served before the next is accepted: each holds its place.
    for stream in &held {
        stream.set_nodelay(true).unwrap();
    }
    std::thread::sleep(Duration::from_millis(300));
    let refused = server.get("/");
    let error = refused.refusal(503);
    assert!(error.contains("--max-connections"), "{error}");
    assert_eq!(refused.header("connection"), Some("close"));
    drop(held);
    // The places are given back as the connections close.
    let mut answered = None;
    for _ in 0..100 {
        let answer = server.get("/");
        if answer.status == 200 {
            answered = Some(answer);
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(answered.is_some(), "no place came back");
}

#[test]
fn slow_connections_past_the_descriptor_limit_cannot_starve_other_clients() {
    // 200 descriptors, 100 connections at most: 150 slow clients (a part
    // of a head each) hold 100 places; the others and a fresh client are
    // answered 503 at once, and once the slow ones are closed for their
    // timeout, the fresh client is served.
    let server =
        Server::start_with_descriptors(200, &["--max-connections", "100", "--header-timeout", "2"]);
    let head = format!("GET / HTTP/1.1\r\nHost: {}\r\n", server.host());
    let slow: Vec<TcpStream> = (0..150)
        .map(|_| {
            let mut stream = server.connect();
            let _ = stream.write_all(head.as_bytes());
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let fresh = server.get("/");
    assert!(
        matches!(fresh.status, 200 | 503),
        "{} {}",
        fresh.status,
        fresh.body
    );
    if fresh.status == 503 {
        fresh.refusal(503);
    }
    let mut served = false;
    for _ in 0..200 {
        if server.get("/").status == 200 {
            served = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(served, "the fresh client was never served");
    drop(slow);
    server.assert_serving();
}

#[test]
fn a_client_that_takes_nothing_of_its_answer_is_closed() {
    let server = Server::start(&["--send-timeout", "0.5"]);
    // A trace of about 12 MB: more than the connection's buffers hold.
    let request = Request::json(
        "/api/trace?algo=minimax",
        &serde_json::json!({"tree": wide(90_000)}),
    );
    let mut stream = server.connect();
    stream.write_all(&request.bytes(&server.host())).unwrap();
    std::thread::sleep(Duration::from_secs(5));
    let received = until_closed(&mut stream).expect("the server closes the connection");
    let answer = String::from_utf8_lossy(&received);
    let (head, body) = answer.split_once("\r\n\r\n").expect("the answer began");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .expect("a length")
        .parse()
        .unwrap();
    assert!(body.len() < length, "{} of {length} bytes", body.len());
    server.assert_serving();
}

/// A tree of `leaves` leaves under one node.
fn wide(leaves: usize) -> String {
    let leaves: Vec<String> = (0..leaves).map(|i| (i % 10).to_string()).collect();
    format!("[{}]", leaves.join(" "))
}

#[test]
fn a_page_past_the_server_s_size_is_refused_in_json() {
    let server = Server::start(&["--max-answer-bytes", "200000"]);
    // Asking for more nodes than the server draws is asking for its limit.
    let text = wide(5000);
    let error = server
        .post_tree("/api/page?max-draw-nodes=100000&quiz=true", &text)
        .refusal(400);
    assert!(error.contains("more than the 2000"), "{error}");
    // A page within the nodes, past the bytes.
    let error = server
        .post_tree("/api/page?quiz=true", &wide(1500))
        .refusal(400);
    assert!(error.contains("--max-answer-bytes"), "{error}");
    assert!(error.contains("200000 bytes"), "{error}");
    // The same for the JSON of a trace.
    let error = server.post_tree("/api/trace", &wide(3000)).refusal(400);
    assert!(error.contains("--max-answer-bytes"), "{error}");
    let small = server.post_tree("/api/page?max-draw-nodes=10", "[[3 12 8] [2 4 6]]");
    assert_eq!(small.status, 200, "{}", small.body);
    server.assert_serving();
}

#[test]
fn thirty_large_pages_at_once_are_refused_and_the_server_answers() {
    let server = std::sync::Arc::new(Server::start(&[]));
    let text = wide(50_000);
    let clients: Vec<_> = (0..30)
        .map(|_| {
            let (server, text) = (server.clone(), text.clone());
            std::thread::spawn(move || {
                server.post_tree("/api/page?max-draw-nodes=100000&quiz=true", &text)
            })
        })
        .collect();
    for client in clients {
        let answer = client.join().unwrap();
        assert!(
            answer.refusal(400).contains("nodes to draw"),
            "{}",
            answer.body
        );
    }
    server.assert_serving();
    let probe = Request::json("/api/solve", &serde_json::json!({"tree": "[1 2]"}));
    assert_eq!(server.send(&probe).status, 200);
}

/// A comb `depth` levels deep: each level a node and a leaf beside it. Its
/// simulation takes time growing with the square of the depth.
fn comb(depth: usize) -> String {
    let mut text = "[1 2]".to_string();
    for level in 0..depth {
        text = format!("[{text} {}]", level % 7);
    }
    text
}

#[test]
fn simulate_lists_past_the_cap_or_with_repeats_are_refused_in_json() {
    let server = Server::start(&[]);
    let many: Vec<String> = (1..=17).map(|p| p.to_string()).collect();
    let error = server
        .post_tree(
            &format!("/api/solve?algo=parallel&simulate={}", many.join(",")),
            "[[3 12 8] [2 4 6]]",
        )
        .refusal(400);
    assert!(error.contains("simulates at most 16"), "{error}");
    let error = server
        .post_tree(
            "/api/solve?algo=parallel&simulate=2,1,2",
            "[[3 12 8] [2 4 6]]",
        )
        .refusal(400);
    assert!(error.contains("lists 2 processors twice"), "{error}");
    let sixteen: Vec<String> = (1..=16).map(|p| p.to_string()).collect();
    let target = format!("/api/solve?algo=parallel&simulate={}", sixteen.join(","));
    let answer = server.post_tree(&target, "[[3 12 8] [2 4 6]]");
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[test]
fn a_simulation_past_the_time_limit_stops_and_gives_its_turn_back() {
    let server = Server::start(&["--max-searches", "1", "--time-limit", "1"]);
    // Tens of seconds of simulations, unless stopped at the limit.
    let long = server.post_tree("/api/solve?algo=parallel&simulate=1,2,3,4", &comb(6000));
    assert!(long.refusal(503).contains("time limit"), "{}", long.body);
    // The one turn is free again within the next request's time limit.
    let next = server.post_tree("/api/solve", "[[3 12 8] [2 4 6]]");
    assert_eq!(next.status, 200, "{}", next.body);
    server.assert_serving();
}
