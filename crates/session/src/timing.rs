//! Time as the session reads it: the front end's monotonic clock (or, in
//! tests, a clock set by hand), and the timer of the turn under way. The
//! library's clocks ([`catboard::clock`]) are handed the durations
//! measured here.

use std::sync::OnceLock;
use std::sync::{
    Arc,
    atomic::{AtomicU64, Ordering},
};
use std::time::{Duration, Instant};

/// Where the session reads the time: the machine's monotonic clock, or a
/// clock a test sets by hand.
#[derive(Clone, Debug, Default)]
pub enum TimeSource {
    /// The monotonic clock ([`Instant`]).
    #[default]
    Real,
    /// Milliseconds set by hand ([`ManualTime`]).
    Manual(Arc<AtomicU64>),
}

/// The hand of a [`TimeSource::Manual`]: moves its time on.
#[derive(Clone, Debug)]
pub struct ManualTime(Arc<AtomicU64>);

impl ManualTime {
    /// Moves the time on by `by`.
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as u64, Ordering::Relaxed);
    }
}

impl TimeSource {
    /// A clock set by hand, starting at 0, and its hand.
    pub fn manual() -> (TimeSource, ManualTime) {
        let ms = Arc::new(AtomicU64::new(0));
        (TimeSource::Manual(ms.clone()), ManualTime(ms))
    }

    /// The time now, from a fixed point (the first reading in this
    /// process, or 0 for a hand-set clock).
    pub fn now(&self) -> Duration {
        match self {
            TimeSource::Real => {
                static EPOCH: OnceLock<Instant> = OnceLock::new();
                EPOCH.get_or_init(Instant::now).elapsed()
            }
            TimeSource::Manual(ms) => Duration::from_millis(ms.load(Ordering::Relaxed)),
        }
    }
}

/// The timer of the turn under way: how long the seat to move has had so
/// far, running or stopped (the game paused, over, or untimed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnTimer {
    /// When it last started running, while it runs.
    since: Option<Duration>,
    /// The time counted before that.
    banked: Duration,
}

impl TurnTimer {
    /// The turn's time so far, `now`.
    pub fn running(&self, now: Duration) -> Duration {
        self.banked + self.since.map_or(Duration::ZERO, |s| now.saturating_sub(s))
    }

    /// Whether it runs.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// A new turn begins `now`, its timer running when `runs`.
    pub fn restart(&mut self, now: Duration, runs: bool) {
        *self = TurnTimer {
            since: runs.then_some(now),
            banked: Duration::ZERO,
        };
    }

    /// Runs from `now` on (when `runs`) or stops, keeping the time so far.
    pub fn set_running(&mut self, now: Duration, runs: bool) {
        if runs == self.is_running() {
            return;
        }
        self.banked = self.running(now);
        self.since = runs.then_some(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn a_turn_counts_only_while_it_runs() {
        let mut t = TurnTimer::default();
        t.restart(s(10), true);
        assert_eq!(t.running(s(13)), s(3));
        t.set_running(s(13), false);
        assert_eq!(t.running(s(100)), s(3), "stopped, it keeps its time");
        t.set_running(s(100), true);
        assert_eq!(t.running(s(102)), s(5));
        t.restart(s(102), false);
        assert_eq!(t.running(s(200)), Duration::ZERO);
    }

    #[test]
    fn a_hand_set_clock_moves_only_when_moved() {
        let (source, hand) = TimeSource::manual();
        assert_eq!(source.now(), Duration::ZERO);
        hand.advance(Duration::from_millis(1500));
        assert_eq!(source.now(), Duration::from_millis(1500));
        assert!(TimeSource::Real.now() <= TimeSource::Real.now());
    }
}
