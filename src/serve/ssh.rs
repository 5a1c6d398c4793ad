//! The SSH side: the listening socket and who it lets in
//! ([`Admission`](super::admission::Admission)), the login grace, and one
//! russh handler per connection that accepts any public key (its
//! fingerprint is the identity) or keyboard-interactive for a guest, one
//! session channel with a shell (the screen; with a pty), or one of two
//! commands: `line` (the game in lines, with a pty or without) and `pgn
//! GAME` (no other exec, no subsystems, no forwarding, no X11, no
//! environment: each refused with a reply), and
//! passes what the client sends, charged to its [`RequestBudget`] first,
//! to the connection's task.

use super::ServeConfig;
use super::address::PublicName;
use super::admission::{StartupTicket, Turned};
use super::budget::RequestBudget;
use super::connection;
use super::hub::Shared;
use super::identity::Login;
use super::limits::{BURST_SECONDS, REQUEST_COST};
use super::log::{self, Throttled};
use super::mailbox::{Ending, Mailbox};
use russh::keys::{HashAlg, PrivateKey};
use russh::server::{Auth, ChannelOpenHandle, Config, Handler, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, MethodKind, MethodSet, Sig};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The russh configuration of the server with `key`.
fn ssh_config(key: PrivateKey) -> Arc<Config> {
    Arc::new(Config {
        methods: MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..]),
        auth_rejection_time: Duration::from_millis(200),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![key],
        // The game closes idle connections itself (saying so); the
        // session's own timer would count the server's frames as activity.
        inactivity_timeout: None,
        // A client that vanished without a word is found by keepalives.
        keepalive_interval: Some(Duration::from_secs(60)),
        keepalive_max: 3,
        max_auth_attempts: 6,
        nodelay: true,
        ..Config::default()
    })
}

/// Serves on `listener` until `stop` resolves.
pub async fn serve(
    config: &ServeConfig,
    key: PrivateKey,
    shared: Arc<Shared>,
    listener: tokio::net::TcpListener,
    descriptors: u64,
    stop: impl std::future::Future<Output = ()>,
) {
    let ssh_config = ssh_config(key);
    let next_id = AtomicU64::new(1);
    // One log of each kind of refusal, so that one kind flooding does not
    // hide another.
    let mut dropped = Throttled::new(Duration::from_secs(1));
    let mut per_address = Throttled::new(Duration::from_secs(1));
    let mut exhausted = Throttled::new(Duration::from_secs(1));
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => return,
        };
        let (socket, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                let out_of_files = [rustix::io::Errno::MFILE, rustix::io::Errno::NFILE]
                    .iter()
                    .any(|n| e.raw_os_error() == Some(n.raw_os_error()));
                if out_of_files {
                    exhausted.event(format!(
                        "out of file descriptors (the limit is {descriptors}): new connections wait; raise `ulimit -n` or lower --max-connections"
                    ));
                } else {
                    exhausted.event(format!("could not accept a connection: {e}"));
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let id = next_id.fetch_add(1, Ordering::Relaxed);
        let (startups, players) = shared.admission.open();
        if (startups + players) as u64 + super::limits::SPARE_DESCRIPTORS >= descriptors {
            exhausted.event(format!(
                "connection {id} from {peer} refused: {} connections use the descriptors the limit allows ({descriptors}); raise `ulimit -n`",
                startups + players
            ));
            continue;
        }
        let roll = rand::random_range(0..100);
        let ticket = match shared.admission.startup(peer.ip(), roll) {
            Ok(ticket) => ticket,
            Err(why) => {
                let log = match why {
                    Turned::Startups(_) => &mut dropped,
                    Turned::Address(_) => &mut per_address,
                };
                log.event(format!("connection {id} from {peer} dropped: {why}"));
                continue;
            }
        };
        let _ = socket.set_nodelay(true);
        let mailbox = Arc::new(Mailbox::new());
        // The address the connection's messages name: the operator's, or
        // the one the client came to.
        let public = config
            .public_name
            .clone()
            .unwrap_or_else(|| PublicName::at(socket.local_addr().unwrap_or(config.listen)));
        let handler = Conn::new(shared.clone(), id, (peer, public), ticket, mailbox.clone());
        let ssh_config = ssh_config.clone();
        let grace = config.limits.login_grace;
        tokio::spawn(async move {
            let session = async {
                match russh::server::run_stream(ssh_config, socket, handler).await {
                    Ok(session) => session.await.map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                }
            };
            let guard = async {
                if tokio::time::timeout(grace, mailbox.started())
                    .await
                    .is_err()
                {
                    return format!(
                        "closed: not logged in within {}",
                        log::duration_words(grace)
                    );
                }
                mailbox.killed().await;
                String::new()
            };
            tokio::select! {
                ended = session => {
                    // A game that began logs its own end, once.
                    if let Err(e) = ended
                        && !mailbox.is_started()
                    {
                        log::event(format!("connection {id} from {peer} ended: {e}"));
                    }
                }
                why = guard => {
                    if !why.is_empty() {
                        log::event(format!("connection {id} from {peer} {why}"));
                    }
                }
            }
            mailbox.gone();
        });
    }
}

/// A connection as the SSH side sees it.
struct Conn {
    shared: Arc<Shared>,
    id: u64,
    peer: SocketAddr,
    /// Held until the game starts: the connection counts as not logged in.
    startup: Option<StartupTicket>,
    /// Who logged in.
    login: Option<Login>,
    /// The one session channel, and its writing half until the game takes it.
    channel: Option<ChannelId>,
    out: Option<ChannelWriteHalf<Msg>>,
    /// The window size from the pty request.
    size: (u32, u32),
    /// Whether the client asked for a pty (its terminal then sends keys).
    pty: bool,
    /// Where the connection's task hears from the session.
    mailbox: Arc<Mailbox>,
    started: bool,
    /// What the client may still send.
    budget: RequestBudget,
    /// Whether slowing the client has been logged.
    slowed: bool,
    /// The address the connection's messages name.
    public: PublicName,
}

impl Conn {
    fn new(
        shared: Arc<Shared>,
        id: u64,
        (peer, public): (SocketAddr, PublicName),
        startup: StartupTicket,
        mailbox: Arc<Mailbox>,
    ) -> Conn {
        let rate = shared.limits.input_bytes_per_second;
        Conn {
            shared,
            id,
            peer,
            startup: Some(startup),
            login: None,
            channel: None,
            out: None,
            size: (80, 24),
            pty: false,
            mailbox,
            started: false,
            budget: RequestBudget::new(rate, BURST_SECONDS, Instant::now()),
            slowed: false,
            public,
        }
    }

    /// Charges `cost` to the client's allowance, waiting (and reading
    /// nothing more from it) until it is paid for.
    async fn charge(&mut self, cost: usize) {
        let wait = self.budget.charge(cost, Instant::now());
        if wait.is_zero() {
            return;
        }
        if !self.slowed {
            self.slowed = true;
            log::event(format!(
                "connection {} sends more than {} bytes a second; it is slowed",
                self.id, self.shared.limits.input_bytes_per_second
            ));
        }
        tokio::time::sleep(wait).await;
    }

    /// Refuses a channel the game does not offer (X11, forwarding),
    /// charged as any request is.
    async fn refuse(&mut self, reply: ChannelOpenHandle) {
        self.charge(REQUEST_COST).await;
        reply
            .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
            .await;
    }

    fn accept(&mut self, user: &str, key: Option<String>) -> Auth {
        self.login = Some(Login {
            user: user.to_string(),
            key,
            address: self.peer.ip(),
        });
        Auth::Accept
    }
}

impl Conn {
    /// Starts the game on `channel`: the full screen, or with `lines`
    /// the line mode.
    fn start_game(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
        lines: bool,
    ) -> Result<(), russh::Error> {
        let (Some(login), Some(out), false) = (self.login.clone(), self.out.take(), self.started)
        else {
            return session.channel_failure(channel);
        };
        self.started = true;
        self.startup = None;
        self.mailbox.start();
        let start = connection::Start {
            id: self.id,
            login,
            size: self.size,
            mailbox: self.mailbox.clone(),
            out,
            lines,
            pty: self.pty,
            public: self.public.clone(),
        };
        let how = if lines { " in lines" } else { "" };
        log::event(format!(
            "connection {} from {} starts{how}",
            self.id, self.peer
        ));
        tokio::spawn(connection::run(self.shared.clone(), start));
        session.channel_success(channel)
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.mailbox.gone();
    }
}

impl Handler for Conn {
    type Error = russh::Error;

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        self.charge(REQUEST_COST).await;
        let identity = format!("key:{}", key.public_key.fingerprint(HashAlg::Sha256));
        Ok(self.accept(user, Some(identity)))
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        self.charge(REQUEST_COST).await;
        Ok(self.accept(user, None))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(REQUEST_COST).await;
        if self.channel.is_some() {
            reply
                .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        self.channel = Some(channel.id());
        // The reading half is dropped: what the client sends comes through
        // this handler, charged first, and nothing queues unread.
        let (_, out) = channel.split();
        self.out = Some(out);
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(reply).await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host_to_connect: &str,
        _port_to_connect: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(reply).await;
        Ok(())
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        _socket_path: &str,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(reply).await;
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
        self.charge(REQUEST_COST).await;
        self.size = (width, height);
        self.pty = true;
        if self.started {
            self.mailbox.resize(width, height);
        }
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
        self.charge(REQUEST_COST).await;
        self.size = (width, height);
        self.mailbox.resize(width, height);
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(REQUEST_COST).await;
        session.channel_failure(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _variable_name: &str,
        _variable_value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(REQUEST_COST).await;
        session.channel_failure(channel)
    }

    async fn signal(
        &mut self,
        channel: ChannelId,
        _signal: Sig,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(REQUEST_COST).await;
        // Replied to only when the client asked for a reply (RFC 4254 §5.4).
        session.channel_failure(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(REQUEST_COST).await;
        self.start_game(channel, session, false)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(REQUEST_COST + data.len()).await;
        if line_asked(data) {
            return self.start_game(channel, session, true);
        }
        let asked = pgn_asked(data);
        let (Some(game), Some(out), Some(_), false) =
            (asked, self.out.take(), self.login.as_ref(), self.started)
        else {
            log::event(format!(
                "connection {}: exec refused (only `line` and `pgn GAME` are run)",
                self.id
            ));
            return session.channel_failure(channel);
        };
        // One command a connection, and no game after it.
        self.started = true;
        log::event(format!("connection {}: pgn {game}", self.id));
        let shared = self.shared.clone();
        tokio::spawn(async move {
            let answer = tokio::task::spawn_blocking(move || shared.pgn(game))
                .await
                .unwrap_or_else(|e| Err(format!("The server could not do that just now ({e}).")));
            let status = match answer {
                Ok(text) => out.data_bytes(text.into_bytes()).await.map(|()| 0),
                Err(why) => out
                    .extended_data_bytes(1, format!("catboard: {why}\n").into_bytes())
                    .await
                    .map(|()| 1),
            };
            if let Ok(status) = status {
                let _ = out.exit_status(status).await;
            }
            let _ = out.eof().await;
            let _ = out.close().await;
        });
        session.channel_success(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(REQUEST_COST).await;
        log::event(format!(
            "connection {}: subsystem refused (the game only)",
            self.id
        ));
        session.channel_failure(channel)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.charge(REQUEST_COST).await;
        Ok(false)
    }

    async fn streamlocal_forward(
        &mut self,
        _socket_path: &str,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.charge(REQUEST_COST).await;
        Ok(false)
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(data.len()).await;
        if !self.started {
            return Ok(());
        }
        if self.mailbox.input(data).is_err() {
            log::event(format!(
                "connection {} closed: it sent input while reading nothing",
                self.id
            ));
            self.mailbox.end(Ending::Flooded);
            self.mailbox.kill();
            return Err(russh::Error::Disconnect);
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.mailbox.end(Ending::Gone);
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.mailbox.end(Ending::Gone);
        Ok(())
    }
}

/// Whether `command` is `line`: the game in lines, for a screen reader.
fn line_asked(command: &[u8]) -> bool {
    std::str::from_utf8(command).is_ok_and(|c| c.trim() == "line")
}

/// The game asked for by the command the server runs, `pgn GAME`
/// (GAME a number from 1); `None` for anything else.
fn pgn_asked(command: &[u8]) -> Option<u64> {
    let command = std::str::from_utf8(command).ok()?;
    let mut words = command.split_ascii_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some("pgn"), Some(game), None) => game.parse().ok().filter(|n| *n > 0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::pgn_asked;

    #[test]
    fn only_pgn_and_a_game_number_is_a_command() {
        assert_eq!(pgn_asked(b"pgn 12"), Some(12));
        assert_eq!(pgn_asked(b"  pgn   3 "), Some(3));
        for refused in [
            &b"pgn"[..],
            b"pgn 0",
            b"pgn -1",
            b"pgn 1 2",
            b"pgn 1; rm -rf /",
            b"ls",
            b"\xff",
        ] {
            assert_eq!(pgn_asked(refused), None, "{refused:?}");
        }
    }
}
