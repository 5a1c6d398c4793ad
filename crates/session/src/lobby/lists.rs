//! What the lobby lists, as the server reads it from its hub and its
//! store: the tables, the games finished last and each variant's
//! leaderboard, the player's own games, the account's keys and puzzle
//! standings. Plain data: the server fills it, the lobby shows it.

use crate::puzzles::Standing as PuzzleStanding;
use catboard::core::Termination;
use catboard::rating::Rating;
use catboard::variants::Variant;
use std::sync::Arc;

/// One line of the lobby: a table and who is at it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableSummary {
    /// The table's name.
    pub name: String,
    /// The variant and its options, in words.
    pub game: String,
    /// The time control (`5+3`), at a timed table.
    pub time: Option<String>,
    /// Each seat and who holds it.
    pub seats: Vec<String>,
    /// How many watch.
    pub spectators: usize,
    /// Whether a person's seat is free.
    pub open: bool,
    /// Whether the game is over.
    pub over: bool,
}

/// What the lobby shows of the archive: the games finished last and the
/// best rated in each variant, rebuilt when a game is archived.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Boards {
    /// The games finished last, the newest first.
    pub recent: Vec<GameLine>,
    /// Each variant's id and its best rated players.
    pub leaders: Vec<(String, Vec<Standing>)>,
}

/// One line of a list of games.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameLine {
    /// The game's number.
    pub id: u64,
    /// The variant's id.
    pub variant: String,
    /// The players' names, in seat order, joined by ` · `.
    pub players: String,
    /// The result.
    pub result: String,
    /// How it ended, when known.
    pub termination: Option<Termination>,
    /// Whether it was rated.
    pub rated: bool,
    /// When it ended, in seconds since 1970.
    pub finished: u64,
}

impl GameLine {
    /// How it ended, in words.
    pub fn ending(&self) -> String {
        ending_of(&self.variant, self.termination)
    }
}

/// How an ending of a game of `variant` (its id) reads (nothing when
/// it is not known).
pub fn ending_of(variant: &str, termination: Option<Termination>) -> String {
    let seats = Variant::from_id(variant).map_or(&[][..], Variant::seats);
    termination.map_or_else(String::new, |t| crate::table::termination_words(t, seats))
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The account (its identity), which orders equal standings.
    pub identity: String,
    /// The account's name.
    pub name: String,
    /// Its rating in the variant.
    pub rating: Rating,
    /// How many rated games of the variant it played.
    pub games: u64,
}

/// One key of an account, as the lobby's page of keys lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountKey {
    /// The key (`key:SHA256:…`).
    pub key: String,
    /// When it first came (the account's first key) or was added, in
    /// seconds since 1970.
    pub first_seen: u64,
    /// When it last logged in, in seconds since 1970 (to the minute: a
    /// store may leave a sight a little newer than the one kept
    /// unwritten).
    pub last_seen: u64,
    /// Whether it is the key the account was made with, whose
    /// fingerprint is the account's identity: it cannot be removed.
    pub first: bool,
}

/// The account's keys, and the one this connection logged in with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keys {
    /// Each key, the one the account was made with first.
    pub listed: Vec<AccountKey>,
    /// The key of this connection.
    pub connected: String,
}

impl Keys {
    /// What sets `key` apart, in the words given for each note: the key
    /// this connection logged in with (`in_use`), the account's first
    /// (`first`). The screen and the line mode word them to their room.
    pub fn notes<'a>(&self, key: &AccountKey, in_use: &'a str, first: &'a str) -> Vec<&'a str> {
        let mut notes = Vec::new();
        if key.key == self.connected {
            notes.push(in_use);
        }
        if key.first {
            notes.push(first);
        }
        notes
    }
}

/// What the lobby shows besides the tables: the archive's lists, and the
/// player's own games (`None` for a guest, whose games are kept under no
/// name).
#[derive(Clone, Debug, Default)]
pub struct Lists {
    /// The games finished last and the leaderboards.
    pub boards: Arc<Boards>,
    /// The player's games, the newest first.
    pub mine: Option<Vec<GameLine>>,
    /// The account's keys, as last read (`None` for a guest, or before
    /// they are read).
    pub keys: Option<Keys>,
    /// The account's puzzle standing in each variant tried, as last read
    /// (`None` for a guest, whose standing is not kept).
    pub puzzles: Option<Vec<(String, PuzzleStanding)>>,
}

/// A key as the page of keys names it: `SHA256:` and the first twelve
/// letters of its fingerprint.
pub fn short_key(key: &str) -> String {
    let fingerprint = key.strip_prefix("key:").unwrap_or(key);
    let shown: String = fingerprint.chars().take("SHA256:".len() + 12).collect();
    if shown.len() < fingerprint.len() {
        format!("{shown}…")
    } else {
        shown
    }
}

/// `secs` since 1970 as the page of keys shows it: `2026.12.06 21:30`
/// (UTC).
pub fn when(secs: u64) -> String {
    let minutes = secs / 60 % (24 * 60);
    format!(
        "{} {:02}:{:02}",
        catboard::notation::pgn::date(secs),
        minutes / 60,
        minutes % 60
    )
}
