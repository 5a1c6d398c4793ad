//! Tests of the analysis key: offered once the game is over or in review,
//! run on a worker (here: by hand, on the request the effect carries),
//! stopped by Esc with what was done kept, gone on with by the key again.

use super::tests::{p, playing, type_move};
use super::*;
use crate::action::{Action, ReviewStep};
use crate::analysing::AnalysisRequest;
use crate::keymap::{Key, action_for};
use catboard::analysis::{Class, PlyBudget};
use std::sync::atomic::{AtomicBool, Ordering};

fn said(app: &App) -> String {
    app.message.clone().map(|m| m.text).unwrap_or_default()
}

fn request_of(effects: Vec<Effect>) -> AnalysisRequest {
    match effects.as_slice() {
        [Effect::Analyse(request)] => (**request).clone(),
        other => panic!("expected one analysis, got {other:?}"),
    }
}

/// Runs `request` as the worker does, raising the stop flag once `stop_at`
/// positions are done; what the worker would send back.
fn work(request: AnalysisRequest, stop_at: usize) -> Action {
    let id = request.id;
    let stop = AtomicBool::new(false);
    let (analysis, failure) = crate::analysing::run(request, &stop, |progress| {
        if progress.done >= stop_at {
            stop.store(true, Ordering::Relaxed);
        }
    });
    Action::Analysed {
        id,
        analysis: Box::new(analysis),
        failure,
    }
}

fn scholars_mate() -> App {
    let mut app = playing(None);
    app.analysis_budget = PlyBudget::Nodes(20_000);
    for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
        type_move(&mut app, m);
    }
    assert!(p(&app).table.outcome().is_some());
    app
}

#[test]
fn a_live_game_is_not_analysed_but_one_in_review_is() {
    let mut app = playing(None);
    assert!(update(&mut app, Action::Analyse).is_empty());
    assert_eq!(
        said(&app),
        "No move has been played yet: there is nothing to analyse."
    );
    type_move(&mut app, "e4");
    assert!(update(&mut app, Action::Analyse).is_empty());
    assert!(said(&app).starts_with("A game is analysed once it is over"));
    update(&mut app, Action::Review(ReviewStep::Back));
    assert_eq!(
        action_for(app.context(), Key::Char('a')),
        Some(Action::Analyse)
    );
    let request = request_of(update(&mut app, Action::Analyse));
    assert_eq!(request.moves.len(), 1, "the whole game, not the ply shown");
    assert_eq!(app.context(), Context::Analysing);
}

#[test]
fn esc_stops_the_analysis_keeping_what_was_done_and_a_goes_on() {
    let mut app = scholars_mate();
    assert_eq!(
        action_for(app.context(), Key::Char('a')),
        Some(Action::Analyse)
    );
    let request = request_of(update(&mut app, Action::Analyse));
    assert_eq!(
        said(&app),
        "Analysing 8 positions at 20000 nodes a position; Esc stops it, keeping what is done."
    );
    assert_eq!(app.context(), Context::Analysing);
    // Esc in the analysing context stops it (not the review's "back to
    // the game"); the stop flag is the pass's.
    let esc = action_for(app.context(), Key::Esc).expect("Esc is bound");
    assert_eq!(esc, Action::StopAnalysis);
    assert_eq!(update(&mut app, esc), [Effect::StopThinking(request.id)]);
    // A report of another pass changes nothing.
    let stale = match work(request.clone(), 1) {
        Action::Analysed { analysis, .. } => Action::Analysed {
            id: request.id + 100,
            analysis,
            failure: None,
        },
        other => panic!("{other:?}"),
    };
    update(&mut app, stale);
    assert_eq!(p(&app).analysing(), Some(request.id));
    update(&mut app, work(request, 3));
    assert_eq!(p(&app).analysing(), None);
    assert_eq!(app.context(), Context::Board);
    assert_eq!(
        said(&app),
        "The analysis stopped after 3 of 8 positions; press a to go on from there."
    );
    let kept = p(&app)
        .shown_analysis()
        .expect("kept")
        .analysis
        .positions
        .len();
    assert_eq!(kept, 3);
    let again = request_of(update(&mut app, Action::Analyse));
    assert_eq!(again.analysis.positions.len(), 3, "goes on from there");
    assert!(said(&app).starts_with("Going on with the analysis: 5 positions"));
    update(&mut app, work(again, usize::MAX));
    assert!(said(&app).starts_with("White: accuracy "), "{}", said(&app));
    let classes = p(&app).shown_analysis().expect("done").classes();
    assert_eq!(classes[5], Some(Class::Blunder), "{classes:?}");
    // Done: the key says the summary again and starts nothing.
    assert!(update(&mut app, Action::Analyse).is_empty());
    assert!(said(&app).starts_with("White: accuracy "));
}

#[test]
fn quitting_stops_the_analysis() {
    let mut app = scholars_mate();
    let request = request_of(update(&mut app, Action::Analyse));
    let effects = update(&mut app, Action::Quit);
    assert!(
        effects.contains(&Effect::StopThinking(request.id)),
        "{effects:?}"
    );
}
