//! Goldens of the puzzle screen: a puzzle solved and the next failed
//! (the solution shown), at 80×24 without colour, and the move prompt
//! open at 120×40.

use super::look;
use crate::golden::{Goldens, golden_tests};
use crate::session::action::Action;
use crate::session::look::{ColorDepth, GlyphSet};
use crate::session::puzzles::{PuzzleApp, PuzzleRatings};
use crate::session::speech::Voice;
use crate::ui::view::{Look, puzzle};
use catboard::variants::Variant;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The two chess puzzles of the line mode's transcript.
fn app() -> PuzzleApp {
    PuzzleApp::new(
        Variant::Chess,
        crate::line::puzzles::tests::two(),
        PuzzleRatings::default(),
        Voice::SCREEN,
    )
    .expect("an app")
}

/// Compares the drawing of `app` at `width` × `height` without colour.
fn check(goldens: &mut Goldens, name: &str, app: &PuzzleApp, width: u16, height: u16) {
    let (look, _) = Look::of(
        &look("classic", ColorDepth::NoColor, GlyphSet::Unicode),
        None,
    );
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| puzzle::draw(app, &look, f))
        .expect("drawn");
    goldens.check(name, &format!("{:?}\n", terminal.backend().buffer()));
}

/// Types `text` at the move prompt and enters it.
fn enter(app: &mut PuzzleApp, text: &str) {
    app.update(&Action::OpenPrompt);
    for c in text.chars() {
        app.update(&Action::TypeChar(c));
    }
    app.update(&Action::Submit);
}

fn snapshot_puzzle_solved_and_failed(goldens: &mut Goldens) {
    let mut app = app();
    enter(&mut app, "Qxf7#");
    assert_eq!(app.attempt.result(), Some(true));
    check(goldens, "puzzle-solved", &app, 80, 24);
    app.update(&Action::PuzzleNext);
    app.update(&Action::PuzzleHint);
    app.update(&Action::OpenPrompt);
    for c in "Rd1".chars() {
        app.update(&Action::TypeChar(c));
    }
    check(goldens, "puzzle-prompt", &app, 120, 40);
    app.update(&Action::Submit);
    assert_eq!(app.attempt.result(), Some(false));
    check(goldens, "puzzle-failed", &app, 80, 24);
}

golden_tests!(pub(super) mod screens = [snapshot_puzzle_solved_and_failed]);
