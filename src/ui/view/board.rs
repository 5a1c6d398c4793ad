//! The grid-board widget: every cell drawn from the game's piece, the
//! theme and the marks (cursor, picks, next picks, hint, last move, check,
//! zones, disarmed pieces), at any cell size from 2 × 1 to 13 × 6 columns
//! and rows, glyph centred, pieces drawn as pictures from 7 × 3 on. Cells are placed by the geometry's drawing
//! places turned by the [`Orientation`], so any board the library
//! describes draws, from any seat.
//!
//! Nothing is told by colour alone: besides its background, a zone's cells
//! carry the zone mark (`░`, or `:` in ASCII) beside or instead of a piece
//! and in their corners, a disarmed piece the disarmed mark (`⊘`, or `~`)
//! on its right, the cursor brackets and (in cells two rows or taller)
//! corner marks. A seat's region (a BacCanCat camp) is tinted toward the
//! seat's colour where the theme can; where it cannot (mono, 16 colours)
//! its cells carry the camp mark (`·`, or `.`) in their lower left corner,
//! which in one-row cells is the column left of the glyph. Boards of four
//! armies take the theme's `[armies]` colours ([`Theme::for_armies`]).

use super::Look;
use super::piece_art::{ART_HEIGHT, ART_WIDTH, BIG_FROM, Picture, picture};
use crate::session::orientation::{Orientation, drawing_extent};
use crate::ui::glyphs::GlyphDrawing;
use crate::ui::theme::Theme;
use catboard::core::{Cell, CellSet, Game, Geometry, Piece, PieceKind, Seat};
use catboard::variants::AnyGame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;
use unicode_width::UnicodeWidthStr;

/// What the board marks besides the pieces.
#[derive(Clone, Debug, Default)]
pub struct BoardMarks {
    /// The cursor's cell.
    pub cursor: Option<Cell>,
    /// The cells picked for the move being entered (origin, first leg).
    pub picked: CellSet,
    /// Cells that may be picked next.
    pub targets: CellSet,
    /// Next picks where the move would capture.
    pub captures: CellSet,
    /// The two cells of the suggested move.
    pub hint: CellSet,
    /// The last move's cells.
    pub last_move: CellSet,
    /// The cells of an attack's line: the rays by which a king is in
    /// check, or which the picked piece's moves run along.
    pub line: CellSet,
    /// Picked cells that finish a two-leg move when picked again (a
    /// Lion's first leg taken: stop there, or go back to the origin).
    pub finish: CellSet,
    /// Cells marked each with a mark and a colour of their own: how a
    /// piece reaches them, in the moves-at-a-glance view. An empty cell
    /// shows the mark in its middle, on the colour.
    pub reach: Vec<(CellSet, &'static str, Color)>,
}

/// Cell sizes (columns, rows) the board is drawn at, smallest first: about
/// two columns to a row, as terminal characters are about twice as tall as wide.
/// From 7 × 3 pieces are drawn as pictures ([`super::piece_art`]).
pub const CELL_SIZES: [(u16, u16); 8] = [
    (2, 1),
    (3, 1),
    (4, 2),
    (5, 2),
    (7, 3),
    (9, 4),
    (11, 5),
    (13, 6),
];

/// How big the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    /// Columns of cells on screen.
    pub cols: u16,
    /// Rows of cells on screen.
    pub rows: u16,
    /// Columns per cell.
    pub cell_width: u16,
    /// Rows per cell.
    pub cell_height: u16,
    /// Columns taken by the row labels (and their gap).
    pub label_width: u16,
}

impl BoardSize {
    /// Every size the board of `geo` can be drawn at seen `orientation`, smallest first.
    pub fn all(geo: &Geometry, orientation: Orientation) -> impl Iterator<Item = BoardSize> {
        let extent = drawing_extent(geo);
        let (cols, rows) = orientation.screen_extent(extent);
        let labels = Labels::of(geo, orientation);
        let label_width = labels
            .rows
            .iter()
            .map(|l| l.width() as u16)
            .max()
            .map_or(0, |w| w + 1);
        CELL_SIZES
            .into_iter()
            .map(move |(cell_width, cell_height)| BoardSize {
                cols,
                rows,
                cell_width,
                cell_height,
                label_width,
            })
    }

    /// The biggest size that fits `room`, or `None` when even the smallest does not.
    pub fn fit(geo: &Geometry, orientation: Orientation, room: (u16, u16)) -> Option<BoardSize> {
        BoardSize::all(geo, orientation)
            .filter(|s| s.width() <= room.0 && s.height() <= room.1)
            .last()
    }

    /// The smallest room the board can be drawn in.
    pub fn minimum(geo: &Geometry, orientation: Orientation) -> (u16, u16) {
        BoardSize::all(geo, orientation)
            .next()
            .map_or((0, 0), |s| (s.width(), s.height()))
    }

    /// Total width, labels included.
    pub fn width(&self) -> u16 {
        self.label_width + self.cols * self.cell_width
    }

    /// Total height: the cells plus the label row.
    pub fn height(&self) -> u16 {
        self.rows * self.cell_height + 1
    }
}

/// The longest start that every one of `names` shares.
fn common_prefix<'a>(names: &[&'a str]) -> &'a str {
    let Some(first) = names.first() else {
        return "";
    };
    let mut len = first.len();
    for name in &names[1..] {
        len = first
            .char_indices()
            .zip(name.chars())
            .take_while(|((_, a), b)| a == b)
            .map(|((i, a), _)| i + a.len_utf8())
            .last()
            .unwrap_or(0)
            .min(len);
    }
    &first[..len]
}

/// The longest end that every one of `names` shares.
fn common_suffix<'a>(names: &[&'a str]) -> &'a str {
    let Some(first) = names.first() else {
        return "";
    };
    let mut start = 0;
    for name in &names[1..] {
        let shared = first
            .chars()
            .rev()
            .zip(name.chars().rev())
            .take_while(|(a, b)| a == b)
            .map(|(a, _)| a.len_utf8())
            .sum::<usize>();
        start = start.max(first.len() - shared);
    }
    &first[start..]
}

/// The labels beside the board: one per screen row (top first) and one per
/// screen column (left first); none for a board that is no grid.
struct Labels {
    rows: Vec<String>,
    cols: Vec<String>,
}

impl Labels {
    fn of(geo: &Geometry, orientation: Orientation) -> Labels {
        if geo.grid_size().is_none() {
            return Labels {
                rows: Vec::new(),
                cols: Vec::new(),
            };
        }
        let extent = drawing_extent(geo);
        let (cols, rows) = orientation.screen_extent(extent);
        // A file's label is what its cells' names share at the start (`a`
        // of a1…a8, `b` of ba…bp); a rank's, what they share at the end.
        let mut files: Vec<Vec<&str>> = vec![Vec::new(); extent.0 as usize];
        let mut ranks: Vec<Vec<&str>> = vec![Vec::new(); extent.1 as usize];
        for cell in geo.cells() {
            let (x, y) = geo.place(cell);
            files[x as usize].push(geo.name(cell));
            ranks[y as usize].push(geo.name(cell));
        }
        let file_label: Vec<String> = files.iter().map(|n| common_prefix(n).to_string()).collect();
        let rank_label: Vec<String> = ranks.iter().map(|n| common_suffix(n).to_string()).collect();
        let mut row_labels = vec![String::new(); rows as usize];
        let mut col_labels = vec![String::new(); cols as usize];
        for cell in geo.cells() {
            let (x, y) = geo.place(cell);
            let (col, row) = orientation.screen_place((x, y), extent);
            let (file, rank) = (&file_label[x as usize], &rank_label[y as usize]);
            let (across, up) = if orientation.sideways() {
                (rank, file)
            } else {
                (file, rank)
            };
            if let Some(l) = row_labels.get_mut(row as usize)
                && l.is_empty()
            {
                *l = up.clone();
            }
            if let Some(l) = col_labels.get_mut(col as usize)
                && l.is_empty()
            {
                *l = across.clone();
            }
        }
        Labels {
            rows: row_labels,
            cols: col_labels,
        }
    }
}

/// What the labels beside a board mean, when both its axes are labelled
/// with letters (BacCanCat, whose cells are named file letter then rank
/// letter) and so cannot be told apart by their look: which axis's
/// letter comes first in a cell's name, in the words that fit `width`
/// columns; `None` for a board whose labels say it themselves (letters
/// one way, digits the other) or when no words fit.
pub fn axis_hint(geo: &Geometry, orientation: Orientation, width: u16) -> Option<&'static str> {
    let labels = Labels::of(geo, orientation);
    let letters =
        |l: &[String]| !l.is_empty() && l.iter().all(|s| s.chars().all(|c| c.is_alphabetic()));
    if !letters(&labels.rows) || !letters(&labels.cols) {
        return None;
    }
    // A name is its file's label, then its rank's (see `Labels`); turned
    // sideways, the rows are the files.
    let forms: [&'static str; 3] = if orientation.sideways() {
        [
            "A cell's name: its row's letter (file), then its column's (rank)",
            "Cell = row letter + column letter",
            "cell = row + column",
        ]
    } else {
        [
            "A cell's name: its column's letter (file), then its row's (rank)",
            "Cell = column letter + row letter",
            "cell = column + row",
        ]
    };
    forms.into_iter().find(|f| f.width() <= usize::from(width))
}

/// The board widget.
pub struct BoardView<'a> {
    /// The game drawn.
    pub game: &'a AnyGame,
    /// Colours and glyphs.
    pub look: &'a Look,
    /// The marks.
    pub marks: &'a BoardMarks,
    /// Which seat is near.
    pub orientation: Orientation,
    /// The size to draw at (from [`BoardSize::fit`]).
    pub size: BoardSize,
}

/// What is drawn in one cell: its background style, the marks either
/// side of the glyph, the glyph and its picture, the marks' own colour.
pub(crate) struct CellLook {
    /// The background, and the piece's colour and modifiers.
    pub style: Style,
    /// The marks' style: the same background in the marks' colour, so a
    /// mark never takes a piece's (a zone's texture is not the Cat's).
    pub mark_style: Style,
    /// The mark left of the glyph.
    pub left: String,
    /// The glyph.
    pub centre: String,
    /// The crown before a crowned piece's glyph (`+` of Chu's `+R`).
    pub crown: Option<&'static str>,
    /// The mark that tells seats 2 and 3 from 0 and 1 without colour,
    /// when it is not already the right-hand mark.
    pub seat_mark: Option<&'static str>,
    /// The mark right of the glyph.
    pub right: String,
    /// The piece's big picture, for cells of [`BIG_FROM`] and more.
    pub art: Option<Picture>,
    corners: Option<Corners>,
    /// The last move's mark: the cell's bottom row underlined wherever the
    /// piece is not, so the line runs round the piece, never through it.
    pub underline: bool,
    /// The camp mark, for a camp cell the theme cannot tint.
    camp_mark: Option<&'static str>,
}

/// Marks in the corners of cells two or more rows tall.
#[derive(Clone, Copy)]
enum Corners {
    /// Top-left, top-right, bottom-left, bottom-right (the cursor).
    Four([&'static str; 4]),
    /// The same mark in both top corners (a zone).
    Top(&'static str),
}

/// The view's own annotations of a position: checked kings, zones,
/// disarmed pieces.
pub(crate) struct Noted<'a> {
    /// Cells of kings in check.
    pub checked: &'a CellSet,
    /// Zone cells.
    pub zones: &'a CellSet,
    /// Disarmed pieces' cells.
    pub disarmed: &'a CellSet,
}

/// What `cell` of `game` looks like with `board_marks`, in any board view
/// of a game without regions.
pub(super) fn cell_look(
    game: &AnyGame,
    look: &Look,
    board_marks: &BoardMarks,
    cell: Cell,
    noted: &Noted<'_>,
) -> CellLook {
    cell_look_in_regions(
        game,
        look,
        board_marks,
        cell,
        noted,
        &[],
        game.piece_at(cell),
    )
}

/// The seat whose region (camp) `cell` lies in, if any.
fn owner(regions: &[(Seat, CellSet)], cell: Cell) -> Option<Seat> {
    regions
        .iter()
        .find(|(_, cells)| cells.contains(cell))
        .map(|(seat, _)| *seat)
}

/// Whether `theme` shows every seat's region in `regions` with a tint of
/// its own on both colours of square, rather than with the camp mark.
pub(super) fn regions_tinted(theme: &Theme, regions: &[(Seat, CellSet)]) -> bool {
    let board = &theme.board;
    regions.iter().all(|(seat, _)| {
        [true, false]
            .into_iter()
            .all(|light| board.square(light, Some(seat.index())) != board.square(light, None))
    })
}

/// Whether `theme` draws light and dark squares alike (mono, no colour),
/// so the dark ones need the dark-square texture to be told apart.
pub(super) fn squares_alike(theme: &Theme) -> bool {
    theme.board.light == theme.board.dark
}

/// What `cell` of `game` looks like with `board_marks`, its regions
/// (camps) tinted or marked.
pub(crate) fn cell_look_in_regions(
    game: &AnyGame,
    look: &Look,
    board_marks: &BoardMarks,
    cell: Cell,
    noted: &Noted<'_>,
    regions: &[(Seat, CellSet)],
    piece: Option<Piece>,
) -> CellLook {
    let (checked, zones, disarmed) = (noted.checked, noted.zones, noted.disarmed);
    let theme = &look.theme;
    let marks = look.glyphs.marks();
    let geo = game.geometry();
    let m = board_marks;
    let is_cursor = m.cursor == Some(cell);
    let is_picked = m.picked.contains(cell);
    let is_check = checked.contains(cell);
    let is_target = m.targets.contains(cell);
    let is_capture = m.captures.contains(cell);
    let is_last = m.last_move.contains(cell);
    let is_hint = m.hint.contains(cell);
    let is_zone = zones.contains(cell);
    let is_disarmed = disarmed.contains(cell);
    let is_line = m.line.contains(cell);
    let reach = m.reach.iter().find(|(cells, _, _)| cells.contains(cell));
    let light = geo.is_light(cell);
    let camp = owner(regions, cell).map(Seat::index);
    let square = theme.board.square(light, camp);
    let camp_mark =
        (camp.is_some() && square == theme.board.square(light, None)).then_some(marks.camp);
    // A zone keeps the checker: its light and dark squares are tinted apart.
    let zone = theme.marks.zone_on(light);
    let zone_told = zone != square;
    let (bg, fallback) = if is_cursor {
        (theme.marks.cursor, Modifier::REVERSED)
    } else if is_check {
        (theme.marks.check, Modifier::BOLD)
    } else if is_picked {
        (theme.marks.selected, Modifier::empty())
    } else if is_target {
        (theme.marks.target, Modifier::empty())
    } else if is_hint {
        (theme.marks.hint, Modifier::empty())
    } else if is_last {
        (theme.marks.last_move, Modifier::empty())
    } else if let Some((_, _, colour)) = reach {
        // How a piece reaches the cell, in the moves-at-a-glance view:
        // what the view is for, so over a zone's colour (the zone keeps
        // its corner marks), as its legend says.
        (*colour, Modifier::empty())
    } else if is_zone {
        (zone, Modifier::empty())
    } else {
        (square, Modifier::empty())
    };
    let mut modifier = Modifier::empty();
    if bg == Color::Reset {
        modifier |= fallback;
    }
    let fg = match piece {
        Some(p) => {
            modifier |= Modifier::BOLD;
            if p.kind() == PieceKind::Cat {
                theme.cat
            } else {
                theme.seat_colour(p.seat().index())
            }
        }
        None => theme.board.mark,
    };
    let seat_mark = piece.and_then(|p| look.glyphs.seat_mark(p));
    let centre = match piece {
        Some(p) => look.glyphs.piece(game, p).to_string(),
        None if is_target => marks.target.to_string(),
        None if reach.is_some() => reach.map_or(" ", |(_, mark, _)| *mark).to_string(),
        None if is_zone && !zone_told => marks.zone.to_string(),
        None => " ".to_string(),
    };
    let dark_texture = !light && squares_alike(theme);
    let plain_side = if dark_texture { marks.dark } else { " " };
    let (left, right) = if is_cursor {
        ("[", if is_disarmed { marks.disarmed } else { "]" })
    } else if m.finish.contains(cell) {
        // Picked and pickable again: a way to finish a two-leg move.
        ("<", ">")
    } else if is_picked {
        ("(", ")")
    } else if is_check {
        ("!", "!")
    } else if is_capture {
        (marks.capture, marks.capture)
    } else if is_hint {
        ("{", "}")
    } else if is_disarmed {
        (
            if zone_told { plain_side } else { marks.zone },
            marks.disarmed,
        )
    } else if is_line {
        (marks.line, marks.line)
    } else if is_zone && !zone_told {
        (marks.zone, marks.zone)
    } else {
        (plain_side, seat_mark.unwrap_or(plain_side))
    };
    let ascii = look.glyphs == crate::session::look::GlyphSet::Ascii;
    let corners = if is_cursor {
        Some(Corners::Four(if ascii {
            ["+", "+", "+", "+"]
        } else {
            ["┌", "┐", "└", "┘"]
        }))
    } else if is_zone {
        Some(Corners::Top(marks.zone))
    } else {
        None
    };
    let style = Style::default().fg(fg).bg(bg).add_modifier(modifier);
    CellLook {
        style,
        mark_style: Style::default()
            .fg(if is_line && !is_check {
                theme.marks.check
            } else {
                theme.board.mark
            })
            .bg(bg)
            .add_modifier(modifier),
        left: left.to_string(),
        centre,
        crown: piece.and_then(|p| look.glyphs.crown(game, p)),
        seat_mark: seat_mark.filter(|m| *m != right),
        right: right.to_string(),
        art: piece.map(|p| picture(look.glyphs, game, p)),
        corners,
        camp_mark,
        underline: is_last,
    }
}

impl BoardView<'_> {
    /// Draws `look` in the cell whose top-left corner is (`x`, `y`).
    fn draw_cell(&self, buf: &mut Buffer, x: u16, y: u16, look: &CellLook) {
        draw_cell_at(
            buf,
            x,
            y,
            (self.size.cell_width, self.size.cell_height),
            look,
        );
    }
}

/// Draws `look` in a cell of `size` (columns, rows) whose top-left corner
/// is (`x`, `y`): any board view's one way of drawing a cell.
pub(crate) fn draw_cell_at(buf: &mut Buffer, x: u16, y: u16, size: (u16, u16), look: &CellLook) {
    let (w, h) = size;
    let plain = look.style;
    for row in 0..h {
        buf.set_stringn(x, y + row, " ".repeat(w as usize), w as usize, plain);
    }
    let mark = look.mark_style;
    let big = w >= BIG_FROM.0 && h >= BIG_FROM.1 && look.art.is_some();
    // Where the piece is drawn (row, first column, columns), so the
    // last move's line goes round it.
    let mut piece_spans: Vec<(u16, u16, u16)> = Vec::new();
    let has_piece = look.art.is_some();
    // The glyph with its crown and seat mark: `+♖′`.
    let glyph = format!(
        "{}{}{}",
        look.crown.unwrap_or(""),
        look.centre,
        look.seat_mark.unwrap_or("")
    );
    let glyph_width = glyph.width() as u16;
    let mid = if big {
        y + (h - ART_HEIGHT.min(h)) / 2 + 1
    } else {
        y + h / 2
    };
    // In one-row cells the camp mark takes the free column left of the glyph.
    let left = match look.camp_mark {
        Some(camp) if h == 1 && (look.left == " " || look.left.width() == 0) => camp,
        _ => look.left.as_str(),
    };
    if let (true, Some(art)) = (big, &look.art) {
        let x0 = x + (w - ART_WIDTH) / 2;
        let y0 = y + (h - ART_HEIGHT) / 2;
        for (row, text) in art.rows.iter().enumerate() {
            buf.set_stringn(x0, y0 + row as u16, text, ART_WIDTH as usize, look.style);
            piece_spans.push((y0 + row as u16, x0, ART_WIDTH));
        }
        // The glyph on the picture's base in 3-row cells, under it in taller.
        let (gy, gx) = if h > ART_HEIGHT {
            (y0 + ART_HEIGHT, x + (w.saturating_sub(glyph_width)) / 2)
        } else {
            (y0 + ART_HEIGHT - 1, x + (w.saturating_sub(glyph_width)) / 2)
        };
        if !art.labelled {
            buf.set_stringn(gx, gy, &glyph, glyph_width as usize, look.style);
            piece_spans.push((gy, gx, glyph_width));
        }
        buf.set_stringn(x0 - 1, mid, left, 1, mark);
        buf.set_stringn(x0 + ART_WIDTH, mid, &look.right, 1, mark);
    } else if w >= 3 {
        // Marks either side of the glyph (and its crown and seat mark).
        let inner = glyph_width.max(1);
        let start = (x + w / 2).saturating_sub(1 + (inner - 1) / 2).max(x);
        let start = if start + inner + 2 > x + w { x } else { start };
        buf.set_stringn(start, mid, left, 1, mark);
        buf.set_stringn(start + 1, mid, &glyph, (w - 1) as usize, look.style);
        if has_piece {
            piece_spans.push((mid, start + 1, inner));
        }
        let right_x = start + 1 + inner;
        if right_x < x + w {
            buf.set_stringn(right_x, mid, &look.right, 1, mark);
        }
    } else {
        // A crowned piece keeps its crown (`+R`) in place of the mark.
        match look.crown.filter(|_| w >= 2) {
            Some(crown) => {
                buf.set_stringn(x, mid, crown, 1, look.style);
                buf.set_stringn(x + 1, mid, &look.centre, 1, look.style);
                piece_spans.push((mid, x, 2));
            }
            None => {
                buf.set_stringn(x, mid, &look.centre, 1, look.style);
                if has_piece {
                    piece_spans.push((mid, x, 1));
                }
                let right = look.seat_mark.unwrap_or(look.right.as_str());
                if w >= 2 {
                    buf.set_stringn(x + 1, mid, right, 1, mark);
                }
            }
        }
    }
    match look.corners {
        // Cursor corners where the cell has rows above and below the glyph.
        Some(Corners::Four([tl, tr, bl, br])) if h >= 3 => {
            buf.set_stringn(x, y, tl, 1, mark);
            buf.set_stringn(x + w - 1, y, tr, 1, mark);
            buf.set_stringn(x, y + h - 1, bl, 1, mark);
            buf.set_stringn(x + w - 1, y + h - 1, br, 1, mark);
        }
        // A zone's texture along the top row of tall cells.
        Some(Corners::Top(zone)) if h >= 2 => {
            buf.set_stringn(x, y, zone, 1, mark);
            buf.set_stringn(x + w - 1, y, zone, 1, mark);
        }
        _ => {}
    }
    // The camp mark in the lower left corner of taller cells.
    if let (Some(camp), true) = (look.camp_mark, h >= 2) {
        let cursor_corner = matches!(look.corners, Some(Corners::Four(_))) && h >= 3;
        if !cursor_corner {
            buf.set_stringn(x, y + h - 1, camp, 1, mark);
        }
    }
    // The last move: the bottom row underlined round the piece.
    if look.underline {
        let bottom = y + h - 1;
        for cx in x..x + w {
            let on_piece = piece_spans
                .iter()
                .any(|&(py, px, pw)| py == bottom && (px..px + pw).contains(&cx));
            if !on_piece && buf.area.contains((cx, bottom).into()) {
                buf[(cx, bottom)].modifier.insert(Modifier::UNDERLINED);
            }
        }
    }
}

/// The cell of `geo` drawn at screen position (`x`, `y`) on a board of
/// `size` drawn in `area` from `orientation`, if any: what a click picks.
pub(super) fn cell_at(
    geo: &Geometry,
    orientation: Orientation,
    size: BoardSize,
    area: Rect,
    (x, y): (u16, u16),
) -> Option<Cell> {
    let extent = drawing_extent(geo);
    let origin_x = area.x + size.label_width;
    geo.cells().find(|cell| {
        let (col, row) = orientation.screen_place(geo.place(*cell), extent);
        let left = origin_x + col * size.cell_width;
        let top = area.y + row * size.cell_height;
        (left..left + size.cell_width).contains(&x) && (top..top + size.cell_height).contains(&y)
    })
}

/// Where `cell` of `geo` is drawn on a board of `size` drawn in `area`
/// from `orientation`: the inverse of [`cell_at`].
pub(super) fn cell_area(
    geo: &Geometry,
    orientation: Orientation,
    size: BoardSize,
    area: Rect,
    cell: Cell,
) -> Rect {
    let (col, row) = orientation.screen_place(geo.place(cell), drawing_extent(geo));
    Rect {
        x: area.x + size.label_width + col * size.cell_width,
        y: area.y + row * size.cell_height,
        width: size.cell_width,
        height: size.cell_height,
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let geo = self.game.geometry();
        let size = self.size;
        let look = Look {
            theme: self.look.theme.for_armies(self.game.seat_names().len()),
            glyphs: self.look.glyphs,
        };
        let theme = &look.theme;
        let label_style = Style::default().fg(theme.board.label);
        let annotations = self.game.annotations();
        let extent = drawing_extent(geo);
        let origin_x = area.x + size.label_width;
        for cell in geo.cells() {
            let (col, row) = self.orientation.screen_place(geo.place(cell), extent);
            let x = origin_x + col * size.cell_width;
            let y = area.y + row * size.cell_height;
            if x + size.cell_width > area.right() || y + size.cell_height > area.bottom() {
                continue;
            }
            let cell_look = cell_look_in_regions(
                self.game,
                &look,
                self.marks,
                cell,
                &Noted {
                    checked: &annotations.checked,
                    zones: &annotations.zones,
                    disarmed: &annotations.disarmed,
                },
                &annotations.regions,
                self.game.piece_at(cell),
            );
            self.draw_cell(buf, x, y, &cell_look);
        }
        let labels = Labels::of(geo, self.orientation);
        for (row, label) in labels.rows.iter().enumerate() {
            let y = area.y + row as u16 * size.cell_height + size.cell_height / 2;
            let pad = (size.label_width.saturating_sub(1)).saturating_sub(label.width() as u16);
            if y < area.bottom() {
                buf.set_string(area.x + pad, y, label, label_style);
            }
        }
        let y = area.y + size.rows * size.cell_height;
        for (col, label) in labels.cols.iter().enumerate() {
            let x = origin_x + col as u16 * size.cell_width + (size.cell_width - 1) / 2;
            if y < area.bottom() && x < area.right() {
                buf.set_string(x, y, label, label_style);
            }
        }
    }
}

#[cfg(test)]
mod tests;
