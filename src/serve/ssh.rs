//! The SSH side: the listening socket and who it lets in
//! ([`Admission`](super::admission::Admission)), the login grace, and one
//! russh handler per connection that accepts any public key (its
//! fingerprint is the identity) or keyboard-interactive for a guest, one
//! session channel with a pty and a shell (no exec, no subsystems, no
//! forwarding, no X11, no environment: each refused with a reply), and
//! passes what the client sends, charged to its [`RequestBudget`] first,
//! to the connection's task.

use super::ServeConfig;
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
        let handler = Conn::new(shared.clone(), id, peer, ticket, mailbox.clone());
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
                    if let Err(e) = ended {
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
    /// Where the connection's task hears from the session.
    mailbox: Arc<Mailbox>,
    started: bool,
    /// What the client may still send.
    budget: RequestBudget,
    /// Whether slowing the client has been logged.
    slowed: bool,
}

impl Conn {
    fn new(
        shared: Arc<Shared>,
        id: u64,
        peer: SocketAddr,
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
            mailbox,
            started: false,
            budget: RequestBudget::new(rate, BURST_SECONDS, Instant::now()),
            slowed: false,
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
        };
        log::event(format!("connection {} from {} starts", self.id, self.peer));
        tokio::spawn(connection::run(self.shared.clone(), start));
        session.channel_success(channel)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.charge(REQUEST_COST).await;
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
