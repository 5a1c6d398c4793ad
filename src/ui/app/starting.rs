//! The setup screen's actions: rows changed, a saved game resumed, the game begun.

use super::{Action, App, Dir, Effect, FieldPurpose, Overlay, Playing, Screen};
use crate::ui::keymap::Context;
use crate::ui::setup_form::SetupRow;
use crate::ui::table::TableGame;

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
    let near = setup.near_side;
    let think_ms = setup.think_ms;
    match TableGame::new(&setup.spec()) {
        Ok(table) => {
            app.think_ms = think_ms;
            let path = app.saves.as_ref().map(|s| s.fresh_path());
            let mut playing = Playing::new(table, near, path);
            playing.previous = app.previous_game.take();
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
