//! A series of BacCanCat games: "new game" after a finished game goes on
//! with the series, the totals carried and counted once, saved and resumed.

use super::tests::{keys, p};
use super::*;
use crate::action::Action;
use crate::describe;
use crate::last_unfinished;
use crate::save::SaveStore;
use crate::table::{Player, TableSpec};
use catboard::ai::Level;
use catboard::core::Options;
use catboard::variants::Variant;

/// Red's Gnu on ej goes to dh and joins King, Queen and Tank on one
/// 2 × 2 square: marriage, Red takes all 6 points (12 half points).
pub(super) const MARRIAGE: &str =
    "oB14gB/16/16/16/4oK6gK4/16/4rG11/16/2rT13/2rKrQ12/16/11bK4/16/16/16/15bB r - - - Q8 0 1";

/// The move that marries.
pub(super) const MARRYING_MOVE: &str = "ej-dh";

/// A BacCanCat game between four people from [`MARRIAGE`], saved to `save`.
pub(super) fn baccancat_app(save: Option<SaveStore>) -> App {
    let table = TableGame::new(&TableSpec {
        variant: Variant::BacCanCat,
        options: Options::new(),
        position: Some(MARRIAGE.to_string()),
        players: vec![Player::Human; 4],
        time: None,
    })
    .expect("valid position");
    let path = save.as_ref().map(SaveStore::fresh_path);
    App::new(
        Screen::Playing(Box::new(Playing::new(table, 0, path))),
        save,
        LookChoice::default(),
    )
}

fn said(app: &App) -> String {
    app.events
        .iter()
        .map(|e| e.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Plays the marriage, then asks for a new game and starts it from the
/// setup screen as it comes.
fn finish_and_start_next(app: &mut App) {
    update(app, Action::TypedMove(MARRYING_MOVE.into()));
    assert!(p(app).table.outcome().is_some(), "{}", said(app));
    keys(app, &[Action::NewGame, Action::Yes]);
    assert!(matches!(app.screen, Screen::Setup(_)));
    update(app, Action::Submit);
}

#[test]
fn a_new_game_after_a_finished_one_is_the_next_of_the_series() {
    let mut app = baccancat_app(None);
    assert!(p(&app).table.series().is_fresh());
    assert!(!p(&app).table.shows_series(), "nothing to show yet");
    update(&mut app, Action::TypedMove(MARRYING_MOVE.into()));
    // The panel counts the finished game, the series itself not yet.
    let table = &p(&app).table;
    assert!(table.shows_series());
    assert_eq!(table.series_with_this_game().totals(), &[12, 0, 0, 0]);
    assert!(table.series().is_fresh());
    assert_eq!(
        describe::new_game_question(table),
        "Start game 2 of the series? (y/n)"
    );
    keys(&mut app, &[Action::NewGame, Action::Yes, Action::Submit]);
    let table = &p(&app).table;
    assert_eq!(table.ply(), 0, "a new game");
    assert_eq!(table.series().games(), 1);
    assert_eq!(table.series().current_game(), 2);
    assert_eq!(table.series().totals(), &[12, 0, 0, 0]);
    assert!(
        said(&app).contains("Game 2 of the series. Totals: Red 6, Orange 0, Green 0, Blue 0."),
        "{}",
        said(&app)
    );
    // Restart (the line mode's new) after the second game: game 3.
    update(&mut app, Action::TypedMove(MARRYING_MOVE.into()));
    update(&mut app, Action::Restart);
    assert_eq!(p(&app).table.series().games(), 2);
    assert_eq!(p(&app).table.series().totals(), &[24, 0, 0, 0]);
    assert!(said(&app).contains("Game 3 of the series. Totals: Red 12,"));
}

#[test]
fn undoing_the_end_of_a_counted_game_and_ending_it_again_counts_it_once() {
    let mut app = baccancat_app(None);
    finish_and_start_next(&mut app);
    assert_eq!(p(&app).table.series().totals(), &[12, 0, 0, 0]);
    // Undo before the new game's first move: the finished game is back,
    // and with it the series as it stood before that game.
    update(&mut app, Action::Undo);
    assert_eq!(p(&app).table.ply(), 1);
    assert!(p(&app).table.series().is_fresh());
    // Undo its last move: the game is open again and adds nothing.
    update(&mut app, Action::Undo);
    assert!(p(&app).table.outcome().is_none());
    assert!(p(&app).table.series_with_this_game().is_fresh());
    // Finished again and the next game started: still one game counted.
    finish_and_start_next(&mut app);
    assert_eq!(p(&app).table.series().games(), 1);
    assert_eq!(p(&app).table.series().totals(), &[12, 0, 0, 0]);
}

#[test]
fn other_settings_begin_a_fresh_series_and_an_unfinished_game_adds_nothing() {
    let mut app = baccancat_app(None);
    finish_and_start_next(&mut app);
    // Left unfinished for a new game with the same settings: the series
    // goes on, this game counted nothing.
    update(&mut app, Action::TypedMove("ej-fg".into()));
    update(&mut app, Action::Restart);
    assert_eq!(p(&app).table.series().games(), 1);
    assert_eq!(p(&app).table.series().totals(), &[12, 0, 0, 0]);
    // A computer takes a seat on the setup screen: a fresh series.
    update(&mut app, Action::TypedMove(MARRYING_MOVE.into()));
    keys(&mut app, &[Action::NewGame, Action::Yes]);
    if let Screen::Setup(setup) = &mut app.screen {
        setup.players[1] = Player::Computer(Level::Casual);
    }
    update(&mut app, Action::Submit);
    assert!(p(&app).table.series().is_fresh());
    assert!(
        said(&app).contains("a fresh series begins"),
        "{}",
        said(&app)
    );
}

#[test]
fn a_variant_without_points_has_no_series() {
    let mut app = super::tests::playing(Some("7k/8/5K2/8/8/8/8/R7 w - - 0 1"));
    update(&mut app, Action::TypedMove("Kg6".into()));
    update(&mut app, Action::TypedMove("Kg8".into()));
    update(&mut app, Action::TypedMove("Ra8".into()));
    assert!(p(&app).table.outcome().is_some());
    assert!(!p(&app).table.shows_series());
    assert_eq!(
        describe::new_game_question(&p(&app).table),
        "Start a new game? (y/n)"
    );
    keys(&mut app, &[Action::NewGame, Action::Yes, Action::Submit]);
    assert!(p(&app).table.series().is_fresh());
    assert!(!said(&app).contains("series"), "{}", said(&app));
}

#[test]
fn the_series_is_saved_with_the_game_and_resumed() {
    let dir = std::env::temp_dir().join(format!(
        "catboard-series-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let store = SaveStore::new(dir.clone());
    let mut app = baccancat_app(Some(store.clone()));
    update(&mut app, Action::TypedMove(MARRYING_MOVE.into()));
    keys(&mut app, &[Action::NewGame, Action::Yes]);
    let effects = update(&mut app, Action::Submit);
    // The new game's first save already carries the series.
    let saved = effects
        .iter()
        .find_map(|e| match e {
            Effect::Save(_, saved) => Some(saved.clone()),
            _ => None,
        })
        .expect("the new game is saved");
    let series = saved.series.clone().expect("the series is saved");
    assert_eq!((series.games, series.totals), (1, vec![12, 0, 0, 0]));
    let effects = update(&mut app, Action::TypedMove("ej-fg".into()));
    for effect in effects {
        if let Effect::Save(path, saved) = effect {
            SaveStore::write(&path, &saved).expect("writes");
        }
    }
    let offer = last_unfinished(&store)
        .expect("readable")
        .offer
        .expect("the unfinished game 2");
    assert_eq!(offer.table.ply(), 1);
    assert_eq!(offer.table.series(), p(&app).table.series());
    // A series that does not fit the game is one sentence naming the file.
    let text = std::fs::read_to_string(&offer.path).expect("read");
    let bad = text.replace("\"totals\": [\n      12,", "\"totals\": [");
    assert_ne!(bad, text, "the totals were found in:\n{text}");
    std::fs::write(&offer.path, bad).expect("write");
    let found = last_unfinished(&store).expect("readable");
    let err = found.notice().expect("three totals for four armies");
    assert!(
        err.contains(&offer.path.display().to_string())
            && err.contains("the series has 3 totals but BacCanCat has 4 seats"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
