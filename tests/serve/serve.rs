//! `catboard serve` end to end: the server binary on a loopback port in a
//! temporary data directory, and russh clients whose screens are kept by
//! a terminal emulator (vt100). Two people play one chess table, a third
//! watches, one drops and comes back to their seat, the server restarts
//! and the table comes back, and a flood of input slows only the
//! connection that sent it. Every wait has a deadline.

#![cfg(feature = "ssh")]

use russh::client::{self, Handle};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{Channel, ChannelMsg};
use std::io::{BufRead, BufReader};
use std::num::NonZeroU16;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::support::cpu_ticks;

/// The longest any one wait may take.
const PATIENCE: Duration = Duration::from_secs(20);

const ROWS: u16 = 40;
const COLS: u16 = 120;

use crate::support::scratch::Scratch as TempDir;

/// The server process and what it logs.
struct Server {
    child: Child,
    port: u16,
    log: Receiver<String>,
    /// Every line logged so far.
    seen: Vec<String>,
}

impl Server {
    /// Starts `catboard serve` on 127.0.0.1, any free port, keeping its
    /// data in `data`, with `extra` flags; waits for the port it printed.
    fn start(data: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_catboard"))
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start catboard serve");
        let stderr = child.stderr.take().expect("the server's standard error");
        let (tx, log) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut server = Server {
            child,
            port: 0,
            log,
            seen: Vec::new(),
        };
        let line = server.wait_log("listening on 127.0.0.1:");
        let port = line.rsplit(':').next().and_then(|p| p.trim().parse().ok());
        server.port = port.unwrap_or_else(|| panic!("no port in {line:?}"));
        server
    }

    /// Waits for a log line containing `text` (logged at any time since
    /// the start) and returns it.
    fn wait_log(&mut self, text: &str) -> String {
        if let Some(line) = self.seen.iter().find(|l| l.contains(text)) {
            return line.clone();
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.log.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("the server never logged {text:?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the server ended before logging {text:?}")
                }
            }
        }
    }

    fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client that trusts any host key (the test's own server).
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A person at the server: their SSH session and screen.
struct Player {
    _session: Handle<Trusting>,
    channel: Channel<client::Msg>,
    screen: vt100::Parser,
    received: usize,
    closed: bool,
}

fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("a key")
}

impl Player {
    /// Connects to `port` as `user` with `key` and opens the game's shell.
    async fn connect(port: u16, user: &str, key: &PrivateKey) -> Player {
        Player::connect_as(port, user, Some(key)).await
    }

    /// Connects to `port` as `user`, with `key` or as a guest
    /// (keyboard-interactive), and opens the game's shell.
    async fn connect_as(port: u16, user: &str, key: Option<&PrivateKey>) -> Player {
        let config = Arc::new(client::Config::default());
        let connecting = async {
            let mut session = client::connect(config, ("127.0.0.1", port), Trusting).await?;
            match key {
                Some(key) => {
                    let auth = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
                    let result = session.authenticate_publickey(user, auth).await?;
                    assert!(result.success(), "any key is accepted");
                }
                None => {
                    let result = session
                        .authenticate_keyboard_interactive_start(user, None)
                        .await?;
                    assert!(
                        matches!(result, client::KeyboardInteractiveAuthResponse::Success),
                        "a guest is let in"
                    );
                }
            }
            let channel = session.channel_open_session().await?;
            channel
                .request_pty(
                    true,
                    "xterm-256color",
                    u32::from(COLS),
                    u32::from(ROWS),
                    0,
                    0,
                    &[],
                )
                .await?;
            channel.request_shell(true).await?;
            Ok::<_, russh::Error>((session, channel))
        };
        let (session, channel) = tokio::time::timeout(PATIENCE, connecting)
            .await
            .expect("connected in time")
            .expect("connected");
        let size = |n: u16| NonZeroU16::new(n).expect("non-zero");
        Player {
            _session: session,
            channel,
            screen: vt100::Parser::new(size(ROWS), size(COLS), 0),
            received: 0,
            closed: false,
        }
    }

    fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads the channel until the screen shows `text`.
    async fn wait_for(&mut self, text: &str) {
        self.wait_for_any(&[text]).await;
    }

    /// Reads the channel until the screen shows one of `texts`.
    async fn wait_for_any(&mut self, texts: &[&str]) {
        let text = texts.join(" or ");
        let text = text.as_str();
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while !texts.iter().any(|t| self.contents().contains(t)) {
            let msg = tokio::time::timeout_at(deadline, self.channel.wait()).await;
            match msg {
                Ok(Some(ChannelMsg::Data { data })) => {
                    self.received += data.len();
                    self.screen.process(&data);
                }
                Ok(Some(_)) => {}
                Ok(None) => panic!(
                    "the channel closed waiting for {text:?}; the screen shows:\n{}",
                    self.contents()
                ),
                Err(_) => panic!(
                    "timed out waiting for {text:?}; the screen shows:\n{}",
                    self.contents()
                ),
            }
        }
    }

    /// Reads the channel until it closes; `false` if it stays open past the deadline.
    async fn wait_closed(&mut self) -> bool {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            match tokio::time::timeout_at(deadline, self.channel.wait()).await {
                Ok(Some(_)) => {}
                Ok(None) => {
                    self.closed = true;
                    return true;
                }
                Err(_) => return false,
            }
        }
    }

    async fn send(&mut self, bytes: &[u8]) -> Result<(), russh::Error> {
        self.channel.data(bytes).await
    }

    /// Types a move at the prompt: pasted (so it opens the prompt), then Enter.
    async fn play(&mut self, text: &str) {
        let typed = format!("\x1b[200~{text}\x1b[201~\r");
        self.send(typed.as_bytes()).await.expect("send a move");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_play_one_watches_and_seats_and_tables_survive_a_restart() {
    let data = TempDir::new("play");
    let mut server = Server::start(&data.0, &["--input-rate", "4096"]);
    let fingerprint = server.wait_log("host key SHA256:");
    let mode = std::fs::metadata(data.0.join("host_key")).map(|m| {
        use std::os::unix::fs::PermissionsExt;
        m.permissions().mode() & 0o777
    });
    assert_eq!(mode.ok(), Some(0o600), "the host key is its owner's alone");
    let (ann_key, bob_key) = (new_key(), new_key());

    let mut ann = Player::connect(server.port, "ann+t1", &ann_key).await;
    ann.wait_for("You play White at table t1.").await;
    let mut bob = Player::connect(server.port, "bob+t1", &bob_key).await;
    bob.wait_for("You play Black at table t1.").await;

    ann.play("e4").await;
    ann.wait_for("e4").await;
    bob.wait_for("pawn to e4").await;

    // A third person watches: the seats are taken.
    let mut cat = Player::connect(server.port, "cat+t1", &new_key()).await;
    cat.wait_for("You are watching table t1.").await;
    cat.play("e5").await;
    cat.wait_for("You are watching this table; only its players move.")
        .await;

    // Bob drops and comes back to his seat, and the game as it is.
    drop(bob);
    server.wait_log("connection 2 (bob) ended");
    let mut bob = Player::connect(server.port, "bob+t1", &bob_key).await;
    bob.wait_for("You play Black at table t1.").await;
    bob.wait_for("1. ▸e4").await;
    bob.play("e5").await;
    ann.wait_for("pawn to e5").await;
    cat.wait_for("pawn to e5").await;

    ann.play("Nf3").await;
    bob.wait_for("knight to f3").await;

    // The server restarts and the table comes back, seats and all.
    drop((ann, bob, cat));
    server.stop();
    let mut server = Server::start(&data.0, &[]);
    assert_eq!(
        server.wait_log("host key SHA256:"),
        fingerprint,
        "the same host key"
    );
    server.wait_log("table t1 brought back at ply 3");
    let mut bob = Player::connect(server.port, "bob+t1", &bob_key).await;
    bob.wait_for("You play Black at table t1.").await;
    bob.wait_for("▸Nf3").await;
    bob.play("Nc6").await;
    let mut ann = Player::connect(server.port, "ann+t1", &ann_key).await;
    ann.wait_for("You play White at table t1.").await;
    ann.wait_for("Nc6").await;
}

/// A flood of input is acted on no faster than the input rate allows
/// (its allowance of `BURST_SECONDS` seconds' worth at once, then the rate),
/// it is slowed rather than cut off, and another player's move does not
/// wait for it. The flooder is in the line mode, where every line it sent
/// that the server acted on is answered, so its answers count its
/// accepted bytes; each line goes in its own SSH message, as a key would.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_acted_on_at_the_input_rate_and_nobody_else_waits_for_it() {
    use crate::lines::Reader;
    use tokio::io::AsyncWriteExt;
    const RATE: usize = 512;
    const BURST_SECONDS: usize = 4;
    const LINE: &str = "tabels\n";
    const ANSWER: &str = "Unknown command 'tabels'";
    // 16 KiB of lines: 32 seconds at the rate, far more than the burst.
    const LINES: usize = 16 * 1024 / LINE.len();
    // How long the flood's answers are counted.
    const WINDOW: Duration = Duration::from_secs(3);

    let data = TempDir::new("flood");
    let mut server = Server::start(&data.0, &["--input-rate", &RATE.to_string()]);
    let mut ann = Reader::connect(server.port, "ann", &new_key(), Some("line")).await;
    ann.wait_for("help for the commands.").await;
    let mut bob = Reader::connect(server.port, "bob", &new_key(), Some("line")).await;
    bob.wait_for("help for the commands.").await;
    ann.ask("new chess", "quit goes back to the lobby.").await;
    bob.wait_for("New table ann-1").await;
    bob.ask("join ann-1", "You play Black at table ann-1").await;

    // The flooder's allowance starts full when it connects, never earlier.
    let connecting = Instant::now();
    let mut flood = Reader::connect(server.port, "flood", &new_key(), Some("line")).await;
    flood.wait_for("help for the commands.").await;
    let mut writer = flood.channel.make_writer();
    let sending = tokio::spawn(async move {
        for _ in 0..LINES {
            if writer.write_all(LINE.as_bytes()).await.is_err() {
                break;
            }
        }
    });
    let counting = async {
        let read = flood.transcript.len();
        let deadline = tokio::time::Instant::now() + WINDOW;
        while let Ok(Some(msg)) = tokio::time::timeout_at(deadline, flood.channel.wait()).await {
            if let ChannelMsg::Data { data } = msg {
                flood.transcript.push_str(&String::from_utf8_lossy(&data));
            }
        }
        let elapsed = connecting.elapsed();
        (flood.transcript[read..].matches(ANSWER).count(), elapsed)
    };
    // While the flood runs, ann moves and bob hears it.
    let moving = async {
        tokio::time::sleep(WINDOW / 2).await;
        let start = Instant::now();
        ann.type_line("e4").await;
        bob.wait_for("White pawn to e4").await;
        start.elapsed()
    };
    let ((answered, elapsed), latency) = tokio::join!(counting, moving);
    let accepted = answered * LINE.len();
    let allowed = RATE * BURST_SECONDS + (RATE as f64 * elapsed.as_secs_f64()) as usize;
    eprintln!(
        "flood: {accepted} bytes ({answered} lines) acted on in {elapsed:.2?} \
         (the limit allows {allowed}); another player's move took {latency:.2?}"
    );
    assert!(answered > 0, "the flood's first lines are answered at once");
    assert!(
        accepted <= allowed + allowed / 2,
        "{accepted} bytes acted on in {elapsed:.2?}, but the limit allows {allowed}"
    );
    assert!(
        latency < WINDOW * 3,
        "another player's move took {latency:.2?} during the flood"
    );
    server.wait_log(&format!(
        "sends more than {RATE} bytes a second; it is slowed"
    ));
    // Slowed, not cut off: more of the flood is answered after the window.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while flood.transcript.matches(ANSWER).count() <= answered {
        match tokio::time::timeout_at(deadline, flood.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                flood.transcript.push_str(&String::from_utf8_lossy(&data));
            }
            Ok(Some(_)) => {}
            Ok(None) => panic!("the flooder was cut off instead of slowed"),
            Err(_) => panic!("no more of the flood was answered"),
        }
    }
    sending.abort();
    drop((ann, bob, flood));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_makes_a_table_with_a_computer_seat_from_the_lobby_and_the_computer_replies() {
    let data = TempDir::new("lobby");
    let server = Server::start(&data.0, &["--think-ms", "100"]);
    // A guest is numbered, whatever name they log in with.
    let mut guest = Player::connect_as(server.port, "gus", None).await;
    guest.wait_for("Welcome, guest-1").await;
    guest.wait_for("No tables yet").await;
    let mut other = Player::connect(server.port, "olga", &new_key()).await;
    other.wait_for("No tables yet").await;
    // c: the setup form; Down, Down: Black's seat; Right: the computer; Enter: begin.
    guest.send(b"c").await.expect("send");
    guest.wait_for("Variant").await;
    guest.send(b"\x1b[B\x1b[B\x1b[C\r").await.expect("send");
    guest.wait_for("You play White at table guest-1-1.").await;
    guest.play("d4").await;
    // A move of Black's, said on the message line ("Black knight to f6.").
    guest
        .wait_for_any(&[
            "Black pawn ",
            "Black knight ",
            "Black bishop ",
            "Black rook ",
            "Black queen ",
            "Black king ",
        ])
        .await;

    // Someone else, in the lobby all along, sees the table come, with its
    // computer seat, without pressing a key.
    other.wait_for("guest-1-1").await;
    other.wait_for("Black: computer (beginner)").await;
    // Watching it from the lobby (w) shows the game as it stands.
    other.send(b"w").await.expect("send");
    other.wait_for("You are watching table guest-1-1.").await;
    other.wait_for("d4").await;
    other.wait_for("White to move").await;
    server.stop();
}

/// A number from `/proc/PID/status` (`VmRSS`, in kB).
fn status_kb(pid: u32, field: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    text.lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_window_resizes_idle_connections_time_out_and_connections_are_capped() {
    let data = TempDir::new("limits");
    let mut server = Server::start(&data.0, &["--idle-seconds", "2", "--max-connections", "1"]);
    let mut ann = Player::connect(server.port, "ann+t1", &new_key()).await;
    ann.wait_for("You play White at table t1.").await;

    // A window change resizes the screen: too small for the board now.
    ann.channel
        .window_change(30, 10, 0, 0)
        .await
        .expect("a window change");
    let size = |n: u16| NonZeroU16::new(n).expect("non-zero");
    ann.screen.set_size(size(10), size(30));
    ann.wait_for("30x10").await;

    // One player is the cap: a second is told so, and closed.
    let mut second = Player::connect(server.port, "bob", &new_key()).await;
    second
        .wait_for("The server is full (it takes 1 at once)")
        .await;
    assert!(
        second.wait_closed().await,
        "the second connection is closed"
    );
    server.wait_log("connection 2 ended: The server is full");

    // With no input for two seconds, the connection is closed.
    let started = Instant::now();
    assert!(ann.wait_closed().await, "the idle connection is closed");
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "not before it was idle"
    );
    server.wait_log("connection 1 (ann) ended");
    server.stop();
}

/// The closing figures: connect-to-first-frame time, bytes per cursor
/// step, memory per idle connection and per table, and CPU with 500 idle
/// connections. Run with
/// `cargo test --release --test serve -- --ignored --nocapture figures`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement of about a minute; run by hand"]
async fn figures() {
    const IDLE: usize = 496;
    const TABLES: usize = 100;
    let data = TempDir::new("figures");
    let server = Server::start(&data.0, &["--tables-per-person", "1000"]);
    let pid = server.child.id();
    let key = new_key();

    let mut first_frames = Vec::new();
    for _ in 0..10 {
        let started = Instant::now();
        let mut p = Player::connect(server.port, "first", &key).await;
        p.wait_for("Welcome, first").await;
        first_frames.push(started.elapsed());
    }
    first_frames.sort();
    println!(
        "connect to first frame: median {:?}, slowest {:?}",
        first_frames[5], first_frames[9]
    );

    let mut ann = Player::connect(server.port, "ann+steps", &key).await;
    ann.wait_for("You play White at table steps.").await;
    let mut step_bytes = Vec::new();
    for arrow in ["\x1b[D", "\x1b[A", "\x1b[C", "\x1b[B"]
        .iter()
        .cycle()
        .take(20)
    {
        let before = ann.received;
        ann.send(arrow.as_bytes()).await.expect("send");
        // Read until a quiet 100 ms after the first bytes.
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let wait = if ann.received > before {
                tokio::time::Instant::now() + Duration::from_millis(100)
            } else {
                deadline
            };
            match tokio::time::timeout_at(wait, ann.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => {
                    ann.received += data.len();
                    ann.screen.process(&data);
                }
                Ok(Some(_)) => {}
                Ok(None) => panic!("the channel closed"),
                Err(_) => break,
            }
        }
        step_bytes.push(ann.received - before);
    }
    let mean = step_bytes.iter().sum::<usize>() as f64 / step_bytes.len() as f64;
    println!("bytes per cursor step: mean {mean:.0}, each {step_bytes:?}");
    drop(ann);

    let before_tables = status_kb(pid, "VmRSS:");
    for t in 0..TABLES {
        let mut p = Player::connect(server.port, &format!("ann+m{t}"), &key).await;
        p.wait_for("You play White").await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let with_tables = status_kb(pid, "VmRSS:");
    println!(
        "{TABLES} tables: {} kB resident more ({} kB each, made before any idle connection)",
        with_tables.saturating_sub(before_tables),
        with_tables.saturating_sub(before_tables) / TABLES as u64
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before_idle = status_kb(pid, "VmRSS:");
    let mut idle = Vec::new();
    // Eight at a time, under the limit on connections logging in from one
    // address; one name (a key claims at most four).
    for _ in 0..IDLE / 8 {
        let joins = (0..8).map(|_| {
            let key = key.clone();
            let port = server.port;
            tokio::spawn(async move {
                let mut p = Player::connect(port, "idle", &key).await;
                p.wait_for("Welcome").await;
                p
            })
        });
        for join in joins.collect::<Vec<_>>() {
            idle.push(join.await.expect("an idle connection"));
        }
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let with_idle = status_kb(pid, "VmRSS:");
    let threads = status_kb(pid, "Threads:");
    let ticks_before = cpu_ticks(pid).unwrap_or(0);
    let idle_for = Duration::from_secs(10);
    tokio::time::sleep(idle_for).await;
    let ticks = cpu_ticks(pid).unwrap_or(0) - ticks_before;
    println!(
        "{} idle connections held: {} kB resident more ({} kB each), {threads} threads; CPU while idle: {ticks} ticks of 1/100 s in {idle_for:?} ({:.2}%)",
        idle.len(),
        with_idle.saturating_sub(before_idle),
        with_idle.saturating_sub(before_idle) / IDLE as u64,
        ticks as f64 / idle_for.as_secs_f64()
    );
    drop(idle);
    tokio::time::sleep(Duration::from_secs(2)).await;

    server.stop();
}
