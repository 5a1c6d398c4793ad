//! Tests of review: stepping through the moves without undoing them, each
//! step said, the game going on meanwhile, one key back to it; and of
//! resigning and draws on the screen (asked first, answered by y/n).

use super::tests::{against, keys, notation, p, playing, thought, type_move};
use super::*;
use crate::action::{Action, ReviewStep};
use catboard::ai::Level;
use catboard::core::{EndReason, Game};

fn step(app: &mut App, step: ReviewStep) {
    update(app, Action::Review(step));
}

fn said(app: &App) -> String {
    app.message.clone().map(|m| m.text).unwrap_or_default()
}

#[test]
fn review_steps_through_the_moves_without_undoing_them() {
    let mut app = playing(None);
    for m in ["e4", "e5", "Nf3"] {
        type_move(&mut app, m);
    }
    let live = p(&app).table.game().position_text();
    step(&mut app, ReviewStep::Back);
    assert_eq!(app.context(), Context::Review);
    assert_eq!(said(&app), "Move 2 of 3: Black played e5.");
    let review = p(&app).review.clone().expect("reviewing");
    assert_eq!(review.ply, 2);
    assert_eq!(p(&app).shown_game().moves_played().len(), 2);
    assert_eq!(p(&app).table.game().position_text(), live, "nothing undone");
    assert_eq!(notation(&app), ["e4", "e5", "Nf3"]);
    step(&mut app, ReviewStep::First);
    assert_eq!(
        said(&app),
        "The start position, before the first of 3 moves."
    );
    step(&mut app, ReviewStep::Back);
    assert!(app.message.as_ref().is_some_and(|m| m.error));
    step(&mut app, ReviewStep::Forward);
    assert_eq!(said(&app), "Move 1 of 3: White played e4.");
    // A move cannot be entered while reviewing: it says how to go back.
    update(&mut app, Action::Select);
    assert!(said(&app).contains("Esc"), "{}", said(&app));
    // One key returns to the game.
    update(&mut app, Action::Cancel);
    assert!(p(&app).review.is_none());
    assert_eq!(app.context(), Context::Board);
    assert_eq!(p(&app).shown_game().position_text(), live);
}

#[test]
fn stepping_forward_to_the_last_move_returns_to_the_game() {
    let mut app = playing(None);
    type_move(&mut app, "d4");
    step(&mut app, ReviewStep::Back);
    assert_eq!(p(&app).review.as_ref().map(|r| r.ply), Some(0));
    step(&mut app, ReviewStep::Forward);
    assert!(p(&app).review.is_none());
    assert_eq!(said(&app), "Back to the game as it stands.");
}

#[test]
fn the_game_goes_on_while_a_person_reviews() {
    let mut app = against(Level::Club);
    type_move(&mut app, "e4");
    step(&mut app, ReviewStep::Back);
    let id = p(&app)
        .thinking
        .as_ref()
        .map(|t| t.id)
        .expect("Black thinks");
    let reply = thought(&app, "c5", 3);
    update(&mut app, Action::Reply { id, thought: reply });
    assert_eq!(notation(&app), ["e4", "c5"], "played meanwhile");
    assert_eq!(p(&app).review.as_ref().map(|r| r.ply), Some(0));
    step(&mut app, ReviewStep::Live);
    assert!(p(&app).review.is_none());
}

#[test]
fn resigning_asks_first_and_undo_takes_it_back() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    update(&mut app, Action::AskResign);
    assert_eq!(app.overlay, Some(Overlay::ConfirmResign));
    update(&mut app, Action::No);
    assert!(p(&app).table.outcome().is_none());
    keys(&mut app, &[Action::AskResign, Action::Yes]);
    let outcome = p(&app).table.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat(0)), EndReason::Resignation)
    );
    assert!(
        said(&app).contains("Black resigns; White wins"),
        "{}",
        said(&app)
    );
    update(&mut app, Action::Undo);
    assert!(p(&app).table.outcome().is_none());
    assert_eq!(notation(&app), ["e4"]);
}

#[test]
fn a_draw_offered_to_a_person_is_answered_yes_or_no() {
    let mut app = playing(None);
    update(&mut app, Action::OfferDraw);
    assert_eq!(app.overlay, Some(Overlay::DrawOffered(Seat(0))));
    update(&mut app, Action::No);
    assert!(p(&app).table.outcome().is_none());
    assert!(said(&app).contains("declines"));
    keys(&mut app, &[Action::OfferDraw, Action::Yes]);
    let outcome = p(&app).table.outcome().expect("drawn");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::Agreement)
    );
}

#[test]
fn review_can_open_at_the_last_move_and_step_back_from_there() {
    let mut app = playing(None);
    for m in ["e4", "e5", "Nf3"] {
        type_move(&mut app, m);
    }
    step(&mut app, ReviewStep::Last);
    assert_eq!(app.context(), Context::Review);
    assert_eq!(said(&app), "Move 3 of 3: White played Nf3.");
    step(&mut app, ReviewStep::Forward);
    assert!(
        app.message.as_ref().is_some_and(|m| m.error),
        "{}",
        said(&app)
    );
    step(&mut app, ReviewStep::Back);
    assert_eq!(said(&app), "Move 2 of 3: Black played e5.");
    step(&mut app, ReviewStep::Last);
    assert_eq!(said(&app), "Move 3 of 3: White played Nf3.");
    step(&mut app, ReviewStep::Live);
    assert!(p(&app).review.is_none());
}

#[test]
fn the_review_key_steps_back_each_time_it_is_pressed() {
    let mut app = playing(None);
    for m in ["e4", "e5", "Nf3"] {
        type_move(&mut app, m);
    }
    let press_v = |app: &mut App| {
        let action = crate::keymap::action_for(app.context(), crate::keymap::Key::Char('v'))
            .expect("v is bound");
        update(app, action);
    };
    press_v(&mut app);
    assert_eq!(said(&app), "Move 2 of 3: Black played e5.");
    press_v(&mut app);
    assert_eq!(said(&app), "Move 1 of 3: White played e4.");
    press_v(&mut app);
    assert_eq!(
        said(&app),
        "The start position, before the first of 3 moves."
    );
}
