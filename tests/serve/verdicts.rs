//! Resigning and draws over SSH: a draw offered goes through the server
//! to the other player's screen, which asks; the answer comes back and
//! both are told; a resignation is asked first and ends the game for both;
//! a spectator can do neither.

use crate::hardening::client::{Player, Server, TempDir, new_key};

/// Two keyed players at table `table` (its clock after a `+`, as the
/// login gives it: `t3+5+0`), `white` and `black`.
async fn two_at(port: u16, login: &str, (white, black): (&str, &str)) -> (Player, Player) {
    let table = login.split('+').next().unwrap_or(login);
    let mut white = Player::with_key(port, &format!("{white}+{login}"), &new_key()).await;
    white
        .wait_for(&format!("You play White at table {table}."))
        .await;
    let mut black = Player::with_key(port, &format!("{black}+{table}"), &new_key()).await;
    black
        .wait_for(&format!("You play Black at table {table}."))
        .await;
    (white, black)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offered_is_asked_on_the_other_screen_and_agreed_and_a_resignation_ends_a_game() {
    let data = TempDir::new("verdicts");
    let mut server = Server::start(data.path(), &[]);
    let (mut ann, mut bob) = two_at(server.port, "t1", ("ann", "bob")).await;
    let mut carol = Player::with_key(server.port, "carol+t1", &new_key()).await;
    carol.wait_for("You are watching table t1.").await;

    // A spectator offers nothing and resigns nothing.
    carol.send(b"D").await.expect("send");
    carol.wait_for("only its players offer draws").await;
    carol.send(b"R").await.expect("send");
    carol.wait_for("only its players resign").await;

    // Black may not offer off turn; White offers, Black is asked and declines.
    bob.send(b"D").await.expect("send");
    bob.wait_for("Offer a draw on your own turn.").await;
    ann.send(b"D").await.expect("send");
    bob.wait_for("White offers a draw").await;
    bob.wait_for("(y/n)").await;
    carol
        .wait_for("White offers a draw; Black answers y or n.")
        .await;
    ann.send(b"D").await.expect("send");
    ann.wait_for("A draw offer is waiting for its answer already.")
        .await;
    bob.send(b"n").await.expect("send");
    ann.wait_for("Black declines the draw.").await;
    server.wait_log("table t1: Black declines the draw");

    // After a move each (a draw before each player has moved would abort
    // the game), Black offers on its turn.
    ann.play("e4").await;
    bob.wait_for("pawn to e4").await;
    bob.play("e5").await;
    ann.wait_for("pawn to e5").await;
    ann.play("Nf3").await;
    bob.wait_for("knight to f3").await;
    bob.send(b"D").await.expect("send");
    ann.wait_for("Black offers a draw").await;
    ann.wait_for("(y/n)").await;
    ann.send(b"y").await.expect("send");
    for player in [&mut ann, &mut bob, &mut carol] {
        player.wait_for("Draw agreed").await;
    }
    server.wait_log("table t1: Kept as game 1");

    // At another table, White resigns (asked first).
    let (mut ann2, mut bob2) = two_at(server.port, "t2", ("dan", "eve")).await;
    ann2.send(b"R").await.expect("send");
    ann2.wait_for("Resign this game? (y/n)").await;
    ann2.send(b"y").await.expect("send");
    for player in [&mut ann2, &mut bob2] {
        player.wait_for("White resigns — Black wins").await;
    }
    server.wait_log("table t2: Kept as game 2");
    ann2.wait_for("Aborted before each player had moved").await;

    // Two keys farming a rating, resigning after 1.e4: aborted too. Once
    // each has moved, a resignation is a result, and rated.
    let (mut fay, mut gus) = two_at(server.port, "t3+5+0", ("fay", "gus")).await;
    fay.play("e4").await;
    gus.wait_for("pawn to e4").await;
    fay.send(b"R").await.expect("send");
    fay.wait_for("Resign this game? (y/n)").await;
    fay.send(b"y").await.expect("send");
    server.wait_log("table t3: Kept as game 3");
    let (mut hal, mut ida) = two_at(server.port, "t4+5+0", ("hal", "ida")).await;
    hal.play("e4").await;
    ida.wait_for("pawn to e4").await;
    ida.play("e5").await;
    hal.wait_for("pawn to e5").await;
    hal.send(b"R").await.expect("send");
    hal.wait_for("Resign this game? (y/n)").await;
    hal.send(b"y").await.expect("send");
    server.wait_log("table t4: Kept as game 4");
    let db = rusqlite::Connection::open(data.path().join("catboard.db")).expect("the database");
    // The ending is kept as codes: the reason, the winning seat and the
    // retirement that ended the game.
    type Kept = (String, String, Option<i64>, Option<String>, bool);
    let results: Vec<Kept> = db
        .prepare("SELECT result, termination, winner, retired, rated FROM games ORDER BY id")
        .expect("a query")
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("read");
    assert_eq!(
        (results[0].0.as_str(), results[0].1.as_str()),
        ("1/2-1/2", "agreement")
    );
    let aborted = ("*".to_string(), "aborted".to_string(), None, None, false);
    assert_eq!(results[1], aborted, "resigned before any move");
    assert_eq!(results[2], aborted, "resigned before Black's first move");
    assert_eq!(
        results[3],
        (
            "0-1".to_string(),
            "resignation".to_string(),
            Some(1),
            Some("resign:white".to_string()),
            true
        )
    );
    let rated: i64 = db
        .query_row("SELECT COUNT(*) FROM ratings", [], |r| r.get(0))
        .expect("ratings");
    assert_eq!(rated, 2, "only hal's and ida's ratings moved");
    drop((ann, bob, carol, ann2, bob2, fay, gus, hal, ida));
    server.stop();
}
