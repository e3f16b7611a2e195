//! Proof reading (RON or JSON, as `deduku check` reads it) and checking on arbitrary text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(proof) = deduku::proof::read_proof(text) else { return };
    if let Err(e) = deduku_check::check(&proof, None) {
        let _ = deduku_check::explain(&proof, &e);
    }
});
