//! The database's schema, one numbered step a version, run in turn, each
//! in a transaction of its own: step `i` takes the database from version
//! `i` to `i + 1`. A step is never changed once released; a change is a
//! new step. Most steps are SQL; one that must read what it changes
//! (the endings kept as words before step 8) is code.

use super::codes;
use crate::serve::{log, names};
use catboard::core::Termination;
use catboard::variants::Variant;
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use std::collections::HashMap;

/// One step of the schema.
pub enum Step {
    /// SQL run as it is.
    Sql(&'static str),
    /// Code, for a step SQL cannot write.
    Code(fn(&Transaction<'_>) -> rusqlite::Result<()>),
}

/// The schema's steps, in turn.
pub const MIGRATIONS: &[Step] = &[
    // 1: what the JSON files kept: the tables in play, their moves since
    // the game was last written whole, their seats, the names, counters.
    Step::Sql(
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
    ),
    // 2: the archive of finished games, accounts and ratings.
    Step::Sql(
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
    ),
    // 3: more than one key to an account: each key added, and the
    // account (the identity of its first key) it belongs to.
    Step::Sql(
        "CREATE TABLE account_keys (
             key TEXT PRIMARY KEY,
             identity TEXT NOT NULL REFERENCES accounts(identity),
             added INTEGER NOT NULL
         );",
    ),
    // 4: clocks: the mover's clock after each move kept one by one (in
    // milliseconds; NULL at an untimed table), and each archived game in
    // the save format too, to be opened for review.
    Step::Sql(
        "ALTER TABLE live_moves ADD COLUMN clock_ms INTEGER;
         ALTER TABLE games ADD COLUMN saved TEXT;",
    ),
    // 5: a name claimed one at a time: kept in the order of the name
    // itself (no rowid, so a claim writes one row and one index entry),
    // as it was asked for and when; the names of a key found by the key,
    // the keys of an account by the account.
    Step::Sql(
        "CREATE TABLE names_kept (
             name TEXT PRIMARY KEY,
             key TEXT NOT NULL,
             shown TEXT NOT NULL,
             claimed INTEGER
         ) WITHOUT ROWID;
         INSERT INTO names_kept (name, key, shown) SELECT name, key, name FROM names;
         DROP TABLE names;
         ALTER TABLE names_kept RENAME TO names;
         CREATE INDEX names_by_key ON names (key, name);
         CREATE INDEX account_keys_by_identity ON account_keys (identity);",
    ),
    // 6: how many moves a table's game kept whole holds, so a move is
    // checked to follow the moves kept without reading the game.
    Step::Sql(
        "ALTER TABLE live_tables ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
         UPDATE live_tables SET plies = coalesce(json_array_length(game, '$.moves'), 0)
             WHERE json_valid(game);",
    ),
    // 7: the leaderboard read in its order, a page at a time.
    Step::Sql(
        "DROP INDEX ratings_by_variant;
         CREATE INDEX ratings_by_variant ON ratings (variant, rating DESC, games DESC, identity);",
    ),
    // 8: endings kept as codes: the reason's code (`checkmate`), the
    // winning seat, the retirement that ended the game (`resign:white`);
    // the words kept before are read back into codes.
    Step::Code(endings_as_codes),
    // 9: names compared by their confusable skeleton (UTS #39), as
    // claims are since: each name kept before is kept under its
    // skeleton, so a look-alike of it is refused too.
    Step::Code(names_by_skeleton),
    // 10: when each account was last seen (a login, a finished game), so
    // a name unused for long lapses; an account from before counts as
    // seen when the server was upgraded.
    Step::Sql(
        "ALTER TABLE accounts ADD COLUMN last_seen INTEGER NOT NULL DEFAULT 0;
         UPDATE accounts SET last_seen = max(first_seen, CAST(strftime('%s', 'now') AS INTEGER));",
    ),
    // 11: each archived game's analysis (`AnalysisRecord` as JSON), kept
    // once it is computed so a game is analysed once.
    Step::Sql("ALTER TABLE games ADD COLUMN analysis TEXT;"),
    // 12: when each key last logged in, for the account's page of keys:
    // a linked key's in its row, the account's first key's in the
    // account's (a key from before counts as seen when it was added,
    // the first key when its account was last seen).
    Step::Sql(
        "ALTER TABLE account_keys ADD COLUMN last_seen INTEGER NOT NULL DEFAULT 0;
         UPDATE account_keys SET last_seen = added;
         ALTER TABLE accounts ADD COLUMN key_seen INTEGER NOT NULL DEFAULT 0;
         UPDATE accounts SET key_seen = last_seen;",
    ),
    // 13: puzzles: each account's puzzle standing in each variant
    // (Glicko-2 rating, streak, best streak, attempts) and each puzzle's
    // own rating, moved by every attempt.
    Step::Sql(
        "CREATE TABLE puzzle_standings (
             identity TEXT NOT NULL,
             variant TEXT NOT NULL,
             rating REAL NOT NULL,
             deviation REAL NOT NULL,
             volatility REAL NOT NULL,
             streak INTEGER NOT NULL,
             best INTEGER NOT NULL,
             attempts INTEGER NOT NULL,
             PRIMARY KEY (identity, variant)
         );
         CREATE TABLE puzzle_ratings (
             puzzle TEXT PRIMARY KEY,
             variant TEXT NOT NULL,
             rating REAL NOT NULL,
             deviation REAL NOT NULL,
             volatility REAL NOT NULL,
             attempts INTEGER NOT NULL
         );
         CREATE INDEX puzzle_ratings_by_variant ON puzzle_ratings (variant, puzzle);",
    ),
    // 14: names found by when they were claimed, since only the claims of
    // accounts that have not played, and only for a day, count against
    // the bound of names: a claim is counted among the day's claims, not
    // the whole book. A name from before claims were timed (schema 5)
    // counts as claimed when its account first came (or long ago).
    Step::Sql(
        "UPDATE names SET claimed = coalesce(
             (SELECT first_seen FROM accounts WHERE identity = names.key), 0)
             WHERE claimed IS NULL;
         CREATE INDEX names_by_claimed ON names (claimed);",
    ),
];

/// Takes `connection` from its schema version to `target`, a step a
/// transaction; the version it was at.
pub fn migrate(connection: &mut Connection, target: usize) -> rusqlite::Result<usize> {
    connection
        .execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let at: Option<i64> = connection
        .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .optional()?;
    let from = at.map_or(0, |v| usize::try_from(v).unwrap_or(0));
    if from > MIGRATIONS.len() {
        return Err(super::refusal(format!(
            "its schema is version {from}, newer than this catboard knows ({}); run a newer catboard",
            MIGRATIONS.len()
        )));
    }
    for (step, migration) in MIGRATIONS.iter().enumerate().take(target).skip(from) {
        let tx = connection.transaction()?;
        match migration {
            Step::Sql(script) => tx.execute_batch(script)?,
            Step::Code(run) => run(&tx)?,
        }
        tx.execute("DELETE FROM schema_version", [])?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES (?1)",
            [i64::try_from(step + 1).unwrap_or(i64::MAX)],
        )?;
        tx.commit()?;
    }
    Ok(from)
}

/// Step 8: each archived game's ending, kept in words, read back into
/// codes by matching the words of every ending its variant could have;
/// an ending that matches none is kept as not known (its PGN still says
/// it), and the log says so.
fn endings_as_codes(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "ALTER TABLE games ADD COLUMN winner INTEGER;
         ALTER TABLE games ADD COLUMN retired TEXT;",
    )?;
    let rows: Vec<(i64, String, String)> = tx
        .prepare("SELECT id, variant, termination FROM games")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut words_of: HashMap<String, HashMap<String, Termination>> = HashMap::new();
    let mut update =
        tx.prepare("UPDATE games SET termination = ?2, winner = ?3, retired = ?4 WHERE id = ?1")?;
    for (id, variant, words) in rows {
        let known = words_of.entry(variant.clone()).or_insert_with(|| {
            let seats = Variant::from_id(&variant).map_or(&[][..], Variant::seats);
            let mut known = HashMap::new();
            for termination in Termination::all(seats.len()) {
                let words = crate::session::table::termination_words(termination, seats);
                known.entry(words).or_insert(termination);
            }
            known
        });
        let termination = known.get(&words).copied();
        if termination.is_none() && !words.is_empty() {
            log::event(format!(
                "game {id}: its ending {words:?} is not one catboard knows; it is kept as not known"
            ));
        }
        let (code, winner, retired) = codes::columns(&variant, termination);
        update.execute(params![id, code, winner, retired])?;
    }
    Ok(())
}

/// Step 9: each name kept before names were compared by skeleton is
/// kept under [`names::folded`] of the name as shown. Two names that are
/// now one (`b0b` and `bob`) stay with the key that claimed first (a
/// name from before claims were dated counts as first); the other is let
/// go, and the log says so.
fn names_by_skeleton(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    let rows: Vec<(String, String, Option<i64>)> = tx
        .prepare(
            "SELECT key, shown, claimed FROM names ORDER BY claimed IS NOT NULL, claimed, name",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    tx.execute("DELETE FROM names", [])?;
    let mut insert =
        tx.prepare("INSERT INTO names (name, key, shown, claimed) VALUES (?1, ?2, ?3, ?4)")?;
    let mut kept: HashMap<String, String> = HashMap::new();
    for (key, shown, claimed) in rows {
        let folded = names::folded(&shown);
        if let Some(first) = kept.get(&folded) {
            log::event(format!(
                "the name {} of {key} looks like {}, claimed before it; it is no longer kept",
                catboard::text::quoted(&shown),
                catboard::text::quoted(first)
            ));
            continue;
        }
        insert.execute(params![folded, key, shown, claimed])?;
        kept.insert(folded, shown);
    }
    Ok(())
}
