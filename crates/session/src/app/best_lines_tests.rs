//! Tests of the best-lines key: on the live position and on the one in
//! review, the search run here on the request the effect carries (as the
//! worker runs it), the lines shown as they come, Esc closing the box and
//! stopping a search still under way, a game over refused in a sentence.

use super::tests::{p, playing, type_move};
use super::*;
use crate::action::{Action, ReviewStep};
use crate::best_lines::{LINES, LinesRequest};
use crate::keymap::{Key, action_for};
use catboard::analysis::PlyBudget;
use std::sync::atomic::AtomicBool;

fn said(app: &App) -> String {
    app.message.clone().map(|m| m.text).unwrap_or_default()
}

fn request_of(effects: Vec<Effect>) -> LinesRequest {
    match effects.as_slice() {
        [Effect::FindLines(request)] => (**request).clone(),
        other => panic!("expected one search for lines, got {other:?}"),
    }
}

/// The box's lines, if it is open.
fn shown(app: &App) -> Option<&crate::best_lines::ShownLines> {
    match &app.overlay {
        Some(Overlay::Lines(shown)) => Some(shown),
        _ => None,
    }
}

/// Runs `request` as the worker does, feeding each report to `app`.
fn work(app: &mut App, request: &LinesRequest) {
    let mut reports = Vec::new();
    let lines = crate::best_lines::run(request, &AtomicBool::new(false), |lines| {
        reports.push(lines.to_vec())
    });
    for lines in reports {
        update(
            app,
            Action::LinesFound {
                id: request.id,
                lines,
                done: false,
            },
        );
        assert!(shown(app).is_some_and(|s| s.running));
    }
    update(
        app,
        Action::LinesFound {
            id: request.id,
            lines,
            done: true,
        },
    );
}

#[test]
fn b_shows_the_best_lines_of_the_live_position_and_says_the_best() {
    let mut app = playing(None);
    app.lines_budget = PlyBudget::Nodes(20_000);
    type_move(&mut app, "e4");
    let key = action_for(app.context(), Key::Char('b')).expect("b is bound");
    assert_eq!(key, Action::BestLines);
    let request = request_of(update(&mut app, key));
    assert_eq!(request.budget, PlyBudget::Nodes(20_000));
    assert_eq!(
        request.game.position_text(),
        p(&app).table.game().position_text()
    );
    assert_eq!(app.context(), Context::Lines);
    assert!(said(&app).starts_with("Looking for the best lines"));
    work(&mut app, &request);
    let box_ = shown(&app).expect("the box stays open");
    assert!(!box_.running);
    assert_eq!(box_.lines.len(), LINES);
    assert!(
        said(&app).starts_with("1. Black ") && said(&app).contains(" at depth "),
        "{}",
        said(&app)
    );
    // A key other than the closing ones leaves it open; Esc closes it,
    // with nothing to stop.
    assert!(update(&mut app, Action::Cursor(crate::action::Dir::Up)).is_empty());
    assert!(shown(&app).is_some());
    let esc = action_for(app.context(), Key::Esc).expect("Esc is bound");
    assert!(update(&mut app, esc).is_empty());
    assert!(app.overlay.is_none());
    assert_eq!(app.context(), Context::Board);
}

#[test]
fn in_review_the_lines_are_of_the_position_shown_and_esc_stops_the_search() {
    let mut app = playing(None);
    for m in ["e4", "e5", "Nf3"] {
        type_move(&mut app, m);
    }
    update(&mut app, Action::Review(ReviewStep::Back));
    update(&mut app, Action::Review(ReviewStep::Back));
    assert_eq!(
        action_for(app.context(), Key::Char('b')),
        Some(Action::BestLines)
    );
    let request = request_of(update(&mut app, Action::BestLines));
    assert_eq!(
        request.game.position_text(),
        p(&app).shown_game().position_text()
    );
    assert_ne!(
        request.game.position_text(),
        p(&app).table.game().position_text(),
        "the reviewed position, not the live one"
    );
    assert_eq!(shown(&app).map(|s| s.ply), Some(1));
    // Esc while the search runs stops it and closes the box; what the
    // stopped search sends after is dropped.
    assert_eq!(
        update(&mut app, Action::Cancel),
        [Effect::StopThinking(request.id)]
    );
    assert!(app.overlay.is_none());
    update(
        &mut app,
        Action::LinesFound {
            id: request.id,
            lines: Vec::new(),
            done: true,
        },
    );
    assert!(app.overlay.is_none());
    assert_eq!(app.context(), Context::Review, "back in review");
}

#[test]
fn a_game_over_has_no_lines_to_show() {
    let mut app = playing(None);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        type_move(&mut app, m);
    }
    assert!(update(&mut app, Action::BestLines).is_empty());
    assert!(
        said(&app).starts_with("The game is over (") && said(&app).ends_with("no lines to show."),
        "{}",
        said(&app)
    );
    assert!(app.overlay.is_none());
}
