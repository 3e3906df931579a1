//! `gametree serve` held for 30 s under 200 slow connections (each sends a
//! request's head a byte at a time, and opens again when the server closes
//! it) and 100 clients solving at once, with its default limits: every
//! request of a fresh client is answered within 2 s, the server's memory
//! (VmRSS) stays under 300 MB, and SIGTERM ends it within its grace
//! period. Loopback only; every loop stops at the deadline.
//!
//! Behind the `test-soak` feature (`.ci/run` turns it on):
//! `cargo test --features test-soak --test soak -- --nocapture`.

#![cfg(all(unix, feature = "serve", feature = "test-soak"))]

use std::io::Write;
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

mod serve_common;

use serve_common::{Request, Server};

const SOAK: Duration = Duration::from_secs(30);
const SLOW_CONNECTIONS: usize = 200;
const SOLVERS: usize = 100;
/// What a fresh client may wait for an answer.
const PROMPT: Duration = Duration::from_secs(2);
const MEMORY_KB: u64 = 300 * 1024;
/// The server's default grace period, and room for a loaded machine.
const GRACE: Duration = Duration::from_secs(5);
const ROOM: Duration = Duration::from_secs(5);

fn lecture() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/trees/lecture-a-to-v.tree"
    ))
    .unwrap()
}

/// Keeps `SLOW_CONNECTIONS` connections sending a head a byte every half
/// second until the deadline, opening a new one for each the server
/// closes; how many it opened, and the connections open at the deadline.
fn slow_clients(port: u16, deadline: Instant) -> (usize, Vec<Option<TcpStream>>) {
    let head = format!("POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ");
    let open = || {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
        stream.write_all(head.as_bytes()).ok()?;
        Some(stream)
    };
    let mut streams: Vec<Option<TcpStream>> = (0..SLOW_CONNECTIONS).map(|_| open()).collect();
    let mut opened = SLOW_CONNECTIONS;
    while Instant::now() < deadline {
        for stream in &mut streams {
            let alive = stream.as_mut().is_some_and(|s| s.write_all(b"a").is_ok());
            if !alive {
                *stream = open();
                opened += 1;
            }
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    (opened, streams)
}

#[test]
fn the_server_stays_prompt_and_small_under_slow_connections_and_many_solves() {
    let server = Arc::new(Server::start(&[]));
    let started = Instant::now();
    let deadline = started + SOAK;
    let port = server.port;
    let slow = std::thread::spawn(move || slow_clients(port, deadline));
    let solved = Arc::new(AtomicUsize::new(0));
    let tree = serde_json::json!({"tree": lecture()});
    let solvers: Vec<_> = (0..SOLVERS)
        .map(|_| {
            let (server, solved, tree) = (server.clone(), solved.clone(), tree.clone());
            std::thread::spawn(move || {
                while Instant::now() < deadline {
                    let answer = server.post_json("/api/solve", &tree);
                    assert_eq!(answer.status, 200, "{}", answer.body);
                    solved.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    let probes = [
        Request::new("GET", "/"),
        Request::json(
            "/api/solve",
            &serde_json::json!({"tree": "[[3 12 8] [2 4 6]]"}),
        ),
    ];
    let (mut probed, mut slowest, mut largest) = (0, Duration::ZERO, 0);
    while Instant::now() < deadline {
        let probe = &probes[probed % probes.len()];
        let asked = Instant::now();
        let answer = server.send(probe);
        let took = asked.elapsed();
        assert_eq!(answer.status, 200, "probe {probed}: {}", answer.body);
        assert!(
            took < PROMPT,
            "probe {probed} ({}) took {took:?}",
            probe.target
        );
        slowest = slowest.max(took);
        largest = largest.max(server.resident_kb());
        assert!(largest < MEMORY_KB, "the server holds {largest} kB");
        probed += 1;
        std::thread::sleep(Duration::from_millis(200));
    }
    for solver in solvers {
        solver.join().unwrap();
    }
    // The slow connections stay open while the server stops.
    let (opened, _still_open) = slow.join().unwrap();
    eprintln!(
        "{probed} probes, the slowest {slowest:?}; {} solves; {opened} slow connections opened; \
         at most {largest} kB",
        solved.load(Ordering::Relaxed)
    );
    assert!(
        opened > SLOW_CONNECTIONS,
        "the slow connections were never closed"
    );
    server.signal("TERM");
    let server = Arc::into_inner(server).expect("the clients are done");
    let (status, took, _) = server.exit(GRACE + ROOM);
    assert_eq!(status.code(), Some(143), "{status}");
    eprintln!("stopped {took:?} after SIGTERM");
}
