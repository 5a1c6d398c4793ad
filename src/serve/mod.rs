//! `catboard serve`: every game over SSH. A russh server on a tokio
//! runtime accepts connections ([`ssh`]), counting those not yet logged in
//! apart from the players ([`admission`]) and charging everything a client
//! sends to its allowance ([`budget`]). Each connection's screen is a task
//! ([`connection`]) running the same App/update/view code as `catboard
//! play`, drawn to bytes a row at a time ([`screen`]) and woken through a
//! box of fixed size ([`mailbox`]). Tables are shared: the [`hub`] owns
//! every table's authoritative game ([`room`]), checks each move with the
//! engine, keeps it in the [`store`] before anyone sees it and tells every
//! viewer; computer seats think on a pool of threads shared fairly by the
//! tables' makers ([`computers`]). Every limit is in [`limits`].

mod address;
mod admission;
mod archive;
mod budget;
mod computers;
mod connection;
mod database;
mod host_key;
mod hub;
mod identity;
mod json_tables;
#[cfg(test)]
mod keeper_suite;
pub mod limits;
mod lobby;
mod log;
mod mailbox;
mod names;
mod postgres;
mod quota;
mod room;
mod screen;
mod ssh;
mod store;
mod table_keeper;

pub use address::PublicName;
pub use limits::Limits;

use catboard::durable::{Access, Lock, LockError};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Everything `catboard serve` needs to start.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (port 0 picks a free port, printed at start).
    pub listen: SocketAddr,
    /// Where the host key, the tables, their seats and the names are kept.
    pub data: PathBuf,
    /// Caps on connections, tables, input and searches.
    pub limits: Limits,
    /// The PostgreSQL database to keep everything in
    /// (`postgres://user@host/name`); `None`: the SQLite file in `data`.
    pub database: Option<String>,
    /// The address the server's messages name (`ssh HOST pgn 12`);
    /// `None`: the address each connection came to.
    pub public_name: Option<address::PublicName>,
}

/// Moves the data of a SQLite server (its database `file`) into the
/// empty PostgreSQL database at `url` (brought to its newest schema
/// first): what was moved, in a sentence.
pub fn import_sqlite(url: &str, file: &std::path::Path) -> Result<String, String> {
    let store = postgres::Postgres::open(url)?;
    let imported = store.import_sqlite(file)?;
    Ok(format!(
        "imported {} into the PostgreSQL database {} (rows: {imported})",
        file.display(),
        store.shown()
    ))
}

/// Says `sentence` on standard error as the server's log does
/// (`catboard serve: …`).
pub fn say(sentence: &str) {
    log::event(sentence);
}

/// How long the connections have to say goodbye when the server stops.
const STOPPING: Duration = Duration::from_secs(3);

/// Runs the server until it is told to stop (SIGTERM, SIGINT); a failure
/// to start (the data folder, the host key, the address) comes back as
/// one sentence.
pub fn serve(config: ServeConfig) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(32)
        .enable_all()
        .build()
        .map_err(|e| format!("Could not start the server's runtime: {e}."))?;
    runtime.block_on(run(config))
}

async fn run(mut config: ServeConfig) -> Result<(), String> {
    let data = config.data.clone();
    catboard::durable::make_folder(&data, Access::Private)
        .map_err(|e| format!("Could not make the data folder {}: {e}.", data.display()))?;
    let _lock = Lock::try_acquire(&data.join("serve"), Access::Private).map_err(|e| match e {
        LockError::Held(_) => format!(
            "The data folder {} is in use: {e}; give another with --data.",
            data.display()
        ),
        LockError::Io(e) => format!("Could not lock the data folder {}: {e}.", data.display()),
    })?;
    // The host key first: one that others may read is refused as it is,
    // before the store makes the folder's other files private.
    let key = host_key::load_or_create(&data.join("host_key"))?;
    let store: Arc<dyn store::Store> = match &config.database {
        Some(url) => {
            let store = postgres::Postgres::open(url)?;
            log::event(format!(
                "keeping everything in the PostgreSQL database {}",
                store.shown()
            ));
            Arc::new(store)
        }
        None => Arc::new(database::Database::open(&data)?),
    };
    log::event(format!("host key {}", host_key::fingerprint(&key)));
    let descriptors = fit_descriptors(&mut config.limits);
    let shared = hub::Shared::load(store, config.limits.clone())?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("Could not listen on {}: {e}.", config.listen))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("Could not read the address listened on: {e}."))?;
    log::event(format!(
        "at most {} players, {} connections logging in ({} from one address), {} s to log in",
        config.limits.connections,
        config.limits.startups,
        config.limits.per_address,
        config.limits.login_grace.as_secs()
    ));
    log::event(format!("listening on {bound}"));
    let ticker = tokio::spawn(hub::ticking(shared.clone()));
    ssh::serve(
        &config,
        key,
        shared.clone(),
        listener,
        descriptors,
        stopped(),
    )
    .await;
    ticker.abort();
    let timed = shared.stop_clocks();
    if timed > 0 {
        log::event(format!("the clocks of {timed} timed tables were kept"));
    }
    let told = shared.shutdown();
    log::event(format!("stopping: {told} connections told"));
    let deadline = tokio::time::Instant::now() + STOPPING;
    while shared.connected() > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    log::event("stopped");
    Ok(())
}

/// Resolves when the process is asked to stop (SIGTERM or SIGINT).
async fn stopped() {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        log::event("could not listen for SIGTERM; stop the server with SIGKILL");
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
}

/// Raises the limit on open files to what `limits` need (up to the hard
/// limit), lowers `limits.connections` when even that is too few, saying
/// so, and returns the limit in force.
fn fit_descriptors(limits: &mut Limits) -> u64 {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let now = getrlimit(Resource::Nofile);
    let soft = now.current.unwrap_or(u64::MAX);
    let hard = now.maximum.unwrap_or(u64::MAX);
    let need = limits.descriptors();
    let mut limit = soft;
    if soft < need {
        let raised = need.min(hard);
        let wanted = Rlimit {
            current: Some(raised),
            maximum: now.maximum,
        };
        if setrlimit(Resource::Nofile, wanted).is_ok() {
            limit = raised;
        }
    }
    if limit < need {
        let room = limit
            .saturating_sub(limits::SPARE_DESCRIPTORS)
            .saturating_sub(limits.startups.full as u64);
        let players = usize::try_from(room).unwrap_or(usize::MAX).max(1);
        log::event(format!(
            "the open files limit (ulimit -n) is {limit}: at most {players} players, not the {} asked; raise the limit to {need} for them all",
            limits.connections
        ));
        limits.connections = players.min(limits.connections);
    }
    limit
}
