//! Writing output files so that a failure never damages an existing file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` atomically: into a temporary file in the same
/// folder, then renamed over `path`. On any error the temporary file is
/// removed and an existing `path` is left as it was; readers see the old
/// file or the new one, never a part. A symbolic link at `path` is
/// replaced by the file, not written through.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// Like [`write_atomically`], with the content produced by `fill`, which
/// writes into the temporary file; an error from `fill` leaves `path` as it
/// was.
pub fn write_atomically_with(
    path: &Path,
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
    let (mut temporary, mut file) = create_temporary(folder, &name.to_string_lossy())?;
    fill(&mut file)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary.path, path)?;
    temporary.renamed = true;
    Ok(())
}

/// A temporary file, removed when dropped unless it was renamed into
/// place: on an error, and even if `fill` panics, nothing is left behind.
struct Temporary {
    path: PathBuf,
    renamed: bool,
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.renamed {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Writes in progress in this process, so that each gets its own temporary.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// Creates a new temporary file beside the output: `.NAME.PID.N.tmp`. It is
/// created afresh, never opened if it exists, so that two writes never
/// share one and a file planted under that name is never written through.
fn create_temporary(folder: &Path, name: &str) -> std::io::Result<(Temporary, std::fs::File)> {
    loop {
        let n = WRITES.fetch_add(1, Ordering::Relaxed);
        let temporary = folder.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => {
                let temporary = Temporary {
                    path: temporary,
                    renamed: false,
                };
                return Ok((temporary, file));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
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
            let name = format!(".out.dot.{}.{n}.tmp", std::process::id());
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
