//! Golden screens of the moves-at-a-glance view: a chess Knight, Chu's
//! Lion, BacCanCat's Cannon and Yeoman, a Cat and Polar's Queen, and the
//! screen reader view's words; and the view's behaviours at every size.

use super::reader::rows;
use super::*;
use crate::session::speech::Voice;
use catboard::core::PieceKind;

/// A game of `variant` between people, seen from its first seat, in `look`.
fn people(variant: Variant, look: LookChoice) -> App {
    let seats = variant.seats().len();
    table_game(variant, vec![Player::Human; seats], None, &[], 0, look)
}

/// The view opened with `e` on the piece on `cell`.
fn explained(variant: Variant, cell: &str, look: LookChoice) -> App {
    let mut app = people(variant, look);
    if let Screen::Playing(p) = &mut app.screen {
        p.cursor = p.table.game().geometry().cell(cell).unwrap_or_default();
    }
    act(&mut app, &[Action::Explain]);
    app
}

/// The view opened from the help and stepped to the game's `kind`.
fn from_help(variant: Variant, kind: PieceKind, look: LookChoice) -> App {
    let mut app = people(variant, look);
    act(&mut app, &[Action::Help, Action::Explain]);
    let index = |app: &App| match &app.overlay {
        Some(Overlay::Glance(v)) => v.kinds.get(v.index).copied(),
        _ => panic!("the view is not open: {:?}", app.overlay),
    };
    for _ in 0..20 {
        if index(&app) == Some(kind) {
            return app;
        }
        act(&mut app, &[Action::Cursor(Dir::Down)]);
    }
    panic!("{variant:?} has no {kind:?} in its view");
}

fn snapshot_glances(goldens: &mut Goldens) {
    check(
        goldens,
        "glance-chess-knight",
        &explained(Variant::Chess, "b1", classic()),
        80,
        24,
    );
    check(
        goldens,
        "glance-chu-lion",
        &from_help(Variant::Chu, PieceKind::Lion, classic()),
        120,
        40,
    );
    check(
        goldens,
        "glance-baccancat-cannon",
        &explained(Variant::BacCanCat, "ad", classic()),
        120,
        40,
    );
    check(
        goldens,
        "glance-cat",
        &explained(Variant::Cat, "a4", classic()),
        80,
        24,
    );
    check(
        goldens,
        "glance-polar-queen",
        &from_help(Variant::Polar, PieceKind::Queen, classic()),
        120,
        40,
    );
    let mono_ascii = look("mono", ColorDepth::TrueColor, GlyphSet::Ascii);
    check(
        goldens,
        "glance-baccancat-yeoman-ascii",
        &from_help(Variant::BacCanCat, PieceKind::Yeoman, mono_ascii),
        80,
        24,
    );
    let mut reader = explained(Variant::Chess, "e2", classic());
    reader.reader = true;
    reader.voice = Voice::SPOKEN;
    check(goldens, "glance-reader", &reader, 80, 24);
}

golden_tests!(pub(super) mod screens = [snapshot_glances]);

#[test]
fn e_shows_the_piece_under_the_cursor_and_the_arrows_step_through_the_pieces() {
    let app = explained(Variant::Chess, "g1", classic());
    let Some(Overlay::Glance(view)) = &app.overlay else {
        panic!("no view");
    };
    assert_eq!(view.kinds.get(view.index), Some(&PieceKind::Knight));
    // On an empty cell, the game's first piece.
    let app = explained(Variant::Chess, "e4", classic());
    let Some(Overlay::Glance(view)) = &app.overlay else {
        panic!("no view");
    };
    assert_eq!(view.index, 0);
    // Round the list both ways; Esc closes.
    let mut app = app;
    act(&mut app, &[Action::Cursor(Dir::Up)]);
    let Some(Overlay::Glance(view)) = &app.overlay else {
        panic!("no view");
    };
    assert_eq!(view.kinds.get(view.index), Some(&PieceKind::Pawn));
    act(&mut app, &[Action::Cancel]);
    assert!(app.overlay.is_none());
}

#[test]
fn every_variants_pieces_show_their_board_and_words_at_every_size() {
    for &variant in Variant::ALL {
        let mut app = from_help(variant, PieceKind::King, classic());
        let count = match &app.overlay {
            Some(Overlay::Glance(v)) => v.kinds.len(),
            _ => 0,
        };
        for _ in 0..count {
            for (width, height) in [(60, 20), (80, 24), (120, 40), (200, 60)] {
                let screen = rows(&app, width, height).join("\n");
                let Some(Overlay::Glance(v)) = &app.overlay else {
                    panic!("closed");
                };
                let kind = v.kinds[v.index];
                let what = format!("{variant:?} {kind:?} at {width}x{height}");
                assert!(screen.contains("How pieces move"), "{what}:\n{screen}");
                assert!(
                    screen.contains(&format!("How the {} moves", kind.name())),
                    "{what}: no words\n{screen}"
                );
                // The piece shown, between the picked marks, on a board
                // big enough for the view from 80x24.
                if width >= 80 {
                    assert!(
                        screen.contains('(') && screen.contains(')'),
                        "{what}:\n{screen}"
                    );
                }
                // Nothing is drawn outside the box but the key hints.
                let last = screen.lines().last().unwrap_or("");
                assert!(last.contains("another piece"), "{what}: {last}");
            }
            act(&mut app, &[Action::Cursor(Dir::Down)]);
        }
    }
}
