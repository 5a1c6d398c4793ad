//! Who may come in: connections not yet logged in ("startups") are
//! counted apart from the people playing, so silent sockets cannot keep
//! players out. As OpenSSH's MaxStartups does, past `start` startups a new
//! connection is dropped at random, more often as they near `full`; one
//! address may hold only so many startups (PerSourceMaxStartups); and
//! the people playing have their own cap (`--max-connections`).

use super::identity::address_key;
use super::limits::{Limits, Startups};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

#[derive(Debug, Default)]
struct Counts {
    startups: usize,
    by_address: HashMap<String, usize>,
    players: usize,
}

/// The counts of connections, and their caps.
#[derive(Debug)]
pub struct Admission {
    counts: Mutex<Counts>,
    startups: Startups,
    per_address: usize,
    players: usize,
}

/// Why a new connection is turned away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turned {
    /// `n` connections are waiting to log in (the MaxStartups drop).
    Startups(usize),
    /// The address already has `n` connections waiting to log in.
    Address(usize),
}

impl std::fmt::Display for Turned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Turned::Startups(n) => write!(f, "{n} connections are waiting to log in"),
            Turned::Address(n) => write!(f, "its address has {n} connections waiting to log in"),
        }
    }
}

/// A connection not yet logged in; it stops counting when dropped.
#[derive(Debug)]
pub struct StartupTicket {
    admission: Arc<Admission>,
    address: String,
}

/// A person playing or watching; they stop counting when dropped.
#[derive(Debug)]
pub struct PlayerTicket {
    admission: Arc<Admission>,
}

impl Admission {
    /// The counts for a server with `limits`, all zero.
    pub fn new(limits: &Limits) -> Arc<Admission> {
        Arc::new(Admission {
            counts: Mutex::new(Counts::default()),
            startups: limits.startups,
            per_address: limits.per_address.max(1),
            players: limits.connections,
        })
    }

    fn lock(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Lets a connection from `address` start logging in, or turns it
    /// away; `roll` (0 to 99, drawn at random) decides a random drop.
    pub fn startup(self: &Arc<Self>, address: IpAddr, roll: u32) -> Result<StartupTicket, Turned> {
        let key = address_key(address);
        let mut counts = self.lock();
        let waiting = counts.startups;
        if roll < self.startups.drop_percent(waiting) {
            return Err(Turned::Startups(waiting));
        }
        let from_address = counts.by_address.get(&key).copied().unwrap_or(0);
        if from_address >= self.per_address {
            return Err(Turned::Address(from_address));
        }
        counts.startups += 1;
        *counts.by_address.entry(key.clone()).or_default() += 1;
        Ok(StartupTicket {
            admission: self.clone(),
            address: key,
        })
    }

    /// Lets a person in to play, unless as many as allowed are on.
    pub fn player(self: &Arc<Self>) -> Option<PlayerTicket> {
        let mut counts = self.lock();
        if counts.players >= self.players {
            return None;
        }
        counts.players += 1;
        Some(PlayerTicket {
            admission: self.clone(),
        })
    }

    /// How many connections are waiting to log in, and how many people are on.
    pub fn open(&self) -> (usize, usize) {
        let counts = self.lock();
        (counts.startups, counts.players)
    }

    /// The cap on people playing.
    pub fn most_players(&self) -> usize {
        self.players
    }
}

impl Drop for StartupTicket {
    fn drop(&mut self) {
        let mut counts = self.admission.lock();
        counts.startups = counts.startups.saturating_sub(1);
        if let Some(n) = counts.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                counts.by_address.remove(&self.address);
            }
        }
    }
}

impl Drop for PlayerTicket {
    fn drop(&mut self) {
        let mut counts = self.admission.lock();
        counts.players = counts.players.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admission(startups: &str, per_address: usize, players: usize) -> Arc<Admission> {
        Admission::new(&Limits {
            startups: startups.parse().expect("startups"),
            per_address,
            connections: players,
            ..Limits::default()
        })
    }

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, n])
    }

    #[test]
    fn silent_connections_are_dropped_at_random_past_start_and_all_at_full() {
        let a = admission("2:50:4", 100, 10);
        let first = [a.startup(ip(1), 0), a.startup(ip(2), 0)];
        assert!(first.iter().all(Result::is_ok), "below start: all in");
        assert_eq!(a.startup(ip(3), 49).map(|_| ()), Err(Turned::Startups(2)));
        let third = a.startup(ip(3), 50).expect("a lucky roll");
        let fourth = a.startup(ip(4), 99).expect("75% drop, roll 99 passes");
        assert_eq!(a.startup(ip(5), 99).map(|_| ()), Err(Turned::Startups(4)));
        assert_eq!(a.open(), (4, 0));
        drop((third, fourth, first));
        assert_eq!(a.open(), (0, 0), "every ticket gives its place back");
        assert!(a.startup(ip(5), 0).is_ok());
    }

    #[test]
    fn one_address_holds_only_so_many_startups_and_players_count_apart() {
        let a = admission("10:30:100", 2, 1);
        let held: Vec<_> = (0..2).map(|_| a.startup(ip(1), 99)).collect();
        assert!(held.iter().all(Result::is_ok));
        assert_eq!(a.startup(ip(1), 99).map(|_| ()), Err(Turned::Address(2)));
        assert!(
            a.startup(ip(2), 99).is_ok(),
            "another address still comes in"
        );
        let player = a.player().expect("the first player");
        assert!(a.player().is_none(), "one player is the cap");
        drop(held);
        assert!(
            a.startup(ip(1), 99).is_ok(),
            "startups do not count players"
        );
        drop(player);
        assert!(a.player().is_some());
    }
}
