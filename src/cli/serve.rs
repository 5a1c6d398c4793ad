//! `catboard serve`: the SSH game server's command line.

use crate::serve::{Limits, ServeConfig, serve as run_server};
use catboard::ai::level::DEFAULT_THINK_MS;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

/// `catboard serve [--listen ADDR] [--data DIR]` and its limits.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address and port to listen on (port 0: any free port, printed).
    #[arg(long, default_value = "127.0.0.1:2222")]
    pub listen: SocketAddr,
    /// Where the host key and the tables are kept (default: $XDG_DATA_HOME/catboard/serve,
    /// else ~/.local/share/catboard/serve).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The most connections open at once.
    #[arg(long, default_value_t = Limits::default().connections)]
    pub max_connections: usize,
    /// The most unfinished tables one person may make.
    #[arg(long, default_value_t = Limits::default().tables_per_identity)]
    pub tables_per_person: usize,
    /// The most bytes of input a second from one connection; more closes it.
    #[arg(long, default_value_t = Limits::default().input_bytes_per_second)]
    pub input_rate: u32,
    /// Seconds without input before a connection is closed.
    #[arg(long, default_value_t = Limits::default().idle_seconds)]
    pub idle_seconds: u64,
    /// The most computer searches at once, server-wide.
    #[arg(long, default_value_t = Limits::default().searches)]
    pub searches: usize,
    /// How long a Master computer thinks per move, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_THINK_MS)]
    pub think_ms: u64,
}

/// Runs the server; a failure to start is one sentence.
pub fn serve(args: &ServeArgs) -> Result<(), String> {
    let data = match &args.data {
        Some(dir) => dir.clone(),
        None => default_data_dir()?,
    };
    run_server(ServeConfig {
        listen: args.listen,
        data,
        limits: Limits {
            connections: args.max_connections,
            tables_per_identity: args.tables_per_person,
            input_bytes_per_second: args.input_rate.max(1),
            idle_seconds: args.idle_seconds,
            searches: args.searches,
        },
        think_ms: args.think_ms,
    })
}

/// `$XDG_DATA_HOME/catboard/serve`, else `~/.local/share/catboard/serve`.
fn default_data_dir() -> Result<PathBuf, String> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("XDG_DATA_HOME")
        .or_else(|| var("HOME").map(|home| home.join(".local/share")))
        .map(|base| base.join("catboard/serve"))
        .ok_or_else(|| {
            "There is no data directory (HOME is not set); give one with --data.".to_string()
        })
}
