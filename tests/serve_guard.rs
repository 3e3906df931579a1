//! Only the playground's own page may use `gametree serve`: a request
//! addressed to another name (DNS rebinding), sent from a page of another
//! origin, of a type such a page can send without asking (`text/plain`,
//! a form), or too large is refused with a JSON error before anything
//! reads its body; every answer carries the headers that keep the
//! playground to itself. Over real HTTP on 127.0.0.1.

#![cfg(all(unix, feature = "serve"))]

use std::io::Write;

mod serve_common;

use serve_common::{Answer, Request, Server};

/// A request the API would answer, to change one thing of.
fn solve() -> Request {
    Request::json(
        "/api/solve",
        &serde_json::json!({"tree": "[[3 12 8] [2 4 6]]"}),
    )
}

#[test]
fn a_request_addressed_to_another_name_is_refused() {
    let server = Server::start(&["--allow-host", "Box.Example"]);
    let port = server.port;
    for host in [
        "rebind.attacker.com".to_string(),
        format!("rebind.attacker.com:{port}"),
        format!("localhost.attacker.com:{port}"),
        "127.0.0.1".to_string(),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("box.example:{}", port.wrapping_add(1)),
    ] {
        let answer = server.send(&solve().header("Host", &host));
        let error = answer.refusal(403);
        assert!(error.contains("not this server's name"), "{host}: {error}");
        assert_eq!(answer.header("connection"), Some("close"));
        let page = server.send(&Request::new("GET", "/").header("Host", &host));
        page.refusal(403);
    }
    // An absolute target must name the server too.
    let absolute = Request::new("GET", "http://rebind.attacker.com/");
    server.send(&absolute).refusal(403);
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("LOCALHOST:{port}"),
        format!("[::1]:{port}"),
        format!("box.example:{port}"),
    ] {
        let answer = server.send(&solve().header("Host", &host));
        assert_eq!(answer.status, 200, "{host}: {}", answer.body);
    }
    let errors = server.errors();
    assert!(
        errors
            .contains("refused POST /api/solve: the request is addressed to `rebind.attacker.com`"),
        "{errors}"
    );
}

#[test]
fn a_request_without_a_host_is_refused() {
    let server = Server::start(&[]);
    let mut stream = server.connect();
    stream
        .write_all(b"GET / HTTP/1.0\r\nConnection: close\r\n\r\n")
        .unwrap();
    let error = Answer::read(&mut stream).refusal(403);
    assert!(error.contains("no Host"), "{error}");
}

#[test]
fn only_the_playground_s_own_origin_is_answered() {
    let server = Server::start(&[]);
    let port = server.port;
    for origin in [
        "http://evil.example".to_string(),
        format!("http://evil.example:{port}"),
        format!("https://127.0.0.1:{port}"),
        format!("http://127.0.0.1:{}", port.wrapping_add(1)),
        "null".to_string(),
        format!("http://127.0.0.1:{port}/path"),
    ] {
        let error = server.send(&solve().header("Origin", &origin)).refusal(403);
        assert!(
            error.contains("not from the playground's own page"),
            "{origin}: {error}"
        );
    }
    for origin in [
        format!("http://127.0.0.1:{port}"),
        format!("http://localhost:{port}"),
    ] {
        let answer = server.send(&solve().header("Origin", &origin));
        assert_eq!(answer.status, 200, "{origin}: {}", answer.body);
    }
    // A preflight from another origin is refused: the browser then never
    // sends the request.
    let preflight = Request::new("OPTIONS", "/api/check")
        .header("Origin", "http://evil.example")
        .header("Access-Control-Request-Method", "POST")
        .header("Access-Control-Request-Headers", "content-type");
    let answer = server.send(&preflight);
    answer.refusal(403);
    assert_eq!(answer.header("access-control-allow-origin"), None);
}

#[test]
fn only_json_and_the_tree_s_own_type_are_taken() {
    let server = Server::start(&[]);
    let tree = b"[[3 12 8] [2 4 6]]".to_vec();
    // The types a page on another origin may send without a preflight,
    // and none at all.
    for content_type in [
        Some("text/plain"),
        Some("text/plain; charset=utf-8"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        Some("application/jsonp"),
        None,
    ] {
        for path in ["/api/solve", "/api/trace", "/api/check", "/api/page"] {
            let mut request = Request::new("POST", path).body(tree.clone());
            if let Some(content_type) = content_type {
                request = request.header("Content-Type", content_type);
            }
            let answer = server.send(&request);
            let error = answer.refusal(415);
            assert!(
                error.contains("application/json"),
                "{path} {content_type:?}: {error}"
            );
            assert_eq!(answer.header("connection"), Some("close"));
        }
    }
    for content_type in ["application/json", "Application/JSON; charset=utf-8"] {
        let mut request = solve();
        request.headers = vec![("Content-Type".to_string(), content_type.to_string())];
        let answer = server.send(&request);
        assert_eq!(answer.status, 200, "{content_type}: {}", answer.body);
    }
    server.assert_serving();
}

#[test]
fn an_oversize_content_length_is_refused_before_the_body_is_read() {
    let server = Server::start(&["--max-bytes", "1000"]);
    // The head alone: the answer comes though the body never does.
    let head_alone = |length: &str| {
        let mut stream = server.connect();
        let head = format!(
            "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {length}\r\n\r\n",
            server.host()
        );
        stream.write_all(head.as_bytes()).unwrap();
        Answer::read(&mut stream)
    };
    for length in ["1001", "99999999999", "9999999999999999999"] {
        let error = head_alone(length).refusal(413);
        assert!(error.contains("1000 bytes"), "{length}: {error}");
    }
    // Past 64 bits, hyper refuses the head itself (400, no body).
    let beyond = head_alone("340282366920938463463374607431768211456");
    assert_eq!(beyond.status, 400);
    // A chunked body has no length to refuse up front: it is counted as
    // it is read.
    let mut stream = server.connect();
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\n\r\n",
        server.host()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 2000, "[".repeat(2000));
    let _ = stream.write_all(chunk.as_bytes());
    let _ = stream.write_all(b"0\r\n\r\n");
    Answer::read(&mut stream).refusal(413);
    server.assert_serving();
}

#[test]
fn a_long_target_and_large_headers_are_refused_in_json() {
    let server = Server::start(&[]);
    let mut request = solve();
    request.target = format!("/api/solve?algo={}", "a".repeat(9000));
    assert!(server.send(&request).refusal(414).contains("8192"));
    let large = solve().header("X-Padding", &"p".repeat(20_000));
    assert!(server.send(&large).refusal(431).contains("headers"));
    let mut many = solve();
    for i in 0..120 {
        many = many.header(&format!("X-Many-{i}"), "1");
    }
    server.send(&many).refusal(431);
    // Past 64 KiB, hyper refuses the head itself: 431, without a body.
    let huge = solve().header("X-Padding", &"p".repeat(100_000));
    assert_eq!(server.send(&huge).status, 431);
    server.assert_serving();
}

#[test]
fn every_answer_keeps_the_playground_to_itself() {
    let server = Server::start(&[]);
    let answers = [
        server.get("/"),
        server.get("/playground.js"),
        server.send(&solve()),
        server.send(&solve().header("Origin", "http://evil.example")),
        server.get("/nowhere"),
    ];
    for answer in &answers {
        let policy = answer
            .header("content-security-policy")
            .unwrap_or_else(|| panic!("no policy: {}", answer.head));
        for directive in [
            "default-src 'none'",
            "frame-ancestors 'none'",
            "object-src 'none'",
            "base-uri 'none'",
            "connect-src 'self'",
        ] {
            assert!(policy.contains(directive), "{directive}: {policy}");
        }
        let scripts = policy
            .split(';')
            .find_map(|d| d.trim().strip_prefix("script-src "))
            .expect("a script-src");
        // The playground's own files, and the page's one inline script by
        // its hash: never 'unsafe-inline' nor another site.
        let sources: Vec<&str> = scripts.split_whitespace().collect();
        assert_eq!(sources[0], "'self'", "{scripts}");
        assert_eq!(sources.len(), 2, "{scripts}");
        assert!(sources[1].starts_with("'sha256-"), "{scripts}");
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(answer.header("referrer-policy"), Some("no-referrer"));
        assert_eq!(answer.header("x-frame-options"), Some("DENY"));
    }
    // No inline script of its own, and the page of a tree in a frame that
    // runs its script in an origin of its own.
    let page = &answers[0].body;
    for script in page.split("<script").skip(1) {
        let tag = script.split('>').next().unwrap();
        assert!(
            tag.contains("src=\"/playground.js\"") || tag.contains("type=\"application/json\""),
            "an inline script: <script{tag}>"
        );
    }
    assert!(!page.contains("<style"), "an inline style");
    let frame = page
        .split("<iframe")
        .nth(1)
        .unwrap()
        .split('>')
        .next()
        .unwrap();
    assert!(frame.contains("sandbox=\"allow-scripts\""), "{frame}");
    assert!(!frame.contains("allow-same-origin"), "{frame}");
}

#[test]
fn a_header_that_decides_given_twice_is_refused() {
    let server = Server::start(&[]);
    let own = format!("127.0.0.1:{}", server.port);
    let json = "Content-Type: application/json\r\n";
    let twice = [
        format!("Host: {own}\r\nHost: evil.example\r\n{json}"),
        format!("Host: evil.example\r\nHost: {own}\r\n{json}"),
        format!("Host: {own}\r\nOrigin: http://{own}\r\nOrigin: http://evil.example\r\n{json}"),
        format!("Host: {own}\r\n{json}Content-Type: text/plain\r\n"),
    ];
    let body = "{\"tree\": \"[1 2]\"}";
    for headers in twice {
        let mut stream = server.connect();
        let request = format!(
            "POST /api/solve HTTP/1.1\r\n{headers}Content-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).unwrap();
        let error = Answer::read(&mut stream).refusal(400);
        assert!(error.contains("more than one"), "{headers}: {error}");
    }
}
