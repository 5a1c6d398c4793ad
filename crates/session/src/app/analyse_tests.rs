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

/// The save the analysis's end wrote.
fn saved_of(effects: &[Effect]) -> crate::save::SavedGame {
    match effects {
        [Effect::Save(_, saved)] => (**saved).clone(),
        other => panic!("expected one save, got {other:?}"),
    }
}

/// The game of `saved` read back, as a resumed or reopened game is.
fn reopened(saved: &crate::save::SavedGame) -> App {
    let table = TableGame::from_saved(saved).expect("reads back");
    let playing = Playing::new(table, 0, Some(std::path::PathBuf::from("/saves/g.json")));
    App::new(
        Screen::Playing(Box::new(playing)),
        None,
        LookChoice::default(),
    )
}

#[test]
fn the_analysis_is_saved_with_the_game_and_a_game_read_back_is_analysed_once() {
    let mut app = scholars_mate();
    let request = request_of(update(&mut app, Action::Analyse));
    let partial = saved_of(&update(&mut app, work(request, 3)));
    let kept = partial.analysis.as_ref().expect("kept in the save");
    assert_eq!(kept.positions.len(), 3);
    // Read back, it goes on from there.
    let mut back = reopened(&partial);
    let again = request_of(update(&mut back, Action::Analyse));
    assert_eq!(again.analysis.positions.len(), 3);
    let whole = saved_of(&update(&mut back, work(again, usize::MAX)));
    assert_eq!(whole.analysis.as_ref().map(|a| a.positions.len()), Some(8));
    // Read back whole, nothing is analysed again.
    let mut done = reopened(&whole);
    assert!(update(&mut done, Action::Analyse).is_empty());
    assert!(
        said(&done).starts_with("White: accuracy "),
        "{}",
        said(&done)
    );
    // A record that does not fit the game is set aside, said, and the
    // game analysed afresh.
    let mut bad = whole.clone();
    if let Some(record) = bad.analysis.as_mut() {
        record.positions[1].line = vec!["nonsense".into()];
    }
    let mut afresh = reopened(&bad);
    let request = request_of(update(&mut afresh, Action::Analyse));
    assert!(request.analysis.positions.is_empty());
    // Taking a move back takes its position's analysis with it.
    let mut table = TableGame::from_saved(&whole).expect("reads back");
    assert!(table.undo());
    assert_eq!(table.saved().analysis.map(|a| a.positions.len()), Some(7));
}

/// A failure ends the analysis with its own sentence, an error, before
/// what was done: the search's (the engine's words) and a refusal to
/// start it (the server's words), each said as its type says it.
#[test]
fn a_failure_is_said_as_its_type_says_it_before_what_was_done() {
    use crate::analysing::AnalysisFailure;
    use catboard::protocol::engine::{EngineError, Fault};
    let died = AnalysisFailure::Search(EngineError {
        fault: Fault::Died,
        sentence: "The analyst stopped running.".into(),
    });
    let refused = AnalysisFailure::Refused("Two analyses run here already; try again soon.".into());
    for (failure, sentence) in [
        (died, "The analyst stopped running."),
        (refused, "Two analyses run here already; try again soon."),
    ] {
        let mut app = scholars_mate();
        let request = request_of(update(&mut app, Action::Analyse));
        let Action::Analysed { id, analysis, .. } = work(request, 2) else {
            panic!("an analysis");
        };
        update(
            &mut app,
            Action::Analysed {
                id,
                analysis,
                failure: Some(failure),
            },
        );
        assert_eq!(
            said(&app),
            format!(
                "{sentence} The analysis stopped after 2 of 8 positions; press a to go on from there."
            )
        );
        assert!(app.message.as_ref().is_some_and(|m| m.error), "an error");
        assert_eq!(app.context(), Context::Board);
    }
}
