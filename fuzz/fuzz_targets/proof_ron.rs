//! Proof parsing, checking and explaining on arbitrary RON text: the path of `deduku-check`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // The checkers' own path, checking as it parses: no panic on any text.
    let streamed = deduku_check::check_ron(text, None);
    let Ok(proof) = deduku_check::parse_ron(text) else { return };
    // On text that parses, the same verdict as parsing whole and then checking.
    assert_eq!(streamed, deduku_check::check(&proof, None));
    for givens in [None, Some(proof.puzzle.as_str())] {
        if let Err(e) = deduku_check::check(&proof, givens) {
            let shown = deduku_check::explain(&proof, &e);
            assert!(shown.starts_with("REJECTED "));
        }
    }
    // Whatever parses must write back and read back unchanged.
    let again = deduku_check::parse_ron(&deduku_check::to_ron(&proof));
    assert_eq!(again.as_ref(), Ok(&proof));
});
