//! The lobby on the server's screen: the session's [`Lobby`] (its
//! state, its keys and the lines of each page) drawn with ratatui, and
//! fitted to the screen's size before it is drawn. What a key asks of
//! the server ([`Choice`]) is carried out by the connection against the
//! hub and the store, and their answers folded back in as [`Heard`].

use super::hub::TableSummary;
use crate::session::keymap::Key;
use crate::ui::view::wrap::{fit_line, wrap_keys, wrap_words};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};
use std::hash::{DefaultHasher, Hash, Hasher};
use unicode_width::UnicodeWidthStr;

pub use crate::session::lobby::{Choice, Heard, Keys, Lists, Lobby, Page, QUICK_CONTROLS, when};

/// The lines above the list (the greeting, a blank, the list's title)
/// and below it (the note and the keys) on a screen wide enough for each
/// to take one row: how the list is sized before the first frame.
const CHROME: u16 = 5;

/// The screen's parts: the greeting's rows, the list's area (its title
/// row included), and the rows of the note and the keys below it.
struct Parts {
    head: Vec<String>,
    head_area: Rect,
    list: Rect,
    foot: Vec<String>,
    foot_area: Rect,
}

/// The lobby on a screen: fitted to its size, driven by its keys, and
/// drawn (each a call of the session's [`Lobby`] with the rows of its
/// list on a screen of `area`).
pub trait LobbyScreen {
    /// Fits the lobby to what it shows: `tables` and `lists` on a screen
    /// of `area` for `name`. Called when any of them changed, before the
    /// lobby is drawn.
    fn fit(&mut self, tables: &[TableSummary], lists: &Lists, name: &str, area: Rect);
    /// What `key` asks for, with `tables` listed on a screen of `area`.
    fn key(&mut self, key: Key, tables: &[TableSummary], area: Rect) -> Choice;
    /// A number that changes whenever what the lobby of `name` would
    /// show with `tables` and `lists` on a screen of `area` changes.
    fn fingerprint(&self, tables: &[TableSummary], lists: &Lists, name: &str, area: Rect) -> u64;
    /// Draws the lobby for `name` with `tables` and `lists` (as fitted to
    /// them and the screen by [`LobbyScreen::fit`]); it changes nothing.
    fn view(&self, tables: &[TableSummary], lists: &Lists, name: &str, frame: &mut Frame<'_>);
}

impl LobbyScreen for Lobby {
    fn fit(&mut self, tables: &[TableSummary], lists: &Lists, name: &str, area: Rect) {
        let list = parts(self, name, area).list;
        let rows = usize::from(list.height.saturating_sub(1));
        self.fit_to(tables, lists, rows);
    }

    fn key(&mut self, key: Key, tables: &[TableSummary], area: Rect) -> Choice {
        self.pressed(key, tables, rows(self, area))
    }

    fn fingerprint(&self, tables: &[TableSummary], lists: &Lists, name: &str, area: Rect) -> u64 {
        let mut hasher = DefaultHasher::new();
        (
            self.greeting(name),
            self.page_lines(tables, lists, rows(self, area)),
            self.note(),
            self.key_line(),
            area,
        )
            .hash(&mut hasher);
        hasher.finish()
    }

    fn view(&self, tables: &[TableSummary], lists: &Lists, name: &str, frame: &mut Frame<'_>) {
        let parts = parts(self, name, frame.area());
        let width = usize::from(parts.list.width);
        let page = self.page_lines(tables, lists, rows(self, frame.area()));
        let mut lines = Vec::new();
        for (i, line) in page.lines.into_iter().enumerate() {
            let style = if Some(i) == page.highlighted {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default()
            };
            if page.prose && line.width() > width {
                lines.extend(
                    wrap_words(&line, width)
                        .into_iter()
                        .map(|row| Line::styled(row, style)),
                );
            } else {
                lines.push(Line::styled(fit_line(&line, width), style));
            }
        }
        frame.render_widget(Paragraph::new(rows_of(parts.head)), parts.head_area);
        frame.render_widget(
            Paragraph::new(lines).block(
                Block::default()
                    .borders(Borders::TOP)
                    .title(fit_line(&page.title, width.saturating_sub(1))),
            ),
            parts.list,
        );
        frame.render_widget(Paragraph::new(rows_of(parts.foot)), parts.foot_area);
    }
}

/// How many lines of a list `lobby` shows on a screen of `area`: as many
/// as the last frame showed, or before the first an estimate.
fn rows(lobby: &Lobby, area: Rect) -> usize {
    lobby
        .fitted_rows()
        .unwrap_or_else(|| usize::from(area.height.saturating_sub(CHROME)).max(1))
}

/// Where the greeting of `name`, the list and the note and keys of
/// `lobby` go in `area`, each text broken between words (keys between
/// keys) to its width.
fn parts(lobby: &Lobby, name: &str, area: Rect) -> Parts {
    let width = usize::from(area.width);
    let head = wrap_words(&lobby.greeting(name), width);
    let mut foot = Vec::new();
    if let Some(note) = lobby.note() {
        foot.extend(wrap_words(note, width));
    }
    foot.extend(wrap_keys(&lobby.key_line(), width));
    let rows = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    let [head_area, list, foot_area] = Layout::vertical([
        Constraint::Length(rows(head.len() + 1)),
        Constraint::Min(2),
        Constraint::Length(rows(foot.len())),
    ])
    .areas(area);
    Parts {
        head,
        head_area,
        list,
        foot,
        foot_area,
    }
}

/// `rows` as lines of a paragraph.
fn rows_of(rows: Vec<String>) -> Vec<Line<'static>> {
    rows.into_iter().map(Line::from).collect()
}

/// The text of `lobby` drawn with `tables` and `lists` on a screen of
/// `width` by `height`, a line a row (for tests).
#[cfg(test)]
pub fn drawn(
    lobby: &mut Lobby,
    tables: &[TableSummary],
    lists: &Lists,
    width: u16,
    height: u16,
) -> String {
    lobby.fit(tables, lists, "ann", Rect::new(0, 0, width, height));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height))
        .expect("a test terminal");
    terminal
        .draw(|f| lobby.view(tables, lists, "ann", f))
        .expect("drawn");
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests;
