//! What the server keeps, as one small interface: the tables in play
//! (their games, moves and seats), the names keys have claimed, the guest
//! counter, the archive of finished games, accounts and ratings. The hub
//! knows only [`Store`]; [`super::database::Database`] keeps it all in
//! SQLite. A second backend (PostgreSQL, for several hosts on one shared
//! database; see docs/operator.md) implements the same trait, each method
//! one transaction.

use super::names::NameBook;
use super::room::Holder;
use crate::session::save::SavedGame;
use catboard::rating::Rating;
use serde::{Deserialize, Serialize};

/// Who made a table, who holds its seats and how long its Master thinks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatsRecord {
    /// Whom the table counts against ([`super::identity::Who::person`]).
    pub owner: String,
    /// The person holding each seat, if any.
    pub holders: Vec<Option<Holder>>,
    /// How long a Master computer at the table thinks per move; absent in
    /// files from before it was kept (the server's `--think-ms`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<u64>,
}

/// A table as it was kept.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Its name.
    pub name: String,
    /// Its game, or why it cannot be read.
    pub game: Result<SavedGame, String>,
    /// Its seats, when kept and readable.
    pub seats: Option<SeatsRecord>,
}

/// What the server keeps.
/// One seat of a finished game as archived.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchivedPlayer {
    /// The seat's name (White, the Cats, Red…).
    pub seat_name: String,
    /// The account that played it; `None` for a guest or a computer.
    pub identity: Option<String>,
    /// The name shown (a guest's `guest-N`, a computer's level).
    pub name: String,
    /// What the seat scored: 1 for a winner and 0 for the rest (a draw
    /// scores 1 each), or the game's points.
    pub score: u32,
    /// The rating before the game, when it was rated (the volatility is
    /// not archived: read back as 0).
    pub before: Option<Rating>,
    /// The rating after it, when it was rated.
    pub after: Option<Rating>,
}

/// A finished game, as the archive keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// The variant's id (`chess`, `cats`…).
    pub variant: String,
    /// The time control, `None` for an untimed game.
    pub time_control: Option<String>,
    /// How it ended, in words ("Checkmate — White wins").
    pub termination: String,
    /// The result: `1-0`, `0-1`, `1/2-1/2`, or the seats' scores (`5-3-0-2`).
    pub result: String,
    /// Whether the players' ratings moved.
    pub rated: bool,
    /// When it ended, in seconds since 1970.
    pub finished: u64,
    /// How many moves were played.
    pub plies: usize,
    /// The game as PGN.
    pub pgn: String,
    /// The game in the save format, to be read back for review; `None`
    /// for a game archived before it was kept (schema 3).
    pub saved: Option<SavedGame>,
    /// Each seat, in order.
    pub players: Vec<ArchivedPlayer>,
}

/// A game read back from the archive.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchivedGame {
    /// Its number, from 1 (`ssh HOST pgn ID`).
    pub id: u64,
    /// The table it was played at.
    pub table: String,
    /// The game.
    pub game: FinishedGame,
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
    /// How it ended.
    pub termination: String,
    /// Whether it was rated.
    pub rated: bool,
    /// When it ended, in seconds since 1970.
    pub finished: u64,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The account's name.
    pub name: String,
    /// Its rating in the variant.
    pub rating: Rating,
    /// How many rated games of the variant it played.
    pub games: u64,
}

/// An account: a key, and the name it claimed first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The name shown.
    pub name: String,
    /// When it first came, in seconds since 1970.
    pub first_seen: u64,
    /// How many games it finished.
    pub games: u64,
}

/// What the server keeps. Every method that writes is one transaction:
/// done whole when it returns `Ok`, not at all when it fails.
pub trait Store: Send + Sync + std::fmt::Debug {
    /// Every table in play, the newest first.
    fn tables(&self) -> Result<Vec<StoredTable>, String>;
    /// Keeps the game of table `name` whole (the moves kept one by one
    /// before are in it).
    fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), String>;
    /// Keeps move number `ply` (from 1) of table `name`, in its text form
    /// (`Game::move_text`), after the moves kept before it, with the
    /// mover's clock after it (milliseconds) at a timed table.
    fn save_move(
        &self,
        name: &str,
        ply: usize,
        text: &str,
        clock_ms: Option<u64>,
    ) -> Result<(), String>;
    /// Keeps the seats of table `name`.
    fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), String>;
    /// The names claimed so far.
    fn names(&self) -> Result<NameBook, String>;
    /// Keeps the names claimed.
    fn save_names(&self, book: &NameBook) -> Result<(), String>;
    /// The first guest number not set aside yet (1 on a new server).
    fn guests(&self) -> Result<u64, String>;
    /// Keeps the first guest number not set aside.
    fn save_guests(&self, first_free: u64) -> Result<(), String>;
    /// Archives the game of table `name`, which has ended, as `game`:
    /// its players' ratings after it are kept, each keyed player's games
    /// counted, and the table leaves play, all in one transaction; the
    /// game's number.
    fn finish(&self, name: &str, game: &FinishedGame) -> Result<u64, String>;
    /// Archived game number `id`.
    fn archived(&self, id: u64) -> Result<Option<ArchivedGame>, String>;
    /// The `limit` games finished last, of account `identity` only when given.
    fn recent(&self, identity: Option<&str>, limit: usize) -> Result<Vec<GameLine>, String>;
    /// The rating in `variant` of each account of `identities` (a new
    /// player's for one not rated yet).
    fn ratings(&self, identities: &[&str], variant: &str) -> Result<Vec<Rating>, String>;
    /// The `limit` best rated in `variant`.
    fn leaderboard(&self, variant: &str, limit: usize) -> Result<Vec<Standing>, String>;
    /// The account of `identity`, if it has come before.
    fn account(&self, identity: &str) -> Result<Option<Account>, String>;
    /// The account (its identity) key `key` was added to, if any.
    fn account_of_key(&self, key: &str) -> Result<Option<String>, String>;
    /// Adds key `key` to account `identity`; refused for a key that has an
    /// account of its own.
    fn add_key(&self, key: &str, identity: &str) -> Result<(), String>;
    /// Keeps account `identity` with the name `name` when it is new.
    fn seen(&self, identity: &str, name: &str) -> Result<(), String>;
}
