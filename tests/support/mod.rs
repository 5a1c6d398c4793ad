//! Helpers shared by several test files: a deadline for work that would
//! hang if stopping broke, and a small replayable random generator. Each
//! test file takes what it needs with `mod support;`.

#![allow(dead_code)]

pub mod cat_brute;

use std::sync::mpsc;
use std::time::Duration;

/// Runs `work` on its own thread and returns its result, failing the test
/// (instead of hanging it) when `work` takes longer than `limit`.
pub fn within<T: Send + 'static>(
    limit: Duration,
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    match rx.recv_timeout(limit) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what} did not finish within {limit:?}")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
    }
}

/// A small deterministic generator (xorshift64), so a failure can be replayed.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
