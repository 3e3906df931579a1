//! What the tests of `gametree serve` share: the built binary started as a
//! server on 127.0.0.1 with a free port, and a client of a few lines over a
//! TCP stream, which sends exactly the bytes a test asks for.

// Each test file uses some of these helpers.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A server started for one test, killed when dropped.
pub(crate) struct Server {
    child: Child,
    pub(crate) port: u16,
    /// What it printed after its first line.
    out: BufReader<ChildStdout>,
    /// What it printed on standard error, read as it comes.
    errors: Arc<Mutex<String>>,
}

impl Server {
    /// `gametree serve --port 0 FLAGS`.
    pub(crate) fn start(flags: &[&str]) -> Server {
        Server::start_with(Command::new(env!("CARGO_BIN_EXE_gametree")), flags)
    }

    /// `gametree serve --port 0 FLAGS` with at most `descriptors` open
    /// files (through the shell's `ulimit -n`).
    pub(crate) fn start_with_descriptors(descriptors: u32, flags: &[&str]) -> Server {
        let mut command = Command::new("sh");
        command.args([
            "-c",
            &format!("ulimit -n {descriptors} && exec \"$0\" \"$@\""),
            env!("CARGO_BIN_EXE_gametree"),
        ]);
        Server::start_with(command, flags)
    }

    fn start_with(mut command: Command, flags: &[&str]) -> Server {
        let mut child = command
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let errors = Arc::new(Mutex::new(String::new()));
        let mut stderr = BufReader::new(child.stderr.take().expect("a pipe"));
        let collected = errors.clone();
        std::thread::spawn(move || {
            let mut line = String::new();
            while matches!(stderr.read_line(&mut line), Ok(n) if n > 0) {
                collected.lock().unwrap().push_str(&line);
                line.clear();
            }
        });
        let mut out = BufReader::new(child.stdout.take().expect("a pipe"));
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}: {}", errors.lock().unwrap()));
        let port = address.rsplit(':').next().unwrap().parse().unwrap();
        Server {
            child,
            port,
            out,
            errors,
        }
    }

    /// The server's `host:port`, as a `Host` header names it.
    pub(crate) fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// A connection to the server. Its read timeout only stops a test whose
    /// server hangs: a debug build grading a 10,000-level chain on a busy
    /// two-core machine can take a minute.
    pub(crate) fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("the server listens");
        stream
            .set_read_timeout(Some(Duration::from_secs(300)))
            .unwrap();
        stream
    }

    /// Sends `request` on a connection of its own; the answer.
    pub(crate) fn send(&self, request: &Request) -> Answer {
        let mut stream = self.connect();
        stream.write_all(&request.bytes(&self.host())).unwrap();
        Answer::read(&mut stream)
    }

    /// `GET path`.
    pub(crate) fn get(&self, path: &str) -> Answer {
        self.send(&Request::new("GET", path))
    }

    /// `POST path` of the JSON object `{"tree": tree}`.
    pub(crate) fn post_tree(&self, path: &str, tree: &str) -> Answer {
        self.post_json(path, &serde_json::json!({ "tree": tree }))
    }

    /// `POST path` of `value` as JSON.
    pub(crate) fn post_json(&self, path: &str, value: &serde_json::Value) -> Answer {
        self.send(&Request::json(path, value))
    }

    /// The server still answers: the playground page loads.
    pub(crate) fn assert_serving(&self) {
        let answer = self.get("/");
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert!(answer.body.contains("gametree playground"));
    }

    /// What the server printed on standard error so far.
    pub(crate) fn errors(&self) -> String {
        self.errors.lock().unwrap().clone()
    }

    /// Sends the signal named `name` (`TERM`, `INT`, `HUP`).
    pub(crate) fn signal(&self, name: &str) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill")
            .args([&format!("-{name}"), &pid])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{name}");
    }

    /// Waits for the server to exit, at most `limit` (then kills it, and
    /// the test fails); its status, how long it took, and what it printed.
    pub(crate) fn exit(mut self, limit: Duration) -> (ExitStatus, Duration, String) {
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                started.elapsed() < limit,
                "the server still runs {limit:?} later"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let took = started.elapsed();
        let mut rest = String::new();
        self.out.read_to_string(&mut rest).unwrap();
        (status, took, rest)
    }

    /// The server's resident memory, from /proc (kB).
    pub(crate) fn resident_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A request as the test writes it: the method, the target, the headers
/// (`Host` is added unless given), the body (`Content-Length` is added
/// unless given).
#[derive(Clone, Debug)]
pub(crate) struct Request {
    pub(crate) method: String,
    pub(crate) target: String,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl Request {
    pub(crate) fn new(method: &str, target: &str) -> Request {
        Request {
            method: method.to_string(),
            target: target.to_string(),
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    /// A POST of `value` as JSON.
    pub(crate) fn json(target: &str, value: &serde_json::Value) -> Request {
        Request::new("POST", target)
            .header("Content-Type", "application/json")
            .body(value.to_string().into_bytes())
    }

    pub(crate) fn header(mut self, name: &str, value: &str) -> Request {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    pub(crate) fn body(mut self, body: Vec<u8>) -> Request {
        self.body = body;
        self
    }

    fn has(&self, name: &str) -> bool {
        self.headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    }

    /// The request's bytes, for a server at `host`.
    pub(crate) fn bytes(&self, host: &str) -> Vec<u8> {
        let mut head = format!("{} {} HTTP/1.1\r\n", self.method, self.target);
        if !self.has("Host") {
            head.push_str(&format!("Host: {host}\r\n"));
        }
        if !self.has("Content-Length") {
            head.push_str(&format!("Content-Length: {}\r\n", self.body.len()));
        }
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("Connection: close\r\n\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(&self.body);
        bytes
    }
}

/// An answer: its status, its head and its body (de-chunked).
#[derive(Clone, Debug)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) head: String,
    pub(crate) body: String,
}

impl Answer {
    /// Reads an answer to its end (the connection closes after it).
    pub(crate) fn read(stream: &mut TcpStream) -> Answer {
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        Answer::parse(&answer)
    }

    /// An answer from its bytes.
    pub(crate) fn parse(bytes: &[u8]) -> Answer {
        let answer = String::from_utf8_lossy(bytes);
        let (head, body) = answer
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("a head and a body: {answer:?}"));
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        let chunked = head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked");
        Answer {
            status,
            head: head.to_string(),
            body: if chunked {
                dechunk(body)
            } else {
                body.to_string()
            },
        }
    }

    /// The value of header `name`, if the head has it.
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|line| {
            let (n, value) = line.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    /// The body as JSON.
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {} {}", self.status, self.body))
    }

    /// The `error` of a JSON refusal with `status`.
    #[track_caller]
    pub(crate) fn refusal(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(
            self.header("content-type"),
            Some("application/json"),
            "{}",
            self.head
        );
        self.json()["error"].as_str().unwrap().to_string()
    }
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

/// A chain `depth` levels deep, its nodes named `n0`, `n1`, ... (names
/// keep the ids, and so the outputs, short), ending in the leaf 1.
pub(crate) fn named_chain(depth: usize) -> String {
    let mut text = String::new();
    for level in 0..depth {
        text.push_str(&format!("n{level} [ "));
    }
    text.push('1');
    text.push_str(&" ]".repeat(depth));
    text
}
