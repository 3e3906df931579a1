//! Reading and solving a ten-million-leaf file, against a yardstick: a
//! hand-written byte scanner that fills plain arrays, and alpha-beta over
//! those arrays. Prints a table of times per phase, MB/s and ratios, and
//! the peak memory of `gametree solve --stats` on the same file.
//!
//! Then the same trees on one line and one node per line, whose reading
//! times must stay close (reading is linear whatever the line length).
//!
//! Run with `cargo bench --bench large_file`. The file is written by
//! `gametree gen --game random:branching=10,depth=7,seed=1` (11.1 million
//! nodes, static values on interior nodes) to `target/bench-data/` on first
//! use. Set
//! `GAMETREE_BIG_FILE` to measure another file.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use gametree::search::{Algorithm, Options, search};
use gametree::syntax::{Limits, parse_unbuilt};
use gametree::trace::NoRecorder;

mod yardstick;

const ROUNDS: usize = 5;

/// The game whose file is measured: ten million leaves.
const SPEC: &str = "random:branching=10,depth=7,seed=1";

fn main() {
    let path = big_file();
    let size = std::fs::metadata(&path).expect("the file exists").len() as f64;
    let mut ours = Phases::default();
    let mut theirs = Phases::default();
    let mut values = (String::new(), String::new());
    for _ in 0..ROUNDS {
        values.0 = ours.keep_best(measure_gametree(&path));
        values.1 = theirs.keep_best(yardstick::measure(&path));
    }
    assert_eq!(values.0, values.1, "both find the same root value");
    println!("file: {} ({:.1} MB)", path.display(), size / 1e6);
    println!("best of {ROUNDS} rounds, side by side, in seconds");
    println!(
        "{:<24} {:>10} {:>10} {:>7}",
        "phase", "gametree", "yardstick", "ratio"
    );
    for (name, a, b) in [
        ("read", ours.read, theirs.read),
        (
            "parse + build",
            ours.parse + ours.build,
            theirs.parse + theirs.build,
        ),
        ("  parse", ours.parse, theirs.parse),
        ("  build", ours.build, theirs.build),
        ("search (alpha-beta)", ours.search, theirs.search),
        ("end to end", ours.total(), theirs.total()),
    ] {
        // The yardstick has no build phase of its own: no ratio there.
        let ratio = match b.is_zero() {
            true => "-".to_string(),
            false => format!("{:.2}", a.as_secs_f64() / b.as_secs_f64()),
        };
        println!(
            "{name:<24} {:>10.3} {:>10.3} {ratio:>7}",
            a.as_secs_f64(),
            b.as_secs_f64()
        );
    }
    let load = (ours.read + ours.parse + ours.build).as_secs_f64();
    println!(
        "gametree read + parse + build: {:.0} MB/s",
        size / 1e6 / load
    );
    println!("root value: {}", values.0);
    print_peak_memory(&path);
    print_line_shapes(&path);
}

/// Reading time does not depend on line length: the same trees written on
/// one line and one node per line, read (parse + build) best of 3.
fn print_line_shapes(path: &PathBuf) {
    let text = std::fs::read_to_string(path).unwrap();
    let unknowns = 10_000_000;
    let named = 1_000_000;
    // Three copies of the big file under one root: about 100 MB.
    let tripled = format!("[{}]", [text.as_str(); 3].join(" "));
    let shapes = [
        (
            "the big file x3",
            tripled.replace('\n', " "),
            tripled.replace(' ', "\n"),
        ),
        (
            "10M `?` leaves",
            format!("[{}]", "? ".repeat(unknowns)),
            format!("[\n{}]", "?\n".repeat(unknowns)),
        ),
        (
            "1M named leaves",
            format!("[{}]", named_leaves(named, " ")),
            format!("[\n{}]", named_leaves(named, "\n")),
        ),
    ];
    println!("reading by line shape, best of 3, in seconds");
    println!(
        "{:<18} {:>9} {:>10} {:>14} {:>7}",
        "tree", "MB", "one line", "node per line", "ratio"
    );
    drop(tripled);
    for (name, one_line, per_line) in shapes {
        let (a, b) = best_reads(&one_line, &per_line);
        println!(
            "{name:<18} {:>9.1} {:>10.3} {:>14.3} {:>7.2}",
            one_line.len() as f64 / 1e6,
            a.as_secs_f64(),
            b.as_secs_f64(),
            a.as_secs_f64() / b.as_secs_f64()
        );
    }
}

/// `X0 = 1`, `X1 = 1`, ... separated by `separator`.
fn named_leaves(count: usize, separator: &str) -> String {
    let mut text = String::new();
    for i in 0..count {
        text.push_str(&format!("X{i} = 1{separator}"));
    }
    text
}

/// The best of three times to parse and build each text, the two read in
/// turn so that neither pays alone for the allocator's first growth.
fn best_reads(one: &str, other: &str) -> (Duration, Duration) {
    let read = |text: &str| {
        let start = Instant::now();
        let tree = parse_unbuilt("shape", text, &Limits::default())
            .unwrap()
            .build();
        let elapsed = start.elapsed();
        drop(tree);
        elapsed
    };
    let mut best = (Duration::MAX, Duration::MAX);
    for _ in 0..3 {
        best.0 = best.0.min(read(one));
        best.1 = best.1.min(read(other));
    }
    best
}

/// Times of one run, phase by phase.
#[derive(Clone, Copy, Debug, Default)]
struct Phases {
    read: Duration,
    parse: Duration,
    build: Duration,
    search: Duration,
}

impl Phases {
    fn total(&self) -> Duration {
        self.read + self.parse + self.build + self.search
    }

    /// Keeps the faster of each phase; passes the value through.
    fn keep_best(&mut self, (run, value): (Phases, String)) -> String {
        let best = |a: Duration, b: Duration| if a.is_zero() { b } else { a.min(b) };
        self.read = best(self.read, run.read);
        self.parse = best(self.parse, run.parse);
        self.build = best(self.build, run.build);
        self.search = best(self.search, run.search);
        value
    }
}

fn measure_gametree(path: &PathBuf) -> (Phases, String) {
    let start = Instant::now();
    let text = std::fs::read_to_string(path).unwrap();
    let read = start.elapsed();
    let builder = parse_unbuilt("big", &text, &Limits::default()).unwrap();
    let parse = start.elapsed() - read;
    drop(text);
    let tree = builder.build();
    let build = start.elapsed() - read - parse;
    let result = search(
        &tree,
        Algorithm::AlphaBeta,
        Options::default(),
        &mut NoRecorder,
    )
    .unwrap();
    let search = start.elapsed() - read - parse - build;
    let phases = Phases {
        read,
        parse,
        build,
        search,
    };
    (phases, result.score.value.to_string())
}

fn print_peak_memory(path: &PathBuf) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["solve", "--stats"])
        .arg(path)
        .output()
        .expect("gametree runs");
    let text = String::from_utf8_lossy(&output.stdout);
    match text.lines().find(|l| l.starts_with("peak memory")) {
        Some(line) => println!("gametree solve --stats: {line}"),
        None => println!("gametree solve --stats printed no peak memory"),
    }
}

/// The benchmark file, written on first use by `gametree gen`.
fn big_file() -> PathBuf {
    if let Ok(path) = std::env::var("GAMETREE_BIG_FILE") {
        return PathBuf::from(path);
    }
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    let path = folder.join(format!("{}.tree", SPEC.replace([':', ',', '='], "-")));
    if !path.exists() {
        std::fs::create_dir_all(&folder).unwrap();
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(["gen", "--game", SPEC, "-o"])
            .arg(&path)
            .status()
            .expect("gametree runs");
        assert!(status.success(), "gametree gen wrote the file");
    }
    path
}
