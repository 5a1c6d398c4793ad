//! One connection's allowance for what its client sends: every request
//! (input bytes, window changes, pty, env, x11 and signal requests,
//! channel opens) is charged here before it costs the server memory or
//! time. The allowance fills at the input rate up to a few seconds' worth;
//! a request beyond it is not refused but waits until it is paid for, and
//! while it waits the server reads nothing more from that client, so a
//! flood slows itself and a long paste arrives whole.

use std::time::{Duration, Instant};

/// A token bucket counted in bytes.
#[derive(Clone, Debug)]
pub struct RequestBudget {
    /// Bytes a second.
    rate: f64,
    /// The most the allowance holds.
    burst: f64,
    /// What is left now; below zero, what is owed.
    allowance: f64,
    /// When the allowance was last topped up.
    topped_up: Instant,
}

impl RequestBudget {
    /// An allowance of `rate` bytes a second holding `burst_seconds`
    /// seconds' worth, full at `now`.
    pub fn new(rate: u32, burst_seconds: u32, now: Instant) -> RequestBudget {
        let rate = f64::from(rate.max(1));
        let burst = rate * f64::from(burst_seconds.max(1));
        RequestBudget {
            rate,
            burst,
            allowance: burst,
            topped_up: now,
        }
    }

    /// Charges `cost` bytes at `now`; how long the request must wait until
    /// it is paid for (zero within the allowance).
    pub fn charge(&mut self, cost: usize, now: Instant) -> Duration {
        let elapsed = now.saturating_duration_since(self.topped_up).as_secs_f64();
        self.topped_up = now.max(self.topped_up);
        self.allowance = (self.allowance + elapsed * self.rate).min(self.burst);
        self.allowance -= cost as f64;
        if self.allowance >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.allowance / self.rate)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_the_allowance_nothing_waits_and_beyond_it_the_wait_pays_the_debt() {
        let start = Instant::now();
        let mut budget = RequestBudget::new(1000, 4, start);
        assert_eq!(budget.charge(4000, start), Duration::ZERO, "a full burst");
        let wait = budget.charge(500, start);
        assert_eq!(wait, Duration::from_millis(500), "500 bytes owed at 1000/s");
        // After the wait the debt is paid: the next byte waits one ms.
        let later = start + wait;
        assert_eq!(budget.charge(1, later), Duration::from_millis(1));
    }

    #[test]
    fn the_allowance_refills_at_the_rate_and_never_beyond_the_burst() {
        let start = Instant::now();
        let mut budget = RequestBudget::new(100, 2, start);
        assert_eq!(budget.charge(200, start), Duration::ZERO);
        let hour = start + Duration::from_secs(3600);
        assert_eq!(budget.charge(200, hour), Duration::ZERO, "refilled");
        assert!(
            budget.charge(1, hour) > Duration::ZERO,
            "but only to the burst"
        );
    }

    #[test]
    fn a_steady_flood_is_held_to_the_rate() {
        let start = Instant::now();
        let mut budget = RequestBudget::new(4096, 4, start);
        let mut now = start;
        let mut sent = 0usize;
        // A client that sends 1 kB whenever it is allowed to, for a minute.
        while now < start + Duration::from_secs(60) {
            now += budget.charge(1024, now);
            sent += 1024;
        }
        let seconds = (now - start).as_secs_f64();
        let rate = (sent as f64 - 4.0 * 4096.0) / seconds;
        assert!((rate - 4096.0).abs() < 50.0, "{rate} bytes a second");
    }
}
