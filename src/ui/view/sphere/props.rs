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
//!   on whichever disc shows it, or counted under a lone disc;
//! - the list of every cell is shown wherever the globe is not (unless
//!   `c` swapped them), lies in its room clear of the globe, the panel
//!   and the cell's words, shows the cursor's row and cuts no line;
//!
//! each with the globe larger and, after `c`, the list larger.

use super::super::layout_props::{game_in_play, heights};
use super::super::{Look, board_marks, playing_layout};
use super::globe::{self, far_targets};
use super::list;
use crate::session::action::Action;
use crate::session::app::{App, Playing, Screen, update};
use crate::ui::glyphs::GlyphDrawing;
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

/// The problems of the list in `parts`: where only one of globe and list
/// is shown it is the list unless swapped; the list lies in the body
/// clear of the panel and the cell's words, draws nothing outside its
/// room, shows the cursor's row (highlighted, with the cursor's name) and
/// cuts no line (each fits its column whole).
fn list_problems(
    p: &Playing,
    look: &Look,
    parts: &super::SphereLayout,
    body: Rect,
    at: &str,
) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(room) = parts.list else {
        if !p.list_swapped || parts.globe.is_none() {
            problems.push(format!("{at}: no list (swapped: {})", p.list_swapped));
        }
        return problems;
    };
    if room.intersection(body) != room || room.width < list::NARROW {
        problems.push(format!("{at}: the list {room:?} in the body {body:?}"));
    }
    for (what, rect) in [("panel", parts.panel), ("cell's words", parts.cells)] {
        if let Some(r) = rect.filter(|r| r.intersects(room)) {
            problems.push(format!("{at}: the list {room:?} overlaps the {what} {r:?}"));
        }
    }
    let game = p.shown_game();
    let marks = board_marks(p);
    let mut buf = Buffer::empty(Rect::new(0, 0, body.right() + 1, body.bottom() + 1));
    for cell in buf.content.iter_mut() {
        cell.set_symbol("¤");
    }
    let flow = list::render(
        game,
        look,
        &marks,
        room,
        (p.cursor, list::Keep::Centred),
        &mut buf,
    );
    let (lines, _) = list::lines(game, look, &marks, flow.column_width);
    if let Some(long) = lines
        .iter()
        .find(|l| l.width() > usize::from(flow.column_width))
    {
        problems.push(format!("{at}: a line wider than its column: {long:?}"));
    }
    let area = buf.area;
    let mut cursor_rows = Vec::new();
    for y in area.top()..area.bottom() {
        let mut row = String::new();
        for x in area.left()..area.right() {
            let c = &buf[(x, y)];
            let inside = room.contains((x, y).into());
            if !inside && c.symbol() != "¤" {
                problems.push(format!("{at}: the list drew at {x},{y} outside {room:?}"));
                return problems;
            }
            if inside && c.bg == look.theme.text.highlight {
                row.push_str(c.symbol());
            }
        }
        if !row.is_empty() {
            cursor_rows.push(row);
        }
    }
    let name = game.geometry().name(p.cursor);
    let shown = cursor_rows.iter().any(|r| {
        r.split_whitespace()
            .any(|w| w.trim_start_matches(look.glyphs.marks().pointer) == name)
    });
    if !shown {
        problems.push(format!(
            "{at}: the cursor's row is not in view: {cursor_rows:?}"
        ));
    }
    problems
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
    let mut problems = list_problems(p, look, &parts, body, &at);
    let Some(globe) = parts.globe.as_ref() else {
        return problems;
    };
    let used = globe.used();
    if used.intersection(body) != used {
        problems.push(format!("{at}: the globe {used:?} leaves the body {body:?}"));
    }
    for (what, rect) in [
        ("panel", parts.panel),
        ("cell's words", parts.cells),
        ("list", parts.list),
    ] {
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
    globe::render(globe, game, look, &marks, &mut buf);
    for y in 0..height {
        for x in 0..width {
            if !used.contains((x, y).into()) && buf[(x, y)].symbol() != "¤" {
                problems.push(format!("{at}: drawn at {x},{y} outside {used:?}"));
            }
        }
    }
    let geo = game.geometry();
    let cursor_north = north(p, p.cursor);
    let shown = |cell: Cell| globe.cell_area(geo, cell);
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
    let note = far_targets(globe, game, &marks);
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
    let swapped: Vec<App> = [&start, &south, &picked]
        .into_iter()
        .map(|app| {
            let mut app = app.clone();
            update(&mut app, Action::ToggleCellList);
            app
        })
        .collect();
    assert!(swapped.iter().all(|a| playing(a).list_swapped));
    let mut problems = Vec::new();
    let mut both = 0;
    for app in [&start, &south, &picked].into_iter().chain(&swapped) {
        for height in heights() {
            for width in 20..=WIDEST {
                problems.extend(check(app, &look, width, height));
            }
        }
        let p = playing(app);
        let (body, _, _) = playing_layout(app, &look, p, Rect::new(0, 0, 120, 40));
        if super::layout(p, body).is_some_and(|l| l.globe.is_some_and(|g| g.discs() == 2)) {
            both += 1;
        }
    }
    assert_eq!(
        both, 6,
        "both discs at 120×40, the globe larger or the list"
    );
    problems.truncate(20);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
