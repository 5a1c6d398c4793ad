//! A rating moves only for a game that was played: a rematch both
//! players leave at once, and the tables a burst of quick-game toggles
//! makes, end aborted and unrated (issue 33's attacks, over SSH).

use crate::hardening::client::{Player, Server, TempDir, fools_mate, new_key};
use std::time::Duration;

/// Every rating kept, as (identity, variant, rating, games), in order.
fn ratings(db: &rusqlite::Connection) -> Vec<(String, String, f64, i64)> {
    db.prepare("SELECT identity, variant, rating, games FROM ratings ORDER BY identity, variant")
        .expect("a query")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("read")
}

/// Each archived game's (termination, rated), in order.
fn games(db: &rusqlite::Connection) -> Vec<(String, bool)> {
    db.prepare("SELECT termination, rated FROM games ORDER BY id")
        .expect("a query")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("read")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_both_players_leave_at_once_is_aborted_and_not_rated() {
    let data = TempDir::new("rematch-leave");
    let mut server = Server::start(data.path(), &["--first-move-seconds", "1"]);
    let (mut ann, mut bob) = Player::two_at_t1(server.port, "ann+t1+5+0", &new_key()).await;
    fools_mate(&mut ann, &mut bob).await;
    server.wait_log("table t1: Kept as game 1");
    let db = rusqlite::Connection::open(data.path().join("catboard.db")).expect("the database");
    let after_one = ratings(&db);
    assert_eq!(
        after_one.len(),
        2,
        "the first game was rated: {after_one:?}"
    );
    ann.send(b"n").await.expect("send");
    bob.wait_for("ann asks for a rematch").await;
    bob.send(b"n").await.expect("send");
    server.wait_log("table t1-2: the rematch of table t1");
    // Both leave at once; the rematch's clock runs on without them.
    drop((ann, bob));
    server.wait_log("table t1-2: Kept as game 2");
    assert_eq!(
        games(&db),
        vec![
            ("checkmate".to_string(), true),
            ("aborted".to_string(), false)
        ]
    );
    assert_eq!(ratings(&db), after_one, "no rating moved");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_game_toggles_make_no_rated_table_with_nobody_seated() {
    let data = TempDir::new("quick-toggles");
    let mut server = Server::start(data.path(), &["--first-move-seconds", "1"]);
    let mut players = Vec::new();
    for n in 0..4 {
        let mut p = Player::with_key(server.port, &format!("p{n}"), &new_key()).await;
        p.wait_for(&format!("Welcome, p{n}")).await;
        players.push(p);
    }
    // Each toggles its wait on and off, all at once; then each waits
    // once more, is paired, and leaves before the board is seen.
    for _ in 0..10 {
        for p in &mut players {
            p.send(b"p\r").await.expect("send");
            tokio::time::sleep(Duration::from_millis(5)).await;
            p.send(b"\x1b").await.expect("send");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    for p in &mut players {
        p.send(b"p\r").await.expect("send");
    }
    for p in &mut players {
        p.wait_for("at table quick-").await;
    }
    drop(players);
    let lines = server.lines(Duration::from_millis(500));
    let made: Vec<String> = lines
        .iter()
        .filter_map(|l| l.split_once("table ")?.1.split_once(": a quick game of "))
        .map(|(name, _)| name.to_string())
        .collect();
    assert!(!made.is_empty(), "the burst paired nobody: {lines:?}");
    for name in &made {
        server.wait_log(&format!("table {name}: Kept as game"));
    }
    let db = rusqlite::Connection::open(data.path().join("catboard.db")).expect("the database");
    let kept = games(&db);
    assert_eq!(kept.len(), made.len(), "{kept:?}");
    assert!(
        kept.iter().all(|(how, rated)| how == "aborted" && !rated),
        "{kept:?}"
    );
    assert_eq!(ratings(&db), vec![], "no rating moved");
    server.stop();
}
