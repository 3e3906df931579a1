//! `--threads` is honoured by every subcommand that searches: on one
//! thread with full brothers the parallel search is sequential alpha-beta,
//! so each subcommand gives alpha-beta's output; on two it refuses to
//! record a trace, naming the flags that would.

mod common;

const LECTURE: &str = "trees/lecture-a-to-v.tree";

/// The standard output of a command that must succeed.
fn stdout_of(args: &[&str]) -> String {
    let output = common::gametree(args).output();
    assert!(
        output.status.success(),
        "gametree {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// `subcommand` on the lecture tree with the parallel search on one thread
/// prints what it prints with alpha-beta.
fn one_thread_is_alphabeta(subcommand: &str) {
    let parallel = stdout_of(&[subcommand, LECTURE, "--algo", "parallel", "--threads", "1"]);
    let alphabeta = stdout_of(&[subcommand, LECTURE, "--algo", "alphabeta"]);
    assert_eq!(parallel.replace("parallel", "alphabeta"), alphabeta);
}

/// `subcommand` with the parallel search on two threads is refused with
/// the hint to use one.
fn two_threads_cannot_record(subcommand: &str) {
    let output =
        common::gametree([subcommand, LECTURE, "--algo", "parallel", "--threads", "2"]).output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("with --threads 1 --young-brothers full (here --threads 2"),
        "{stderr}"
    );
}

#[test]
fn solve_honours_threads() {
    one_thread_is_alphabeta("solve");
    // The lecture tree leaves U and V unknown, which two threads may reach
    // speculatively: AIMA's tree has every leaf.
    let aima = "trees/aima-figure-5-2.tree";
    let two = stdout_of(&["solve", aima, "--algo", "parallel", "--threads", "2"]);
    assert!(two.contains("value: 3"), "{two}");
    assert!(two.contains("records them only with --threads 1"), "{two}");
}

#[test]
fn trace_honours_threads() {
    one_thread_is_alphabeta("trace");
    two_threads_cannot_record("trace");
}

#[test]
fn render_honours_threads() {
    one_thread_is_alphabeta("render");
    two_threads_cannot_record("render");
}

#[test]
fn check_honours_threads() {
    one_thread_is_alphabeta("check");
    two_threads_cannot_record("check");
}

/// The library refuses the same trace in its own words, with the same
/// sentence around them as the command line's (one sentence, written once).
#[test]
fn the_library_refuses_a_many_thread_trace_in_the_same_sentence() {
    use gametree::search::{Algorithm, Options, YoungBrothers, search};
    let text = std::fs::read_to_string(LECTURE).unwrap();
    let tree = gametree::syntax::parse("lecture", &text).unwrap();
    let options = Options {
        threads: 2,
        young_brothers: Some(YoungBrothers::Scout),
        ..Options::default()
    };
    let mut trace = gametree::trace::Trace::new();
    let error = search(&tree, Algorithm::Parallel, options, &mut trace).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the parallel search records a trace only where it is sequential alpha-beta, on one \
         thread with full brothers (here 2 threads, scout brothers): on more threads each run \
         takes a different path, and scout's null-window tests are not alpha-beta's steps"
    );
}

#[test]
fn more_threads_than_a_search_runs_on_are_refused_before_any_is_made() {
    use gametree::search::{Algorithm, MAX_THREADS, Options, SearchError, search};
    use gametree::trace::NoRecorder;
    let tree = gametree::syntax::parse("t", "[[3 12 8] [2 4 6] [14 5 2]]").unwrap();
    let options = |threads| Options {
        threads,
        ..Options::default()
    };
    let refused = search(
        &tree,
        Algorithm::Parallel,
        options(10 * MAX_THREADS),
        &mut NoRecorder,
    );
    assert!(
        matches!(refused, Err(SearchError::TooManyThreads { threads, most })
            if threads == 10 * MAX_THREADS && most == MAX_THREADS),
        "{refused:?}"
    );
    let searched = search(&tree, Algorithm::Parallel, options(2), &mut NoRecorder).unwrap();
    assert_eq!(searched.score.value, gametree::value::Value::from(3));
    let outcome =
        common::gametree(["solve", LECTURE, "--algo", "parallel", "--threads", "65536"]).outcome();
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
}
