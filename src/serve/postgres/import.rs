//! `catboard serve --database postgres://… --import-sqlite FILE`: a
//! SQLite server's data (its `catboard.db`) moved into an empty
//! PostgreSQL database, in one transaction: accounts, their keys, names,
//! ratings, the archive (its game numbers kept), the tables in play
//! with their moves, and the guest counter. The file is read, never
//! changed; the server using it must have stopped, and it must be at the
//! schema this catboard writes (started once by this catboard).

use super::{Postgres, Serial, said};
use crate::serve::database::{FILE_NAME, MIGRATIONS};
use catboard::durable::{Access, Lock, LockError};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};
use std::fmt;
use std::path::Path;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Transaction};

/// How a column is kept in PostgreSQL.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Text,
    Int,
    Real,
    Bool,
}

use Kind::{Bool, Int, Real, Text};

/// Every table moved, its columns in turn; a table referred to comes
/// before those that refer to it. Both schemas are at their newest
/// (SQLite's [`MIGRATIONS`], PostgreSQL's step 1 and after).
const MOVED: &[(&str, &[(&str, Kind)])] = &[
    (
        "accounts",
        &[
            ("identity", Text),
            ("name", Text),
            ("first_seen", Int),
            ("games", Int),
            ("last_seen", Int),
            ("key_seen", Int),
        ],
    ),
    (
        "account_keys",
        &[
            ("key", Text),
            ("identity", Text),
            ("added", Int),
            ("last_seen", Int),
        ],
    ),
    (
        "names",
        &[
            ("name", Text),
            ("key", Text),
            ("shown", Text),
            ("claimed", Int),
        ],
    ),
    ("counters", &[("name", Text), ("value", Int)]),
    (
        "ratings",
        &[
            ("identity", Text),
            ("variant", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
        ],
    ),
    (
        "games",
        &[
            ("id", Int),
            ("tbl", Text),
            ("variant", Text),
            ("time_control", Text),
            ("termination", Text),
            ("winner", Int),
            ("retired", Text),
            ("result", Text),
            ("rated", Bool),
            ("finished", Int),
            ("plies", Int),
            ("pgn", Text),
            ("saved", Text),
            ("analysis", Text),
        ],
    ),
    (
        "game_players",
        &[
            ("game", Int),
            ("seat", Int),
            ("seat_name", Text),
            ("identity", Text),
            ("name", Text),
            ("score", Int),
            ("rating_before", Real),
            ("deviation_before", Real),
            ("rating_after", Real),
            ("deviation_after", Real),
        ],
    ),
    (
        "puzzle_standings",
        &[
            ("identity", Text),
            ("variant", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("streak", Int),
            ("best", Int),
            ("attempts", Int),
        ],
    ),
    (
        "puzzle_ratings",
        &[
            ("puzzle", Text),
            ("variant", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("attempts", Int),
        ],
    ),
    (
        "live_tables",
        &[
            ("name", Text),
            ("game", Text),
            ("seats", Text),
            ("touched", Int),
            ("plies", Int),
        ],
    ),
    (
        "live_moves",
        &[
            ("tbl", Text),
            ("ply", Int),
            ("text", Text),
            ("clock_ms", Int),
        ],
    ),
];

/// What was moved: the rows of each table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// Each table moved and how many rows it had, in [`MOVED`]'s order.
    pub rows: Vec<(&'static str, u64)>,
}

impl fmt::Display for Imported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .rows
            .iter()
            .map(|(table, n)| format!("{table} {n}"))
            .collect();
        f.write_str(&parts.join(", "))
    }
}

/// One value of a row, as PostgreSQL takes it.
#[derive(Debug)]
enum Value {
    Text(Option<String>),
    Int(Option<i64>),
    Real(Option<f64>),
    Bool(Option<bool>),
}

impl Value {
    fn as_sql(&self) -> &(dyn ToSql + Sync) {
        match self {
            Value::Text(v) => v,
            Value::Int(v) => v,
            Value::Real(v) => v,
            Value::Bool(v) => v,
        }
    }
}

/// The value SQLite kept in column `column` of `table`, as `kind`; a
/// value of another type is refused in a sentence.
fn value(table: &str, column: &str, kind: Kind, kept: ValueRef<'_>) -> Result<Value, String> {
    let wrong = || {
        format!("the column {column} of the table {table} holds a value that is not of its type")
    };
    Ok(match (kind, kept) {
        (Text, ValueRef::Null) => Value::Text(None),
        (Int, ValueRef::Null) => Value::Int(None),
        (Real, ValueRef::Null) => Value::Real(None),
        (Bool, ValueRef::Null) => Value::Bool(None),
        (Text, ValueRef::Text(bytes)) => Value::Text(Some(
            String::from_utf8(bytes.to_vec()).map_err(|_| wrong())?,
        )),
        (Int, ValueRef::Integer(n)) => Value::Int(Some(n)),
        (Real, ValueRef::Real(x)) => Value::Real(Some(x)),
        (Real, ValueRef::Integer(n)) => Value::Real(Some(n as f64)),
        (Bool, ValueRef::Integer(n)) => Value::Bool(Some(n != 0)),
        _ => return Err(wrong()),
    })
}

/// Why an import stopped, to be said in one sentence.
enum Stop {
    Postgres(tokio_postgres::Error),
    Sqlite(rusqlite::Error),
    Said(String),
}

impl From<tokio_postgres::Error> for Stop {
    fn from(e: tokio_postgres::Error) -> Stop {
        Stop::Postgres(e)
    }
}

impl From<rusqlite::Error> for Stop {
    fn from(e: rusqlite::Error) -> Stop {
        Stop::Sqlite(e)
    }
}

impl From<String> for Stop {
    fn from(sentence: String) -> Stop {
        Stop::Said(sentence)
    }
}

impl Postgres {
    /// Moves the data of the SQLite database `file` in, in one
    /// transaction; refused when this database holds a server's data
    /// already, when the server using `file` still runs, or when `file`
    /// is not at this catboard's schema.
    pub fn import_sqlite(&self, file: &Path) -> Result<Imported, String> {
        let shown = file.display().to_string();
        let _stopped = old_server_stopped(file)?;
        let sqlite = open_sqlite(file)?;
        let mut lent = self.lend().map_err(|e| {
            format!(
                "The PostgreSQL database {} cannot be used: {}.",
                self.shown,
                super::reason(&e)
            )
        })?;
        let client = lent
            .client
            .as_mut()
            .ok_or_else(|| format!("The PostgreSQL database {} is not connected.", self.shown))?;
        futures_executor::block_on(move_in(client, &sqlite)).map_err(|stop| match stop {
            Stop::Said(sentence) => format!("{shown} was not imported: {sentence}."),
            Stop::Postgres(e) => format!(
                "{shown} was not imported: the PostgreSQL database {} said: {}",
                self.shown,
                said(&e)
            ),
            Stop::Sqlite(e) => format!("{shown} was not imported: reading it, SQLite said: {e}."),
        })
    }
}

/// The lock of the server whose data folder holds `file`, when it is
/// one: refused while that server runs.
fn old_server_stopped(file: &Path) -> Result<Option<Lock>, String> {
    let Some(folder) = file.parent() else {
        return Ok(None);
    };
    let guarded = folder.join("serve");
    if !Lock::path_for(&guarded).exists() {
        return Ok(None);
    }
    match Lock::try_acquire(&guarded, Access::Private) {
        Ok(lock) => Ok(Some(lock)),
        Err(LockError::Held(_)) => Err(format!(
            "The server using {} is still running; stop it, then import.",
            file.display()
        )),
        Err(LockError::Io(e)) => Err(format!(
            "Could not lock the data folder {}: {e}.",
            folder.display()
        )),
    }
}

/// `file` opened to be read, at this catboard's schema.
fn open_sqlite(file: &Path) -> Result<Connection, String> {
    let shown = file.display();
    if !file.is_file() {
        return Err(format!(
            "There is no SQLite database at {shown} (a server's is {FILE_NAME} in its data folder)."
        ));
    }
    let connection = Connection::open_with_flags(
        file,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| format!("{shown} cannot be read: {e}."))?;
    let version: i64 = connection
        .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .map_err(|_| format!("{shown} is not a catboard server's database."))?;
    let newest = i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX);
    if version < newest {
        return Err(format!(
            "{shown} is at schema version {version}; start this catboard's server on its data folder once (it brings it to {newest}), stop it, then import."
        ));
    }
    if version > newest {
        return Err(format!(
            "{shown} is at schema version {version}, newer than this catboard knows ({newest}); import with a newer catboard."
        ));
    }
    Ok(connection)
}

/// Every table of [`MOVED`] copied from `sqlite` in one transaction.
async fn move_in(client: &mut Client, sqlite: &Connection) -> Result<Imported, Stop> {
    let tx = client.transaction().await?;
    for serial in [Serial::Archive, Serial::Accounts] {
        tx.execute(
            "SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1)",
            &[&(serial as i32)],
        )
        .await?;
    }
    let held: bool = tx
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM accounts) OR EXISTS (SELECT 1 FROM names)
                 OR EXISTS (SELECT 1 FROM games) OR EXISTS (SELECT 1 FROM live_tables)",
            &[],
        )
        .await?
        .try_get(0)?;
    if held {
        return Err(Stop::Said(
            "the PostgreSQL database holds a server's data already; import into an empty one"
                .into(),
        ));
    }
    tx.execute("DELETE FROM counters", &[]).await?;
    let mut rows = Vec::with_capacity(MOVED.len());
    for (table, columns) in MOVED {
        rows.push((*table, copy_table(&tx, sqlite, table, columns).await?));
    }
    tx.execute(
        "SELECT setval('table_touches', coalesce((SELECT max(touched) FROM live_tables), 0) + 1,
             false)",
        &[],
    )
    .await?;
    tx.commit().await?;
    Ok(Imported { rows })
}

/// Copies the rows of `table` from `sqlite`; how many.
async fn copy_table(
    tx: &Transaction<'_>,
    sqlite: &Connection,
    table: &str,
    columns: &[(&str, Kind)],
) -> Result<u64, Stop> {
    let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
    let places: Vec<String> = (1..=columns.len()).map(|n| format!("${n}")).collect();
    let insert = tx
        .prepare(&format!(
            "INSERT INTO {table} ({}) VALUES ({})",
            names.join(", "),
            places.join(", ")
        ))
        .await?;
    let mut select = sqlite.prepare(&format!("SELECT {} FROM {table}", names.join(", ")))?;
    let mut kept = select.query([])?;
    let mut count = 0;
    while let Some(row) = kept.next()? {
        let mut values = Vec::with_capacity(columns.len());
        for (at, (column, kind)) in columns.iter().enumerate() {
            values.push(value(table, column, *kind, row.get_ref(at)?)?);
        }
        let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(Value::as_sql).collect();
        tx.execute(&insert, &params).await?;
        count += 1;
    }
    Ok(count)
}
