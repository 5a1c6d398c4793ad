//! Clocks at server tables, the hub keeping the time: the clocks start
//! with the first move, a flag falls at the server while both players
//! sit idle, and a timed table comes back after
//! a restart with its clocks as they stood, the time the server was down
//! not counted.

use crate::hardening::client::{Player, Server, TempDir, new_key};
use std::time::Duration;

/// Every clock the screen shows (`Clock 4:58`, `Clock 0:09.3`), in seconds.
fn clocks_shown(screen: &str) -> Vec<f64> {
    screen
        .split("Clock ")
        .skip(1)
        .filter_map(|rest| {
            let face: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == ':' || *c == '.')
                .collect();
            let mut total = 0.0;
            for part in face.split(':') {
                total = total * 60.0 + part.parse::<f64>().ok()?;
            }
            Some(total)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_at_the_server_while_both_players_are_idle() {
    let data = TempDir::new("flag");
    let mut server = Server::start(data.path(), &[]);
    // A table made by login name with a clock: six seconds each, no increment.
    let (mut ann, mut bob) = Player::two_at_t1(server.port, "ann+t1+0.1+0", &new_key()).await;
    bob.wait_for("Clock 0:0").await;
    // The clocks start with the first move; then nobody types, and the
    // server's clock lets Black's flag fall.
    ann.play("e4").await;
    bob.wait_for("pawn to e4").await;
    for player in [&mut ann, &mut bob] {
        player.wait_for("Black's flag fell — White wins").await;
        player.wait_for("Kept as game 1").await;
    }
    server.wait_log("table t1: Black's flag fell");
    assert!(
        ann.contents().contains("Clock 0:00.0"),
        "{}",
        ann.contents()
    );
    drop((ann, bob));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_table_comes_back_after_a_restart_without_the_downtime_counted() {
    let data = TempDir::new("restart");
    let mut server = Server::start(data.path(), &[]);
    let ann_key = new_key();
    let (mut ann, mut bob) = Player::two_at_t1(server.port, "ann+t1+5+0", &ann_key).await;
    ann.play("e4").await;
    bob.wait_for("pawn to e4").await;
    bob.play("e5").await;
    ann.wait_for("pawn to e5").await;
    // The server stops in the middle of White's turn: the turn so far is kept.
    server.terminate();
    assert_eq!(server.wait_exit(), Some(0));
    server.wait_log("the clocks of 1 timed tables were kept");
    drop((ann, bob));
    let db = rusqlite::Connection::open(data.path().join("catboard.db")).expect("the database");
    let game: String = db
        .query_row("SELECT game FROM live_tables WHERE name = 't1'", [], |r| {
            r.get(0)
        })
        .expect("the table in play");
    let saved: serde_json::Value = serde_json::from_str(&game).expect("a saved game");
    assert_eq!(saved["time"], "5+0");
    assert_eq!(saved["clocks"].as_array().map(Vec::len), Some(2), "{saved}");
    assert!(saved["turn_ms"].as_u64().is_some(), "{saved}");
    drop(db);
    server.stop();

    // Down for fifteen seconds; none of them is White's.
    tokio::time::sleep(Duration::from_secs(15)).await;
    let mut again = Server::start(data.path(), &[]);
    again.wait_log("table t1 brought back at ply 2");
    let mut ann = Player::with_key(again.port, "ann+t1", &ann_key).await;
    ann.wait_for("You play White at table t1.").await;
    ann.wait_for("Clock 4:").await;
    let shown = clocks_shown(&ann.contents());
    assert_eq!(shown.len(), 2, "{}", ann.contents());
    assert!(
        shown.iter().all(|s| *s >= 290.0),
        "the clocks {shown:?} count at most a few seconds of play, not the 15 s the server was down"
    );
    ann.play("Nf3").await;
    ann.wait_for("Nf3").await;
    again.wait_log("table t1: connection");
    drop(ann);
    again.stop();
}
