//! A scratch folder for one test, removed when the test is done: the one
//! such helper of every test (the crates' own and the test crates').

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// An empty folder of the test's own, removed when dropped.
pub struct Scratch(pub PathBuf);

/// Scratch folders made by this process so far: each gets its own name.
static MADE: AtomicU64 = AtomicU64::new(0);

impl Scratch {
    /// A new empty folder `catboard-TAG-PID-N` in the system's temporary
    /// folder (`N` counts the folders this process made, so two tests
    /// using one tag never share a folder).
    pub fn new(tag: &str) -> Scratch {
        let scratch = Scratch::empty(tag);
        std::fs::create_dir_all(&scratch.0).expect("a scratch folder");
        scratch
    }

    /// A path named as [`Scratch::new`] names it, with nothing there yet
    /// (for code that makes its folder itself); removed when dropped.
    pub fn empty(tag: &str) -> Scratch {
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("catboard-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Scratch(dir)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
