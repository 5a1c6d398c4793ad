//! The PostgreSQL schema, one numbered step a version, run in turn, each
//! in a transaction of its own under the schema's lock (so hosts started
//! together migrate once): step `i` takes the database from version `i`
//! to `i + 1`. A step is never changed once released; a change is a new
//! step. Step 1 is the SQLite file's schema as it stood at its version
//! 10, so a SQLite server's data moves in as it is ([`super::import`]).

use super::{Fault, Postgres, Serial, hold};

/// The schema's steps, in turn.
pub const STEPS: &[&str] = &[
    // 1: the tables in play (their moves since the game was last kept
    // whole, their seats), the names, the counters, the archive,
    // accounts, their keys and ratings. Names and identities compare
    // byte by byte (COLLATE "C"), as SQLite's do, so pages and orders are
    // the same on both stores.
    "CREATE SEQUENCE table_touches;
     CREATE TABLE live_tables (
         name TEXT PRIMARY KEY,
         game TEXT NOT NULL,
         seats TEXT,
         touched BIGINT NOT NULL,
         plies BIGINT NOT NULL DEFAULT 0
     );
     CREATE TABLE live_moves (
         tbl TEXT NOT NULL,
         ply BIGINT NOT NULL,
         text TEXT NOT NULL,
         clock_ms BIGINT,
         PRIMARY KEY (tbl, ply)
     );
     CREATE TABLE names (
         name TEXT COLLATE \"C\" PRIMARY KEY,
         key TEXT COLLATE \"C\" NOT NULL,
         shown TEXT NOT NULL,
         claimed BIGINT
     );
     CREATE INDEX names_by_key ON names (key, name);
     CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL);
     CREATE TABLE games (
         id BIGINT PRIMARY KEY,
         tbl TEXT NOT NULL,
         variant TEXT NOT NULL,
         time_control TEXT,
         termination TEXT NOT NULL,
         winner BIGINT,
         retired TEXT,
         result TEXT NOT NULL,
         rated BOOLEAN NOT NULL,
         finished BIGINT NOT NULL,
         plies BIGINT NOT NULL,
         pgn TEXT NOT NULL,
         saved TEXT
     );
     CREATE TABLE game_players (
         game BIGINT NOT NULL REFERENCES games (id),
         seat BIGINT NOT NULL,
         seat_name TEXT NOT NULL,
         identity TEXT COLLATE \"C\",
         name TEXT NOT NULL,
         score BIGINT NOT NULL,
         rating_before DOUBLE PRECISION,
         deviation_before DOUBLE PRECISION,
         rating_after DOUBLE PRECISION,
         deviation_after DOUBLE PRECISION,
         PRIMARY KEY (game, seat)
     );
     CREATE INDEX game_players_by_identity ON game_players (identity, game);
     CREATE TABLE accounts (
         identity TEXT COLLATE \"C\" PRIMARY KEY,
         name TEXT NOT NULL,
         first_seen BIGINT NOT NULL,
         games BIGINT NOT NULL DEFAULT 0,
         last_seen BIGINT NOT NULL DEFAULT 0
     );
     CREATE TABLE account_keys (
         key TEXT COLLATE \"C\" PRIMARY KEY,
         identity TEXT COLLATE \"C\" NOT NULL REFERENCES accounts (identity),
         added BIGINT NOT NULL
     );
     CREATE INDEX account_keys_by_identity ON account_keys (identity);
     CREATE TABLE ratings (
         identity TEXT COLLATE \"C\" NOT NULL,
         variant TEXT NOT NULL,
         rating DOUBLE PRECISION NOT NULL,
         deviation DOUBLE PRECISION NOT NULL,
         volatility DOUBLE PRECISION NOT NULL,
         games BIGINT NOT NULL,
         PRIMARY KEY (identity, variant)
     );
     CREATE INDEX ratings_by_variant ON ratings (variant, rating DESC, games DESC, identity);",
    // 2 (SQLite's 11): each archived game's analysis (`AnalysisRecord`
    // as JSON), kept once it is computed so a game is analysed once.
    "ALTER TABLE games ADD COLUMN analysis TEXT;",
    // 3 (SQLite's 12): when each key last logged in, for the account's
    // page of keys: a linked key's in its row, the first key's in its
    // account's.
    "ALTER TABLE account_keys ADD COLUMN last_seen BIGINT NOT NULL DEFAULT 0;
     UPDATE account_keys SET last_seen = added;
     ALTER TABLE accounts ADD COLUMN key_seen BIGINT NOT NULL DEFAULT 0;
     UPDATE accounts SET key_seen = last_seen;",
    // 4 (SQLite's 13): puzzles: each account's puzzle standing in each
    // variant (Glicko-2 rating, streak, best streak, attempts) and each
    // puzzle's own rating, moved by every attempt.
    "CREATE TABLE puzzle_standings (
         identity TEXT COLLATE \"C\" NOT NULL,
         variant TEXT COLLATE \"C\" NOT NULL,
         rating DOUBLE PRECISION NOT NULL,
         deviation DOUBLE PRECISION NOT NULL,
         volatility DOUBLE PRECISION NOT NULL,
         streak BIGINT NOT NULL,
         best BIGINT NOT NULL,
         attempts BIGINT NOT NULL,
         PRIMARY KEY (identity, variant)
     );
     CREATE TABLE puzzle_ratings (
         puzzle TEXT COLLATE \"C\" PRIMARY KEY,
         variant TEXT COLLATE \"C\" NOT NULL,
         rating DOUBLE PRECISION NOT NULL,
         deviation DOUBLE PRECISION NOT NULL,
         volatility DOUBLE PRECISION NOT NULL,
         attempts BIGINT NOT NULL
     );
     CREATE INDEX puzzle_ratings_by_variant ON puzzle_ratings (variant, puzzle);",
    // 5 (SQLite's 14): names found by when they were claimed, since only
    // the claims of accounts that have not played, and only for a day,
    // count against the bound of names; a name without its claim's time
    // counts as claimed when its account first came (or long ago).
    "UPDATE names SET claimed = coalesce(
         (SELECT first_seen FROM accounts WHERE identity = names.key), 0)
         WHERE claimed IS NULL;
     CREATE INDEX names_by_claimed ON names (claimed);",
];

/// What one migration transaction found.
enum Found {
    /// The schema was at this version and is now one further.
    Stepped(usize),
    /// The schema is at this version, as far as asked or further.
    At(usize),
}

impl Postgres {
    /// Takes the schema from its version to `target` (at most
    /// [`STEPS`]`.len()`), a step a transaction; the versions it was at
    /// and is at.
    pub(super) fn migrate(&self, target: usize) -> Result<(usize, usize), String> {
        let mut from = None;
        loop {
            let found = self
                .write(async |tx| {
                    hold(tx, Serial::Schema).await?;
                    tx.batch_execute(
                        "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)",
                    )
                    .await?;
                    let at: Option<i64> = match tx
                        .query_opt("SELECT version FROM schema_version", &[])
                        .await?
                    {
                        Some(row) => Some(row.try_get(0)?),
                        None => None,
                    };
                    let at = at.map_or(0, |v| usize::try_from(v).unwrap_or(usize::MAX));
                    let Some(step) = STEPS.get(at).filter(|_| at < target) else {
                        return Ok(Found::At(at));
                    };
                    tx.batch_execute(step).await?;
                    tx.execute("DELETE FROM schema_version", &[]).await?;
                    let next = i64::try_from(at + 1).unwrap_or(i64::MAX);
                    tx.execute("INSERT INTO schema_version (version) VALUES ($1)", &[&next])
                        .await?;
                    Ok::<Found, Fault>(Found::Stepped(at))
                })
                .map_err(|e| super::reason(&e).to_string())?;
            match found {
                Found::Stepped(at) => {
                    from.get_or_insert(at);
                }
                Found::At(at) if at > STEPS.len() => {
                    return Err(format!(
                        "its schema is version {at}, newer than this catboard knows ({}); run a newer catboard",
                        STEPS.len()
                    ));
                }
                Found::At(at) => return Ok((from.unwrap_or(at), at)),
            }
        }
    }
}
