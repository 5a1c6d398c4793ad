//! Puzzles over SSH, on the screen and in lines: an account solves one
//! and fails the next, its puzzle rating and streak move and are kept
//! by the store (and the puzzles' own ratings), the lobby's page shows
//! them; a guest solves too, and nothing of it is kept.

use super::*;
use crate::serve::hub::tests::HubScratch;
use crate::serve::identity::Login;
use crate::serve::limits::Limits;
use crate::serve::store::Store;
use crate::session::puzzles::PuzzleApp;
use catboard::core::{Game, Move};
use catboard_testkit::Scratch;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A hub, and Alice logged in with her key (or a guest).
fn hub(dir: &Scratch, guest: bool) -> (Arc<Shared>, Who, Arc<dyn Store>) {
    let (shared, store) = dir.shared(Limits::default());
    let who = shared
        .who(&Login {
            user: if guest { String::new() } else { "alice".into() },
            key: (!guest).then(|| "key:A".to_string()),
            address: std::net::IpAddr::from([10, 0, 0, 1]),
        })
        .expect("logged in");
    assert_eq!(who.guest, guest);
    (shared, who, store)
}

fn puzzles(conn: &Connection) -> &PuzzleApp {
    match &conn.place {
        Place::Puzzles(app, _) => app,
        _ => panic!("not at the puzzles"),
    }
}

/// The solver's next move, as the move prompt takes it.
fn right_move(app: &PuzzleApp) -> String {
    let mv = app.attempt.rest()[0];
    app.game().move_text(mv)
}

/// A legal move of the solver's that is not the solution's and does not
/// win at once: a wrong one.
fn wrong_move(app: &PuzzleApp) -> String {
    let game = app.game();
    let right = app.attempt.rest()[0];
    let wrong: Vec<Move> = game
        .legal_move_list()
        .iter()
        .copied()
        .filter(|&mv| {
            let mut after = game.clone();
            after.make_move(mv);
            mv != right && after.outcome().is_none()
        })
        .collect();
    game.move_text(*wrong.first().expect("a wrong move"))
}

#[test]
fn a_player_solves_and_fails_puzzles_on_the_screen_and_the_rating_is_kept() {
    let rt = runtime();
    let dir = Scratch::new("puzzles-screen");
    let (shared, alice, store) = hub(&dir, false);
    let mut conn = Connection::new(shared.clone(), 1, alice, Arc::new(Mailbox::new()));
    let area = Rect::new(0, 0, 80, 24);
    let press = |conn: &mut Connection, key: Key| {
        rt.block_on(conn.input(Incoming::Key(key), area));
        conn.fit_lobby(area);
    };
    let typed = |conn: &mut Connection, text: &str| {
        press(conn, Key::Char(':'));
        for c in text.chars() {
            press(conn, Key::Char(c));
        }
        press(conn, Key::Enter);
    };
    press(&mut conn, Key::Char('z'));
    assert_eq!(conn.lists.puzzles, Some(Vec::new()), "read: none tried");
    press(&mut conn, Key::Enter);
    assert_eq!(puzzles(&conn).variant, Variant::Chess);
    assert!(
        puzzles(&conn).kept_outside,
        "an account's are kept by the store"
    );
    // Solved: every move of the solution found in turn.
    let first = puzzles(&conn).attempt.puzzle.id.clone();
    while puzzles(&conn).attempt.result().is_none() {
        let mv = right_move(puzzles(&conn));
        typed(&mut conn, &mv);
    }
    let app = puzzles(&conn);
    assert_eq!(app.attempt.result(), Some(true));
    assert!(
        app.said
            .iter()
            .any(|s| s.starts_with("Solved! Your rating")),
        "{:?}",
        app.said
    );
    let solved = app.standing();
    assert_eq!((solved.streak, solved.best), (1, 1));
    assert!(solved.rating.rating > 1500.0);
    assert_eq!(
        store.puzzle_standings("key:A"),
        Ok(vec![("chess".to_string(), solved)])
    );
    // Failed: a wrong move, the next puzzle.
    press(&mut conn, Key::Char('n'));
    assert_ne!(puzzles(&conn).attempt.puzzle.id, first, "another puzzle");
    let wrong = wrong_move(puzzles(&conn));
    typed(&mut conn, &wrong);
    let app = puzzles(&conn);
    assert_eq!(app.attempt.result(), Some(false));
    let failed = app.standing();
    assert_eq!((failed.streak, failed.best), (0, 1));
    assert!(failed.rating.rating < solved.rating.rating);
    let kept = store.puzzle_standings("key:A").expect("read");
    assert_eq!(kept, vec![("chess".to_string(), failed)]);
    // Both puzzles' own ratings moved: the solved one down, the failed up.
    let ratings = store.puzzle_ratings("chess").expect("read");
    assert_eq!(ratings.len(), 2, "{ratings:?}");
    for (id, r) in &ratings {
        assert_eq!(id == &first, r.rating < 1500.0, "{id}: {r:?}");
    }
    // The hub sets them with the ratings kept: a new session sees them.
    let set = shared.puzzle_set(Variant::Chess).expect("the set");
    let moved = set.iter().find(|p| p.id == first).expect("in the set");
    assert!(moved.rating.rating < 1500.0);
    // q goes back to the lobby's page of puzzles, read anew.
    press(&mut conn, Key::Char('q'));
    assert!(matches!(&conn.place, Place::Lobby(l) if l.page() == Page::Puzzles));
    assert_eq!(conn.lists.puzzles, Some(kept));
}

#[test]
fn puzzles_are_solved_and_failed_in_lines_and_a_guests_are_not_kept() {
    let rt = runtime();
    let dir = Scratch::new("puzzles-lines");
    let (shared, alice, store) = hub(&dir, false);
    let said = |conn: &mut Connection, line: &str| -> String {
        rt.block_on(conn.line_typed(lines::Typing::Line(line.to_string())));
        let out = conn.line.as_mut().expect("in lines").take();
        String::from_utf8(out).expect("text")
    };
    let mut conn = Connection::new(shared.clone(), 2, alice, Arc::new(Mailbox::new()));
    conn.line = Some(lines::LineIo::new(false));
    let before = said(&mut conn, "puzzles");
    assert!(
        before.contains("Chess: puzzle rating 1500?, streak 0, best 0."),
        "{before}"
    );
    assert!(
        said(&mut conn, "puzzles checkers").starts_with("There is no variant 'checkers'"),
        "a variant not known is named"
    );
    let intro = said(&mut conn, "puzzles polar");
    assert!(
        intro.contains("Polar chess") || intro.contains("to move"),
        "{intro}"
    );
    assert!(intro.contains("quit goes back to the lobby"), "{intro}");
    // Solved in words.
    let mut out = String::new();
    while puzzles(&conn).attempt.result().is_none() {
        let mv = right_move(puzzles(&conn));
        out.push_str(&said(&mut conn, &mv));
    }
    assert!(out.contains("Solved! Your rating"), "{out}");
    assert!(said(&mut conn, "hint").is_empty(), "no hint once solved");
    // The next, failed with a wrong move: the solution is said.
    let next = said(&mut conn, "next");
    assert!(next.contains("to move: find the move that wins."), "{next}");
    let wrong = wrong_move(puzzles(&conn));
    let failed = said(&mut conn, &wrong);
    assert!(failed.contains("Wrong: the solution was"), "{failed}");
    assert!(failed.contains("Failed. Your rating"), "{failed}");
    let board = said(&mut conn, "board");
    assert!(
        board.lines().count() > 3 && !board.contains("no legal move"),
        "the board in words: {board}"
    );
    let back = said(&mut conn, "quit");
    assert!(back.starts_with("Back in the lobby"), "{back}");
    assert!(matches!(conn.place, Place::Lobby(_)));
    let kept = store.puzzle_standings("key:A").expect("read");
    assert_eq!(kept.len(), 1);
    let (variant, standing) = &kept[0];
    assert_eq!(
        (variant.as_str(), standing.streak, standing.best),
        ("polar", 0, 1)
    );
    let after = said(&mut conn, "puzzles");
    assert!(after.contains("Polar chess: puzzle rating "), "{after}");
    assert!(after.contains(", streak 0, best 1."), "{after}");

    // A guest solves and fails too; nothing of it is kept.
    let (_, guest, _) = hub(&Scratch::new("puzzles-guest"), true);
    let mut conn = Connection::new(shared, 3, guest, Arc::new(Mailbox::new()));
    conn.line = Some(lines::LineIo::new(false));
    let intro = said(&mut conn, "puzzles chess");
    assert!(
        intro.contains("A guest's puzzle rating lasts the connection"),
        "{intro}"
    );
    assert!(!puzzles(&conn).kept_outside);
    let wrong = wrong_move(puzzles(&conn));
    let failed = said(&mut conn, &wrong);
    assert!(failed.contains("Failed. Your rating"), "{failed}");
    assert_eq!(puzzles(&conn).standing().best, 0);
    assert_eq!(store.puzzle_standings("key:A").expect("read").len(), 1);
    let guest_id = conn.who.identity.clone();
    assert_eq!(store.puzzle_standings(&guest_id), Ok(Vec::new()));
}
