//! The lobby's quick game pairs two people waiting for the same game; a
//! finished game is played again, the colours swapped, when both ask; and
//! a finished game opens from "My games" to look through, read-only.

use crate::hardening::client::{Player, Server, TempDir, fools_mate, new_key};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_game_pairs_two_waiting_players_at_a_timed_table() {
    let data = TempDir::new("quick");
    let mut server = Server::start(data.path(), &[]);
    let mut ann = Player::with_key(server.port, "ann", &new_key()).await;
    ann.wait_for("Welcome, ann").await;
    ann.send(b"p").await.expect("send");
    ann.wait_for("Variant  ‹ Chess ›").await;
    ann.wait_for("Clock    ‹ 5+3 ›").await;
    ann.send(b"\r").await.expect("send");
    ann.wait_for("Waiting for a game of Chess at 5+3").await;
    let mut bob = Player::with_key(server.port, "bob", &new_key()).await;
    bob.wait_for("Welcome, bob").await;
    bob.send(b"p\r").await.expect("send");
    for player in [&mut ann, &mut bob] {
        player.wait_for("at table quick-1.").await;
        player.wait_for("Clock 5:00").await;
    }
    let white = if ann.contents().contains("You play White") {
        &mut ann
    } else {
        &mut bob
    };
    white.play("e4").await;
    server.wait_log("table quick-1: connection");
    server.wait_log("a quick game of Chess at 5+3, ann against bob");
    drop((ann, bob));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_swaps_the_colours_and_a_finished_game_opens_for_review() {
    let data = TempDir::new("rematch");
    let mut server = Server::start(data.path(), &[]);
    let ann_key = new_key();
    let (mut ann, mut bob) = Player::two_at_t1(server.port, "ann+t1+5+0", &ann_key).await;
    // n before the end: a shared table plays one game.
    ann.send(b"n").await.expect("send");
    ann.wait_for("a rematch can be asked for once it is over")
        .await;
    fools_mate(&mut ann, &mut bob).await;
    ann.send(b"n").await.expect("send");
    ann.wait_for("You asked for a rematch").await;
    bob.wait_for("ann asks for a rematch").await;
    bob.send(b"n").await.expect("send");
    // The panels name the seats' players: bob has White now.
    ann.wait_for("White  bob").await;
    bob.wait_for("White  bob").await;
    server.wait_log("table t1-2: the rematch of table t1");
    bob.play("d4").await;
    ann.wait_for("pawn to d4").await;

    // Back in the lobby, ann's games: the first opens to look through.
    ann.send(b"q").await.expect("send");
    ann.wait_for("Welcome, ann").await;
    ann.send(b"m").await.expect("send");
    ann.wait_for("#1").await;
    ann.send(b"\r").await.expect("send");
    ann.wait_for("Game 1: ann · bob, 0-1").await;
    ann.wait_for("The start position, before the first of 4 moves.")
        .await;
    ann.send(b"\x1b[C").await.expect("send");
    ann.wait_for("Move 1 of 4: White played").await;
    ann.send(b"\x1b").await.expect("send");
    ann.wait_for("Back to the game as it stands.").await;
    ann.send(b"u").await.expect("send");
    ann.wait_for("to look through only").await;
    ann.send(b"q").await.expect("send");
    ann.wait_for("My games").await;
    drop((ann, bob));
    server.stop();
}

/// The screen reader view over SSH: asked for by the login name
/// `name+reader` or by `S` in the lobby, a table is drawn still with the
/// terminal's cursor shown on the sentence rows at the bottom, where a
/// screen reader reads; the ordinary screen hides the cursor.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_screen_reader_view_by_login_name_or_lobby_key() {
    let data = TempDir::new("reader");
    let server = Server::start(data.path(), &[]);
    let mut bob = Player::with_key(server.port, "bob+t1", &new_key()).await;
    bob.wait_for("at table t1.").await;
    assert!(
        bob.screen.screen().hide_cursor(),
        "the ordinary screen hides the terminal's cursor"
    );

    // `S` in the lobby turns the view on, and says so.
    let mut cat = Player::with_key(server.port, "cat", &new_key()).await;
    cat.wait_for("Welcome, cat").await;
    cat.send(b"S").await.expect("send");
    cat.wait_for("The screen reader view is on").await;
    cat.send(b"S").await.expect("send");
    cat.wait_for("The screen reader view is off.").await;

    let mut ann = Player::with_key(server.port, "ann+reader", &new_key()).await;
    ann.wait_for("White: bob, Black: free").await;
    // Enter joins the table highlighted: t1, the only one.
    ann.send(b"\r").await.expect("send");
    ann.wait_for("at table t1.").await;
    let shown = ann.read_until(|p| !p.screen.screen().hide_cursor()).await;
    assert!(shown, "the reader view shows the terminal's cursor");
    let screen = ann.screen.screen();
    let (rows, cols) = screen.size();
    let (rows, cols) = (u16::from(rows), u16::from(cols));
    let (row, _) = screen.cursor_position();
    assert!(
        row + 2 >= rows,
        "the cursor stands on the sentence rows at the bottom, not row {row} of {rows}"
    );
    let sentence: String = screen.rows(0, cols).skip(usize::from(row)).collect();
    assert!(
        sentence.contains("at table t1."),
        "the sentence under the cursor is what was said last: {sentence:?}"
    );
    drop((ann, bob, cat));
    server.stop();
}
