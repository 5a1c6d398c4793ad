//! Drawing: `view(&App, &mut Frame)` only reads the state and draws it.

pub mod board;
pub mod cell_list;
pub mod overlay;
pub mod panels;
pub mod setup_screen;
pub mod sphere;
mod wrap;

use super::theme::{Theme, load_theme};
use crate::session::app::{App, FieldPurpose, Overlay, Playing, Screen};
use crate::session::computer::Purpose;
use crate::session::describe;
use crate::session::keymap::{HelpState, hints};
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::table::Player;
use crate::session::words::capitalise;
use board::{BoardMarks, BoardSize, BoardView};
use catboard::core::geometry::Shape;
use catboard::core::{Game, MoveKind};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use std::path::Path;

/// How things look: the theme (already degraded to the terminal's colour
/// depth) and the glyph set.
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    /// Colours.
    pub theme: Theme,
    /// Characters.
    pub glyphs: GlyphSet,
}

impl Look {
    /// `theme` shown at `depth` with `glyphs`.
    pub fn new(theme: &Theme, depth: ColorDepth, glyphs: GlyphSet) -> Look {
        Look {
            theme: theme.adapted(depth),
            glyphs,
        }
    }

    /// The look `choice` names: its theme found and read (a built-in
    /// name, a theme in `user_dir`, or a file) and brought to its colour
    /// depth, with its glyphs; and a sentence when the theme fell back to
    /// classic.
    pub fn of(choice: &LookChoice, user_dir: Option<&Path>) -> (Look, Option<String>) {
        let (theme, notice) = load_theme(&choice.theme, user_dir);
        (Look::new(&theme, choice.depth, choice.glyphs), notice)
    }

    /// The classic theme in true colour with Unicode glyphs, for tests.
    #[cfg(test)]
    pub fn test_default() -> Look {
        Look::new(&Theme::classic(), ColorDepth::TrueColor, GlyphSet::Unicode)
    }

    /// Ordinary text.
    pub fn text(&self) -> Style {
        Style::default().fg(self.theme.text.normal)
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        Style::default().fg(self.theme.text.dim)
    }

    /// Titles and emphasis.
    pub fn accent(&self) -> Style {
        Style::default()
            .fg(self.theme.text.accent)
            .add_modifier(Modifier::BOLD)
    }

    /// Errors.
    pub fn error(&self) -> Style {
        Style::default()
            .fg(self.theme.text.error)
            .add_modifier(Modifier::BOLD)
    }

    /// A highlighted row: background colour and, so it shows without
    /// colour too, reverse video when there is no background colour.
    pub fn highlight(&self) -> Style {
        let style = self
            .text()
            .bg(self.theme.text.highlight)
            .add_modifier(Modifier::BOLD);
        if self.theme.text.highlight == ratatui::style::Color::Reset {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style
        }
    }
}

/// What the help and the hint line need to know of the game on the board:
/// whether the person to move may pass, whether the computer plays.
pub fn help_state(app: &App) -> HelpState {
    match &app.screen {
        Screen::Playing(p) => HelpState {
            can_pass: p.table.can_pass() && p.table.player_to_move() == Player::Human,
            computer_plays: p.table.players().iter().any(|pl| pl.level().is_some()),
            unsaved: p.save_path.is_none(),
            refused: app.refused,
        },
        Screen::Setup(_) => HelpState {
            refused: app.refused,
            ..HelpState::default()
        },
    }
}

/// `text` as the glyph set can show it: the dash of the result sentences
/// becomes a hyphen in ASCII.
pub fn plain(look: &Look, text: &str) -> String {
    if look.glyphs == GlyphSet::Ascii {
        text.replace('—', "-").replace('…', "...")
    } else {
        text.to_string()
    }
}

/// Draws `app` on `screen` in `look`, whatever the terminal behind it
/// (the local one, or an SSH channel).
pub fn draw<B: ratatui::backend::Backend>(
    screen: &mut ratatui::Terminal<B>,
    app: &App,
    look: &Look,
) -> Result<(), B::Error> {
    screen.draw(|f| view(app, look, f)).map(|_| ())
}

/// Draws the whole screen.
pub fn view(app: &App, look: &Look, frame: &mut Frame) {
    let area = frame.area();
    let board_area = match &app.screen {
        Screen::Setup(s) => {
            setup_screen::draw(app, look, s, frame, area);
            None
        }
        Screen::Playing(p) => draw_playing(app, look, p, frame, area),
    };
    match &app.overlay {
        Some(Overlay::Help { from }) => overlay::help(app, look, *from, frame, area),
        Some(Overlay::Chooser { moves, index }) => {
            if let Screen::Playing(p) = &app.screen {
                overlay::chooser(look, p, moves, *index, frame, board_area.unwrap_or(area));
            }
        }
        Some(Overlay::ConfirmNewGame) => {
            let question = match &app.screen {
                Screen::Playing(p) => describe::new_game_question(&p.table),
                Screen::Setup(_) => "Start a new game? (y/n)".to_string(),
            };
            overlay::confirm(look, &question, frame, area)
        }
        _ => {}
    }
}

/// The width the side panel wants at least, and at most.
const PANEL_WIDTH: (u16, u16) = (34, 44);

/// Where the board and the side panel go in `body`, and the board's size:
/// the biggest board that leaves room for the panel, else the biggest board
/// alone; the two centred together.
fn board_layout(p: &Playing, body: Rect) -> Option<(BoardSize, Rect, Option<Rect>)> {
    let geo = p.table.game().geometry();
    let room_height = body.height.saturating_sub(1);
    let panel_wanted = panels::wanted_width(p).clamp(PANEL_WIDTH.0, PANEL_WIDTH.1);
    // A margin of one column on the left, two between board and panel.
    let with_panel = BoardSize::all(geo, p.orientation)
        .filter(|s| s.height() <= room_height && 1 + s.width() + 2 + PANEL_WIDTH.0 <= body.width)
        .last();
    let (size, panel_width) = match with_panel {
        Some(size) => {
            let free = body.width - 1 - size.width() - 2;
            (size, Some(free.min(panel_wanted)))
        }
        None => (
            BoardSize::fit(
                geo,
                p.orientation,
                (body.width.saturating_sub(2), room_height),
            )?,
            None,
        ),
    };
    let total = size.width() + panel_width.map_or(0, |w| w + 2);
    let x = body.x + 1.max(body.width.saturating_sub(total) / 2);
    let y = body.y + 1.max(body.height.saturating_sub(size.height()) / 2);
    let board = Rect {
        x,
        y,
        width: size.width(),
        height: size.height(),
    };
    let panel = panel_width.map(|width| Rect {
        x: board.right() + 2,
        y: body.y,
        width,
        height: body.height,
    });
    Some((size, board, panel))
}

/// What the board views mark: the cursor, the picks and the next picks
/// (captures among them), the hint and the last move.
fn board_marks(p: &Playing) -> BoardMarks {
    let game = p.table.game();
    let mut marks = BoardMarks {
        cursor: Some(p.cursor),
        picked: p.picks().iter().copied().collect(),
        hint: p
            .hint
            .filter(|m| !m.is_pass())
            .map(|m| [m.from, m.to].into_iter().collect())
            .unwrap_or_default(),
        // A two-leg move marks its transit cell too (where it captured).
        last_move: p
            .table
            .last_move()
            .filter(|m| !m.is_pass())
            .map(|m| match m.kind {
                MoveKind::TwoLeg => [m.from, m.aux, m.to].into_iter().collect(),
                _ => [m.from, m.to].into_iter().collect(),
            })
            .unwrap_or_default(),
        ..BoardMarks::default()
    };
    if let Some(entry) = p.entry().filter(|e| !e.picks().is_empty()) {
        let mover = game.to_move();
        for cell in entry.next_picks().iter() {
            marks.targets.insert(cell);
            if game.piece_at(cell).is_some_and(|pc| pc.seat() != mover) {
                marks.captures.insert(cell);
            }
        }
    }
    marks
}

/// Draws the board, panels, feedback and hints; returns where the board is.
fn draw_playing(
    app: &App,
    look: &Look,
    p: &Playing,
    frame: &mut Frame,
    area: Rect,
) -> Option<Rect> {
    // Two lines at the bottom: feedback and key hints.
    let body = Rect {
        height: area.height.saturating_sub(2),
        ..area
    };
    let marks = board_marks(p);
    let drawn = match p.table.game().geometry().shape() {
        Shape::Grid { .. } => draw_grid(look, p, &marks, frame, body),
        Shape::Graph => sphere::draw(look, p, &marks, frame, body),
    };
    let Some((board_area, panels_drawn)) = drawn else {
        let (w, h) = match p.table.game().geometry().shape() {
            Shape::Grid { .. } => {
                let (w, h) = BoardSize::minimum(p.table.game().geometry(), p.orientation);
                (w + 2, h + 3)
            }
            Shape::Graph => (sphere::MINIMUM.0, sphere::MINIMUM.1 + 2),
        };
        too_small(look, frame, area, (w, h));
        return None;
    };
    let feedback = Rect {
        x: area.x + 1,
        y: area.bottom().saturating_sub(2),
        width: area.width.saturating_sub(2),
        height: 1,
    };
    feedback_line(app, look, p, frame, feedback, !panels_drawn);
    hint_line(
        app,
        look,
        frame,
        Rect {
            y: area.bottom().saturating_sub(1),
            ..feedback
        },
    );
    Some(board_area)
}

/// Draws the grid board and the side panel into `body`; returns where the
/// board is and whether the panel found room, or `None` when it does not fit.
fn draw_grid(
    look: &Look,
    p: &Playing,
    marks: &BoardMarks,
    frame: &mut Frame,
    body: Rect,
) -> Option<(Rect, bool)> {
    let (size, board_area, panel) = board_layout(p, body)?;
    frame.render_widget(
        BoardView {
            game: p.table.game(),
            look,
            marks,
            orientation: p.orientation,
            size,
        },
        board_area,
    );
    if let Some(panel) = panel {
        panels::draw(look, p, frame, panel);
    }
    Some((board_area, panel.is_some()))
}

/// The feedback line: the open prompt, else a message, else the result,
/// else (when there is no panel to say it) the side to move.
fn feedback_line(app: &App, look: &Look, p: &Playing, frame: &mut Frame, area: Rect, status: bool) {
    if let Some(Overlay::Field {
        purpose: purpose @ (FieldPurpose::Move | FieldPurpose::GoTo),
        text,
    }) = &app.overlay
    {
        let prompt = if *purpose == FieldPurpose::GoTo {
            "Go to cell: "
        } else {
            "Move: "
        };
        let mut spans = vec![
            Span::styled(prompt, look.accent()),
            Span::styled(text.clone(), look.text()),
        ];
        if let Some(m) = &app.message {
            spans.push(Span::styled(format!("  {}", m.text), look.error()));
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), area);
        let x =
            area.x + (prompt.len() + unicode_width::UnicodeWidthStr::width(text.as_str())) as u16;
        frame.set_cursor_position((x.min(area.right().saturating_sub(1)), area.y));
        return;
    }
    let line = match (&app.message, p.table.outcome()) {
        (Some(m), _) => Line::styled(
            plain(look, &m.text),
            if m.error { look.error() } else { look.text() },
        ),
        (None, Some(outcome)) => Line::styled(
            plain(look, &describe::result(&p.table, outcome)),
            look.accent(),
        ),
        (None, None) if status => {
            let game = p.table.game();
            let side = capitalise(game.seat_name(game.to_move()));
            let thinking = match &p.thinking {
                Some(t) if t.purpose == Purpose::Move => format!(
                    ", thinking (depth {})",
                    t.progress.as_ref().map_or(0, |pr| pr.depth)
                ),
                _ => String::new(),
            };
            if game.in_check() {
                Line::styled(format!("{side} to move, in check!{thinking}"), look.error())
            } else {
                Line::styled(format!("{side} to move{thinking}"), look.text())
            }
        }
        (None, None) => Line::default(),
    };
    frame.render_widget(Paragraph::new(line), area);
}

/// The key hints at the bottom, made from the keymap: the most used keys
/// of the context, those that apply now (passing, pausing the computer), as
/// many as fit.
fn hint_line(app: &App, look: &Look, frame: &mut Frame, area: Rect) {
    let ascii = look.glyphs == GlyphSet::Ascii;
    let paused = matches!(&app.screen, Screen::Playing(p) if p.paused);
    let mut items = hints(app.context(), ascii, help_state(app));
    if paused {
        for (text, _) in &mut items {
            if let Some(keys) = text.strip_suffix(" pause") {
                *text = format!("{keys} resume");
            }
        }
    }
    let width = |items: &[(String, u8)]| {
        items
            .iter()
            .map(|(t, _)| unicode_width::UnicodeWidthStr::width(t.as_str()) + 2)
            .sum::<usize>()
            .saturating_sub(2)
    };
    while width(&items) > area.width as usize && items.len() > 1 {
        let lowest = items.iter().map(|(_, p)| *p).min().unwrap_or(0);
        if let Some(i) = items.iter().rposition(|(_, p)| *p == lowest) {
            items.remove(i);
        }
    }
    let hint: Vec<&str> = items.iter().map(|(t, _)| t.as_str()).collect();
    frame.render_widget(
        Paragraph::new(Line::styled(hint.join("  "), look.dim())),
        area,
    );
}

/// Says the terminal is too small instead of drawing a broken board.
fn too_small(look: &Look, frame: &mut Frame, area: Rect, need: (u16, u16)) {
    let text = format!(
        "The terminal is {}x{}; the board needs at least {}x{}. Enlarge the window or press q to quit.",
        area.width, area.height, need.0, need.1
    );
    frame.render_widget(
        Paragraph::new(text)
            .style(look.error())
            .wrap(Wrap { trim: true }),
        area,
    );
}
