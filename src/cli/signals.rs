//! SIGINT, SIGTERM and SIGHUP: undo what the run created, then exit with
//! 128 + the signal's number (130, 143, 129), as a shell reports a process
//! the signal ended. Every command follows that rule; the server first
//! stops by itself (see [`install_stopping`]).

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use gametree::cleanup;

/// The signals that end a run.
const ENDING: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// The exit code of a run a signal ended: 128 + its number.
pub(super) fn exit_code(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

/// The signal's name, for messages.
#[cfg(feature = "serve")]
pub(super) fn name(signal: i32) -> &'static str {
    match signal {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}

/// Watches for SIGINT, SIGTERM and SIGHUP from a thread of its own: on the
/// first, removes every temporary file and staging folder and kills every
/// `dot` child (see [`cleanup`]), then exits with [`exit_code`].
pub(super) fn install() {
    let Ok(mut signals) = Signals::new(ENDING) else {
        return; // the signals keep their default action: the process ends
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            end_now(signal);
        }
    });
}

/// For a command that stops by itself (the server): the first of SIGINT,
/// SIGTERM and SIGHUP calls `stop` with its number, and the command winds
/// down and exits with [`exit_code`] of it; a second signal ends the
/// process at once, as [`install`] does, with its own code.
#[cfg(feature = "serve")]
pub(super) fn install_stopping(stop: impl FnOnce(i32) + Send + 'static) {
    let Ok(mut signals) = Signals::new(ENDING) else {
        return;
    };
    std::thread::spawn(move || {
        let mut received = signals.forever();
        if let Some(first) = received.next() {
            stop(first);
        }
        if let Some(second) = received.next() {
            end_now(second);
        }
    });
}

/// Undoes what the run created and exits for `signal`.
fn end_now(signal: i32) -> ! {
    // Held until the process ends: nothing is created after this.
    let _undone = cleanup::undo_all();
    std::process::exit(i32::from(exit_code(signal)));
}
