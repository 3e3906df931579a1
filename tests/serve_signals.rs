//! Stopping `gametree serve`: SIGTERM, SIGINT and SIGHUP stop accepting at
//! once, let the answer under way finish, and end the server within its
//! grace period even with a half-open connection, exiting with 128 + the
//! signal's number as every command does; a second signal ends it at once.

#![cfg(all(unix, feature = "serve"))]

use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

mod serve_common;

use serve_common::{Answer, Server};

/// A connection that has sent part of a request's head, and waits.
fn half_open(server: &Server) -> TcpStream {
    let mut stream = server.connect();
    let head = format!("POST /api/solve HTTP/1.1\r\nHost: {}\r\n", server.host());
    stream.write_all(head.as_bytes()).unwrap();
    stream
}

/// Generous room for a loaded machine: the grace periods here are 1 s, the
/// header timeout 60 s, so an exit within this shows the grace period (or
/// the second signal) ended the server, not the timeout.
const ROOM: Duration = Duration::from_secs(20);

#[test]
fn sigterm_with_a_half_open_connection_ends_the_server_within_its_grace() {
    let server = Server::start(&["--grace", "1", "--header-timeout", "60"]);
    let _waiting = half_open(&server);
    server.assert_serving();
    server.signal("TERM");
    let (status, took, printed) = server.exit(ROOM);
    assert_eq!(status.code(), Some(143), "{status}");
    assert!(took < ROOM, "{took:?}");
    assert!(printed.contains("stopped (SIGTERM)"), "{printed}");
}

#[test]
fn sighup_stops_the_server_as_sigterm_does() {
    let server = Server::start(&["--grace", "1"]);
    server.signal("HUP");
    let (status, _, printed) = server.exit(ROOM);
    assert_eq!(status.code(), Some(129), "{status}");
    assert!(printed.contains("stopped (SIGHUP)"), "{printed}");
}

#[test]
fn a_second_sigint_ends_the_server_at_once() {
    // A grace of an hour: only the second signal can end it in time.
    let server = Server::start(&["--grace", "3600", "--header-timeout", "3600"]);
    let _waiting = half_open(&server);
    // A whole request answered after it: the half-open connection has been
    // accepted (connections are accepted in order), so the first signal
    // finds it open and waits for it rather than exiting at once.
    server.assert_serving();
    server.signal("INT");
    // The first stops accepting: wait until connecting is refused.
    let mut refused = false;
    for _ in 0..500 {
        if TcpStream::connect(("127.0.0.1", server.port)).is_err() {
            refused = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(refused, "the server still accepts connections after SIGINT");
    server.signal("INT");
    let (status, _, printed) = server.exit(ROOM);
    assert_eq!(status.code(), Some(130), "{status}");
    assert!(!printed.contains("stopped"), "{printed}");
}

#[test]
fn the_answer_under_way_is_given_before_the_server_stops() {
    let server = Server::start(&["--grace", "30", "--body-timeout", "30"]);
    // A request whose body is half sent when the signal comes.
    let mut stream = server.connect();
    let body = serde_json::json!({"tree": "[[3 12 8] [2 4 6] [14 5 2]]"}).to_string();
    let (first, second) = body.split_at(10);
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{first}",
        server.host(),
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    server.signal("TERM");
    std::thread::sleep(Duration::from_millis(200));
    stream.write_all(second.as_bytes()).unwrap();
    let answer = Answer::read(&mut stream);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["value"], 3);
    // That was the last connection: the server ends without waiting out
    // its grace.
    let (status, took, _) = server.exit(ROOM);
    assert_eq!(status.code(), Some(143), "{status}");
    assert!(took < ROOM, "{took:?}");
}
