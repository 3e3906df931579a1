//! SIGINT, SIGTERM and SIGHUP: undo what the run created, then exit.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use gametree::cleanup;

/// Watches for SIGINT, SIGTERM and SIGHUP from a thread of its own: on the
/// first, removes every temporary file and staging folder and kills every
/// `dot` child (see [`cleanup`]), then exits with 128 + the signal's number
/// (130, 143, 129), as a shell reports a process the signal ended.
pub(super) fn install() {
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return; // the signals keep their default action: the process ends
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Held until the process ends: nothing is created after this.
            let _undone = cleanup::undo_all();
            std::process::exit(128 + signal);
        }
    });
}
