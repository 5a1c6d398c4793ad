//! The server's log: one line per event on standard error, each starting
//! `catboard serve:`; events a stranger can repeat at will (refused
//! connections) are summed up rather than written one a line, and every
//! event a connection causes goes through [`by`]: within an allowance of
//! lines per connection and per address, the rest counted and the count
//! given with the next line written and at the connection's end.

use std::collections::HashMap;
use std::io::Write;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Lines one connection may log at once.
pub const CONNECTION_BURST: f64 = 20.0;
/// Lines a second one connection may log beyond its burst.
pub const CONNECTION_RATE: f64 = 1.0;
/// Lines all connections from one address (an IPv6 /64) may log at once.
pub const ADDRESS_BURST: f64 = 60.0;
/// Lines a second all connections from one address may log beyond it.
pub const ADDRESS_RATE: f64 = 5.0;
/// Addresses remembered at most; beyond, those whose allowance is whole
/// again are forgotten.
const ADDRESSES_KEPT: usize = 4096;

/// Who caused an event: a connection, from an address.
#[derive(Clone, Debug)]
pub struct Source<'a> {
    /// The connection's number.
    pub conn: u64,
    /// The address it came from, as the log gives it.
    pub address: &'a str,
}

/// An allowance of lines: `burst` at once, refilled at `rate` a second;
/// the lines refused since the last one written are counted.
#[derive(Debug)]
struct Bucket {
    lines: f64,
    at: Instant,
    suppressed: u64,
}

impl Bucket {
    fn new(burst: f64, now: Instant) -> Bucket {
        Bucket {
            lines: burst,
            at: now,
            suppressed: 0,
        }
    }

    /// Refills to `now`; whether a line is left (not yet taken).
    fn refill(&mut self, burst: f64, rate: f64, now: Instant) -> bool {
        let secs = now.saturating_duration_since(self.at).as_secs_f64();
        self.lines = (self.lines + secs * rate).min(burst);
        self.at = now;
        self.lines >= 1.0
    }
}

/// The allowances of every connection and address that logged.
#[derive(Debug, Default)]
struct Limiter {
    conns: HashMap<u64, Bucket>,
    addresses: HashMap<String, Bucket>,
    /// The address of each connection open, so an event known only by
    /// its connection ([`Cause::Conn`]) counts against its address too.
    opened: HashMap<u64, String>,
}

/// The key of `address`'s allowance: an IPv6 address by its /64, so that
/// one host's many addresses share one.
fn address_key(address: &str) -> String {
    match address.parse::<IpAddr>() {
        Ok(IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        Ok(IpAddr::V6(v6)) => v6
            .to_ipv4_mapped()
            .map_or_else(String::new, |v4| v4.to_string()),
        Ok(ip) => ip.to_string(),
        Err(_) => address.to_string(),
    }
}

impl Limiter {
    /// The line to write for `text` from `source` at `now`, if its
    /// connection and address have a line left; with the number of lines
    /// not logged since the last one.
    fn line(&mut self, source: &Source<'_>, text: &str, now: Instant) -> Option<String> {
        self.opened
            .entry(source.conn)
            .or_insert_with(|| source.address.to_string());
        if self.addresses.len() >= ADDRESSES_KEPT {
            self.addresses.retain(|_, b| {
                b.refill(ADDRESS_BURST, ADDRESS_RATE, now);
                b.lines < ADDRESS_BURST
            });
        }
        let conn = self
            .conns
            .entry(source.conn)
            .or_insert_with(|| Bucket::new(CONNECTION_BURST, now));
        let address = self
            .addresses
            .entry(address_key(source.address))
            .or_insert_with(|| Bucket::new(ADDRESS_BURST, now));
        let conn_left = conn.refill(CONNECTION_BURST, CONNECTION_RATE, now);
        let address_left = address.refill(ADDRESS_BURST, ADDRESS_RATE, now);
        if !(conn_left && address_left) {
            conn.suppressed += 1;
            address.suppressed += 1;
            return None;
        }
        conn.lines -= 1.0;
        address.lines -= 1.0;
        address.suppressed = 0;
        let skipped = std::mem::take(&mut conn.suppressed);
        Some(with_skipped(text, skipped))
    }

    /// The last line of connection `source`, always written, with the
    /// number of its lines not logged; its allowance is forgotten.
    fn last(&mut self, source: &Source<'_>, text: &str) -> String {
        self.opened.remove(&source.conn);
        let skipped = self.conns.remove(&source.conn).map_or(0, |b| b.suppressed);
        with_skipped(text, skipped)
    }
}

/// `text`, saying how many lines before it were not logged.
fn with_skipped(text: &str, skipped: u64) -> String {
    match skipped {
        0 => text.to_string(),
        1 => format!("{text} (1 line of this connection before it not logged)"),
        n => format!("{text} ({n} lines of this connection before it not logged)"),
    }
}

/// The allowances of the whole server.
static LIMITER: Mutex<Option<Limiter>> = Mutex::new(None);

fn with_limiter<T>(f: impl FnOnce(&mut Limiter) -> T) -> T {
    let mut guard = LIMITER.lock().unwrap_or_else(PoisonError::into_inner);
    f(guard.get_or_insert_with(Limiter::default))
}

/// Logs `text`, an event `source` caused, if its connection and its
/// address have a line left in their allowance ([`CONNECTION_BURST`],
/// [`ADDRESS_BURST`]); otherwise counts it, and the count is given with
/// the connection's next line written.
pub fn by(source: &Source<'_>, text: impl std::fmt::Display) {
    let text = text.to_string();
    if let Some(line) = with_limiter(|l| l.line(source, &text, Instant::now())) {
        event(line);
    }
}

/// What caused an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The server itself: a clock, a computer, a start or a stop.
    Server,
    /// Connection number `n` (its address known from its first line
    /// logged by [`by`]): its input, so within its allowance.
    Conn(u64),
}

/// Logs `text`, an event `cause` caused: the server's always, a
/// connection's as [`by`] does (within its connection's and address's
/// allowance). Every event a stranger's input can cause is logged so.
pub fn caused(cause: Cause, text: impl std::fmt::Display) {
    match cause {
        Cause::Server => event(text),
        Cause::Conn(conn) => {
            let address = with_limiter(|l| l.opened.get(&conn).cloned()).unwrap_or_default();
            by(
                &Source {
                    conn,
                    address: &address,
                },
                text,
            );
        }
    }
}

/// Logs `text`, the end of connection `source`: always written (one line
/// a connection), with the number of its lines that were not logged.
pub fn ended(source: &Source<'_>, text: impl std::fmt::Display) {
    let text = text.to_string();
    event(with_limiter(|l| l.last(source, &text)));
}

/// Writes `catboard serve: EVENT` as one line on standard error; a failed
/// write is ignored (there is nowhere else to report it).
pub fn event(text: impl std::fmt::Display) {
    let line = format!("catboard serve: {text}\n");
    #[cfg(test)]
    if capture::took(&line) {
        return;
    }
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// The lines a test's own thread logs, taken instead of written.
#[cfg(test)]
pub mod capture {
    use std::cell::RefCell;

    thread_local! {
        static LINES: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
    }

    /// Runs `f`, and the lines this thread logged while it ran.
    pub fn lines<T>(f: impl FnOnce() -> T) -> (T, Vec<String>) {
        LINES.with(|l| *l.borrow_mut() = Some(Vec::new()));
        let out = f();
        let lines = LINES.with(|l| l.borrow_mut().take()).unwrap_or_default();
        (out, lines)
    }

    /// Whether `line` was taken by a capture on this thread.
    pub(super) fn took(line: &str) -> bool {
        LINES.with(|l| match l.borrow_mut().as_mut() {
            Some(lines) => {
                lines.push(line.to_string());
                true
            }
            None => false,
        })
    }
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

    fn from(conn: u64, address: &str) -> Source<'_> {
        Source { conn, address }
    }

    #[test]
    fn a_connection_logs_its_burst_then_its_rate_and_says_what_it_left_out() {
        let start = Instant::now();
        let mut limiter = Limiter::default();
        let ann = from(1, "10.0.0.1");
        let burst = CONNECTION_BURST as usize;
        for i in 0..burst {
            assert!(limiter.line(&ann, "seek", start).is_some(), "line {i}");
        }
        for i in 0..1000 {
            let now = start + Duration::from_micros(i);
            assert_eq!(limiter.line(&ann, "seek", now), None);
        }
        let later = start + Duration::from_secs_f64(1.0 / CONNECTION_RATE);
        assert_eq!(
            limiter.line(&ann, "seek", later).as_deref(),
            Some("seek (1000 lines of this connection before it not logged)")
        );
        assert_eq!(limiter.line(&ann, "seek", later), None);
        // Another connection from elsewhere has its own allowance.
        assert!(limiter.line(&from(2, "10.0.0.2"), "seek", later).is_some());
        assert_eq!(
            limiter.last(&ann, "connection 1 ended"),
            "connection 1 ended (1 line of this connection before it not logged)"
        );
        assert!(!limiter.conns.contains_key(&1), "forgotten at its end");
    }

    #[test]
    fn many_connections_from_one_address_share_its_allowance() {
        let now = Instant::now();
        let mut limiter = Limiter::default();
        let mut written = 0;
        // A new connection for every line, from one /64.
        for conn in 0..10_000u64 {
            let address = format!("2001:db8:0:1::{:x}", conn % 65_536);
            if limiter.line(&from(conn, &address), "hello", now).is_some() {
                written += 1;
            }
        }
        assert_eq!(written, ADDRESS_BURST as usize);
        assert!(
            limiter
                .line(&from(1, "2001:db8:0:2::1"), "hello", now)
                .is_some()
        );
        assert_eq!(address_key("::ffff:10.0.0.1"), "10.0.0.1");
    }

    #[test]
    fn durations_read_as_words() {
        assert_eq!(duration_words(Duration::from_secs(1800)), "30 minutes");
        assert_eq!(duration_words(Duration::from_secs(2)), "2 seconds");
        assert_eq!(duration_words(Duration::from_secs(1)), "1 second");
        assert_eq!(duration_words(Duration::from_secs(90)), "90 seconds");
    }
}
