//! Boxes drawn over the screen: the help (made from the keymap, with a
//! legend of how the seats' pieces look), the promotion chooser and the
//! new-game question. Each box is centred in the area it is given.

use super::wrap::wrap_words;
use super::{Look, help_state};
use crate::session::app::{App, Playing, Screen};
use crate::session::keymap::{Context, help_sections};
use crate::session::look::GlyphSet;
use crate::session::words::capitalise;
use crate::ui::glyphs::GlyphDrawing;
use catboard::core::{Game, Move, Piece, PieceKind, Seat};
use catboard::entry::Choice;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

/// A box of `width` × `height` centred in `area` (clipped to it).
pub(super) fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// A bordered box in `look`'s accent, titled `title`.
pub(super) fn boxed<'a>(look: &Look, title: &'a str) -> Block<'a> {
    Block::bordered()
        .border_set(look.glyphs.border())
        .border_style(look.accent())
        .style(look.text())
        .title(Span::styled(title, look.accent()))
}

/// The legend of how each seat's pieces look in the glyph set, so seats
/// are told apart without colour: one line per seat, with a sample glyph
/// (its King, or its Cat for a seat of Cats only), its seat mark, its name
/// and a few words (`outlined symbols`, `small letters with ″`).
fn seat_legend(look: &Look, p: &Playing) -> Vec<Line<'static>> {
    let game = p.table.game();
    let geo = game.geometry();
    let names = game.seat_names();
    let name_width = names.iter().map(|n| n.width()).max().unwrap_or(0);
    let only_cats = |seat: usize| {
        let mut kinds = geo
            .cells()
            .filter_map(|cell| game.piece_at(cell))
            .filter(|piece| piece.seat().index() == seat)
            .map(|piece| piece.kind());
        kinds
            .next()
            .is_some_and(|first| first == PieceKind::Cat && kinds.all(|k| k == PieceKind::Cat))
    };
    let glyphs = look.glyphs;
    names
        .iter()
        .zip(0u8..)
        .map(|(name, index)| {
            let seat = usize::from(index);
            let (sample, words) = if only_cats(seat) {
                (
                    Piece::new(Seat(index), PieceKind::Cat),
                    "their own glyph".to_string(),
                )
            } else {
                (
                    Piece::new(Seat(index), PieceKind::King),
                    glyphs.seat_description(seat),
                )
            };
            let glyph = format!("{:<2}", glyphs.piece_text(game, sample));
            let title = if seat == 0 { "Pieces" } else { "" };
            let name = capitalise(name);
            Line::from(vec![
                Span::styled(format!("{title:<7}"), look.accent()),
                Span::styled(format!("{glyph} {name:<name_width$}  "), look.text()),
                Span::styled(words, look.dim()),
            ])
        })
        .collect()
}

/// The legend of the seats' regions (BacCanCat's camps), when the game
/// has any: how the board shows them, by a tint toward each army's colour
/// or, where the theme cannot tint (mono, 16 colours), by the camp mark.
fn camp_legend(look: &Look, p: &Playing) -> Option<Line<'static>> {
    let game = p.table.game();
    let regions = game.annotations().regions;
    if regions.is_empty() {
        return None;
    }
    let theme = look.theme.for_armies(game.seat_names().len());
    let mark = look.glyphs.marks().camp;
    let words = if super::board::regions_tinted(&theme, &regions) {
        "tinted toward each army's colour".to_string()
    } else {
        format!("{mark} at each square's lower left")
    };
    Some(Line::from(vec![
        Span::styled(format!("{:<7}", "Camps"), look.accent()),
        Span::styled(words, look.dim()),
    ]))
}

/// The legend of the pieces beyond chess's six on the board (a Lion, a
/// Crowned Rook...): each one's glyph and name, for the help.
fn kind_legend(look: &Look, p: &Playing) -> Vec<Line<'static>> {
    let game = p.table.game();
    let geo = game.geometry();
    let mut kinds: Vec<PieceKind> = geo
        .cells()
        .filter_map(|cell| game.piece_at(cell))
        .map(|piece| piece.kind())
        .filter(|k| k.code() > PieceKind::Cat.code())
        .collect();
    kinds.sort();
    kinds.dedup();
    let mut lines = Vec::new();
    for (i, kind) in kinds.into_iter().enumerate() {
        let title = if i == 0 { "Others" } else { "" };
        let glyph = look.glyphs.piece_text(game, Piece::new(Seat(0), kind));
        lines.push(Line::from(vec![
            Span::styled(format!("{title:<7}"), look.accent()),
            Span::styled(format!("{glyph}  {}", kind.name()), look.text()),
        ]));
    }
    lines
}

/// One entry of the help: a heading, a key and what it does, a legend
/// line, or a gap.
enum HelpItem {
    Heading(&'static str),
    Key(String, &'static str),
    Legend(Vec<Span<'static>>),
    Gap,
}

/// The help's entries for the screen it was opened from, in columns of
/// sections; during a game the first column ends with the seats' legend.
fn help_columns(app: &App, look: &Look, from: Context) -> Vec<Vec<HelpItem>> {
    let ascii = look.glyphs == GlyphSet::Ascii;
    let columns: Vec<Vec<Context>> = match from {
        Context::Setup => vec![vec![Context::Setup], vec![Context::TextEntry]],
        _ => vec![
            vec![Context::Board],
            vec![
                Context::TextEntry,
                Context::Chooser,
                Context::Confirm,
                Context::Glance,
            ],
        ],
    };
    let mut items: Vec<Vec<HelpItem>> = columns
        .iter()
        .map(|contexts| {
            let mut column = Vec::new();
            for (title, keys) in help_sections(contexts, ascii, help_state(app)) {
                if !column.is_empty() {
                    column.push(HelpItem::Gap);
                }
                column.push(HelpItem::Heading(title));
                for (k, what) in keys {
                    column.push(HelpItem::Key(k, what));
                }
            }
            column
        })
        .collect();
    if let (Screen::Playing(p), true) = (&app.screen, from != Context::Setup) {
        let legend = |lines: Vec<Line<'static>>| {
            lines
                .into_iter()
                .map(|l| HelpItem::Legend(l.spans))
                .collect::<Vec<_>>()
        };
        if let Some(first) = items.first_mut() {
            first.push(HelpItem::Gap);
            first.extend(legend(seat_legend(look, p)));
            first.extend(legend(camp_legend(look, p).into_iter().collect()));
        }
        let others = kind_legend(look, p);
        if let Some(second) = items.get_mut(1)
            && !others.is_empty()
        {
            second.push(HelpItem::Gap);
            second.extend(legend(others));
        }
    }
    items
}

/// The lines of one column of the help at `width` columns: keys in a
/// column of their own, what they do broken between words beside them.
fn help_lines(look: &Look, items: &[HelpItem], width: usize) -> Vec<Line<'static>> {
    let key_width = items
        .iter()
        .filter_map(|i| match i {
            HelpItem::Key(k, _) => Some(k.width()),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let mut lines = Vec::new();
    for item in items {
        match item {
            HelpItem::Heading(title) => lines.push(Line::styled(*title, look.accent())),
            HelpItem::Gap => lines.push(Line::default()),
            HelpItem::Key(k, what) => {
                let indent = 1 + key_width + 2;
                let parts = wrap_words(what, width.saturating_sub(indent).max(8));
                for (i, part) in parts.into_iter().enumerate() {
                    let key = if i == 0 { k.as_str() } else { "" };
                    lines.push(Line::from(vec![
                        Span::styled(format!(" {key:<key_width$}  "), look.accent()),
                        Span::styled(part, look.text()),
                    ]));
                }
            }
            HelpItem::Legend(spans) => {
                let line = Line::from(spans.clone());
                if line.width() <= width {
                    lines.push(line);
                } else {
                    // The legend's words, broken, under its title.
                    let text: String = spans.iter().map(|s| s.content.as_ref()).collect();
                    for part in wrap_words(&text, width) {
                        lines.push(Line::styled(part, look.text()));
                    }
                }
            }
        }
    }
    lines
}

/// How the help is laid out in `area`: its box, its columns' lines side
/// by side (or one after another when they do not fit side by side), and
/// how far it can scroll.
pub struct HelpLayout {
    /// The box.
    pub popup: Rect,
    /// Each column's lines and width.
    pub columns: Vec<(Vec<Line<'static>>, u16)>,
    /// The lines the box shows at once.
    pub visible: u16,
    /// How far the help scrolls: its lines beyond those shown.
    pub max_scroll: u16,
}

/// The help laid out for `area`.
pub fn help_layout(app: &App, look: &Look, from: Context, area: Rect) -> HelpLayout {
    let items = help_columns(app, look, from);
    let natural: Vec<u16> = items
        .iter()
        .map(|column| {
            help_lines(look, column, usize::MAX / 2)
                .iter()
                .map(Line::width)
                .max()
                .unwrap_or(0) as u16
                + 2
        })
        .collect();
    let room = area.width.saturating_sub(2);
    let side_by_side = natural.iter().sum::<u16>() <= room;
    let columns: Vec<(Vec<Line<'static>>, u16)> = if side_by_side {
        items
            .iter()
            .zip(&natural)
            .map(|(column, w)| (help_lines(look, column, usize::from(*w)), *w))
            .collect()
    } else {
        // One column: every section after the other, broken to the width.
        let width = natural.iter().copied().max().unwrap_or(0).min(room);
        let mut lines = Vec::new();
        for column in &items {
            if !lines.is_empty() {
                lines.push(Line::default());
            }
            lines.extend(help_lines(
                look,
                column,
                usize::from(width.saturating_sub(1)),
            ));
        }
        vec![(lines, width)]
    };
    let content = columns.iter().map(|(l, _)| l.len()).max().unwrap_or(0) as u16;
    let width = columns.iter().map(|(_, w)| *w).sum::<u16>() + 2;
    // A line at the foot tells how to scroll when the help is cut.
    let fits = content + 2 <= area.height;
    let height = if fits { content + 2 } else { area.height };
    let visible = if fits {
        content
    } else {
        height.saturating_sub(3)
    };
    HelpLayout {
        popup: centred(area, width, height),
        columns,
        visible,
        max_scroll: content.saturating_sub(visible),
    }
}

/// The help for the screen it was opened from, scrolled `scroll` lines
/// down (within what there is to scroll).
pub fn help(app: &App, look: &Look, from: Context, scroll: u16, frame: &mut Frame<'_>, area: Rect) {
    let layout = help_layout(app, look, from, area);
    let popup = layout.popup;
    frame.render_widget(Clear, popup);
    let block = boxed(look, " Keys ");
    let inner = block.inner(popup);
    frame.render_widget(block, popup);
    let scroll = scroll.min(layout.max_scroll);
    let mut x = inner.x;
    for (lines, w) in layout.columns {
        let column = Rect {
            x,
            width: w.min(inner.right().saturating_sub(x)),
            height: layout.visible.min(inner.height),
            ..inner
        };
        frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)), column);
        x = x.saturating_add(w);
    }
    if layout.max_scroll > 0 {
        let (up, down) = if look.glyphs == GlyphSet::Ascii {
            ("Up", "Down")
        } else {
            ("↑", "↓")
        };
        let text = format!(
            "{up}/{down} scroll: line {} of {}",
            scroll + 1,
            layout.max_scroll + layout.visible
        );
        let foot = Rect {
            y: inner.bottom().saturating_sub(1),
            height: 1,
            ..inner
        };
        frame.render_widget(Paragraph::new(Line::styled(text, look.dim())), foot);
    }
}

/// The chooser's lines (a piece per line for promotions), its title and
/// its box's size.
fn chooser_lines(
    look: &Look,
    p: &Playing,
    moves: &[(Choice, Move)],
    index: usize,
) -> (Vec<Line<'static>>, &'static str, (u16, u16)) {
    let game = p.table.game();
    let mover = game.to_move();
    let lines: Vec<Line<'_>> = moves
        .iter()
        .enumerate()
        .map(|(i, (choice, mv))| {
            let label = match choice {
                Choice::Promote(kind) => {
                    let piece = Piece::new(mover, *kind);
                    format!(
                        "{} {} ({})",
                        look.glyphs.piece_text(game, piece),
                        capitalise(kind.name()),
                        choice.key()
                    )
                }
                Choice::NoPromotion => format!(
                    "{} ({}, {})",
                    capitalise(&choice.words()),
                    game.move_notation(*mv),
                    choice.key()
                ),
            };
            let current = i == index;
            let pointer = if current {
                look.glyphs.marks().pointer
            } else {
                " "
            };
            let style = if current {
                look.highlight()
            } else {
                look.text()
            };
            Line::styled(format!("{pointer} {label} "), style)
        })
        .collect();
    let title = if moves.iter().all(|(_, m)| m.promotion.is_some()) {
        " Promote to "
    } else if moves.iter().any(|(_, m)| m.promotion.is_some()) {
        " Promote? "
    } else {
        " Which move? "
    };
    let width = lines
        .iter()
        .map(|l| l.width() as u16)
        .chain([title.width() as u16])
        .max()
        .unwrap_or(0)
        + 4;
    (lines, title, (width, moves.len() as u16 + 2))
}

/// Where a box of `size` asking how to finish a move to `cell` goes on
/// `screen`, so that it hides nothing the choice needs: beside the board
/// (right of it, over the panel, else left of it) at the cell's height
/// when there is room; else on the board next to the cell (under it,
/// over it, right of it, left of it), never on it; centred on the board
/// only when none of these fits.
pub fn chooser_place(screen: Rect, board: Rect, cell: Option<Rect>, size: (u16, u16)) -> Rect {
    let (w, h) = (size.0.min(screen.width), size.1.min(screen.height));
    let row = cell.map_or(board.y, |c| c.y.saturating_sub(1));
    let clamp_y = |y: u16| y.min(screen.bottom().saturating_sub(h)).max(screen.y);
    let clamp_x = |x: u16| x.min(screen.right().saturating_sub(w)).max(screen.x);
    let at = |x: u16, y: u16| Rect {
        x,
        y,
        width: w,
        height: h,
    };
    if screen.right().saturating_sub(board.right() + 1) >= w {
        return at(board.right() + 1, clamp_y(row));
    }
    if board.x.saturating_sub(screen.x + 1) >= w {
        return at(board.x - 1 - w, clamp_y(row));
    }
    if let Some(c) = cell {
        let centred_x = clamp_x((c.x + c.width / 2).saturating_sub(w / 2));
        let centred_y = clamp_y((c.y + c.height / 2).saturating_sub(h / 2));
        let candidates = [
            (i32::from(centred_x), i32::from(c.bottom())),
            (i32::from(centred_x), i32::from(c.y) - i32::from(h)),
            (i32::from(c.right()), i32::from(centred_y)),
            (i32::from(c.x) - i32::from(w), i32::from(centred_y)),
        ];
        for (x, y) in candidates {
            let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) else {
                continue;
            };
            let r = at(x, y);
            if x >= screen.x
                && y >= screen.y
                && r.right() <= screen.right()
                && r.bottom() <= screen.bottom()
                && !r.intersects(c)
            {
                return r;
            }
        }
    }
    centred(board, w, h)
}

/// Where the chooser goes on the playing screen drawn in `area`, and the
/// cell it finishes the move on, where that is drawn.
pub fn chooser_area(
    app: &App,
    look: &Look,
    p: &Playing,
    moves: &[(Choice, Move)],
    area: Rect,
) -> (Rect, Option<Rect>) {
    let (_, _, size) = chooser_lines(look, p, moves, 0);
    let to = moves.first().map(|(_, m)| m.to);
    let drawn = to.and_then(|cell| super::drawn_cell(app, look, p, area, cell));
    match drawn {
        Some((cell, board)) => (chooser_place(area, board, cell, size), cell),
        None => (centred(area, size.0, size.1), None),
    }
}

/// The chooser between moves to one cell, placed by [`chooser_area`].
pub fn chooser(
    app: &App,
    look: &Look,
    p: &Playing,
    moves: &[(Choice, Move)],
    index: usize,
    frame: &mut Frame<'_>,
    area: Rect,
) {
    let (lines, title, _) = chooser_lines(look, p, moves, index);
    let (popup, _) = chooser_area(app, look, p, moves, area);
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(boxed(look, title)), popup);
}

/// A yes/no question.
pub fn confirm(look: &Look, question: &str, frame: &mut Frame<'_>, area: Rect) {
    // Broken between words when the screen is narrower than the question.
    let room = (area.width as usize).saturating_sub(4).max(1);
    let lines: Vec<Line<'static>> = wrap_words(question, room.min(question.width().max(1)))
        .into_iter()
        .map(|l| Line::styled(format!(" {l}"), look.text()))
        .collect();
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 3;
    let popup = centred(area, width, lines.len() as u16 + 2);
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(boxed(look, "")), popup);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::app::Overlay;
    use crate::session::look::{ColorDepth, LookChoice};
    use crate::session::table::{Player, TableGame, TableSpec};
    use catboard::core::Options;
    use catboard::variants::Variant;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::buffer::Buffer;

    fn playing(variant: Variant, seats: usize, glyphs: GlyphSet) -> App {
        let spec = TableSpec {
            variant,
            options: Options::new(),
            position: None,
            players: vec![Player::Human; seats],
            time: None,
        };
        let table = TableGame::new(&spec).unwrap_or_else(|e| panic!("test table: {e}"));
        let look = LookChoice {
            theme: "classic".into(),
            depth: ColorDepth::TrueColor,
            glyphs,
        };
        let mut app = App::new(
            Screen::Playing(Box::new(Playing::new(table, 0, None))),
            None,
            look,
        );
        app.overlay = Some(Overlay::Help {
            from: Context::Board,
            scroll: 0,
        });
        app
    }

    /// The help alone, drawn on a `width` × `height` screen.
    fn help_screen(app: &App, width: u16, height: u16) -> Buffer {
        let (look, _) = Look::of(&app.look, None);
        let mut terminal = Terminal::new(TestBackend::new(width, height))
            .unwrap_or_else(|e| panic!("test backend: {e}"));
        terminal
            .draw(|f| help(app, &look, Context::Board, 0, f, f.area()))
            .unwrap_or_else(|e| panic!("drawing failed: {e}"));
        terminal.backend().buffer().clone()
    }

    fn rows(buffer: &Buffer) -> Vec<String> {
        let area = buffer.area;
        (area.top()..area.bottom())
            .map(|y| {
                (area.left()..area.right())
                    .map(|x| buffer[(x, y)].symbol())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_help_is_centred_on_the_screen() {
        for (variant, seats) in [(Variant::Chess, 2), (Variant::Cat, 3)] {
            let app = playing(variant, seats, GlyphSet::Unicode);
            for (width, height) in [(80, 24), (120, 40), (200, 60), (101, 37)] {
                let screen = rows(&help_screen(&app, width, height));
                let top = screen.iter().position(|r| r.contains('╭'));
                let bottom = screen.iter().rposition(|r| r.contains('╰'));
                let (Some(top), Some(bottom)) = (top, bottom) else {
                    panic!("no help box at {width}×{height}: {screen:#?}");
                };
                let row = &screen[top];
                let left = row.chars().position(|c| c == '╭').unwrap_or(0);
                let right =
                    row.chars().count() - 1 - row.chars().position(|c| c == '╮').unwrap_or(0);
                let below = usize::from(height) - 1 - bottom;
                assert!(
                    left.abs_diff(right) <= 1,
                    "{variant:?} {width}×{height}: {left} left, {right} right"
                );
                assert!(
                    top.abs_diff(below) <= 1,
                    "{variant:?} {width}×{height}: {top} above, {below} below"
                );
            }
        }
    }

    #[test]
    fn the_help_shows_how_each_seat_looks_in_the_glyph_set() {
        let text = |app: &App| rows(&help_screen(app, 120, 40)).join("\n");
        let chess = text(&playing(Variant::Chess, 2, GlyphSet::Unicode));
        assert!(
            chess.contains("Pieces ♔  White  outlined symbols"),
            "{chess}"
        );
        assert!(chess.contains("♚  Black  filled symbols"), "{chess}");
        let letters = text(&playing(Variant::Chess, 2, GlyphSet::Letters));
        assert!(letters.contains("Pieces K  White  capitals"), "{letters}");
        assert!(letters.contains("k  Black  small letters"), "{letters}");
        let cats = text(&playing(Variant::Cat, 3, GlyphSet::Ascii));
        assert!(cats.contains("C  Cats   their own glyph"), "{cats}");
        assert!(cats.contains("k  Black  small letters"), "{cats}");
    }
}
