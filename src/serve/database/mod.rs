//! The server's database: one SQLite file, `catboard.db`, in the data
//! folder, behind the [`Store`] interface. It runs in WAL mode with
//! `synchronous = FULL`, so a write is on disk when its transaction
//! commits, and every method is one transaction: a finished game is
//! archived, its players' ratings read and moved and its table taken out
//! of play together or not at all. A transaction that writes takes the
//! database's write lock as it begins (`BEGIN IMMEDIATE`), so what it read
//! is what it changes: two games of one player are rated in turn by the
//! database itself, whichever process or thread finishes them. Each
//! operation touches its own rows through an index; nothing rewrites a
//! whole table. The schema has a version (`schema_version`), raised by
//! the numbered [`migrations`] in turn. A data folder from before the
//! database (its JSON tables, seats, names and guest counter) is imported
//! on the first start, in one transaction, and its files are left as
//! they were, a backup.
//!
//! A failure is logged here in SQLite's own words and returned as a
//! [`StoreError`] (busy, full, a conflict, or failed), so no player ever
//! reads a database's message.

pub(in crate::serve) mod codes;
pub mod migrations;
mod puzzles;
#[cfg(test)]
mod tests;

use super::json_tables::JsonTables;
use super::log;
use super::store::{
    Account, AccountKey, ArchivedGame, ArchivedPlayer, Claim, Conflict, FinishedGame, GameLine,
    KEY_SEEN_GRAIN, KeptMove, NameClaim, NameHolder, Page, PuzzleAttempt, PuzzleStanding,
    SeatsRecord, Standing, Store, StoreError, StoredTable, rate, rated_identities, with_moves,
};
use crate::session::save::SavedGame;
use catboard::analysis::AnalysisRecord;
use catboard::rating::Rating;
pub use migrations::MIGRATIONS;
use rusqlite::{
    Connection, ErrorCode, OpenFlags, OptionalExtension, Transaction, TransactionBehavior, params,
};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// The database's file name in the data folder.
pub const FILE_NAME: &str = "catboard.db";

/// How long a write waits for another holding the database (an
/// operator's `sqlite3` session, say) before it is refused.
const BUSY: Duration = Duration::from_secs(2);

/// The store as one SQLite database.
#[derive(Debug)]
pub struct Database {
    connection: Mutex<Connection>,
}

/// What SQLite said, logged here in its words, as the kind of failure
/// the server acts on.
impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        log::event(format!("the database: {e}"));
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy,
            Some(ErrorCode::DiskFull) => StoreError::Full,
            _ => StoreError::Failed,
        }
    }
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

fn count_of(n: usize) -> i64 {
    as_i64(n as u64)
}

impl Database {
    /// The database in data folder `dir`: made (readable by the owner
    /// alone) and brought to the newest schema, the JSON files of an older
    /// server imported on its first start.
    pub fn open(dir: &Path) -> Result<Database, String> {
        Database::open_at(dir, MIGRATIONS.len())
    }

    /// The database in `dir` brought to schema `version` at most (the
    /// tests make old databases with it); the JSON files are imported
    /// only at the newest.
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
        let from =
            migrations::migrate(&mut connection, version).map_err(|e| fail(e.to_string()))?;
        if from < version {
            log::event(format!(
                "the database {} is at schema version {version} (it was at {from})",
                path.display()
            ));
        }
        let database = Database {
            connection: Mutex::new(connection),
        };
        if version == MIGRATIONS.len() {
            database.import(dir).map_err(fail)?;
        }
        Ok(database)
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        self.connection
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `work` in one transaction holding the write lock from its
    /// start, committed when it returns `Ok`.
    fn write<T>(
        &self,
        work: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut connection = self.connection();
        let tx = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let out = work(&tx)?;
        tx.commit()?;
        Ok(out)
    }

    /// Brings in the JSON files of a server from before the database, once
    /// (a counter marks it done); the files stay, as a backup.
    fn import(&self, dir: &Path) -> Result<(), String> {
        let said = |e: rusqlite::Error| e.to_string();
        let old = JsonTables::new(dir);
        // Kept as a backup, they hold what the database holds: as private.
        for path in old.files() {
            let mode = if path.is_dir() { 0o700 } else { 0o600 };
            make_private(&path, mode).map_err(|e| e.to_string())?;
        }
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
        let (tables, names, guests) = if old.exists() {
            (old.tables()?, old.names()?, old.guests()?)
        } else {
            (Vec::new(), Vec::new(), 1)
        };
        let (mut count, mut unread) = (0, 0);
        let mut connection = self.connection();
        let tx = connection.transaction().map_err(said)?;
        // The oldest first, so the newest is touched last.
        for table in tables.iter().rev() {
            let Ok(game) = &table.game else {
                log::event(format!(
                    "table {} was not imported: its file cannot be read",
                    table.name
                ));
                unread += 1;
                continue;
            };
            count += 1;
            put_game(&tx, &table.name, game).map_err(said)?;
            if let Some(seats) = &table.seats {
                put_seats(&tx, &table.name, seats).map_err(said)?;
            }
        }
        let now = as_i64(now_secs());
        for (name, key) in &names {
            tx.execute(
                "INSERT INTO names (name, key, shown, claimed) VALUES (?1, ?2, ?1, ?3)
                 ON CONFLICT (name) DO NOTHING",
                params![name, key, now],
            )
            .map_err(said)?;
        }
        put_counter(&tx, "guests", guests).map_err(said)?;
        put_counter(&tx, "imported", now_secs()).map_err(said)?;
        tx.commit().map_err(said)?;
        if old.exists() {
            let unread = if unread > 0 {
                format!(" ({unread} more could not be read)")
            } else {
                String::new()
            };
            log::event(format!(
                "imported {}{unread} and {} from the JSON files in {} (kept there as a backup)",
                catboard::text::count(count as u64, "table", "tables"),
                catboard::text::count(names.len() as u64, "name", "names"),
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

/// A refusal of ours as a database error.
fn refusal(sentence: String) -> rusqlite::Error {
    rusqlite::Error::ToSqlConversionFailure(sentence.into())
}

fn json<T: serde::Serialize>(value: &T) -> rusqlite::Result<String> {
    serde_json::to_string(value).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}

/// Keeps `game` as table `name`'s whole game, the table touched last
/// (made when new): its moves kept one by one before are in it, so they
/// go. Whether the table was in play before.
fn put_game(tx: &Transaction<'_>, name: &str, game: &SavedGame) -> rusqlite::Result<bool> {
    let existed = tx
        .query_row("SELECT 1 FROM live_tables WHERE name = ?1", [name], |_| {
            Ok(())
        })
        .optional()?
        .is_some();
    tx.execute(
        "INSERT INTO live_tables (name, game, plies, touched)
         VALUES (?1, ?2, ?3, (SELECT coalesce(max(touched), 0) + 1 FROM live_tables))
         ON CONFLICT (name) DO UPDATE SET game = excluded.game, plies = excluded.plies,
             touched = excluded.touched",
        params![name, json(game)?, count_of(game.moves.len())],
    )?;
    tx.execute("DELETE FROM live_moves WHERE tbl = ?1", [name])?;
    Ok(existed)
}

/// Keeps the seats of table `name`; whether it is in play.
fn put_seats(tx: &Transaction<'_>, name: &str, seats: &SeatsRecord) -> rusqlite::Result<bool> {
    let changed = tx.execute(
        "UPDATE live_tables SET seats = ?2 WHERE name = ?1",
        params![name, json(seats)?],
    )?;
    Ok(changed > 0)
}

/// `Ok` when the table written to was in play, else the conflict.
fn in_play(was: bool) -> Result<(), StoreError> {
    match was {
        true => Ok(()),
        false => Err(Conflict::NoTable.into()),
    }
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

/// The rating of `identity` in `variant`, a new player's when none.
fn rating_in(tx: &Connection, identity: &str, variant: &str) -> rusqlite::Result<Rating> {
    tx.query_row(
        "SELECT rating, deviation, volatility FROM ratings WHERE identity = ?1 AND variant = ?2",
        params![identity, variant],
        |r| rating_at(r, 0),
    )
    .optional()
    .map(Option::unwrap_or_default)
}

/// Archives `game`, played at table `name`, its ratings moved: the
/// game's number.
fn put_finished(tx: &Transaction<'_>, name: &str, game: &FinishedGame) -> rusqlite::Result<u64> {
    let (code, winner, retired) = codes::columns(&game.variant, game.termination);
    tx.execute(
        "INSERT INTO games (tbl, variant, time_control, termination, winner, retired, result,
             rated, finished, plies, pgn, saved)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            name,
            game.variant,
            game.time_control,
            code,
            winner,
            retired,
            game.result,
            game.rated,
            as_i64(game.finished),
            count_of(game.plies),
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
                count_of(seat),
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
            "INSERT INTO accounts (identity, name, first_seen, last_seen, games)
             VALUES (?1, ?2, ?3, ?3, ?4)
             ON CONFLICT (identity) DO UPDATE SET games = games + excluded.games,
                 last_seen = max(last_seen, excluded.last_seen)",
            params![
                identity,
                player.name,
                as_i64(game.finished),
                as_i64(game.counted())
            ],
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
    Ok(as_u64(id))
}

/// The names `key` holds (folded, in order).
fn names_of(tx: &Connection, key: &str) -> rusqlite::Result<Vec<String>> {
    tx.prepare("SELECT name FROM names WHERE key = ?1 ORDER BY name")?
        .query_map([key], |r| r.get(0))?
        .collect()
}

/// Whether account `identity` is kept.
fn has_account(tx: &Connection, identity: &str) -> rusqlite::Result<bool> {
    Ok(tx
        .query_row(
            "SELECT 1 FROM accounts WHERE identity = ?1",
            [identity],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// How old a login's sight of its account may be before the login writes
/// it again (a name lapses after days, so an hour's error is nothing).
pub(in crate::serve) const SEEN_GRAIN: u64 = 60 * 60;

/// When account `identity` was last seen (a login, a finished game), if
/// it is kept.
fn seen_at(tx: &Connection, identity: &str) -> rusqlite::Result<Option<u64>> {
    Ok(tx
        .query_row(
            "SELECT last_seen FROM accounts WHERE identity = ?1",
            [identity],
            |r| r.get::<_, i64>(0),
        )
        .optional()?
        .map(as_u64))
}

/// The key holding folded name `folded`, if any, and what is kept of it.
fn holder_of(tx: &Connection, folded: &str) -> rusqlite::Result<Option<(String, NameHolder)>> {
    tx.query_row(
        "SELECT n.key, coalesce(n.claimed, 0), a.last_seen, a.games
         FROM names n LEFT JOIN accounts a ON a.identity = n.key WHERE n.name = ?1",
        [folded],
        |r| {
            let seen: Option<i64> = r.get(2)?;
            let games: Option<i64> = r.get(3)?;
            Ok((
                r.get(0)?,
                NameHolder {
                    claimed: as_u64(r.get(1)?),
                    account: seen.zip(games).map(|(s, g)| (as_u64(s), as_u64(g))),
                },
            ))
        },
    )
    .optional()
}

impl Store for Database {
    fn tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let connection = self.connection();
        let rows = connection
            .prepare("SELECT name, game, seats FROM live_tables ORDER BY touched DESC")?
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<String>>(2)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut moves = connection
            .prepare("SELECT ply, text, clock_ms FROM live_moves WHERE tbl = ?1 ORDER BY ply")?;
        let mut out = Vec::with_capacity(rows.len());
        for (name, game, seats) in rows {
            let game = match serde_json::from_str::<SavedGame>(&game) {
                Ok(saved) => {
                    let kept = moves
                        .query_map([&name], |r| {
                            Ok(KeptMove {
                                ply: usize::try_from(r.get::<_, i64>(0)?).unwrap_or(0),
                                text: r.get(1)?,
                                clock_ms: r.get::<_, Option<i64>>(2)?.map(as_u64),
                            })
                        })?
                        .collect::<rusqlite::Result<Vec<_>>>()?;
                    Ok(with_moves(&name, saved, kept))
                }
                Err(e) => Err(format!("its game is not readable ({e})")),
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

    fn open_table(
        &self,
        name: &str,
        game: &SavedGame,
        seats: &SeatsRecord,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            if put_game(tx, name, game)? {
                return Err(Conflict::TableExists.into());
            }
            put_seats(tx, name, seats)?;
            Ok(())
        })
    }

    fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), StoreError> {
        self.write(|tx| in_play(put_game(tx, name, game)?))
    }

    fn record_move(
        &self,
        name: &str,
        ply: usize,
        text: &str,
        clock_ms: Option<u64>,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            let kept: Option<i64> = tx
                .query_row(
                    "SELECT max(plies, coalesce((SELECT max(ply) FROM live_moves WHERE tbl = ?1), 0))
                     FROM live_tables WHERE name = ?1",
                    [name],
                    |r| r.get(0),
                )
                .optional()?;
            let kept = usize::try_from(kept.ok_or(Conflict::NoTable)?).unwrap_or(0);
            if ply != kept + 1 {
                return Err(Conflict::NotNextMove { kept }.into());
            }
            tx.execute(
                "INSERT INTO live_moves (tbl, ply, text, clock_ms) VALUES (?1, ?2, ?3, ?4)",
                params![name, count_of(ply), text, clock_ms.map(as_i64)],
            )?;
            Ok(())
        })
    }

    fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), StoreError> {
        self.write(|tx| in_play(put_seats(tx, name, seats)?))
    }

    fn drop_table(&self, name: &str) -> Result<bool, StoreError> {
        self.write(|tx| {
            let gone = tx.execute("DELETE FROM live_tables WHERE name = ?1", [name])?;
            tx.execute("DELETE FROM live_moves WHERE tbl = ?1", [name])?;
            Ok(gone > 0)
        })
    }

    fn finish_game(&self, name: &str, game: &FinishedGame) -> Result<ArchivedGame, StoreError> {
        self.write(|tx| {
            let gone = tx.execute("DELETE FROM live_tables WHERE name = ?1", [name])?;
            if gone == 0 {
                return Err(Conflict::NoTable.into());
            }
            tx.execute("DELETE FROM live_moves WHERE tbl = ?1", [name])?;
            let mut game = game.clone();
            let before = match rated_identities(&game) {
                Some(ids) => Some(
                    ids.iter()
                        .map(|id| rating_in(tx, id, &game.variant))
                        .collect::<rusqlite::Result<Vec<_>>>()?,
                ),
                None => None,
            };
            rate(&mut game, before);
            let id = put_finished(tx, name, &game)?;
            Ok(ArchivedGame {
                id,
                table: name.to_string(),
                game,
                analysis: None,
            })
        })
    }

    fn archived(&self, id: u64) -> Result<Option<ArchivedGame>, StoreError> {
        let connection = self.connection();
        let head = connection
            .query_row(
                "SELECT tbl, variant, time_control, termination, winner, retired, result, rated,
                     finished, plies, pgn, saved, analysis
                 FROM games WHERE id = ?1",
                [as_i64(id)],
                |r| {
                    let table: String = r.get(0)?;
                    let variant: String = r.get(1)?;
                    let termination = codes::termination(
                        &variant,
                        &r.get::<_, String>(3)?,
                        r.get(4)?,
                        r.get::<_, Option<String>>(5)?.as_deref(),
                    );
                    let game = FinishedGame {
                        variant,
                        time_control: r.get(2)?,
                        termination,
                        result: r.get(6)?,
                        rated: r.get(7)?,
                        finished: as_u64(r.get(8)?),
                        plies: usize::try_from(r.get::<_, i64>(9)?).unwrap_or(0),
                        pgn: r.get(10)?,
                        // A game that cannot be read back is still its PGN.
                        saved: r
                            .get::<_, Option<String>>(11)?
                            .and_then(|text| serde_json::from_str(&text).ok()),
                        players: Vec::new(),
                    };
                    let analysis = r.get::<_, Option<String>>(12)?;
                    Ok((table, game, analysis))
                },
            )
            .optional()?;
        let Some((table, mut game, analysis)) = head else {
            return Ok(None);
        };
        // An analysis that cannot be read back is computed again.
        let analysis = analysis.and_then(|text| match serde_json::from_str(&text) {
            Ok(record) => Some(record),
            Err(e) => {
                log::event(format!("game {id}: its analysis cannot be read back ({e})"));
                None
            }
        });
        game.players = connection
            .prepare(
                "SELECT seat_name, identity, name, score, rating_before, deviation_before,
                     rating_after, deviation_after
                 FROM game_players WHERE game = ?1 ORDER BY seat",
            )?
            .query_map([as_i64(id)], |r| {
                Ok(ArchivedPlayer {
                    seat_name: r.get(0)?,
                    identity: r.get(1)?,
                    name: r.get(2)?,
                    score: r.get(3)?,
                    before: rating_of(r, 4)?,
                    after: rating_of(r, 6)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(Some(ArchivedGame {
            id,
            table,
            game,
            analysis,
        }))
    }

    fn keep_analysis(&self, id: u64, analysis: &AnalysisRecord) -> Result<bool, StoreError> {
        self.write(|tx| {
            let text = json(analysis)?;
            let kept = tx.execute(
                "UPDATE games SET analysis = ?1 WHERE id = ?2",
                params![text, as_i64(id)],
            )?;
            Ok(kept > 0)
        })
    }

    fn archive_page(
        &self,
        identity: Option<&str>,
        page: Page<u64>,
    ) -> Result<Vec<GameLine>, StoreError> {
        let connection = self.connection();
        let mut games = connection.prepare(
            "SELECT g.id, g.variant, g.result, g.termination, g.winner, g.retired, g.rated,
                 g.finished,
                 (SELECT group_concat(name, ' · ') FROM
                     (SELECT name FROM game_players p WHERE p.game = g.id ORDER BY seat))
             FROM games g
             WHERE CASE WHEN ?1 IS NULL THEN g.id < ?2 ELSE g.id IN
                 (SELECT DISTINCT game FROM game_players
                  WHERE identity = ?1 AND game < ?2 ORDER BY game DESC LIMIT ?3) END
             ORDER BY g.id DESC LIMIT ?3",
        )?;
        let after = page.after.map_or(i64::MAX, as_i64);
        Ok(games
            .query_map(params![identity, after, count_of(page.limit)], |r| {
                let variant: String = r.get(1)?;
                let termination = codes::termination(
                    &variant,
                    &r.get::<_, String>(3)?,
                    r.get(4)?,
                    r.get::<_, Option<String>>(5)?.as_deref(),
                );
                Ok(GameLine {
                    id: as_u64(r.get(0)?),
                    variant,
                    result: r.get(2)?,
                    termination,
                    rated: r.get(6)?,
                    finished: as_u64(r.get(7)?),
                    players: r.get::<_, Option<String>>(8)?.unwrap_or_default(),
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?)
    }

    fn ratings(&self, identities: &[&str], variant: &str) -> Result<Vec<Rating>, StoreError> {
        let connection = self.connection();
        Ok(identities
            .iter()
            .map(|identity| rating_in(&connection, identity, variant))
            .collect::<rusqlite::Result<Vec<_>>>()?)
    }

    fn rated_together(&self, a: &str, b: &str, since: u64) -> Result<usize, StoreError> {
        let count: i64 = self.connection().query_row(
            "SELECT COUNT(*) FROM games g
             WHERE g.rated = 1 AND g.finished >= ?3
               AND EXISTS (SELECT 1 FROM game_players p WHERE p.game = g.id AND p.identity = ?1)
               AND EXISTS (SELECT 1 FROM game_players p WHERE p.game = g.id AND p.identity = ?2)",
            params![a, b, as_i64(since)],
            |row| row.get(0),
        )?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    fn leaderboard(
        &self,
        variant: &str,
        page: Page<Standing>,
    ) -> Result<Vec<Standing>, StoreError> {
        let connection = self.connection();
        let mut rows = connection.prepare(
            "SELECT r.identity, coalesce(a.name, r.identity), r.rating, r.deviation,
                 r.volatility, r.games
             FROM ratings r LEFT JOIN accounts a ON a.identity = r.identity
             WHERE r.variant = ?1 AND (?2 IS NULL OR r.rating < ?2
                 OR (r.rating = ?2 AND (r.games < ?3 OR (r.games = ?3 AND r.identity > ?4))))
             ORDER BY r.rating DESC, r.games DESC, r.identity LIMIT ?5",
        )?;
        let after = page.after.as_ref();
        Ok(rows
            .query_map(
                params![
                    variant,
                    after.map(|s| s.rating.rating),
                    after.map(|s| as_i64(s.games)),
                    after.map(|s| s.identity.as_str()),
                    count_of(page.limit)
                ],
                |r| {
                    Ok(Standing {
                        identity: r.get(0)?,
                        name: r.get(1)?,
                        rating: rating_at(r, 2)?,
                        games: as_u64(r.get(5)?),
                    })
                },
            )?
            .collect::<rusqlite::Result<Vec<_>>>()?)
    }

    fn claim_name(&self, claim: &NameClaim<'_>) -> Result<Claim, StoreError> {
        {
            // Most logins ask for a name their key holds: answered without
            // taking the write lock.
            // Its account's last sight is written again only once it is
            // [`SEEN_GRAIN`] old (or a 24th of the lapse, when shorter).
            let grain = SEEN_GRAIN.min(claim.lapse / 24);
            let connection = self.connection();
            if holder_of(&connection, claim.folded)?.is_some_and(|(key, _)| key == claim.key)
                && seen_at(&connection, claim.key)?
                    .is_some_and(|seen| seen.saturating_add(grain) > claim.now)
            {
                return Ok(Claim::Held);
            }
        }
        let since = claim.now.saturating_sub(claim.lapse);
        self.write(|tx| {
            let holder = holder_of(tx, claim.folded)?;
            let answer = match holder {
                Some((key, _)) if key == claim.key => Claim::Held,
                Some((_, held)) if claim.still_held(held) => return Ok(Claim::Taken),
                lapsed => {
                    if let Some((key, _)) = lapsed {
                        // Unused longer than the claim's lapse: free (a
                        // name imported without an account is kept until
                        // its key comes back and is seen).
                        tx.execute("DELETE FROM names WHERE name = ?1", [claim.folded])?;
                        // The account that showed it shows its fallback
                        // name, so no two accounts show one name.
                        let shown: Option<String> = tx
                            .query_row("SELECT name FROM accounts WHERE identity = ?1", [&key], |r| {
                                r.get(0)
                            })
                            .optional()?;
                        if shown.is_some_and(|n| super::names::folded(&n) == claim.folded) {
                            tx.execute(
                                "UPDATE accounts SET name = ?1 WHERE identity = ?2",
                                params![super::names::fallback(&key), key],
                            )?;
                        }
                        log::event(format!(
                            "the name {} of {key} lapsed unused; it is free again",
                            catboard::text::quoted(claim.folded)
                        ));
                    }
                    let held = names_of(tx, claim.key)?;
                    if held.len() >= claim.per_key {
                        return Ok(Claim::KeyFull(held));
                    }
                    // Only the claims that lapse count: those of accounts
                    // that have not played, younger than their lapse (read
                    // by the index of claims, so a day's claims at most).
                    let all: i64 = tx.query_row(
                        "SELECT count(*) FROM names n JOIN accounts a ON a.identity = n.key
                         WHERE n.claimed >= ?1 AND a.games = 0 AND a.last_seen >= ?2",
                        params![as_i64(claim.counted_since()), as_i64(since)],
                        |r| r.get(0),
                    )?;
                    if usize::try_from(all).unwrap_or(usize::MAX) >= claim.most {
                        return Ok(Claim::BookFull);
                    }
                    tx.execute(
                        "INSERT INTO names (name, key, shown, claimed) VALUES (?1, ?2, ?3, ?4)",
                        params![claim.folded, claim.key, claim.name, as_i64(claim.now)],
                    )?;
                    Claim::Claimed
                }
            };
            tx.execute(
                "INSERT INTO accounts (identity, name, first_seen, last_seen) VALUES (?1, ?2, ?3, ?3)
                 ON CONFLICT (identity) DO UPDATE SET last_seen = max(last_seen, excluded.last_seen)",
                params![claim.key, claim.name, as_i64(claim.now)],
            )?;
            Ok(answer)
        })
    }

    fn account(&self, identity: &str) -> Result<Option<Account>, StoreError> {
        Ok(self
            .connection()
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
            .optional()?)
    }

    fn account_of_key(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .connection()
            .query_row(
                "SELECT identity FROM account_keys WHERE key = ?1",
                [key],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn link_key(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError> {
        self.write(|tx| {
            if has_account(tx, key)? {
                return Err(Conflict::KeyHasAccount.into());
            }
            let linked = tx
                .query_row("SELECT 1 FROM account_keys WHERE key = ?1", [key], |_| {
                    Ok(())
                })
                .optional()?;
            if linked.is_some() {
                return Err(Conflict::KeyLinked.into());
            }
            if !has_account(tx, identity)? {
                return Err(Conflict::NoAccount.into());
            }
            tx.execute(
                "INSERT INTO account_keys (key, identity, added, last_seen) VALUES (?1, ?2, ?3, ?3)",
                params![key, identity, as_i64(now)],
            )?;
            Ok(())
        })
    }

    fn unlink_key(&self, key: &str, identity: &str) -> Result<bool, StoreError> {
        self.write(|tx| {
            Ok(tx.execute(
                "DELETE FROM account_keys WHERE key = ?1 AND identity = ?2",
                params![key, identity],
            )? > 0)
        })
    }

    fn keys(&self, identity: &str, most: usize) -> Result<Vec<AccountKey>, StoreError> {
        let connection = self.connection();
        let first = connection
            .query_row(
                "SELECT first_seen, max(key_seen, first_seen) FROM accounts WHERE identity = ?1",
                [identity],
                |r| {
                    Ok(AccountKey {
                        key: identity.to_string(),
                        first_seen: as_u64(r.get(0)?),
                        last_seen: as_u64(r.get(1)?),
                        first: true,
                    })
                },
            )
            .optional()?;
        let Some(first) = first.filter(|_| most > 0) else {
            return Ok(Vec::new());
        };
        let mut keys = vec![first];
        let linked = connection
            .prepare(
                "SELECT key, added, last_seen FROM account_keys WHERE identity = ?1
                 ORDER BY added, key LIMIT ?2",
            )?
            .query_map(params![identity, count_of(most - 1)], |r| {
                Ok(AccountKey {
                    key: r.get(0)?,
                    first_seen: as_u64(r.get(1)?),
                    last_seen: as_u64(r.get(2)?),
                    first: false,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        keys.extend(linked);
        Ok(keys)
    }

    fn key_seen(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError> {
        // Most logins come within a minute of the sight kept, or are
        // not by a key of the account: answered without the write lock.
        let kept: Option<i64> = {
            let connection = self.connection();
            if key == identity {
                connection
                    .query_row(
                        "SELECT key_seen FROM accounts WHERE identity = ?1",
                        [identity],
                        |r| r.get(0),
                    )
                    .optional()?
            } else {
                connection
                    .query_row(
                        "SELECT last_seen FROM account_keys WHERE identity = ?1 AND key = ?2",
                        [identity, key],
                        |r| r.get(0),
                    )
                    .optional()?
            }
        };
        let Some(kept) = kept else {
            return Ok(());
        };
        if as_u64(kept).saturating_add(KEY_SEEN_GRAIN) > now {
            return Ok(());
        }
        self.write(|tx| {
            if key == identity {
                tx.execute(
                    "UPDATE accounts SET key_seen = max(key_seen, ?2), last_seen = max(last_seen, ?2)
                     WHERE identity = ?1",
                    params![identity, as_i64(now)],
                )?;
            } else {
                tx.execute(
                    "UPDATE account_keys SET last_seen = max(last_seen, ?3)
                     WHERE identity = ?1 AND key = ?2",
                    params![identity, key, as_i64(now)],
                )?;
                tx.execute(
                    "UPDATE accounts SET last_seen = max(last_seen, ?2) WHERE identity = ?1",
                    params![identity, as_i64(now)],
                )?;
            }
            Ok(())
        })
    }

    fn reserve_guests(&self, count: u64) -> Result<u64, StoreError> {
        self.write(|tx| {
            let end: i64 = tx.query_row(
                "INSERT INTO counters (name, value) VALUES ('guests', 1 + ?1)
                 ON CONFLICT (name) DO UPDATE SET value = max(value, 1) + ?1
                 RETURNING value",
                [as_i64(count)],
                |r| r.get(0),
            )?;
            Ok(as_u64(end).saturating_sub(count))
        })
    }

    fn puzzle_standings(
        &self,
        identity: &str,
    ) -> Result<Vec<(String, PuzzleStanding)>, StoreError> {
        self.read_puzzle_standings(identity)
    }

    fn puzzle_ratings(&self, variant: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        self.read_puzzle_ratings(variant)
    }

    fn keep_puzzle(
        &self,
        attempt: &PuzzleAttempt<'_>,
    ) -> Result<(PuzzleStanding, Rating), StoreError> {
        self.write_puzzle(attempt)
    }
}

/// The Glicko-2 rating in the three columns of `row` from `first`
/// (rating, deviation, volatility), as every table keeps one.
pub(super) fn rating_at(row: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: row.get(first)?,
        deviation: row.get(first + 1)?,
        volatility: row.get(first + 2)?,
    })
}
