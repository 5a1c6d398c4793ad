//! `catboard serve`: the SSH game server's command line.

use super::Failure;
use crate::serve::limits::Startups;
use crate::serve::{Limits, PublicName, ServeConfig, serve as run_server};
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// `catboard serve [--listen ADDR] [--data DIR]` and its limits (see
/// docs/operator.md for what each protects against).
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address and port to listen on (port 0: any free port, printed).
    #[arg(long, default_value = "127.0.0.1:2222")]
    pub listen: SocketAddr,
    /// Where the host key and the tables are kept (default: $XDG_DATA_HOME/catboard/serve,
    /// else ~/.local/share/catboard/serve).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Keep accounts, names, ratings, the archive and the tables in play
    /// in this PostgreSQL database (postgres://user@host/name; the
    /// password from $PGPASSWORD) instead of the SQLite file in the data
    /// folder.
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// The address people reach the server by, named in its messages
    /// (`ssh HOST pgn 12`); default: the address each connection came to.
    #[arg(long, value_name = "HOST[:PORT]")]
    pub public_name: Option<PublicName>,
    /// Move the data of a SQLite server (its catboard.db, the server
    /// stopped) into the empty database given by --database, then stop.
    #[arg(long, value_name = "FILE", requires = "database")]
    pub import_sqlite: Option<PathBuf>,
    /// The most people in the game at once (logged in; connections still
    /// logging in are counted by --max-startups).
    #[arg(long, default_value_t = Limits::default().connections)]
    pub max_connections: usize,
    /// Connections not yet logged in, as sshd's MaxStartups start:rate:full:
    /// past start, new ones are dropped with probability rate percent,
    /// rising to all at full.
    #[arg(long, default_value_t = Limits::default().startups)]
    pub max_startups: Startups,
    /// The most connections not yet logged in from one address (an IPv6
    /// address counts by its /64).
    #[arg(long, default_value_t = Limits::default().per_address)]
    pub per_address: usize,
    /// Seconds a connection has to log in and start the game.
    #[arg(long, default_value_t = Limits::default().login_grace.as_secs())]
    pub login_grace_seconds: u64,
    /// The most unfinished tables one person may make (guests: all guests
    /// from one address together).
    #[arg(long, default_value_t = Limits::default().tables_per_person)]
    pub tables_per_person: usize,
    /// The most unfinished tables the keys and guests of one address (an
    /// IPv6 address by its /64) may make together.
    #[arg(long, default_value_t = Limits::default().tables_per_address)]
    pub tables_per_address: usize,
    /// The most unfinished tables a key may make in its first hour.
    #[arg(long, default_value_t = Limits::default().tables_new_key)]
    pub tables_new_key: usize,
    /// The most unfinished tables on the server (past it, the idlest
    /// table nobody is at, of whoever made most, makes room).
    #[arg(long, default_value_t = Limits::default().tables)]
    pub max_tables: usize,
    /// Seconds a table may go without a move before it is closed (unless
    /// somebody is at it).
    #[arg(long, default_value_t = Limits::default().table_idle.as_secs())]
    pub table_idle_seconds: u64,
    /// Seconds a table nobody is at is kept while its players have not
    /// each moved.
    #[arg(long, default_value_t = Limits::default().table_empty.as_secs())]
    pub table_empty_seconds: u64,
    /// Seconds a person at a timed table has for their first move; then
    /// the game is aborted, unrated.
    #[arg(long, default_value_t = Limits::default().first_move_wait.as_secs())]
    pub first_move_seconds: u64,
    /// Seconds a player may be away from a timed table (their clock
    /// running) before the others may claim the win (W, or claim).
    #[arg(long, default_value_t = Limits::default().claim_after.as_secs())]
    pub claim_after_seconds: u64,
    /// The most new names the keys of one address may claim in an hour.
    #[arg(long, default_value_t = Limits::default().names_per_address)]
    pub names_per_address_an_hour: usize,
    /// The most names held at once by accounts that have finished no
    /// game (each such name lapses a day after its claim).
    #[arg(long, default_value_t = Limits::default().new_names)]
    pub new_names: usize,
    /// The most rated games two accounts may finish together in a day;
    /// more are kept unrated.
    #[arg(long, default_value_t = Limits::default().rated_together_a_day)]
    pub rated_together_a_day: usize,
    /// The most bytes of input a second from one connection (requests
    /// count too); faster input is slowed, a few seconds' worth passes at once.
    #[arg(long, default_value_t = Limits::default().input_bytes_per_second)]
    pub input_rate: u32,
    /// Seconds without input before a connection is closed.
    #[arg(long, default_value_t = Limits::default().idle.as_secs())]
    pub idle_seconds: u64,
    /// The most computer searches at once, server-wide.
    #[arg(long, default_value_t = Limits::default().searches)]
    pub searches: usize,
    /// How long a Master computer thinks per move, in milliseconds, unless
    /// its table asks for another time.
    #[arg(long, default_value_t = Limits::default().think_ms)]
    pub think_ms: u64,
    /// The longest a table may ask its Master computer to think per move.
    #[arg(long, default_value_t = Limits::default().max_think_ms)]
    pub max_think_ms: u64,
    /// The most archived games analysed at once, server-wide (one a
    /// connection; 0: none).
    #[arg(long, default_value_t = Limits::default().analyses)]
    pub analyses: usize,
    /// The nodes the analysis of an archived game gives each position.
    #[arg(long, default_value_t = Limits::default().analysis_nodes)]
    pub analysis_nodes: u64,
}

/// Runs the server; a failure to start is one sentence, said as the
/// server's log says everything (`catboard serve: …`), status 2.
pub fn serve(args: &ServeArgs) -> Result<(), Failure> {
    start(args).map_err(|e| {
        crate::serve::say(&e);
        Failure::Said
    })
}

fn start(args: &ServeArgs) -> Result<(), String> {
    let data = match &args.data {
        Some(dir) => dir.clone(),
        None => default_data_dir()?,
    };
    if let (Some(file), Some(url)) = (&args.import_sqlite, &args.database) {
        crate::serve::say(&crate::serve::import_sqlite(url, file)?);
        return Ok(());
    }
    let max_think_ms = args.max_think_ms.max(1);
    run_server(ServeConfig {
        listen: args.listen,
        data,
        database: args.database.clone(),
        public_name: args.public_name.clone(),
        limits: Limits {
            connections: args.max_connections,
            startups: args.max_startups,
            per_address: args.per_address.max(1),
            login_grace: Duration::from_secs(args.login_grace_seconds.max(1)),
            tables_per_person: args.tables_per_person,
            tables_per_address: args.tables_per_address,
            tables_new_key: args.tables_new_key,
            tables: args.max_tables,
            table_idle: Duration::from_secs(args.table_idle_seconds.max(1)),
            table_empty: Duration::from_secs(args.table_empty_seconds.max(1)),
            first_move_wait: Duration::from_secs(args.first_move_seconds.max(1)),
            rated_together_a_day: args.rated_together_a_day,
            claim_after: Duration::from_secs(args.claim_after_seconds),
            names_per_address: args.names_per_address_an_hour,
            new_names: args.new_names,
            input_bytes_per_second: args.input_rate.max(1),
            idle: Duration::from_secs(args.idle_seconds.max(1)),
            searches: args.searches,
            think_ms: args.think_ms.clamp(1, max_think_ms),
            max_think_ms,
            analyses: args.analyses,
            analysis_nodes: args.analysis_nodes.max(1),
        },
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
