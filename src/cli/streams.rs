//! Standard output and standard error as every command writes them. A
//! reader that goes away early (`| head -1`, `| true`) ends what is shown,
//! never the command: it finishes its work and exits with the code it
//! would have given had everything been read, so the code never depends on
//! when the reader left (docs/robustness.md, "Exit codes and pipes").

use std::fmt::Display;
use std::io::{self, ErrorKind, Write};

/// A writer whose reader may go away: once a write meets a closed pipe,
/// this and every later write succeed without writing anything. Other
/// errors (a full disk) are returned as they come.
#[derive(Debug)]
pub(crate) struct Discarding<W> {
    inner: W,
    closed: bool,
}

impl<W: Write> Discarding<W> {
    /// Writes to `inner` until its reader goes away.
    pub(crate) fn new(inner: W) -> Discarding<W> {
        Discarding {
            inner,
            closed: false,
        }
    }

    /// `result`, unless it is the news that the reader went away: then
    /// `done`, and nothing is written from now on.
    fn unless_closed<T>(&mut self, result: io::Result<T>, done: T) -> io::Result<T> {
        match result {
            Err(e) if e.kind() == ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(done)
            }
            other => other,
        }
    }
}

impl<W: Write> Write for Discarding<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        let result = self.inner.write(buf);
        self.unless_closed(result, buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self.inner.flush();
        self.unless_closed(result, ())
    }
}

/// Standard output, locked, for a command's output.
pub(crate) fn stdout() -> Discarding<io::StdoutLock<'static>> {
    Discarding::new(io::stdout().lock())
}

/// Writes `message` and a line end on standard error in one write, and
/// nothing if it cannot: a message nobody can read changes nothing (where
/// `eprintln!` would panic on a closed standard error).
pub(crate) fn tell(message: impl Display) {
    let _ = io::stderr().write_all(format!("{message}\n").as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `accepted` bytes, then fails every write with `error`.
    struct Failing {
        accepted: usize,
        error: ErrorKind,
        written: Vec<u8>,
    }

    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let room = self.accepted - self.written.len();
            if room == 0 {
                return Err(self.error.into());
            }
            let n = room.min(buf.len());
            self.written.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_ends_the_writing_and_no_error_follows() {
        let failing = Failing {
            accepted: 4,
            error: ErrorKind::BrokenPipe,
            written: Vec::new(),
        };
        let mut out = Discarding::new(failing);
        out.write_all(b"one two three").unwrap();
        out.write_all(b" four").unwrap();
        out.flush().unwrap();
        assert!(out.closed);
        assert_eq!(out.inner.written, b"one ");
    }

    #[test]
    fn other_errors_are_returned() {
        let failing = Failing {
            accepted: 0,
            error: ErrorKind::StorageFull,
            written: Vec::new(),
        };
        let mut out = Discarding::new(failing);
        let error = out.write_all(b"x").unwrap_err();
        assert_eq!(error.kind(), ErrorKind::StorageFull);
        assert!(!out.closed);
    }
}
