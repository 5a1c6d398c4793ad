//! The line mode over SSH (`ssh host line`), driven by russh clients
//! that send an exec request and read lines, as a screen reader's user
//! would: the lobby, making and joining a table, a game to its end, the
//! archive and its review, and quick pairing. The first player's whole
//! transcript is a golden file (`snapshots/serve-line-transcript.snap`).

use crate::hardening::client::{PATIENCE, Server, TempDir, Trusting, new_key};
use russh::client::{self, Handle};
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::{Channel, ChannelMsg};
use std::sync::Arc;

/// A person at the server in the line mode: what they typed and read.
pub(crate) struct Reader {
    _session: Handle<Trusting>,
    pub(crate) channel: Channel<client::Msg>,
    /// Everything read, and what was typed, as a screen reader hears it.
    pub(crate) transcript: String,
    /// How much of the transcript has been waited for.
    seen: usize,
    closed: bool,
}

impl Reader {
    /// Logs in as `user` with `key` and runs `command`, or opens a shell
    /// without one (no pty: the client's own terminal edits and echoes
    /// the lines).
    pub(crate) async fn connect(
        port: u16,
        user: &str,
        key: &PrivateKey,
        command: Option<&str>,
    ) -> Reader {
        let connecting = async {
            let config = Arc::new(client::Config::default());
            let mut session = client::connect(config, ("127.0.0.1", port), Trusting).await?;
            let auth = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
            let result = session.authenticate_publickey(user, auth).await?;
            assert!(result.success(), "any key is accepted");
            let channel = session.channel_open_session().await?;
            match command {
                Some(command) => channel.exec(true, command).await?,
                None => channel.request_shell(true).await?,
            }
            Ok::<_, russh::Error>((session, channel))
        };
        let (session, channel) = tokio::time::timeout(PATIENCE, connecting)
            .await
            .expect("connected in time")
            .expect("connected");
        Reader {
            _session: session,
            channel,
            transcript: String::new(),
            seen: 0,
            closed: false,
        }
    }

    /// Reads until what came since the last wait contains `text`, and
    /// returns that part.
    pub(crate) async fn wait_for(&mut self, text: &str) -> String {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            if let Some(at) = self.transcript[self.seen..].find(text) {
                let part = self.transcript[self.seen..self.seen + at + text.len()].to_string();
                self.seen += at + text.len();
                return part;
            }
            match tokio::time::timeout_at(deadline, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => {
                    let text = String::from_utf8_lossy(&data);
                    assert!(
                        !text.contains('\x1b'),
                        "no escape sequence in the line mode: {text:?}"
                    );
                    self.transcript.push_str(&text);
                }
                Ok(Some(ChannelMsg::Failure)) => panic!("the server refused the command"),
                Ok(Some(_)) => {}
                Ok(None) => {
                    self.closed = true;
                    panic!(
                        "the channel closed waiting for {text:?}; read:\n{}",
                        self.transcript
                    )
                }
                Err(_) => panic!("timed out waiting for {text:?}; read:\n{}", self.transcript),
            }
        }
    }

    /// Types `line` and Enter.
    pub(crate) async fn type_line(&mut self, line: &str) {
        self.transcript.push_str(&format!("> {line}\n"));
        self.seen = self.transcript.len();
        self.channel
            .data(format!("{line}\n").as_bytes())
            .await
            .expect("send a line");
    }

    /// Types `line` and waits for `answer`.
    pub(crate) async fn ask(&mut self, line: &str, answer: &str) -> String {
        self.type_line(line).await;
        self.wait_for(answer).await
    }
}

/// Compares `transcript` with its golden file.
fn golden(name: &str, transcript: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name, transcript));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_whole_server_in_lines_lobby_table_game_archive_and_review() {
    let data = TempDir::new("lines");
    let mut server = Server::start(data.path(), &["--public-name", "games.example.org"]);
    let mut ann = Reader::connect(server.port, "ann", &new_key(), Some("line")).await;
    ann.wait_for("help for the commands.").await;
    ann.ask("tables", "There are no tables yet").await;
    ann.ask("tabels", "did you mean tables?").await;
    ann.ask("new chess", "quit goes back to the lobby.").await;
    let help = ann.ask("help", "notation:").await;
    assert!(help.contains("quit: back to the lobby"), "{help}");
    assert!(
        !help.contains("undo, u;"),
        "no undo at a shared table: {help}"
    );
    let mut bob = Reader::connect(server.port, "bob", &new_key(), Some("line")).await;
    bob.wait_for("help for the commands.").await;
    bob.ask("tables", "ann-1: Chess").await;
    bob.ask("join ann-1", "You play Black at table ann-1").await;
    ann.wait_for("bob sits down as Black.").await;
    ann.ask("undo", "Moves cannot be taken back at a shared table.")
        .await;
    for (white, black) in [("f3", "e5"), ("g2-g4", "qh4")] {
        ann.type_line(white).await;
        bob.wait_for("White pawn to").await;
        bob.type_line(black).await;
        ann.wait_for("Black").await;
    }
    ann.wait_for("Black wins by checkmate.").await;
    bob.wait_for("Black wins by checkmate.").await;
    ann.wait_for("Kept as game 1").await;
    ann.ask("quit", "Back in the lobby").await;
    // The lobby's lists are rebuilt a tick (250 ms) after a game is
    // archived, not at each command: give the tick time to come.
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    ann.ask("recent", "Game 1: Chess, ann against bob").await;
    ann.ask("review 1", "quit to go back to the lobby.").await;
    ann.ask("forward", "Move 1 of 4: White played").await;
    ann.ask("undo", "to look through only").await;
    ann.ask("quit", "Back in the lobby").await;
    ann.ask("leaders", "Chess").await;
    ann.type_line("quit").await;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while !ann.closed {
        match tokio::time::timeout_at(deadline, ann.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                ann.transcript.push_str(&String::from_utf8_lossy(&data));
            }
            Ok(Some(_)) => {}
            Ok(None) => ann.closed = true,
            Err(_) => panic!("the server did not close the channel after quit"),
        }
    }
    server.wait_log("starts in lines");
    golden("serve-line-transcript", &ann.transcript);
    drop(bob);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_pairing_in_lines_and_the_login_name_line() {
    let data = TempDir::new("lines-pair");
    let mut server = Server::start(data.path(), &[]);
    let mut ann = Reader::connect(server.port, "ann", &new_key(), Some("line")).await;
    ann.wait_for("help for the commands.").await;
    ann.ask("pair chess 3+2", "Waiting for a game of Chess at 3+2")
        .await;
    // A client that cannot send a command logs in as name+line.
    let mut bob = Reader::connect(server.port, "bob+line", &new_key(), None).await;
    bob.wait_for("Welcome, bob.").await;
    bob.type_line("pair 3+2").await;
    for player in [&mut ann, &mut bob] {
        player.wait_for("at table quick-1.").await;
    }
    let seats = [&ann.transcript, &bob.transcript];
    let whites = seats
        .iter()
        .filter(|t| t.contains("You play White"))
        .count();
    assert_eq!(whites, 1, "one of them plays White");
    let white = if ann.transcript.contains("You play White") {
        &mut ann
    } else {
        &mut bob
    };
    white.ask("e4", "White pawn to e4.").await;
    white.ask("clock", "White").await;
    server.wait_log("a quick game of Chess at 3+2");
    drop((ann, bob));
    server.stop();
}

/// Fool's mate by ann and bob at a new table, in lines; what ann read
/// from its mate on.
async fn mate_in_lines(port: u16) -> (Reader, Reader) {
    let mut ann = Reader::connect(port, "ann", &new_key(), Some("line")).await;
    ann.wait_for("help for the commands.").await;
    ann.ask("new chess", "quit goes back to the lobby.").await;
    let mut bob = Reader::connect(port, "bob", &new_key(), Some("line")).await;
    bob.wait_for("help for the commands.").await;
    // The lobby's lists come a tick after the table is made.
    bob.ask("tables", "ann-1: Chess").await;
    bob.ask("join ann-1", "You play Black at table ann-1").await;
    ann.wait_for("bob sits down as Black.").await;
    for (white, black) in [("f3", "e5"), ("g4", "qh4")] {
        ann.type_line(white).await;
        bob.wait_for("White pawn to").await;
        bob.type_line(black).await;
        ann.wait_for("Black").await;
    }
    ann.wait_for("Black wins by checkmate.").await;
    (ann, bob)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_name_the_public_name_or_else_the_address_connected_to() {
    for public in [None, Some("games.example.org:2200")] {
        let data = TempDir::new("public-name");
        let extra = public.map_or(vec![], |name| vec!["--public-name", name]);
        let server = Server::start(data.path(), &extra);
        let ssh = match public {
            Some(_) => "ssh -p 2200 games.example.org".to_string(),
            None => format!("ssh -p {} 127.0.0.1", server.port),
        };
        let (mut ann, mut bob) = mate_in_lines(server.port).await;
        let kept = format!("Kept as game 1 ({ssh} pgn 1 prints it).");
        ann.wait_for(&kept).await;
        bob.wait_for(&kept).await;
        assert!(!ann.transcript.contains("HOST"), "{}", ann.transcript);
        drop((ann, bob));
        server.stop();
    }
}
