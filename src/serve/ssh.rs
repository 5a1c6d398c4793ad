//! The SSH side: the listening socket with its cap on connections, and one
//! russh handler per connection that accepts any public key (its
//! fingerprint is the identity) or keyboard-interactive for a guest, one
//! session channel with a pty and a shell (no exec, no subsystems, no
//! forwarding), and passes input, at most so many bytes a second, to the
//! connection's thread.

use super::channel::{self, Out};
use super::connection;
use super::event::ConnEvent;
use super::hub::Shared;
use super::identity::{GUEST_PREFIX, Who, parse_login};
use super::{ServeConfig, host_key, log};
use russh::keys::HashAlg;
use russh::server::{Auth, ChannelOpenHandle, Config, Handler, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, MethodKind, MethodSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// Starts the server for `config` and serves until the process ends.
pub async fn run(config: ServeConfig) -> Result<(), String> {
    let data = &config.data;
    std::fs::create_dir_all(data)
        .map_err(|e| format!("Could not make the data directory {}: {e}.", data.display()))?;
    let key = host_key::load_or_create(&data.join("host_key"))?;
    log::event(format!("host key {}", host_key::fingerprint(&key)));
    let shared = Shared::load(data, config.limits.clone(), config.think_ms)?;
    let idle = Duration::from_secs(config.limits.idle_seconds.max(1));
    let ssh_config = Arc::new(Config {
        methods: MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..]),
        auth_rejection_time: Duration::from_millis(200),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![key],
        inactivity_timeout: Some(idle),
        nodelay: true,
        ..Config::default()
    });
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("Could not listen on {}: {e}.", config.listen))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("Could not read the address listened on: {e}."))?;
    log::event(format!("listening on {bound}"));
    let open = Arc::new(AtomicUsize::new(0));
    let next_id = AtomicU64::new(1);
    loop {
        let (socket, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                log::event(format!("could not accept a connection: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let id = next_id.fetch_add(1, Ordering::Relaxed);
        if open.load(Ordering::Relaxed) >= shared.limits.connections {
            log::event(format!(
                "connection {id} from {peer} refused: the server is full"
            ));
            continue;
        }
        let _ = socket.set_nodelay(true);
        let handler = Conn::new(shared.clone(), id, open.clone());
        log::event(format!("connection {id} from {peer}"));
        let ssh_config = ssh_config.clone();
        tokio::spawn(async move {
            match russh::server::run_stream(ssh_config, socket, handler).await {
                Ok(session) => {
                    if let Err(e) = session.await {
                        log::event(format!("connection {id} closed: {e}"));
                    }
                }
                Err(e) => log::event(format!("connection {id} failed: {e}")),
            }
        });
    }
}

/// A connection as the SSH side sees it.
struct Conn {
    shared: Arc<Shared>,
    id: u64,
    /// The count of open connections, lowered when this one ends.
    open: Arc<AtomicUsize>,
    /// The login name.
    user: String,
    /// Who they are, once authenticated.
    who: Option<Who>,
    /// The one session channel.
    channel: Option<ChannelId>,
    /// The window size from the pty request.
    size: (u32, u32),
    /// The connection's thread, once the shell started.
    events: Option<Sender<ConnEvent>>,
    /// Input allowance left, in bytes, and when it was last topped up.
    allowance: f64,
    topped_up: Instant,
}

/// The number of guests so far, for their identities.
static GUESTS: AtomicU64 = AtomicU64::new(1);

impl Conn {
    fn new(shared: Arc<Shared>, id: u64, open: Arc<AtomicUsize>) -> Conn {
        open.fetch_add(1, Ordering::Relaxed);
        let allowance = f64::from(shared.limits.input_bytes_per_second);
        Conn {
            shared,
            id,
            open,
            user: String::new(),
            who: None,
            channel: None,
            size: (80, 24),
            events: None,
            allowance,
            topped_up: Instant::now(),
        }
    }

    fn accept(&mut self, user: &str, identity: String, guest: bool) -> Auth {
        let (name, _) = parse_login(user);
        log::event(format!("connection {} is {name} ({identity})", self.id));
        self.user = user.to_string();
        self.who = Some(Who {
            identity,
            name,
            guest,
        });
        Auth::Accept
    }

    /// Takes `bytes` from the input allowance; `false` when there is not
    /// enough (the connection sends faster than allowed).
    fn spend(&mut self, bytes: usize) -> bool {
        let rate = f64::from(self.shared.limits.input_bytes_per_second);
        let now = Instant::now();
        let elapsed = now.duration_since(self.topped_up).as_secs_f64();
        self.topped_up = now;
        self.allowance = (self.allowance + elapsed * rate).min(rate);
        self.allowance -= bytes as f64;
        self.allowance >= 0.0
    }

    fn send(&self, event: ConnEvent) {
        if let Some(tx) = &self.events {
            let _ = tx.send(event);
        }
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.send(ConnEvent::Close);
        self.open.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Handler for Conn {
    type Error = russh::Error;

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let identity = format!("key:{}", key.public_key.fingerprint(HashAlg::Sha256));
        Ok(self.accept(user, identity, false))
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        let number = GUESTS.fetch_add(1, Ordering::Relaxed);
        let identity = format!("{GUEST_PREFIX}{number}");
        Ok(self.accept(user, identity, true))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply
                .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        self.channel = Some(channel.id());
        reply.accept().await;
        Ok(())
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "the signature is russh's Handler::pty_request"
    )]
    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        width: u32,
        height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.size = (width, height);
        session.channel_success(channel)
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        width: u32,
        height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.size = (width, height);
        self.send(ConnEvent::Resize(channel::area(width, height)));
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(who) = self.who.clone().filter(|_| self.events.is_none()) else {
            return session.channel_failure(channel);
        };
        let (out_tx, out_rx) = tokio::sync::mpsc::unbounded_channel::<Out>();
        let (tx, rx) = std::sync::mpsc::channel();
        let (_, table) = parse_login(&self.user);
        let start = connection::Start {
            id: self.id,
            who,
            table,
            size: channel::area(self.size.0, self.size.1),
            out: out_tx,
            rx,
            tx: tx.clone(),
        };
        if let Err(e) = connection::spawn(self.shared.clone(), start) {
            log::event(format!(
                "connection {}: could not start its thread: {e}",
                self.id
            ));
            return session.channel_failure(channel);
        }
        self.events = Some(tx);
        tokio::spawn(channel::pump(session.handle(), channel, out_rx));
        session.channel_success(channel)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        log::event(format!(
            "connection {}: exec refused (the game only)",
            self.id
        ));
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        log::event(format!(
            "connection {}: subsystem refused (the game only)",
            self.id
        ));
        session.channel_failure(channel)
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.spend(data.len()) {
            log::event(format!(
                "connection {} closed: more than {} bytes of input a second",
                self.id, self.shared.limits.input_bytes_per_second
            ));
            self.send(ConnEvent::Close);
            return Err(russh::Error::Disconnect);
        }
        self.send(ConnEvent::Input(data.to_vec()));
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.send(ConnEvent::Close);
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.send(ConnEvent::Close);
        Ok(())
    }
}
