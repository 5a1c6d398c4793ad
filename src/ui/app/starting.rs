//! The setup screen's actions: rows changed, a saved game resumed, the game begun.

use super::{Action, App, Dir, Effect, FieldPurpose, Overlay, Playing, Screen};
use crate::ui::keymap::Context;
use crate::ui::setup_form::SetupRow;
use crate::ui::table::{TableGame, TableSpec};

pub(super) fn update_setup(app: &mut App, action: Action) -> Vec<Effect> {
    let Screen::Setup(setup) = &mut app.screen else {
        return Vec::new();
    };
    match action {
        Action::Cursor(Dir::Up) => setup.move_row(-1),
        Action::Cursor(Dir::Down) => setup.move_row(1),
        Action::Cursor(Dir::Left) => setup.change(-1),
        Action::Cursor(Dir::Right) => setup.change(1),
        Action::Help => {
            app.overlay = Some(Overlay::Help {
                from: Context::Setup,
            })
        }
        Action::Submit if setup.current() != SetupRow::Resume => return begin(app),
        Action::Select | Action::Submit => match setup.current() {
            SetupRow::Begin => return begin(app),
            SetupRow::Resume => {
                if let Some(offer) = setup.resume.take() {
                    let near = offer.table.first_human_seat();
                    let note = format!("Resumed the game saved in {}.", offer.path.display());
                    app.screen = Screen::Playing(Box::new(Playing::new(
                        *offer.table,
                        near,
                        Some(offer.path),
                    )));
                    app.inform(note);
                }
            }
            SetupRow::Position => {
                app.overlay = Some(Overlay::Field {
                    purpose: FieldPurpose::Position,
                    text: setup.position.clone(),
                })
            }
            _ => setup.change(1),
        },
        _ => {}
    }
    Vec::new()
}

/// Starts the game the setup screen describes, or says why it cannot.
fn begin(app: &mut App) -> Vec<Effect> {
    let Screen::Setup(setup) = &app.screen else {
        return Vec::new();
    };
    let (spec, near, think_ms) = (setup.spec(), setup.near_side, setup.think_ms);
    let previous = app.previous_game.clone();
    let effects = open_game(app, &spec, near, previous);
    if matches!(app.screen, Screen::Playing(_)) {
        app.think_ms = think_ms;
        app.previous_game = None;
    }
    effects
}

/// Opens a new game as `spec` says, seen from `near`, saved in a fresh
/// file, with `previous` as the game undo before its first move brings
/// back; a spec that cannot start is said as an error and nothing changes.
pub(super) fn open_game(
    app: &mut App,
    spec: &TableSpec,
    near: usize,
    previous: Option<Box<Playing>>,
) -> Vec<Effect> {
    match TableGame::new(spec) {
        Ok(table) => {
            let path = app.saves.as_ref().map(|s| s.fresh_path());
            let mut playing = Playing::new(table, near, path);
            playing.previous = previous;
            let effects = playing.save();
            app.screen = Screen::Playing(Box::new(playing));
            effects
        }
        Err(e) => {
            app.error(e);
            Vec::new()
        }
    }
}
