//! The grid-board widget: every cell drawn from the game's piece, the
//! theme and the marks (cursor, selection, targets, hint, last move, check,
//! zones, disarmed pieces), at 2 or 3 columns per cell. Cells are placed by
//! the geometry's drawing places, so any board the library describes draws.
//!
//! Nothing is told by colour alone: besides its background, a zone's cells
//! carry the zone mark (`░`, or `:` in ASCII) beside or instead of a piece,
//! and a disarmed piece the disarmed mark (`⊘`, or `~`) on its right.

use super::Look;
use catboard::core::{Cell, CellSet, Game, Geometry, PieceKind};
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
    /// The selected piece's cell.
    pub selected: Option<Cell>,
    /// Cells the selected piece may move to.
    pub targets: CellSet,
    /// Targets where it would capture.
    pub captures: CellSet,
    /// The two cells of the suggested move.
    pub hint: CellSet,
    /// The last move's cells.
    pub last_move: CellSet,
}

/// How big the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    /// Columns and rows of cells.
    pub cols: u16,
    /// Rows of cells.
    pub rows: u16,
    /// Columns per cell (2 or 3).
    pub cell_width: u16,
    /// Columns taken by the rank labels (and their gap).
    pub label_width: u16,
}

impl BoardSize {
    /// The widest cells that fit `room`, or `None` when even 2 columns do not.
    pub fn fit(geo: &Geometry, room: (u16, u16)) -> Option<BoardSize> {
        let (cols, rows) = grid_extent(geo);
        let label_width = rank_labels(geo).map_or(0, |labels| {
            labels.iter().map(|l| l.width()).max().unwrap_or(0) as u16 + 1
        });
        [3, 2].into_iter().find_map(|cell_width| {
            let size = BoardSize {
                cols,
                rows,
                cell_width,
                label_width,
            };
            (size.width() <= room.0 && size.height() <= room.1).then_some(size)
        })
    }

    /// The smallest room the board can be drawn in.
    pub fn minimum(geo: &Geometry) -> (u16, u16) {
        let (cols, rows) = grid_extent(geo);
        let label_width = rank_labels(geo).map_or(0, |labels| {
            labels.iter().map(|l| l.width()).max().unwrap_or(0) as u16 + 1
        });
        let size = BoardSize {
            cols,
            rows,
            cell_width: 2,
            label_width,
        };
        (size.width(), size.height())
    }

    /// Total width, labels included.
    pub fn width(&self) -> u16 {
        self.label_width + self.cols * self.cell_width
    }

    /// Total height: the cells plus the file-label row.
    pub fn height(&self) -> u16 {
        self.rows + 1
    }
}

/// Columns and rows of the drawing places.
fn grid_extent(geo: &Geometry) -> (u16, u16) {
    geo.cells().fold((0, 0), |(c, r), cell| {
        let (x, y) = geo.place(cell);
        (c.max(x as u16 + 1), r.max(y as u16 + 1))
    })
}

/// The rank labels of a grid, bottom rank first (`1` … `8`); none for a graph.
fn rank_labels(geo: &Geometry) -> Option<Vec<String>> {
    let (_, ranks) = geo.grid_size()?;
    Some(
        (0..ranks as i32)
            .map(|r| {
                geo.at(0, r)
                    .map_or(String::new(), |c| geo.name(c).chars().skip(1).collect())
            })
            .collect(),
    )
}

/// The file labels of a grid, left file first (`a` … `h`).
fn file_labels(geo: &Geometry) -> Option<Vec<String>> {
    let (files, _) = geo.grid_size()?;
    Some(
        (0..files as i32)
            .map(|f| {
                geo.at(f, 0)
                    .map_or(String::new(), |c| geo.name(c).chars().take(1).collect())
            })
            .collect(),
    )
}

/// The board widget.
pub struct BoardView<'a> {
    /// The game drawn.
    pub game: &'a AnyGame,
    /// Colours and glyphs.
    pub look: &'a Look,
    /// The marks.
    pub marks: &'a BoardMarks,
    /// Whether the board is turned round.
    pub flipped: bool,
    /// The size to draw at (from [`BoardSize::fit`]).
    pub size: BoardSize,
}

impl BoardView<'_> {
    /// Screen column and row of `cell`, relative to the first cell.
    fn screen_place(&self, cell: Cell) -> (u16, u16) {
        let (x, y) = self.game.geometry().place(cell);
        let (x, y) = (x as u16, y as u16);
        let last_col = self.size.cols - 1;
        let last_row = self.size.rows - 1;
        if self.flipped {
            (last_col - x, y)
        } else {
            (x, last_row - y)
        }
    }

    /// The style and three characters (left mark, centre, right mark) of a cell.
    fn cell_look(
        &self,
        cell: Cell,
        checked: &CellSet,
        zones: &CellSet,
        disarmed: &CellSet,
    ) -> (Style, [String; 3]) {
        let theme = &self.look.theme;
        let marks = self.look.glyphs.marks();
        let geo = self.game.geometry();
        let piece = self.game.piece_at(cell);
        let m = self.marks;
        let is_cursor = m.cursor == Some(cell);
        let is_selected = m.selected == Some(cell);
        let is_check = checked.contains(cell);
        let is_target = m.targets.contains(cell);
        let is_capture = m.captures.contains(cell);
        let is_last = m.last_move.contains(cell);
        let is_hint = m.hint.contains(cell);
        let is_zone = zones.contains(cell);
        let is_disarmed = disarmed.contains(cell);
        let square = if geo.is_light(cell) {
            theme.board.light
        } else {
            theme.board.dark
        };
        let (bg, fallback) = if is_cursor {
            (theme.marks.cursor, Modifier::REVERSED)
        } else if is_check {
            (theme.marks.check, Modifier::BOLD)
        } else if is_selected {
            (theme.marks.selected, Modifier::empty())
        } else if is_target {
            (theme.marks.target, Modifier::empty())
        } else if is_hint {
            (theme.marks.hint, Modifier::empty())
        } else if is_last {
            (theme.marks.last_move, Modifier::empty())
        } else if is_zone {
            (theme.marks.zone, Modifier::empty())
        } else {
            (square, Modifier::empty())
        };
        let mut modifier = Modifier::empty();
        if bg == Color::Reset {
            modifier |= fallback;
        }
        if is_last {
            modifier |= Modifier::UNDERLINED;
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
        let centre = match piece {
            Some(p) => self.look.glyphs.piece(p).to_string(),
            None if is_target => marks.target.to_string(),
            None if is_zone => marks.zone.to_string(),
            None => " ".to_string(),
        };
        let (left, right) = if is_cursor {
            ("[", "]")
        } else if is_selected {
            ("(", ")")
        } else if is_check {
            ("!", "!")
        } else if is_capture {
            (marks.capture, marks.capture)
        } else if is_hint {
            ("{", "}")
        } else if is_disarmed {
            (marks.zone, marks.disarmed)
        } else if is_zone {
            (marks.zone, marks.zone)
        } else {
            (" ", " ")
        };
        let style = Style::default().fg(fg).bg(bg).add_modifier(modifier);
        (style, [left.to_string(), centre, right.to_string()])
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let geo = self.game.geometry();
        let size = self.size;
        let theme = &self.look.theme;
        let label_style = Style::default().fg(theme.board.label);
        let annotations = self.game.annotations();
        let origin_x = area.x + size.label_width;
        for cell in geo.cells() {
            let (col, row) = self.screen_place(cell);
            let x = origin_x + col * size.cell_width;
            let y = area.y + row;
            if x + size.cell_width > area.right() || y >= area.bottom() {
                continue;
            }
            let (style, [left, centre, right]) = self.cell_look(
                cell,
                &annotations.checked,
                &annotations.zones,
                &annotations.disarmed,
            );
            let text = if size.cell_width >= 3 {
                format!("{left}{centre}{right}")
            } else {
                format!("{centre}{right}")
            };
            buf.set_stringn(x, y, text, size.cell_width as usize, style);
        }
        if let Some(labels) = rank_labels(geo) {
            for (rank, label) in labels.iter().enumerate() {
                let row = if self.flipped {
                    rank as u16
                } else {
                    size.rows - 1 - rank as u16
                };
                let pad = (size.label_width - 1).saturating_sub(label.width() as u16);
                if area.y + row < area.bottom() {
                    buf.set_string(area.x + pad, area.y + row, label, label_style);
                }
            }
        }
        if let Some(labels) = file_labels(geo) {
            let y = area.y + size.rows;
            for (file, label) in labels.iter().enumerate() {
                let col = if self.flipped {
                    size.cols - 1 - file as u16
                } else {
                    file as u16
                };
                let x = origin_x + col * size.cell_width + (size.cell_width - 1) / 2;
                if y < area.bottom() && x < area.right() {
                    buf.set_string(x, y, label, label_style);
                }
            }
        }
    }
}
