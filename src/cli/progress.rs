//! A progress indicator for slow phases: a spinner on standard error,
//! shown only on a terminal and only once a phase has lasted a second.

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::ProgressBar;

/// How long a phase runs before its spinner appears.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Overrides [`QUIET_FOR`], in milliseconds (for tests).
const QUIET_FOR_VARIABLE: &str = "GAMETREE_PROGRESS_AFTER_MS";

/// How long a phase stays quiet: [`QUIET_FOR`] unless the environment says.
fn quiet_for() -> Duration {
    std::env::var(QUIET_FOR_VARIABLE)
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(QUIET_FOR, Duration::from_millis)
}

/// A phase in progress; its spinner, if shown, goes away when it is dropped.
pub(super) struct Phase {
    done: Option<Sender<()>>,
    watcher: Option<JoinHandle<()>>,
}

impl Phase {
    /// Starts a phase described by `message` (`parsing big.tree`).
    pub(super) fn start(message: String) -> Phase {
        if !std::io::stderr().is_terminal() {
            return Phase {
                done: None,
                watcher: None,
            };
        }
        let (done, finished) = mpsc::channel::<()>();
        let quiet = quiet_for();
        let watcher = std::thread::spawn(move || {
            if finished.recv_timeout(quiet) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let spinner = ProgressBar::new_spinner().with_message(message);
            spinner.enable_steady_tick(Duration::from_millis(100));
            let _ = finished.recv();
            spinner.finish_and_clear();
        });
        Phase {
            done: Some(done),
            watcher: Some(watcher),
        }
    }
}

impl Drop for Phase {
    fn drop(&mut self) {
        drop(self.done.take());
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
    }
}
