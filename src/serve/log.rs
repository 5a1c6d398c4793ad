//! The server's log: one line per event on standard error, each starting
//! `catboard serve:`; events a stranger can repeat at will (refused
//! connections) are summed up rather than written one a line.

use std::io::Write;
use std::time::{Duration, Instant};

/// Writes `catboard serve: EVENT` as one line on standard error; a failed
/// write is ignored (there is nowhere else to report it).
pub fn event(text: impl std::fmt::Display) {
    let line = format!("catboard serve: {text}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// A duration in words: `30 minutes`, `1 minute`, `45 seconds`.
pub fn duration_words(d: Duration) -> String {
    let secs = d.as_secs();
    let (n, unit) = if secs >= 120 && secs.is_multiple_of(60) {
        (secs / 60, "minute")
    } else {
        (secs, "second")
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// A log of one kind of repeated event: the first in each interval is
/// written, the others are counted and their number given with the next.
#[derive(Debug)]
pub struct Throttled {
    every: Duration,
    last: Option<Instant>,
    skipped: u64,
}

impl Throttled {
    /// At most one line per `every`.
    pub fn new(every: Duration) -> Throttled {
        Throttled {
            every,
            last: None,
            skipped: 0,
        }
    }

    /// Logs `text` unless a line was written less than the interval ago.
    pub fn event(&mut self, text: impl std::fmt::Display) {
        if let Some(line) = self.line(text, Instant::now()) {
            event(line);
        }
    }

    /// The line to write for `text` at `now`, if any.
    fn line(&mut self, text: impl std::fmt::Display, now: Instant) -> Option<String> {
        if self
            .last
            .is_some_and(|last| now.saturating_duration_since(last) < self.every)
        {
            self.skipped += 1;
            return None;
        }
        self.last = Some(now);
        let skipped = std::mem::take(&mut self.skipped);
        Some(if skipped > 0 {
            format!("{text} (and {skipped} more like it not logged)")
        } else {
            text.to_string()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_events_are_counted_not_written() {
        let start = Instant::now();
        let mut log = Throttled::new(Duration::from_secs(1));
        assert_eq!(log.line("refused", start).as_deref(), Some("refused"));
        for i in 1..=500 {
            assert_eq!(log.line("refused", start + Duration::from_millis(i)), None);
        }
        let later = start + Duration::from_secs(2);
        assert_eq!(
            log.line("refused", later).as_deref(),
            Some("refused (and 500 more like it not logged)")
        );
    }

    #[test]
    fn durations_read_as_words() {
        assert_eq!(duration_words(Duration::from_secs(1800)), "30 minutes");
        assert_eq!(duration_words(Duration::from_secs(2)), "2 seconds");
        assert_eq!(duration_words(Duration::from_secs(1)), "1 second");
        assert_eq!(duration_words(Duration::from_secs(90)), "90 seconds");
    }
}
