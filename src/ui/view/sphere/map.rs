//! The map: one hemisphere drawn as concentric rings round its pole (the
//! 4 central cells, the ring of 12, the band of 20 whose triangles sit on
//! the equator), each cell a three-column token (marks either side of the
//! piece or, on an empty cell, its shade: `□`/`■` for a light or dark
//! quadrilateral, `△`/`▲` for a triangle), with the same marks as the grid
//! board: cursor brackets, picks, targets, captures, check, last move.

use super::super::Look;
use super::super::board::{BoardMarks, Noted, cell_look};
use crate::session::look::GlyphSet;
use catboard::core::{Cell, Game};
use catboard::variants::AnyGame;
use catboard::variants::polar::layout::Spot;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// Columns per ring width on the map.
const COLUMNS_PER_RING: f64 = 4.5;
/// Rows per ring width on the map (terminal cells are about twice as tall as wide).
const ROWS_PER_RING: f64 = 1.7;

/// The room one hemisphere's disc takes, its title row included.
pub const DISC: (u16, u16) = (31, 12);

/// Where `cell` of `north`'s hemisphere is drawn in a disc whose top-left
/// corner is (0, 0): the column of the token's middle and the row
/// (the title row is row 0).
pub fn token_place(spot: Spot, north: bool) -> (u16, u16) {
    let (x, y) = spot.map_point(north);
    let centre = (f64::from(DISC.0 / 2), f64::from(DISC.1 / 2));
    let col = (centre.0 + x * COLUMNS_PER_RING).round().max(1.0);
    let row = (centre.1 + y * ROWS_PER_RING).round().max(1.0);
    (col as u16, row as u16)
}

/// The shade of an empty cell as a mark: light or dark, quadrilateral or
/// triangle, so neither colour nor shape is told by colour alone.
pub fn shade_mark(glyphs: GlyphSet, light: bool, triangle: bool) -> &'static str {
    match (glyphs == GlyphSet::Ascii, light, triangle) {
        (false, true, false) => "□",
        (false, false, false) => "■",
        (false, true, true) => "△",
        (false, false, true) => "▲",
        (true, true, false) => "-",
        (true, false, false) => "#",
        (true, true, true) => "^",
        (true, false, true) => "A",
    }
}

/// One hemisphere's disc.
pub struct HemisphereMap<'a> {
    /// The game drawn.
    pub game: &'a AnyGame,
    /// Colours and glyphs.
    pub look: &'a Look,
    /// The marks.
    pub marks: &'a BoardMarks,
    /// The northern (White's) hemisphere, else the southern (Black's).
    pub north: bool,
}

impl HemisphereMap<'_> {
    /// The disc's title.
    fn title(&self) -> String {
        let seat = if self.north { 0 } else { 1 };
        let name =
            crate::session::words::capitalise(self.game.seat_name(catboard::core::Seat(seat)));
        let half = if self.north { "north" } else { "south" };
        format!("{name}'s pole ({half})")
    }
}

impl Widget for HemisphereMap<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let geo = self.game.geometry();
        let annotations = self.game.annotations();
        let noted = Noted {
            checked: &annotations.checked,
            zones: &annotations.zones,
            disarmed: &annotations.disarmed,
        };
        let title = self.title();
        let pad = (area.width as usize).saturating_sub(title.chars().count()) / 2;
        buf.set_stringn(
            area.x + pad as u16,
            area.y,
            &title,
            area.width as usize,
            self.look.accent(),
        );
        let cells: Vec<(Cell, Spot)> = geo
            .cells()
            .filter_map(|c| Spot::of(geo, c).map(|s| (c, s)))
            .filter(|(_, s)| s.north == self.north)
            .collect();
        for (cell, spot) in cells {
            let (col, row) = token_place(spot, self.north);
            let (x, y) = (area.x + col - 1, area.y + row);
            if x + 3 > area.right() || y >= area.bottom() {
                continue;
            }
            let mut cl = cell_look(self.game, self.look, self.marks, cell, &noted);
            if cl.centre == " " {
                cl.centre = shade_mark(self.look.glyphs, geo.is_light(cell), spot.triangle).into();
            }
            let right = cl.seat_mark.unwrap_or(&cl.right);
            let text = format!("{}{}{}", cl.left, cl.centre, right);
            buf.set_stringn(x, y, text, 3, cl.style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    #[test]
    fn no_two_tokens_of_a_disc_touch() {
        let game = Variant::Polar.new_game(&Options::new());
        let geo = game.geometry();
        for north in [true, false] {
            let places: Vec<(u16, u16)> = geo
                .cells()
                .filter_map(|c| Spot::of(geo, c))
                .filter(|s| s.north == north)
                .map(|s| token_place(s, north))
                .collect();
            assert_eq!(places.len(), 36);
            for (i, a) in places.iter().enumerate() {
                assert!(a.0 >= 1 && a.0 + 2 <= DISC.0 && a.1 >= 1 && a.1 < DISC.1);
                for b in &places[i + 1..] {
                    // On one row, three columns each and a gap between.
                    assert!(a.1 != b.1 || a.0.abs_diff(b.0) >= 4, "{a:?} {b:?}");
                }
            }
        }
    }
}
