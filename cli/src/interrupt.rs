//! Ctrl-C and TERM: temporary files are removed before the process exits.
//!
//! One handler serves every verb. It removes the temporary files of outputs being written
//! ([`remove_pending`]) and exits with code 130. A verb that can stop cleanly (`batch`)
//! asks for a graceful first interrupt instead: it raises [`Interrupt::stop`] and the verb
//! winds down; a second interrupt exits at once, still removing the temporary files.

use deduku::proof::remove_pending;
use std::sync::atomic::{AtomicBool, Ordering};

/// Exit code after an interrupt (128 + SIGINT, as shells report Ctrl-C).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Whether the running verb stops by itself on a first interrupt.
static GRACEFUL: AtomicBool = AtomicBool::new(false);
/// Raised by the first interrupt when the verb is graceful.
static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once per process; a second call changes nothing).
pub fn install() {
    // Failing to install (a handler is already set) loses only the cleanup on interrupt.
    let _ = ctrlc::set_handler(|| {
        if GRACEFUL.load(Ordering::SeqCst) && !STOP.swap(true, Ordering::SeqCst) {
            return;
        }
        remove_pending();
        std::process::exit(i32::from(EXIT_INTERRUPTED));
    });
}

/// The flag a graceful verb polls: the first interrupt raises it instead of exiting.
pub fn graceful_stop() -> &'static AtomicBool {
    GRACEFUL.store(true, Ordering::SeqCst);
    &STOP
}
