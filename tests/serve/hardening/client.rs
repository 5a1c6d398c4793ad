//! What the hardening tests drive the server with: the server binary in a
//! temporary data folder, real russh clients whose screens a terminal
//! emulator (vt100) keeps, from any loopback address, clients that stop
//! reading, and bare sockets that never speak. Every wait has a deadline.

#![allow(
    dead_code,
    reason = "each test file uses a different part of the client"
)]

use russh::client::{self, Handle};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{Channel, ChannelMsg};
use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// The longest any one wait may take.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub use crate::support::scratch::Scratch as TempDir;

/// The server process and what it logs.
pub struct Server {
    pub child: Child,
    pub port: u16,
    log: Receiver<String>,
    /// Every line logged so far.
    pub seen: Vec<String>,
}

impl Server {
    /// Starts `catboard serve` on 127.0.0.1, any free port, keeping its
    /// data in `data`, with `extra` flags; waits for the port it printed.
    pub fn start(data: &Path, extra: &[&str]) -> Server {
        let mut server = Server::spawn(data, extra);
        let line = server.wait_log("listening on 127.0.0.1:");
        let port = line.rsplit(':').next().and_then(|p| p.trim().parse().ok());
        server.port = port.unwrap_or_else(|| panic!("no port in {line:?}"));
        server
    }

    /// Starts `catboard serve` without waiting for anything. The binary is
    /// this build's, or the one `CATBOARD_UNDER_TEST` names (to run these
    /// tests against another build, as they were run against the server
    /// before its hardening to see each of them fail).
    pub fn spawn(data: &Path, extra: &[&str]) -> Server {
        let binary = std::env::var_os("CATBOARD_UNDER_TEST").map_or_else(
            || PathBuf::from(env!("CARGO_BIN_EXE_catboard")),
            PathBuf::from,
        );
        let mut child = Command::new(binary)
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
        Server {
            child,
            port: 0,
            log,
            seen: Vec::new(),
        }
    }

    /// Waits for a log line containing `text` (logged at any time since
    /// the start) and returns it.
    pub fn wait_log(&mut self, text: &str) -> String {
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
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "the server never logged {text:?}; it logged:\n{}",
                        self.seen.join("\n")
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!(
                        "the server ended before logging {text:?}; it logged:\n{}",
                        self.seen.join("\n")
                    )
                }
            }
        }
    }

    /// Every line logged so far (waiting `settle` for more).
    pub fn lines(&mut self, settle: Duration) -> Vec<String> {
        while let Ok(line) = self.log.recv_timeout(settle) {
            self.seen.push(line);
        }
        self.seen.clone()
    }

    /// The server's resident memory, in kB.
    pub fn rss_kb(&self) -> u64 {
        status_kb(self.child.id(), "VmRSS:")
    }

    /// Waits for the server to end; its exit status.
    pub fn wait_exit(&mut self) -> Option<i32> {
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// Stops the server, and checks every line it logged is in its voice.
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let lines = self.lines(Duration::from_millis(100));
        let stray: Vec<&String> = lines
            .iter()
            .filter(|l| !l.starts_with("catboard serve: "))
            .collect();
        assert!(stray.is_empty(), "log lines without the prefix: {stray:?}");
    }

    /// Asks the server to stop (SIGTERM to its process, which this test started).
    pub fn terminate(&self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A number from `/proc/PID/status` (`VmRSS`, in kB).
pub fn status_kb(pid: u32, field: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    text.lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// A client that trusts any host key (the test's own server).
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

pub fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("a key")
}

/// A TCP connection to the server on `port` from loopback address `from`.
pub async fn tcp_from(from: IpAddr, port: u16) -> std::io::Result<TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    let stream = socket
        .connect(SocketAddr::from(([127, 0, 0, 1], port)))
        .await?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// A socket whose reading can be stopped: while shut, the client reads
/// nothing the server sends (its SSH window and the kernel's buffers fill)
/// but still sends.
pub struct Valve {
    inner: TcpStream,
    open: Arc<AtomicBool>,
    waker: Arc<Mutex<Option<std::task::Waker>>>,
}

/// The handle that shuts and opens a [`Valve`].
#[derive(Clone)]
pub struct Tap {
    open: Arc<AtomicBool>,
    waker: Arc<Mutex<Option<std::task::Waker>>>,
}

impl Tap {
    pub fn shut(&self) {
        self.open.store(false, Ordering::SeqCst);
    }

    pub fn open(&self) {
        self.open.store(true, Ordering::SeqCst);
        if let Some(w) = self.waker.lock().expect("the waker").take() {
            w.wake();
        }
    }
}

impl Valve {
    pub fn new(inner: TcpStream) -> (Valve, Tap) {
        let open = Arc::new(AtomicBool::new(true));
        let waker = Arc::new(Mutex::new(None));
        (
            Valve {
                inner,
                open: open.clone(),
                waker: waker.clone(),
            },
            Tap { open, waker },
        )
    }
}

impl AsyncRead for Valve {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if !self.open.load(Ordering::SeqCst) {
            *self.waker.lock().expect("the waker") = Some(cx.waker().clone());
            return Poll::Pending;
        }
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Valve {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// How a player connects.
#[derive(Clone)]
pub struct Options {
    pub user: String,
    /// A key, or `None` for a guest.
    pub key: Option<PrivateKey>,
    pub cols: u32,
    pub rows: u32,
    /// The loopback address to connect from.
    pub from: IpAddr,
}

impl Options {
    pub fn key(user: &str, key: &PrivateKey) -> Options {
        Options {
            user: user.into(),
            key: Some(key.clone()),
            cols: 120,
            rows: 40,
            from: IpAddr::from([127, 0, 0, 1]),
        }
    }

    pub fn guest(user: &str) -> Options {
        Options {
            key: None,
            ..Options::key(user, &new_key())
        }
    }

    pub fn size(mut self, cols: u32, rows: u32) -> Options {
        self.cols = cols;
        self.rows = rows;
        self
    }

    pub fn from(mut self, from: [u8; 4]) -> Options {
        self.from = IpAddr::from(from);
        self
    }
}

/// A person at the server: their SSH session and screen.
pub struct Player {
    pub session: Handle<Trusting>,
    pub channel: Channel<client::Msg>,
    pub screen: vt100::Parser,
    /// Every byte received.
    pub bytes: Vec<u8>,
    pub exit_status: Option<u32>,
    /// Replies to requests (true: success).
    pub replies: Vec<bool>,
    pub closed: bool,
}

/// Logs in on `stream` as `options` says and opens the game's shell.
pub async fn log_in<S>(stream: S, options: &Options) -> Result<Player, russh::Error>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let config = Arc::new(client::Config::default());
    let mut session = client::connect_stream(config, stream, Trusting).await?;
    match &options.key {
        Some(key) => {
            let auth = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
            let result = session.authenticate_publickey(&options.user, auth).await?;
            assert!(result.success(), "any key is accepted");
        }
        None => {
            let result = session
                .authenticate_keyboard_interactive_start(&options.user, None)
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
            options.cols,
            options.rows,
            0,
            0,
            &[],
        )
        .await?;
    channel.request_shell(true).await?;
    let size = |n: u32| NonZeroU16::new(n.clamp(1, 500) as u16).expect("non-zero");
    Ok(Player {
        session,
        channel,
        screen: vt100::Parser::new(size(options.rows), size(options.cols), 0),
        bytes: Vec::new(),
        exit_status: None,
        replies: Vec::new(),
        closed: false,
    })
}

impl Player {
    /// Connects as `options` says and opens the game's shell.
    pub async fn connect(port: u16, options: Options) -> Player {
        let connecting = async {
            let stream = tcp_from(options.from, port).await?;
            log_in(stream, &options).await
        };
        tokio::time::timeout(PATIENCE, connecting)
            .await
            .expect("connected in time")
            .expect("connected")
    }

    pub async fn with_key(port: u16, user: &str, key: &PrivateKey) -> Player {
        Player::connect(port, Options::key(user, key)).await
    }

    /// Ann (White, with `ann_key`) and Bob (Black, a new key) seated at
    /// table t1, which Ann's login `ann` makes (`ann+t1+5+0`: with a clock).
    pub async fn two_at_t1(port: u16, ann: &str, ann_key: &PrivateKey) -> (Player, Player) {
        let mut white = Player::with_key(port, ann, ann_key).await;
        white.wait_for("You play White at table t1.").await;
        let mut black = Player::with_key(port, "bob+t1", &new_key()).await;
        black.wait_for("You play Black at table t1.").await;
        (white, black)
    }

    pub async fn guest(port: u16, user: &str) -> Player {
        Player::connect(port, Options::guest(user)).await
    }

    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    fn take(&mut self, msg: ChannelMsg) {
        match msg {
            ChannelMsg::Data { data } => {
                self.bytes.extend_from_slice(&data);
                self.screen.process(&data);
            }
            ChannelMsg::ExitStatus { exit_status } => self.exit_status = Some(exit_status),
            ChannelMsg::Success => self.replies.push(true),
            ChannelMsg::Failure => self.replies.push(false),
            _ => {}
        }
    }

    /// Reads the channel until `done` holds; false at the deadline or the end.
    pub async fn read_until(&mut self, mut done: impl FnMut(&Player) -> bool) -> bool {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while !done(self) {
            match tokio::time::timeout_at(deadline, self.channel.wait()).await {
                Ok(Some(msg)) => self.take(msg),
                Ok(None) => {
                    self.closed = true;
                    return done(self);
                }
                Err(_) => return false,
            }
        }
        true
    }

    /// Reads the channel until the move list shows at least `plies`
    /// moves. The list stays on the screen, where a sentence about a move
    /// ("White knight to f3.") may be replaced by another message first.
    pub async fn wait_for_plies(&mut self, plies: usize) {
        assert!(
            self.read_until(|p| plies_listed(&p.contents()) >= plies)
                .await,
            "the move list never showed {plies} moves:\n{}",
            self.contents()
        );
    }

    /// Reads the channel until the screen shows `text`.
    pub async fn wait_for(&mut self, text: &str) {
        if !self.read_until(|p| p.contents().contains(text)).await {
            panic!(
                "waiting for {text:?} (closed: {}); the screen shows:\n{}",
                self.closed,
                self.contents()
            );
        }
    }

    /// Reads the channel until it closes; `false` if it stays open past the deadline.
    pub async fn wait_closed(&mut self) -> bool {
        self.read_until(|p| p.closed).await
    }

    /// What the bytes received since the terminal was given back say.
    pub fn after_leaving(&self) -> Option<String> {
        let text = String::from_utf8_lossy(&self.bytes).into_owned();
        let at = text.rfind("\x1b[?1049l")?;
        Some(text[at..].to_string())
    }

    pub async fn send(&mut self, bytes: &[u8]) -> Result<(), russh::Error> {
        self.channel.data(bytes).await
    }

    /// Types a move at the prompt: pasted (so it opens the prompt), then Enter.
    pub async fn play(&mut self, text: &str) {
        let typed = format!("\x1b[200~{text}\x1b[201~\r");
        self.send(typed.as_bytes()).await.expect("send a move");
    }

    /// Changes the window to `cols` by `rows`, and the emulator with it.
    pub async fn resize(&mut self, cols: u32, rows: u32) {
        self.channel
            .window_change(cols, rows, 0, 0)
            .await
            .expect("a window change");
        let size = |n: u32| NonZeroU16::new(n.clamp(1, 500) as u16).expect("non-zero");
        self.screen.screen_mut().set_size(size(rows), size(cols));
    }
}

/// A player at a 200x100 table (`flood+t1`) whose reading is stopped once
/// it sees the board.
pub async fn unread_player(port: u16) -> Player {
    let stream = tcp_from(IpAddr::from([127, 0, 0, 1]), port)
        .await
        .expect("a socket");
    let (valve, tap) = Valve::new(stream);
    let options = Options::key("flood+t1", &new_key()).size(200, 100);
    let mut player = tokio::time::timeout(PATIENCE, log_in(valve, &options))
        .await
        .expect("in time")
        .expect("logged in");
    player.wait_for("You play White at table t1.").await;
    tap.shut();
    player
}

impl Player {
    /// Sends window changes (199 and 200 columns by turns) as fast as the
    /// connection takes them for `span`, calling `now` after each; how
    /// many were sent.
    pub async fn flood_window_changes(&mut self, span: Duration, mut now: impl FnMut()) -> u64 {
        let until = Instant::now() + span;
        let mut sent = 0u64;
        while Instant::now() < until {
            let cols = if sent.is_multiple_of(2) { 199 } else { 200 };
            let change = self.channel.window_change(cols, 100, 0, 0);
            if tokio::time::timeout(Duration::from_millis(200), change)
                .await
                .is_ok()
            {
                sent += 1;
            }
            now();
        }
        sent
    }
}

/// White (`white`) and Black (`black`), seated at one table, play the
/// fool's mate (1.f3 e5 2.g4 Qh4#), each waiting to see the other's move;
/// the game ends kept as game 1 of a fresh server.
pub async fn fools_mate(white: &mut Player, black: &mut Player) {
    for (by_white, text, seen) in [
        (true, "f3", "pawn to f3"),
        (false, "e5", "pawn to e5"),
        (true, "g4", "pawn to g4"),
        (false, "Qh4", "Kept as game 1"),
    ] {
        let (mover, other) = if by_white {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        mover.play(text).await;
        other.wait_for(seen).await;
    }
}

/// How many moves a two-seat game's move list on `screen` shows: its
/// rows are `N.  white  black` in a panel between `│`s (the last move
/// marked `▸`), so row N holding k moves makes 2(N-1)+k plies.
pub fn plies_listed(screen: &str) -> usize {
    screen
        .lines()
        .flat_map(|line| line.split('│'))
        .filter_map(|cell| {
            let mut words = cell.split_whitespace();
            let number: usize = words.next()?.strip_suffix('.')?.parse().ok()?;
            let moves = words.filter(|w| *w != "▸").count().min(2);
            Some(2 * number.checked_sub(1)? + moves)
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn a_move_list_counts_its_plies() {
    let screen = "board │   1.  e4         e5   │\n   ♞   │   2. ▸Nf3             │\n";
    assert_eq!(plies_listed(screen), 3);
    assert_eq!(plies_listed("│   1. ▸e4   │"), 1);
    assert_eq!(plies_listed("No moves yet"), 0);
}
