//! Tests of the computer players at the table: searches started and
//! stopped with the game, replies played or ignored, hints, pauses.

use super::tests::{
    against, cell, keys, notation, p, playing, started, stopped, table_app, thought, type_move,
};
use super::*;
use crate::action::{Action, Dir};
use crate::computer::{HINT_LEVEL, Purpose, WATCH_PAUSE};
use crate::table::Player;
use catboard::ai::Level;
use catboard::variants::Variant;
use std::time::Duration;

#[test]
fn the_computers_reply_arrives_on_its_id_and_is_played() {
    let mut app = against(Level::Club);
    let effects = type_move(&mut app, "e4");
    let requests = started(&effects);
    assert_eq!(requests.len(), 1, "{effects:?}");
    let request = &requests[0];
    assert_eq!(
        request.game.position_text(),
        p(&app).table.game().position_text()
    );
    assert_eq!(request.limits.depth, Level::Club.limits().depth);
    assert_eq!(
        request.min_time,
        Duration::ZERO,
        "no pause after a person's move"
    );
    let id = request.id;
    let thinking = p(&app).thinking.clone().expect("thinking");
    assert_eq!((thinking.id, thinking.purpose), (id, Purpose::Move));
    // Keys still work while it thinks, but a move is refused.
    update(&mut app, Action::Cursor(Dir::Left));
    assert_eq!(p(&app).cursor, cell(&app, "d4"));
    type_move(&mut app, "d5");
    let m = app.message.clone().expect("refused");
    assert!(m.error && m.text.contains("computer"), "{m:?}");
    // Progress shows in the state, with the line in SAN.
    let progress = thought(&app, "e5", 3);
    update(
        &mut app,
        Action::Progress {
            id,
            thought: progress,
        },
    );
    let shown = p(&app)
        .thinking
        .clone()
        .and_then(|t| t.progress)
        .expect("progress");
    assert_eq!(
        (shown.depth, shown.line.clone()),
        (3, vec!["e5".to_string()])
    );
    // The reply is played and saved; nothing more thinks (a person is to move).
    let reply = thought(&app, "c5", 4);
    let effects = update(&mut app, Action::Reply { id, thought: reply });
    assert_eq!(notation(&app), ["e4", "c5"]);
    assert!(p(&app).thinking.is_none());
    assert!(effects.is_empty() || started(&effects).is_empty());
}

#[test]
fn a_stale_reply_after_undo_or_a_new_game_is_ignored() {
    let mut app = against(Level::Casual);
    let id = started(&type_move(&mut app, "e4"))[0].id;
    let late = thought(&app, "e5", 2);
    let effects = update(&mut app, Action::Undo);
    assert_eq!(stopped(&effects), [id], "undo raises the stop flag");
    assert_eq!(p(&app).table.ply(), 0);
    assert!(p(&app).thinking.is_none());
    update(&mut app, Action::Reply { id, thought: late });
    assert_eq!(p(&app).table.ply(), 0, "the stale reply is not played");
    // A new game stops the search too, and its reply goes nowhere.
    let id = started(&type_move(&mut app, "d4"))[0].id;
    let late = thought(&app, "d5", 2);
    let effects = keys(&mut app, &[Action::NewGame, Action::Yes]);
    assert_eq!(stopped(&effects), [id]);
    update(&mut app, Action::Reply { id, thought: late });
    assert!(matches!(app.screen, Screen::Setup(_)));
    // A reply whose move is not legal is ignored without harm.
    let mut app = against(Level::Casual);
    let id = started(&type_move(&mut app, "e4"))[0].id;
    let mut wrong = thought(&app, "e5", 2);
    wrong.best = Some(Move::default());
    let effects = update(&mut app, Action::Reply { id, thought: wrong });
    assert_eq!(notation(&app), ["e4"]);
    assert!(started(&effects).is_empty(), "no endless asking");
    assert!(p(&app).paused);
    assert!(app.message.as_ref().is_some_and(|m| m.error));
}

#[test]
fn undo_takes_back_the_computers_reply_with_your_move_and_redo_both() {
    let mut app = against(Level::Strong);
    let id = started(&type_move(&mut app, "e4"))[0].id;
    let reply = thought(&app, "e5", 4);
    update(&mut app, Action::Reply { id, thought: reply });
    type_move(&mut app, "Nf3");
    let id = p(&app).thinking.as_ref().expect("thinking").id;
    let reply = thought(&app, "Nc6", 4);
    update(&mut app, Action::Reply { id, thought: reply });
    assert_eq!(notation(&app), ["e4", "e5", "Nf3", "Nc6"]);
    let effects = update(&mut app, Action::Undo);
    assert_eq!(notation(&app), ["e4", "e5"], "two plies back");
    assert!(started(&effects).is_empty(), "White (a person) is to move");
    assert_eq!(effects.len(), 1, "saved once: {effects:?}");
    update(&mut app, Action::Redo);
    assert_eq!(notation(&app), ["e4", "e5", "Nf3", "Nc6"], "both come back");
    assert!(p(&app).thinking.is_none());
    // Undo while it thinks takes back only your move.
    let id = started(&type_move(&mut app, "Bb5"))[0].id;
    let effects = update(&mut app, Action::Undo);
    assert_eq!(stopped(&effects), [id]);
    assert_eq!(notation(&app).len(), 4);
}

#[test]
fn the_hint_names_and_marks_the_engines_move_for_you() {
    let mut app = playing(None);
    let effects = update(&mut app, Action::Hint);
    let request = started(&effects).pop().expect("a hint search");
    assert_eq!(request.limits.depth, HINT_LEVEL.limits().depth);
    let thinking = p(&app).thinking.clone().expect("thinking");
    assert_eq!(thinking.purpose, Purpose::Hint);
    let idea = thought(&app, "Nf3", 4);
    update(
        &mut app,
        Action::Reply {
            id: request.id,
            thought: idea,
        },
    );
    assert_eq!(p(&app).hint.map(|m| m.to), Some(cell(&app, "f3")));
    assert!(
        app.message
            .as_ref()
            .is_some_and(|m| m.text.starts_with("Hint: Nf3")),
        "{:?}",
        app.message
    );
    assert_eq!(p(&app).table.ply(), 0, "a hint is not played");
    // Playing a move forgets the hint.
    type_move(&mut app, "e4");
    assert_eq!(p(&app).hint, None);
    // No hint on the computer's turn.
    let mut app = against(Level::Club);
    type_move(&mut app, "e4");
    let effects = update(&mut app, Action::Hint);
    assert!(started(&effects).is_empty());
    assert!(app.message.as_ref().is_some_and(|m| m.error));
}

#[test]
fn computers_play_each_other_with_a_pause_and_can_be_paused() {
    let mut app = table_app(
        Variant::Chess,
        vec![
            Player::Computer(Level::Casual),
            Player::Computer(Level::Club),
        ],
    );
    let first = app.engage();
    let request = started(&first).pop().expect("White thinks at once");
    assert_eq!(request.min_time, Duration::ZERO);
    let reply = thought(&app, "d4", 2);
    let effects = update(
        &mut app,
        Action::Reply {
            id: request.id,
            thought: reply,
        },
    );
    let next = started(&effects).pop().expect("Black thinks next");
    assert_eq!(next.min_time, WATCH_PAUSE, "a pause to follow the game");
    assert_eq!(next.limits.depth, Level::Club.limits().depth);
    // Pausing stops the search; resuming starts it again.
    let effects = update(&mut app, Action::PauseComputer);
    assert_eq!(stopped(&effects), [next.id]);
    assert!(p(&app).paused && p(&app).thinking.is_none());
    let effects = update(&mut app, Action::PauseComputer);
    assert_eq!(started(&effects).len(), 1);
    // Undo with no person at the board: one move, and play pauses.
    let effects = update(&mut app, Action::Undo);
    assert_eq!(p(&app).table.ply(), 0);
    assert!(p(&app).paused);
    assert!(started(&effects).is_empty());
    // Quitting stops whatever thinks.
    update(&mut app, Action::PauseComputer);
    let id = p(&app).thinking.as_ref().expect("thinking").id;
    let effects = update(&mut app, Action::Quit);
    assert!(stopped(&effects).contains(&id));
}

#[test]
fn a_resumed_game_with_the_computer_to_move_makes_it_think() {
    let mut app = against(Level::Casual);
    let id = started(&type_move(&mut app, "e4"))[0].id;
    let saved = p(&app).table.saved();
    assert_eq!(saved.players, ["human", "casual"]);
    update(&mut app, Action::Quit);
    let table = TableGame::from_saved(&saved).expect("resumes");
    assert_eq!(
        table.player(catboard::core::Seat::BLACK),
        Player::Computer(Level::Casual)
    );
    let (app, effects) = crate::build_app(crate::SessionConfig {
        start: crate::Start::Play {
            table: Box::new(table),
            near_side: 0,
            path: Some(PathBuf::from("/saves/g.json")),
        },
        look: LookChoice::default(),
        saves: None,
        notice: None,
        think_ms: 300,
        speech: crate::SpeechChoice::default(),
    });
    let request = started(&effects).pop().expect("Black thinks on resuming");
    assert_ne!(request.id, 0);
    assert!(p(&app).thinking.is_some());
    let _ = id;
}
