//! The one way the tests run the built `gametree`: `gametree(ARGS)` gives a
//! builder that takes standard input, environment and a working folder,
//! then runs the binary and hands back what the test needs.

use std::ffi::OsStr;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// `gametree ARGS`, not yet run; it runs in the repository's root unless
/// [`Run::in_dir`] says otherwise.
pub(crate) fn gametree<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut command = Command::new(env!("CARGO_BIN_EXE_gametree"));
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    Run {
        command,
        stdin: Input::Empty,
    }
}

/// What a run reads on standard input.
enum Input {
    Empty,
    Bytes(Vec<u8>),
    File(PathBuf),
}

/// A run of the binary being set up.
pub(crate) struct Run {
    command: Command,
    stdin: Input,
}

/// What a finished run left: its exit code and its two outputs as text.
#[derive(Debug)]
pub(crate) struct Outcome {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

impl Run {
    /// Adds `arg` after the others.
    pub(crate) fn arg(mut self, arg: impl AsRef<OsStr>) -> Run {
        self.command.arg(arg);
        self
    }

    /// Feeds `bytes` on standard input (from a thread, so that a child that
    /// stops reading early cannot block the test); without it, standard
    /// input is empty.
    pub(crate) fn stdin(mut self, bytes: impl AsRef<[u8]>) -> Run {
        self.stdin = Input::Bytes(bytes.as_ref().to_vec());
        self
    }

    /// Gives the file at `path` itself as standard input, not a pipe.
    pub(crate) fn stdin_file(mut self, path: impl Into<PathBuf>) -> Run {
        self.stdin = Input::File(path.into());
        self
    }

    /// Sets the environment variable `key` for the run.
    pub(crate) fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Run {
        self.command.env(key, value);
        self
    }

    /// Leaves the environment variable `key` out of the run.
    pub(crate) fn env_remove(mut self, key: &str) -> Run {
        self.command.env_remove(key);
        self
    }

    /// Runs in `dir` instead of the repository's root.
    pub(crate) fn in_dir(mut self, dir: impl AsRef<Path>) -> Run {
        self.command.current_dir(dir);
        self
    }

    /// The command itself, for a test that drives the child on its own
    /// and chooses each of its pipes (a server, an endless input).
    pub(crate) fn command(self) -> Command {
        assert!(
            matches!(self.stdin, Input::Empty),
            "a spawned command is fed by its test"
        );
        self.command
    }

    /// Starts the run and leaves the child to the test (signals, a pipe
    /// closed early): standard input empty, both outputs piped.
    pub(crate) fn spawn(self) -> Child {
        self.command()
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts")
    }

    /// Runs to the end; everything the child left.
    pub(crate) fn output(mut self) -> Output {
        let stdin = match self.stdin {
            Input::Empty => Stdio::null(),
            Input::File(path) => File::open(path).expect("the input file opens").into(),
            Input::Bytes(bytes) => return fed(self.command, bytes),
        };
        self.command.stdin(stdin).output().expect("the binary runs")
    }

    /// Runs to the end; the exit code (the child must exit, not be killed)
    /// and both outputs, which must be UTF-8.
    pub(crate) fn outcome(self) -> Outcome {
        let output = self.output();
        Outcome {
            code: output
                .status
                .code()
                .expect("exited, not killed by a signal"),
            stdout: String::from_utf8(output.stdout).expect("UTF-8 on standard output"),
            stderr: String::from_utf8(output.stderr).expect("UTF-8 on standard error"),
        }
    }

    /// Runs to the end, which must be a success; standard output's bytes.
    #[track_caller]
    pub(crate) fn stdout_bytes(self) -> Vec<u8> {
        let described = format!("{:?}", self.command.get_args().collect::<Vec<_>>());
        let output = self.output();
        assert!(
            output.status.success(),
            "gametree {described} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output.stdout
    }

    /// Runs to the end, which must be a success; standard output, which
    /// must be UTF-8.
    #[track_caller]
    pub(crate) fn stdout(self) -> String {
        String::from_utf8(self.stdout_bytes()).expect("UTF-8 on standard output")
    }
}

/// Runs `command` with `bytes` fed on standard input from a thread.
fn fed(mut command: Command, bytes: Vec<u8>) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("a pipe");
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes); // the child may refuse early
    });
    let output = child.wait_with_output().expect("the binary finishes");
    feeder.join().expect("the feeder finishes");
    output
}
