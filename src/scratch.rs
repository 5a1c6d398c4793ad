//! A scratch folder for one of the binary's tests, removed when the test
//! is done: the one such helper of the binary's tests (the test crates
//! have theirs in `tests/support/scratch.rs`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// A folder of the test's own, removed when dropped.
pub struct Scratch(pub PathBuf);

/// Scratch folders named by this process so far: each gets its own name.
static NAMED: AtomicU64 = AtomicU64::new(0);

impl Scratch {
    /// A path `catboard-TAG-PID-N` in the system's temporary folder, with
    /// nothing there yet (for code that makes its folder itself).
    pub fn new(tag: &str) -> Scratch {
        let n = NAMED.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("catboard-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Scratch(dir)
    }

    /// A new empty folder, as [`Scratch::new`] names it.
    pub fn made(tag: &str) -> Scratch {
        let scratch = Scratch::new(tag);
        std::fs::create_dir_all(&scratch.0).expect("a scratch folder");
        scratch
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
