//! Writing output files so that a failure never damages an existing file,
//! and writing to a device or a pipe never replaces it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::cleanup::{self, Registered};

/// Writes `bytes` to `path`; see [`write_atomically_with`].
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// Writes what `fill` writes to `path`, as the file at `path` requires:
///
/// - a regular file, or none yet, is replaced atomically: the content goes
///   into a temporary file in the same folder, which is then renamed over
///   `path`. On any error (or a panic in `fill`) the temporary file is
///   removed and an existing `path` is left as it was; readers see the old
///   file or the new one, never a part. An existing file's permission bits
///   (and, where allowed, its owner) carry over to the new one.
/// - a device, a FIFO or a socket is written in place, as a shell's `>`
///   would, and never replaced.
/// - a symbolic link is followed: the file it points to is written (or
///   replaced) as above, and the link stays.
///
/// Temporary files are named `.gametree-PID-N.NAME.tmp`; they are
/// registered with [`crate::cleanup`], and those of runs killed outright are
/// swept before a new one is made in the same folder.
pub fn write_atomically_with(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let target = follow_links(path)?;
    match std::fs::metadata(&target) {
        Ok(meta) if meta.is_file() => replace(&target, Some(&meta), fill),
        Ok(meta) if meta.is_dir() => Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "is a folder",
        )),
        Ok(_) => write_in_place(&target, fill),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => replace(&target, None, fill),
        Err(e) => Err(e),
    }
}

/// The most symbolic links followed in a row, as the system's own limit.
const MAX_LINKS: usize = 40;

/// `path` with every symbolic link at its end followed (the target may not
/// exist yet).
fn follow_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Writes into a device, FIFO or socket where it stands.
fn write_in_place(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).open(path)?;
    fill(&mut file)?;
    file.flush()
}

/// Replaces the regular file at `path` (or makes it) through a temporary
/// file renamed over it.
fn replace(
    path: &Path,
    existing: Option<&std::fs::Metadata>,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the output path names no file",
        )
    })?;
    cleanup::sweep_leftovers(folder);
    let (temporary, mut file) = create_temporary(folder, &name.to_string_lossy())?;
    if let Some(meta) = existing {
        keep_owner_and_mode(&file, meta)?;
    }
    fill(&mut file)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(temporary.path(), path)?;
    temporary.keep();
    Ok(())
}

/// Gives the new file the old one's permission bits, and its owner when the
/// process may (as root); a refused change of owner is not an error.
fn keep_owner_and_mode(file: &std::fs::File, old: &std::fs::Metadata) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let new = file.metadata()?;
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
        }
    }
    file.set_permissions(old.permissions())
}

/// Temporaries made by this process, so that each gets its own name.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// Creates a new temporary file beside the output. It is created afresh,
/// never opened if it exists, so that two writes never share one and a
/// file planted under that name is never written through.
fn create_temporary(folder: &Path, name: &str) -> std::io::Result<(Registered, std::fs::File)> {
    loop {
        let n = WRITES.fetch_add(1, Ordering::Relaxed);
        let temporary = folder.join(cleanup::leftover_name(name, n));
        let created = cleanup::create(temporary, |path| {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
        });
        match created {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test.
    fn folder(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gametree-output-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_alone() {
        let dir = folder("failed");
        let path = dir.join("out.dot");
        std::fs::write(&path, "old").unwrap();
        let failed = write_atomically_with(&path, |file| {
            file.write_all(b"half")?;
            Err(std::io::Error::other("rendering failed"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(entries(&dir), ["out.dot"], "no temporary left");
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(entries(&dir), ["out.dot"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_panic_while_writing_leaves_the_old_file_and_no_temporary() {
        let dir = folder("panic");
        let path = dir.join("out.svg");
        std::fs::write(&path, "old").unwrap();
        let panicked = std::panic::catch_unwind(|| {
            write_atomically_with(&path, |file| {
                file.write_all(b"half")?;
                panic!("a bug while rendering");
            })
        });
        assert!(panicked.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(entries(&dir), ["out.svg"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_or_a_missing_folder_is_refused_and_left_as_it_was() {
        let dir = folder("refused");
        std::fs::create_dir(dir.join("taken")).unwrap();
        std::fs::write(dir.join("taken").join("inside"), "kept").unwrap();
        assert!(write_atomically(&dir.join("taken"), b"new").is_err());
        assert_eq!(
            std::fs::read_to_string(dir.join("taken/inside")).unwrap(),
            "kept"
        );
        assert!(write_atomically(&dir.join("no/such/folder/out.dot"), b"new").is_err());
        assert!(write_atomically(Path::new("/"), b"new").is_err());
        assert_eq!(entries(&dir), ["taken"], "no temporary left");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_planted_at_a_temporary_name_is_not_written_through() {
        let dir = folder("planted");
        let path = dir.join("out.dot");
        let next = WRITES.load(Ordering::Relaxed);
        let mut planted = Vec::new();
        for n in next..next + 50 {
            let name = cleanup::leftover_name("out.dot", n);
            std::fs::write(dir.join(&name), "planted").unwrap();
            planted.push(name);
        }
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        for name in &planted {
            let kept = std::fs::read_to_string(dir.join(name)).unwrap();
            assert_eq!(kept, "planted", "{name}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writes_to_one_file_from_many_threads_never_mix() {
        let dir = folder("threads");
        let path = dir.join("frame.svg");
        let contents: Vec<Vec<u8>> = (0..8u8).map(|i| vec![b'a' + i; 64 * 1024]).collect();
        std::thread::scope(|scope| {
            for content in &contents {
                let path = &path;
                scope.spawn(move || {
                    for _ in 0..10 {
                        write_atomically(path, content).unwrap();
                    }
                });
            }
        });
        let written = std::fs::read(&path).unwrap();
        assert!(contents.contains(&written), "a mix of writes");
        assert_eq!(entries(&dir), ["frame.svg"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
