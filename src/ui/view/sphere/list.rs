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

/// How the list keeps the cursor's row in view where it does not show
/// whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Scrolled a row at a time, the cursor's row near the middle (the
    /// list beside the globe, its cursor's row highlighted).
    Centred,
    /// A page at a time: the page that holds the cursor's row, the last
    /// row saying which page it is (the screen reader view, where a
    /// cursor key that stays on the page changes nothing in the list).
    Paged,
}

/// How the list is flowed into `area`: its columns, each column's width,
/// the rows of each column, and the first line shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flow {
    /// Columns of the list side by side.
    pub columns: u16,
    /// The width of each column.
    pub column_width: u16,
    /// The rows of lines in each column (the area's, less the page's
    /// row where the list is paged).
    pub rows: u16,
    /// The first line shown (the list scrolled to keep the cursor in
    /// view).
    pub top: usize,
    /// Where the list is paged, the page shown and the number of pages.
    pub page: Option<(usize, usize)>,
}

impl Flow {
    /// The flow of a list of `total` lines in `area`, the line
    /// `cursor_line` in view, kept as `keep` says.
    pub fn of(area: Rect, total: usize, cursor_line: usize, keep: Keep) -> Flow {
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
        let whole = height * usize::from(columns) >= total;
        let paged = keep == Keep::Paged && !whole && height > 1;
        let rows = if paged { height - 1 } else { height };
        let room = rows * usize::from(columns);
        let (top, page) = if paged {
            let page = cursor_line.min(total.saturating_sub(1)) / room;
            (page * room, Some((page, total.div_ceil(room))))
        } else {
            (scroll(total, cursor_line, room), None)
        };
        Flow {
            columns,
            column_width,
            rows: rows as u16,
            top,
            page,
        }
    }

    /// Where line `index` of the list is drawn in `area`, if shown.
    pub fn place(self, area: Rect, index: usize) -> Option<(u16, u16)> {
        let height = usize::from(self.rows.max(1));
        let shown = index.checked_sub(self.top)?;
        let column = (shown / height) as u16;
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

/// The line of `cursor`'s row in the list (the first line when it has
/// none).
fn line_of(geo: &Geometry, cursor: Cell) -> usize {
    rows(geo)
        .iter()
        .position(|r| *r == Row::Cell(cursor))
        .unwrap_or(0)
}

/// The cell whose row is drawn at `at` in the list's `area`, the cursor
/// on `cursor` (what a click on the list picks).
pub fn cell_at(geo: &Geometry, cursor: Cell, area: Rect, at: (u16, u16)) -> Option<Cell> {
    let rows = rows(geo);
    let flow = Flow::of(area, rows.len(), line_of(geo, cursor), Keep::Centred);
    rows.iter().enumerate().find_map(|(i, row)| {
        let (x, y) = flow.place(area, i)?;
        let hit = y == at.1 && (x..x + flow.column_width).contains(&at.0);
        match row {
            Row::Cell(cell) if hit => Some(*cell),
            _ => None,
        }
    })
}

/// The first cell of each page of the list in `area` kept as `keep`
/// (pages of as many lines as show at once); empty where the list shows
/// whole. What PageUp and PageDown move the cursor between: paged, the
/// first cell of each page; centred (the cursor's row in the middle),
/// the cell a page further down, pages overlapping by two lines, so that
/// every line shows on one of them.
pub fn page_starts(geo: &Geometry, area: Rect, keep: Keep) -> Vec<Cell> {
    let rows = rows(geo);
    let flow = Flow::of(area, rows.len(), 0, keep);
    let room = usize::from(flow.rows) * usize::from(flow.columns);
    if room >= rows.len() || room == 0 {
        return Vec::new();
    }
    let cell_from = |line: usize| {
        rows[line.min(rows.len() - 1)..]
            .iter()
            .chain(rows.iter().rev())
            .find_map(|r| match r {
                Row::Cell(c) => Some(*c),
                Row::Heading { .. } => None,
            })
    };
    let lines: Vec<usize> = match keep {
        Keep::Paged => (0..rows.len()).step_by(room).collect(),
        Keep::Centred => {
            let step = room.saturating_sub(2).max(1);
            let mut lines = vec![0];
            let mut centre = room / 2;
            while centre - room / 2 + room < rows.len() {
                centre += step;
                lines.push(centre);
            }
            lines
        }
    };
    let mut starts: Vec<Cell> = lines.into_iter().filter_map(cell_from).collect();
    starts.dedup();
    starts
}

/// The row saying which page of the list is shown, in `width` columns:
/// the longest form that fits.
fn page_line(page: usize, pages: usize, width: u16) -> String {
    let (n, of) = (page + 1, pages);
    [
        format!("Page {n} of {of} of the cells: PgUp, PgDn"),
        format!("Page {n} of {of}: PgUp, PgDn"),
        format!("Page {n} of {of}"),
        format!("{n}/{of}"),
    ]
    .into_iter()
    .find(|f| f.width() <= usize::from(width))
    .unwrap_or_default()
}

/// Draws the list into `area`, the cursor on `cursor` kept in view as
/// `keep` says (its row highlighted where `marks` has the cursor; the
/// screen reader view's still list marks no row). Returns the flow
/// drawn.
pub fn render(
    game: &AnyGame,
    look: &Look,
    marks: &BoardMarks,
    area: Rect,
    (cursor, keep): (Cell, Keep),
    buf: &mut Buffer,
) -> Flow {
    let geo = game.geometry();
    let probe = Flow::of(area, row_count(geo), 0, keep);
    let (lines, _) = lines(game, look, marks, probe.column_width);
    let flow = Flow::of(area, lines.len(), line_of(geo, cursor), keep);
    for (i, line) in lines.iter().enumerate() {
        if let Some((x, y)) = flow.place(area, i) {
            buf.set_line(x, y, line, flow.column_width);
        }
    }
    if let Some((page, pages)) = flow.page {
        let text = page_line(page, pages, area.width);
        buf.set_stringn(
            area.x,
            area.y + flow.rows,
            text,
            usize::from(area.width),
            look.dim(),
        );
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

    /// Every size of the list's room the screen can give it.
    fn rooms() -> impl Iterator<Item = Rect> {
        (NARROW..=130)
            .step_by(3)
            .flat_map(|w| (4..=64).map(move |h| Rect::new(2, 1, w, h)))
    }

    #[test]
    fn the_cursors_row_is_always_shown_and_every_row_can_be_reached() {
        let game = Variant::Polar.new_game(&Options::new());
        let geo = game.geometry();
        let rows = rows(geo);
        let cells: Vec<(usize, Cell)> = rows
            .iter()
            .enumerate()
            .filter_map(|(i, r)| match r {
                Row::Cell(c) => Some((i, *c)),
                Row::Heading { .. } => None,
            })
            .collect();
        for area in rooms() {
            for keep in [Keep::Centred, Keep::Paged] {
                let shown = |cursor: Cell| {
                    let flow = Flow::of(area, rows.len(), line_of(geo, cursor), keep);
                    let lines: Vec<usize> = (0..rows.len())
                        .filter(|i| flow.place(area, *i).is_some())
                        .collect();
                    assert!(
                        lines.iter().all(|i| {
                            let (x, y) = flow.place(area, *i).unwrap_or_default();
                            area.contains((x, y).into()) && y < area.y + flow.rows
                        }),
                        "{area:?} {keep:?}: a line placed outside"
                    );
                    lines
                };
                let mut reached = vec![false; rows.len()];
                for &(line, cell) in &cells {
                    let lines = shown(cell);
                    assert!(
                        lines.contains(&line),
                        "{area:?} {keep:?}: the cursor's row {} not shown",
                        geo.name(cell)
                    );
                    for i in lines {
                        reached[i] = true;
                    }
                }
                assert!(reached.iter().all(|r| *r), "{area:?} {keep:?}: {reached:?}");
                // Paging from the first page's first cell to each next
                // page's reaches every row too.
                let mut paged = vec![false; rows.len()];
                let starts = page_starts(geo, area, keep);
                let starts = if starts.is_empty() {
                    vec![cells[0].1]
                } else {
                    starts
                };
                for start in starts {
                    for i in shown(start) {
                        paged[i] = true;
                    }
                }
                assert!(
                    paged.iter().all(|r| *r),
                    "{area:?} {keep:?}: paged {paged:?}"
                );
            }
        }
    }

    #[test]
    fn a_paged_list_turns_only_when_the_cursor_leaves_its_page() {
        let game = Variant::Polar.new_game(&Options::new());
        let geo = game.geometry();
        let area = Rect::new(1, 0, 40, 20);
        let total = row_count(geo);
        let flow = |line| Flow::of(area, total, line, Keep::Paged);
        // 19 rows a page and a row saying which it is.
        assert_eq!((flow(0).rows, flow(0).page), (19, Some((0, 5))));
        assert_eq!(flow(18).top, 0);
        assert_eq!((flow(19).top, flow(19).page), (19, Some((1, 5))));
        assert_eq!(flow(83).page, Some((4, 5)));
        assert_eq!(page_starts(geo, area, Keep::Paged).len(), 5);
        // Shown whole, it neither pages nor scrolls.
        let tall = Rect::new(1, 0, 40, 90);
        assert_eq!(Flow::of(tall, total, 80, Keep::Paged).page, None);
        assert!(page_starts(geo, tall, Keep::Paged).is_empty());
        assert_eq!(page_line(1, 5, 80), "Page 2 of 5 of the cells: PgUp, PgDn");
        assert_eq!(page_line(1, 5, 12), "Page 2 of 5");
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
