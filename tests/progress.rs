//! The progress indicator: a spinner on standard error, only on a terminal,
//! only once a phase has lasted long enough. `script` (util-linux) gives the
//! command a terminal; `GAMETREE_PROGRESS_AFTER_MS` shortens the wait.

mod common;

use std::process::Command;

use common::gametree;

/// A search long enough for the spinner's thread to start first.
const SLOW: &str = "random:branching=10,depth=8,seed=1";
/// A search far quicker than the default second.
const QUICK: &str = "random:branching=3,depth=3,seed=1";

/// Runs `gametree solve --game GAME` on a terminal; what the terminal shows
/// apart from standard output (sent to /dev/null).
fn on_a_terminal(game: &str, quiet_ms: Option<&str>) -> String {
    let binary = env!("CARGO_BIN_EXE_gametree");
    let command = format!("{binary} solve --game {game} > /dev/null");
    let mut script = Command::new("script");
    script.args(["-qec", &command, "/dev/null"]);
    match quiet_ms {
        Some(ms) => script.env("GAMETREE_PROGRESS_AFTER_MS", ms),
        None => script.env_remove("GAMETREE_PROGRESS_AFTER_MS"),
    };
    let output = script.output().expect("script (util-linux) runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_slow_phase_on_a_terminal_shows_a_spinner() {
    let shown = on_a_terminal(SLOW, Some("0"));
    assert!(shown.contains(&format!("searching {SLOW}")), "{shown:?}");
}

#[test]
fn a_quick_phase_shows_nothing() {
    let shown = on_a_terminal(QUICK, None);
    assert!(!shown.contains("searching"), "{shown:?}");
}

#[test]
fn no_spinner_off_a_terminal() {
    let output = gametree(["solve", "--game", QUICK])
        .env("GAMETREE_PROGRESS_AFTER_MS", "0")
        .output();
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "{:?}", output.stderr);
}
