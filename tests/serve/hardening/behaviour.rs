//! Table life over SSH: a computer that moves first, the way every
//! connection ends, long pastes, who comes and goes, the lobby's order
//! and scrolling, each table's Master time, guest numbers, requests that
//! want a reply, and the hint line.

use super::client::{Options, PATIENCE, Player, Server, TempDir, new_key, tcp_from};
use russh::ChannelMsg;
use std::net::IpAddr;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_playing_white_moves_first_and_a_person_plays_black() {
    let data = TempDir::new("first");
    let server = Server::start(data.path(), &[]);
    let mut guest = Player::guest(server.port, "g").await;
    guest.wait_for("Welcome, guest-").await;
    // c: the setup form; Down: White's seat; Right: the computer; Enter: begin.
    guest.send(b"c").await.expect("send");
    guest.wait_for("Variant").await;
    guest.send(b"\x1b[B\x1b[C\r").await.expect("send");
    guest.wait_for("You play Black at table guest-").await;
    guest.wait_for_plies(1).await;
    guest.wait_for("Black to move").await;
    guest.play("Nf6").await;
    // The move list, not the sentence about the move, which the
    // computer's quick reply may replace before it is read.
    guest.wait_for_plies(3).await;
    assert!(guest.contents().contains("Nf6"), "{}", guest.contents());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_end_gives_the_terminal_back_says_why_and_sends_an_exit_status() {
    let data = TempDir::new("ends");
    let mut server = Server::start(data.path(), &["--idle-seconds", "3"]);

    // q in the lobby: the person left, status 0.
    let mut quitter = Player::with_key(server.port, "quitter", &new_key()).await;
    quitter.wait_for("Welcome, quitter").await;
    quitter.send(b"q").await.expect("send");
    assert!(quitter.wait_closed().await);
    let said = quitter
        .after_leaving()
        .expect("the alternate screen is left");
    assert!(said.contains("\x1b[?25h"), "the cursor is shown: {said:?}");
    assert!(said.contains("Goodbye from catboard."), "{said:?}");
    assert_eq!(quitter.exit_status, Some(0));

    // Nothing typed for the idle time: closed, saying so.
    let mut idle = Player::with_key(server.port, "idle", &new_key()).await;
    idle.wait_for("Welcome, idle").await;
    assert!(idle.wait_closed().await);
    let said = idle.after_leaving().expect("left");
    assert!(
        said.contains("Closed after 3 seconds without a key pressed."),
        "{said:?}"
    );
    assert_eq!(idle.exit_status, Some(1));

    // A newer connection of the same person takes the seat: the older is told.
    let key = new_key();
    let mut first = Player::with_key(server.port, "ann+t1", &key).await;
    first.wait_for("You play White at table t1.").await;
    let mut second = Player::with_key(server.port, "ann+t1", &key).await;
    second.wait_for("You play White at table t1.").await;
    assert!(first.wait_closed().await);
    let said = first.after_leaving().expect("left");
    assert!(
        said.contains("you connected again from elsewhere"),
        "{said:?}"
    );
    assert_eq!(first.exit_status, Some(1));

    // The server stops: everyone is told, and it ends well.
    server.terminate();
    assert!(second.wait_closed().await);
    let said = second.after_leaving().expect("left");
    assert!(said.contains("The catboard server is stopping"), "{said:?}");
    assert_eq!(second.exit_status, Some(1));
    assert_eq!(server.wait_exit(), Some(0));
    server.wait_log("stopped");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_paste_arrives_whole_and_the_player_plays_on() {
    let data = TempDir::new("paste");
    let server = Server::start(data.path(), &[]);
    let mut ann = Player::with_key(server.port, "ann+t1", &new_key()).await;
    ann.wait_for("You play White at table t1.").await;
    let mut bob = Player::with_key(server.port, "bob+t1", &new_key()).await;
    bob.wait_for("You play Black at table t1.").await;
    let paste = format!("\x1b[200~{}\x1b[201~", "pasted words ".repeat(1000));
    assert!(paste.len() > 4096 * 3);
    ann.send(paste.as_bytes()).await.expect("pasted");
    ann.wait_for("pasted words pasted").await;
    ann.send(b"\x1b").await.expect("Esc closes the prompt");
    ann.play("e4").await;
    bob.wait_for("pawn to e4").await;
    assert!(!ann.closed);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_hears_who_sits_down_watches_and_leaves_and_the_panel_names_them() {
    let data = TempDir::new("notices");
    let server = Server::start(data.path(), &[]);
    let mut ann = Player::with_key(server.port, "ann+t1", &new_key()).await;
    ann.wait_for("You play White at table t1.").await;
    ann.wait_for("Black  free").await;
    let mut bob = Player::with_key(server.port, "bob+t1", &new_key()).await;
    bob.wait_for("You play Black at table t1.").await;
    ann.wait_for("bob sits down as Black.").await;
    ann.wait_for("Black  bob").await;
    bob.wait_for("White  ann").await;
    let mut cat = Player::with_key(server.port, "cat+t1", &new_key()).await;
    cat.wait_for("You are watching table t1.").await;
    ann.wait_for("cat is watching.").await;
    bob.wait_for("cat is watching.").await;
    drop(bob);
    ann.wait_for("bob left; Black's seat is kept for them.")
        .await;
    cat.wait_for("bob left; Black's seat is kept for them.")
        .await;
    cat.send(b"q").await.expect("back to the lobby");
    ann.wait_for("cat stopped watching.").await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_tables_as_people_count_and_scrolls_to_the_one_chosen() {
    let data = TempDir::new("scroll");
    let server = Server::start(
        data.path(),
        &[
            "--tables-per-person",
            "100",
            "--tables-new-key",
            "100",
            "--tables-per-address",
            "100",
        ],
    );
    let maker = new_key();
    for n in 1..=45 {
        let mut p = Player::with_key(server.port, &format!("maker+t{n}"), &maker).await;
        p.wait_for(&format!("at table t{n}.")).await;
    }
    let mut viewer =
        Player::connect(server.port, Options::key("viewer", &new_key()).size(80, 24)).await;
    viewer.wait_for("Tables 1–19 of 45").await;
    let rows: Vec<String> = viewer
        .contents()
        .lines()
        .filter(|l| l.starts_with('t'))
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect();
    let expected: Vec<String> = (1..=19).map(|n| format!("t{n}")).collect();
    assert_eq!(rows, expected, "{}", viewer.contents());
    viewer
        .send("\x1b[B".repeat(40).as_bytes())
        .await
        .expect("40 Downs");
    viewer.wait_for("Tables 23–41 of 45").await;
    viewer.send(b"\r").await.expect("Enter");
    viewer.wait_for("at table t41.").await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_master_time_is_its_own_up_to_the_servers_maximum() {
    let data = TempDir::new("think");
    let mut server = Server::start(
        data.path(),
        &["--think-ms", "100", "--max-think-ms", "1500"],
    );
    // c; Down Down: Black's seat; Left: Master; Down: its time; Right
    // three times: 0.5 s, 1 s, 2 s; Enter: begin.
    for (rights, kept) in [(3, "1500 ms"), (2, "1000 ms")] {
        let mut guest = Player::guest(server.port, "g").await;
        guest.wait_for("Welcome, guest-").await;
        guest.send(b"c").await.expect("send");
        guest.wait_for("Variant").await;
        guest.send(b"\x1b[B\x1b[B\x1b[D\x1b[B").await.expect("send");
        guest.wait_for("Master thinks").await;
        guest
            .send("\x1b[C".repeat(rights).as_bytes())
            .await
            .expect("send");
        guest.send(b"\r").await.expect("send");
        guest.wait_for("You play White").await;
        guest.play("e4").await;
        guest.wait_for_plies(2).await;
        let line = server.wait_log(&format!("(Master thinks {kept} here)"));
        assert!(line.contains("the computer (master) played"), "{line}");
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guest_numbers_go_on_after_a_restart() {
    let data = TempDir::new("numbers");
    let server = Server::start(data.path(), &[]);
    let mut first = Player::guest(server.port, "g").await;
    first.wait_for("Welcome, guest-1.").await;
    drop(first);
    server.stop();
    let server = Server::start(data.path(), &[]);
    let mut next = Player::guest(server.port, "g").await;
    next.wait_for("Welcome, guest-").await;
    assert!(
        !next.contents().contains("Welcome, guest-1."),
        "{}",
        next.contents()
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x11_and_env_requests_that_want_a_reply_get_one_and_the_game_goes_on() {
    let data = TempDir::new("requests");
    let server = Server::start(data.path(), &[]);
    let talk = async {
        let stream = tcp_from(IpAddr::from([127, 0, 0, 1]), server.port).await?;
        let options = Options::key("ann", &new_key());
        let config = std::sync::Arc::new(russh::client::Config::default());
        let mut session =
            russh::client::connect_stream(config, stream, super::client::Trusting).await?;
        let auth = russh::keys::PrivateKeyWithHashAlg::new(
            std::sync::Arc::new(options.key.clone().expect("a key")),
            None,
        );
        assert!(session.authenticate_publickey("ann", auth).await?.success());
        let mut channel = session.channel_open_session().await?;
        channel
            .request_x11(true, false, "MIT-MAGIC-COOKIE-1", "00", 0)
            .await?;
        channel.set_env(true, "LANG", "C").await?;
        let mut replies = Vec::new();
        while replies.len() < 2 {
            match channel.wait().await {
                Some(ChannelMsg::Failure) => replies.push(false),
                Some(ChannelMsg::Success) => replies.push(true),
                Some(_) => {}
                None => break,
            }
        }
        channel.signal(russh::Sig::INT).await?;
        channel
            .request_pty(true, "xterm-256color", 120, 40, 0, 0, &[])
            .await?;
        channel.request_shell(true).await?;
        Ok::<_, russh::Error>((replies, session, channel))
    };
    let (replies, _session, mut channel) = tokio::time::timeout(PATIENCE, talk)
        .await
        .expect("every request answered in time")
        .expect("connected");
    assert_eq!(replies, [false, false], "refused, with a reply");
    let mut screen = vt100::Parser::new(
        std::num::NonZeroU16::new(40).expect("rows"),
        std::num::NonZeroU16::new(120).expect("cols"),
        0,
    );
    let shown = tokio::time::timeout(PATIENCE, async {
        while !screen.screen().contents().contains("Welcome, ann") {
            match channel.wait().await {
                Some(ChannelMsg::Data { data }) => screen.process(&data),
                Some(_) => {}
                None => return false,
            }
        }
        true
    })
    .await;
    assert_eq!(shown, Ok(true), "the game after the refusals");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hint_line_at_a_shared_table_offers_only_what_the_table_allows() {
    let data = TempDir::new("hints");
    let server = Server::start(data.path(), &[]);
    let mut ann = Player::with_key(server.port, "ann+t1", &new_key()).await;
    ann.wait_for("You play White at table t1.").await;
    ann.wait_for("? help").await;
    let hint = ann
        .contents()
        .lines()
        .find(|l| l.contains("? help"))
        .map(str::to_string)
        .expect("a hint line");
    for refused in ["u undo", "r redo", "t hint", "s pause"] {
        assert!(!hint.contains(refused), "{refused:?} in {hint:?}");
    }
    assert!(
        hint.contains("q quit") && hint.contains("type a move"),
        "{hint:?}"
    );
    ann.send(b"u").await.expect("send");
    ann.wait_for("Moves cannot be taken back at a shared table.")
        .await;
    ann.send(b"?").await.expect("the help");
    ann.wait_for("this help").await;
    assert!(!ann.contents().contains("undo"), "{}", ann.contents());
    tokio::time::sleep(Duration::from_millis(50)).await;
    server.stop();
}

/// A client that gives a 0×0 pty (`ssh -tt` from a script) gets an 80×24
/// screen (RFC 4254 §6.2: zero dimensions are ignored), a 0×0 window
/// change leaves it so, and `q` leaves; a 3×2 window is asked to grow and
/// `q` still leaves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zero_sized_pty_is_drawn_at_80_by_24_and_q_leaves_at_any_size() {
    let data = TempDir::new("zero-pty");
    let server = Server::start(data.path(), &[]);
    let mut zero = Player::connect(server.port, Options::key("zed", &new_key()).size(0, 0)).await;
    zero.screen.screen_mut().set_size(
        std::num::NonZeroU16::new(24).expect("24"),
        std::num::NonZeroU16::new(80).expect("80"),
    );
    zero.wait_for("Welcome, zed").await;
    let rows: Vec<String> = zero.screen.screen().rows(0, 80).collect();
    assert!(
        rows.len() == 24 && rows.last().is_some_and(|r| !r.trim().is_empty()),
        "the keys on the 24th row: {rows:#?}"
    );
    zero.channel
        .window_change(0, 0, 0, 0)
        .await
        .expect("a change");
    zero.send(b"p").await.expect("send");
    zero.wait_for("Quick game").await;
    zero.send(b"q").await.expect("send");
    assert!(zero.wait_closed().await, "q leaves");
    assert_eq!(zero.exit_status, Some(0));

    let mut tiny = Player::connect(server.port, Options::key("tiny", &new_key()).size(3, 2)).await;
    tiny.wait_for("Mak").await;
    tiny.send(b"q").await.expect("send");
    assert!(tiny.wait_closed().await, "q leaves a 3x2 window");
    server.stop();
}

/// Toggles a quick-game wait `times` times from a new player `name`, then
/// leaves; how long it took.
async fn toggle_quick_wait(port: u16, name: &str, times: usize) -> Duration {
    let start = std::time::Instant::now();
    let mut player = Player::with_key(port, name, &new_key()).await;
    player.wait_for(&format!("Welcome, {name}")).await;
    player.send(b"p").await.expect("send");
    player.wait_for("Quick game").await;
    for _ in 0..times {
        // Enter waits, Backspace stops waiting.
        player.send(b"\r\x7f").await.expect("send");
    }
    player.send(b"q").await.expect("send");
    assert!(player.wait_closed().await, "q leaves");
    start.elapsed()
}

/// One connection toggling a quick-game wait as fast as it may type logs
/// at most its burst and its rate, its end once, and says how many lines
/// were left out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_connection_toggling_a_quick_game_wait_cannot_flood_the_log() {
    let data = TempDir::new("log-flood");
    let mut server = Server::start(data.path(), &[]);
    let took = toggle_quick_wait(server.port, "toggler", 2000).await;
    let ended = server.wait_log("(toggler) ended");
    let lines = server.lines(Duration::from_millis(300));
    let about = |l: &&String| l.contains("toggler");
    let logged = lines.iter().filter(about).count();
    // The burst (20), one a second after it, the start and the end.
    let most = 20 + took.as_secs() as usize + 1 + 3;
    assert!(
        logged <= most,
        "{logged} lines in {took:?}:\n{}",
        lines.join("\n")
    );
    assert!(ended.contains("not logged"), "{ended}");
    let ends = lines.iter().filter(|l| l.contains(" ended")).count();
    assert_eq!(ends, 1, "one line for the end:\n{}", lines.join("\n"));
    server.stop();
}

/// Bytes of log a second from one connection toggling a quick-game wait
/// (`cargo test --release --test serve measure_log_bytes -- --ignored
/// --nocapture`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement"]
async fn measure_log_bytes_of_one_connection_toggling_a_quick_game_wait() {
    let data = TempDir::new("log-measure");
    let mut server = Server::start(data.path(), &[]);
    let before: usize = server
        .lines(Duration::from_millis(300))
        .iter()
        .map(|l| l.len() + 1)
        .sum();
    let took = toggle_quick_wait(server.port, "toggler", 20_000).await;
    let after: usize = server
        .lines(Duration::from_millis(500))
        .iter()
        .map(|l| l.len() + 1)
        .sum();
    let bytes = after - before;
    eprintln!(
        "{bytes} bytes of log in {took:.1?}: {:.0} bytes a second",
        bytes as f64 / took.as_secs_f64()
    );
    server.stop();
}
