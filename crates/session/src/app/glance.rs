//! The moves-at-a-glance view: opened on the piece picked or under the
//! cursor (or, from the help and on an empty cell, on the game's first
//! piece), it steps through the game's pieces and shows how each moves.

use super::{App, Effect, GlanceView, Overlay, Screen};
use crate::action::{Action, Dir};
use catboard::core::{Game, PieceKind};
use catboard::variants::AnyGame;

/// The view of `game`'s piece `kind` among its `kinds`.
fn view_of(game: &AnyGame, kinds: Vec<PieceKind>, index: usize) -> GlanceView {
    let glance = kinds.get(index).and_then(|&kind| game.glance(kind));
    GlanceView {
        kinds,
        index,
        glance,
    }
}

/// Opens the view: on the piece picked for the move being entered, else
/// the one under the cursor, else (an empty cell, or `from_help`) the
/// game's first piece.
pub(super) fn open(app: &mut App, from_help: bool) {
    let Screen::Playing(p) = &app.screen else {
        return;
    };
    let game = p.shown_game();
    let kinds = game.piece_kinds();
    let cell = p.picks().first().copied().unwrap_or(p.cursor);
    let on_board = game.piece_at(cell).map(|piece| piece.kind());
    let index = on_board
        .filter(|_| !from_help)
        .and_then(|kind| kinds.iter().position(|k| *k == kind))
        .unwrap_or(0);
    app.overlay = Some(Overlay::Glance(Box::new(view_of(game, kinds, index))));
}

/// What a key does in the view: the arrows show the piece before or the
/// next (round the list), the rest close it.
pub(super) fn update(app: &mut App, view: GlanceView, action: Action) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    let n = view.kinds.len().max(1);
    let index = match action {
        Action::Cursor(Dir::Up | Dir::Left) => (view.index + n - 1) % n,
        Action::Cursor(Dir::Down | Dir::Right) => (view.index + 1) % n,
        _ => return Vec::new(),
    };
    let shown = view_of(p.shown_game(), view.kinds, index);
    app.overlay = Some(Overlay::Glance(Box::new(shown)));
    Vec::new()
}
