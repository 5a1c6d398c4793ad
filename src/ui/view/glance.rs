//! The moves-at-a-glance view: the game's pieces to choose from along the
//! top, the one chosen on an otherwise empty board (or the sphere's
//! globe) with every cell it reaches marked by how (a mark of its own for
//! each kind of move, and a colour), and beside it, or under it, the
//! legend of the marks and the same in words. The screen reader view
//! shows the words alone, its cursor at their start.

use super::board::{BoardMarks, BoardSize, BoardView, Noted, cell_look, regions_tinted};
use super::sphere::globe::{self, Globe};
use super::wrap::wrap_words;
use super::{Look, plain};
use crate::session::app::{App, GlanceView};
use crate::session::describe::glance::{glance_words, kind_title, reach_words};
use crate::session::orientation::Orientation;
use crate::session::speech::Voice;
use crate::ui::glyphs::GlyphDrawing;
use crate::ui::theme::Theme;
use catboard::core::geometry::Shape;
use catboard::core::glance::{Glance, Reach};
use catboard::core::{CellSet, Game, Piece, Seat};
use catboard::variants::AnyGame;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

/// The fewest columns the legend and words take beside the board.
const TEXT_MIN: u16 = 26;

/// The most columns they take.
const TEXT_MAX: u16 = 48;

/// The colour a cell reached as `reach` says is drawn on: the target
/// colour for moves that may end on an empty cell, the check colour for
/// those that only take, the hint colour for a Lion's first leg.
pub fn reach_colour(theme: &Theme, reach: Reach) -> Color {
    match reach {
        Reach::Slide | Reach::Leap | Reach::MoveOnly => theme.marks.target,
        Reach::CaptureOnly | Reach::Hop => theme.marks.check,
        Reach::DoubleStep => theme.marks.hint,
    }
}

/// What the board of the view marks: the piece shown as picked, the
/// screens as the hint marks them, every cell reached with its mark.
pub fn glance_marks(look: &Look, glance: &Glance<AnyGame>) -> BoardMarks {
    let theme = look.theme.for_armies(glance.scene.seat_names().len());
    BoardMarks {
        picked: [glance.from].into_iter().collect(),
        hint: glance.screens,
        reach: Reach::ALL
            .iter()
            .map(|&r| {
                (
                    glance.cells(r),
                    look.glyphs.reach_mark(r),
                    reach_colour(&theme, r),
                )
            })
            .filter(|(cells, _, _)| !cells.is_empty())
            .collect(),
        ..BoardMarks::default()
    }
}

/// The legend of what the board of the view shows, each line broken to
/// `width` columns under its mark.
pub fn legend(look: &Look, glance: &Glance<AnyGame>, width: usize) -> Vec<Line<'static>> {
    let scene = &glance.scene;
    let theme = look.theme.for_armies(scene.seat_names().len());
    let board_look = Look {
        theme: theme.clone(),
        glyphs: look.glyphs,
    };
    let marks = glance_marks(look, glance);
    let annotations = scene.annotations();
    let noted = Noted {
        checked: &annotations.checked,
        zones: &annotations.zones,
        disarmed: &annotations.disarmed,
    };
    // A mark's colours are those the board draws its cells in: the look
    // of the first cell it marks, from the board's own drawing.
    let drawn = |cells: CellSet, fallback: Color| {
        cells
            .iter()
            .next()
            .map_or(Style::default().fg(theme.board.mark).bg(fallback), |cell| {
                let cl = cell_look(scene, &board_look, &marks, cell, &noted);
                Style::default()
                    .fg(theme.board.mark)
                    .bg(cl.style.bg.unwrap_or(fallback))
            })
    };
    let mut entries: Vec<(Span<'static>, String)> = Vec::new();
    entries.push((
        Span::styled("()", look.accent()),
        "the piece shown".to_string(),
    ));
    for reach in Reach::ALL {
        if !glance.cells(reach).is_empty() {
            entries.push((
                Span::styled(
                    look.glyphs.reach_mark(reach).to_string(),
                    drawn(glance.cells(reach), reach_colour(&theme, reach)),
                ),
                format!("it {}", reach_words(reach)),
            ));
        }
    }
    if !glance.screens.is_empty() {
        entries.push((
            Span::styled("{}", look.accent()),
            "a piece of its own, a screen to jump over".to_string(),
        ));
    }
    let zones = annotations.zones;
    if !zones.is_empty() {
        let whose = if zones == glance.zone {
            "its zone"
        } else {
            "a zone"
        };
        let empty_zone: CellSet = zones
            .iter()
            .filter(|c| {
                scene.piece_at(*c).is_none() && !marks.reach.iter().any(|(r, _, _)| r.contains(*c))
            })
            .collect();
        entries.push((
            Span::styled(
                look.glyphs.marks().zone.to_string(),
                drawn(empty_zone, theme.marks.zone),
            ),
            format!("{whose}: nothing in it takes or is taken"),
        ));
    }
    let regions = annotations.regions;
    if !regions.is_empty() {
        let how = if regions_tinted(&theme, &regions) {
            Span::styled("  ", Style::default().bg(theme.board.square(true, Some(0))))
        } else {
            Span::styled(
                look.glyphs.marks().camp.to_string(),
                Style::default().fg(theme.board.mark),
            )
        };
        entries.push((how, "the armies' camps".to_string()));
    }
    let mut others: Vec<String> = glance
        .fixtures
        .iter()
        .filter_map(|c| scene.piece_at(c))
        .map(|p| look.glyphs.piece_text(scene, p))
        .collect();
    others.sort();
    others.dedup();
    if !others.is_empty() {
        entries.push((
            Span::styled(others.concat(), look.text()),
            "there only because the rules need them".to_string(),
        ));
    }
    let mut lines = Vec::new();
    for (mark, words) in entries {
        let indent = mark.content.width() + 1;
        for (i, part) in wrap_words(&plain(look, &words), width.saturating_sub(indent).max(8))
            .into_iter()
            .enumerate()
        {
            let first = if i == 0 {
                mark.clone()
            } else {
                Span::raw(" ".repeat(mark.content.width()))
            };
            lines.push(Line::from(vec![
                first,
                Span::raw(" "),
                Span::styled(part, look.dim()),
            ]));
        }
    }
    lines
}

/// The game's pieces in a row, the one shown highlighted between
/// brackets, then its name: "♔ ♕ [♖] ♗ ♘ ♙  Rook (R)".
fn choices(look: &Look, game: &AnyGame, view: &GlanceView) -> Line<'static> {
    let mut spans = vec![Span::styled("Pieces ", look.accent())];
    for (i, kind) in view.kinds.iter().enumerate() {
        let glyph = look.glyphs.piece_text(game, Piece::new(Seat(0), *kind));
        if i == view.index {
            spans.push(Span::styled(format!("[{glyph}]"), look.highlight()));
        } else {
            spans.push(Span::styled(format!(" {glyph} "), look.text()));
        }
    }
    if let Some(kind) = view.kinds.get(view.index) {
        spans.push(Span::styled(
            format!("  {}", kind_title(game, *kind)),
            look.accent(),
        ));
    }
    Line::from(spans)
}

/// `lines` cut to `rows`, the last shown ending in an ellipsis when some
/// were left out.
fn fit(mut lines: Vec<Line<'static>>, rows: usize, look: &Look) -> Vec<Line<'static>> {
    if lines.len() > rows {
        lines.truncate(rows);
        if let Some(last) = lines.last_mut() {
            last.spans
                .push(Span::styled(look.glyphs.marks().ellipsis, look.dim()));
        }
    }
    lines
}

/// The words of the view at `width` columns.
fn words(look: &Look, glance: &Glance<AnyGame>, width: usize, voice: Voice) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for sentence in glance_words(glance, voice) {
        lines.extend(
            wrap_words(&plain(look, &sentence), width.max(8))
                .into_iter()
                .map(|l| Line::styled(l, look.text())),
        );
    }
    lines
}

/// Where the view puts the board (or globe) and the text in `body`.
struct Parts {
    board: Option<Drawn>,
    text: Option<Rect>,
}

/// The board as drawn: a grid at a size, or the globe traced.
pub(super) enum Drawn {
    /// A grid at this size, in this area.
    Grid(BoardSize, Rect),
    /// The sphere's globe.
    Globe(Box<Globe>),
}

impl Drawn {
    /// Where it is drawn.
    pub(super) fn area(&self) -> Rect {
        match self {
            Drawn::Grid(_, area) => *area,
            Drawn::Globe(g) => g.used(),
        }
    }
}

/// The board of `game` drawn as big as fits `room` (a grid from the first
/// seat's side, the sphere's globe), or `None` when it does not fit.
pub(super) fn place_board(game: &AnyGame, room: Rect) -> Option<Drawn> {
    let geo = game.geometry();
    let orientation = Orientation::new(0, game.seat_names().len());
    match geo.shape() {
        Shape::Graph => {
            Globe::trace(geo, orientation.map_view(), room, true).map(|g| Drawn::Globe(Box::new(g)))
        }
        Shape::Grid { .. } => {
            let size = BoardSize::fit(geo, orientation, (room.width, room.height))?;
            Some(Drawn::Grid(
                size,
                Rect {
                    width: size.width(),
                    height: size.height(),
                    ..room
                },
            ))
        }
    }
}

/// How the view lays out `body`: the board with the text beside it, or
/// the board with the text under it (keeping the rows the text wants at
/// that width, up to a third of the body), whichever draws the board
/// bigger; else the text alone. `rows_for` is how many rows the text
/// wants at a width.
fn layout(game: &AnyGame, body: Rect, rows_for: impl Fn(u16) -> u16) -> Parts {
    let text_width = (body.width / 3).clamp(TEXT_MIN, TEXT_MAX);
    let beside = (body.width > text_width + 2)
        .then(|| {
            place_board(
                game,
                Rect {
                    width: body.width - text_width - 2,
                    ..body
                },
            )
        })
        .flatten()
        .map(|board| {
            let x = board.area().right() + 2;
            let text = Rect {
                x,
                width: body.right().saturating_sub(x),
                ..body
            };
            Parts {
                board: Some(board),
                text: Some(text),
            }
        });
    let kept = rows_for(body.width).min(body.height / 3);
    let under = place_board(
        game,
        Rect {
            height: body.height.saturating_sub(kept + 1),
            ..body
        },
    )
    .map(|board| {
        let y = board.area().bottom() + 1;
        let text = (body.bottom() > y).then(|| Rect {
            y,
            height: body.bottom() - y,
            ..body
        });
        Parts {
            board: Some(board),
            text,
        }
    });
    let size = |parts: &Option<Parts>| {
        parts
            .as_ref()
            .and_then(|p| p.board.as_ref())
            .map_or(0, |b| {
                u32::from(b.area().width) * u32::from(b.area().height)
            })
    };
    match (size(&beside) >= size(&under), beside, under) {
        (true, Some(parts), _) | (_, _, Some(parts)) => parts,
        (_, Some(parts), None) => parts,
        (_, None, None) => Parts {
            board: None,
            text: Some(body),
        },
    }
}

/// Draws the view over `area` (the whole screen but the key hints).
pub fn draw(
    app: &App,
    look: &Look,
    game: &AnyGame,
    view: &GlanceView,
    frame: &mut Frame<'_>,
    area: Rect,
) {
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .border_set(look.glyphs.border())
        .border_style(look.accent())
        .style(look.text())
        .title(Span::styled(" How pieces move ", look.accent()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.height < 2 || inner.width < 8 {
        return;
    }
    frame.render_widget(
        Paragraph::new(choices(look, game, view)),
        Rect { height: 1, ..inner },
    );
    let body = Rect {
        y: inner.y + 2,
        height: inner.height.saturating_sub(2),
        ..inner
    };
    let Some(glance) = &view.glance else {
        let text = "No position shows this piece.";
        frame.render_widget(Paragraph::new(Line::styled(text, look.error())), body);
        return;
    };
    if app.reader {
        // The screen reader view: the words alone, the cursor at them.
        let lines = words(look, glance, body.width as usize, app.voice);
        frame.render_widget(Paragraph::new(fit(lines, body.height as usize, look)), body);
        frame.set_cursor_position((body.x, body.y));
        return;
    }
    let text_lines = |width: u16| {
        let width = usize::from(width);
        let lines =
            legend(look, glance, width).len() + 1 + words(look, glance, width, Voice::SCREEN).len();
        u16::try_from(lines).unwrap_or(u16::MAX)
    };
    let parts = layout(&glance.scene, body, text_lines);
    let marks = glance_marks(look, glance);
    match &parts.board {
        Some(Drawn::Grid(size, at)) => frame.render_widget(
            BoardView {
                game: &glance.scene,
                look,
                marks: &marks,
                orientation: Orientation::new(0, glance.scene.seat_names().len()),
                size: *size,
            },
            *at,
        ),
        Some(Drawn::Globe(g)) => globe::render(g, &glance.scene, look, &marks, frame.buffer_mut()),
        None => {}
    }
    if let Some(text) = parts.text {
        let width = text.width as usize;
        let mut lines = legend(look, glance, width);
        lines.push(Line::default());
        lines.extend(words(look, glance, width, Voice::SCREEN));
        frame.render_widget(Paragraph::new(fit(lines, text.height as usize, look)), text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::look::{ColorDepth, GlyphSet};
    use catboard::core::Options;
    use catboard::variants::Variant;

    #[test]
    fn the_legend_shows_each_mark_in_the_colours_the_board_draws_it() {
        for theme in ["classic", "high-contrast", "console"] {
            let theme = Theme::built_in(theme).unwrap_or_else(Theme::classic);
            for depth in [ColorDepth::TrueColor, ColorDepth::Ansi16] {
                let look = Look::new(&theme, depth, GlyphSet::Unicode);
                for &variant in Variant::ALL {
                    let game = variant.new_game(&Options::new());
                    for kind in game.piece_kinds() {
                        let Some(glance) = game.glance(kind) else {
                            continue;
                        };
                        let scene = &glance.scene;
                        let board_look = Look {
                            theme: look.theme.for_armies(scene.seat_names().len()),
                            glyphs: look.glyphs,
                        };
                        let marks = glance_marks(&look, &glance);
                        let a = scene.annotations();
                        let noted = Noted {
                            checked: &a.checked,
                            zones: &a.zones,
                            disarmed: &a.disarmed,
                        };
                        let legend = legend(&look, &glance, 60);
                        for reach in Reach::ALL {
                            let mark = look.glyphs.reach_mark(reach);
                            let Some(entry) = legend
                                .iter()
                                .find_map(|l| l.spans.first().filter(|s| s.content == mark))
                            else {
                                continue;
                            };
                            for cell in glance.cells(reach).iter() {
                                let drawn = cell_look(scene, &board_look, &marks, cell, &noted);
                                assert_eq!(
                                    drawn.style.bg,
                                    entry.style.bg,
                                    "{} {depth:?} {variant:?} {kind:?} {reach:?} on {}",
                                    theme.name,
                                    scene.geometry().name(cell)
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
