//! The mouse, turned into the session's actions by the screen that knows
//! where things are drawn: a click (press and release on one place) on a
//! board cell or a globe cell picks it, a drag with the button held turns
//! the sphere's globe in longitude, the wheel over the panel scrolls the
//! move list. The keyboard does all of this on its own; the mouse is a
//! second way, off with `--no-mouse`.

use super::board::cell_at;
use super::{Look, board_layout, playing_layout, sphere};
use crate::session::action::{Action, Mouse, MouseKind};
use crate::session::app::{App, Screen};
use catboard::core::Game;
use catboard::variants::Layout;
use ratatui::layout::Rect;

/// Degrees the globe turns per column dragged.
const DEGREES_PER_COLUMN: i16 = 4;

/// Lines the move list scrolls per turn of the wheel.
const WHEEL_LINES: i16 = 3;

/// What the mouse is doing between its reports: where the button went
/// down, and the column of the last drag report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pointer {
    pressed: Option<(u16, u16)>,
    dragged_to: Option<u16>,
}

impl Pointer {
    /// The action `mouse` means on `app`'s screen drawn in `area`, if any.
    pub fn action(&mut self, app: &App, look: &Look, area: Rect, mouse: Mouse) -> Option<Action> {
        let at = (mouse.column, mouse.row);
        match mouse.kind {
            MouseKind::Press => {
                *self = Pointer {
                    pressed: Some(at),
                    dragged_to: None,
                };
                None
            }
            MouseKind::Drag => {
                let from = self.dragged_to.or(self.pressed.map(|p| p.0))?;
                self.dragged_to = Some(mouse.column);
                let columns = i16::try_from(i32::from(mouse.column) - i32::from(from)).ok()?;
                let sphere = matches!(&app.screen, Screen::Playing(p)
                    if p.table.variant().layout() == Layout::Sphere);
                (sphere && columns != 0 && app.overlay.is_none())
                    .then(|| Action::Rotate(columns.saturating_mul(DEGREES_PER_COLUMN)))
            }
            MouseKind::Release => {
                let was = std::mem::take(self);
                // A click, not the end of a drag.
                (was.pressed == Some(at) && was.dragged_to.is_none())
                    .then(|| clicked_cell(app, look, area, at))
                    .flatten()
                    .map(Action::Click)
            }
            MouseKind::ScrollUp | MouseKind::ScrollDown => {
                let lines = if mouse.kind == MouseKind::ScrollUp {
                    WHEEL_LINES
                } else {
                    -WHEEL_LINES
                };
                over_panel(app, look, area, at).then_some(Action::ScrollMoves(lines))
            }
        }
    }
}

/// The cell drawn at `at` on the playing screen, with nothing open over it.
pub fn clicked_cell(
    app: &App,
    look: &Look,
    area: Rect,
    at: (u16, u16),
) -> Option<catboard::core::Cell> {
    let Screen::Playing(p) = &app.screen else {
        return None;
    };
    if app.overlay.is_some() {
        return None;
    }
    let (body, _, _) = playing_layout(app, look, p, area);
    if p.table.variant().layout() == Layout::Sphere {
        let parts = sphere::layout(p, body)?;
        let on_globe = parts.globe.as_ref().and_then(|g| g.cell_at(at.0, at.1));
        let geo = p.table.game().geometry();
        on_globe.or_else(|| {
            let list = parts.list.filter(|r| r.contains(at.into()))?;
            sphere::list::cell_at(geo, p.cursor, list, at)
        })
    } else {
        let (size, board, _) = board_layout(p, body)?;
        cell_at(p.table.game().geometry(), p.orientation, size, board, at)
    }
}

/// Whether `at` lies on the side panel of the playing screen.
fn over_panel(app: &App, look: &Look, area: Rect, at: (u16, u16)) -> bool {
    let Screen::Playing(p) = &app.screen else {
        return false;
    };
    let (body, _, _) = playing_layout(app, look, p, area);
    let panel = if p.table.variant().layout() == Layout::Sphere {
        sphere::layout(p, body).and_then(|l| l.panel)
    } else {
        board_layout(p, body).and_then(|(_, _, panel)| panel)
    };
    panel.is_some_and(|r| r.contains(at.into()))
}
