//! What the server keeps, as one interface shaped by what the server
//! does: open a table, record a move, seat its players, finish its game
//! (archived and rated together), claim a name, link or unlink a key,
//! set guest numbers aside, and read the archive and the leaderboards a
//! page at a time. The hub knows only [`Store`]; [`super::database`]
//! keeps it all in SQLite, [`super::postgres`] in PostgreSQL, and
//! [`memory`] (for the tests) in memory, and one test suite ([`suite`])
//! holds all three to the same behaviour.
//!
//! Each method is one transaction inside the store, done whole or not
//! at all, and says what went wrong as a [`StoreError`], never in a
//! database's own words. What must happen in order (two games rating the
//! same player) is ordered by the store, not by its caller; what is kept
//! is kept as codes (an ending as a [`Termination`], never its words);
//! numbers (games, guests) come from the store. So a store shared by
//! several hosts (PostgreSQL) fits the same trait.

mod error;
#[cfg(test)]
pub mod memory;
#[cfg(test)]
pub mod suite;

pub use error::{Conflict, StoreError};

use super::room::Holder;
use crate::session::save::SavedGame;
use catboard::analysis::AnalysisRecord;
use catboard::core::Termination;
use catboard::rating::{self, Rating};
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
    /// The address its maker connected from, as the per-address limits
    /// count it; absent in files from before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
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
    /// not archived: read back as 0); filled in by the store.
    pub before: Option<Rating>,
    /// The rating after it, when it was rated; filled in by the store.
    pub after: Option<Rating>,
}

/// A finished game, as the archive keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// The variant's id (`chess`, `cats`…).
    pub variant: String,
    /// The time control, `None` for an untimed game.
    pub time_control: Option<String>,
    /// How it ended; `None` when not known (an ending kept in words
    /// before endings were kept as codes, that could not be read back).
    pub termination: Option<Termination>,
    /// The result: `1-0`, `0-1`, `1/2-1/2`, or the seats' scores (`5-3-0-2`).
    pub result: String,
    /// Whether the players' ratings move: the store moves them when it
    /// archives the game ([`Store::finish_game`]).
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
    /// Its analysis as far as it went ([`Store::keep_analysis`]), so a
    /// game is analysed once; `None` until it was analysed.
    pub analysis: Option<AnalysisRecord>,
}

/// One line of a list of games, and of a leaderboard (the session's
/// lobby lists them).
pub use crate::session::lobby::{GameLine, Standing};

impl FinishedGame {
    /// How it ended, in words ("Checkmate — White wins").
    pub fn ending(&self) -> String {
        crate::session::lobby::ending_of(&self.variant, self.termination)
    }
}

/// A page of a long list: the entries after `after` (from the start
/// when `None`), at most `limit` of them. Pages follow the list's own
/// order (an index), so reading page 100 costs what page 1 does.
#[derive(Clone, Debug, PartialEq)]
pub struct Page<C> {
    /// The last entry of the page before (its key), if any.
    pub after: Option<C>,
    /// How many entries at most.
    pub limit: usize,
}

impl<C> Page<C> {
    /// The first `limit` entries.
    pub fn first(limit: usize) -> Page<C> {
        Page { after: None, limit }
    }
}

/// A key asking for a name, and the rules it is claimed by.
#[derive(Clone, Copy, Debug)]
pub struct NameClaim<'a> {
    /// The name as asked for (kept as it is shown).
    pub name: &'a str,
    /// The name as compared ([`super::names::folded`]): two names with
    /// the same folded form are one name.
    pub folded: &'a str,
    /// The key (`key:SHA256:…`) asking.
    pub key: &'a str,
    /// How many names one key may hold.
    pub per_key: usize,
    /// How many names claimed by accounts that have finished no game the
    /// server keeps at most: only claims younger than `unplayed_lapse`
    /// count (those that lapse, of accounts that have not played), so the
    /// bound empties itself; the names of accounts that have played are
    /// not counted and have no bound but their keys' and addresses'.
    pub most: usize,
    /// Now, in seconds since 1970.
    pub now: u64,
    /// How long a name is kept unused, in seconds: a name whose holder's
    /// account was last seen (a login, a finished game) longer ago than
    /// this before `now` is free.
    pub lapse: u64,
    /// How long a name claimed by an account that has finished no game is
    /// kept, in seconds from its claim (a login does not extend it): older
    /// than this before `now`, it is free and does not count against
    /// `most`; once its account finishes a game, `lapse` keeps it.
    pub unplayed_lapse: u64,
}

/// What is kept of the key holding a name another key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameHolder {
    /// When it claimed the name, in seconds since 1970.
    pub claimed: u64,
    /// Its account's last sight and how many games it finished; `None`
    /// when no account is kept for it (a name imported from `names.json`,
    /// kept until its key comes back).
    pub account: Option<(u64, u64)>,
}

impl NameClaim<'_> {
    /// Whether a name held so is still its holder's at this claim's
    /// `now`, by the rules every store keeps: an account that has
    /// finished a game keeps its names while it is seen within `lapse`;
    /// one that has not, for `unplayed_lapse` from each claim.
    pub fn still_held(&self, holder: NameHolder) -> bool {
        holder.account.is_none_or(|(seen, games)| {
            seen >= self.now.saturating_sub(self.lapse)
                && (games > 0 || holder.claimed >= self.counted_since())
        })
    }

    /// The oldest claim by an account that has not played that still
    /// counts against `most` (and is still held).
    pub fn counted_since(&self) -> u64 {
        self.now.saturating_sub(self.unplayed_lapse)
    }
}

/// What a key asking for a name gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The key holds the name already.
    Held,
    /// The name was free and is now the key's.
    Claimed,
    /// Another key holds the name.
    Taken,
    /// The key holds as many names as one key may: these (folded, in
    /// order).
    KeyFull(Vec<String>),
    /// The server keeps as many names of accounts that have not played
    /// as it may (or the address asking has claimed its share).
    BookFull,
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

/// One key of an account, as the lobby's page of keys lists it (the
/// session's).
pub use crate::session::lobby::AccountKey;

/// A player's puzzle standing in a variant (the session's): rating,
/// streak, best streak.
pub use crate::session::puzzles::Standing as PuzzleStanding;

/// An account's attempt at a puzzle, to rate and keep
/// ([`Store::keep_puzzle`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleAttempt<'a> {
    /// The account (its identity).
    pub identity: &'a str,
    /// The variant's identifier.
    pub variant: &'a str,
    /// The puzzle's identifier.
    pub puzzle: &'a str,
    /// The puzzle's rating when it was never tried here (its file's).
    pub start: Rating,
    /// Whether it was solved without a hint.
    pub won: bool,
}

/// The most puzzle ratings one variant keeps ([`Store::puzzle_ratings`]
/// reads at most so many).
pub const PUZZLES_KEPT: usize = 10_000;

/// How much newer than the sight kept a key's login must be to be
/// written again (seconds), so a login usually only reads.
pub const KEY_SEEN_GRAIN: u64 = 60;

/// What the server keeps. Every method is one transaction: done whole
/// when it returns `Ok`, not at all when it fails.
pub trait Store: Send + Sync + std::fmt::Debug {
    /// Every table in play, the newest first.
    fn tables(&self) -> Result<Vec<StoredTable>, StoreError>;
    /// Puts the new table `name` in play, with its game and its seats;
    /// [`Conflict::TableExists`] when a table of that name is in play.
    fn open_table(
        &self,
        name: &str,
        game: &SavedGame,
        seats: &SeatsRecord,
    ) -> Result<(), StoreError>;
    /// Keeps the game of table `name` whole: the moves recorded one by
    /// one before are in it (and are folded in).
    fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), StoreError>;
    /// Records move number `ply` (from 1) of table `name`, in its text
    /// form (`Game::move_text`), with the mover's clock after it
    /// (milliseconds) at a timed table. [`Conflict::NotNextMove`] unless
    /// it follows the moves kept (another writer got there first).
    fn record_move(
        &self,
        name: &str,
        ply: usize,
        text: &str,
        clock_ms: Option<u64>,
    ) -> Result<(), StoreError>;
    /// Keeps the seats of table `name`.
    fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), StoreError>;
    /// Archives the game of table `name`, which has ended, as `game`,
    /// and takes the table out of play: when the game is rated, its
    /// players' ratings are read and moved in the same transaction (so
    /// two games of one player are rated one after the other, whatever
    /// the order they finish in), and each keyed player's games are
    /// counted. The game as archived: its number, its players' ratings
    /// before and after.
    fn finish_game(&self, name: &str, game: &FinishedGame) -> Result<ArchivedGame, StoreError>;
    /// Takes table `name` out of play without archiving it (it expired
    /// before a game was played at it); `false` when there was none.
    fn drop_table(&self, name: &str) -> Result<bool, StoreError>;
    /// Archived game number `id`.
    fn archived(&self, id: u64) -> Result<Option<ArchivedGame>, StoreError>;
    /// Keeps `analysis` with archived game number `id`, in place of any
    /// kept before; `false` when there is no such game.
    fn keep_analysis(&self, id: u64, analysis: &AnalysisRecord) -> Result<bool, StoreError>;
    /// A page of the archive, the newest first (`page.after`: the
    /// number of the last game seen), of account `identity`'s games
    /// only when given.
    fn archive_page(
        &self,
        identity: Option<&str>,
        page: Page<u64>,
    ) -> Result<Vec<GameLine>, StoreError>;
    /// The rating in `variant` of each account of `identities` (a new
    /// player's for one not rated yet).
    fn ratings(&self, identities: &[&str], variant: &str) -> Result<Vec<Rating>, StoreError>;
    /// How many rated games accounts `a` and `b` played together (any
    /// variant, any seats) that finished at `since` or later.
    fn rated_together(&self, a: &str, b: &str, since: u64) -> Result<usize, StoreError>;
    /// A page of the leaderboard of `variant`: the best rated first, then
    /// the most games, then by identity.
    fn leaderboard(&self, variant: &str, page: Page<Standing>)
    -> Result<Vec<Standing>, StoreError>;
    /// `claim.key` asking to show as `claim.name`: held already, claimed
    /// now (a key new here gets its account too, under that name), or
    /// refused by the claim's rules.
    fn claim_name(&self, claim: &NameClaim<'_>) -> Result<Claim, StoreError>;
    /// The account of `identity`, if it has come before.
    fn account(&self, identity: &str) -> Result<Option<Account>, StoreError>;
    /// The account (its identity) key `key` was linked to, if any.
    fn account_of_key(&self, key: &str) -> Result<Option<String>, StoreError>;
    /// Links key `key` to account `identity` at `now` (seconds since
    /// 1970, its first and last sight): from then on the key logs in as
    /// that account. [`Conflict::KeyHasAccount`] for a key with an
    /// account of its own, [`Conflict::KeyLinked`] for one linked already,
    /// [`Conflict::NoAccount`] when there is no account `identity`.
    fn link_key(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError>;
    /// Unlinks key `key` from account `identity`; whether it was linked
    /// (the account's first key is never linked, so never unlinked).
    fn unlink_key(&self, key: &str, identity: &str) -> Result<bool, StoreError>;
    /// The keys of account `identity`, at most `most`: the key it was
    /// made with first, then those linked to it in the order they were
    /// added. Nothing for an account not kept.
    fn keys(&self, identity: &str, most: usize) -> Result<Vec<AccountKey>, StoreError>;
    /// Key `key` logged in to account `identity` (its own key, or one
    /// linked to it) at `now`: the key's last sight and the account's
    /// (which keeps its names from lapsing) are now, when later than
    /// the ones kept. Nothing for a key that is neither.
    fn key_seen(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError>;
    /// Sets `count` guest numbers aside, never given before; the first
    /// of them (1 on a new server).
    fn reserve_guests(&self, count: u64) -> Result<u64, StoreError>;
    /// Account `identity`'s puzzle standing in each variant it tried a
    /// puzzle of, by the variant's identifier.
    fn puzzle_standings(&self, identity: &str)
    -> Result<Vec<(String, PuzzleStanding)>, StoreError>;
    /// The rating of each puzzle of `variant` tried here, by the
    /// puzzle's identifier (at most [`PUZZLES_KEPT`]).
    fn puzzle_ratings(&self, variant: &str) -> Result<Vec<(String, Rating)>, StoreError>;
    /// Rates and keeps `attempt`: the account's standing in the variant
    /// (a new player's when it has none) and the puzzle's rating
    /// (`attempt.start` when it has none) are read and moved by
    /// [`PuzzleStanding::after`] in the same transaction, so two attempts
    /// are rated one after the other; both after.
    fn keep_puzzle(
        &self,
        attempt: &PuzzleAttempt<'_>,
    ) -> Result<(PuzzleStanding, Rating), StoreError>;
}

/// `game`'s players rated: `before` their ratings before it, in seat
/// order, or `None` when it is not rated. Every store rates so.
pub fn rate(game: &mut FinishedGame, before: Option<Vec<Rating>>) {
    let Some(before) = before else {
        for player in &mut game.players {
            (player.before, player.after) = (None, None);
        }
        return;
    };
    let scores: Vec<u32> = game.players.iter().map(|p| p.score).collect();
    let after = rating::rate_game(&before, &scores, rating::TAU);
    for (s, player) in game.players.iter_mut().enumerate() {
        player.before = before.get(s).copied();
        player.after = after.get(s).copied();
    }
}

/// The accounts whose ratings `game` moves, in seat order: every
/// player's when it is rated and each seat has one, else none.
pub fn rated_identities(game: &FinishedGame) -> Option<Vec<&str>> {
    if !game.rated {
        return None;
    }
    game.players.iter().map(|p| p.identity.as_deref()).collect()
}

/// A move recorded one by one ([`Store::record_move`]) after its
/// table's game was last kept whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptMove {
    /// Its number, from 1.
    pub ply: usize,
    /// Its text.
    pub text: String,
    /// The mover's clock after it, in milliseconds, at a timed table.
    pub clock_ms: Option<u64>,
}

/// Table `name`'s game `saved` with the moves recorded since it was kept
/// whole (in order): each that follows is added, with its clock; a move
/// the game holds already is passed over, and a gap ends the reading
/// (said in the log). Every store reads a table back so.
pub fn with_moves(
    name: &str,
    mut saved: SavedGame,
    moves: impl IntoIterator<Item = KeptMove>,
) -> SavedGame {
    let mut unclocked = false;
    for kept in moves {
        if kept.ply == saved.moves.len() + 1 {
            saved.moves.push(kept.text);
            match kept.clock_ms {
                Some(ms) => saved.clocks.push(ms),
                None => unclocked = true,
            }
            // The turn the game was saved in is over.
            saved.turn_ms = None;
        } else if kept.ply > saved.moves.len() {
            super::log::event(format!(
                "table {name}: a move kept for ply {} does not follow move {}; the moves from it on are left out",
                kept.ply,
                saved.moves.len()
            ));
            break;
        }
    }
    if saved.time.is_none() {
        saved.clocks.clear();
    } else if unclocked && !saved.clocks.is_empty() {
        // Moves kept before the clocks were (schema 3): the clocks go
        // back to the control's full time.
        super::log::event(format!(
            "table {name}: some moves were kept without their clocks; its clocks start again"
        ));
        saved.clocks.clear();
    }
    saved
}
