//! The sphere's screen: the globe ([`globe`]) as large as the room allows
//! on the left, the game panel (players, status, move list) on the right,
//! and the cursor's cell and its numbered neighbours in words under the
//! globe, or atop the panel where the globe leaves no rows. Where the
//! discs beside the panel would be small to read (a wide screen of few
//! rows, 120 × 40), the globe takes the whole width and the panel and the
//! cell's words share the rows under it.

pub mod globe;
pub mod map;
#[cfg(test)]
mod props;

use super::board::BoardMarks;
use super::{Look, cell_list, panels};
use crate::session::app::Playing;
use catboard::core::Game;
use catboard::core::sphere as layout;
use globe::Globe;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::Paragraph;

/// Columns between the globe and the panel.
const GAP: u16 = 2;

/// The fewest rows the panel is drawn in.
const PANEL_ROWS: u16 = 10;

/// The rows the cursor's cell in words takes atop the panel: its cell and
/// eight neighbours, with room for a few to wrap.
const CELL_ROWS: u16 = 14;

/// The fewest rows worth giving the cell's words atop the panel.
const CELL_ROWS_MIN: u16 = 9;

/// The fewest columns the cell's words are given beside a panel under
/// the globe.
const CELL_WORDS_MIN: u16 = 30;

/// The disc radius (rows) from which the discs are comfortable to read:
/// below it the panel goes under the globe when that makes them larger.
const COMFORT_RADIUS: f64 = 12.0;

/// The smallest room (columns, rows) the screen is drawn in: one disc.
pub const MINIMUM: (u16, u16) = (globe::MIN_DISC.0 + 2, globe::MIN_DISC.1);

/// Where the sphere's screen puts its parts in `body`.
#[derive(Clone, Debug)]
pub struct SphereLayout {
    /// The globe traced into its area.
    pub globe: Globe,
    /// The game panel, when it has room.
    pub panel: Option<Rect>,
    /// The cursor's cell in words, when it has room.
    pub cells: Option<Rect>,
}

/// Lays the sphere's screen out in `body`: the panel as wide as its move
/// list wants (within [`panels::PANEL_MIN`] and 40 columns) on the right
/// when the globe still fits beside it, the globe in the rest; `None`
/// when not even one disc fits.
pub fn layout(p: &Playing, body: Rect) -> Option<SphereLayout> {
    layout_with(p, body, false)
}

/// The layout of the screen reader view's sphere ([`draw_still`]).
pub fn still_layout(p: &Playing, body: Rect) -> Option<SphereLayout> {
    layout_with(p, body, true)
}

/// [`layout`]; for the screen reader view (`still`) nothing follows the
/// cursor: the near seat's hemisphere is the one drawn when only one
/// fits, and the cell's words are left to the view's sentence row.
fn layout_with(p: &Playing, body: Rect, still: bool) -> Option<SphereLayout> {
    let game = p.table.game();
    let geo = game.geometry();
    let view = p.orientation.map_view();
    let cursor_north = if still {
        p.near_side() == 0
    } else {
        layout::centre(geo, p.cursor).is_none_or(|(_, lat)| lat >= 0.0)
    };
    let panel_width = panels::wanted_width(p).clamp(panels::PANEL_MIN, 40);
    let with_panel = (body.height >= PANEL_ROWS)
        .then(|| {
            let map = Rect {
                x: body.x + 1,
                width: body.width.saturating_sub(1 + GAP + panel_width),
                ..body
            };
            Globe::trace(geo, view, map, cursor_north)
        })
        .flatten();
    // Where the discs beside the panel are smaller than is comfortable to
    // read, the panel goes under the globe when that makes them larger;
    // not while an analysis is shown, whose graph wants the panel's height.
    let with_panel_under = (with_panel
        .as_ref()
        .is_none_or(|g| g.radius < COMFORT_RADIUS)
        && !super::eval_graph::wanted(p))
    .then(|| {
        let map = Rect {
            x: body.x + 1,
            width: body.width.saturating_sub(2),
            height: body.height.checked_sub(PANEL_ROWS)?,
            ..body
        };
        Globe::trace(geo, view, map, cursor_north)
    })
    .flatten()
    .filter(|under| {
        body.width > panel_width + GAP + CELL_WORDS_MIN
            && with_panel.as_ref().is_none_or(|g| under.radius > g.radius)
    });
    if let Some(globe) = with_panel_under {
        let used = globe.used();
        let strip = Rect {
            y: used.bottom(),
            height: body.bottom() - used.bottom(),
            ..body
        };
        let panel = Rect {
            x: strip.right() - panel_width,
            width: panel_width,
            ..strip
        };
        let cells = (!still).then_some(Rect {
            x: strip.x + 1,
            width: strip.width - panel_width - GAP - 1,
            ..strip
        });
        return Some(SphereLayout {
            globe,
            panel: Some(panel),
            cells,
        });
    }
    let (globe, panel) = match with_panel {
        Some(globe) => {
            let used = globe.used();
            // The globe's room shrinks to what it uses, the panel widens
            // into the rest (up to what the move list wants).
            let free = body.right().saturating_sub(used.right() + GAP);
            let width = free.min(panels::wanted_width(p).max(panel_width));
            let panel = Rect {
                x: body.right() - width,
                width,
                ..body
            };
            (globe, Some(panel))
        }
        None => {
            let map = Rect {
                x: body.x + 1,
                width: body.width.saturating_sub(2),
                ..body
            };
            (Globe::trace(geo, view, map, cursor_north)?, None)
        }
    };
    let used = globe.used();
    let under = Rect {
        y: used.bottom() + 1,
        height: body.bottom().saturating_sub(used.bottom() + 1),
        ..used
    };
    let mut panel = panel;
    let cells = if still {
        None
    } else if under.height >= 3 && under.width >= 24 {
        Some(under)
    } else if let Some(area) = panel {
        // No rows under the globe: the cell's words go atop the panel
        // when it stays tall enough, in as many rows whatever the cell
        // (so the panel keeps its place as the cursor moves).
        let rows = area
            .height
            .saturating_sub(1 + PANEL_ROWS + 6)
            .min(CELL_ROWS);
        (rows >= CELL_ROWS_MIN).then(|| {
            panel = Some(Rect {
                y: area.y + rows + 1,
                height: area.height - rows - 1,
                ..area
            });
            Rect {
                height: rows,
                ..area
            }
        })
    } else {
        None
    };
    Some(SphereLayout {
        globe,
        panel,
        cells,
    })
}

/// Draws the sphere's screen into `body`; returns where the globe is and
/// whether the game panel found room, or `None` when `body` is too small.
pub fn draw(
    look: &Look,
    p: &Playing,
    marks: &BoardMarks,
    frame: &mut Frame<'_>,
    body: Rect,
) -> Option<(Rect, bool)> {
    let parts = layout(p, body)?;
    let game = p.shown_game();
    globe::render(&parts.globe, game, look, marks, frame.buffer_mut());
    if let Some(area) = parts.cells {
        let lines = cell_list::lines(look, p, area.width as usize);
        frame.render_widget(Paragraph::new(lines), area);
    }
    if let Some(area) = parts.panel {
        panels::draw(look, p, frame, area);
    }
    Some((parts.globe.used(), parts.panel.is_some()))
}

/// The screen reader view of the sphere: the globe and the panels, none
/// of it following the cursor, so a key changes only the sentence row.
pub fn draw_still(
    look: &Look,
    p: &Playing,
    marks: &BoardMarks,
    frame: &mut Frame<'_>,
    body: Rect,
) -> Option<(Rect, bool)> {
    let parts = layout_with(p, body, true)?;
    globe::render(
        &parts.globe,
        p.shown_game(),
        look,
        marks,
        frame.buffer_mut(),
    );
    if let Some(area) = parts.panel {
        panels::draw_with(look, p, frame, area, true);
    }
    Some((parts.globe.used(), parts.panel.is_some()))
}
