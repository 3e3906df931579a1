//! Long work off the interpreter: each call runs on a thread of its own,
//! with the interpreter's lock released, while the calling thread looks
//! for signals every few tens of milliseconds. On Ctrl-C it sets the
//! search's stop flag, waits for the search to stop at its next interior
//! node, and raises `KeyboardInterrupt`. A panic becomes an exception.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use gametree::search::Stop;
use gametree::stack::stack_bytes_for_depth;
use gametree::tree::MAX_DEPTH;
use pyo3::prelude::*;

use crate::errors::{Failure, internal_error};

/// How often the calling thread looks for signals while the work runs.
const SIGNALS_EVERY: Duration = Duration::from_millis(20);

thread_local! {
    /// The stop flag of the calls made from this thread: one at a time,
    /// since a call returns only once its work has ended.
    static STOP: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
}

/// Runs `work` on a thread whose stack holds the deepest tree the reader
/// accepts (the reader, the searches and the views recurse once a level),
/// with the interpreter's lock released; `work` is given the stop to put
/// in its searches' options.
pub(crate) fn run<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    F: FnOnce(Stop) -> Result<T, Failure> + Send,
    T: Send,
{
    let flag = STOP.with(|flag| *flag);
    flag.store(false, Ordering::Relaxed);
    let stop = Stop::new(flag);
    let (sender, receiver) = mpsc::channel();
    let receiver = Mutex::new(receiver);
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("gametree".to_string())
            .stack_size(stack_bytes_for_depth(MAX_DEPTH))
            .spawn_scoped(scope, move || {
                let outcome = catch_unwind(AssertUnwindSafe(|| work(stop)));
                let _ = sender.send(outcome);
            })
            .map_err(|e| internal_error(&format!("cannot start a thread: {e}")))?;
        loop {
            let received = py.detach(|| {
                let receiver = receiver.lock().unwrap_or_else(|e| e.into_inner());
                receiver.recv_timeout(SIGNALS_EVERY)
            });
            match received {
                Ok(Ok(result)) => return result.map_err(|failure| failure.into_py_err(py)),
                Ok(Err(panic)) => return Err(internal_error(&panic_message(&*panic))),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(internal_error("the work ended without an answer"));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(interrupted) = py.check_signals() {
                flag.store(true, Ordering::Relaxed);
                let _ = py.detach(|| worker.join());
                return Err(interrupted);
            }
        }
    })
}

/// What a panic said.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let said = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned());
    said.unwrap_or_else(|| "a panic".to_string())
}
