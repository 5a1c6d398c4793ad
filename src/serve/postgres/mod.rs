//! The store in PostgreSQL (`catboard serve --database postgres://…`),
//! behind the same [`Store`](super::store::Store) interface as the SQLite
//! file, held to the same test suite.
//!
//! The client is tokio-postgres. Its connections run on a small runtime
//! of the store's own (one thread), and each store method drives its
//! queries from the calling thread (`futures_executor::block_on`), so the
//! store works the same from the server's blocking threads, from its
//! runtime's own threads (the hub's clock tick) and from plain test
//! threads, and nothing borrowed has to be copied for another thread.
//! A pool keeps up to [`CONNECTIONS`] connections open.
//!
//! Every method is one transaction ([`Postgres::write`]). What must be in
//! order takes a lock of its own at the start of its transaction, kept
//! to its end: the moves of one table lock the table's row, a finished
//! game (its archive entry, its number and both players' ratings) takes
//! the archive's lock, and names and keys take the accounts' lock, so
//! what a transaction read is what it changes, whichever host wrote
//! before. Two transactions that collide anyway (a serialization
//! failure, a deadlock, a unique key written by both) are tried again
//! from the start, a few times, then refused as busy; an operation that
//! takes longer than [`OPERATION`] (a database that stopped answering)
//! is refused too, its connection closed, so its transaction is rolled
//! back and nothing is half-kept. PostgreSQL's own message goes to the
//! server's log; the caller gets a [`StoreError`], which a player reads.
//!
//! The schema is numbered as the SQLite file's is ([`schema`]); a SQLite
//! server's data is moved in by [`import`].

pub mod import;
mod operations;
mod puzzles;
mod schema;
#[cfg(test)]
pub mod testing;
#[cfg(test)]
mod tests;

use super::log;
use super::store::{Conflict, StoreError};
use std::fmt;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio_postgres::config::{Host, SslMode};
use tokio_postgres::error::SqlState;
use tokio_postgres::{Client, Config, IsolationLevel, NoTls, Transaction};

/// Connections one store keeps open at most.
const CONNECTIONS: usize = 16;

/// How long one operation may take, waiting for a connection and for
/// the database included, before it is refused as busy.
const OPERATION: Duration = Duration::from_secs(10);

/// How long opening a connection waits for the database.
const CONNECTING: Duration = Duration::from_secs(5);

/// What every connection is set to: no statement runs longer, nor waits
/// for a lock longer, than an operation may; a transaction left open by
/// a host that stopped answering is ended by the database.
const SESSION: &str = "SET statement_timeout = '8s'; SET lock_timeout = '6s';
     SET idle_in_transaction_session_timeout = '30s'";

/// How many times an operation is tried when its transaction collided
/// with another's.
const TRIES: u32 = 8;

/// The store as a PostgreSQL database.
pub struct Postgres {
    /// Runs the connections (and the timers); taken when dropped.
    runtime: Option<tokio::runtime::Runtime>,
    config: Config,
    /// The schema the tables are in, when not the database's own search
    /// path (each test has its own).
    schema: Option<String>,
    pool: Mutex<Pool>,
    /// Told when a connection comes back to the pool.
    returned: Condvar,
    /// The database as the log names it (`user@host:port/name`, never
    /// its password).
    shown: String,
}

/// The connections open: those idle, and how many in all.
#[derive(Default)]
struct Pool {
    idle: Vec<Client>,
    open: usize,
}

impl fmt::Debug for Postgres {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Postgres")
            .field("database", &self.shown)
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

/// Why an operation's transaction stopped: the database said so, or
/// the store (a conflict, something not readable).
#[derive(Debug)]
enum Fault {
    Db(tokio_postgres::Error),
    Store(StoreError),
}

impl From<tokio_postgres::Error> for Fault {
    fn from(e: tokio_postgres::Error) -> Fault {
        Fault::Db(e)
    }
}

impl From<StoreError> for Fault {
    fn from(e: StoreError) -> Fault {
        Fault::Store(e)
    }
}

impl From<Conflict> for Fault {
    fn from(conflict: Conflict) -> Fault {
        Fault::Store(conflict.into())
    }
}

/// The locks a transaction takes at its start (PostgreSQL advisory
/// locks, held to the transaction's end, one set per schema).
#[derive(Clone, Copy, Debug)]
enum Serial {
    /// The schema's migrations.
    Schema = 1,
    /// The archive: game numbers and ratings.
    Archive = 2,
    /// Names, accounts and their keys.
    Accounts = 3,
    /// Puzzle standings and puzzles' ratings.
    Puzzles = 4,
}

/// Takes lock `serial` for the rest of transaction `tx`, waiting for
/// another transaction holding it to end.
async fn hold(tx: &Transaction<'_>, serial: Serial) -> Result<(), Fault> {
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1)",
        &[&(serial as i32)],
    )
    .await?;
    Ok(())
}

/// `e` in PostgreSQL's words, on one line.
fn said(e: &tokio_postgres::Error) -> String {
    let text = match e.as_db_error() {
        Some(db) => db.to_string(),
        None => match std::error::Error::source(e) {
            Some(source) => format!("{e}: {source}"),
            None => e.to_string(),
        },
    };
    text.replace('\n', " ")
}

/// Whether `e` says the transaction collided with another, so the same
/// transaction tried again may well go through.
fn collided(e: &tokio_postgres::Error) -> bool {
    e.code().is_some_and(|code| {
        [
            SqlState::T_R_SERIALIZATION_FAILURE,
            SqlState::T_R_DEADLOCK_DETECTED,
            SqlState::UNIQUE_VIOLATION,
        ]
        .contains(code)
    })
}

/// The kind of failure `e` is, as the server acts on it.
fn kind(e: &tokio_postgres::Error) -> StoreError {
    let Some(code) = e.code() else {
        return StoreError::Failed;
    };
    if collided(e)
        || [
            SqlState::LOCK_NOT_AVAILABLE,
            SqlState::QUERY_CANCELED,
            SqlState::TOO_MANY_CONNECTIONS,
            SqlState::CANNOT_CONNECT_NOW,
        ]
        .contains(code)
    {
        StoreError::Busy
    } else if [SqlState::DISK_FULL, SqlState::INSUFFICIENT_RESOURCES].contains(code) {
        StoreError::Full
    } else {
        StoreError::Failed
    }
}

/// How the log names the database of `config`: its user, host, port and
/// name, never its password.
fn shown(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        Some(Host::Unix(dir)) => dir.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config.get_user().unwrap_or("?");
    let name = config.get_dbname().unwrap_or(user);
    format!("{user}@{host}:{port}/{name}")
}

/// A connection lent out of the pool, given back when dropped (or closed
/// with [`Lent::discard`]).
struct Lent<'a> {
    store: &'a Postgres,
    client: Option<Client>,
}

impl Lent<'_> {
    /// Closes the connection rather than give it back (a transaction of
    /// it may still be open): the database rolls back what it held.
    fn discard(mut self) {
        self.client = None;
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        let mut pool = self.store.pool();
        match self.client.take() {
            Some(client) if !client.is_closed() => pool.idle.push(client),
            _ => pool.open = pool.open.saturating_sub(1),
        }
        drop(pool);
        self.store.returned.notify_one();
    }
}

impl Postgres {
    /// The database at `url` (`postgres://user@host/name`; the password
    /// from the address, else `$PGPASSWORD`), brought to the newest
    /// schema.
    pub fn open(url: &str) -> Result<Postgres, String> {
        Postgres::open_in(url, None)
    }

    /// The database at `url`, its tables in `schema` (made when new) when
    /// given, brought to the newest schema.
    fn open_in(url: &str, schema: Option<String>) -> Result<Postgres, String> {
        let store = Postgres::connect_to(url, schema)?;
        let (from, to) = store.migrate(schema::STEPS.len()).map_err(|e| {
            format!(
                "The PostgreSQL database {} cannot be used: {e}.",
                store.shown
            )
        })?;
        if from < to {
            log::event(format!(
                "the PostgreSQL database {} is at schema version {to} (it was at {from})",
                store.shown
            ));
        }
        Ok(store)
    }

    /// The store for the database at `url`, nothing asked of it yet.
    fn connect_to(url: &str, schema: Option<String>) -> Result<Postgres, String> {
        let mut config: Config = url.parse().map_err(|e| {
            format!("The database address is not one PostgreSQL reads ({e}); give postgres://user@host/name.")
        })?;
        if config.get_ssl_mode() == SslMode::Require {
            return Err(
                "catboard does not speak TLS to PostgreSQL: reach the database over its Unix socket, loopback or a private network (sslmode=prefer or disable)."
                    .into(),
            );
        }
        if config.get_password().is_none()
            && let Some(password) = std::env::var_os("PGPASSWORD")
        {
            config.password(password.as_encoded_bytes());
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECTING);
        }
        if config.get_application_name().is_none() {
            config.application_name("catboard");
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("catboard-postgres")
            .enable_all()
            .build()
            .map_err(|e| format!("Could not start the database's runtime: {e}."))?;
        Ok(Postgres {
            runtime: Some(runtime),
            shown: shown(&config),
            config,
            schema,
            pool: Mutex::new(Pool::default()),
            returned: Condvar::new(),
        })
    }

    /// The database as the log names it.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    fn pool(&self) -> MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn runtime(&self) -> Result<&tokio::runtime::Runtime, StoreError> {
        self.runtime.as_ref().ok_or(StoreError::Failed)
    }

    /// Logs `e` in PostgreSQL's words; the kind of failure it is.
    fn failure(&self, e: &tokio_postgres::Error) -> StoreError {
        log::event(format!(
            "the PostgreSQL database {}: {}",
            self.shown,
            said(e)
        ));
        kind(e)
    }

    /// A connection: an idle one, a new one while fewer than
    /// [`CONNECTIONS`] are open, else the first given back (busy when
    /// none is within [`OPERATION`]).
    fn lend(&self) -> Result<Lent<'_>, StoreError> {
        let mut pool = self.pool();
        loop {
            while let Some(client) = pool.idle.pop() {
                if !client.is_closed() {
                    return Ok(Lent {
                        store: self,
                        client: Some(client),
                    });
                }
                pool.open = pool.open.saturating_sub(1);
            }
            if pool.open < CONNECTIONS {
                pool.open += 1;
                break;
            }
            let (next, waited) = self
                .returned
                .wait_timeout(pool, OPERATION)
                .unwrap_or_else(PoisonError::into_inner);
            pool = next;
            if waited.timed_out() && pool.idle.is_empty() && pool.open >= CONNECTIONS {
                log::event(format!(
                    "the PostgreSQL database {}: all {CONNECTIONS} connections stayed busy",
                    self.shown
                ));
                return Err(StoreError::Busy);
            }
        }
        drop(pool);
        // Counted open from here: given back (or not) as any other.
        let mut lent = Lent {
            store: self,
            client: None,
        };
        lent.client = Some(self.connect()?);
        Ok(lent)
    }

    /// A new connection, its session set, run on the store's runtime.
    fn connect(&self) -> Result<Client, StoreError> {
        let config = self.config.clone();
        let schema = self.schema.clone();
        let shown = self.shown.clone();
        let task = self.runtime()?.spawn(async move {
            let (client, connection) = config.connect(NoTls).await?;
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    log::event(format!(
                        "the PostgreSQL database {shown}: a connection ended: {}",
                        said(&e)
                    ));
                }
            });
            client.batch_execute(SESSION).await?;
            if let Some(schema) = schema {
                client
                    .batch_execute(&format!(
                        "CREATE SCHEMA IF NOT EXISTS {0}; SET search_path TO {0}",
                        quoted_name(&schema)
                    ))
                    .await?;
            }
            Ok::<Client, tokio_postgres::Error>(client)
        });
        match futures_executor::block_on(task) {
            Ok(Ok(client)) => Ok(client),
            Ok(Err(e)) => Err(self.failure(&e)),
            Err(e) => {
                log::event(format!(
                    "the PostgreSQL database {}: connecting stopped: {e}",
                    self.shown
                ));
                Err(StoreError::Failed)
            }
        }
    }

    /// Runs `work` on a connection within [`OPERATION`], tried again from
    /// the start when it collided with another transaction.
    fn attempt<T>(
        &self,
        work: impl AsyncFn(&mut Client) -> Result<T, Fault>,
    ) -> Result<T, StoreError> {
        let runtime = self.runtime()?;
        let mut tries = 0;
        loop {
            tries += 1;
            let mut lent = self.lend()?;
            let Some(client) = lent.client.as_mut() else {
                return Err(StoreError::Failed);
            };
            let done = {
                // The timer is the store runtime's, whoever's thread this is.
                let _timers = runtime.enter();
                futures_executor::block_on(tokio::time::timeout(OPERATION, work(client)))
            };
            match done {
                Ok(Ok(out)) => return Ok(out),
                Ok(Err(Fault::Store(e))) => return Err(e),
                Ok(Err(Fault::Db(e))) if collided(&e) && tries < TRIES => {
                    drop(lent);
                    std::thread::sleep(Duration::from_millis(u64::from(tries) * 3));
                }
                Ok(Err(Fault::Db(e))) => {
                    if e.is_closed() {
                        lent.discard();
                    }
                    return Err(self.failure(&e));
                }
                Err(_) => {
                    lent.discard();
                    log::event(format!(
                        "the PostgreSQL database {}: an operation took longer than {} s; it was rolled back",
                        self.shown,
                        OPERATION.as_secs()
                    ));
                    return Err(StoreError::Busy);
                }
            }
        }
    }

    /// Runs `work` in one transaction, committed when it returns `Ok`,
    /// rolled back otherwise.
    fn write<T>(
        &self,
        work: impl AsyncFn(&Transaction<'_>) -> Result<T, Fault>,
    ) -> Result<T, StoreError> {
        self.attempt(async |client: &mut Client| {
            let tx = client.transaction().await?;
            let out = work(&tx).await?;
            tx.commit().await?;
            Ok(out)
        })
    }

    /// Runs `work` in one read-only transaction that sees the database as
    /// it was when it began.
    fn read<T>(
        &self,
        work: impl AsyncFn(&Transaction<'_>) -> Result<T, Fault>,
    ) -> Result<T, StoreError> {
        self.attempt(async |client: &mut Client| {
            let tx = client
                .build_transaction()
                .isolation_level(IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let out = work(&tx).await?;
            tx.commit().await?;
            Ok(out)
        })
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.pool().idle.clear();
        // Dropped on any thread, the server's runtime's too.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// Why a database could not be used, as the sentence that says so at
/// start goes on (what PostgreSQL said is in the log line before).
fn reason(e: &StoreError) -> &'static str {
    match e {
        StoreError::Busy => "it stayed busy",
        StoreError::Full => "its disk is full",
        StoreError::Conflict(_) | StoreError::Failed => {
            "it could not be reached, or refused (the line before says what it said)"
        }
    }
}

/// `name` as an SQL identifier, quoted.
fn quoted_name(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}
