//! What one address may ask for only so often (names claimed, codes for
//! adding a key tried): at most so many in a window of time, counted per
//! address ([`super::identity::address_key`]: an IPv6 address by its /64)
//! before the thing asked for costs anything. The addresses remembered
//! are bounded too: past [`ADDRESSES`], those whose window has passed are
//! forgotten, and while that many are still counting a new address waits.

use std::collections::HashMap;
use std::time::Duration;

/// The most addresses one quota counts at once.
pub const ADDRESSES: usize = 65_536;

/// At most `most` a `window` per address.
#[derive(Debug)]
pub struct Quota {
    most: usize,
    window: Duration,
    /// Each address counting: when its window began, how many it took.
    seen: HashMap<String, (Duration, usize)>,
}

impl Quota {
    /// A quota of `most` a `window` per address.
    pub fn new(most: usize, window: Duration) -> Quota {
        Quota {
            most,
            window,
            seen: HashMap::new(),
        }
    }

    /// Whether `address` may take one more at `now` (on the hub's
    /// clock); when not, how long until it may.
    pub fn check(&mut self, address: &str, now: Duration) -> Result<(), Duration> {
        let window = self.window;
        let passed = |began: Duration| now.saturating_sub(began) >= window;
        if !self.seen.contains_key(address) && self.seen.len() >= ADDRESSES {
            self.seen.retain(|_, (began, _)| !passed(*began));
            if self.seen.len() >= ADDRESSES {
                return Err(window);
            }
        }
        match self.seen.get(address) {
            Some((began, taken)) if !passed(*began) && *taken >= self.most => {
                Err(window.saturating_sub(now.saturating_sub(*began)))
            }
            _ => Ok(()),
        }
    }

    /// Counts one taken by `address` at `now` ([`Quota::check`] first).
    pub fn take(&mut self, address: &str, now: Duration) {
        let window = self.window;
        let entry = self.seen.entry(address.to_string()).or_insert((now, 0));
        if now.saturating_sub(entry.0) >= window {
            *entry = (now, 0);
        }
        entry.1 += 1;
    }
}

/// How long `wait` is, in words a refusal says ("3 minutes", "40 seconds").
pub fn wait_words(wait: Duration) -> String {
    let secs = wait.as_secs().max(1);
    if secs >= 120 {
        format!("{} minutes", secs.div_ceil(60))
    } else {
        format!("{secs} seconds")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_takes_so_many_a_window_and_others_are_not_held_back() {
        let mut q = Quota::new(2, Duration::from_secs(60));
        let at = Duration::from_secs;
        for _ in 0..2 {
            q.check("10.0.0.1", at(0)).expect("allowed");
            q.take("10.0.0.1", at(0));
        }
        assert_eq!(q.check("10.0.0.1", at(10)), Err(at(50)));
        assert_eq!(q.check("10.0.0.2", at(10)), Ok(()));
        assert_eq!(q.check("10.0.0.1", at(60)), Ok(()), "a new window");
        q.take("10.0.0.1", at(60));
        assert_eq!(q.check("10.0.0.1", at(61)), Ok(()));
    }

    #[test]
    fn the_addresses_counted_are_bounded() {
        let mut q = Quota::new(1, Duration::from_secs(60));
        let at = Duration::from_secs;
        for n in 0..ADDRESSES {
            q.take(&n.to_string(), at(0));
        }
        assert_eq!(q.check("new", at(1)), Err(at(60)), "all still counting");
        assert_eq!(q.check("new", at(60)), Ok(()), "the old ones forgotten");
        assert!(q.seen.is_empty());
    }
}
