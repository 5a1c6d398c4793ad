//! The server remembers: every finished game is archived whole or not at
//! all, even when the server is killed (`kill -9`) in the middle of a
//! burst of games ending; `ssh HOST pgn GAME` prints an archived game and
//! is the one command the server runs.

use crate::hardening::client::{PATIENCE, Player, Server, TempDir, Trusting, new_key, tcp_from};
use russh::ChannelMsg;
use russh::client;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

/// What `ssh -p PORT USER@127.0.0.1 COMMAND` gets: standard output,
/// standard error, the exit status, and whether the command was refused.
struct Ran {
    out: String,
    err: String,
    status: Option<u32>,
    refused: bool,
}

async fn run(port: u16, user: &str, key: &PrivateKey, command: &str) -> Ran {
    let work = async {
        let stream = tcp_from(IpAddr::from([127, 0, 0, 1]), port).await?;
        let config = Arc::new(client::Config::default());
        let mut session = client::connect_stream(config, stream, Trusting).await?;
        let auth = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
        session.authenticate_publickey(user, auth).await?;
        let mut channel = session.channel_open_session().await?;
        channel.exec(true, command).await?;
        let mut ran = Ran {
            out: String::new(),
            err: String::new(),
            status: None,
            refused: false,
        };
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => ran.out.push_str(&String::from_utf8_lossy(&data)),
                ChannelMsg::ExtendedData { data, .. } => {
                    ran.err.push_str(&String::from_utf8_lossy(&data))
                }
                ChannelMsg::ExitStatus { exit_status } => ran.status = Some(exit_status),
                ChannelMsg::Failure => {
                    ran.refused = true;
                    break;
                }
                ChannelMsg::Close => break,
                _ => {}
            }
        }
        Ok::<Ran, russh::Error>(ran)
    };
    tokio::time::timeout(PATIENCE, work)
        .await
        .expect("in time")
        .expect("ran")
}

/// Two keyed players at table `table`, Fool's Mate played to one move
/// before the mate.
async fn before_the_mate(port: u16, table: &str) -> (Player, Player) {
    let mut white = Player::with_key(port, &format!("w{table}+{table}"), &new_key()).await;
    white
        .wait_for(&format!("You play White at table {table}."))
        .await;
    let mut black = Player::with_key(port, &format!("b{table}+{table}"), &new_key()).await;
    black
        .wait_for(&format!("You play Black at table {table}."))
        .await;
    white.play("f3").await;
    black.wait_for("pawn to f3").await;
    black.play("e5").await;
    white.wait_for("pawn to e5").await;
    white.play("g4").await;
    black.wait_for("pawn to g4").await;
    (white, black)
}

/// An archived game: its table, how many players were archived with it,
/// and whether its PGN and result are whole.
type Archived = (String, i64, bool);

/// A table still in play, and how many moves it has kept.
type Playing = (String, usize);

/// Each archived game, and the tables still in play.
fn read_back(data: &std::path::Path) -> (Vec<Archived>, Vec<Playing>) {
    let db = rusqlite::Connection::open(data.join("catboard.db")).expect("the database");
    let mut games = db
        .prepare(
            "SELECT tbl, (SELECT count(*) FROM game_players p WHERE p.game = g.id), pgn, result
             FROM games g ORDER BY id",
        )
        .expect("a query");
    let archived = games
        .query_map([], |r| {
            let pgn: String = r.get(2)?;
            let result: String = r.get(3)?;
            let whole = pgn.contains("[Result \"0-1\"]")
                && pgn.contains("1. f3 e5 2. g4 Qh4# 0-1")
                && result == "0-1";
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, whole))
        })
        .expect("rows")
        .collect::<Result<Vec<_>, _>>()
        .expect("read");
    let mut live = db
        .prepare("SELECT name, game FROM live_tables")
        .expect("a query");
    let playing = live
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .expect("rows")
        .collect::<Result<Vec<_>, _>>()
        .expect("read");
    let playing = playing
        .into_iter()
        .map(|(name, game)| {
            let moves: i64 = db
                .query_row(
                    "SELECT count(*) FROM live_moves WHERE tbl = ?1",
                    [&name],
                    |r| r.get(0),
                )
                .expect("counted");
            let saved: serde_json::Value = serde_json::from_str(&game).expect("a game");
            let folded = saved["moves"].as_array().map_or(0, Vec::len);
            (name, folded + moves as usize)
        })
        .collect();
    (archived, playing)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_in_a_burst_of_finished_games_leaves_each_archived_whole_or_not_at_all() {
    const TABLES: usize = 6;
    let mut seen_partial = false;
    for (round, pause_ms) in [0u64, 3, 8].into_iter().enumerate() {
        let data = TempDir::new(&format!("burst{round}"));
        let mut server = Server::start(data.path(), &[]);
        let mut pairs = Vec::new();
        for n in 1..=TABLES {
            pairs.push(before_the_mate(server.port, &format!("t{n}")).await);
        }
        // Every Black mates at once; the server is killed meanwhile.
        for (_, black) in &mut pairs {
            black.play("Qh4").await;
        }
        tokio::time::sleep(Duration::from_millis(pause_ms)).await;
        server.child.kill().expect("kill -9");
        let _ = server.child.wait();
        drop(pairs);

        let (archived, playing) = read_back(data.path());
        for (table, players, whole) in &archived {
            assert_eq!(*players, 2, "table {table}: both players archived");
            assert!(whole, "table {table}: the whole game archived");
            assert!(
                playing.iter().all(|(name, _)| name != table),
                "table {table} is archived and still in play"
            );
        }
        for (table, moves) in &playing {
            assert_eq!(*moves, 3, "table {table} waits for the mate");
        }
        assert_eq!(
            archived.len() + playing.len(),
            TABLES,
            "every table either archived or in play: {archived:?} {playing:?}"
        );
        seen_partial |= !archived.is_empty() && !playing.is_empty();
        eprintln!(
            "round {round} (killed after {pause_ms} ms): {} archived, {} in play",
            archived.len(),
            playing.len()
        );

        // Restarted, the tables in play come back where they were, and
        // the mate can still be played.
        let mut again = Server::start(data.path(), &[]);
        for (table, _) in &playing {
            again.wait_log(&format!("table {table} brought back at ply 3"));
        }
        again.stop();
    }
    // Not asserted (the kill lands where it lands), but reported.
    eprintln!("a kill landed between two games' archiving: {seen_partial}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ssh_pgn_prints_an_archived_game_and_nothing_else_is_run() {
    let data = TempDir::new("pgn");
    let mut server = Server::start(data.path(), &[]);
    let (mut white, mut black) = before_the_mate(server.port, "t1").await;
    black.play("Qh4").await;
    white.wait_for("Kept as game 1").await;
    server.wait_log("table t1: Kept as game 1");

    let key = new_key();
    let ran = run(server.port, "alice", &key, "pgn 1").await;
    assert_eq!(ran.status, Some(0), "{}", ran.err);
    assert!(
        ran.out.starts_with("[Event \"catboard Chess\"]"),
        "{}",
        ran.out
    );
    for tag in [
        "[White \"wt1\"]",
        "[Black \"bt1\"]",
        "[Result \"0-1\"]",
        "[Termination \"checkmate\"]",
    ] {
        assert!(ran.out.contains(tag), "{tag} in {}", ran.out);
    }
    assert!(
        !ran.out.contains("[TimeControl"),
        "an untimed game has no time control: {}",
        ran.out
    );
    assert!(
        ran.out.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"),
        "{}",
        ran.out
    );

    let missing = run(server.port, "alice", &key, "pgn 7").await;
    assert_eq!(missing.status, Some(1));
    assert_eq!(
        missing.err,
        "catboard: There is no game 7 in the archive.\n"
    );
    assert!(missing.out.is_empty());
    for refused in ["ls", "pgn", "pgn 1 2", "pgn 1; cat /etc/passwd", "sh -c id"] {
        let ran = run(server.port, "alice", &key, refused).await;
        assert!(ran.refused, "{refused}: {}", ran.out);
        assert!(ran.out.is_empty(), "{refused}: {}", ran.out);
    }
    server.wait_log("exec refused (only `line` and `pgn GAME` are run)");
    drop((white, black));
    server.stop();
}
