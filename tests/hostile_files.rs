//! Hostile files and outputs against the built binary: a folder, a
//! missing or unreadable file, outputs that cannot be written, frames
//! that fail half-way, a reader that closes the pipe. Each must end with a
//! clear message and its exit code, and leave what was there untouched.

mod common;

use std::path::PathBuf;

use common::{assert_refused, gametree};

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    common::scratch(&format!("hostile-{test}"))
}

#[test]
fn a_directory_a_missing_file_and_an_unreadable_file_are_named() {
    let dir = scratch("unreadable");
    let file = dir.join("plain.tree");
    std::fs::write(&file, "[1 2]").unwrap();
    let through_a_file = file.join("child.tree"); // ENOTDIR, even for root
    let cases = [
        (dir.clone(), "is a directory, not a file"),
        (dir.join("missing.tree"), "cannot read"),
        (through_a_file, "cannot read"),
    ];
    for (path, words) in cases {
        let name = path.to_str().unwrap();
        let outcome = gametree(["solve", name]).outcome();
        assert_refused(&outcome, &format!("{name}: "), words);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_that_exists_but_cannot_be_read_is_named() {
    // Reading /proc/self/mem from its start fails (the page is unmapped)
    // whoever runs the test, unlike a file with its permissions removed.
    let outcome = gametree(["solve", "/proc/self/mem"]).outcome();
    assert_refused(&outcome, "/proc/self/mem: cannot read: ", "(os error");
}

/// Commands that write files, each given its output path: a bad tree, a
/// missing folder or an output that is a folder exits 2 and leaves what was
/// there untouched, with nothing left behind.
#[test]
fn failed_writes_leave_existing_outputs_untouched() {
    let dir = scratch("outputs");
    let tree = dir.join("good.tree");
    std::fs::write(&tree, "[[3 12 8] [2 4 6]]").unwrap();
    let bad = dir.join("bad.tree");
    std::fs::write(&bad, "[[3 12 8] [2 4").unwrap();
    let (tree, bad) = (tree.to_str().unwrap(), bad.to_str().unwrap());
    let out = dir.join("out.dot");
    std::fs::write(&out, "old").unwrap();
    let out_name = out.to_str().unwrap().to_string();
    let folder_out = dir.join("a-folder");
    std::fs::create_dir(&folder_out).unwrap();
    let folder_name = folder_out.to_str().unwrap().to_string();
    let missing = dir.join("missing/out.dot").to_str().unwrap().to_string();
    let game = "random:branching=2,depth=2,seed=1";
    let cases: Vec<Vec<&str>> = vec![
        vec!["render", bad, "-o", &out_name],
        vec!["render", tree, "-o", &folder_name, "--format", "dot"],
        vec!["render", tree, "-o", &missing],
        vec!["gen", "--game", "random:branching=2", "-o", &out_name],
        vec!["gen", "--game", game, "-o", &folder_name],
        vec!["gen", "--game", game, "-o", &missing],
    ];
    let before = common::entries(&dir);
    for args in cases {
        let outcome = gametree(&args).outcome();
        assert_eq!(outcome.code, 2, "{args:?}: {}", outcome.stderr);
        assert!(
            outcome.stderr.starts_with("error: "),
            "{args:?}: {}",
            outcome.stderr
        );
        assert!(!outcome.stderr.contains("panicked"), "{}", outcome.stderr);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "old", "{args:?}");
        assert_eq!(
            common::entries(&dir),
            before,
            "{args:?} left something behind"
        );
        assert!(common::entries(&folder_out).is_empty(), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--frames` into a folder of earlier frames: a bad tree leaves them as
/// they were, and no temporary folder stays behind.
#[test]
fn failed_frames_leave_earlier_frames_untouched() {
    let dir = scratch("frames");
    let frames = dir.join("frames");
    std::fs::create_dir(&frames).unwrap();
    std::fs::write(frames.join("frame-01.dot"), "old frame").unwrap();
    let bad = dir.join("bad.tree");
    std::fs::write(&bad, "[[1 2] [3 ?]]").unwrap();
    let args = [
        "render",
        bad.to_str().unwrap(),
        "--algo",
        "minimax",
        "--format",
        "dot",
        "--frames",
        frames.to_str().unwrap(),
    ];
    let before = common::entries(&dir);
    let outcome = gametree(args).outcome();
    assert_refused(&outcome, bad.to_str().unwrap(), "unknown value");
    assert_eq!(common::entries(&dir), before);
    assert_eq!(common::entries(&frames), ["frame-01.dot"]);
    let old = std::fs::read_to_string(frames.join("frame-01.dot")).unwrap();
    assert_eq!(old, "old frame");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_pipe_ends_the_output_and_keeps_the_verdict() {
    let dir = std::env::temp_dir().join(format!("gametree-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tree = dir.join("t.tree");
    let answers = dir.join("wrong.txt");
    std::fs::write(&tree, "[[3 12 8] [2 4 6] [14 5 2]]\n").unwrap();
    // More failing lines than a pipe holds, so that the write meets the
    // closed pipe whenever the reader closes it.
    std::fs::write(&answers, "expect value 99\n".repeat(5000)).unwrap();
    let mut child = gametree(["check"]).arg(&tree).arg(&answers).spawn();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "the verdict: {stderr}");
    assert!(stderr.is_empty(), "no message about the pipe: {stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}
