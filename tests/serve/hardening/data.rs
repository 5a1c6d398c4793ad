//! Nothing is shown that is not kept: a move that cannot be saved is
//! refused and told (here: the database held by another writer), and a host key is never left half-written.

use super::client::{Player, Server, TempDir, new_key};
use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_cannot_be_saved_is_refused_and_told_and_nothing_is_lost() {
    let data = TempDir::new("unsaved");
    let mut server = Server::start(data.path(), &["--tables-new-key", "4"]);
    let (ann_key, bob_key) = (new_key(), new_key());
    let mut ann = Player::with_key(server.port, "ann+t1", &ann_key).await;
    ann.wait_for("You play White at table t1.").await;
    let mut bob = Player::with_key(server.port, "bob+t1", &bob_key).await;
    bob.wait_for("You play Black at table t1.").await;
    ann.play("e4").await;
    bob.wait_for("pawn to e4").await;

    // Another writer holds the database (an operator's sqlite3 in a
    // transaction): no save can land.
    let db = rusqlite::Connection::open(data.path().join("catboard.db")).expect("the database");
    db.execute_batch("BEGIN IMMEDIATE").expect("the write lock");
    bob.play("e5").await;
    bob.wait_for("The move e5 was not played").await;
    ann.wait_for("The move e5 was not played").await;
    assert!(
        bob.contents().contains("Black to move"),
        "{}",
        bob.contents()
    );
    assert!(!ann.contents().contains("pawn to e5"), "{}", ann.contents());
    // A table made meanwhile is not made (by ann, whose name is kept:
    // a new name could not be kept either).
    let mut carl = Player::with_key(server.port, "ann+t2", &ann_key).await;
    carl.wait_for("The table was not made").await;

    // Once the database is free, the move is played, and kept.
    db.execute_batch("ROLLBACK").expect("let go");
    bob.play("e5").await;
    ann.wait_for("pawn to e5").await;
    drop((ann, bob, carl));
    server.wait_log("The move e5 was not played");
    server.stop();
    let mut server = Server::start(data.path(), &[]);
    server.wait_log("table t1 brought back at ply 2");
    let t2: i64 = db
        .query_row(
            "SELECT count(*) FROM live_tables WHERE name = 't2'",
            [],
            |r| r.get(0),
        )
        .expect("counted");
    assert_eq!(t2, 0, "t2 was never made");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_host_key_gives_way_to_a_new_one_and_a_corrupt_one_is_refused_by_name() {
    let data = TempDir::new("hostkey");
    let path = data.path().join("host_key");
    std::fs::write(&path, "").expect("an empty key, as a cut-short first start left it");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let mut server = Server::start(data.path(), &[]);
    server.wait_log("is empty (a first start cut short); a new one is made");
    let fingerprint = server.wait_log("host key SHA256:");
    let mut ann = Player::with_key(server.port, "ann", &new_key()).await;
    ann.wait_for("Welcome, ann").await;
    drop(ann);
    server.stop();
    let mut again = Server::start(data.path(), &[]);
    assert_eq!(
        again.wait_log("host key SHA256:"),
        fingerprint,
        "kept whole"
    );
    again.stop();

    std::fs::write(&path, "-----BEGIN OPENSSH PRIVATE KEY-----\ngarbage\n").expect("corrupt");
    let mut refused = Server::spawn(data.path(), &[]);
    assert_eq!(refused.wait_exit(), Some(2));
    let said = refused.lines(Duration::from_millis(100)).join("\n");
    assert!(said.contains(&path.display().to_string()), "{said}");
    assert!(said.contains("is not an OpenSSH private key"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_the_same_data_folder_is_refused() {
    let data = TempDir::new("locked");
    let first = Server::start(data.path(), &[]);
    let mut second = Server::spawn(data.path(), &[]);
    assert_eq!(second.wait_exit(), Some(2));
    let said = second.lines(Duration::from_millis(100)).join("\n");
    assert!(said.contains("is in use: another catboard (pid"), "{said}");
    first.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_few_file_descriptors_are_said_and_the_players_fitted_to_them() {
    let data = TempDir::new("nofile");
    let binary = std::env::var("CATBOARD_UNDER_TEST")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_catboard").to_string());
    let script = format!(
        "ulimit -n 400 && exec {binary} serve --listen 127.0.0.1:0 --data {}",
        data.path().display()
    );
    let mut child = std::process::Command::new("sh")
        .args(["-c", &script])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("a shell");
    let stderr = child.stderr.take().expect("its standard error");
    let lines = std::thread::spawn(move || {
        use std::io::BufRead;
        std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .take_while(|l| !l.contains("listening on"))
            .collect::<Vec<_>>()
    });
    let said = lines.join().expect("the log").join("\n");
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        said.contains(
            "the open files limit (ulimit -n) is 400: at most 172 players, not the 1000 asked"
        ),
        "{said}"
    );
    assert!(
        said.contains("at most 172 players, 10:30:100 connections"),
        "{said}"
    );
}
