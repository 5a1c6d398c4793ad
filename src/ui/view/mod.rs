//! Drawing: `view(&App, &mut Frame)` only reads the state and draws it.

pub mod best_lines;
pub mod board;
pub mod cell_list;
pub mod eval_graph;
pub mod glance;
#[cfg(test)]
mod graph_props;
#[cfg(test)]
mod layout_props;
pub mod overlay;
pub mod panels;
pub mod piece_art;
pub mod pointer;
pub mod puzzle;
#[cfg(test)]
mod review_props;
pub mod setup_screen;
pub mod sphere;
#[cfg(test)]
mod steady_props;
pub mod wrap;

use super::theme::{Theme, load_theme};
use crate::session::app::{App, FieldPurpose, Overlay, Playing, Screen};
use crate::session::computer::Purpose;
use crate::session::describe;
use crate::session::keymap::{HelpState, hints};
use crate::session::look::{ColorDepth, GlyphSet, LookChoice};
use crate::session::table::Player;
use crate::session::words::capitalise;
use crate::ui::glyphs::GlyphDrawing;
use board::{BoardMarks, BoardSize, BoardView};
use catboard::core::geometry::Shape;
use catboard::core::{Game, MoveKind};
use catboard::variants::Layout;
pub use pointer::Pointer;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use std::path::Path;
use unicode_width::UnicodeWidthStr;
use wrap::wrap_words;

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
            shared: app.kept_elsewhere,
            sphere: p.table.game().geometry().shape() == Shape::Graph,
            refused: app.refused,
        },
        Screen::Setup(_) => HelpState {
            refused: app.refused,
            ..HelpState::default()
        },
    }
}

/// `text` as the glyph set can show it (the one mechanism,
/// [`GlyphDrawing::text`]): the session's typographic marks in ASCII under
/// the ASCII set.
pub fn plain(look: &Look, text: &str) -> String {
    look.glyphs.text(text).into_owned()
}

/// Draws `app` on `screen` in `look`, whatever the terminal behind it
/// (the local one, or an SSH channel), once it is fitted to the screen
/// ([`fit`]).
pub fn draw<B: ratatui::backend::Backend>(
    screen: &mut ratatui::Terminal<B>,
    app: &mut App,
    look: &Look,
) -> Result<(), B::Error> {
    fit(app, look, screen.get_frame().area());
    screen.draw(|f| view(app, look, f)).map(|_| ())
}

/// Fits `app` to a screen of `area` drawn in `look`, before it is drawn
/// (drawing changes nothing): how far the help, when open, can scroll,
/// and where the pages of the sphere's list of cells begin.
pub fn fit(app: &mut App, look: &Look, area: Rect) {
    app.help_scroll_room = match &app.overlay {
        Some(Overlay::Help { from, .. }) => {
            overlay::help_layout(app, look, *from, above_hints(area)).max_scroll
        }
        _ => 0,
    };
    app.list_pages = list_pages(app, look, area);
}

/// The first cell of each page of the sphere's list of cells as the
/// playing screen in `area` draws it (empty where it shows whole, or on
/// a flat board).
fn list_pages(app: &App, look: &Look, area: Rect) -> Vec<catboard::core::Cell> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    if p.table.variant().layout() != Layout::Sphere {
        return Vec::new();
    }
    let geo = p.table.game().geometry();
    let (list, keep) = if app.reader {
        let body = reader_body(p, area);
        (
            sphere::still_layout(p, body).and_then(|l| l.list),
            sphere::list::Keep::Paged,
        )
    } else {
        let body = playing_layout(app, look, p, area).0;
        (
            sphere::layout(p, body).and_then(|l| l.list),
            sphere::list::Keep::Centred,
        )
    };
    list.map(|r| sphere::list::page_starts(geo, r, keep))
        .unwrap_or_default()
}

/// The screen reader view's body in `area`: the screen above the
/// sentence rows.
fn reader_body(p: &Playing, area: Rect) -> Rect {
    let rows = reader_sentence_rows(p.table.variant().layout(), area.height);
    Rect {
        height: area.height.saturating_sub(rows),
        ..area
    }
}

/// Where the help is drawn on a screen of `area`: above the key hints,
/// which say how to close it.
fn above_hints(area: Rect) -> Rect {
    Rect {
        height: area.height.saturating_sub(1),
        ..area
    }
}

/// Draws the whole screen.
pub fn view(app: &App, look: &Look, frame: &mut Frame<'_>) {
    let area = frame.area();
    match &app.screen {
        Screen::Setup(s) => setup_screen::draw(app, look, s, frame, area),
        Screen::Playing(p) if app.reader => draw_reader(app, look, p, frame, area),
        Screen::Playing(p) => draw_playing(app, look, p, frame, area),
    }
    match &app.overlay {
        Some(Overlay::Help { from, scroll }) => {
            overlay::help(app, look, *from, *scroll, frame, above_hints(area))
        }
        Some(Overlay::Chooser { moves, index }) => {
            if let Screen::Playing(p) = &app.screen {
                overlay::chooser(app, look, p, moves, *index, frame, area);
            }
        }
        Some(Overlay::Glance(v)) => {
            if let Screen::Playing(p) = &app.screen {
                let above_hints = Rect {
                    height: area.height.saturating_sub(1),
                    ..area
                };
                glance::draw(app, look, p.shown_game(), v, frame, above_hints);
            }
        }
        Some(Overlay::Lines(shown)) => best_lines::draw(look, shown, frame, above_hints(area)),
        Some(Overlay::ConfirmNewGame) => {
            let question = match &app.screen {
                Screen::Playing(p) => describe::new_game_question(&p.table),
                Screen::Setup(_) => "Start a new game? (y/n)".to_string(),
            };
            overlay::confirm(look, &question, frame, area)
        }
        Some(Overlay::ConfirmResign) => {
            overlay::confirm(look, "Resign this game? (y/n)", frame, area)
        }
        Some(Overlay::DrawOffered(offerer)) => {
            if let Screen::Playing(p) = &app.screen {
                let question = describe::draw_question(&p.table, *offerer);
                overlay::confirm(look, &question, frame, area);
            }
        }
        _ => {}
    }
}

/// Where `cell` is drawn on the playing screen in `area` (a board's cell,
/// or the globe's, with the columns of its marks; `None` when the globe
/// shows the other hemisphere), and where the board (or globe) is; `None`
/// when no board is drawn.
pub fn drawn_cell(
    app: &App,
    look: &Look,
    p: &Playing,
    area: Rect,
    cell: catboard::core::Cell,
) -> Option<(Option<Rect>, Rect)> {
    let geo = p.table.game().geometry();
    let body = if app.reader {
        reader_body(p, area)
    } else {
        playing_layout(app, look, p, area).0
    };
    match p.table.variant().layout() {
        Layout::Sphere => {
            let parts = if app.reader {
                sphere::still_layout(p, body)?
            } else {
                sphere::layout(p, body)?
            };
            Some((
                parts.globe.as_ref().and_then(|g| g.cell_area(geo, cell)),
                parts.board(),
            ))
        }
        Layout::Grid => {
            let (size, board, _) = board_layout(p, body)?;
            Some((
                Some(board::cell_area(geo, p.orientation, size, board, cell)),
                board,
            ))
        }
    }
}

/// Where the board and the side panel go in `body`, and the board's size:
/// the biggest board that leaves room for the panel, else the biggest board
/// alone; the two centred together. The panel is as wide as its move list
/// wants ([`panels::wanted_width`]), within the room the board leaves.
pub fn board_layout(p: &Playing, body: Rect) -> Option<(BoardSize, Rect, Option<Rect>)> {
    let geo = p.table.game().geometry();
    let room_height = body.height.saturating_sub(1);
    let panel_wanted = panels::wanted_width(p);
    // A margin of one column on the left, two between board and panel.
    let with_panel = BoardSize::all(geo, p.orientation)
        .filter(|s| {
            s.height() <= room_height && 1 + s.width() + 2 + panels::PANEL_MIN <= body.width
        })
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
    let game = p.shown_game();
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
            .shown_last_move()
            .filter(|m| m.on_board())
            .map(|m| match m.kind {
                MoveKind::TwoLeg => [m.from, m.aux, m.to].into_iter().collect(),
                _ => [m.from, m.to].into_iter().collect(),
            })
            .unwrap_or_default(),
        ..BoardMarks::default()
    };
    marks.line = catboard::core::check_lines::check_lines(game);
    if let Some(entry) = p.entry().filter(|e| !e.picks().is_empty()) {
        let mover = game.to_move();
        // Half-way through a two-leg move: back to the origin is one way
        // to finish, the cell reached (picked again) another.
        let (picks, next) = (entry.picks(), entry.next_picks());
        if picks.len() >= 2 && next.contains(picks[0]) {
            for cell in [picks[0], picks[picks.len() - 1]] {
                if next.contains(cell) {
                    marks.finish.insert(cell);
                }
            }
        }
        for cell in entry.next_picks().iter() {
            marks.targets.insert(cell);
            if game.piece_at(cell).is_some_and(|pc| pc.seat() != mover) {
                marks.captures.insert(cell);
            }
        }
    }
    marks
}

/// The sentence the feedback line says now: the open prompt's error
/// aside, a message, else the result, else (when there is no panel to say
/// it) the side to move; and its style.
fn feedback(app: &App, look: &Look, p: &Playing, status: bool) -> Option<(String, Style)> {
    match (&app.message, p.shown_outcome()) {
        (Some(m), _) => Some((
            plain(look, &m.text),
            if m.error { look.error() } else { look.text() },
        )),
        (None, Some(outcome)) => Some((
            plain(look, &describe::result(&p.table, outcome)),
            look.accent(),
        )),
        (None, None) if status => {
            let game = p.shown_game();
            let side = capitalise(game.seat_name(game.to_move()));
            let thinking = match &p.thinking {
                Some(t) if t.purpose == Purpose::Move => format!(
                    ", thinking (depth {})",
                    t.progress.as_ref().map_or(0, |pr| pr.depth)
                ),
                _ => String::new(),
            };
            Some(if game.in_check() {
                (format!("{side} to move, in check!{thinking}"), look.error())
            } else {
                (format!("{side} to move{thinking}"), look.text())
            })
        }
        (None, None) => None,
    }
}

/// The most rows the feedback may take when the board leaves them free.
const FEEDBACK_ROWS: u16 = 3;

/// The sentences the feedback line says with the panel shown, and
/// without it (then it says the side to move too).
type Said = (Option<(String, Style)>, Option<(String, Style)>);

/// How the playing screen is laid out in `area`: the body (board and
/// panel, or the sphere's screen), the feedback rows under it (one, or as
/// many as the sentence needs up to [`FEEDBACK_ROWS`] where the board
/// leaves rows free), and what the feedback says. The key hints take the
/// last row. A fixed status line is this feedback area.
pub fn playing_layout(app: &App, look: &Look, p: &Playing, area: Rect) -> (Rect, Rect, Said) {
    let graph = p.table.variant().layout() == Layout::Sphere;
    let one_row = Rect {
        height: area.height.saturating_sub(2),
        ..area
    };
    let said = feedback(app, look, p, false);
    let said_with_status = feedback(app, look, p, true);
    // The feedback takes as many rows as the board leaves free below it
    // (up to FEEDBACK_ROWS), whatever it says now: so the board and the
    // panel keep their places all game.
    let free = if graph {
        0
    } else {
        board_layout(p, one_row).map_or(0, |(_, board, _)| {
            one_row.bottom().saturating_sub(board.bottom())
        })
    };
    let rows = FEEDBACK_ROWS
        .min(1 + free)
        .min(area.height.saturating_sub(1));
    let body = Rect {
        height: area.height.saturating_sub(1 + rows),
        ..area
    };
    let feedback_area = Rect {
        x: area.x + 1,
        y: body.bottom(),
        width: area.width.saturating_sub(2),
        height: rows,
    };
    (body, feedback_area, (said, said_with_status))
}

/// Draws the board, panels, feedback and hints.
///
/// The screen is laid out once here: the body (board and panel, or the
/// sphere's screen), then the feedback (the status line: one row, or as
/// many as its sentence needs, up to [`FEEDBACK_ROWS`], where the board
/// leaves rows free below it), then the key hints.
fn draw_playing(app: &App, look: &Look, p: &Playing, frame: &mut Frame<'_>, area: Rect) {
    let marks = board_marks(p);
    let graph = p.table.variant().layout() == Layout::Sphere;
    let (body, feedback_area, said) = playing_layout(app, look, p, area);
    let drawn = if graph {
        sphere::draw(look, p, &marks, frame, body)
    } else {
        draw_grid(look, p, &marks, frame, body)
    };
    let Some((_, panels_drawn)) = drawn else {
        let (w, h) = if graph {
            (sphere::MINIMUM.0, sphere::MINIMUM.1 + 2)
        } else {
            let (w, h) = BoardSize::minimum(p.table.game().geometry(), p.orientation);
            (w + 2, h + 3)
        };
        too_small(look, frame, area, (w, h));
        return;
    };
    let said = if panels_drawn { said.0 } else { said.1 };
    feedback_line(app, look, said, frame, feedback_area);
    hint_line(
        app,
        look,
        frame,
        Rect {
            y: area.bottom().saturating_sub(1),
            height: 1,
            ..feedback_area
        },
    );
}

/// How many rows at the bottom of a screen `height` rows high the screen
/// reader view gives the sentence: two, and on the sphere, where the
/// sentence goes on with the numbered neighbours, a quarter of the screen.
pub(crate) fn reader_sentence_rows(layout: Layout, height: u16) -> u16 {
    match layout {
        Layout::Sphere => (height / 4).max(2),
        Layout::Grid => 2,
    }
}

/// The screen reader view: the board and panels drawn still (no cursor
/// mark, no search progress, no cell list), so that a cursor key changes
/// nothing but the two sentence rows at the bottom, where the terminal's
/// cursor stands for the screen reader to read.
fn draw_reader(app: &App, look: &Look, p: &Playing, frame: &mut Frame<'_>, area: Rect) {
    let rows = reader_sentence_rows(p.table.variant().layout(), area.height);
    let body = reader_body(p, area);
    let mut marks = board_marks(p);
    marks.cursor = None;
    match p.table.variant().layout() {
        Layout::Grid => {
            if let Some((size, board_area, panel)) = board_layout(p, body) {
                axis_hint_above(look, p, frame, body, board_area);
                frame.render_widget(
                    BoardView {
                        game: p.shown_game(),
                        look,
                        marks: &marks,
                        orientation: p.orientation,
                        size,
                    },
                    board_area,
                );
                if let Some(panel) = panel {
                    panels::draw_with(look, p, frame, panel, true);
                }
            }
        }
        Layout::Sphere => {
            sphere::draw_still(look, p, &marks, frame, body);
        }
    }
    let sentence = Rect {
        x: area.x + 1,
        y: area.bottom().saturating_sub(rows),
        width: area.width.saturating_sub(2),
        height: rows.min(area.height),
    };
    let (text, error) = match (&app.overlay, &app.message) {
        (Some(Overlay::Field { text, purpose }), _) => {
            let prompt = if *purpose == FieldPurpose::GoTo {
                "Go to cell: "
            } else {
                "Move: "
            };
            (format!("{prompt}{text}"), false)
        }
        (_, Some(m)) => (m.text.clone(), m.error),
        (_, None) => match p.shown_outcome() {
            Some(ending) => (describe::result_in(&p.table, ending, app.voice), false),
            None => (
                describe::position::cursor_sentence(
                    p.shown_game(),
                    app.voice,
                    p.orientation,
                    p.cursor,
                ),
                false,
            ),
        },
    };
    let style = if error { look.error() } else { look.text() };
    frame.render_widget(
        Paragraph::new(Line::styled(plain(look, &text), style)).wrap(Wrap { trim: true }),
        sentence,
    );
    frame.set_cursor_position((sentence.x, sentence.y));
}

/// Draws the grid board and the side panel into `body`; returns where the
/// board is and whether the panel found room, or `None` when it does not fit.
fn draw_grid(
    look: &Look,
    p: &Playing,
    marks: &BoardMarks,
    frame: &mut Frame<'_>,
    body: Rect,
) -> Option<(Rect, bool)> {
    let (size, board_area, panel) = board_layout(p, body)?;
    frame.render_widget(
        BoardView {
            game: p.shown_game(),
            look,
            marks,
            orientation: p.orientation,
            size,
        },
        board_area,
    );
    axis_hint_above(look, p, frame, body, board_area);
    if let Some(panel) = panel {
        panels::draw(look, p, frame, panel);
    }
    Some((board_area, panel.is_some()))
}

/// The axis hint ([`board::axis_hint`]) in the row above the board, when
/// the board's labels need one and the row is free.
fn axis_hint_above(look: &Look, p: &Playing, frame: &mut Frame<'_>, body: Rect, board: Rect) {
    let geo = p.table.game().geometry();
    if board.y <= body.y {
        return;
    }
    if let Some(hint) = board::axis_hint(geo, p.orientation, board.width) {
        let row = Rect {
            y: board.y - 1,
            height: 1,
            ..board
        };
        frame.render_widget(Paragraph::new(Line::styled(hint, look.dim())), row);
    }
}

/// The feedback: the open prompt, else `said` broken between words over
/// the rows of `area` (what does not fit ends in an ellipsis after a
/// whole word).
fn feedback_line(
    app: &App,
    look: &Look,
    said: Option<(String, Style)>,
    frame: &mut Frame<'_>,
    area: Rect,
) {
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
        let typed = prompt.width() + text.width();
        let mut lines = vec![Line::from(vec![
            Span::styled(prompt, look.accent()),
            Span::styled(text.clone(), look.text()),
        ])];
        if let Some(m) = &app.message {
            let room = (area.width as usize).saturating_sub(typed + 2);
            let parts = wrap_words(&m.text, room.max(1));
            let first_fits = parts.first().is_some_and(|f| f.width() <= room);
            if first_fits && parts.len() == 1 {
                lines[0]
                    .spans
                    .push(Span::styled(format!("  {}", m.text), look.error()));
            } else {
                let parts = wrap_words(&m.text, area.width as usize);
                lines.extend(parts.into_iter().map(|l| Line::styled(l, look.error())));
            }
        }
        let shown = fit_rows(lines, area.height as usize, look);
        frame.render_widget(Paragraph::new(shown), area);
        let x = area.x + typed as u16;
        frame.set_cursor_position((x.min(area.right().saturating_sub(1)), area.y));
        return;
    }
    let Some((text, style)) = said else {
        return;
    };
    let lines = wrap_words(&text, area.width as usize)
        .into_iter()
        .map(|l| Line::styled(l, style))
        .collect();
    frame.render_widget(
        Paragraph::new(fit_rows(lines, area.height as usize, look)),
        area,
    );
}

/// `lines` cut to `rows`: the last shown ends in an ellipsis after its
/// last whole word when lines were left out.
fn fit_rows(mut lines: Vec<Line<'static>>, rows: usize, look: &Look) -> Vec<Line<'static>> {
    if lines.len() <= rows.max(1) {
        return lines;
    }
    lines.truncate(rows.max(1));
    if let Some(last) = lines.last_mut() {
        let dots = look.glyphs.marks().ellipsis;
        let style = last.spans.last().map(|s| s.style).unwrap_or_default();
        let text: String = last.spans.iter().map(|s| s.content.as_ref()).collect();
        let width = text.width();
        let mut words: Vec<&str> = text.split(' ').collect();
        while words.len() > 1 && words.join(" ").width() + 1 + dots.width() > width {
            words.pop();
        }
        *last = Line::styled(format!("{} {dots}", words.join(" ")), style);
    }
    lines
}

/// The key hints at the bottom, made from the keymap: the most used keys
/// of the context, those that apply now (passing, pausing the computer), as
/// many as fit.
fn hint_line(app: &App, look: &Look, frame: &mut Frame<'_>, area: Rect) {
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
fn too_small(look: &Look, frame: &mut Frame<'_>, area: Rect, need: (u16, u16)) {
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
