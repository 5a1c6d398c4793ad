//! Helpers shared by several test files: a deadline for work that would
//! hang if stopping broke, and a small replayable random generator. Each
//! test file takes what it needs with `mod support;`.

#![allow(dead_code)]

pub mod cat_brute;
pub mod pty;

use std::sync::mpsc;

/// How many cases a property test tries: `PROPTEST_CASES` when set (for a
/// longer run), else `default`, kept small so `cargo test` stays fast.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// A property test's settings: [`cases`] cases, and no files of failing
/// cases written beside the tests (a failure prints its minimal input).
pub fn proptest_config(default_cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: cases(default_cases),
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}

/// Fails unless `message` is one sentence: one non-empty line ending in a
/// full stop.
pub fn assert_one_sentence(message: &str, input: &str) {
    assert!(
        !message.is_empty() && !message.contains('\n') && message.ends_with('.'),
        "not one sentence: {message:?} (for input {input:?})"
    );
}
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
