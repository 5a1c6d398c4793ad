//! The list of every cell of the sphere, beside the globe (or instead of
//! it where both do not fit): the 72 cells grouped as the sphere is, by
//! pole, ring and triangle (each pole's four central cells, its ring of
//! twelve, then its band five cells to a group round each equator
//! triangle), each cell on a row of its own with its shade and shape,
//! its occupant and its mark (check, picked, a target, the hint, the
//! last move). The cursor is the globe's: its row is highlighted and
//! kept in view, the list flowing into as many columns as its room has.
//! Narrow, a row leaves out the occupant in words (its glyph stays), a
//! heading takes its short form: nothing is cut inside a word.

use super::super::Look;
use super::super::board::BoardMarks;
use super::map::shade_mark;
use crate::session::describe::piece_words;
use crate::session::words::capitalise;
use crate::ui::glyphs::GlyphDrawing;
use catboard::core::sphere::{Circle, Spot, list_order};
use catboard::core::{Cell, Game, Geometry, Seat};
use catboard::variants::AnyGame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

/// The columns a row with its occupant in words wants: the pointer, the
/// name, the shade, the glyph, the words ("white bishop") and the mark.
pub const WIDE: u16 = 30;

/// The fewest columns the list is given: a row without the occupant's
/// words, and every heading's short form.
pub const NARROW: u16 = 16;

/// Columns between two columns of the list.
const COLUMN_GAP: u16 = 2;

/// The widest occupant in words (`white bishop`, `black knight`).
const WORDS: usize = 12;

/// One row of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// The heading of a group: its hemisphere, ring and (in the band) the
    /// triangle it lies round.
    Heading {
        north: bool,
        ring: Circle,
        triangle: Option<Cell>,
    },
    /// A cell.
    Cell(Cell),
}

/// The rows in order: a heading before each group, then its cells.
fn rows(geo: &Geometry) -> Vec<Row> {
    let order = list_order(geo);
    let mut out = Vec::with_capacity(order.len() + 14);
    let mut group = None;
    for (i, &cell) in order.iter().enumerate() {
        let Some(spot) = Spot::of(geo, cell) else {
            continue;
        };
        // The band's groups are the five cells of one octant, its
        // triangle in the middle (the list's order walks them eastwards).
        let octant = (spot.ring == Circle::Band).then_some(spot.index / 5);
        let key = (spot.north, spot.ring, octant);
        if group != Some(key) {
            group = Some(key);
            let triangle = octant.and_then(|_| {
                order[i..]
                    .iter()
                    .take(5)
                    .find(|c| Spot::of(geo, **c).is_some_and(|s| s.triangle))
                    .copied()
            });
            out.push(Row::Heading {
                north: spot.north,
                ring: spot.ring,
                triangle,
            });
        }
        out.push(Row::Cell(cell));
    }
    out
}

/// A heading's forms, longest first: the list uses the longest that fits.
fn heading_forms(game: &AnyGame, north: bool, ring: Circle, triangle: Option<Cell>) -> [String; 2] {
    let who = capitalise(game.seat_name(Seat(u8::from(!north))));
    let geo = game.geometry();
    match (ring, triangle) {
        (Circle::Central, _) => [
            format!("{who}'s four central cells"),
            format!("{who} central"),
        ],
        (Circle::Ring, _) => [format!("{who}'s ring of twelve"), format!("{who} ring")],
        (_, Some(t)) => [
            format!("{who}'s band round {}", geo.name(t)),
            format!("{who} band {}", geo.name(t)),
        ],
        (_, None) => [format!("{who}'s band"), format!("{who} band")],
    }
}

/// The mark of `cell` in words, the most telling one: check, picked, a
/// capture or move target, the hint, the last move.
fn mark_word(game: &AnyGame, marks: &BoardMarks, cell: Cell) -> &'static str {
    if game.annotations().checked.contains(cell) {
        "check"
    } else if marks.picked.contains(cell) {
        "picked"
    } else if marks.captures.contains(cell) {
        "take"
    } else if marks.targets.contains(cell) {
        "move"
    } else if marks.hint.contains(cell) {
        "hint"
    } else if marks.last_move.contains(cell) {
        "last"
    } else {
        ""
    }
}

/// The style of a mark word: a check as an error, the others as emphasis
/// (the word, not its colour, says which).
fn mark_style(look: &Look, mark: &str) -> Style {
    if mark == "check" {
        look.error()
    } else {
        look.accent()
    }
}

/// Every line of the list, `width` columns at most, and the index of the
/// cursor's line (the first line when the cursor is on no row).
pub fn lines(
    game: &AnyGame,
    look: &Look,
    marks: &BoardMarks,
    width: u16,
) -> (Vec<Line<'static>>, usize) {
    let geo = game.geometry();
    let width = usize::from(width);
    let wide = width >= usize::from(WIDE);
    let pointer = look.glyphs.marks().pointer;
    let mut out = Vec::new();
    let mut cursor_line = 0;
    for row in rows(geo) {
        let cell = match row {
            Row::Heading {
                north,
                ring,
                triangle,
            } => {
                let forms = heading_forms(game, north, ring, triangle);
                let text = forms
                    .iter()
                    .find(|f| f.width() <= width)
                    .cloned()
                    .unwrap_or_else(|| whole_words(&forms[1], width));
                out.push(Line::styled(text, look.accent()));
                continue;
            }
            Row::Cell(cell) => cell,
        };
        let here = marks.cursor == Some(cell);
        if here {
            cursor_line = out.len();
        }
        let spot = Spot::of(geo, cell);
        let shade = shade_mark(
            look.glyphs,
            geo.is_light(cell),
            spot.is_some_and(|s| s.triangle),
        );
        let row_style = if here { look.highlight() } else { look.text() };
        let (glyph, words, glyph_style) = match game.piece_at(cell) {
            Some(p) => (
                look.glyphs.piece_text(game, p),
                piece_words(game, p),
                Style::default().fg(look.theme.seat_colour(p.seat().index())),
            ),
            None => (String::new(), String::new(), look.dim()),
        };
        let lead = format!(
            "{}{:<3} {shade} ",
            if here { pointer } else { " " },
            geo.name(cell)
        );
        let glyph_text = format!("{glyph:<2}");
        let mut spans = vec![
            Span::styled(lead, row_style),
            Span::styled(glyph_text, if here { row_style } else { glyph_style }),
        ];
        if wide {
            spans.push(Span::styled(format!(" {words:<WORDS$}"), row_style));
        }
        let mark = mark_word(game, marks, cell);
        if !mark.is_empty() {
            spans.push(Span::styled(" ", row_style));
            spans.push(Span::styled(
                mark,
                if here {
                    row_style
                } else {
                    mark_style(look, mark)
                },
            ));
        }
        out.push(Line::from(spans));
    }
    (out, cursor_line)
}

/// The words of `text` that fit in `width` columns, whole.
fn whole_words(text: &str, width: usize) -> String {
    let mut out = String::new();
    for word in text.split(' ') {
        let next = if out.is_empty() {
            word.to_string()
        } else {
            format!("{out} {word}")
        };
        if next.width() > width {
            break;
        }
        out = next;
    }
    out
}

/// How many rows the list has (cells and headings) on `geo`.
pub fn row_count(geo: &Geometry) -> usize {
    rows(geo).len()
}

/// The columns the whole list wants in `height` rows, at most `most`:
/// as many columns as it takes to show every row, of [`WIDE`] where they
/// fit, else of [`NARROW`]; where neither fits, as many wide columns as
/// do.
pub fn wanted_width(geo: &Geometry, height: u16, most: u16) -> u16 {
    let needed = row_count(geo).div_ceil(usize::from(height.max(1))).max(1) as u16;
    let span = |columns: u16, width: u16| columns * width + (columns - 1) * COLUMN_GAP;
    [WIDE, NARROW]
        .into_iter()
        .map(|w| span(needed, w))
        .find(|w| *w <= most)
        .unwrap_or_else(|| span(((most + COLUMN_GAP) / (WIDE + COLUMN_GAP)).max(1), WIDE))
}

/// How the list is flowed into `area`: its columns, each column's width,
/// and the first line shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flow {
    /// Columns of the list side by side.
    pub columns: u16,
    /// The width of each column.
    pub column_width: u16,
    /// The first line shown (the list scrolled to keep the cursor in
    /// view).
    pub top: usize,
}

impl Flow {
    /// The flow of a list of `total` lines in `area`, the line
    /// `cursor_line` in view when `follow`.
    pub fn of(area: Rect, total: usize, cursor_line: usize, follow: bool) -> Flow {
        let height = usize::from(area.height.max(1));
        let fit = |width: u16| (area.width + COLUMN_GAP) / (width + COLUMN_GAP);
        let needed = total.div_ceil(height).max(1) as u16;
        // Every row shown in wide columns, or else in narrow ones; where
        // neither shows them all, as many wide columns as fit, scrolled.
        let columns = if fit(WIDE) >= needed || fit(NARROW) >= needed {
            needed
        } else {
            fit(WIDE).max(1)
        };
        let column_width = if columns == 1 {
            area.width
        } else {
            (area.width - (columns - 1) * COLUMN_GAP) / columns
        };
        let room = height * usize::from(columns);
        let top = if follow {
            scroll(total, cursor_line, room)
        } else {
            0
        };
        Flow {
            columns,
            column_width,
            top,
        }
    }

    /// Where line `index` of the list is drawn in `area`, if shown.
    pub fn place(self, area: Rect, index: usize) -> Option<(u16, u16)> {
        let height = usize::from(area.height);
        let shown = index.checked_sub(self.top)?;
        let column = (shown / height.max(1)) as u16;
        (column < self.columns).then(|| {
            (
                area.x + column * (self.column_width + COLUMN_GAP),
                area.y + (shown % height) as u16,
            )
        })
    }
}

/// The first line to show so the cursor's line stays in view, near the
/// middle of the `room` lines shown where the list allows.
fn scroll(total: usize, cursor_line: usize, room: usize) -> usize {
    cursor_line
        .saturating_sub(room / 2)
        .min(total.saturating_sub(room))
}

/// The cell whose row is drawn at `at` in the list's `area`, the cursor
/// on `cursor` (what a click on the list picks).
pub fn cell_at(geo: &Geometry, cursor: Cell, area: Rect, at: (u16, u16)) -> Option<Cell> {
    let rows = rows(geo);
    let cursor_line = rows
        .iter()
        .position(|r| *r == Row::Cell(cursor))
        .unwrap_or(0);
    let flow = Flow::of(area, rows.len(), cursor_line, true);
    rows.iter().enumerate().find_map(|(i, row)| {
        let (x, y) = flow.place(area, i)?;
        let hit = y == at.1 && (x..x + flow.column_width).contains(&at.0);
        match row {
            Row::Cell(cell) if hit => Some(*cell),
            _ => None,
        }
    })
}

/// Draws the list into `area`; `follow` keeps the cursor's line in view
/// (the screen reader view's still list starts at its top whatever the
/// cursor). Returns the flow drawn.
pub fn render(
    game: &AnyGame,
    look: &Look,
    marks: &BoardMarks,
    area: Rect,
    follow: bool,
    buf: &mut Buffer,
) -> Flow {
    let probe = Flow::of(area, row_count(game.geometry()), 0, false);
    let (lines, cursor_line) = lines(game, look, marks, probe.column_width);
    let flow = Flow::of(area, lines.len(), cursor_line, follow);
    for (i, line) in lines.iter().enumerate() {
        if let Some((x, y)) = flow.place(area, i) {
            buf.set_line(x, y, line, flow.column_width);
        }
    }
    flow
}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    #[test]
    fn the_list_scrolls_to_keep_the_cursor_in_view() {
        assert_eq!(scroll(86, 0, 20), 0);
        assert_eq!(scroll(86, 30, 20), 20);
        assert_eq!(scroll(86, 85, 20), 66);
        assert_eq!(scroll(10, 5, 20), 0);
        for cursor in 0..86 {
            let top = scroll(86, cursor, 20);
            assert!(top <= cursor && cursor < top + 20, "{cursor}");
        }
    }

    #[test]
    fn every_cell_is_listed_once_under_its_pole_ring_and_triangle() {
        let game = Variant::Polar.new_game(&Options::new());
        let geo = game.geometry();
        let rows = rows(geo);
        let cells: Vec<Cell> = rows
            .iter()
            .filter_map(|r| match r {
                Row::Cell(c) => Some(*c),
                Row::Heading { .. } => None,
            })
            .collect();
        let mut unique = cells.clone();
        unique.sort_by_key(|c| c.0);
        unique.dedup();
        assert_eq!((cells.len(), unique.len()), (72, 72));
        // Each pole: its central four, its ring and four triangles' bands.
        assert_eq!(rows.len(), 72 + 2 * 6);
        let mut heading = None;
        for row in rows {
            match row {
                Row::Heading {
                    north,
                    ring,
                    triangle,
                } => heading = Some((north, ring, triangle)),
                Row::Cell(cell) => {
                    let spot = Spot::of(geo, cell).unwrap_or_else(|| panic!("{cell:?}"));
                    let (north, ring, triangle) = heading.unwrap_or_else(|| panic!("no heading"));
                    assert_eq!((spot.north, spot.ring), (north, ring));
                    if let Some(t) = triangle {
                        // A band's group shares the octant of its triangle.
                        assert_eq!(geo.place(t).0, geo.place(cell).0, "{}", geo.name(cell));
                    }
                }
            }
        }
    }
}
