//! The server's limits: every cap on what a stranger may make it spend,
//! with OpenSSH's defaults where OpenSSH has the same limit, and the fixed
//! ceilings that are not worth a flag.

use std::str::FromStr;
use std::time::Duration;

/// The widest screen the server draws; a wider terminal is told it is
/// too large (a window size is the client's to choose, and a screen's
/// memory grows with its area).
pub const MAX_COLUMNS: u16 = 500;

/// The tallest screen the server draws.
pub const MAX_ROWS: u16 = 200;

/// How long one frame may wait for a client that does not read it before
/// the connection is closed.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(60);

/// The most input bytes waiting for a connection's screen; more means the
/// client sends while reading nothing, and it is closed.
pub const PENDING_INPUT: usize = 64 * 1024;

/// How many join/leave notices wait for a screen at most (the oldest go).
pub const PENDING_NOTICES: usize = 8;

/// What a request other than input bytes costs from the input allowance
/// (a window change, a pty, env or signal request, a channel open).
pub const REQUEST_COST: usize = 256;

/// How many seconds of input the allowance holds at most: a paste of up
/// to this many seconds' worth passes at once, a longer one is slowed.
pub const BURST_SECONDS: u32 = 4;

/// How long a key counts as new: its account was first seen less than
/// this long ago, and it may make only [`Limits::tables_new_key`] tables.
pub const NEW_KEY: Duration = Duration::from_secs(60 * 60);

/// The most display names one key may claim.
pub const NAMES_PER_KEY: usize = 4;

/// How long a claimed name is kept unused: a name whose account has not
/// logged in nor finished a game for this long lapses, and another key
/// may claim it.
pub const NAME_LAPSE: Duration = Duration::from_secs(90 * 24 * 60 * 60);

/// How long a name claimed by an account that has finished no game is
/// kept, from its claim: then it lapses (unless its account has finished
/// a game by then), and stops counting against [`Limits::new_names`], so
/// names claimed and never played under free themselves.
pub const UNPLAYED_NAME_LAPSE: Duration = Duration::from_secs(24 * 60 * 60);

/// The window over which [`Limits::names_per_address`] new names are counted.
pub const NAME_WINDOW: Duration = Duration::from_secs(60 * 60);

/// The most codes for adding a key waiting at once for the accounts of
/// one address (each account has one at most: a new one replaces it).
pub const LINKS_PER_ADDRESS: usize = 4;

/// The most codes for adding a key waiting at once for keys in their
/// first hour ([`NEW_KEY`]), all together: the rest of the pool is for
/// keys older than that.
pub const LINKS_NEW_KEYS: usize = 16;

/// The most keys one account holds (the key it was made with and those
/// added to it): its page of keys lists them all, and a code to add
/// another is refused while it holds as many.
pub const KEYS_PER_ACCOUNT: usize = 16;

/// The most link codes (`ssh link-CODE@host`) one address may try in
/// [`LINK_TRY_WINDOW`], right or wrong.
pub const LINK_TRIES_PER_ADDRESS: usize = 10;

/// The window over which [`LINK_TRIES_PER_ADDRESS`] tries are counted.
pub const LINK_TRY_WINDOW: Duration = Duration::from_secs(10 * 60);

/// The most puzzle attempts one account has rated and kept in
/// [`PUZZLE_WINDOW`] (each is one write to the store); past it a puzzle
/// is still played, not rated.
pub const PUZZLES_RATED: usize = 30;

/// The window over which [`PUZZLES_RATED`] attempts are counted.
pub const PUZZLE_WINDOW: Duration = Duration::from_secs(60);

/// How often the lobby is redrawn at most, and the table computers that
/// could not save are tried again.
pub const LOBBY_TICK: Duration = Duration::from_millis(250);

/// The most draws one seat may offer in a game.
pub const DRAW_OFFERS_PER_GAME: usize = 3;

/// The least time between two draws offered by one seat.
pub const DRAW_OFFER_GAP: Duration = Duration::from_secs(30);

/// The most people waiting for a quick game at once, server-wide (each
/// connection waits for one game at most).
pub const MAX_SEEKS: usize = 1000;

/// How far apart in rating two people waiting for a quick game may be
/// paired at first; the range widens by [`SEEK_WIDENING`] a second.
pub const SEEK_RANGE: f64 = 100.0;

/// How much the rating range of a person waiting for a quick game widens
/// a second.
pub const SEEK_WIDENING: f64 = 10.0;

/// How long a person waits for a quick game before the computer is
/// offered instead.
pub const COMPUTER_OFFER_AFTER: Duration = Duration::from_secs(30);

/// Descriptors kept for everything but connections (the listening socket,
/// files being saved, the log): a connection is refused before the
/// process runs out.
pub const SPARE_DESCRIPTORS: u64 = 128;

/// OpenSSH's MaxStartups `start:rate:full`: with `start` connections not
/// yet logged in, a new one is dropped with probability `rate` percent,
/// rising linearly to every one at `full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Startups {
    /// Below this many, every connection is let in.
    pub start: usize,
    /// The chance of a drop at `start`, in percent.
    pub rate: u32,
    /// At this many, every new connection is dropped.
    pub full: usize,
}

impl Default for Startups {
    fn default() -> Startups {
        Startups {
            start: 10,
            rate: 30,
            full: 100,
        }
    }
}

impl Startups {
    /// The chance, in percent, that a new connection is dropped when
    /// `waiting` connections are not yet logged in.
    pub fn drop_percent(&self, waiting: usize) -> u32 {
        if waiting < self.start {
            0
        } else if waiting >= self.full {
            100
        } else {
            let span = (self.full - self.start) as u64;
            let over = (waiting - self.start) as u64;
            let rise = u64::from(100 - self.rate) * over / span;
            self.rate + rise as u32
        }
    }
}

impl std::fmt::Display for Startups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.start, self.rate, self.full)
    }
}

impl FromStr for Startups {
    type Err = String;

    /// Reads `start:rate:full` (`10:30:100`) or one number `n` (`n:100:n`, a
    /// hard cap), as sshd_config's MaxStartups does.
    fn from_str(text: &str) -> Result<Startups, String> {
        let bad = || {
            format!(
                "--max-startups takes start:rate:full (10:30:100) or one number, with start <= full and rate at most 100, not {text:?}."
            )
        };
        let parts: Vec<&str> = text.trim().split(':').collect();
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        let startups = match parts.as_slice() {
            [n] => {
                let n = number(n)?;
                Startups {
                    start: n,
                    rate: 100,
                    full: n,
                }
            }
            [start, rate, full] => Startups {
                start: number(start)?,
                rate: u32::try_from(number(rate)?).map_err(|_| bad())?,
                full: number(full)?,
            },
            _ => return Err(bad()),
        };
        if startups.start > startups.full || startups.rate > 100 || startups.full == 0 {
            return Err(bad());
        }
        Ok(startups)
    }
}

/// The limits of one server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most people playing or watching at once (connections past the
    /// login and into the game).
    pub connections: usize,
    /// The connections not yet logged in: how many before new ones are dropped.
    pub startups: Startups,
    /// The most connections not yet logged in from one address (an IPv6
    /// address counts by its /64).
    pub per_address: usize,
    /// How long a connection may take to log in and start the game.
    pub login_grace: Duration,
    /// The most unfinished tables one person may make (a key; guests by
    /// their address).
    pub tables_per_person: usize,
    /// The most unfinished tables the keys and guests of one address (an
    /// IPv6 address by its /64) may make together.
    pub tables_per_address: usize,
    /// The most unfinished tables a key may make in its first hour
    /// ([`NEW_KEY`]), so throwaway keys buy nothing.
    pub tables_new_key: usize,
    /// The most unfinished tables on the server; past it, the idlest
    /// table of the heaviest maker that nobody is at and nobody has moved
    /// at for [`Limits::table_empty`] goes to make room.
    pub tables: usize,
    /// How long a table may go without a move before it is closed
    /// (unless somebody is at it).
    pub table_idle: Duration,
    /// How long a table nobody is at, whose players have not each moved,
    /// is kept.
    pub table_empty: Duration,
    /// How long a person at a timed table has for their first move of the
    /// game; past it their flag falls and the game is aborted, unrated.
    pub first_move_wait: Duration,
    /// The most rated games two accounts may finish together in a day;
    /// past it their games are kept unrated.
    pub rated_together_a_day: usize,
    /// The most new names the keys of one address may claim in
    /// [`NAME_WINDOW`] (an hour).
    pub names_per_address: usize,
    /// The most names held at once by accounts that have finished no
    /// game, each for [`UNPLAYED_NAME_LAPSE`] from its claim; the names
    /// of accounts that have played are not counted.
    pub new_names: usize,
    /// How long a player may be away from a timed table (no connection
    /// at their seat; their clock runs) before another player there may
    /// claim the win, as lichess lets one claim when an opponent left.
    pub claim_after: Duration,
    /// The most bytes of input a second from one connection (window
    /// changes and other requests count too); faster input is slowed.
    pub input_bytes_per_second: u32,
    /// How long a connection may send nothing before it is closed.
    pub idle: Duration,
    /// The most computer searches at once, server-wide.
    pub searches: usize,
    /// How long a Master computer thinks per move, unless its table says.
    pub think_ms: u64,
    /// The longest a table may ask a Master computer to think per move.
    pub max_think_ms: u64,
    /// The most archived games analysed at once, server-wide (each on a
    /// thread of its own, one a connection); 0: the server analyses none.
    pub analyses: usize,
    /// The nodes catboard's search gives each position of an analysis.
    pub analysis_nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 1000,
            startups: Startups::default(),
            per_address: 10,
            login_grace: Duration::from_secs(120),
            tables_per_person: 4,
            tables_per_address: 8,
            tables_new_key: 1,
            tables: 1000,
            table_idle: Duration::from_secs(24 * 60 * 60),
            table_empty: Duration::from_secs(10 * 60),
            first_move_wait: Duration::from_secs(30),
            rated_together_a_day: 5,
            claim_after: Duration::from_secs(60),
            names_per_address: 20,
            new_names: 10_000,
            input_bytes_per_second: 4096,
            idle: Duration::from_secs(1800),
            searches: 2,
            think_ms: catboard::ai::level::DEFAULT_THINK_MS,
            max_think_ms: 30_000,
            analyses: 1,
            analysis_nodes: 150_000,
        }
    }
}

impl Limits {
    /// The Master time a table asking for `asked` milliseconds gets.
    pub fn think_ms_for(&self, asked: u64) -> u64 {
        asked.clamp(1, self.max_think_ms.max(1))
    }

    /// What an analysis gives each position: [`Limits::analysis_nodes`]
    /// nodes (at least one), the same on every machine.
    pub fn analysis_budget(&self) -> catboard::analysis::PlyBudget {
        catboard::analysis::PlyBudget::Nodes(self.analysis_nodes.max(1))
    }

    /// How many descriptors the connections may need at most.
    pub fn descriptors(&self) -> u64 {
        (self.connections + self.startups.full) as u64 + SPARE_DESCRIPTORS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_startups_reads_as_sshd_config_does() {
        assert_eq!("10:30:100".parse(), Ok(Startups::default()));
        assert_eq!(
            "5".parse(),
            Ok(Startups {
                start: 5,
                rate: 100,
                full: 5
            })
        );
        for bad in ["", "a", "10:30", "50:30:10", "1:101:2", "0", "1:2:3:4"] {
            assert!(bad.parse::<Startups>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_drop_chance_rises_from_rate_at_start_to_all_at_full() {
        let s = Startups::default();
        assert_eq!(s.drop_percent(0), 0);
        assert_eq!(s.drop_percent(9), 0);
        assert_eq!(s.drop_percent(10), 30);
        assert_eq!(s.drop_percent(55), 65);
        assert_eq!(s.drop_percent(100), 100);
        assert_eq!(s.drop_percent(5000), 100);
        let mut last = 0;
        for waiting in 0..=120 {
            let p = s.drop_percent(waiting);
            assert!(p >= last && p <= 100, "{waiting}: {p}");
            last = p;
        }
        let hard: Startups = "3".parse().expect("a number");
        assert_eq!((hard.drop_percent(2), hard.drop_percent(3)), (0, 100));
    }

    #[test]
    fn a_table_gets_its_master_time_up_to_the_servers_maximum() {
        let limits = Limits {
            max_think_ms: 5_000,
            ..Limits::default()
        };
        assert_eq!(limits.think_ms_for(30_000), 5_000);
        assert_eq!(limits.think_ms_for(2_000), 2_000);
        assert_eq!(limits.think_ms_for(0), 1);
    }
}
