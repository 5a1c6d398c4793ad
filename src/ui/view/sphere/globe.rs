//! The globe: the sphere's hemispheres drawn as discs as large as the room
//! allows (both side by side, the near seat's pole on the left, or the
//! cursor's alone where two would be too small), each cell filled with its
//! square colour and outlined with box-drawing edges and corners so which
//! cells touch, and where a line runs, can be seen. The cells are traced
//! from their outlines on the sphere ([`layout::outline`]) through the
//! view's projection ([`MapView`]), so turning the globe turns the drawing,
//! and the same trace answers which cell a mouse click is on.

use super::super::Look;
use super::super::board::{BoardMarks, Noted, cell_look, squares_alike};
use super::map::shade_mark;
use catboard::core::sphere::{self as layout, ASPECT, MAP_GAP, MapView};
use catboard::core::{Cell, Game, Geometry};
use catboard::variants::AnyGame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The fewest rows per disc radius a disc is drawn at: each of a
/// hemisphere's three rings then has two rows, an edge and a row inside.
pub const MIN_RADIUS: f64 = 6.0;

/// The room (columns, rows) one disc needs at [`MIN_RADIUS`], its title
/// row included.
pub const MIN_DISC: (u16, u16) = (
    (2.0 * ASPECT * MIN_RADIUS) as u16 + 1,
    (2.0 * MIN_RADIUS) as u16 + 1,
);

/// The radius (rows) from which each cell also shows its name.
const NAMED_RADIUS: f64 = 14.0;

/// Points each edge of an outline is divided into when traced, so edges
/// along a parallel bend with it.
const EDGE_STEPS: usize = 8;

/// One disc of the drawing: its hemisphere and its centre (columns, rows
/// from the raster's top-left corner).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Disc {
    north: bool,
    centre: (f64, f64),
}

/// The globe traced into character cells: which sphere cell each
/// character shows (`None` off the discs), and where each disc lies.
#[derive(Clone, Debug)]
pub struct Globe {
    /// The screen area traced.
    pub area: Rect,
    /// Rows per disc radius.
    pub radius: f64,
    view: MapView,
    discs: Vec<Disc>,
    ids: Vec<Option<Cell>>,
    /// Each character an edge passes through: the edge's direction as
    /// drawn, and the cells whose outline it is.
    edges: Vec<Option<(Stroke, Cell)>>,
}

/// Which way an edge runs through a character, as it looks on the screen
/// (characters about twice as tall as wide), or a corner where edges meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stroke {
    /// Across.
    Across,
    /// Up and down.
    Down,
    /// Up to the right.
    Rising,
    /// Down to the right.
    Falling,
    /// A corner of a cell.
    Corner,
}

impl Stroke {
    /// The direction of a segment `dx` columns across and `dy` rows down.
    fn of(dx: f64, dy: f64) -> Stroke {
        // In the screen's proportions a row is about two columns tall.
        let angle = (dy * ASPECT).atan2(dx).to_degrees().rem_euclid(180.0);
        match angle {
            a if !(22.5..157.5).contains(&a) => Stroke::Across,
            a if (67.5..112.5).contains(&a) => Stroke::Down,
            a if a < 90.0 => Stroke::Falling,
            _ => Stroke::Rising,
        }
    }

    /// The character drawn: box drawing, or ASCII in the ASCII set.
    fn glyph(self, ascii: bool) -> &'static str {
        match (self, ascii) {
            (Stroke::Across, false) => "─",
            (Stroke::Down, false) => "│",
            (Stroke::Rising, false) => "╱",
            (Stroke::Falling, false) => "╲",
            (Stroke::Corner, false) => "┼",
            (Stroke::Across, true) => "-",
            (Stroke::Down, true) => "|",
            (Stroke::Rising, true) => "/",
            (Stroke::Falling, true) => "\\",
            (Stroke::Corner, true) => "+",
        }
    }
}

/// Where `lon`, `lat` (degrees) lies on `disc` in columns and rows from
/// the raster's corner, drawn as `view` shows it.
fn project(view: MapView, disc: Disc, radius: f64, lon: f64, lat: f64) -> (f64, f64) {
    let rho = ((90.0 - if disc.north { lat } else { -lat }) / 90.0).clamp(0.0, 1.0);
    let left = disc.north == view.north_left;
    let angle = (lon + view.turn).to_radians();
    let angle = if left { angle } else { -angle };
    (
        disc.centre.0 + ASPECT * radius * rho * angle.sin(),
        disc.centre.1 + radius * rho * angle.cos(),
    )
}

/// Whether the point lies inside the polygon (even–odd rule).
fn inside(polygon: &[(f64, f64)], (x, y): (f64, f64)) -> bool {
    let mut result = false;
    let mut j = polygon.len().wrapping_sub(1);
    for i in 0..polygon.len() {
        let (xi, yi) = polygon[i];
        let (xj, yj) = polygon[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            result = !result;
        }
        j = i;
    }
    result
}

/// `cell`'s outline on `disc`, each edge divided into [`EDGE_STEPS`]
/// (longitude the short way round).
fn traced_outline(
    geo: &Geometry,
    view: MapView,
    disc: Disc,
    radius: f64,
    cell: Cell,
) -> Vec<(f64, f64)> {
    let corners = layout::outline(geo, cell).unwrap_or_default();
    let mut out = Vec::with_capacity(corners.len() * EDGE_STEPS);
    for (i, &(lon0, lat0)) in corners.iter().enumerate() {
        let (lon1, lat1) = corners[(i + 1) % corners.len()];
        // An edge from or to a pole runs along the meridian of its other
        // end: the pole has every longitude, and one between would bow
        // the edge and leave a gap round the pole.
        let pole = |lat: f64| lat.abs() >= 89.999;
        let lon0 = if pole(lat0) { lon1 } else { lon0 };
        let lon1 = if pole(lat1) { lon0 } else { lon1 };
        let mut dlon = lon1 - lon0;
        if dlon > 180.0 {
            dlon -= 360.0;
        } else if dlon < -180.0 {
            dlon += 360.0;
        }
        for s in 0..EDGE_STEPS {
            let t = s as f64 / EDGE_STEPS as f64;
            out.push(project(
                view,
                disc,
                radius,
                lon0 + dlon * t,
                lat0 + (lat1 - lat0) * t,
            ));
        }
    }
    out
}

/// The radius and discs of the globe in `area`: both discs side by side
/// or stacked, whichever is larger (side by side on a tie), when they
/// reach [`MIN_RADIUS`]; else the one disc `cursor_north` names; `None`
/// when not even one fits. A disc's title row is the row above it.
fn place_discs(view: MapView, area: Rect, cursor_north: bool) -> Option<(f64, Vec<Disc>)> {
    let (w, h) = (f64::from(area.width), f64::from(area.height));
    // Side by side: a title row and 2r + 1 rows of disc; 2 (2 + gap) r
    // columns widened by the aspect.
    let beside = ((h - 1.0) / 2.0)
        .min((w - 1.0) / (2.0 * ASPECT * (2.0 + MAP_GAP)))
        .floor();
    // Stacked: two titles and two discs.
    let stacked = ((h - 3.0) / 4.0).min((w - 1.0) / (2.0 * ASPECT)).floor();
    let one = ((h - 1.0) / 2.0).min((w - 1.0) / (2.0 * ASPECT)).floor();
    let near = view.north_left;
    if beside >= MIN_RADIUS && beside >= stacked {
        let r = beside;
        let half = ASPECT * r * (1.0 + MAP_GAP / 2.0);
        let cy = 1.0 + r;
        Some((
            r,
            vec![
                Disc {
                    north: near,
                    centre: (w / 2.0 - half, cy),
                },
                Disc {
                    north: !near,
                    centre: (w / 2.0 + half, cy),
                },
            ],
        ))
    } else if stacked >= MIN_RADIUS {
        let r = stacked;
        Some((
            r,
            vec![
                Disc {
                    north: near,
                    centre: (w / 2.0, 1.0 + r),
                },
                Disc {
                    north: !near,
                    centre: (w / 2.0, 3.0 + 3.0 * r),
                },
            ],
        ))
    } else if one >= MIN_RADIUS {
        Some((
            one,
            vec![Disc {
                north: cursor_north,
                centre: (w / 2.0, 1.0 + one),
            }],
        ))
    } else {
        None
    }
}

impl Globe {
    /// The globe traced into `area` as `view` shows it: both discs when
    /// they fit at [`MIN_RADIUS`] or more, side by side or, where that
    /// makes them larger (a tall screen), one above the other; else the
    /// disc of the hemisphere `cursor_north` names; `None` when not even
    /// one fits. Each disc has a row above it for its title.
    pub fn trace(geo: &Geometry, view: MapView, area: Rect, cursor_north: bool) -> Option<Globe> {
        let (radius, discs) = place_discs(view, area, cursor_north)?;
        let w = f64::from(area.width);
        let width = area.width as usize;
        let mut ids = vec![None; width * area.height as usize];
        let mut edges = vec![None; width * area.height as usize];
        let mut outlines = Vec::new();
        for cell in geo.cells() {
            let Some((_, lat)) = layout::centre(geo, cell) else {
                continue;
            };
            let Some(disc) = discs.iter().find(|d| d.north == (lat >= 0.0)) else {
                continue;
            };
            let outline = traced_outline(geo, view, *disc, radius, cell);
            let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
            for &(x, y) in &outline {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
            let rows =
                (y0.floor().max(0.0) as usize)..(y1.ceil().min(f64::from(area.height)) as usize);
            let cols = (x0.floor().max(0.0) as usize)..(x1.ceil().min(w) as usize);
            for row in rows {
                for col in cols.clone() {
                    // A hair off the character's centre, so a centre on
                    // an edge two cells share lies in one of them.
                    let at = (col as f64 + 0.5 + 1.3e-7, row as f64 + 0.5 + 0.7e-7);
                    if inside(&outline, at) {
                        ids[row * width + col] = Some(cell);
                    }
                }
            }
            outlines.push((cell, outline));
        }
        let mut mark = |x: f64, y: f64, stroke: Stroke, cell: Cell| {
            if x < 0.0 || y < 0.0 || x >= w || y >= f64::from(area.height) {
                return;
            }
            let at = y as usize * width + x as usize;
            if edges[at].is_none_or(|(s, _)| s != Stroke::Corner) {
                edges[at] = Some((stroke, cell));
            }
        };
        for (cell, outline) in &outlines {
            for (i, &(ax, ay)) in outline.iter().enumerate() {
                let (bx, by) = outline[(i + 1) % outline.len()];
                let (dx, dy) = (bx - ax, by - ay);
                let stroke = Stroke::of(dx, dy);
                // One character per column along an edge across, one per
                // row along any other: a thin line, as an artist draws it.
                let (from, to, along_x) = if stroke == Stroke::Across {
                    (ax.min(bx), ax.max(bx), true)
                } else {
                    (ay.min(by), ay.max(by), false)
                };
                let mut at = (from - 0.5).ceil() + 0.5;
                while at <= to {
                    let (x, y) = if along_x {
                        (at, ay + dy * (at - ax) / dx)
                    } else {
                        (ax + dx * (at - ay) / dy, at)
                    };
                    mark(x, y, stroke, *cell);
                    at += 1.0;
                }
            }
        }
        for (cell, outline) in &outlines {
            for corner in outline.iter().step_by(EDGE_STEPS) {
                mark(corner.0, corner.1, Stroke::Corner, *cell);
            }
        }
        Some(Globe {
            area,
            radius,
            view,
            discs,
            ids,
            edges,
        })
    }

    /// The room the traced discs take (columns, rows), titles included.
    pub fn used(&self) -> Rect {
        let half = ASPECT * self.radius;
        let fold = |f: fn(&Disc) -> f64, pick: fn(f64, f64) -> f64, from: f64| {
            self.discs.iter().map(f).fold(from, pick)
        };
        let left = fold(|d| d.centre.0, f64::min, f64::MAX) - half;
        let right = fold(|d| d.centre.0, f64::max, f64::MIN) + half;
        let bottom = fold(|d| d.centre.1, f64::max, f64::MIN) + self.radius;
        let x = self.area.x + left.floor().max(0.0) as u16;
        Rect {
            x,
            y: self.area.y,
            width: ((right.ceil() - left.floor()) as u16 + 1).min(self.area.right() - x),
            height: (bottom.floor() as u16 + 1).min(self.area.height),
        }
    }

    /// How many discs (hemispheres) are drawn: 1 or 2.
    #[cfg(test)]
    pub fn discs(&self) -> usize {
        self.discs.len()
    }

    /// The sphere cell drawn at screen position (`x`, `y`), if any: what a
    /// mouse click picks.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Cell> {
        if !self.area.contains((x, y).into()) {
            return None;
        }
        let (col, row) = ((x - self.area.x) as usize, (y - self.area.y) as usize);
        self.ids
            .get(row * self.area.width as usize + col)
            .copied()
            .flatten()
    }

    /// The cell at raster position (`col`, `row`), `None` off the raster.
    fn id(&self, col: i32, row: i32) -> Option<Cell> {
        if col < 0
            || row < 0
            || col >= i32::from(self.area.width)
            || row >= i32::from(self.area.height)
        {
            return None;
        }
        self.ids[row as usize * self.area.width as usize + col as usize]
    }

    /// The edge drawn at raster position (`col`, `row`), if any.
    fn edge(&self, col: i32, row: i32) -> Option<(Stroke, Cell)> {
        if col < 0
            || row < 0
            || col >= i32::from(self.area.width)
            || row >= i32::from(self.area.height)
        {
            return None;
        }
        self.edges[row as usize * self.area.width as usize + col as usize]
    }

    /// Whether raster position (`col`, `row`) is drawn inside `cell`,
    /// clear of its outline: where its fill, piece and name go.
    fn clear_in(&self, col: i32, row: i32, cell: Cell) -> bool {
        self.id(col, row) == Some(cell) && self.edge(col, row).is_none()
    }

    /// Where `cell`'s centre is drawn (raster columns and rows).
    fn centre_of(&self, geo: &Geometry, cell: Cell) -> Option<(f64, f64)> {
        let (lon, lat) = layout::centre(geo, cell)?;
        let disc = self.discs.iter().find(|d| d.north == (lat >= 0.0))?;
        Some(project(self.view, *disc, self.radius, lon, lat))
    }

    /// The inside character of `cell` nearest its centre, where its piece
    /// or shade goes, and whether it is clear of edges: on the smallest
    /// globes a thin cell may have only edge characters, and then its
    /// piece goes on the one nearest its centre.
    pub fn anchor(&self, geo: &Geometry, cell: Cell) -> Option<((i32, i32), bool)> {
        let (cx, cy) = self.centre_of(geo, cell)?;
        let span = (self.radius * ASPECT) as i32 + 2;
        let (x0, y0) = (cx as i32, cy as i32);
        let mut best: Option<(f64, (i32, i32), bool)> = None;
        for row in (y0 - span / 2)..=(y0 + span / 2) {
            for col in (x0 - span)..=(x0 + span) {
                if self.id(col, row) != Some(cell) {
                    continue;
                }
                let clear = self.clear_in(col, row, cell);
                let d =
                    ((col as f64 + 0.5 - cx) / ASPECT).powi(2) + (row as f64 + 0.5 - cy).powi(2);
                if best.is_none_or(|(b, _, c)| (clear, -d) > (c, -b)) {
                    best = Some((d, (col, row), clear));
                }
            }
        }
        best.map(|(_, at, clear)| (at, clear))
    }
}

impl Globe {
    /// Where `cell`'s piece is drawn on the screen, with a column either
    /// side (its marks), when the globe shows it.
    pub fn cell_area(&self, geo: &Geometry, cell: Cell) -> Option<Rect> {
        let ((col, row), _) = self.anchor(geo, cell)?;
        let x = i32::from(self.area.x) + col - 1;
        let y = i32::from(self.area.y) + row;
        Some(Rect {
            x: u16::try_from(x.max(0)).ok()?,
            y: u16::try_from(y).ok()?,
            width: 3,
            height: 1,
        })
    }
}

/// Draws `globe` for `game` with `marks`: each disc's title, every cell's
/// fill, edges (in the cursor's colour round the cursor's cell, the
/// check colour round a line of attack), its piece or shade and, on a
/// large globe, its name.
pub fn render(globe: &Globe, game: &AnyGame, look: &Look, marks: &BoardMarks, buf: &mut Buffer) {
    let geo = game.geometry();
    let annotations = game.annotations();
    let noted = Noted {
        checked: &annotations.checked,
        zones: &annotations.zones,
        disarmed: &annotations.disarmed,
    };
    let ascii = look.glyphs == crate::session::look::GlyphSet::Ascii;
    let area = globe.area;
    for disc in &globe.discs {
        let seat = catboard::core::Seat(if disc.north { 0 } else { 1 });
        let name = crate::session::words::capitalise(game.seat_name(seat));
        let title = format!("{name}'s pole");
        let x = (disc.centre.0 - title.chars().count() as f64 / 2.0).max(0.0) as u16;
        let row = (disc.centre.1 - globe.radius - 1.0).max(0.0) as u16;
        buf.set_stringn(
            area.x + x,
            area.y + row,
            &title,
            (area.width - x) as usize,
            look.accent(),
        );
    }
    // One fill for every unmarked cell: two shades would draw each cell
    // as the staircase the character grid makes of it, and the eye would
    // follow the staircase rather than the outline. The shade is told by
    // the mark in an empty cell instead, as on a theme without shades.
    let mut one_shade = look.clone();
    one_shade.theme.board.dark = one_shade.theme.board.light;
    one_shade.theme.board.camps_dark = one_shade.theme.board.camps_light.clone();
    let looks: Vec<_> = geo
        .cells()
        .map(|c| cell_look(game, &one_shade, marks, c, &noted))
        .collect();
    let theme = &look.theme;
    let edge_style = |cell: Cell| {
        let mut style = look.dim().add_modifier(Modifier::empty());
        if marks.cursor == Some(cell) {
            style = Style::default()
                .fg(theme.marks.cursor)
                .add_modifier(Modifier::BOLD);
        } else if marks.line.contains(cell) || annotations.checked.contains(cell) {
            style = Style::default()
                .fg(theme.marks.check)
                .add_modifier(Modifier::BOLD);
        } else if marks.picked.contains(cell) {
            style = Style::default()
                .fg(theme.marks.selected)
                .add_modifier(Modifier::BOLD);
        }
        style
    };
    for row in 0..i32::from(area.height) {
        for col in 0..i32::from(area.width) {
            let (x, y) = (area.x + col as u16, area.y + row as u16);
            if let Some((stroke, cell)) = globe.edge(col, row) {
                // An edge takes the mark of either cell it parts.
                let mut style = edge_style(cell);
                if style == look.dim() {
                    let others = [(1, 0), (0, 1), (-1, 0), (0, -1)]
                        .into_iter()
                        .filter_map(|(dx, dy)| globe.id(col + dx, row + dy));
                    for o in others {
                        if edge_style(o) != look.dim() {
                            style = edge_style(o);
                        }
                    }
                }
                if style == look.dim() {
                    style = Style::default().fg(theme.board.mark);
                }
                if let Some(bg) = globe.id(col, row).and_then(|c| looks[c.index()].style.bg) {
                    style = style.bg(bg);
                }
                buf.set_string(x, y, stroke.glyph(ascii), style);
            } else if let Some(cell) = globe.id(col, row) {
                let bg = looks[cell.index()].style.bg.unwrap_or_default();
                buf.set_string(x, y, " ", Style::default().bg(bg));
            }
        }
    }
    far_targets_note(globe, game, look, marks, buf);
    let plain = squares_alike(&one_shade.theme);
    for cell in geo.cells() {
        let Some(((col, row), _)) = globe.anchor(geo, cell) else {
            continue;
        };
        let cl = &looks[cell.index()];
        let mut centre = cl.centre.clone();
        let triangle = layout::Spot::of(geo, cell).is_some_and(|s| s.triangle);
        if centre == " " && (plain || triangle) {
            centre = shade_mark(look.glyphs, geo.is_light(cell), triangle).into();
        }
        let room = |dx: i32| globe.clear_in(col + dx, row, cell);
        let (x, y) = (area.x + col as u16, area.y + row as u16);
        if room(-1) && room(1) {
            let right = cl.seat_mark.unwrap_or(&cl.right);
            buf.set_string(x - 1, y, &cl.left, cl.mark_style);
            buf.set_string(x, y, &centre, cl.style);
            buf.set_string(x + 1, y, right, cl.mark_style);
        } else {
            buf.set_string(x, y, &centre, cl.style);
        }
        if globe.radius >= NAMED_RADIUS {
            let name = geo.name(cell);
            let len = name.len() as i32;
            let start = col - len / 2;
            if (start..start + len).all(|c| globe.clear_in(c, row + 1, cell)) {
                let bg = cl.style.bg.unwrap_or_default();
                buf.set_string(area.x + start as u16, y + 1, name, look.dim().bg(bg));
            }
        }
    }
}

/// Where one disc only is drawn, the picked piece's targets on the other
/// hemisphere are counted under the disc ("+2 on Black's pole"), so no
/// target goes unmarked; `None` when there are none.
pub fn far_targets(globe: &Globe, game: &AnyGame, marks: &BoardMarks) -> Option<String> {
    let geo = game.geometry();
    let [disc] = globe.discs.as_slice() else {
        return None;
    };
    let far = marks
        .targets
        .iter()
        .filter(|c| layout::centre(geo, *c).is_some_and(|(_, lat)| (lat >= 0.0) != disc.north))
        .count();
    let seat = catboard::core::Seat(if disc.north { 1 } else { 0 });
    let name = crate::session::words::capitalise(game.seat_name(seat));
    (far > 0).then(|| format!("+{far} on {name}'s pole"))
}

/// Writes [`far_targets`] in the target's colour at the left of the
/// globe's last row, beside the disc's lowest point.
fn far_targets_note(
    globe: &Globe,
    game: &AnyGame,
    look: &Look,
    marks: &BoardMarks,
    buf: &mut Buffer,
) {
    let Some(note) = far_targets(globe, game, marks) else {
        return;
    };
    let used = globe.used();
    let room = (used.width / 2).saturating_sub(2) as usize;
    if note.chars().count() > room {
        return;
    }
    let style = Style::default()
        .fg(look.theme.marks.target)
        .add_modifier(Modifier::BOLD);
    buf.set_string(used.x, used.bottom() - 1, &note, style);
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    fn trace(width: u16, height: u16, view: MapView) -> (AnyGame, Globe) {
        let game = Variant::Polar.new_game(&Options::new());
        let globe = Globe::trace(game.geometry(), view, Rect::new(0, 0, width, height), true)
            .unwrap_or_else(|| panic!("{width}x{height} traces"));
        (game, globe)
    }

    #[test]
    fn every_cell_is_drawn_with_room_for_its_piece_at_every_size_and_turn() {
        for (width, height) in [(25, 14), (43, 22), (77, 38), (157, 58), (60, 20)] {
            for turn in (0..360).step_by(30) {
                for north_left in [true, false] {
                    let view = MapView {
                        turn: f64::from(turn),
                        north_left,
                    };
                    let (game, globe) = trace(width, height, view);
                    let geo = game.geometry();
                    let shown: Vec<Cell> = geo
                        .cells()
                        .filter(|c| {
                            globe.discs.iter().any(|d| {
                                d.north
                                    == layout::centre(geo, *c).is_some_and(|(_, lat)| lat >= 0.0)
                            })
                        })
                        .collect();
                    assert_eq!(shown.len(), if globe.discs() == 2 { 72 } else { 36 });
                    for cell in shown {
                        // From a radius of 9 rows every cell has a clear
                        // character for its piece; below, at least one.
                        let anchor = globe.anchor(geo, cell);
                        assert!(
                            anchor.is_some_and(|(_, clear)| clear || globe.radius < 9.0),
                            "{width}x{height} turn {turn}: {} has no room for its piece",
                            geo.name(cell)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_cells_cover_each_disc_without_a_hole_at_every_size_and_turn() {
        // Every character well inside a disc is some cell's (the four
        // cells at a pole left a hole round it when their edges to the
        // pole bowed).
        for (width, height) in [(25, 14), (43, 22), (77, 38), (157, 58), (60, 20)] {
            for turn in (0..360).step_by(15) {
                let view = MapView {
                    turn: f64::from(turn),
                    north_left: turn % 30 == 0,
                };
                let (_, globe) = trace(width, height, view);
                for disc in &globe.discs {
                    for row in 0..i32::from(height) {
                        for col in 0..i32::from(width) {
                            let dx = (f64::from(col) + 0.5 - disc.centre.0) / ASPECT;
                            let dy = f64::from(row) + 0.5 - disc.centre.1;
                            if dx.hypot(dy) < globe.radius * 0.9 {
                                assert!(
                                    globe.id(col, row).is_some(),
                                    "{width}x{height} turn {turn}: a hole at {col},{row}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_unmarked_cell_has_one_fill_and_the_outlines_show_the_shapes() {
        // Two shades of fill drew each rhombus as the staircase (a cross)
        // the character grid makes of it; one fill leaves the outline,
        // drawn in the board's mark colour, to show the shape, and the
        // shade is told by the mark in an empty cell.
        let look = Look::test_default();
        let view = MapView {
            turn: 0.0,
            north_left: true,
        };
        let (game, globe) = trace(157, 58, view);
        let mut buf = Buffer::empty(globe.area);
        render(&globe, &game, &look, &BoardMarks::default(), &mut buf);
        let mut fills = std::collections::BTreeSet::new();
        let mut outline = 0;
        for row in 0..58u16 {
            for col in 0..157u16 {
                let Some(cell) = globe.cell_at(col, row) else {
                    continue;
                };
                let at = &buf[(col, row)];
                fills.insert(format!("{:?}", at.bg));
                if globe.edge(i32::from(col), i32::from(row)).is_some() {
                    assert_eq!(
                        at.fg,
                        look.theme.board.mark,
                        "{}",
                        game.geometry().name(cell)
                    );
                    outline += 1;
                }
            }
        }
        assert_eq!(fills.len(), 1, "fills {fills:?}");
        assert!(outline > 0);
        let geo = game.geometry();
        let shades: std::collections::BTreeSet<_> = geo
            .cells()
            .filter(|c| game.piece_at(*c).is_none())
            .filter_map(|c| globe.anchor(geo, c))
            .map(|((col, row), _)| buf[(col as u16, row as u16)].symbol().to_string())
            .collect();
        assert!(shades.contains("□") && shades.contains("■"), "{shades:?}");
    }

    #[test]
    fn one_press_of_a_turning_key_moves_every_cell_only_a_little() {
        // A press turns the globe a small step: on a large globe every
        // cell's piece moves less than a third of the radius (a 45° step
        // moved the rim's cells most of a radius: the whole drawing
        // changed).
        let step = f64::from(crate::session::keymap::ROTATE_STEP);
        for north_left in [true, false] {
            let mut turn = 0.0;
            while turn < 360.0 {
                let view = |turn| MapView { turn, north_left };
                let (game, before) = trace(157, 58, view(turn));
                let (_, after) = trace(157, 58, view(turn + step));
                let geo = game.geometry();
                for cell in geo.cells() {
                    let (Some(((x0, y0), _)), Some(((x1, y1), _))) =
                        (before.anchor(geo, cell), after.anchor(geo, cell))
                    else {
                        panic!("{} drawn", geo.name(cell));
                    };
                    let moved = (f64::from(x1 - x0) / ASPECT).hypot(f64::from(y1 - y0));
                    assert!(
                        moved < before.radius / 3.0,
                        "turn {turn}: {} moved {moved:.1} rows",
                        geo.name(cell)
                    );
                }
                turn += step;
            }
        }
    }

    #[test]
    fn neighbours_meet_on_the_drawing_and_strangers_do_not() {
        // Two cells drawn next to each other (a character of one beside a
        // character of the other, or an edge between) are neighbours on the
        // sphere: the drawing shows no adjacency the board does not have.
        let (game, globe) = trace(
            157,
            58,
            MapView {
                turn: 0.0,
                north_left: true,
            },
        );
        let geo = game.geometry();
        for row in 0..i32::from(globe.area.height) {
            for col in 0..i32::from(globe.area.width) {
                let (Some(a), Some(b)) = (globe.id(col, row), globe.id(col + 1, row)) else {
                    continue;
                };
                assert!(
                    a == b || geo.neighbours(a).iter().any(|n| n.cell == b),
                    "{} beside {} at {col},{row}",
                    geo.name(a),
                    geo.name(b)
                );
            }
        }
    }
}
