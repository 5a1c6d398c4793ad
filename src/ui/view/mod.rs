//! Drawing: `view(&App, &mut Frame)` only reads the state and draws it.

pub mod board;
pub mod overlay;
pub mod panels;
pub mod setup;

use super::app::{App, FieldPurpose, Overlay, Playing, Screen};
use super::computer::Purpose;
use super::glyphs::GlyphSet;
use super::input::{Context, HelpState};
use super::setup::capitalise;
use super::table::Player;
use super::theme::{ColorDepth, Theme};
use board::{BoardMarks, BoardSize, BoardView};
use catboard::core::Game;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

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
        },
        Screen::Setup(_) => HelpState::default(),
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

/// Draws the whole screen.
pub fn view(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let board_area = match &app.screen {
        Screen::Setup(s) => {
            setup::draw(app, s, frame, area);
            None
        }
        Screen::Playing(p) => draw_playing(app, p, frame, area),
    };
    match &app.overlay {
        Some(Overlay::Help { from }) => overlay::help(app, *from, frame, area),
        Some(Overlay::Chooser { moves, index }) => {
            if let Screen::Playing(p) = &app.screen {
                overlay::chooser(app, p, moves, *index, frame, board_area.unwrap_or(area));
            }
        }
        Some(Overlay::ConfirmNewGame) => {
            overlay::confirm(app, "Start a new game? (y/n)", frame, area)
        }
        _ => {}
    }
}

/// The width the side panel wants.
const PANEL_WIDTH: u16 = 36;

/// Draws the board, panels, feedback and hints; returns where the board is.
fn draw_playing(app: &App, p: &Playing, frame: &mut Frame, area: Rect) -> Option<Rect> {
    let look = &app.look;
    let game = p.table.game();
    let geo = game.geometry();
    // Two lines at the bottom: feedback and key hints.
    let body = Rect {
        height: area.height.saturating_sub(2),
        ..area
    };
    let board_room = (body.width.saturating_sub(2), body.height.saturating_sub(1));
    let Some(size) = BoardSize::fit(geo, board_room) else {
        let (w, h) = BoardSize::minimum(geo);
        too_small(app, frame, area, (w + 2, h + 3));
        return None;
    };
    let board_area = Rect {
        x: body.x + 1,
        y: body.y + 1,
        width: size.width(),
        height: size.height(),
    };
    let mut marks = BoardMarks {
        cursor: Some(p.cursor),
        selected: p.selected,
        hint: p
            .hint
            .filter(|m| !m.is_pass())
            .map(|m| [m.from, m.to].into_iter().collect())
            .unwrap_or_default(),
        last_move: p
            .table
            .last_move()
            .filter(|m| !m.is_pass())
            .map(|m| [m.from, m.to].into_iter().collect())
            .unwrap_or_default(),
        ..BoardMarks::default()
    };
    if let Some(from) = p.selected {
        for mv in p.table.moves_from(from) {
            marks.targets.insert(mv.to);
            if game.captured(mv).is_some() {
                marks.captures.insert(mv.to);
            }
        }
    }
    frame.render_widget(
        BoardView {
            game,
            look,
            marks: &marks,
            flipped: p.flipped,
            size,
        },
        board_area,
    );
    let panel_x = board_area.right() + 2;
    let has_panel = panel_x + 20 <= body.right();
    if has_panel {
        let panel = Rect {
            x: panel_x,
            y: body.y,
            width: (body.right() - panel_x).min(panels::wanted_width(p).max(PANEL_WIDTH)),
            height: body.height,
        };
        panels::draw(app, p, frame, panel);
    }
    let feedback = Rect {
        x: area.x + 1,
        y: area.bottom().saturating_sub(2),
        width: area.width.saturating_sub(2),
        height: 1,
    };
    feedback_line(app, p, frame, feedback, !has_panel);
    hint_line(
        app,
        frame,
        Rect {
            y: area.bottom().saturating_sub(1),
            ..feedback
        },
    );
    Some(board_area)
}

/// The feedback line: the open prompt, else a message, else the result,
/// else (when there is no panel to say it) the side to move.
fn feedback_line(app: &App, p: &Playing, frame: &mut Frame, area: Rect, status: bool) {
    let look = &app.look;
    if let Some(Overlay::Field {
        purpose: FieldPurpose::Move,
        text,
    }) = &app.overlay
    {
        let prompt = "Move: ";
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
            plain(look, &panels::result_sentence(&p.table, outcome)),
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

/// The key hints at the bottom: the most used keys of the context, those
/// that apply now (passing, pausing the computer), as many as fit.
fn hint_line(app: &App, frame: &mut Frame, area: Rect) {
    let ascii = app.look.glyphs == GlyphSet::Ascii;
    let state = help_state(app);
    let paused = matches!(&app.screen, Screen::Playing(p) if p.paused);
    // (text, priority): the lowest priority is left out first.
    let mut items: Vec<(&str, u8)> = match app.context() {
        Context::Board => {
            let mut items = vec![
                (
                    if ascii {
                        "arrows/hjkl move"
                    } else {
                        "←↓↑→/hjkl move"
                    },
                    9,
                ),
                ("Enter select", 9),
            ];
            if state.can_pass {
                items.push(("p pass", 8));
            }
            items.extend([(": type a move", 5), ("u undo", 6), ("r redo", 3)]);
            // The hint matters more against the computer than redo does.
            items.push(("t hint", if state.computer_plays { 4 } else { 2 }));
            if state.computer_plays {
                items.push((if paused { "s resume" } else { "s pause" }, 7));
            }
            items.extend([("? help", 10), ("q quit", 10)]);
            items
        }
        Context::TextEntry => vec![
            ("Enter accept", 9),
            ("Esc close", 9),
            ("Backspace delete", 8),
        ],
        Context::Chooser => vec![("letter or Enter choose", 9), ("Esc cancel", 9)],
        Context::Confirm => vec![("y yes", 9), ("n no", 9)],
        Context::Help => vec![("Esc or ? close the help", 9)],
        Context::Setup => vec![
            (if ascii { "Up/Down row" } else { "↑↓ row" }, 9),
            (
                if ascii {
                    "Left/Right/Space change"
                } else {
                    "←→/Space change"
                },
                9,
            ),
            ("Enter start", 9),
            ("? help", 8),
            ("q quit", 8),
        ],
    };
    let width = |items: &[(&str, u8)]| {
        items
            .iter()
            .map(|(t, _)| unicode_width::UnicodeWidthStr::width(*t) + 2)
            .sum::<usize>()
            .saturating_sub(2)
    };
    while width(&items) > area.width as usize && items.len() > 1 {
        let lowest = items.iter().map(|(_, p)| *p).min().unwrap_or(0);
        if let Some(i) = items.iter().rposition(|(_, p)| *p == lowest) {
            items.remove(i);
        }
    }
    let hint: Vec<&str> = items.iter().map(|(t, _)| *t).collect();
    frame.render_widget(
        Paragraph::new(Line::styled(hint.join("  "), app.look.dim())),
        area,
    );
}

/// Says the terminal is too small instead of drawing a broken board.
fn too_small(app: &App, frame: &mut Frame, area: Rect, need: (u16, u16)) {
    let text = format!(
        "The terminal is {}x{}; the board needs at least {}x{}. Enlarge the window or press q to quit.",
        area.width, area.height, need.0, need.1
    );
    frame.render_widget(
        Paragraph::new(text)
            .style(app.look.error())
            .wrap(Wrap { trim: true }),
        area,
    );
}
