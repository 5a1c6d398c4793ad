//! The sphere's screen: the globe ([`globe`]) and the list of every cell
//! ([`list`]) side by side, the game panel (players, status, move list)
//! on the right, and the cursor's cell and its numbered neighbours in
//! words under the globe, or atop the panel where the globe leaves no
//! rows. The globe has the larger share and the list a column at its
//! left; `c` swaps them (the list widens into as many columns as show it
//! whole, the globe takes the rest). Where the two do not fit together
//! the list is shown (the globe, swapped). Where the discs beside the
//! panel would be small to read (a wide screen of few rows, 120 × 40),
//! the globe takes the whole width of its room and the panel and the
//! cell's words share the rows under it. The screen reader view shows
//! the list, still, and the panel.

pub mod globe;
pub mod list;
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

/// The smallest disc radius (rows) the globe is given beside the list
/// when it has the larger share: a smaller one is too small to read, and
/// the list is shown alone.
const SHARED_RADIUS: f64 = 8.0;

/// The smallest room (columns, rows) the screen is drawn in: the list
/// at its narrowest, a few rows of it.
pub const MINIMUM: (u16, u16) = (list::NARROW + 2, LIST_ROWS_MIN);

/// The fewest rows the list is drawn in.
const LIST_ROWS_MIN: u16 = 4;

/// Where the sphere's screen puts its parts in `body`.
#[derive(Clone, Debug)]
pub struct SphereLayout {
    /// The globe traced into its area, when it has room.
    pub globe: Option<Globe>,
    /// The list of every cell, when it has room.
    pub list: Option<Rect>,
    /// The game panel, when it has room.
    pub panel: Option<Rect>,
    /// The cursor's cell in words, when it has room.
    pub cells: Option<Rect>,
}

impl SphereLayout {
    /// Where the board is: the room the globe uses, or the list's.
    pub fn board(&self) -> Rect {
        match (&self.globe, self.list) {
            (Some(globe), _) => globe.used(),
            (None, Some(list)) => list,
            (None, None) => Rect::default(),
        }
    }
}

/// Lays the sphere's screen out in `body`: the list in a column at the
/// left (a wide one, swapped), the globe and the panel beside it when
/// they fit with the panel ([`globe_layout`]); else the list alone with
/// the panel (the globe alone, swapped, when it fits); `None` when not
/// even the list fits.
pub fn layout(p: &Playing, body: Rect) -> Option<SphereLayout> {
    let geo = p.table.game().geometry();
    let panel_width = panels::wanted_width(p).clamp(panels::PANEL_MIN, 40);
    let room = body.width.saturating_sub(1 + panel_width + GAP);
    let list_width = if p.list_swapped {
        let most = room.saturating_sub(GAP + globe::MIN_DISC.0 + 1);
        list::wanted_width(geo, body.height, most).max(list::NARROW)
    } else if room >= 4 * list::WIDE {
        list::WIDE
    } else {
        list::NARROW
    };
    let list = Rect {
        x: body.x + 1,
        width: list_width,
        ..body
    };
    let beside = Rect {
        x: list.right() + GAP - 1,
        width: body.width.saturating_sub(list_width + GAP),
        ..body
    };
    let both = (body.width > list_width + GAP && body.height >= LIST_ROWS_MIN)
        .then(|| globe_layout(p, beside))
        .flatten()
        .filter(|g| g.panel.is_some() || body.height < PANEL_ROWS)
        .filter(|g| p.list_swapped || g.globe.as_ref().is_some_and(|g| g.radius >= SHARED_RADIUS));
    if let Some(parts) = both {
        return Some(SphereLayout {
            list: Some(list),
            ..parts
        });
    }
    if p.list_swapped
        && let Some(parts) = globe_layout(p, body)
    {
        return Some(parts);
    }
    list_layout(p, body, false)
}

/// The layout of the screen reader view's sphere ([`draw_still`]): the
/// list and the panel, nothing following the cursor.
pub fn still_layout(p: &Playing, body: Rect) -> Option<SphereLayout> {
    list_layout(p, body, true)
}

/// The list alone in `body`, with the panel on the right where both fit
/// (and, not `still`, the cell's words atop the panel where it is tall).
fn list_layout(p: &Playing, body: Rect, still: bool) -> Option<SphereLayout> {
    if body.height < LIST_ROWS_MIN || body.width < MINIMUM.0 {
        return None;
    }
    let panel_width = panels::wanted_width(p).clamp(panels::PANEL_MIN, 40);
    let panel = (body.height >= PANEL_ROWS && body.width >= 1 + list::NARROW + GAP + panel_width)
        .then_some(Rect {
            x: body.right() - panel_width,
            width: panel_width,
            ..body
        });
    let list = Rect {
        x: body.x + 1,
        width: panel.map_or(body.width - 2, |r| r.x - GAP - body.x - 1),
        ..body
    };
    let (cells, panel) = if still {
        (None, panel)
    } else {
        words_atop(panel)
    };
    Some(SphereLayout {
        globe: None,
        list: Some(list),
        panel,
        cells,
    })
}

/// The cell's words atop `panel` when it stays tall enough, in as many
/// rows whatever the cell (so the panel keeps its place as the cursor
/// moves), and the panel under them.
fn words_atop(panel: Option<Rect>) -> (Option<Rect>, Option<Rect>) {
    let Some(area) = panel else {
        return (None, None);
    };
    let rows = area
        .height
        .saturating_sub(1 + PANEL_ROWS + 6)
        .min(CELL_ROWS);
    if rows < CELL_ROWS_MIN {
        return (None, panel);
    }
    let words = Rect {
        height: rows,
        ..area
    };
    let under = Rect {
        y: area.y + rows + 1,
        height: area.height - rows - 1,
        ..area
    };
    (Some(words), Some(under))
}

/// The globe and the panel in `body`: the panel as wide as its move list
/// wants (within [`panels::PANEL_MIN`] and 40 columns) on the right when
/// the globe still fits beside it, the globe in the rest (one disc, the
/// cursor's hemisphere, where two do not fit); `None` when not even one
/// disc fits.
fn globe_layout(p: &Playing, body: Rect) -> Option<SphereLayout> {
    let game = p.table.game();
    let geo = game.geometry();
    let view = p.orientation.map_view();
    let cursor_north = layout::centre(geo, p.cursor).is_none_or(|(_, lat)| lat >= 0.0);
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
        let cells = Some(Rect {
            x: strip.x + 1,
            width: strip.width - panel_width - GAP - 1,
            ..strip
        });
        return Some(SphereLayout {
            globe: Some(globe),
            list: None,
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
    let (cells, panel) = if under.height >= 3 && under.width >= 24 {
        (Some(under), panel)
    } else {
        // No rows under the globe: the cell's words go atop the panel.
        words_atop(panel)
    };
    Some(SphereLayout {
        globe: Some(globe),
        list: None,
        panel,
        cells,
    })
}

/// Draws the sphere's screen into `body`; returns where the board (the
/// globe, or the list alone) is and whether the game panel found room, or
/// `None` when `body` is too small.
pub fn draw(
    look: &Look,
    p: &Playing,
    marks: &BoardMarks,
    frame: &mut Frame<'_>,
    body: Rect,
) -> Option<(Rect, bool)> {
    let parts = layout(p, body)?;
    let game = p.shown_game();
    if let Some(globe) = &parts.globe {
        globe::render(globe, game, look, marks, frame.buffer_mut());
    }
    if let Some(area) = parts.list {
        list::render(
            game,
            look,
            marks,
            area,
            (p.cursor, list::Keep::Centred),
            frame.buffer_mut(),
        );
    }
    if let Some(area) = parts.cells {
        let lines = cell_list::lines(look, p, area.width as usize);
        frame.render_widget(Paragraph::new(lines), area);
    }
    if let Some(area) = parts.panel {
        panels::draw(look, p, frame, area);
    }
    Some((parts.board(), parts.panel.is_some()))
}

/// The screen reader view of the sphere: the list of every cell and the
/// panels, kept still as the cursor moves (no row marks it; where the
/// list does not show whole it shows the cursor's page, turning only
/// when the cursor leaves it), so a key that stays on the page changes
/// only the sentence rows.
pub fn draw_still(
    look: &Look,
    p: &Playing,
    marks: &BoardMarks,
    frame: &mut Frame<'_>,
    body: Rect,
) -> Option<(Rect, bool)> {
    let parts = still_layout(p, body)?;
    let still_marks = BoardMarks {
        cursor: None,
        ..marks.clone()
    };
    if let Some(area) = parts.list {
        list::render(
            p.shown_game(),
            look,
            &still_marks,
            area,
            (p.cursor, list::Keep::Paged),
            frame.buffer_mut(),
        );
    }
    if let Some(area) = parts.panel {
        panels::draw_with(look, p, frame, area, true);
    }
    Some((parts.board(), parts.panel.is_some()))
}
