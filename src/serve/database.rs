//! The server's database: one SQLite file, `catboard.db`, in the data
//! folder, behind the [`Store`] interface. It runs in WAL mode with
//! `synchronous = FULL`, so a write is on disk when its transaction
//! commits, and every write is one transaction: a finished game is
//! archived, its players' ratings moved and its table taken out of play
//! together or not at all. The schema has a version
//! (`schema_version`), raised by the [`MIGRATIONS`] in turn, each in a
//! transaction of its own. A data folder from before the database (its
//! JSON tables, seats, names and guest counter) is imported on the first
//! start, in one transaction, and its files are left as they were, a
//! backup.

use super::json_tables::JsonTables;
use super::log;
use super::names::NameBook;
use super::store::{
    Account, ArchivedGame, ArchivedPlayer, FinishedGame, GameLine, SeatsRecord, Standing, Store,
    StoredTable,
};
use crate::session::save::SavedGame;
use catboard::rating::Rating;
use rusqlite::{Connection, OpenFlags, OptionalExtension, Transaction, params};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// The database's file name in the data folder.
pub const FILE_NAME: &str = "catboard.db";

/// How long a write waits for another holding the database (an
/// operator's `sqlite3` session, say) before it is refused.
const BUSY: Duration = Duration::from_secs(2);

/// The schema, one step a version: step `i` takes the database from
/// version `i` to `i + 1`. A step is never changed once released; a
/// change is a new step.
pub const MIGRATIONS: &[&str] = &[
    // 1: what the JSON files kept: the tables in play, their moves since
    // the game was last written whole, their seats, the names, counters.
    "CREATE TABLE live_tables (
         name TEXT PRIMARY KEY,
         game TEXT NOT NULL,
         seats TEXT,
         touched INTEGER NOT NULL
     );
     CREATE TABLE live_moves (
         tbl TEXT NOT NULL,
         ply INTEGER NOT NULL,
         text TEXT NOT NULL,
         PRIMARY KEY (tbl, ply)
     );
     CREATE TABLE names (name TEXT PRIMARY KEY, key TEXT NOT NULL);
     CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);",
    // 2: the archive of finished games, accounts and ratings.
    "CREATE TABLE games (
         id INTEGER PRIMARY KEY,
         tbl TEXT NOT NULL,
         variant TEXT NOT NULL,
         time_control TEXT,
         termination TEXT NOT NULL,
         result TEXT NOT NULL,
         rated INTEGER NOT NULL,
         finished INTEGER NOT NULL,
         plies INTEGER NOT NULL,
         pgn TEXT NOT NULL
     );
     CREATE TABLE game_players (
         game INTEGER NOT NULL REFERENCES games(id),
         seat INTEGER NOT NULL,
         seat_name TEXT NOT NULL,
         identity TEXT,
         name TEXT NOT NULL,
         score INTEGER NOT NULL,
         rating_before REAL,
         deviation_before REAL,
         rating_after REAL,
         deviation_after REAL,
         PRIMARY KEY (game, seat)
     );
     CREATE INDEX game_players_by_identity ON game_players (identity, game);
     CREATE TABLE accounts (
         identity TEXT PRIMARY KEY,
         name TEXT NOT NULL,
         first_seen INTEGER NOT NULL,
         games INTEGER NOT NULL DEFAULT 0
     );
     CREATE TABLE ratings (
         identity TEXT NOT NULL,
         variant TEXT NOT NULL,
         rating REAL NOT NULL,
         deviation REAL NOT NULL,
         volatility REAL NOT NULL,
         games INTEGER NOT NULL,
         PRIMARY KEY (identity, variant)
     );
     CREATE INDEX ratings_by_variant ON ratings (variant, rating);",
    // 3: more than one key to an account: each key added, and the
    // account (the identity of its first key) it belongs to.
    "CREATE TABLE account_keys (
         key TEXT PRIMARY KEY,
         identity TEXT NOT NULL REFERENCES accounts(identity),
         added INTEGER NOT NULL
     );",
    // 4: clocks: the mover's clock after each move kept one by one (in
    // milliseconds; NULL at an untimed table), and each archived game in
    // the save format too, to be opened for review.
    "ALTER TABLE live_moves ADD COLUMN clock_ms INTEGER;
     ALTER TABLE games ADD COLUMN saved TEXT;",
];

/// The store as one SQLite database.
#[derive(Debug)]
pub struct Database {
    connection: Mutex<Connection>,
}

/// One sentence for a database failure.
fn said(e: rusqlite::Error) -> String {
    format!("the database: {e}")
}

/// Seconds since 1970, now.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn as_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn as_u64(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

impl Database {
    /// The database in data folder `dir`: made (readable by the owner
    /// alone) and brought to the newest schema, the JSON files of an older
    /// server imported on its first start.
    pub fn open(dir: &Path) -> Result<Database, String> {
        Database::open_at(dir, MIGRATIONS.len())
    }

    /// The database in `dir` brought to schema `version` at most (the
    /// tests make old databases with it).
    pub fn open_at(dir: &Path, version: usize) -> Result<Database, String> {
        let path = dir.join(FILE_NAME);
        let shown = path.display().to_string();
        let fail = |e: String| format!("The database {shown} cannot be used: {e}.");
        make_private(dir, 0o700).map_err(|e| fail(e.to_string()))?;
        if !path.exists() {
            // Made private before SQLite opens it; its -wal and -shm files
            // take the same permissions.
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&path)
                .map_err(|e| fail(e.to_string()))?;
        } else {
            make_private(&path, 0o600).map_err(|e| fail(e.to_string()))?;
        }
        let mut connection = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| fail(e.to_string()))?;
        connection
            .busy_timeout(BUSY)
            .map_err(|e| fail(e.to_string()))?;
        let mode: String = connection
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(|e| fail(e.to_string()))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(fail(format!(
                "it would not go into WAL mode (it is {mode})"
            )));
        }
        connection
            .execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            .map_err(|e| fail(e.to_string()))?;
        let from = migrate(&mut connection, version).map_err(|e| fail(e.to_string()))?;
        if from < version {
            log::event(format!(
                "the database {} is at schema version {version} (it was at {from})",
                path.display()
            ));
        }
        let database = Database {
            connection: Mutex::new(connection),
        };
        if version >= 1 {
            database.import(dir).map_err(fail)?;
        }
        Ok(database)
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        self.connection
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `work` in one transaction, committed when it returns `Ok`.
    fn write<T>(
        &self,
        work: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, String> {
        let mut connection = self.connection();
        let tx = connection.transaction().map_err(said)?;
        let out = work(&tx).map_err(said)?;
        tx.commit().map_err(said)?;
        Ok(out)
    }

    /// Brings in the JSON files of a server from before the database, once
    /// (a counter marks it done); the files stay, as a backup.
    fn import(&self, dir: &Path) -> Result<(), String> {
        let done = self
            .connection()
            .query_row(
                "SELECT value FROM counters WHERE name = 'imported'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .optional()
            .map_err(said)?
            .is_some();
        if done {
            return Ok(());
        }
        let old = JsonTables::new(dir);
        let (tables, book, guests) = if old.exists() {
            (old.tables()?, old.names()?, old.guests()?)
        } else {
            (Vec::new(), NameBook::default(), 1)
        };
        let count = tables.len();
        self.write(|tx| {
            // The oldest first, so the newest is touched last.
            for table in tables.iter().rev() {
                let Ok(game) = &table.game else {
                    log::event(format!(
                        "table {} was not imported: its file cannot be read",
                        table.name
                    ));
                    continue;
                };
                put_game(tx, &table.name, game)?;
                if let Some(seats) = &table.seats {
                    put_seats(tx, &table.name, seats)?;
                }
            }
            put_names(tx, &book)?;
            put_counter(tx, "guests", guests)?;
            put_counter(tx, "imported", now_secs())
        })?;
        if old.exists() {
            log::event(format!(
                "imported {count} tables and {} names from the JSON files in {} (kept there as a backup)",
                book.count(),
                dir.display()
            ));
        }
        Ok(())
    }
}

/// Takes the group's and others' permissions off `path` (to `mode`),
/// saying so in the log when it had any.
fn make_private(path: &Path, mode: u32) -> std::io::Result<()> {
    let now = std::fs::metadata(path)?.permissions().mode() & 0o777;
    if now & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
        log::event(format!(
            "{} was readable by others (mode {now:o}); it is now {mode:o}",
            path.display()
        ));
    }
    Ok(())
}

/// Takes `connection` from its schema version to `target`, a step a
/// transaction; the version it was at.
fn migrate(connection: &mut Connection, target: usize) -> rusqlite::Result<usize> {
    connection
        .execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let at: Option<i64> = connection
        .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .optional()?;
    let from = at.map_or(0, |v| usize::try_from(v).unwrap_or(0));
    if from > MIGRATIONS.len() {
        return Err(refusal(format!(
            "its schema is version {from}, newer than this catboard knows ({}); run a newer catboard",
            MIGRATIONS.len()
        )));
    }
    for (step, script) in MIGRATIONS.iter().enumerate().take(target).skip(from) {
        let tx = connection.transaction()?;
        tx.execute_batch(script)?;
        tx.execute("DELETE FROM schema_version", [])?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES (?1)",
            [as_i64(step as u64 + 1)],
        )?;
        tx.commit()?;
    }
    Ok(from)
}

/// A refusal of ours as a database error.
fn refusal(sentence: String) -> rusqlite::Error {
    rusqlite::Error::ToSqlConversionFailure(sentence.into())
}

fn json<T: serde::Serialize>(value: &T) -> rusqlite::Result<String> {
    serde_json::to_string(value).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}

/// Keeps `game` as table `name`'s whole game: its moves kept one by one
/// before are in it, so they go.
fn put_game(tx: &Transaction<'_>, name: &str, game: &SavedGame) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO live_tables (name, game, touched)
         VALUES (?1, ?2, (SELECT coalesce(max(touched), 0) + 1 FROM live_tables))
         ON CONFLICT (name) DO UPDATE SET game = excluded.game, touched = excluded.touched",
        params![name, json(game)?],
    )?;
    tx.execute("DELETE FROM live_moves WHERE tbl = ?1", [name])?;
    Ok(())
}

fn put_seats(tx: &Transaction<'_>, name: &str, seats: &SeatsRecord) -> rusqlite::Result<()> {
    let changed = tx.execute(
        "UPDATE live_tables SET seats = ?2 WHERE name = ?1",
        params![name, json(seats)?],
    )?;
    if changed == 0 {
        return Err(refusal(format!("there is no table {name} to seat")));
    }
    Ok(())
}

fn put_names(tx: &Transaction<'_>, book: &NameBook) -> rusqlite::Result<()> {
    tx.execute("DELETE FROM names", [])?;
    for (name, key) in book.entries() {
        tx.execute(
            "INSERT INTO names (name, key) VALUES (?1, ?2)",
            params![name, key],
        )?;
    }
    Ok(())
}

fn put_counter(tx: &Transaction<'_>, name: &str, value: u64) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO counters (name, value) VALUES (?1, ?2)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        params![name, as_i64(value)],
    )?;
    Ok(())
}

fn rating_of(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Option<Rating>> {
    let rating: Option<f64> = row.get(at)?;
    let deviation: Option<f64> = row.get(at + 1)?;
    Ok(rating.zip(deviation).map(|(rating, deviation)| Rating {
        rating,
        deviation,
        volatility: 0.0,
    }))
}

impl Store for Database {
    fn tables(&self) -> Result<Vec<StoredTable>, String> {
        let connection = self.connection();
        let mut tables = connection
            .prepare("SELECT name, game, seats FROM live_tables ORDER BY touched DESC")
            .map_err(said)?;
        let rows = tables
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<String>>(2)?,
                ))
            })
            .map_err(said)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(said)?;
        let mut moves = connection
            .prepare("SELECT ply, text, clock_ms FROM live_moves WHERE tbl = ?1 ORDER BY ply")
            .map_err(said)?;
        let mut out = Vec::with_capacity(rows.len());
        for (name, game, seats) in rows {
            let game = serde_json::from_str::<SavedGame>(&game)
                .map_err(|e| format!("its game is not readable ({e})"));
            let game = match game {
                Ok(mut saved) => {
                    let kept = moves
                        .query_map([&name], |r| {
                            Ok((
                                r.get::<_, i64>(0)?,
                                r.get::<_, String>(1)?,
                                r.get::<_, Option<i64>>(2)?,
                            ))
                        })
                        .map_err(said)?
                        .collect::<rusqlite::Result<Vec<_>>>()
                        .map_err(said)?;
                    let mut unclocked = false;
                    for (ply, text, clock) in kept {
                        let ply = usize::try_from(ply).unwrap_or(0);
                        if ply == saved.moves.len() + 1 {
                            saved.moves.push(text);
                            match clock {
                                Some(ms) => saved.clocks.push(as_u64(ms)),
                                None => unclocked = true,
                            }
                            // The turn the game was saved in is over.
                            saved.turn_ms = None;
                        } else if ply > saved.moves.len() {
                            log::event(format!(
                                "table {name}: a move kept for ply {ply} does not follow move {}; the moves from it on are left out",
                                saved.moves.len()
                            ));
                            break;
                        }
                    }
                    if saved.time.is_none() {
                        saved.clocks.clear();
                    } else if unclocked && !saved.clocks.is_empty() {
                        // Moves kept before the clocks were (schema 3):
                        // the clocks go back to the control's full time.
                        log::event(format!(
                            "table {name}: some moves were kept without their clocks; its clocks start again"
                        ));
                        saved.clocks.clear();
                    }
                    Ok(saved)
                }
                Err(e) => Err(e),
            };
            let seats = seats.and_then(|text| match serde_json::from_str(&text) {
                Ok(seats) => Some(seats),
                Err(e) => {
                    log::event(format!(
                        "table {name}: its seats are not readable ({e}); they are free"
                    ));
                    None
                }
            });
            out.push(StoredTable { name, game, seats });
        }
        Ok(out)
    }

    fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), String> {
        self.write(|tx| put_game(tx, name, game))
            .map_err(|e| format!("Could not save the game of table {name}: {e}."))
    }

    fn save_move(
        &self,
        name: &str,
        ply: usize,
        text: &str,
        clock_ms: Option<u64>,
    ) -> Result<(), String> {
        self.write(|tx| {
            tx.execute(
                "INSERT OR REPLACE INTO live_moves (tbl, ply, text, clock_ms) VALUES (?1, ?2, ?3, ?4)",
                params![name, as_i64(ply as u64), text, clock_ms.map(as_i64)],
            )
        })
        .map(|_| ())
        .map_err(|e| format!("Could not save the move: {e}."))
    }

    fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), String> {
        self.write(|tx| put_seats(tx, name, seats))
            .map_err(|e| format!("Could not save the seats of table {name}: {e}."))
    }

    fn names(&self) -> Result<NameBook, String> {
        let connection = self.connection();
        let mut names = connection
            .prepare("SELECT name, key FROM names")
            .map_err(said)?;
        let entries = names
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(said)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(said)?;
        Ok(NameBook::from_entries(entries))
    }

    fn save_names(&self, book: &NameBook) -> Result<(), String> {
        self.write(|tx| put_names(tx, book))
            .map_err(|e| format!("Could not save the names: {e}."))
    }

    fn guests(&self) -> Result<u64, String> {
        let kept: Option<i64> = self
            .connection()
            .query_row(
                "SELECT value FROM counters WHERE name = 'guests'",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(said)?;
        Ok(kept.map_or(1, as_u64))
    }

    fn save_guests(&self, first_free: u64) -> Result<(), String> {
        self.write(|tx| put_counter(tx, "guests", first_free))
            .map_err(|e| format!("Could not save the guest counter: {e}."))
    }

    fn finish(&self, name: &str, game: &FinishedGame) -> Result<u64, String> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO games (tbl, variant, time_control, termination, result, rated, finished, plies, pgn, saved)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                params![
                    name,
                    game.variant,
                    game.time_control,
                    game.termination,
                    game.result,
                    game.rated,
                    as_i64(game.finished),
                    as_i64(game.plies as u64),
                    game.pgn,
                    game.saved.as_ref().map(json).transpose()?
                ],
            )?;
            let id = tx.last_insert_rowid();
            for (seat, player) in game.players.iter().enumerate() {
                tx.execute(
                    "INSERT INTO game_players (game, seat, seat_name, identity, name, score,
                         rating_before, deviation_before, rating_after, deviation_after)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    params![
                        id,
                        as_i64(seat as u64),
                        player.seat_name,
                        player.identity,
                        player.name,
                        player.score,
                        player.before.map(|r| r.rating),
                        player.before.map(|r| r.deviation),
                        player.after.map(|r| r.rating),
                        player.after.map(|r| r.deviation),
                    ],
                )?;
                let Some(identity) = &player.identity else {
                    continue;
                };
                tx.execute(
                    "INSERT INTO accounts (identity, name, first_seen, games) VALUES (?1, ?2, ?3, 1)
                     ON CONFLICT (identity) DO UPDATE SET games = games + 1",
                    params![identity, player.name, as_i64(game.finished)],
                )?;
                if let Some(after) = player.after {
                    tx.execute(
                        "INSERT INTO ratings (identity, variant, rating, deviation, volatility, games)
                         VALUES (?1, ?2, ?3, ?4, ?5, 1)
                         ON CONFLICT (identity, variant) DO UPDATE SET rating = excluded.rating,
                             deviation = excluded.deviation, volatility = excluded.volatility,
                             games = games + 1",
                        params![
                            identity,
                            game.variant,
                            after.rating,
                            after.deviation,
                            after.volatility
                        ],
                    )?;
                }
            }
            tx.execute("DELETE FROM live_moves WHERE tbl = ?1", [name])?;
            tx.execute("DELETE FROM live_tables WHERE name = ?1", [name])?;
            Ok(as_u64(id))
        })
        .map_err(|e| format!("Could not archive the game of table {name}: {e}."))
    }

    fn archived(&self, id: u64) -> Result<Option<ArchivedGame>, String> {
        let connection = self.connection();
        let head = connection
            .query_row(
                "SELECT tbl, variant, time_control, termination, result, rated, finished, plies, pgn, saved
                 FROM games WHERE id = ?1",
                [as_i64(id)],
                |r| {
                    let table: String = r.get(0)?;
                    let game = FinishedGame {
                        variant: r.get(1)?,
                        time_control: r.get(2)?,
                        termination: r.get(3)?,
                        result: r.get(4)?,
                        rated: r.get(5)?,
                        finished: as_u64(r.get(6)?),
                        plies: usize::try_from(r.get::<_, i64>(7)?).unwrap_or(0),
                        pgn: r.get(8)?,
                        // A game that cannot be read back is still its PGN.
                        saved: r
                            .get::<_, Option<String>>(9)?
                            .and_then(|text| serde_json::from_str(&text).ok()),
                        players: Vec::new(),
                    };
                    Ok((table, game))
                },
            )
            .optional()
            .map_err(said)?;
        let Some((table, mut game)) = head else {
            return Ok(None);
        };
        let mut players = connection
            .prepare(
                "SELECT seat_name, identity, name, score, rating_before, deviation_before,
                     rating_after, deviation_after
                 FROM game_players WHERE game = ?1 ORDER BY seat",
            )
            .map_err(said)?;
        game.players = players
            .query_map([as_i64(id)], |r| {
                Ok(ArchivedPlayer {
                    seat_name: r.get(0)?,
                    identity: r.get(1)?,
                    name: r.get(2)?,
                    score: r.get(3)?,
                    before: rating_of(r, 4)?,
                    after: rating_of(r, 6)?,
                })
            })
            .map_err(said)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(said)?;
        Ok(Some(ArchivedGame { id, table, game }))
    }

    fn recent(&self, identity: Option<&str>, limit: usize) -> Result<Vec<GameLine>, String> {
        let connection = self.connection();
        let mut games = connection
            .prepare(
                "SELECT g.id, g.variant, g.result, g.termination, g.rated, g.finished,
                     (SELECT group_concat(name, ' · ') FROM
                         (SELECT name FROM game_players p WHERE p.game = g.id ORDER BY seat))
                 FROM games g
                 WHERE ?1 IS NULL OR g.id IN (SELECT game FROM game_players WHERE identity = ?1)
                 ORDER BY g.id DESC LIMIT ?2",
            )
            .map_err(said)?;
        games
            .query_map(params![identity, as_i64(limit as u64)], |r| {
                Ok(GameLine {
                    id: as_u64(r.get(0)?),
                    variant: r.get(1)?,
                    result: r.get(2)?,
                    termination: r.get(3)?,
                    rated: r.get(4)?,
                    finished: as_u64(r.get(5)?),
                    players: r.get::<_, Option<String>>(6)?.unwrap_or_default(),
                })
            })
            .map_err(said)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(said)
    }

    fn ratings(&self, identities: &[&str], variant: &str) -> Result<Vec<Rating>, String> {
        let connection = self.connection();
        let mut one = connection
            .prepare(
                "SELECT rating, deviation, volatility FROM ratings WHERE identity = ?1 AND variant = ?2",
            )
            .map_err(said)?;
        identities
            .iter()
            .map(|identity| {
                one.query_row(params![identity, variant], |r| {
                    Ok(Rating {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                    })
                })
                .optional()
                .map(Option::unwrap_or_default)
                .map_err(said)
            })
            .collect()
    }

    fn leaderboard(&self, variant: &str, limit: usize) -> Result<Vec<Standing>, String> {
        let connection = self.connection();
        let mut rows = connection
            .prepare(
                "SELECT coalesce(a.name, r.identity), r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r LEFT JOIN accounts a ON a.identity = r.identity
                 WHERE r.variant = ?1 ORDER BY r.rating DESC, r.games DESC LIMIT ?2",
            )
            .map_err(said)?;
        rows.query_map(params![variant, as_i64(limit as u64)], |r| {
            Ok(Standing {
                name: r.get(0)?,
                rating: Rating {
                    rating: r.get(1)?,
                    deviation: r.get(2)?,
                    volatility: r.get(3)?,
                },
                games: as_u64(r.get(4)?),
            })
        })
        .map_err(said)?
        .collect::<rusqlite::Result<Vec<_>>>()
        .map_err(said)
    }

    fn account(&self, identity: &str) -> Result<Option<Account>, String> {
        self.connection()
            .query_row(
                "SELECT name, first_seen, games FROM accounts WHERE identity = ?1",
                [identity],
                |r| {
                    Ok(Account {
                        name: r.get(0)?,
                        first_seen: as_u64(r.get(1)?),
                        games: as_u64(r.get(2)?),
                    })
                },
            )
            .optional()
            .map_err(said)
    }

    fn account_of_key(&self, key: &str) -> Result<Option<String>, String> {
        self.connection()
            .query_row(
                "SELECT identity FROM account_keys WHERE key = ?1",
                [key],
                |r| r.get(0),
            )
            .optional()
            .map_err(said)
    }

    fn add_key(&self, key: &str, identity: &str) -> Result<(), String> {
        self.write(|tx| {
            let known: i64 = tx.query_row(
                "SELECT count(*) FROM accounts WHERE identity = ?1",
                [key],
                |r| r.get(0),
            )?;
            if known > 0 {
                return Err(refusal(
                    "this key has an account of its own already".to_string(),
                ));
            }
            tx.execute(
                "INSERT INTO account_keys (key, identity, added) VALUES (?1, ?2, ?3)",
                params![key, identity, as_i64(now_secs())],
            )
        })
        .map(|_| ())
        .map_err(|e| format!("The key could not be added: {e}."))
    }

    fn seen(&self, identity: &str, name: &str) -> Result<(), String> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO accounts (identity, name, first_seen) VALUES (?1, ?2, ?3)
                 ON CONFLICT (identity) DO NOTHING",
                params![identity, name, as_i64(now_secs())],
            )
        })
        .map(|_| ())
        .map_err(|e| format!("Your account could not be kept: {e}."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::store::ArchivedPlayer;

    use catboard_testkit::Scratch;

    fn opening(moves: &[&str]) -> SavedGame {
        SavedGame {
            format: SavedGame::FORMAT,
            variant: "chess".into(),
            options: Vec::new(),
            start: catboard::variants::chess::START_FEN.into(),
            players: vec!["human".into(), "human".into()],
            moves: moves.iter().map(|m| m.to_string()).collect(),
            series: None,
            verdict: None,
            think_ms: None,
            engines: Vec::new(),
            time: None,
            clocks: Vec::new(),
            turn_ms: None,
            roster: None,
        }
    }

    fn finished(players: &[(&str, Option<(f64, f64)>)]) -> FinishedGame {
        FinishedGame {
            variant: "chess".into(),
            time_control: Some("5+0".into()),
            termination: "Checkmate — Black wins".into(),
            result: "0-1".into(),
            rated: true,
            finished: 1_796_083_200,
            plies: 4,
            pgn: "1. f3 e5 2. g4 Qh4# 0-1\n".into(),
            saved: Some(opening(&["f2f3", "e7e5", "g2g4", "d8h4"])),
            players: players
                .iter()
                .enumerate()
                .map(|(seat, (id, after))| ArchivedPlayer {
                    seat_name: ["White", "Black"][seat].into(),
                    identity: Some(id.to_string()),
                    name: id.trim_start_matches("key:").into(),
                    score: seat as u32,
                    before: Some(Rating::default()),
                    after: after.map(|(rating, deviation)| Rating {
                        rating,
                        deviation,
                        volatility: 0.06,
                    }),
                })
                .collect(),
        }
    }

    fn version(dir: &Path) -> i64 {
        let db = Connection::open(dir.join(FILE_NAME)).expect("opened");
        db.query_row("SELECT version FROM schema_version", [], |r| r.get(0))
            .expect("a version")
    }

    #[test]
    fn the_json_files_of_an_older_server_are_imported_once_and_kept() {
        let dir = Scratch::new("import");
        std::fs::create_dir_all(dir.0.join("tables")).expect("tables");
        std::fs::create_dir_all(dir.0.join("seats")).expect("seats");
        let game = serde_json::to_string(&opening(&["e2e4"])).expect("json");
        std::fs::write(dir.0.join("tables/t1.json"), &game).expect("a game");
        std::fs::write(dir.0.join("tables/t1.moves"), "2 e7e5\n").expect("a journal");
        std::fs::write(
            dir.0.join("seats/t1.json"),
            r#"{"owner":"key:A","holders":[{"identity":"key:A","name":"ann"},null],"think_ms":500}"#,
        )
        .expect("seats");
        std::fs::write(dir.0.join("names.json"), r#"{"names":{"ann":"key:A"}}"#).expect("names");
        std::fs::write(dir.0.join("guests.json"), r#"{"first_free":129}"#).expect("guests");

        let db = Database::open(&dir.0).expect("opened");
        let tables = db.tables().expect("tables");
        assert_eq!(tables.len(), 1);
        assert_eq!(
            tables[0].game.clone().expect("a game").moves,
            ["e2e4", "e7e5"]
        );
        let seats = tables[0].seats.clone().expect("seats");
        assert_eq!(seats.think_ms, Some(500));
        assert_eq!(
            seats.holders[0].as_ref().map(|h| h.name.as_str()),
            Some("ann")
        );
        let mut book = db.names().expect("names");
        assert!(book.claim("ann", "key:B").is_err(), "still ann's");
        assert_eq!(db.guests(), Ok(129));
        assert_eq!(version(&dir.0), MIGRATIONS.len() as i64);

        // The game ends and leaves play; the files stay, and are not read again.
        db.finish("t1", &finished(&[("key:A", None), ("key:B", None)]))
            .expect("archived");
        drop(db);
        assert!(dir.0.join("tables/t1.json").exists(), "kept as a backup");
        let again = Database::open(&dir.0).expect("opened");
        assert!(again.tables().expect("tables").is_empty(), "imported once");
    }

    #[test]
    fn an_older_schema_is_migrated_and_keeps_what_it_had() {
        let dir = Scratch::new("migrate");
        let old = Database::open_at(&dir.0, 1).expect("a version 1 database");
        old.save_game("t", &opening(&["e2e4"])).expect("kept");
        // A move as schema 1 kept it: no clock.
        old.connection()
            .execute(
                "INSERT INTO live_moves (tbl, ply, text) VALUES ('t', 2, 'e7e5')",
                [],
            )
            .expect("kept");
        drop(old);
        assert_eq!(version(&dir.0), 1);
        let db = Database::open(&dir.0).expect("migrated");
        assert_eq!(version(&dir.0), MIGRATIONS.len() as i64);
        let tables = db.tables().expect("tables");
        assert_eq!(
            tables[0].game.clone().expect("a game").moves,
            ["e2e4", "e7e5"]
        );
        let id = db
            .finish("t", &finished(&[("key:A", None), ("key:B", None)]))
            .expect("the archive is there");
        assert_eq!(id, 1);
    }

    #[test]
    fn a_newer_schema_is_refused_in_a_sentence() {
        let dir = Scratch::new("newer");
        drop(Database::open(&dir.0).expect("made"));
        let db = Connection::open(dir.0.join(FILE_NAME)).expect("opened");
        db.execute("UPDATE schema_version SET version = 99", [])
            .expect("from the future");
        drop(db);
        let err = Database::open(&dir.0).expect_err("refused");
        assert!(err.contains("newer than this catboard knows"), "{err}");
    }

    #[test]
    fn a_finish_that_fails_part_way_leaves_nothing_behind() {
        let dir = Scratch::new("atomic");
        let db = Database::open(&dir.0).expect("made");
        db.save_game("t", &opening(&["f2f3", "e7e5", "g2g4"]))
            .expect("kept");
        // The second seat's row cannot be written: everything before it
        // in the transaction must go too.
        db.connection()
            .execute_batch(
                "CREATE TRIGGER no_black BEFORE INSERT ON game_players WHEN NEW.seat = 1
                 BEGIN SELECT RAISE(ABORT, 'disk full'); END;",
            )
            .expect("a trigger");
        let game = finished(&[
            ("key:A", Some((1400.0, 250.0))),
            ("key:B", Some((1600.0, 250.0))),
        ]);
        let err = db.finish("t", &game).expect_err("fails");
        assert!(err.contains("disk full"), "{err}");
        assert_eq!(db.recent(None, 10), Ok(Vec::new()), "no game archived");
        assert_eq!(
            db.leaderboard("chess", 10),
            Ok(Vec::new()),
            "no rating moved"
        );
        assert_eq!(db.account("key:A"), Ok(None), "no game counted");
        assert_eq!(db.tables().expect("tables").len(), 1, "still in play");

        db.connection()
            .execute_batch("DROP TRIGGER no_black")
            .expect("dropped");
        let id = db.finish("t", &game).expect("archived");
        let kept = db.archived(id).expect("read").expect("there");
        assert_eq!(kept.game.players.len(), 2);
        assert_eq!(kept.game.pgn, game.pgn);
        assert_eq!(kept.game.players[1].after.map(|r| r.rating), Some(1600.0));
        let board = db.leaderboard("chess", 10).expect("a leaderboard");
        assert_eq!(
            board.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
            ["B", "A"]
        );
        assert_eq!(db.account("key:B").map(|a| a.map(|a| a.games)), Ok(Some(1)));
        assert!(db.tables().expect("tables").is_empty(), "out of play");
        assert_eq!(db.recent(Some("key:A"), 10).map(|g| g.len()), Ok(1));
        assert_eq!(db.recent(Some("key:C"), 10).map(|g| g.len()), Ok(0));
    }

    /// Not a test: what a move and a finished game cost to keep (each a
    /// transaction synced to disk), for docs/operator.md. Run with
    /// `cargo test --release --bin catboard measure_the_writes -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement"]
    fn measure_the_writes() {
        let dir = Scratch::new("measure");
        let db = Database::open(&dir.0).expect("made");
        const MOVES: usize = 500;
        db.save_game("t", &opening(&[])).expect("kept");
        let start = std::time::Instant::now();
        for ply in 1..=MOVES {
            db.save_move("t", ply, "e2e4", None).expect("kept");
        }
        let per_move = start.elapsed() / MOVES as u32;
        let start = std::time::Instant::now();
        const GAMES: usize = 100;
        for n in 0..GAMES {
            let name = format!("g{n}");
            db.save_game(&name, &opening(&["f2f3"])).expect("kept");
            db.finish(
                &name,
                &finished(&[
                    ("key:A", Some((1500.0, 300.0))),
                    ("key:B", Some((1500.0, 300.0))),
                ]),
            )
            .expect("archived");
        }
        let per_game = start.elapsed() / GAMES as u32;
        // The JSON files' journal, for comparison: a line appended and synced.
        let journal = dir.0.join("t.moves");
        let start = std::time::Instant::now();
        for ply in 1..=MOVES {
            catboard::durable::append(
                &journal,
                format!("{ply} e2e4\n").as_bytes(),
                catboard::durable::Access::Private,
            )
            .expect("appended");
        }
        let per_line = start.elapsed() / MOVES as u32;
        eprintln!("a journal line appended and synced (the JSON files' move): {per_line:?}");
        eprintln!(
            "a move kept: {per_move:?}; a table made and its game archived and rated: {per_game:?}"
        );
    }

    #[test]
    fn the_database_is_the_owners_alone_and_in_wal_mode() {
        let dir = Scratch::new("modes");
        std::fs::set_permissions(&dir.0, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let db = Database::open(&dir.0).expect("made");
        db.save_guests(65).expect("kept");
        let mode = |p: &Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
        assert_eq!(mode(&dir.0), 0o700);
        assert_eq!(mode(&dir.0.join(FILE_NAME)), 0o600);
        assert_eq!(mode(&dir.0.join("catboard.db-wal")), 0o600);
        let journal: String = db
            .connection()
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .expect("a mode");
        assert_eq!(journal, "wal");
    }
}
