//! `-o` against what may already stand at the output path: devices, FIFOs,
//! symbolic links, `-`, and files with their own permission bits. A
//! regular file is replaced atomically; nothing else is ever replaced.

mod common;

use common::{entries, gametree, scratch};

use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

const TREE: &str = "trees/aima-figure-5-2.tree";

/// The two commands that write `-o`: render and gen.
fn writers(out: &str) -> [Vec<String>; 2] {
    let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect();
    [
        owned(&["render", TREE, "--format", "dot", "-o", out]),
        owned(&[
            "gen",
            "--game",
            "random:branching=2,depth=3,seed=1",
            "-o",
            out,
        ]),
    ]
}

/// A character device like /dev/null, made with `mknod`: only root may.
fn null_device(dir: &Path) -> PathBuf {
    let path = dir.join("mynull");
    let made = Command::new("mknod")
        .arg(&path)
        .args(["c", "1", "3"])
        .output()
        .expect("mknod runs");
    assert!(
        made.status.success(),
        "mknod (the test needs root): {}",
        String::from_utf8_lossy(&made.stderr)
    );
    path
}

#[test]
#[cfg_attr(
    not(feature = "test-mounts"),
    ignore = "needs root to make a device with mknod (feature test-mounts; CI runs it as root)"
)]
fn a_device_is_written_in_place_and_stays_a_device() {
    let dir = scratch("outputs-device");
    let device = null_device(&dir);
    for args in writers(device.to_str().unwrap()) {
        gametree(&args).stdout_bytes();
        let meta = std::fs::symlink_metadata(&device).unwrap();
        assert!(
            meta.file_type().is_char_device(),
            "{args:?} replaced the device"
        );
    }
    assert_eq!(entries(&dir), ["mynull"], "no temporary left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_is_written_through_and_stays_a_fifo() {
    let dir = scratch("outputs-fifo");
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for args in writers(fifo.to_str().unwrap()) {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        gametree(&args).stdout_bytes();
        let read = reader.join().unwrap();
        let direct = gametree(&args[..args.len() - 2]).stdout_bytes();
        assert_eq!(read, direct, "{args:?}: the FIFO got the whole output");
        let meta = std::fs::symlink_metadata(&fifo).unwrap();
        assert!(meta.file_type().is_fifo(), "{args:?} replaced the FIFO");
    }
    assert_eq!(entries(&dir), ["pipe"], "no temporary left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_symbolic_link_is_followed_and_kept() {
    let dir = scratch("outputs-link");
    std::fs::create_dir(dir.join("real")).unwrap();
    std::fs::write(dir.join("real/target.dot"), "old").unwrap();
    std::os::unix::fs::symlink("real/target.dot", dir.join("link.dot")).unwrap();
    // A chain of two links, the last one dangling: the file is made.
    std::os::unix::fs::symlink("link2.dot", dir.join("chain.dot")).unwrap();
    std::os::unix::fs::symlink("real/made.dot", dir.join("link2.dot")).unwrap();
    for args in writers(dir.join("link.dot").to_str().unwrap()) {
        let direct = gametree(&args[..args.len() - 2]).stdout_bytes();
        gametree(&args).stdout_bytes();
        let link = std::fs::symlink_metadata(dir.join("link.dot")).unwrap();
        assert!(link.file_type().is_symlink(), "{args:?} replaced the link");
        assert_eq!(std::fs::read(dir.join("real/target.dot")).unwrap(), direct);
    }
    let [render, _] = writers(dir.join("chain.dot").to_str().unwrap());
    gametree(&render).stdout_bytes();
    assert!(
        std::fs::symlink_metadata(dir.join("chain.dot"))
            .unwrap()
            .is_symlink()
    );
    assert!(
        std::fs::metadata(dir.join("real/made.dot"))
            .unwrap()
            .is_file()
    );
    assert_eq!(entries(&dir.join("real")), ["made.dot", "target.dot"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_dash_is_standard_output_and_no_file_is_made() {
    let dir = scratch("outputs-dash");
    for args in writers("-") {
        let printed = gametree(&args).stdout_bytes();
        let direct = gametree(&args[..args.len() - 2]).stdout_bytes();
        assert!(!printed.is_empty());
        assert_eq!(printed, direct, "{args:?}");
    }
    assert!(!Path::new("-").exists(), "a file named - was made");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_existing_file_keeps_its_permission_bits() {
    let dir = scratch("outputs-mode");
    let path = dir.join("out.dot");
    for (args, mode) in writers(path.to_str().unwrap()).iter().zip([0o600, 0o640]) {
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        gametree(args).stdout_bytes();
        let kept = std::fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(kept, mode, "{args:?}");
        assert_ne!(std::fs::read(&path).unwrap(), b"old");
    }
    assert_eq!(entries(&dir), ["out.dot"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_temporary_left_by_a_killed_run_is_swept_by_the_next_run() {
    let dir = scratch("outputs-sweep");
    let mut ended = Command::new("true").spawn().unwrap();
    let gone = ended.id();
    ended.wait().unwrap();
    let leftover = format!(".gametree-{gone}-0.out.dot.tmp");
    std::fs::write(dir.join(&leftover), "85 MB of a killed run").unwrap();
    std::fs::write(dir.join(".other.tmp"), "not ours").unwrap();
    let [render, _] = writers(dir.join("out.dot").to_str().unwrap());
    gametree(&render).stdout_bytes();
    if Path::new("/proc/self").exists() {
        assert_eq!(entries(&dir), [".other.tmp", "out.dot"]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
