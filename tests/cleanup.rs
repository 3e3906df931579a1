//! `cleanup::undo_all`: it removes what was registered, kills the children
//! and returns (ending the process is the binary's part), holding the
//! registry until its caller lets go. One test only: the registry is the
//! process's, shared by every test of this file.

use std::path::Path;
use std::process::Command;

use gametree::cleanup;

#[test]
fn undoing_removes_the_files_kills_the_children_and_returns() {
    let dir = std::env::temp_dir().join(format!("gametree-undo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("out.tmp");
    let folder = dir.join("frames.tmp");
    let (file_entry, ()) = cleanup::create(file.clone(), |p| std::fs::write(p, "half")).unwrap();
    let (folder_entry, ()) = cleanup::create(folder.clone(), |p| {
        std::fs::create_dir(p)?;
        std::fs::write(p.join("frame-1.dot"), "half")
    })
    .unwrap();
    let kept = dir.join("kept.dot");
    let (kept_entry, ()) = cleanup::create(kept.clone(), |p| std::fs::write(p, "whole")).unwrap();
    kept_entry.keep();
    let mut pid = 0;
    let child = cleanup::spawn(Command::new("sleep").arg("600"), |c| pid = c.id()).unwrap();

    let undone = cleanup::undo_all();
    assert!(!file.exists(), "the registered file is left");
    assert!(!folder.exists(), "the registered folder is left");
    assert!(kept.exists(), "a file kept (moved into place) was removed");
    if Path::new("/proc/self").exists() {
        // Killed and waited for: not even a zombie is left.
        assert!(
            !Path::new(&format!("/proc/{pid}")).exists(),
            "sleep runs on"
        );
    }
    drop(undone);

    // The undone child was taken from the registry; the registry is free
    // again, and what it forgot is not undone twice.
    assert!(child.wait().is_err());
    drop((file_entry, folder_entry));
    let again = dir.join("again.tmp");
    let (again_entry, ()) = cleanup::create(again.clone(), |p| std::fs::write(p, "x")).unwrap();
    assert!(again.exists());
    drop(again_entry);
    assert!(!again.exists(), "a registered file is removed when dropped");
    std::fs::remove_dir_all(&dir).unwrap();
}
