//! The server's tables: made, joined, left, played on, and kept in the
//! [`Store`]. Nothing is shown as done before it is kept: a move, a new
//! table or a seat taken is written (and `fsync`ed) first, and when the
//! write fails it is refused with one sentence and the table stays as it
//! was. Writes happen on blocking threads, one table at a time each
//! (`RoomCell::writer`), so a slow disk holds up only its own table; the
//! game itself is behind a lock that is held for no longer than a copy.
//!
//! The lobby is drawn from a list of the tables rebuilt at most every
//! [`LOBBY_TICK`] and only when something a lobby line shows has changed
//! (a table made or over, a seat taken or freed, a spectator): a move at
//! a table wakes its viewers, never the lobby.

mod analysis;
mod clocks;
#[cfg(test)]
mod expiry_tests;
mod keys;
#[cfg(test)]
mod keys_tests;
#[cfg(test)]
mod log_tests;
mod offers;
mod pairing;
mod puzzles;
#[cfg(test)]
mod rating_tests;
mod rematch;
#[cfg(test)]
mod stranger_tests;
#[cfg(test)]
mod timed_tests;
#[cfg(test)]
mod unplayed_tests;

pub use pairing::QUICK_COMPUTER;
pub use puzzles::GUEST_PUZZLES;

use super::admission::Admission;
use super::archive;
use super::computers::{self, Job, Searches};
use super::identity::{Login, Who, address_key, parse_login};
use super::limits::{
    KEYS_PER_ACCOUNT, LINK_TRIES_PER_ADDRESS, LINK_TRY_WINDOW, LINKS_NEW_KEYS, LINKS_PER_ADDRESS,
    LOBBY_TICK, Limits, NAME_WINDOW, NEW_KEY,
};
use super::log;
use super::mailbox::{Ending, Mailbox};
use super::names::{self, GuestNumbers};
use super::quota::{self, Quota};
use super::room::{Joined, Room};
use super::store::{Claim, FinishedGame, GameLine, Page, Store};
use crate::session::computer::WATCH_PAUSE;
use crate::session::keeper::Record;
use crate::session::keeper::policy::{self, ComputerTurn};
use crate::session::table::TableGame;
use crate::session::timing::TimeSource;
use catboard::core::{Departure, Game, Move, Retire, Seat};
use std::cmp::Ordering as Order;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

/// How many moves a table's journal holds before they are folded into
/// its game's file.
const FOLD_EVERY: usize = 64;

/// How long a computer whose move could not be saved (or whose search
/// failed) waits to try again.
const RETRY_SAVE: Duration = Duration::from_secs(5);

/// The day over which [`Limits::rated_together_a_day`] counts.
const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// How a login name that adds a key begins (`ssh link-CODE@host`).
pub use super::names::LINK_PREFIX;

pub use keys::short_key;

/// How long a code for adding a key may be used.
pub const LINK_LIFETIME: Duration = Duration::from_secs(600);

/// How many codes for adding a key may wait at once.
pub const MAX_LINKS: usize = 256;

/// How many letters a code for adding a key has (32 to choose from each).
const LINK_CODE_LENGTH: usize = 10;

/// How many games the lobby's lists of games show.
pub const GAMES_LISTED: usize = 100;

/// How many players a leaderboard shows.
pub const LEADERS_LISTED: usize = 50;

/// What the lobby shows of the archive, and one line of it a table (the
/// session's lobby lists them).
pub use crate::session::lobby::{Boards, TableSummary};

/// A code for adding a key, waiting to be used.
#[derive(Debug)]
struct PendingLink {
    /// The account it adds a key to.
    identity: String,
    /// When it was given.
    made: Instant,
    /// The address ([`Who::address`]) of the connection that asked.
    address: String,
    /// Whether the key that asked was in its first hour.
    new_key: bool,
}

/// `pgn` (an archived game's text) with `record`'s evaluations and marks
/// written in, or `None` when the record does not fit the game.
fn annotated_pgn(pgn: &str, record: &catboard::analysis::AnalysisRecord) -> Option<String> {
    use catboard::notation::pgn as pgn_text;
    let mut game = pgn_text::read_game(pgn, 1).ok()?.pgn;
    let start = game.start_game().ok()?;
    let analysis = record.read(&start, &game.moves).ok()?;
    game.notes = catboard::analysis::annotate::pgn_notes(&analysis, &start, &game.moves);
    pgn_text::write(&game).ok()
}

/// Takes `m`'s lock, whatever a panic elsewhere left.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A table and the lock its writers take in turn.
#[derive(Debug)]
struct RoomCell {
    /// Held while a change to the table is written.
    writer: Mutex<()>,
    room: Mutex<Room>,
}

/// The lobby's connections and the list they are drawn from.
#[derive(Debug, Default)]
struct Lobby {
    watchers: HashMap<u64, Arc<Mailbox>>,
    tables: Arc<Vec<TableSummary>>,
}

/// Everything the connections share.
#[derive(Debug)]
pub struct Shared {
    rooms: Mutex<BTreeMap<String, Arc<RoomCell>>>,
    store: Arc<dyn Store>,
    guests: Mutex<GuestNumbers>,
    lobby: Mutex<Lobby>,
    /// Whether the lobby's list is out of date.
    lobby_stale: AtomicBool,
    /// Every connection in the game, to tell when the server stops.
    connections: Mutex<HashMap<u64, Arc<Mailbox>>>,
    /// Held while a table is made (names and counts checked, then kept).
    creating: Mutex<()>,
    /// Held while a finished game is archived (the games its accounts
    /// had together today counted, then it is kept).
    archiving: Mutex<()>,
    /// What the lobby shows of the archive.
    boards: Mutex<Arc<Boards>>,
    /// Whether [`Shared::boards`] is out of date.
    boards_stale: AtomicBool,
    /// The codes for adding a key, each with the account it adds to and
    /// when it was given.
    links: Mutex<HashMap<String, PendingLink>>,
    /// The link codes each address tried lately.
    link_tries: Mutex<Quota>,
    /// The new names each address claimed lately.
    name_claims: Mutex<Quota>,
    /// Tables whose computer's move could not be saved, and when to try again.
    retries: Mutex<Vec<(String, Instant)>>,
    searches: Arc<Searches>,
    /// The archived games being analysed.
    analyses: Arc<analysis::Analyses>,
    /// The hub's clock: each turn is timed on it.
    time: TimeSource,
    /// The people waiting for a quick game.
    seeks: Mutex<pairing::Seeks>,
    /// The number the next quick game's table is named after.
    next_quick: AtomicU64,
    /// The puzzles set, and the attempts rated lately.
    puzzles: puzzles::Puzzles,
    /// Who may come in.
    pub admission: Arc<Admission>,
    /// The server's limits.
    pub limits: Limits,
    /// Itself, for the computers' searches (which must not keep it alive).
    me: Weak<Shared>,
}

/// Orders table names as people count: `t2` before `t10`.
pub fn natural(a: &str, b: &str) -> Order {
    fn parts(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (pa, pb) = (parts(a), parts(b));
    for (x, y) in pa.iter().zip(&pb) {
        let by = match (x, y) {
            ((true, x), (true, y)) => {
                let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                x.len().cmp(&y.len()).then_with(|| x.cmp(y))
            }
            ((_, x), (_, y)) => x.cmp(y),
        };
        if by != Order::Equal {
            return by;
        }
    }
    pa.len().cmp(&pb.len()).then_with(|| a.cmp(b))
}

impl Shared {
    /// The tables kept in `store` (the unfinished ones), its names and its
    /// guest counter, ready to serve with `limits`, timing the turns on
    /// the machine's monotonic clock.
    pub fn load(store: Arc<dyn Store>, limits: Limits) -> Result<Arc<Shared>, String> {
        Shared::load_timed(store, limits, TimeSource::Real)
    }

    /// As [`Shared::load`], timing the turns on `time`. A timed table
    /// brought back goes on from its clocks as they were kept: the time
    /// the server was down is not counted.
    pub fn load_timed(
        store: Arc<dyn Store>,
        limits: Limits,
        time: TimeSource,
    ) -> Result<Arc<Shared>, String> {
        let now = time.now();
        let mut rooms = BTreeMap::new();
        for kept in store.tables()? {
            let name = kept.name;
            let table = match kept
                .game
                .and_then(|saved| TableGame::from_saved(&saved).map_err(|e| e.to_string()))
            {
                Ok(table) if table.outcome().is_none() => table,
                Ok(_) => continue,
                Err(e) => {
                    log::event(format!("table {name} was not brought back: {e}"));
                    continue;
                }
            };
            let seats = kept.seats.unwrap_or_default();
            let think_ms = seats.think_ms.unwrap_or(limits.think_ms);
            let mut room = Room::new(table, seats.owner, think_ms, now);
            room.address = seats.address;
            for (slot, holder) in room.holders.iter_mut().zip(seats.holders) {
                *slot = holder;
            }
            log::event(format!(
                "table {name} brought back at ply {}",
                room.table.ply()
            ));
            rooms.insert(
                name,
                Arc::new(RoomCell {
                    writer: Mutex::new(()),
                    room: Mutex::new(room),
                }),
            );
        }
        let shared = Arc::new_cyclic(|me| Shared {
            rooms: Mutex::new(rooms),
            store,
            guests: Mutex::new(GuestNumbers::default()),
            lobby: Mutex::new(Lobby::default()),
            lobby_stale: AtomicBool::new(true),
            connections: Mutex::new(HashMap::new()),
            creating: Mutex::new(()),
            archiving: Mutex::new(()),
            boards: Mutex::new(Arc::new(Boards::default())),
            boards_stale: AtomicBool::new(true),
            links: Mutex::new(HashMap::new()),
            link_tries: Mutex::new(Quota::new(LINK_TRIES_PER_ADDRESS, LINK_TRY_WINDOW)),
            name_claims: Mutex::new(Quota::new(limits.names_per_address, NAME_WINDOW)),
            retries: Mutex::new(Vec::new()),
            searches: Searches::start(limits.searches),
            analyses: analysis::Analyses::new(limits.analyses),
            time,
            seeks: Mutex::new(pairing::Seeks::default()),
            next_quick: AtomicU64::new(1),
            puzzles: puzzles::Puzzles::default(),
            admission: Admission::new(&limits),
            limits,
            me: me.clone(),
        });
        for name in shared.names_of_tables() {
            shared.engage(&name, Duration::ZERO);
        }
        shared.tick();
        Ok(shared)
    }

    fn names_of_tables(&self) -> Vec<String> {
        lock(&self.rooms).keys().cloned().collect()
    }

    /// Now in seconds since 1970, as kept in the store: the system's
    /// clock, moved on by a hand-set clock's time (so a test passes a day
    /// without sleeping).
    fn wall_secs(&self) -> u64 {
        let moved = match self.time {
            TimeSource::Real => 0,
            TimeSource::Manual(_) => self.time.now().as_secs(),
        };
        crate::serve::database::now_secs().saturating_add(moved)
    }

    fn cell(&self, name: &str) -> Option<Arc<RoomCell>> {
        lock(&self.rooms).get(name).cloned()
    }

    /// The lobby's list needs rebuilding.
    fn lobby_changed(&self) {
        self.lobby_stale.store(true, Ordering::Release);
    }

    /// A code for adding another key to `who`'s account: logging in with
    /// that key as `link-CODE` within [`LINK_LIFETIME`] adds it. An account
    /// has one code waiting at most (a new one replaces it). Refused to a
    /// guest, while [`MAX_LINKS`] codes wait, while [`LINKS_PER_ADDRESS`]
    /// wait for `who`'s address, and to a key in its first hour while
    /// [`LINKS_NEW_KEYS`] wait for such keys (so new keys cannot take the
    /// pool from everyone else).
    pub fn link_code(&self, who: &Who) -> Result<String, String> {
        if who.guest {
            return Err("A guest has no account to add a key to: connect with a key first.".into());
        }
        if self.keys_full(&who.identity)? {
            return Err(format!(
                "Your account has {KEYS_PER_ACCOUNT} keys, the most one may; remove one on the page of your keys (a) first."
            ));
        }
        let mut links = lock(&self.links);
        let now = Instant::now();
        links.retain(|_, link| {
            now.duration_since(link.made) < LINK_LIFETIME && link.identity != who.identity
        });
        let new_key = who.is_new_key(self.wall_secs(), NEW_KEY);
        let here = links
            .values()
            .filter(|l| !who.address.is_empty() && l.address == who.address)
            .count();
        let new_keys = links.values().filter(|l| l.new_key).count();
        let minutes = LINK_LIFETIME.as_secs() / 60;
        if here >= LINKS_PER_ADDRESS {
            return Err(format!(
                "Your address has {here} codes to add a key waiting, the most one address may; use one, or wait {minutes} minutes."
            ));
        }
        if new_key && new_keys >= LINKS_NEW_KEYS {
            return Err(format!(
                "Keys in their first hour have {new_keys} codes to add a key waiting, the most they share; try again in a few minutes."
            ));
        }
        if links.len() >= MAX_LINKS {
            return Err(
                "Too many keys are being added just now; try again in a few minutes.".into(),
            );
        }
        const LETTERS: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
        let code: String = (0..LINK_CODE_LENGTH)
            .map(|_| char::from(LETTERS[rand::random_range(0..LETTERS.len())]))
            .collect();
        links.insert(
            code.clone(),
            PendingLink {
                identity: who.identity.clone(),
                made: now,
                address: who.address.clone(),
                new_key,
            },
        );
        log::event(format!(
            "a code to add a key to {}'s account was given",
            who.name
        ));
        Ok(code)
    }

    /// Key `key` logging in from `address` ([`Who::address`]) with link
    /// code `code`: added to the account that asked for the code, and
    /// logged in as it. An address may try [`LINK_TRIES_PER_ADDRESS`]
    /// codes in [`LINK_TRY_WINDOW`], right or wrong.
    fn link(&self, code: &str, key: &str, address: &str) -> Result<Who, String> {
        {
            let now = self.time.now();
            let mut tries = lock(&self.link_tries);
            if let Err(wait) = tries.check(address, now) {
                return Err(format!(
                    "Too many codes to add a key were tried from your address; try again in {}.",
                    quota::wait_words(wait)
                ));
            }
            tries.take(address, now);
        }
        let taken = lock(&self.links).remove(code);
        let Some(link) = taken.filter(|l| l.made.elapsed() < LINK_LIFETIME) else {
            return Err("That code to add a key is not known or has expired; ask for a new one in the lobby (K).".into());
        };
        let identity = link.identity.clone();
        // A try that fails leaves the code for the right key to use.
        let keep = || lock(&self.links).insert(code.to_string(), link);
        if identity == key {
            keep();
            return Err("This key is the account's already; connect with the key to add.".into());
        }
        let linked = match self.keys_full(&identity) {
            Ok(true) => Err(format!(
                "That account has {KEYS_PER_ACCOUNT} keys, the most one may; remove one on its page of keys first."
            )),
            Ok(false) => self
                .store
                .link_key(key, &identity, self.wall_secs())
                .map_err(|e| e.to_string()),
            Err(e) => Err(e),
        };
        if let Err(e) = linked {
            keep();
            return Err(e);
        }
        let name = self
            .store
            .account(&identity)?
            .map_or_else(|| names::fallback(&identity), |a| a.name);
        log::event(format!("{key} was added to {name}'s account"));
        Ok(Who::of_account(&identity, key, name))
    }

    /// Who logs in as `login`: a guest gets the next number (kept on disk
    /// first, in blocks); a key added to an account is that account; any
    /// other key the name it asks for, claimed on first use (and an
    /// account made for it, first seen now); a name another key holds is
    /// refused in one sentence. May write.
    pub fn who(&self, login: &Login) -> Result<Who, String> {
        let Some(key) = &login.key else {
            let n = lock(&self.guests)
                .take(|count| self.store.reserve_guests(count))
                .map_err(|e| format!("Guests cannot come in just now: {e}"))?;
            return Ok(Who::guest(n, login.address));
        };
        self.who_with_key(login, key)
            .map(|(who, first_seen)| who.from(login.address, Some(first_seen)))
    }

    /// As [`Shared::who`], for a key: who, and when their account was
    /// first seen.
    fn who_with_key(&self, login: &Login, key: &str) -> Result<(Who, u64), String> {
        let (who, first) = self.account_by_key(login, key)?;
        // The key's login is its account's use of its names (linked or
        // its own); a sight that cannot be written stops no one.
        if let Err(e) = self.store.key_seen(key, &who.identity, self.wall_secs()) {
            log::event(format!("the login of {key} could not be noted: {e}"));
        }
        Ok((who, first))
    }

    /// As [`Shared::who_with_key`], before the key's login is noted.
    fn account_by_key(&self, login: &Login, key: &str) -> Result<(Who, u64), String> {
        let first_seen = |identity: &str| -> Result<u64, String> {
            Ok(self
                .store
                .account(identity)?
                .map_or_else(|| self.wall_secs(), |a| a.first_seen))
        };
        let (raw, _) = parse_login(&login.user);
        let address = address_key(login.address);
        if let Some(code) = names::link_code(raw) {
            let who = self.link(&code, key, &address)?;
            let first = first_seen(&who.identity)?;
            return Ok((who, first));
        }
        if let Some(identity) = self.store.account_of_key(key)? {
            let name = self
                .store
                .account(&identity)?
                .map_or_else(|| names::fallback(&identity), |a| a.name);
            let first = first_seen(&identity)?;
            return Ok((Who::of_account(&identity, key, name), first));
        }
        if raw.is_empty() {
            // Shown, never claimed: no key can hold the name others fall back on.
            let first = first_seen(key)?;
            return Ok((Who::with_key(key, names::fallback(key)), first));
        }
        let name = names::checked(raw).map_err(|e| e.to_string())?;
        let folded = names::folded(&name);
        let mut asked =
            names::claim_of(&name, &folded, key, self.wall_secs(), self.limits.new_names)
                .map_err(|e| e.to_string())?;
        let claim = {
            // Counted per address before a new name is written: past its
            // share, an address's keys may show only under names they hold.
            let now = self.time.now();
            let mut claims = lock(&self.name_claims);
            let spent = claims.check(&address, now).err();
            if spent.is_some() {
                asked.most = 0;
            }
            let claim = self
                .store
                .claim_name(&asked)
                .map_err(|e| format!("Your name could not be kept: {e}"))?;
            match (&claim, spent) {
                (Claim::Claimed, _) => claims.take(&address, now),
                (Claim::BookFull, Some(wait)) => {
                    return Err(format!(
                        "Your address has claimed {} new names in the last hour, the most one address may; connect with a name your key has used here before, or try again in {}.",
                        self.limits.names_per_address,
                        quota::wait_words(wait)
                    ));
                }
                _ => {}
            }
            claim
        };
        let claimed = claim == Claim::Claimed;
        names::answer(claim, &name)?;
        if claimed {
            log::event(format!("the name {name} is now {key}'s"));
        }
        let first = first_seen(key)?;
        Ok((Who::with_key(key, name), first))
    }

    /// Every table, for the lobby, in the order of their names as people
    /// count them; rebuilt at most every [`LOBBY_TICK`].
    pub fn summaries(&self) -> Arc<Vec<TableSummary>> {
        lock(&self.lobby).tables.clone()
    }

    fn build_summaries(&self) -> Vec<TableSummary> {
        let cells: Vec<(String, Arc<RoomCell>)> = lock(&self.rooms)
            .iter()
            .map(|(n, c)| (n.clone(), c.clone()))
            .collect();
        let mut tables: Vec<TableSummary> = cells
            .into_iter()
            .map(|(name, cell)| {
                let room = lock(&cell.room);
                TableSummary {
                    name,
                    game: room.table.variant().name().to_string(),
                    time: room.time_control(),
                    seats: room.seat_words(),
                    spectators: room.spectators(),
                    open: room.has_free_seat(),
                    over: room.table.outcome().is_some(),
                }
            })
            .collect();
        tables.sort_by(|a, b| natural(&a.name, &b.name));
        tables
    }

    /// What the server does every [`LOBBY_TICK`]: flags fall where the
    /// time of the seat to move has run out; people waiting for a quick
    /// game are paired; finished tables nobody watches leave the lobby;
    /// the lobby's list is rebuilt when it changed, and its connections
    /// told; computers whose move could not be saved try again.
    pub fn tick(&self) {
        self.fall_flags();
        self.expire_tables();
        self.pair_seekers();
        let finished: Vec<String> = lock(&self.rooms)
            .iter()
            .filter(|(_, c)| {
                let room = lock(&c.room);
                room.table.outcome().is_some() && !room.is_watched()
            })
            .map(|(n, _)| n.clone())
            .collect();
        if !finished.is_empty() {
            let mut rooms = lock(&self.rooms);
            for name in finished {
                rooms.remove(&name);
            }
            self.lobby_changed();
        }
        if self.boards_stale.swap(false, Ordering::AcqRel) {
            match self.build_boards() {
                Ok(boards) => *lock(&self.boards) = Arc::new(boards),
                Err(e) => log::event(format!("the lobby's lists of games: {e}")),
            }
            self.lobby_changed();
        }
        if self.lobby_stale.swap(false, Ordering::AcqRel) {
            let tables = Arc::new(self.build_summaries());
            let mut lobby = lock(&self.lobby);
            lobby.tables = tables;
            for mailbox in lobby.watchers.values() {
                mailbox.lobby_changed();
            }
        }
        let now = Instant::now();
        let due: Vec<String> = {
            let mut retries = lock(&self.retries);
            let (due, later) = retries.drain(..).partition(|(_, at)| *at <= now);
            *retries = later;
            due.into_iter().map(|(n, _)| n).collect()
        };
        for name in due {
            self.engage(&name, Duration::ZERO);
        }
    }

    fn build_boards(&self) -> Result<Boards, String> {
        let recent = self.store.archive_page(None, Page::first(GAMES_LISTED))?;
        let mut leaders = Vec::new();
        for variant in catboard::variants::Variant::ALL {
            let id = variant.id();
            leaders.push((
                id.to_string(),
                self.store.leaderboard(id, Page::first(LEADERS_LISTED))?,
            ));
        }
        Ok(Boards { recent, leaders })
    }

    /// What the lobby shows of the archive, rebuilt at most every
    /// [`LOBBY_TICK`] after a game is archived.
    pub fn boards(&self) -> Arc<Boards> {
        lock(&self.boards).clone()
    }

    /// The games `identity` finished last, the newest first.
    pub fn games_of(&self, identity: &str) -> Result<Vec<GameLine>, String> {
        Ok(self
            .store
            .archive_page(Some(identity), Page::first(GAMES_LISTED))?)
    }

    /// Archived game number `id` as PGN; the refusal says why.
    /// With the game's analysis, when the server has made one, as
    /// `[%eval …]` comments and move marks, as `catboard analyse` writes
    /// them.
    pub fn pgn(&self, id: u64) -> Result<String, String> {
        match self.store.archived(id)? {
            Some(archived) => Ok(match &archived.analysis {
                Some(record) => {
                    annotated_pgn(&archived.game.pgn, record).unwrap_or(archived.game.pgn)
                }
                None => archived.game.pgn,
            }),
            None => Err(format!("There is no game {id} in the archive.")),
        }
    }

    /// Archived game number `id` read back to look through: its game,
    /// the names at its people's seats, and a title ("Game 12: ann ·
    /// bob, 1-0, Checkmate — White wins"); the refusal says why.
    pub fn archived_table(
        &self,
        id: u64,
    ) -> Result<(TableGame, Vec<Option<String>>, String), String> {
        let Some(archived) = self.store.archived(id)? else {
            return Err(format!("There is no game {id} in the archive."));
        };
        let game = archived.game;
        let Some(saved) = &game.saved else {
            return Err(format!(
                "Game {id} was archived before games were kept to look through; ssh HOST pgn {id} prints it."
            ));
        };
        let mut table = TableGame::from_saved(saved)
            .map_err(|e| format!("Game {id} cannot be read back: {e}."))?;
        // Its analysis, when the server made one (the App reads it back
        // against the game, and makes it again if it does not fit).
        if archived.analysis.is_some() {
            table.set_analysis_record(archived.analysis);
        }
        let people = game
            .players
            .iter()
            .zip(table.players())
            .map(|(p, player)| player.level().is_none().then(|| p.name.clone()))
            .collect();
        let names: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
        let title = format!(
            "Game {id}: {}, {}, {}",
            names.join(" · "),
            game.result,
            game.ending()
        );
        Ok((table, people, title))
    }

    /// Connection `conn` is in the lobby: its `mailbox` hears when the tables change.
    pub fn enter_lobby(&self, conn: u64, mailbox: Arc<Mailbox>) {
        lock(&self.lobby).watchers.insert(conn, mailbox);
    }

    /// Connection `conn` has left the lobby (and stops waiting for a
    /// quick game).
    pub fn leave_lobby(&self, conn: u64) {
        lock(&self.lobby).watchers.remove(&conn);
        self.cancel_seek(conn);
    }

    /// Connection `conn` is in the game: it is told when the server stops.
    pub fn register(&self, conn: u64, mailbox: Arc<Mailbox>) {
        lock(&self.connections).insert(conn, mailbox);
    }

    /// Connection `conn` has ended.
    pub fn unregister(&self, conn: u64) {
        lock(&self.connections).remove(&conn);
    }

    /// Tells every connection the server is stopping; how many there were.
    pub fn shutdown(&self) -> usize {
        let connections = lock(&self.connections);
        for mailbox in connections.values() {
            mailbox.end(Ending::Shutdown);
        }
        connections.len()
    }

    /// How many connections are in the game.
    pub fn connected(&self) -> usize {
        lock(&self.connections).len()
    }

    /// Whether there is a table called `name`.
    pub fn exists(&self, name: &str) -> bool {
        lock(&self.rooms).contains_key(name)
    }

    /// Makes table `name` for `table`, made by `who`, its Master thinking
    /// `think_ms` (up to the server's maximum); refused when the name is
    /// taken, when the server or `who` has as many unfinished tables as
    /// allowed, or when it cannot be kept. May write.
    pub fn create(
        &self,
        name: &str,
        table: TableGame,
        who: &Who,
        think_ms: u64,
    ) -> Result<(), String> {
        let _making = lock(&self.creating);
        if self.exists(name) {
            return Err(format!("There is already a table called {name}."));
        }
        self.room_for(who)?;
        let mut room = Room::new(
            table,
            who.person.clone(),
            self.limits.think_ms_for(think_ms),
            self.time.now(),
        );
        room.address = (!who.address.is_empty()).then(|| who.address.clone());
        self.open(name, room)?;
        log::event(format!(
            "table {name} made by {} ({})",
            who.name, who.identity
        ));
        Ok(())
    }

    /// Whether `who` may make another table: refused when they (their
    /// key, their address, or their key in its first hour) have as many
    /// unfinished tables as their share. At the server's limit, the idlest
    /// table of the heaviest maker that is not in play is closed to make
    /// room ([`Shared::make_room`]); refused only when every table is.
    fn room_for(&self, who: &Who) -> Result<(), String> {
        let makers: Vec<(String, Option<String>)> = lock(&self.rooms)
            .values()
            .filter_map(|c| {
                let room = lock(&c.room);
                room.table
                    .outcome()
                    .is_none()
                    .then(|| (room.owner.clone(), room.address.clone()))
            })
            .collect();
        let made = makers.iter().filter(|(o, _)| *o == who.person).count();
        if made >= self.limits.tables_per_person {
            return Err(if who.guest {
                format!(
                    "Guests from your address have {made} unfinished tables, the most allowed; finish one, or connect with a key."
                )
            } else {
                format!("You have {made} unfinished tables, the most one person may have.")
            });
        }
        let new = self.limits.tables_new_key;
        if made >= new && who.is_new_key(self.wall_secs(), NEW_KEY) {
            return Err(format!(
                "A key in its first hour may have {new} unfinished table{}; finish it, or come back later.",
                if new == 1 { "" } else { "s" }
            ));
        }
        let here = makers
            .iter()
            .filter(|(_, a)| !who.address.is_empty() && a.as_deref() == Some(&who.address))
            .count();
        if here >= self.limits.tables_per_address {
            return Err(format!(
                "Your address has {here} unfinished tables, the most one address may have; finish one first."
            ));
        }
        if makers.len() >= self.limits.tables && !self.make_room() {
            return Err(format!(
                "The server has {} tables in play, the most it keeps; join one, or try again later.",
                makers.len()
            ));
        }
        Ok(())
    }

    /// Closes one table to make room for another: of the tables nobody
    /// is at and nobody has moved at for [`Limits::table_empty`], one of
    /// those whose maker made most (then whose address made most), the
    /// one idle longest. `false` when every table is in play.
    fn make_room(&self) -> bool {
        let now = self.time.now();
        let recent = self.limits.table_empty;
        let mut by_owner: HashMap<String, usize> = HashMap::new();
        let mut by_address: HashMap<String, usize> = HashMap::new();
        let mut free = Vec::new();
        for (name, cell) in lock(&self.rooms).iter() {
            let room = lock(&cell.room);
            if room.table.outcome().is_some() {
                continue;
            }
            *by_owner.entry(room.owner.clone()).or_default() += 1;
            let address = room.address.clone().unwrap_or_default();
            *by_address.entry(address.clone()).or_default() += 1;
            if !room.in_play(now, recent) {
                free.push((name.clone(), room.owner.clone(), address, room.last_move));
            }
        }
        let weight = |owner: &str, address: &str| {
            (
                by_owner.get(owner).copied().unwrap_or(0),
                by_address.get(address).copied().unwrap_or(0),
            )
        };
        let chosen = free.into_iter().max_by(|a, b| {
            weight(&a.1, &a.2)
                .cmp(&weight(&b.1, &b.2))
                .then_with(|| b.3.cmp(&a.3))
        });
        match chosen {
            Some((name, ..)) => self.close(&name, "the server needed room for a new table"),
            None => false,
        }
    }

    /// Closes table `name`, which nobody is at, without archiving it;
    /// `false` when it could not be.
    fn close(&self, name: &str, why: &str) -> bool {
        let Some(cell) = self.cell(name) else {
            return false;
        };
        let _writing = lock(&cell.writer);
        if lock(&cell.room).is_watched() {
            return false;
        }
        if let Err(e) = self.store.drop_table(name) {
            log::event(format!("table {name} could not be closed: {e}"));
            return false;
        }
        lock(&self.rooms).remove(name);
        log::event(format!("table {name} closed: {why}"));
        self.lobby_changed();
        true
    }

    /// Closes the tables that expired ([`Room::expired`]).
    fn expire_tables(&self) {
        let now = self.time.now();
        let expired: Vec<(String, &'static str)> = lock(&self.rooms)
            .iter()
            .filter_map(|(name, cell)| {
                let room = lock(&cell.room);
                room.expired(now, self.limits.table_idle, self.limits.table_empty)
                    .map(|why| (name.clone(), why))
            })
            .collect();
        for (name, why) in expired {
            self.close(&name, why);
        }
    }

    /// Keeps `room` as the new table `name` (its game and its seats, in
    /// turn) and opens it; a computer that moves first starts. The
    /// caller checked the name is free and the owner may.
    fn open(&self, name: &str, room: Room) -> Result<(), String> {
        let kept = self
            .store
            .open_table(name, &room.table.saved(), &room.record(None));
        if let Err(e) = kept {
            log::event(format!("table {name} was not made: {e}"));
            return Err(format!("The table was not made: {e}"));
        }
        lock(&self.rooms).insert(
            name.to_string(),
            Arc::new(RoomCell {
                writer: Mutex::new(()),
                room: Mutex::new(room),
            }),
        );
        self.lobby_changed();
        self.engage(name, Duration::ZERO);
        Ok(())
    }

    /// Brings connection `conn` of `who` to table `name`: to a seat (see
    /// [`Room::seat_for`]; kept before it is taken) or to watch. May write.
    pub fn join(
        &self,
        name: &str,
        conn: u64,
        who: &Who,
        mailbox: Arc<Mailbox>,
        play: bool,
        preferred: Option<usize>,
    ) -> Result<Joined, String> {
        let cell = self
            .cell(name)
            .ok_or_else(|| format!("There is no table called {name}."))?;
        let _writing = lock(&cell.writer);
        let (seat, record) = {
            let room = lock(&cell.room);
            let seat = room.seat_for(who, play, preferred);
            let record = seat
                .and_then(|s| room.holders_with(who, s))
                .map(|holders| room.record(Some(&holders)))
                .filter(|record| *record != room.record(None))
                .filter(|_| room.table.outcome().is_none());
            (seat, record)
        };
        if let Some(record) = record
            && let Err(e) = self.store.save_seats(name, &record)
        {
            log::caused(log::Cause::Conn(conn), format!("table {name}: {e}"));
            return Err(format!("You could not sit down: {e}"));
        }
        let now = self.time.now();
        let joined = {
            let mut room = lock(&cell.room);
            room.last_seen = now;
            let joined = room.join(conn, who, mailbox, seat);
            room.note_presence(now);
            joined
        };
        let role = match joined.seat {
            Some(seat) => format!("plays seat {seat}"),
            None => "watches".to_string(),
        };
        log::by(
            &log::Source {
                conn,
                address: &who.address,
            },
            format!("connection {conn} ({}) {role} at table {name}", who.name),
        );
        self.lobby_changed();
        Ok(joined)
    }

    /// Connection `conn` of `who` leaves table `name`. May write.
    pub fn leave(&self, name: &str, conn: u64, who: &Who) {
        let Some(cell) = self.cell(name) else {
            return;
        };
        let _writing = lock(&cell.writer);
        let record = {
            let mut room = lock(&cell.room);
            let now = self.time.now();
            room.last_seen = now;
            let over = room.table.outcome().is_some();
            let changed = room.leave(conn, who);
            room.note_presence(now);
            (changed && !over).then(|| room.record(None))
        };
        if let Some(record) = record
            && let Err(e) = self.store.save_seats(name, &record)
        {
            log::caused(log::Cause::Conn(conn), format!("table {name}: {e}"));
        }
        log::by(
            &log::Source {
                conn,
                address: &who.address,
            },
            format!("connection {conn} left table {name}"),
        );
        self.lobby_changed();
    }

    /// The game at table `name` as it stands (carrying the time the seat
    /// to move has spent so far), and who sits where.
    #[cfg(test)]
    pub fn table(&self, name: &str) -> Option<(TableGame, Vec<Option<String>>)> {
        self.view(name).map(|v| (v.table, v.people))
    }

    /// Table `name` as a connection at it sees it now.
    pub fn view(&self, name: &str) -> Option<Record> {
        let cell = self.cell(name)?;
        let now = self.time.now();
        let room = lock(&cell.room);
        Some(Record {
            table: room.table_at(now),
            people: room.people(),
            draw_offer: room.draw_offer,
        })
    }

    /// Plays `mv` for connection `conn` at table `name` once it is kept,
    /// then tells every viewer; the refusal says why (a save that failed
    /// is told to the whole table). The move is timed on the hub's clock:
    /// when the mover's time had run out first, its flag falls instead.
    /// A retirement is a resignation of the connection's own seat, or a
    /// draw agreed by answering the other army's offer
    /// ([`Room::check_retire`]). May write.
    pub fn play(&self, name: &str, conn: u64, mv: Move) -> Result<(), String> {
        let cell = self
            .cell(name)
            .ok_or_else(|| format!("The table {name} is gone."))?;
        let _writing = lock(&cell.writer);
        let (next, notation, text) = {
            let room = lock(&cell.room);
            room.check(conn, mv)?;
            self.advanced(&room, mv)?
        };
        self.settle(name, &cell, conn, (next, notation, text))
    }

    /// Keeps ply `played` (the game after it, its notation and text),
    /// asked for by connection `conn` at table `name`, whose writer lock
    /// the caller holds; then tells every viewer. A save that failed is
    /// told to the whole table and refuses the ply.
    fn settle(
        &self,
        name: &str,
        cell: &RoomCell,
        conn: u64,
        (next, notation, text): (TableGame, String, String),
    ) -> Result<(), String> {
        let archived = match self.keep(name, cell, &next, &text) {
            Ok(archived) => archived,
            Err(e) => {
                let why = format!("The move {notation} was not played: {e}");
                log::caused(log::Cause::Conn(conn), format!("table {name}: {why}"));
                lock(&cell.room).warn_others(conn, &why);
                return Err(why);
            }
        };
        let by = log::Cause::Conn(conn);
        log::caused(
            by,
            format!("table {name}: connection {conn} played {notation}"),
        );
        self.moved(name, cell, next, by);
        self.tell_archived(name, cell, archived, by);
        Ok(())
    }

    /// Connection `conn` claims the win at table `name`: each other
    /// person's seat whose player has been away from the table (no
    /// connection at it, their clock running) for [`Limits::claim_after`]
    /// resigns, as lichess lets a player claim when an opponent left. A
    /// game not yet played by each is aborted so, as any resignation is.
    /// Refused at an untimed table, to a spectator, and while every other
    /// player is here or has not been away long enough. May write.
    pub fn claim_win(&self, name: &str, conn: u64) -> Result<(), String> {
        let cell = self
            .cell(name)
            .ok_or_else(|| format!("The table {name} is gone."))?;
        let _writing = lock(&cell.writer);
        let now = self.time.now();
        let wait = self.limits.claim_after;
        let (gone, claimant) = {
            let room = lock(&cell.room);
            let Some(own) = room.seat_of_connection(conn) else {
                return Err("You are watching this table; only its players claim a win.".into());
            };
            if room.table.outcome().is_some() {
                return Err("The game is over; there is no win to claim.".into());
            }
            if room.table.time_control().is_none() {
                return Err("A win is claimed only at a table with a clock; an untimed table waits for its players.".into());
            }
            let absent = room.absent_seats(own, now);
            let gone: Vec<(usize, Duration)> =
                absent.iter().copied().filter(|(_, d)| *d >= wait).collect();
            if gone.is_empty() {
                return Err(match absent.iter().max_by_key(|(_, d)| *d) {
                    Some((seat, away)) => format!(
                        "{} has been away {} s; the win may be claimed after {} s away.",
                        room.seat_name(*seat),
                        away.as_secs(),
                        wait.as_secs()
                    ),
                    None => "Every player is at the table; there is no win to claim.".into(),
                });
            }
            (gone, room.seat_name(own))
        };
        for (seat, away) in gone {
            let played = {
                let room = lock(&cell.room);
                if room.table.outcome().is_some() {
                    break;
                }
                room.tell(
                    None,
                    &format!(
                        "{} has been away {} s; {claimant} claims the win, and {} resigns.",
                        room.seat_name(seat),
                        away.as_secs(),
                        room.seat_name(seat)
                    ),
                );
                let resign = Retire::Leave(Seat(seat as u8), Departure::Resigned);
                self.advanced(&room, resign.to_move())?
            };
            log::caused(
                log::Cause::Conn(conn),
                format!(
                    "table {name}: connection {conn} claims the win from seat {seat}, away {} s",
                    away.as_secs()
                ),
            );
            self.settle(name, &cell, conn, played)?;
        }
        Ok(())
    }

    /// Connection `conn` resigns its seat at table `name` (see
    /// [`Shared::play`]; a spectator is refused). May write.
    pub fn resign(&self, name: &str, conn: u64) -> Result<(), String> {
        let cell = self
            .cell(name)
            .ok_or_else(|| format!("The table {name} is gone."))?;
        let seat = lock(&cell.room).seat_of_connection(conn).unwrap_or(0);
        let resign = Retire::Leave(Seat(seat as u8), Departure::Resigned);
        self.play(name, conn, resign.to_move())
    }

    /// The game of `room` after the seat to move plays `mv` now, timed on
    /// the hub's clock (a retirement is played as it is), with what the
    /// log and the store write of the ply played: its notation and text.
    /// When the mover's time had run out, the ply played is its flag.
    fn advanced(&self, room: &Room, mv: Move) -> Result<(TableGame, String, String), String> {
        let game = room.table.game();
        let mut next = room.table.clone();
        let running = self.time.now().saturating_sub(room.turn_began);
        let played = policy::play_timed(&mut next, mv, running).map_err(|e| e.to_string())?;
        Ok((next, game.move_notation(played), game.move_text(played)))
    }

    /// A computer's move `mv` for table `name` at ply `ply` (or the pass
    /// of a seat that has left), played once kept; ignored when the table
    /// has moved on. May write.
    fn computer_moved(&self, name: &str, ply: usize, mv: Move) {
        let Some(cell) = self.cell(name) else {
            return;
        };
        let _writing = lock(&cell.writer);
        let (next, notation, text, think_ms) = {
            let room = lock(&cell.room);
            if room.table.ply() != ply || !room.table.game().legal_move_list().contains(&mv) {
                return;
            }
            let Ok((next, notation, text)) = self.advanced(&room, mv) else {
                return;
            };
            (next, notation, text, room.think_ms)
        };
        let archived = self.keep(name, &cell, &next, &text);
        if let Err(e) = &archived {
            log::event(format!(
                "table {name}: the computer's move was not kept: {e}"
            ));
            let mut room = lock(&cell.room);
            room.searching = None;
            room.warn(&format!(
                "The computer's move {notation} was not played: {e} It will try again."
            ));
            lock(&self.retries).push((name.to_string(), Instant::now() + RETRY_SAVE));
            return;
        }
        let mover = next.player(next.last_mover().unwrap_or(next.game().to_move()));
        let time = if mover.level() == Some(catboard::ai::Level::Master) && next.clocks().is_none()
        {
            format!(
                " (Master thinks {} ms here)",
                self.limits.think_ms_for(think_ms)
            )
        } else {
            String::new()
        };
        let by = match mover.level() {
            Some(_) => format!("the {}", mover.label()),
            None => "the hub, for a seat that has left,".to_string(),
        };
        log::event(format!("table {name}: {by} played {notation}{time}"));
        self.moved(name, &cell, next, log::Cause::Server);
        self.tell_archived(name, &cell, archived.ok().flatten(), log::Cause::Server);
    }

    /// Keeps `next`, table `name`'s game after the ply written `text`
    /// (the caller holds the table's writer lock): the ply alone, with
    /// the mover's clock after it, while the game goes on; once it has
    /// ended, the whole game archived, its ratings moved when
    /// [`archive::is_rated`], and the table out of play, in one
    /// transaction. The archived game, with its number.
    fn keep(
        &self,
        name: &str,
        cell: &RoomCell,
        next: &TableGame,
        text: &str,
    ) -> Result<Option<(u64, FinishedGame)>, String> {
        if next.outcome().is_none() {
            let clock = next
                .clock_readings()
                .last()
                .copied()
                .flatten()
                .map(|left| u64::try_from(left.as_millis()).unwrap_or(u64::MAX));
            return Ok(self
                .store
                .record_move(name, next.ply(), text, clock)
                .map(|()| None)?);
        }
        let mut record = archive::finished_game(&lock(&cell.room), next, self.wall_secs());
        let _archiving = lock(&self.archiving);
        if record.rated && self.rated_enough_today(&record)? {
            record.rated = false;
        }
        let archived = self.store.finish_game(name, &record)?;
        self.boards_stale.store(true, Ordering::Release);
        Ok(Some((archived.id, archived.game)))
    }

    /// Whether two accounts of `game` have finished
    /// [`Limits::rated_together_a_day`] rated games together in the day
    /// before it ended, so it is not rated: two keys of one person cannot
    /// farm a rating by playing each other.
    fn rated_enough_today(&self, game: &FinishedGame) -> Result<bool, String> {
        let since = game.finished.saturating_sub(DAY.as_secs());
        let ids: Vec<&str> = game
            .players
            .iter()
            .filter_map(|p| p.identity.as_deref())
            .collect();
        for (i, a) in ids.iter().enumerate() {
            for b in &ids[i + 1..] {
                if self.store.rated_together(a, b, since)? >= self.limits.rated_together_a_day {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The computer at table `name` found no move at ply `ply` (its
    /// search failed): it tries again in a while.
    fn try_again(&self, name: &str, ply: usize) {
        let Some(cell) = self.cell(name) else {
            return;
        };
        let mut room = lock(&cell.room);
        if room.searching == Some(ply) {
            room.searching = None;
            lock(&self.retries).push((name.to_string(), Instant::now() + RETRY_SAVE));
        }
    }

    /// Tells table `name` that its game is archived as number `id`, and
    /// how its ratings moved.
    fn tell_archived(
        &self,
        name: &str,
        cell: &RoomCell,
        archived: Option<(u64, FinishedGame)>,
        cause: log::Cause,
    ) {
        let Some((id, game)) = archived else {
            return;
        };
        let mut news = format!("Kept as game {id} (ssh HOST pgn {id} prints it).");
        if let Some(why) = archive::unrated_because(&game, self.limits.rated_together_a_day) {
            news.push_str(&format!(" {why}"));
        }
        if game.rated {
            let moves: Vec<String> = game
                .players
                .iter()
                .filter_map(|p| {
                    let (before, after) = (p.before?, p.after?);
                    Some(format!("{} {} → {}", p.name, before.shown(), after.shown()))
                })
                .collect();
            news.push_str(&format!(" Rated: {}.", moves.join(", ")));
        }
        log::caused(cause, format!("table {name}: {news}"));
        lock(&cell.room).tell(None, &news);
    }

    /// Table `name` now stands at `next`, which is kept: its viewers see
    /// it, and its computer starts when it is to move. Every
    /// [`FOLD_EVERY`] moves its moves are folded into its game (the
    /// caller holds the table's writer lock); a finished game is in the
    /// archive already.
    fn moved(&self, name: &str, cell: &RoomCell, next: TableGame, cause: log::Cause) {
        let fold = (next.ply().is_multiple_of(FOLD_EVERY) && next.outcome().is_none())
            .then(|| next.saved());
        let now = self.time.now();
        let over = {
            let mut room = lock(&cell.room);
            room.play(next, now);
            room.table.outcome().map(|o| room.table.outcome_words(o))
        };
        if let Some(words) = over {
            log::caused(cause, format!("table {name}: {words}"));
            self.lobby_changed();
        }
        self.engage(name, Duration::ZERO);
        if let Some(saved) = fold
            && let Err(e) = self.store.save_game(name, &saved)
        {
            // The moves are kept in the journal still; the next fold tries again.
            log::caused(cause, format!("table {name}: {e}"));
        }
    }

    /// Queues a search when a computer seat is to move at table `name`,
    /// starting no sooner than `delay` from now (and, at an untimed table,
    /// a little after a computer's move, so a person watching can follow);
    /// at a timed table the computer plays by its clock. A seat that has
    /// left the game (the Cats once their flag fell) passes at once.
    fn engage(&self, name: &str, delay: Duration) {
        let Some(cell) = self.cell(name) else {
            return;
        };
        let mut room = lock(&cell.room);
        let ply = room.table.ply();
        if room.table.outcome().is_some() || room.searching == Some(ply) {
            return;
        }
        let level = match policy::computer_turn(&room.table) {
            None => return,
            Some(ComputerTurn::Think(level)) => level,
            Some(ComputerTurn::Pass) => {
                room.searching = Some(ply);
                let (shared, table) = (self.me.clone(), name.to_string());
                self.searches.submit(Job {
                    owner: room.owner.clone(),
                    not_before: Instant::now(),
                    run: Box::new(move || {
                        if let Some(shared) = shared.upgrade() {
                            shared.computer_moved(&table, ply, Move::PASS);
                        }
                    }),
                });
                return;
            }
        };
        room.searching = Some(ply);
        let pause = policy::reply_pause(&room.table, WATCH_PAUSE);
        let game = room.table.game().clone();
        let limits = policy::search_limits(
            &room.table,
            level,
            self.limits.think_ms_for(room.think_ms),
            room.time_left(self.time.now()),
        );
        let shared = self.me.clone();
        let table = name.to_string();
        self.searches.submit(Job {
            owner: room.owner.clone(),
            not_before: Instant::now() + delay + pause,
            run: Box::new(move || {
                let found = computers::search(&table, &game, &limits);
                if let Some(shared) = shared.upgrade() {
                    match found {
                        Some(mv) => shared.computer_moved(&table, ply, mv),
                        None => shared.try_again(&table, ply),
                    }
                }
            }),
        });
    }
}

/// Runs [`Shared::tick`] every [`LOBBY_TICK`] for as long as the server runs.
pub async fn ticking(shared: Arc<Shared>) {
    let mut every = tokio::time::interval(LOBBY_TICK);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        shared.tick();
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::serve::database::Database;
    use crate::serve::lobby::LobbyScreen;
    use crate::serve::store::{
        Account, AccountKey, ArchivedGame, NameClaim, SeatsRecord, Standing, StoreError,
        StoredTable,
    };
    use crate::session::save::SavedGame;
    use crate::session::table::{Player, TableSpec};
    use catboard::ai::Level;
    use catboard::rating::Rating;
    use catboard::variants::Variant;
    use std::net::IpAddr;
    use std::path::PathBuf;

    /// The database, failing every game save while `failing` is set.
    #[derive(Debug)]
    pub(in crate::serve) struct Flaky {
        inner: Database,
        failing: AtomicBool,
    }

    impl Flaky {
        fn check(&self) -> Result<(), StoreError> {
            match self.failing.load(Ordering::Relaxed) {
                true => Err(StoreError::Full),
                false => Ok(()),
            }
        }
    }

    impl Store for Flaky {
        fn tables(&self) -> Result<Vec<StoredTable>, StoreError> {
            self.inner.tables()
        }
        fn open_table(
            &self,
            name: &str,
            game: &SavedGame,
            seats: &SeatsRecord,
        ) -> Result<(), StoreError> {
            self.check()?;
            self.inner.open_table(name, game, seats)
        }
        fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), StoreError> {
            self.check()?;
            self.inner.save_game(name, game)
        }
        fn record_move(
            &self,
            name: &str,
            ply: usize,
            text: &str,
            clock_ms: Option<u64>,
        ) -> Result<(), StoreError> {
            self.check()?;
            self.inner.record_move(name, ply, text, clock_ms)
        }
        fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), StoreError> {
            self.inner.save_seats(name, seats)
        }
        fn finish_game(&self, name: &str, game: &FinishedGame) -> Result<ArchivedGame, StoreError> {
            self.check()?;
            self.inner.finish_game(name, game)
        }
        fn drop_table(&self, name: &str) -> Result<bool, StoreError> {
            self.check()?;
            self.inner.drop_table(name)
        }
        fn archived(&self, id: u64) -> Result<Option<ArchivedGame>, StoreError> {
            self.inner.archived(id)
        }
        fn keep_analysis(
            &self,
            id: u64,
            analysis: &catboard::analysis::AnalysisRecord,
        ) -> Result<bool, StoreError> {
            self.check()?;
            self.inner.keep_analysis(id, analysis)
        }
        fn archive_page(
            &self,
            identity: Option<&str>,
            page: Page<u64>,
        ) -> Result<Vec<GameLine>, StoreError> {
            self.inner.archive_page(identity, page)
        }
        fn ratings(&self, identities: &[&str], variant: &str) -> Result<Vec<Rating>, StoreError> {
            self.inner.ratings(identities, variant)
        }
        fn rated_together(&self, a: &str, b: &str, since: u64) -> Result<usize, StoreError> {
            self.inner.rated_together(a, b, since)
        }
        fn leaderboard(
            &self,
            variant: &str,
            page: Page<Standing>,
        ) -> Result<Vec<Standing>, StoreError> {
            self.inner.leaderboard(variant, page)
        }
        fn claim_name(&self, claim: &NameClaim<'_>) -> Result<Claim, StoreError> {
            self.inner.claim_name(claim)
        }
        fn account(&self, identity: &str) -> Result<Option<Account>, StoreError> {
            self.inner.account(identity)
        }
        fn account_of_key(&self, key: &str) -> Result<Option<String>, StoreError> {
            self.inner.account_of_key(key)
        }
        fn link_key(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError> {
            self.inner.link_key(key, identity, now)
        }
        fn unlink_key(&self, key: &str, identity: &str) -> Result<bool, StoreError> {
            self.inner.unlink_key(key, identity)
        }
        fn keys(&self, identity: &str, most: usize) -> Result<Vec<AccountKey>, StoreError> {
            self.inner.keys(identity, most)
        }
        fn key_seen(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError> {
            self.inner.key_seen(key, identity, now)
        }
        fn reserve_guests(&self, count: u64) -> Result<u64, StoreError> {
            self.inner.reserve_guests(count)
        }
        fn puzzle_standings(
            &self,
            identity: &str,
        ) -> Result<Vec<(String, crate::serve::store::PuzzleStanding)>, StoreError> {
            self.inner.puzzle_standings(identity)
        }
        fn puzzle_ratings(&self, variant: &str) -> Result<Vec<(String, Rating)>, StoreError> {
            self.inner.puzzle_ratings(variant)
        }
        fn keep_puzzle(
            &self,
            attempt: &crate::serve::store::PuzzleAttempt<'_>,
        ) -> Result<(crate::serve::store::PuzzleStanding, Rating), StoreError> {
            self.check()?;
            self.inner.keep_puzzle(attempt)
        }
    }

    use catboard_testkit::Scratch;

    /// The hubs a test makes on a scratch folder's data.
    pub(in crate::serve) trait HubScratch {
        /// A store on the data in this folder that can be made to fail.
        fn flaky(&self) -> Arc<Flaky>;
        /// A hub on the data in this folder, and its store.
        fn shared(&self, limits: Limits) -> (Arc<Shared>, Arc<Flaky>);
        /// A hub on the data in this folder whose clock moves only by hand.
        fn timed_hub(&self) -> (Arc<Shared>, crate::session::timing::ManualTime) {
            self.timed_hub_with(Limits::default())
        }
        /// As [`HubScratch::timed_hub`], with `limits`.
        fn timed_hub_with(
            &self,
            limits: Limits,
        ) -> (Arc<Shared>, crate::session::timing::ManualTime);
    }

    impl HubScratch for Scratch {
        fn flaky(&self) -> Arc<Flaky> {
            Arc::new(Flaky {
                inner: Database::open(&self.0).expect("a store"),
                failing: AtomicBool::new(false),
            })
        }

        fn shared(&self, limits: Limits) -> (Arc<Shared>, Arc<Flaky>) {
            let store = self.flaky();
            let shared = Shared::load(store.clone(), limits).expect("a hub");
            (shared, store)
        }

        fn timed_hub_with(
            &self,
            limits: Limits,
        ) -> (Arc<Shared>, crate::session::timing::ManualTime) {
            let (time, hand) = TimeSource::manual();
            let shared = Shared::load_timed(self.flaky(), limits, time).expect("a hub");
            (shared, hand)
        }
    }

    pub(in crate::serve) fn who(id: &str) -> Who {
        let guest = id.starts_with("guest");
        Who {
            identity: id.into(),
            name: id.into(),
            guest,
            person: if guest {
                "guest@10.0.0.1".into()
            } else {
                id.into()
            },
            address: "10.0.0.1".into(),
            first_seen: None,
            key: (!guest).then(|| id.to_string()),
        }
    }

    pub(super) fn game(players: Vec<Player>) -> TableGame {
        TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: catboard::core::Options::new(),
            position: None,
            players,
            time: None,
        })
        .expect("chess")
    }

    pub(in crate::serve) fn chess() -> TableGame {
        game(vec![Player::Human; 2])
    }

    /// A chess table for two people at time control `control`.
    pub(super) fn timed_chess(control: &str) -> TableGame {
        TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: catboard::core::Options::new(),
            position: None,
            players: vec![Player::Human; 2],
            time: catboard::clock::TimeControl::parse(control).expect("a control"),
        })
        .expect("chess")
    }

    pub(in crate::serve) fn sit(shared: &Shared, table: &str, conn: u64, id: &str) -> Arc<Mailbox> {
        let mailbox = Arc::new(Mailbox::new());
        shared
            .join(table, conn, &who(id), mailbox.clone(), true, None)
            .expect("joined");
        mailbox
    }

    pub(super) fn mv(shared: &Shared, table: &str, text: &str) -> Move {
        let (t, _) = shared.table(table).expect("a table");
        t.game().parse_move(text).expect("legal")
    }

    /// Fool's mate played at `shared`'s timed table `t` (made here) by
    /// key:a and key:b, two seconds a move on `hand`: archived as game 1.
    pub(super) fn play_fools_mate(shared: &Shared, hand: &crate::session::timing::ManualTime) {
        shared
            .create("t", timed_chess("5+0"), &who("key:a"), 100)
            .expect("made");
        sit(shared, "t", 1, "key:a");
        sit(shared, "t", 2, "key:b");
        for (conn, text) in [(1, "f3"), (2, "e5"), (1, "g4"), (2, "Qh4#")] {
            hand.advance(std::time::Duration::from_secs(2));
            shared
                .play("t", conn, mv(shared, "t", text))
                .expect("played");
        }
    }

    #[test]
    fn a_restart_keeps_a_persons_seat_and_the_moves_but_no_guests_seat() {
        let dir = Scratch::new("restart");
        let (shared, _) = dir.shared(Limits::default());
        shared
            .create("t", chess(), &who("key:a"), 100)
            .expect("made");
        sit(&shared, "t", 1, "key:a");
        sit(&shared, "t", 2, "guest:1");
        shared
            .play("t", 1, mv(&shared, "t", "e4"))
            .expect("White moves");
        drop(shared);

        let (again, _) = dir.shared(Limits::default());
        assert_eq!(again.table("t").map(|(t, _)| t.ply()), Some(1));
        assert_eq!(
            again.table("t").map(|(_, people)| people),
            Some(vec![Some("key:a".to_string()), Some("free".to_string())]),
            "the guest's seat is free"
        );
    }

    #[test]
    fn a_long_game_is_kept_move_by_move_and_folded_without_losing_one() {
        let dir = Scratch::new("fold");
        let (shared, _) = dir.shared(Limits::default());
        let options = catboard::core::Options::parse(
            Variant::Chess.options(),
            ["repetition=off", "fifty_moves=off"],
        )
        .expect("options");
        let endless = TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options,
            position: None,
            players: vec![Player::Human; 2],
            time: None,
        })
        .expect("chess");
        shared
            .create("t", endless, &who("key:a"), 100)
            .expect("made");
        sit(&shared, "t", 1, "key:a");
        sit(&shared, "t", 2, "key:b");
        let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let plies = FOLD_EVERY + 6;
        for ply in 0..plies {
            let conn = 1 + (ply % 2) as u64;
            shared
                .play("t", conn, mv(&shared, "t", cycle[ply % 4]))
                .expect("played");
        }
        let db = rusqlite::Connection::open(dir.0.join("catboard.db")).expect("the database");
        let game: String = db
            .query_row("SELECT game FROM live_tables WHERE name = 't'", [], |r| {
                r.get(0)
            })
            .expect("the game");
        let kept: SavedGame = serde_json::from_str(&game).expect("a saved game");
        assert_eq!(kept.moves.len(), FOLD_EVERY, "folded at {FOLD_EVERY}");
        let journal: i64 = db
            .query_row("SELECT count(*) FROM live_moves WHERE tbl = 't'", [], |r| {
                r.get(0)
            })
            .expect("the moves since");
        assert_eq!(journal, 6);
        drop(shared);
        let (again, _) = dir.shared(Limits::default());
        assert_eq!(again.table("t").map(|(t, _)| t.ply()), Some(plies));
    }

    #[test]
    fn a_move_that_cannot_be_kept_is_refused_told_to_the_table_and_nothing_is_lost() {
        let dir = Scratch::new("unkept");
        let (shared, store) = dir.shared(Limits::default());
        shared
            .create("t", chess(), &who("key:a"), 100)
            .expect("made");
        let _ann = sit(&shared, "t", 1, "key:a");
        let bob = sit(&shared, "t", 2, "key:b");
        shared.play("t", 1, mv(&shared, "t", "e4")).expect("kept");
        bob.take();
        store.failing.store(true, Ordering::Relaxed);
        let e5 = mv(&shared, "t", "e5");
        let err = shared.play("t", 2, e5).expect_err("not kept");
        assert_eq!(
            err,
            "The move e5 was not played: The server's disk is full."
        );
        assert_eq!(
            shared.table("t").map(|(t, _)| t.ply()),
            Some(1),
            "not played"
        );
        store.failing.store(false, Ordering::Relaxed);
        shared.play("t", 2, e5).expect("kept now");
        drop(shared);
        let (again, _) = dir.shared(Limits::default());
        let (t, _) = again.table("t").expect("brought back");
        assert_eq!(t.notation().collect::<Vec<_>>(), ["e4", "e5"]);
    }

    #[test]
    fn guests_from_one_address_share_one_persons_table_limit() {
        let dir = Scratch::new("guests");
        let limits = Limits {
            tables_per_person: 2,
            ..Limits::default()
        };
        let (shared, _) = dir.shared(limits);
        let address: IpAddr = "10.0.0.1".parse().expect("an address");
        let guest = |n| Who::guest(n, address);
        shared
            .create("g1", chess(), &guest(1), 100)
            .expect("the first");
        shared
            .create("g2", chess(), &guest(2), 100)
            .expect("the second");
        let err = shared
            .create("g3", chess(), &guest(3), 100)
            .expect_err("a third guest from the same address");
        assert!(err.starts_with("Guests from your address have 2"), "{err}");
        let elsewhere = Who::guest(4, "10.0.0.2".parse().expect("an address"));
        shared
            .create("g3", chess(), &elsewhere, 100)
            .expect("another address may");
    }

    #[test]
    fn the_server_keeps_only_so_many_tables_in_play_and_one_person_fewer() {
        let dir = Scratch::new("cap");
        let limits = Limits {
            tables_per_person: 1,
            tables: 2,
            ..Limits::default()
        };
        let (shared, _) = dir.shared(limits);
        shared
            .create("a", chess(), &who("key:a"), 100)
            .expect("the first");
        let err = shared
            .create("b", chess(), &who("key:a"), 100)
            .expect_err("one too many");
        assert!(err.contains("1 unfinished tables"), "{err}");
        let taken = shared
            .create("a", chess(), &who("key:b"), 100)
            .expect_err("taken");
        assert!(taken.contains("already a table called a"), "{taken}");
        shared
            .create("b", chess(), &who("key:b"), 100)
            .expect("someone else may");
        let _at_a = sit(&shared, "a", 1, "key:a");
        let _at_b = sit(&shared, "b", 2, "key:b");
        let full = shared
            .create("c", chess(), &who("key:c"), 100)
            .expect_err("full");
        assert!(
            full.starts_with("The server has 2 tables in play"),
            "{full}"
        );
    }

    #[test]
    fn a_computer_that_moves_first_moves_and_computers_play_each_other() {
        let dir = Scratch::new("first");
        let (shared, _) = dir.shared(Limits::default());
        let casual = Player::Computer(Level::Casual);
        shared
            .create("w", game(vec![casual, Player::Human]), &who("key:a"), 100)
            .expect("made");
        shared
            .create("cc", game(vec![casual, casual]), &who("key:a"), 100)
            .expect("made");
        let deadline = Instant::now() + Duration::from_secs(20);
        let ply = |name: &str| shared.table(name).map_or(0, |(t, _)| t.ply());
        while (ply("w") < 1 || ply("cc") < 3) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(
            ply("w"),
            1,
            "White, the computer, has moved and waits for Black"
        );
        assert!(ply("cc") >= 3, "the computers play on: {}", ply("cc"));
    }

    #[test]
    fn a_move_wakes_the_tables_viewers_but_not_the_lobby() {
        let dir = Scratch::new("lobby");
        let (shared, _) = dir.shared(Limits::default());
        shared
            .create("t", chess(), &who("key:a"), 100)
            .expect("made");
        let ann = sit(&shared, "t", 1, "key:a");
        let _bob = sit(&shared, "t", 2, "key:b");
        let watcher = Arc::new(Mailbox::new());
        shared.enter_lobby(9, watcher.clone());
        shared.tick();
        watcher.take();
        ann.take();
        for (conn, text) in [(1, "Nf3"), (2, "Nf6"), (1, "Ng1"), (2, "Ng8")] {
            shared
                .play("t", conn, mv(&shared, "t", text))
                .expect("played");
            shared.tick();
        }
        assert!(ann.take().table, "the players see each move");
        assert!(!watcher.take().lobby, "nothing a lobby line shows changed");
        sit(&shared, "t", 3, "key:c");
        shared.tick();
        shared.tick();
        assert!(watcher.take().lobby, "a spectator is shown in the lobby");
        assert_eq!(shared.summaries()[0].spectators, 1);
    }

    #[test]
    fn a_second_key_is_added_from_a_session_of_the_first_and_plays_as_the_account() {
        let dir = Scratch::new("link");
        let (shared, _) = dir.shared(Limits::default());
        let address: IpAddr = "10.0.0.1".parse().expect("an address");
        let login = |user: &str, key: Option<&str>| Login {
            user: user.into(),
            key: key.map(str::to_string),
            address,
        };
        let alice = shared.who(&login("alice", Some("key:A"))).expect("alice");
        let first = shared
            .store
            .account("key:A")
            .expect("read")
            .expect("an account")
            .first_seen;
        assert!(first > 0);
        let guest = shared.who(&login("g", None)).expect("a guest");
        assert!(shared.link_code(&guest).is_err(), "a guest has no account");
        let code = shared.link_code(&alice).expect("a code");
        let laptop = shared
            .who(&login(&format!("link-{code}"), Some("key:L")))
            .expect("added");
        assert_eq!(
            (laptop.identity.as_str(), laptop.name.as_str()),
            ("key:A", "alice")
        );
        let again = shared
            .who(&login(&format!("link-{code}"), Some("key:M")))
            .expect_err("a code is used once");
        assert!(again.contains("not known or has expired"), "{again}");
        drop(shared);
        let (shared, _) = dir.shared(Limits::default());
        let later = shared.who(&login("whoever", Some("key:L"))).expect("in");
        assert_eq!(
            (later.identity.as_str(), later.name.as_str()),
            ("key:A", "alice")
        );
        let bob = shared.who(&login("bob", Some("key:B"))).expect("bob");
        let code = shared.link_code(&alice).expect("a code");
        let err = shared
            .who(&login(&format!("link-{code}"), Some(&bob.identity)))
            .expect_err("bob has an account of his own");
        assert!(err.contains("has an account of its own"), "{err}");
        // A key linked already, trying another account's code, is told so
        // in our words (not the database's "UNIQUE constraint failed").
        let code = shared.link_code(&bob).expect("a code");
        let err = shared
            .who(&login(&format!("link-{code}"), Some("key:L")))
            .expect_err("key:L is alice's");
        assert_eq!(err, "This key belongs to an account already.");
    }

    /// Plays `moves` at a new chess table `name`, `white` against
    /// `black`, the table timed when `timed`; conns from `conn`.
    fn play_out(
        shared: &Shared,
        name: &str,
        (white, black): (&str, &str),
        moves: &[&str],
        timed: bool,
        conn: u64,
    ) {
        // Named as their keys say (`key:ann` is ann).
        let person = |id: &str| Who {
            name: id.trim_start_matches("key:").replace("guest:", "guest-"),
            ..who(id)
        };
        let table = if timed { timed_chess("5+3") } else { chess() };
        shared
            .create(name, table, &person(white), 100)
            .expect("made");
        for (seat, id) in [white, black].into_iter().enumerate() {
            let mailbox = Arc::new(Mailbox::new());
            shared
                .join(name, conn + seat as u64, &person(id), mailbox, true, None)
                .expect("joined");
        }
        for (ply, text) in moves.iter().enumerate() {
            let mover = conn + (ply % 2) as u64;
            shared
                .play(name, mover, mv(shared, name, text))
                .expect("played");
        }
    }

    const SCHOLARS: &[&str] = &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];
    const FOOLS: &[&str] = &["f3", "e5", "g4", "Qh4#"];

    #[test]
    fn rated_games_move_ratings_per_variant_and_fill_the_leaderboard() {
        let dir = Scratch::new("rated");
        let (shared, _) = dir.shared(Limits::default());
        rated_series(&shared);
        let first = shared.store.archived(1).expect("read").expect("game 1");
        assert!(first.game.rated);
        let alice = first.game.players[0].after.expect("rated");
        // A new player beating a new player: 1662.3 / 290.3 by Glicko-2.
        assert!((alice.rating - 1662.31).abs() < 0.5, "{alice:?}");
        assert!((alice.deviation - 290.32).abs() < 0.5, "{alice:?}");
        assert_eq!(first.game.result, "1-0");
        assert!(
            first.game.pgn.contains("[TimeControl \"300+3\"]"),
            "{}",
            first.game.pgn
        );
        for id in [7, 8] {
            let unrated = shared.store.archived(id).expect("read").expect("there");
            assert!(!unrated.game.rated, "game {id}");
            assert!(unrated.game.players.iter().all(|p| p.after.is_none()));
        }
        let board = shared
            .store
            .leaderboard("chess", Page::first(10))
            .expect("a board");
        let names: Vec<&str> = board.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names[0], "alice", "four wins of four: {names:?}");
        assert_eq!(names.last(), Some(&"bob"), "four losses of five: {names:?}");
        assert_eq!(board[0].games, 4);
        assert!(
            board.iter().all(|s| s.rating.is_provisional()),
            "a few games each"
        );
        let bob_games = shared.games_of("key:bob").expect("bob's games");
        assert_eq!(
            bob_games.len(),
            6,
            "his four rated games, the untimed one and the one with a guest"
        );
        assert_eq!(
            shared.store.account("key:bob").map(|a| a.map(|a| a.games)),
            Ok(Some(6))
        );
        assert_eq!(
            shared.store.account("guest:9"),
            Ok(None),
            "guests are not kept"
        );
        assert!(shared.store.ratings(&["key:alice"], "cats").expect("read")[0].deviation == 350.0);

        // The lobby's leaderboard, as a player sees it.
        shared.tick();
        let lists = crate::serve::lobby::Lists {
            boards: shared.boards(),
            mine: Some(shared.games_of("key:alice").expect("games")),
            keys: None,
            puzzles: None,
        };
        let mut lobby = crate::serve::lobby::Lobby::new();
        let area = ratatui::layout::Rect::new(0, 0, 80, 24);
        lobby.key(crate::session::keymap::Key::Char('l'), &[], area);
        let screen = crate::serve::lobby::drawn(&mut lobby, &[], &lists, 80, 24);
        eprintln!("{screen}");
        assert!(screen.contains("Leaderboard — Chess"), "{screen}");
        assert!(screen.contains("  1. alice"), "{screen}");
        let top = screen
            .lines()
            .find(|l| l.contains("  1. alice"))
            .unwrap_or_default();
        assert!(top.contains("? "), "alice's rating is provisional: {top}");
        lobby.key(crate::session::keymap::Key::Char('r'), &[], area);
        let recent = crate::serve::lobby::drawn(&mut lobby, &[], &lists, 80, 24);
        eprintln!("{recent}");
        assert!(recent.contains("#8"), "{recent}");
    }

    /// A series of games at chess between four players with keys: six
    /// rated, one untimed, one against a guest.
    pub(in crate::serve) fn rated_series(shared: &Shared) {
        for id in ["alice", "bob", "carol", "dave"] {
            let login = Login {
                user: id.into(),
                key: Some(format!("key:{id}")),
                address: "10.0.0.1".parse().expect("an address"),
            };
            shared.who(&login).expect("an account");
        }
        let series: [(&str, &str, &[&str]); 6] = [
            ("key:alice", "key:bob", SCHOLARS),
            ("key:bob", "key:carol", FOOLS),
            ("key:alice", "key:carol", SCHOLARS),
            ("key:carol", "key:alice", FOOLS),
            ("key:bob", "key:alice", FOOLS),
            ("key:dave", "key:bob", SCHOLARS),
        ];
        for (n, (white, black, moves)) in series.iter().enumerate() {
            let table = format!("g{}", n + 1);
            play_out(
                shared,
                &table,
                (white, black),
                moves,
                true,
                10 * n as u64 + 10,
            );
        }
        // Unrated: no clock; a guest.
        play_out(shared, "u1", ("key:bob", "key:alice"), SCHOLARS, false, 100);
        play_out(shared, "u2", ("key:bob", "guest:9"), SCHOLARS, true, 110);
    }

    /// Not a test: leaves the data folder of [`rated_series`] in
    /// `$CATBOARD_DEMO_DATA`, for a server to show (the closing note's
    /// lobby capture).
    #[test]
    #[ignore = "makes a data folder for a demonstration"]
    fn demo_data_folder() {
        let Some(dir) = std::env::var_os("CATBOARD_DEMO_DATA") else {
            return;
        };
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("a data folder");
        let store = Arc::new(Database::open(&dir).expect("a database"));
        let shared = Shared::load(store, Limits::default()).expect("a hub");
        rated_series(&shared);
    }

    #[test]
    fn tables_are_listed_as_people_count() {
        let mut names = vec!["t10", "t2", "t1", "b", "t11", "t02x", "a9", "a10"];
        names.sort_by(|a, b| natural(a, b));
        assert_eq!(names, ["a9", "a10", "b", "t1", "t2", "t02x", "t10", "t11"]);
    }

    #[test]
    fn a_key_claims_its_name_a_guest_is_numbered_and_both_outlive_a_restart() {
        let dir = Scratch::new("names");
        let (shared, _) = dir.shared(Limits::default());
        let address: IpAddr = "10.0.0.1".parse().expect("an address");
        let login = |user: &str, key: Option<&str>| Login {
            user: user.into(),
            key: key.map(str::to_string),
            address,
        };
        let alice = shared
            .who(&login("alice+t1", Some("key:A")))
            .expect("claimed");
        assert_eq!(alice.name, "alice");
        let err = shared
            .who(&login("alice", Some("key:B")))
            .expect_err("taken");
        assert!(err.contains("belongs to another key"), "{err}");
        let first = shared.who(&login("alice", None)).expect("a guest");
        assert_eq!(first.name, "guest-1", "a guest never wears a name");
        drop(shared);
        let (again, _) = dir.shared(Limits::default());
        assert!(
            again.who(&login("alice", Some("key:B"))).is_err(),
            "still alice's"
        );
        assert_eq!(
            again.who(&login("alice", Some("key:A"))).map(|w| w.name),
            Ok("alice".into())
        );
        let next = again.who(&login("x", None)).expect("a guest");
        assert_ne!(next.name, "guest-1", "no guest number twice");
    }
}
