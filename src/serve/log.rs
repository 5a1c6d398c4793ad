//! The server's log: one line per event on standard error.

use std::io::Write;

/// Writes `catboard serve: EVENT` as one line on standard error; a failed
/// write is ignored (there is nowhere else to report it).
pub fn event(text: impl std::fmt::Display) {
    let line = format!("catboard serve: {text}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
