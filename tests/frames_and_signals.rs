//! Frames written as a set (an obstacle half-way, concurrent renders) and
//! runs interrupted by SIGINT, SIGTERM or SIGHUP, which must remove what
//! they created, kill their `dot` children and exit 128 + the signal.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use common::{entries, gametree};

const LECTURE: &str = "trees/lecture-a-to-v.tree";
const AIMA: &str = "trees/aima-figure-5-2.tree";

/// A fresh folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-frames-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The frames of `tree`, rendered alone into a fresh folder: name and
/// content.
fn frames_alone(scratch: &Path, tree: &str) -> Vec<(String, Vec<u8>)> {
    let dir = scratch.join("alone");
    let dir_arg = dir.to_str().unwrap();
    let status = gametree(["render", tree, "--frames", dir_arg])
        .output()
        .status;
    assert!(status.success());
    let set = frame_set(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    set
}

fn frame_set(dir: &Path) -> Vec<(String, Vec<u8>)> {
    entries(dir)
        .into_iter()
        .filter(|name| name.starts_with("frame-"))
        .map(|name| {
            let bytes = std::fs::read(dir.join(&name)).unwrap_or_default();
            (name, bytes)
        })
        .collect()
}

#[test]
fn an_obstacle_half_way_leaves_the_earlier_set_whole() {
    let scratch = scratch("obstacle");
    let dir = scratch.join("FR");
    std::fs::create_dir(&dir).unwrap();
    let old: Vec<(String, Vec<u8>)> = (1..=89)
        .map(|n| (format!("frame-{n:03}.dot"), format!("old {n}").into_bytes()))
        .collect();
    for (name, bytes) in &old {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let new = frames_alone(&scratch, LECTURE);
    assert!(new.len() > 6, "enough frames to fail half-way");
    let obstacle = &new[new.len() / 2].0;
    std::fs::remove_file(dir.join(obstacle)).unwrap();
    std::fs::create_dir(dir.join(obstacle)).unwrap();
    std::fs::write(dir.join(obstacle).join("keep"), "mine").unwrap();
    let output = gametree(["render", LECTURE, "--frames", dir.to_str().unwrap()]).output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(obstacle.as_str()),
        "names the path: {stderr}"
    );
    let mut expected = old.clone();
    expected.retain(|(name, _)| name != obstacle);
    expected.push((obstacle.clone(), Vec::new()));
    expected.sort();
    assert_eq!(frame_set(&dir), expected, "the earlier set, untouched");
    assert!(
        entries(&dir)
            .iter()
            .all(|name| !name.starts_with(".gametree-"))
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(obstacle).join("keep")).unwrap(),
        "mine"
    );
    // Without the obstacle, the new set replaces the old one whole.
    std::fs::remove_dir_all(dir.join(obstacle)).unwrap();
    let status = gametree(["render", LECTURE, "--frames", dir.to_str().unwrap()])
        .output()
        .status;
    assert!(status.success());
    assert_eq!(frame_set(&dir), new);
    assert_eq!(entries(&dir).len(), new.len(), "nothing else left");
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn concurrent_renders_into_one_folder_leave_one_complete_set() {
    let scratch = scratch("concurrent");
    let trees = [LECTURE, AIMA, "trees/deep-cut.tree"];
    let sets: Vec<_> = trees
        .iter()
        .map(|tree| frames_alone(&scratch, tree))
        .collect();
    let dir = scratch.join("FR");
    for round in 0..6 {
        let children: Vec<Child> = (0..9)
            .map(|i| {
                let tree = trees[(i + round) % trees.len()];
                gametree(["render", tree, "--frames"]).arg(&dir).spawn()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(output.status.success(), "round {round}: {stderr}");
        }
        let found = frame_set(&dir);
        assert!(sets.contains(&found), "round {round}: a mix of sets");
        assert_eq!(entries(&dir).len(), found.len(), "round {round}: leftovers");
    }
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// A stand-in for `dot` that writes its PID into `bin/pids`; from its
/// second call on (the frames) it sleeps long: the run is interrupted
/// while it waits.
fn slow_dot(bin: &Path) -> PathBuf {
    let script = bin.join("dot");
    let pids = bin.join("pids");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nPATH=/usr/bin:/bin\necho $$ >> '{0}'\n\
             if [ $(wc -l < '{0}') -ge 2 ]; then exec sleep 30; fi\n\
             cat >/dev/null\necho '<svg/>'\n",
            pids.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    pids
}

/// Waits until `ready` holds (at most 20 s).
fn wait_for(what: &str, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < Duration::from_secs(20), "never: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([format!("-{name}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

fn is_running(pid: &str) -> bool {
    // A zombie (state Z) has ended; it waits only for its parent to reap it.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z'),
        Err(_) => false,
    }
}

#[test]
fn an_interrupted_render_kills_dot_and_leaves_nothing() {
    if !Path::new("/proc/self").exists() {
        return;
    }
    for (name, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let scratch = scratch(&format!("signal-{name}"));
        let bin = scratch.join("bin");
        std::fs::create_dir(&bin).unwrap();
        let pids = slow_dot(&bin);
        let dir = scratch.join("FR");
        std::fs::create_dir(&dir).unwrap();
        std::fs::write(dir.join("frame-001.svg"), "old").unwrap();
        let args = [
            "render", AIMA, "--format", "svg", "--engine", "graphviz", "--frames",
        ];
        let child = gametree(args).arg(&dir).env("PATH", &bin).spawn();
        let lines = || std::fs::read_to_string(&pids).unwrap_or_default();
        wait_for("dot started on a frame", || lines().lines().count() >= 2);
        signal(&child, name);
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(code), "SIG{name}");
        assert_eq!(entries(&dir), ["frame-001.svg"], "SIG{name}: leftovers");
        let pid = lines().lines().nth(1).unwrap().to_string();
        wait_for("dot killed", || !is_running(&pid));
        std::fs::remove_dir_all(&scratch).unwrap();
    }
}

#[test]
fn an_interrupted_gen_removes_its_temporary_file() {
    let scratch = scratch("signal-gen");
    let out = scratch.join("g.tree");
    std::fs::write(&out, "old").unwrap();
    let game = "random:branching=10,depth=9,seed=1";
    let child = gametree(["gen", "--game", game, "-o"]).arg(&out).spawn();
    wait_for("the temporary file has content", || {
        entries(&scratch).iter().any(|name| {
            name.starts_with(".gametree-")
                && std::fs::metadata(scratch.join(name)).is_ok_and(|m| m.len() > 0)
        })
    });
    signal(&child, "TERM");
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(143));
    assert_eq!(entries(&scratch), ["g.tree"], "no temporary left");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// Mounts made for one test, unmounted (innermost first) when it ends,
/// passed or failed.
struct Mounts(Vec<PathBuf>);

impl Mounts {
    fn run(args: &[&str]) {
        let status = Command::new("mount").args(args).status().unwrap();
        assert!(status.success(), "mount {args:?} (the test runs as root)");
    }

    fn tmpfs(&mut self, at: &Path) {
        Mounts::run(&[
            "-t",
            "tmpfs",
            "-o",
            "size=64m",
            "gametree-test",
            at.to_str().unwrap(),
        ]);
        self.0.push(at.to_path_buf());
    }
}

impl Drop for Mounts {
    /// Unmounts each, innermost first. A mount was once found busy just
    /// after the test was done with it, on a loaded machine, and free a
    /// moment later (a process forked by another test thread holds copies
    /// of the open descriptors until it execs), so each is tried again
    /// for a while, then detached lazily.
    fn drop(&mut self) {
        let umount = |args: &[&str], at: &Path| {
            Command::new("umount")
                .args(args)
                .arg(at)
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        for at in self.0.iter().rev() {
            let unmounted = (0..50).any(|_| {
                umount(&[], at) || {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                    false
                }
            });
            if !unmounted {
                umount(&["-l"], at);
            }
        }
    }
}

/// A folder that is a mount point, inside a read-only file system: the
/// staging folder must be made inside the folder itself (a rename from
/// beside it would cross devices, and its parent takes no new entry).
#[test]
#[cfg_attr(
    not(feature = "test-mounts"),
    ignore = "needs root and mount (feature test-mounts)"
)]
fn frames_into_a_mount_point_under_a_read_only_parent() {
    let scratch = scratch("mounts");
    let parent = scratch.join("parent");
    std::fs::create_dir(&parent).unwrap();
    let mut mounts = Mounts(Vec::new());
    mounts.tmpfs(&parent);
    let dir = parent.join("FR");
    std::fs::create_dir(&dir).unwrap();
    mounts.tmpfs(&dir);
    Mounts::run(&["-o", "remount,ro", parent.to_str().unwrap()]);
    assert!(
        std::fs::write(parent.join("probe"), "x").is_err(),
        "the parent is read-only, even to root"
    );
    std::fs::write(dir.join("frame-999.dot"), "old").unwrap();

    for tree in [AIMA, LECTURE] {
        let output = gametree(["render", tree, "--frames", dir.to_str().unwrap()]).output();
        assert!(
            output.status.success(),
            "{tree}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let names = entries(&dir);
        assert!(
            names.iter().all(|name| name.starts_with("frame-")),
            "{names:?}"
        );
        assert!(
            !names.contains(&"frame-999.dot".to_string()),
            "the old set went"
        );
        let expected = frames_alone(&scratch, tree);
        assert_eq!(frame_set(&dir), expected, "{tree}: the new set, whole");
    }
    drop(mounts);
    std::fs::remove_dir_all(&scratch).unwrap();
}
