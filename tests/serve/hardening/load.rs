//! The closing note's measurements, as ignored tests that print their
//! figures. Run one at a time, when the machine is quiet:
//!
//! ```text
//! cargo test --release --test serve -- --ignored --nocapture --test-threads 1 load_silent_sockets
//! cargo test --release --test serve -- --ignored --nocapture --test-threads 1 load_unread_window_flood
//! cargo test --release --test serve -- --ignored --nocapture --test-threads 1 load_two_thousand_players
//! ```
//!
//! `CATBOARD_UNDER_TEST=/path/to/catboard` measures another build.
//! `LOAD_TABLES`, `LOAD_IDLE`, `LOAD_SECONDS` and `LOAD_MOVES_PER_SECOND`
//! change the 2,000-player run's shape (250 tables, 1,500 in the lobby,
//! 60 s, 50 moves a second).

use super::client::{
    Options, Player, Server, TempDir, log_in, new_key, status_kb, tcp_from, unread_player,
};
use russh::ChannelMsg;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The load average, as `uptime` gives it.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// CPU time used by process `pid`, in clock ticks (user + system).
fn cpu_ticks(pid: u32) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let rest = text.rsplit(')').next().unwrap_or("");
    let fields: Vec<u64> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    fields.get(11).copied().unwrap_or(0) + fields.get(12).copied().unwrap_or(0)
}

/// Loopback address number `n` (127.0.1.x … spread over many), so the
/// per-address limits see many people.
fn address(n: usize) -> [u8; 4] {
    [127, 0, 1 + (n / 250) as u8, 1 + (n % 250) as u8]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement of about two and a half minutes; run by hand"]
async fn load_silent_sockets() {
    let data = TempDir::new("load-silent");
    let server = Server::start(data.path(), &[]);
    println!("load average before: {}", load_average());
    let mut sockets = Vec::new();
    for n in 0..500 {
        if let Ok(s) = tcp_from(IpAddr::from(address(n / 5)), server.port).await {
            sockets.push(s);
        }
    }
    let opened = Instant::now();
    println!("500 silent sockets opened (100 addresses, 5 each)");
    let key = new_key();
    let mut tries = 0;
    let admitted = loop {
        tries += 1;
        let attempt = tokio::time::timeout(Duration::from_secs(10), async {
            let stream = tcp_from(IpAddr::from([127, 0, 0, 1]), server.port).await?;
            let mut p = log_in(stream, &Options::key("real", &key)).await?;
            Ok::<bool, russh::Error>(
                p.read_until(|p| p.contents().contains("Welcome, real"))
                    .await,
            )
        })
        .await;
        if let Ok(Ok(true)) = attempt {
            break opened.elapsed();
        }
        if opened.elapsed() > Duration::from_secs(300) {
            panic!("the player was kept out for five minutes");
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    };
    println!(
        "a real player got in {:.1} s after the 500 silent sockets opened, on try {tries} (login grace 120 s); load average {}",
        admitted.as_secs_f64(),
        load_average()
    );
    drop(sockets);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement of about fifteen seconds; run by hand"]
async fn load_unread_window_flood() {
    let data = TempDir::new("load-unread");
    let server = Server::start(data.path(), &[]);
    let mut flood = unread_player(server.port).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = server.rss_kb();
    let started = Instant::now();
    let mut samples: Vec<(u64, u64)> = Vec::new();
    let sent = flood
        .flood_window_changes(Duration::from_secs(10), || {
            let second = started.elapsed().as_secs();
            if samples.last().is_none_or(|(s, _)| *s < second) {
                samples.push((second, server.rss_kb()));
            }
        })
        .await;
    let after = server.rss_kb();
    println!(
        "a client reading nothing sent {sent} window changes in 10 s: the server went from {before} kB to {after} kB ({} kB more); load average {}",
        after as i64 - before as i64,
        load_average()
    );
    println!("resident while flooding (second, kB): {samples:?}");
    drop(flood);
    server.stop();
}

/// One table's players' shared state: when the last move was sent.
struct Clock {
    sent: Mutex<Option<Instant>>,
}

/// A player at a load table: waits for its turn, then moves on schedule.
async fn play_table(
    mut p: Player,
    white: bool,
    clock: Arc<Clock>,
    phase: Duration,
    period: Duration,
    until: Instant,
    latencies: Arc<Mutex<Vec<Duration>>>,
) {
    let mine = if white {
        "White to move"
    } else {
        "Black to move"
    };
    let moves: [&str; 2] = if white {
        ["Nf3", "Ng1"]
    } else {
        ["Nf6", "Ng8"]
    };
    let start = Instant::now();
    let mut n = 0usize;
    let deadline = tokio::time::Instant::from_std(until);
    while Instant::now() < until {
        let arrived =
            tokio::time::timeout_at(deadline, p.read_until(|p| p.contents().contains(mine))).await;
        if arrived != Ok(true) {
            break;
        }
        if let Some(sent) = clock.sent.lock().expect("clock").take() {
            latencies.lock().expect("latencies").push(sent.elapsed());
        }
        // Move at the table's next slot: one move every `period`, offset by its phase.
        let now = start.elapsed();
        let slots = if now <= phase {
            0
        } else {
            (now - phase)
                .as_millis()
                .div_ceil(period.as_millis().max(1))
        };
        let due = phase + period * slots as u32;
        tokio::time::sleep(due.saturating_sub(now)).await;
        if Instant::now() >= until {
            break;
        }
        *clock.sent.lock().expect("clock") = Some(Instant::now());
        p.play(moves[n % 2]).await;
        n += 1;
        // Until the screen shows the other side to move, keep reading.
        let theirs = if white {
            "Black to move"
        } else {
            "White to move"
        };
        if !p.read_until(|p| p.contents().contains(theirs)).await {
            break;
        }
    }
}

/// Keeps reading a lobby player's channel so nothing waits for it.
async fn drain(mut p: Player) {
    while let Some(msg) = p.channel.wait().await {
        if let ChannelMsg::Data { data } = msg {
            p.bytes.clear();
            let _ = data;
        }
    }
}

/// A chess game with no draw by repetition or fifty moves, for the
/// knights to shuffle for ever.
fn endless_table(dir: &std::path::Path, name: &str) {
    let text = "{\"format\":1,\"variant\":\"chess\",\"options\":[\"fifty_moves=off\",\"repetition=off\"],\"start\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"players\":[\"human\",\"human\"],\"moves\":[]}\n";
    std::fs::create_dir_all(dir.join("tables")).expect("tables");
    std::fs::write(dir.join("tables").join(format!("{name}.json")), text).expect("a table");
}

/// Connects `count` players with `make(n)` giving each one's options, a
/// few at a time (as people arrive, below the startup limits), each
/// counted once its screen shows `ready`.
async fn connect_many(
    port: u16,
    count: usize,
    ready: &'static str,
    make: impl Fn(usize) -> Options,
) -> Vec<Player> {
    let mut players = Vec::with_capacity(count);
    let mut n = 0;
    while n < count {
        let batch: Vec<_> = (n..(n + 8).min(count))
            .map(|i| {
                let options = make(i);
                tokio::spawn(async move {
                    let mut p = Player::connect(port, options).await;
                    p.wait_for(ready).await;
                    p
                })
            })
            .collect();
        n += batch.len();
        for joined in batch {
            players.push(joined.await.expect("a connection"));
        }
    }
    players
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement of about two minutes; run by hand"]
async fn load_two_thousand_players() {
    let tables = env_number("LOAD_TABLES", 250) as usize;
    let idle = env_number("LOAD_IDLE", 1500) as usize;
    let seconds = env_number("LOAD_SECONDS", 60);
    let rate = env_number("LOAD_MOVES_PER_SECOND", 50);
    let data = TempDir::new("load-2000");
    for t in 0..tables {
        endless_table(data.path(), &format!("L{t}"));
    }
    let most = (idle + 2 * tables + 100).to_string();
    let server = Server::start(data.path(), &["--max-connections", &most]);
    let pid = server.child.id();
    println!("load average at the start: {}", load_average());
    tokio::time::sleep(Duration::from_secs(1)).await;
    let base = server.rss_kb();

    let idle_keys: Vec<_> = (0..50).map(|_| new_key()).collect();
    let started = Instant::now();
    let lobby = connect_many(server.port, idle, "Welcome, idle", |i| {
        Options::key(&format!("idle{}", i % 50), &idle_keys[i % 50]).from(address(i))
    })
    .await;
    let connect_secs = started.elapsed().as_secs_f64();
    let lobby_settled = lobby;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let with_lobby = server.rss_kb();
    let threads = status_kb(pid, "Threads:");
    println!(
        "{idle} lobby connections in {connect_secs:.1} s: {} kB resident more, {} kB each ({threads} threads)",
        with_lobby.saturating_sub(base),
        with_lobby.saturating_sub(base) / idle.max(1) as u64
    );
    let drains: Vec<_> = lobby_settled
        .into_iter()
        .map(|p| tokio::spawn(drain(p)))
        .collect();

    let player_keys: Vec<_> = (0..2 * tables).map(|_| new_key()).collect();
    let seated = connect_many(server.port, 2 * tables, "You play ", |i| {
        let (t, side) = (i / 2, if i % 2 == 0 { "w" } else { "b" });
        Options::key(&format!("{side}{t}+L{t}"), &player_keys[i]).from(address(idle + i))
    })
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let with_tables = server.rss_kb();
    println!(
        "{} players at {tables} tables: {} kB resident more, {} kB each",
        2 * tables,
        with_tables.saturating_sub(with_lobby),
        with_tables.saturating_sub(with_lobby) / (2 * tables).max(1) as u64
    );

    let latencies = Arc::new(Mutex::new(Vec::new()));
    let until = Instant::now() + Duration::from_secs(seconds);
    // Each player moves once per `period`; all tables together make `rate` moves a second.
    let period = Duration::from_millis(1000 * 2 * tables as u64 / rate.max(1));
    let ticks_before = cpu_ticks(pid);
    let run_started = Instant::now();
    let mut games = Vec::new();
    let mut seated = seated.into_iter();
    for t in 0..tables {
        let clock = Arc::new(Clock {
            sent: Mutex::new(None),
        });
        let phase = period * t as u32 / tables as u32;
        for _ in 0..2 {
            let Some(mut p) = seated.next() else { break };
            // Which seat it got (the two connected at once, in either order).
            p.wait_for("You play ").await;
            let white = p.contents().contains("You play White");
            let phase = if white { phase } else { phase + period / 2 };
            games.push(tokio::spawn(play_table(
                p,
                white,
                clock.clone(),
                phase,
                period,
                until,
                latencies.clone(),
            )));
        }
    }
    let mut peak = 0;
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_secs(1)).await;
        peak = peak.max(server.rss_kb());
    }
    let elapsed = run_started.elapsed().as_secs_f64();
    let ticks = cpu_ticks(pid) - ticks_before;
    for g in games {
        let _ = tokio::time::timeout(Duration::from_secs(30), g).await;
    }
    let mut all = latencies.lock().expect("latencies").clone();
    all.sort();
    let at = |q: f64| {
        all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    println!(
        "{} moves in {elapsed:.0} s ({:.1} a second), move to opponent's screen: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        all.len(),
        all.len() as f64 / elapsed,
        at(0.5).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
        all.last().copied().unwrap_or_default().as_secs_f64() * 1000.0
    );
    println!(
        "server CPU while playing: {:.0}% of one core; resident at most {peak} kB with {} connections; load average {}",
        ticks as f64 / elapsed,
        idle + 2 * tables,
        load_average()
    );
    for d in drains {
        d.abort();
    }
    server.stop();
}
