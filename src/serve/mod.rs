//! `catboard serve`: every game over SSH. A russh server on a tokio
//! runtime accepts connections; each connection's screen is the same
//! App/update/view code as `catboard play`, run synchronously on its own
//! thread ([`connection`]) and drawn to the SSH channel ([`channel`]).
//! Tables are shared: the [`hub`] owns every table's authoritative game
//! ([`room`]), checks each move with the engine, saves it and tells every
//! viewer; computer seats think on worker threads under one server-wide
//! budget ([`computers`]).

mod channel;
mod computers;
mod connection;
mod event;
mod host_key;
mod hub;
mod identity;
mod lobby;
mod log;
mod room;
mod ssh;

pub use hub::Limits;

use std::net::SocketAddr;
use std::path::PathBuf;

/// Everything `catboard serve` needs to start.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (port 0 picks a free port, printed at start).
    pub listen: SocketAddr,
    /// Where the host key, the tables and their seats are kept.
    pub data: PathBuf,
    /// Caps on connections, tables, input and searches.
    pub limits: Limits,
    /// How long a Master computer thinks per move, in milliseconds.
    pub think_ms: u64,
}

/// Runs the server until the process is stopped; a failure to start (the
/// data directory, the host key, the address) comes back as one sentence.
pub fn serve(config: ServeConfig) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("Could not start the server's runtime: {e}."))?;
    runtime.block_on(ssh::run(config))
}
