//! Item 1 of issue 21 in the session layer, which the screen and the line
//! mode share: a game whose lock another catboard holds opens watched,
//! read-only (told "This game is open in another catboard (pid N)."),
//! writes nothing, follows the other's saves, and is this one's to play
//! once the other lets it go.

use super::tests::p;
use super::*;
use crate::action::Action;
use crate::save::SaveStore;
use crate::table::{Player, TableSpec};
use catboard::core::{Game, Options};
use catboard::durable::{Access, Lock};
use catboard::variants::Variant;

use catboard_testkit::Scratch;

fn chess_between_people() -> TableGame {
    TableGame::new(&TableSpec {
        variant: Variant::Chess,
        options: Options::new(),
        position: None,
        players: vec![Player::Human; 2],
        time: None,
    })
    .expect("the start")
}

fn said(app: &App) -> String {
    app.events
        .iter()
        .map(|e| e.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn saves(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(|e| matches!(e, Effect::Save(..)))
        .count()
}

#[test]
fn a_game_another_catboard_holds_is_watched_read_only_then_taken_over() {
    let scratch = Scratch::new("watching");
    let store = SaveStore::new(scratch.0.clone());
    let path = store.fresh_path();
    // The other catboard (a lock of its own, as another process has).
    let other = Lock::try_acquire(&path, Access::Usual).expect("free");
    let playing = Playing::new(chess_between_people(), 0, Some(path.clone()));
    let mut app = App::new(
        Screen::Playing(Box::new(playing)),
        Some(store),
        LookChoice::default(),
    );
    let effects = app.engage();
    assert!(
        effects.contains(&Effect::Watch(path.clone())),
        "{effects:?}"
    );
    let told = format!(
        "This game is open in another catboard (pid {}).",
        std::process::id()
    );
    assert!(said(&app).contains(&told), "{}", said(&app));
    // A move is refused, and nothing is written.
    let effects = update(&mut app, Action::TypedMove("e4".into()));
    assert_eq!(p(&app).table.ply(), 0);
    assert_eq!(saves(&effects), 0, "{effects:?}");
    assert!(said(&app).contains("cannot move here"), "{}", said(&app));
    assert_eq!(saves(&update(&mut app, Action::Quit)), 0);
    app.quit = false;
    // The other's save is followed and its move said.
    let mut theirs = chess_between_people();
    let e4 = theirs.game().parse_move("e4").expect("a legal move");
    theirs.play(e4);
    update(&mut app, Action::Watched(Box::new(theirs.saved())));
    assert_eq!(p(&app).table.ply(), 1);
    assert!(said(&app).contains("White pawn to e4"), "{}", said(&app));
    // The other lets it go: it is this one's, and a move is played and saved.
    drop(other);
    let effects = update(&mut app, Action::WatchedFree);
    assert!(effects.contains(&Effect::StopWatching), "{effects:?}");
    assert!(
        said(&app).contains("it is yours to play now"),
        "{}",
        said(&app)
    );
    let effects = update(&mut app, Action::TypedMove("e5".into()));
    assert_eq!(p(&app).table.ply(), 2, "{}", said(&app));
    assert_eq!(saves(&effects), 1, "{effects:?}");
}
