//! What a run has to undo when it is interrupted: the temporary files and
//! staging folders it created and the child processes it started.
//!
//! Everything is registered here while it exists; [`undo_all`] removes the
//! files and folders and kills the children, for a signal handler to call
//! before it ends the process. Registering and creating happen under one
//! lock, and `undo_all` hands it to its caller ([`Undone`]), who holds it
//! until the process ends, so that nothing is created after the undoing
//! began.
//!
//! A run killed outright (SIGKILL) cannot undo anything: its leftovers are
//! named with [`leftover_name`] (`.gametree-PID-...`), and the next run that
//! writes into the same folder removes those of processes that no longer
//! exist ([`sweep_leftovers`]).

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::{Mutex, MutexGuard};

/// Everything registered, by registration number.
struct Pending {
    next: u64,
    paths: Vec<(u64, PathBuf)>,
    children: Vec<(u64, Child)>,
}

static PENDING: Mutex<Pending> = Mutex::new(Pending {
    next: 0,
    paths: Vec::new(),
    children: Vec::new(),
});

fn pending() -> MutexGuard<'static, Pending> {
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A registered temporary file or folder: removed when dropped, unless
/// [`Registered::keep`] said it moved into place.
#[derive(Debug)]
pub struct Registered {
    number: u64,
    path: PathBuf,
    kept: bool,
}

impl Registered {
    /// The registered path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path was renamed into place: it is no longer removed, neither
    /// when this is dropped nor by [`undo_all`].
    pub fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        pending().paths.retain(|(n, _)| *n != self.number);
        if !self.kept {
            remove(&self.path);
        }
    }
}

/// Creates `path` with `create` (which must fail if it exists), registered
/// for removal.
pub fn create<T>(
    path: PathBuf,
    create: impl FnOnce(&Path) -> std::io::Result<T>,
) -> std::io::Result<(Registered, T)> {
    let mut pending = pending();
    let made = create(&path)?;
    let number = pending.next;
    pending.next += 1;
    pending.paths.push((number, path.clone()));
    let registered = Registered {
        number,
        path,
        kept: false,
    };
    Ok((registered, made))
}

/// Runs `work` with the registry held, so that a signal's undoing waits
/// until it ends: for a switch of files that must not stop half-way.
/// `work` must not register or drop registered things (it would wait for
/// itself).
pub fn uninterrupted<T>(work: impl FnOnce() -> T) -> T {
    let _held = pending();
    work()
}

/// A registered child process: killed by [`undo_all`] while registered.
#[derive(Debug)]
pub struct RegisteredChild {
    number: u64,
}

impl RegisteredChild {
    /// Unregisters the child and waits for it to end.
    pub fn wait(self) -> std::io::Result<std::process::ExitStatus> {
        let child = {
            let mut pending = pending();
            let at = pending.children.iter().position(|(n, _)| *n == self.number);
            at.map(|at| pending.children.swap_remove(at).1)
        };
        match child {
            Some(mut child) => child.wait(),
            None => Err(std::io::Error::other("the child was already taken")),
        }
    }
}

/// Starts `command`, registered so that [`undo_all`] kills it; `take` gets
/// the child first, to take its pipes.
pub fn spawn(
    command: &mut Command,
    take: impl FnOnce(&mut Child),
) -> std::io::Result<RegisteredChild> {
    let mut pending = pending();
    let mut child = command.spawn()?;
    take(&mut child);
    let number = pending.next;
    pending.next += 1;
    pending.children.push((number, child));
    Ok(RegisteredChild { number })
}

/// The registry, held after [`undo_all`]: nothing can be registered (and
/// so nothing created) while it lives. A signal handler keeps it until the
/// process ends.
#[must_use = "the registry is free again once this is dropped: hold it until the process ends"]
pub struct Undone {
    _held: MutexGuard<'static, Pending>,
}

impl std::fmt::Debug for Undone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Undone")
    }
}

/// Removes every registered file and folder and kills every registered
/// child, then returns the registry still held, so that nothing new is
/// created: a signal handler holds it while it ends the process. What was
/// undone is forgotten (a second call has nothing left to undo).
pub fn undo_all() -> Undone {
    let mut pending = pending();
    for (_, mut child) in pending.children.drain(..) {
        let _ = child.kill();
        let _ = child.wait();
    }
    for (_, path) in pending.paths.drain(..) {
        remove(&path);
    }
    Undone { _held: pending }
}

fn remove(path: &Path) {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            let _ = std::fs::remove_dir_all(path);
        }
        Ok(_) => {
            let _ = std::fs::remove_file(path);
        }
        Err(_) => {}
    }
}

/// The prefix of every leftover's name.
const LEFTOVER: &str = ".gametree-";

/// The name of a temporary made for `purpose` (a file name, or `frames`):
/// `.gametree-PID-N.PURPOSE.tmp`, which [`sweep_leftovers`] recognises.
pub fn leftover_name(purpose: &str, n: u64) -> String {
    format!("{LEFTOVER}{}-{n}.{purpose}.tmp", std::process::id())
}

/// The process that made a leftover named `name`, if it is one.
fn leftover_owner(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(LEFTOVER)?;
    if !rest.ends_with(".tmp") {
        return None;
    }
    let (pid, _) = rest.split_once('-')?;
    pid.parse().ok()
}

/// Whether process `pid` may still be running: `false` only when the
/// system's process table says it is gone.
fn may_be_running(pid: u32) -> bool {
    let table = Path::new("/proc");
    if !table.join("self").exists() {
        return true;
    }
    pid == std::process::id() || table.join(pid.to_string()).exists()
}

/// Removes from `folder` the leftovers of runs that ended without cleaning
/// up (killed outright): temporaries named by [`leftover_name`] whose
/// process no longer exists. Only where the system's process table can be
/// read (`/proc`); errors are ignored, as the sweep is a courtesy.
pub fn sweep_leftovers(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = leftover_owner(&name.to_string_lossy()) else {
            continue;
        };
        if !may_be_running(pid) {
            remove(&entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftover_names_tell_their_process() {
        let name = leftover_name("out.dot", 7);
        assert_eq!(leftover_owner(&name), Some(std::process::id()));
        assert_eq!(leftover_owner(".gametree-12-0.frames.tmp"), Some(12));
        assert_eq!(leftover_owner(".gametree-x-0.frames.tmp"), None);
        assert_eq!(leftover_owner(".gametree-12-0.frames"), None);
        assert_eq!(leftover_owner("gametree-12-0.frames.tmp"), None);
    }

    #[test]
    fn sweeping_removes_only_the_leftovers_of_ended_processes() {
        let dir = std::env::temp_dir().join(format!("gametree-sweep-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A process that has ended: a child that was waited for.
        let ended = Command::new("true").spawn().unwrap();
        let gone = ended.id();
        let mut ended = ended;
        ended.wait().unwrap();
        let dead_file = format!(".gametree-{gone}-0.out.dot.tmp");
        let dead_folder = format!(".gametree-{gone}-1.frames.tmp");
        let live_file = leftover_name("out.dot", 2);
        std::fs::write(dir.join(&dead_file), "old").unwrap();
        std::fs::create_dir(dir.join(&dead_folder)).unwrap();
        std::fs::write(dir.join(&dead_folder).join("frame-1.dot"), "old").unwrap();
        std::fs::write(dir.join(&live_file), "in use").unwrap();
        std::fs::write(dir.join("mine.tmp"), "not ours").unwrap();
        sweep_leftovers(&dir);
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        if Path::new("/proc/self").exists() {
            assert_eq!(left, [live_file, "mine.tmp".to_string()]);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
