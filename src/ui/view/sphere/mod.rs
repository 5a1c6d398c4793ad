//! The sphere's screen: the cell list (the main view) on the left; on the
//! right the map (both hemispheres side by side where the width allows,
//! else the cursor's), the cursor's cell and its numbered neighbours under
//! it, and the game panels in the room left.

pub mod list;
pub mod map;

use super::board::BoardMarks;
use super::{Look, cell_list, panels};
use crate::session::app::Playing;
use catboard::core::Game;
use catboard::variants::polar::layout::Spot;
use map::{DISC, HemisphereMap};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::Paragraph;

/// Columns between the list and the right-hand column, and between discs.
const GAP: u16 = 2;

/// The lines under the map for the cursor's cell: its words and neighbours.
const NEIGHBOUR_LINES: u16 = 9;

/// The smallest room (columns, rows) the screen is drawn in.
pub const MINIMUM: (u16, u16) = (1 + list::WIDTH + GAP + DISC.0, DISC.1 + NEIGHBOUR_LINES);

/// Draws the sphere's screen into `body`; returns where the map is (for
/// the chooser) and whether the game panels found room, or `None` when
/// `body` is too small.
pub fn draw(
    look: &Look,
    p: &Playing,
    marks: &BoardMarks,
    frame: &mut Frame,
    body: Rect,
) -> Option<(Rect, bool)> {
    if body.width < MINIMUM.0 || body.height < MINIMUM.1 {
        return None;
    }
    let game = p.table.game();
    let list_area = Rect {
        x: body.x + 1,
        width: list::WIDTH,
        ..body
    };
    let (lines, cursor_line) = list::lines(game, look, marks, list_area.width as usize);
    let top = list::scroll(lines.len(), cursor_line, list_area.height as usize);
    frame.render_widget(Paragraph::new(lines).scroll((top as u16, 0)), list_area);
    let right = Rect {
        x: list_area.right() + GAP,
        width: body.right().saturating_sub(list_area.right() + GAP),
        ..body
    };
    let map_area = draw_maps(game, look, marks, p, frame, right, false);
    let under = Rect {
        y: map_area.bottom(),
        height: right.bottom().saturating_sub(map_area.bottom()),
        ..right
    };
    let neighbours = cell_list::lines(look, p, under.width as usize);
    let used = (neighbours.len() as u16).min(under.height);
    frame.render_widget(Paragraph::new(neighbours), under);
    let rest = Rect {
        y: under.y + used + 1,
        height: under.height.saturating_sub(used + 1),
        ..under
    };
    let room = rest.height >= 8;
    if room {
        panels::draw(look, p, frame, rest);
    }
    Some((map_area, room))
}

/// The screen reader view of the sphere: the discs (the near pole's when
/// only one fits) and the panels, none of it following the cursor.
pub fn draw_still(
    look: &Look,
    p: &Playing,
    marks: &BoardMarks,
    frame: &mut Frame,
    body: Rect,
) -> Option<(Rect, bool)> {
    if body.width < MINIMUM.0 || body.height < MINIMUM.1 {
        return None;
    }
    let map_area = draw_maps(p.table.game(), look, marks, p, frame, body, true);
    let rest = Rect {
        y: map_area.bottom() + 1,
        height: body.bottom().saturating_sub(map_area.bottom() + 1),
        ..body
    };
    let room = rest.height >= 8;
    if room {
        panels::draw_with(look, p, frame, rest, true);
    }
    Some((map_area, room))
}

/// Draws both discs side by side when `area` is wide enough (the near
/// seat's pole on the left), else the disc of the cursor's hemisphere;
/// returns the area drawn.
fn draw_maps(
    game: &catboard::variants::AnyGame,
    look: &Look,
    marks: &BoardMarks,
    p: &Playing,
    frame: &mut Frame,
    area: Rect,
    still: bool,
) -> Rect {
    let geo = game.geometry();
    let near_north = p.near_side() == 0;
    let cursor_north = if still {
        near_north
    } else {
        Spot::of(geo, p.cursor).is_none_or(|s| s.north)
    };
    let both = area.width >= 2 * DISC.0 + GAP;
    let discs: Vec<bool> = if both {
        vec![near_north, !near_north]
    } else {
        vec![cursor_north]
    };
    for (i, north) in discs.iter().enumerate() {
        let disc = Rect {
            x: area.x + i as u16 * (DISC.0 + GAP),
            y: area.y,
            width: DISC.0,
            height: DISC.1,
        };
        frame.render_widget(
            HemisphereMap {
                game,
                look,
                marks,
                north: *north,
            },
            disc,
        );
    }
    Rect {
        width: discs.len() as u16 * (DISC.0 + GAP) - GAP,
        height: DISC.1,
        ..area
    }
}
