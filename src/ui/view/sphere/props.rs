//! The sphere's screen as a property over every terminal size (every
//! width from the narrowest that draws the globe to 220, the heights of
//! [`heights`]), with the cursor on either hemisphere and a piece picked
//! whose moves cross the equator:
//!
//! - the globe lies inside the body and overlaps neither the panel nor
//!   the cell's words, and draws nothing outside the room it reserves;
//! - every cell of the cursor's hemisphere is drawn, on a character of
//!   its own inside the globe, and the cursor's cell in the cursor's
//!   colour;
//! - every target of the picked piece is marked: in the target's colour
//!   on whichever disc shows it, or counted under a lone disc.

use super::super::layout_props::{game_in_play, heights};
use super::super::{Look, board_marks, playing_layout};
use super::globe::{self, far_targets};
use crate::session::action::Action;
use crate::session::app::{App, Playing, Screen, update};
use crate::ui::snapshots::tour::playing;
use catboard::core::sphere as layout;
use catboard::core::{Cell, Game};
use catboard::variants::Variant;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The widest terminal measured.
const WIDEST: u16 = 220;

fn put_cursor(app: &mut App, cell: Cell) {
    if let Screen::Playing(p) = &mut app.screen {
        p.cursor = cell;
    }
}

fn north(p: &Playing, cell: Cell) -> bool {
    layout::centre(p.table.game().geometry(), cell).is_some_and(|(_, lat)| lat >= 0.0)
}

/// The game in play with one of the side to move's pieces picked whose
/// targets lie on both hemispheres.
fn picked_across_the_equator() -> App {
    let app = game_in_play(Variant::Polar);
    let cells: Vec<Cell> = playing(&app).table.game().geometry().cells().collect();
    for cell in cells {
        let mut tried = app.clone();
        put_cursor(&mut tried, cell);
        update(&mut tried, Action::Select);
        let p = playing(&tried);
        let marks = board_marks(p);
        let sides: Vec<bool> = marks.targets.iter().map(|t| north(p, t)).collect();
        if sides.contains(&true) && sides.contains(&false) {
            return tried;
        }
    }
    panic!("no piece's moves cross the equator");
}

/// The problems of `app`'s sphere screen at `width` × `height`.
fn check(app: &App, look: &Look, width: u16, height: u16) -> Vec<String> {
    let p = playing(app);
    let area = Rect::new(0, 0, width, height);
    let (body, _, _) = playing_layout(app, look, p, area);
    let Some(parts) = super::layout(p, body) else {
        return Vec::new();
    };
    let at = format!(
        "{width}×{height} cursor {}",
        p.table.game().geometry().name(p.cursor)
    );
    let mut problems = Vec::new();
    let used = parts.globe.used();
    if used.intersection(body) != used {
        problems.push(format!("{at}: the globe {used:?} leaves the body {body:?}"));
    }
    for (what, rect) in [("panel", parts.panel), ("cell's words", parts.cells)] {
        if let Some(r) = rect.filter(|r| r.intersects(used)) {
            problems.push(format!(
                "{at}: the globe {used:?} overlaps the {what} {r:?}"
            ));
        }
    }
    // Drawn on a screen of a sentinel character: nothing outside `used`
    // changes.
    let mut buf = Buffer::empty(area);
    for cell in buf.content.iter_mut() {
        cell.set_symbol("¤");
    }
    let game = p.shown_game();
    let marks = board_marks(p);
    globe::render(&parts.globe, game, look, &marks, &mut buf);
    for y in 0..height {
        for x in 0..width {
            if !used.contains((x, y).into()) && buf[(x, y)].symbol() != "¤" {
                problems.push(format!("{at}: drawn at {x},{y} outside {used:?}"));
            }
        }
    }
    let geo = game.geometry();
    let cursor_north = north(p, p.cursor);
    let shown = |cell: Cell| parts.globe.cell_area(geo, cell);
    for cell in geo.cells().filter(|c| north(p, *c) == cursor_north) {
        match shown(cell) {
            Some(r) if used.contains((r.x + 1, r.y).into()) => {}
            other => problems.push(format!(
                "{at}: {} of the cursor's hemisphere is not drawn ({other:?})",
                geo.name(cell)
            )),
        }
    }
    let bg_at = |cell: Cell| shown(cell).map(|r| buf[(r.x + 1, r.y)].bg);
    if bg_at(p.cursor) != Some(look.theme.marks.cursor) {
        problems.push(format!(
            "{at}: the cursor's cell is not drawn as the cursor"
        ));
    }
    let mut off_disc = 0;
    for target in marks.targets.iter() {
        match bg_at(target) {
            None => off_disc += 1,
            Some(bg) if bg != look.theme.marks.target => problems.push(format!(
                "{at}: the target {} is not marked ({bg:?})",
                geo.name(target)
            )),
            Some(_) => {}
        }
    }
    let note = far_targets(&parts.globe, game, &marks);
    let counted = note
        .as_deref()
        .is_some_and(|n| n.starts_with(&format!("+{off_disc} ")));
    if off_disc > 0 && !counted {
        problems.push(format!(
            "{at}: {off_disc} targets off the discs, the note says {note:?}"
        ));
    }
    problems
}

#[test]
fn the_globe_stays_in_its_room_and_shows_the_cursor_and_every_target_at_every_size() {
    let look = Look::test_default();
    let start = game_in_play(Variant::Polar);
    let mut south = start.clone();
    let geo = playing(&start).table.game().geometry();
    let cell = geo
        .cells()
        .find(|c| !north(playing(&start), *c))
        .unwrap_or_else(|| panic!("a southern cell"));
    put_cursor(&mut south, cell);
    let picked = picked_across_the_equator();
    let mut problems = Vec::new();
    let mut both = 0;
    for app in [&start, &south, &picked] {
        for height in heights() {
            for width in 20..=WIDEST {
                problems.extend(check(app, &look, width, height));
            }
        }
        let p = playing(app);
        let (body, _, _) = playing_layout(app, &look, p, Rect::new(0, 0, 120, 40));
        if super::layout(p, body).is_some_and(|l| l.globe.discs() == 2) {
            both += 1;
        }
    }
    assert_eq!(both, 3, "both discs at 120×40");
    problems.truncate(20);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
