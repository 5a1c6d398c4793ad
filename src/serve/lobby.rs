//! The lobby: the server's tables, one a line in the order people count
//! (t1, t2 … t10), scrolling to keep the highlight in view, with keys to
//! join a free seat, watch, make a table or leave. The highlight belongs
//! to a table, not a line number, so a table made or gone above it does
//! not move it onto another; Enter joins the table highlighted on screen.

use super::hub::TableSummary;
use crate::session::keymap::Key;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::Range;

/// The lobby's state: the highlighted table, the first line shown and a
/// sentence to show.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    /// The highlighted line.
    selected: usize,
    /// The highlighted table's name, which the highlight follows.
    chosen: Option<String>,
    /// The first table shown.
    offset: usize,
    /// A sentence from the last thing that failed.
    pub note: Option<String>,
}

/// What a key in the lobby asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Nothing beyond moving the highlight.
    Stay,
    /// Sit at this table (a free seat or one kept), else watch.
    Join(String),
    /// Watch this table.
    Watch(String),
    /// Make a table (the setup form).
    Create,
    /// Leave the server.
    Quit,
}

/// The lobby's keys, as the screen shows them.
const KEYS: &str = "Up/Down choose · PgUp/PgDn page · Enter join · w watch · c new table · q leave";

/// The lines above the list (the greeting, a blank, the list's title)
/// and below it (the note and the keys).
const CHROME: u16 = 5;

impl Lobby {
    /// A lobby with the first table highlighted.
    pub fn new() -> Lobby {
        Lobby::default()
    }

    /// How many tables a screen of `area` shows.
    fn rows(area: Rect) -> usize {
        usize::from(area.height.saturating_sub(CHROME)).max(1)
    }

    /// Puts the highlight back on the chosen table in `tables` (or as
    /// near its line as the list allows), and scrolls to show it in
    /// `rows` lines.
    fn follow(&mut self, tables: &[TableSummary], rows: usize) {
        if let Some(i) = self
            .chosen
            .as_ref()
            .and_then(|name| tables.iter().position(|t| &t.name == name))
        {
            self.selected = i;
        }
        self.selected = self.selected.min(tables.len().saturating_sub(1));
        self.chosen = tables.get(self.selected).map(|t| t.name.clone());
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + rows {
            self.offset = self.selected + 1 - rows;
        }
        self.offset = self.offset.min(tables.len().saturating_sub(rows));
    }

    /// The lines of `tables` shown on a screen of `area`.
    fn shown(&mut self, tables: &[TableSummary], area: Rect) -> Range<usize> {
        let rows = Lobby::rows(area);
        self.follow(tables, rows);
        self.offset..(self.offset + rows).min(tables.len())
    }

    /// What `key` asks for, with `tables` listed on a screen of `area`.
    pub fn key(&mut self, key: Key, tables: &[TableSummary], area: Rect) -> Choice {
        self.note = None;
        let rows = Lobby::rows(area);
        self.follow(tables, rows);
        let last = tables.len().saturating_sub(1);
        let step = |lobby: &mut Lobby, to: usize| {
            lobby.selected = to.min(last);
            lobby.chosen = tables.get(lobby.selected).map(|t| t.name.clone());
            lobby.follow(tables, rows);
            Choice::Stay
        };
        let chosen = self.chosen.clone();
        match key {
            Key::Up | Key::Char('k') => step(self, self.selected.saturating_sub(1)),
            Key::Down | Key::Char('j') => step(self, self.selected + 1),
            Key::PageUp => step(self, self.selected.saturating_sub(rows)),
            Key::PageDown => step(self, self.selected + rows),
            Key::Home | Key::Char('g') => step(self, 0),
            Key::End | Key::Char('G') => step(self, last),
            Key::Enter | Key::Char(' ') => chosen.map_or(Choice::Stay, Choice::Join),
            Key::Char('w') => chosen.map_or(Choice::Stay, Choice::Watch),
            Key::Char('c') | Key::Char('n') => Choice::Create,
            Key::Char('q') | Key::Ctrl('c') | Key::Ctrl('d') => Choice::Quit,
            _ => Choice::Stay,
        }
    }

    /// A number that changes whenever what the lobby of `name` would show
    /// with `tables` on a screen of `area` changes.
    pub fn fingerprint(&mut self, tables: &[TableSummary], name: &str, area: Rect) -> u64 {
        let shown = self.shown(tables, area);
        let mut hasher = DefaultHasher::new();
        (
            &tables[shown],
            self.selected,
            &self.note,
            name,
            tables.len(),
            area,
        )
            .hash(&mut hasher);
        hasher.finish()
    }

    /// Draws the lobby for `name` with `tables`.
    pub fn view(&mut self, tables: &[TableSummary], name: &str, frame: &mut Frame) {
        let shown = self.shown(tables, frame.area());
        let [head, list, foot] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(1),
            Constraint::Length(2),
        ])
        .areas(frame.area());
        frame.render_widget(
            Paragraph::new(format!("catboard — the lobby. Welcome, {name}.")),
            head,
        );
        let mut lines: Vec<Line> = tables[shown.clone()]
            .iter()
            .zip(shown.clone())
            .map(|(t, i)| {
                let state = if t.over {
                    "over"
                } else if t.open {
                    "open"
                } else {
                    "full"
                };
                let text = format!(
                    "{:<16} {:<12} {:<5} {}  watching: {}",
                    t.name,
                    t.game,
                    state,
                    t.seats.join(", "),
                    t.spectators
                );
                let style = if i == self.selected {
                    Style::default().add_modifier(Modifier::REVERSED)
                } else {
                    Style::default()
                };
                Line::styled(text, style)
            })
            .collect();
        if lines.is_empty() {
            lines.push(Line::from("No tables yet: press c to make one."));
        }
        let title = if tables.len() > shown.len() {
            format!(
                "Tables {}–{} of {}",
                shown.start + 1,
                shown.end,
                tables.len()
            )
        } else {
            "Tables".to_string()
        };
        frame.render_widget(
            Paragraph::new(lines).block(Block::default().borders(Borders::TOP).title(title)),
            list,
        );
        let footer = match &self.note {
            Some(note) => format!("{note}\n{KEYS}"),
            None => KEYS.to_string(),
        };
        frame.render_widget(Paragraph::new(footer), foot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn summary(name: &str) -> TableSummary {
        TableSummary {
            name: name.into(),
            game: "Chess".into(),
            seats: vec!["White: free".into()],
            spectators: 0,
            open: true,
            over: false,
        }
    }

    fn area() -> Rect {
        Rect::new(0, 0, 80, 24)
    }

    /// The screen's text when `lobby` is drawn with `tables` at 80x24.
    fn drawn(lobby: &mut Lobby, tables: &[TableSummary]) -> String {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
        terminal
            .draw(|f| lobby.view(tables, "ann", f))
            .expect("drawn");
        let buffer = terminal.backend().buffer();
        (0..24)
            .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The name on the highlighted line of the drawn lobby.
    fn highlighted(lobby: &mut Lobby, tables: &[TableSummary]) -> Option<String> {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
        terminal
            .draw(|f| lobby.view(tables, "ann", f))
            .expect("drawn");
        let buffer = terminal.backend().buffer();
        (0..24).find_map(|y| {
            buffer[(0, y)]
                .modifier
                .contains(Modifier::REVERSED)
                .then(|| {
                    (0..16)
                        .map(|x| buffer[(x, y)].symbol())
                        .collect::<String>()
                        .trim()
                        .to_string()
                })
        })
    }

    #[test]
    fn the_keys_choose_a_table_and_stop_at_the_ends() {
        let tables = [summary("a"), summary("b")];
        let mut lobby = Lobby::new();
        assert_eq!(lobby.key(Key::Up, &tables, area()), Choice::Stay);
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Join("a".into())
        );
        lobby.key(Key::Down, &tables, area());
        lobby.key(Key::Down, &tables, area());
        assert_eq!(
            lobby.key(Key::Char('w'), &tables, area()),
            Choice::Watch("b".into())
        );
        assert_eq!(lobby.key(Key::Enter, &[], area()), Choice::Stay);
        assert_eq!(lobby.key(Key::Char('q'), &tables, area()), Choice::Quit);
    }

    #[test]
    fn the_highlight_stays_on_screen_and_enter_joins_the_table_shown() {
        let tables: Vec<TableSummary> = (1..=60).map(|n| summary(&format!("t{n}"))).collect();
        let mut lobby = Lobby::new();
        for n in 1..=60 {
            let name = highlighted(&mut lobby, &tables);
            assert_eq!(
                name.as_deref(),
                Some(format!("t{n}").as_str()),
                "after {} Downs",
                n - 1
            );
            assert_eq!(
                lobby.key(Key::Enter, &tables, area()),
                Choice::Join(format!("t{n}"))
            );
            lobby.key(Key::Down, &tables, area());
        }
        assert!(drawn(&mut lobby, &tables).contains("of 60"));
        lobby.key(Key::PageUp, &tables, area());
        assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("t41"));
        lobby.key(Key::Home, &tables, area());
        assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("t1"));
    }

    #[test]
    fn the_highlight_follows_its_table_when_others_come_and_go() {
        let mut tables: Vec<TableSummary> = ["a", "c", "d"].iter().map(|n| summary(n)).collect();
        let mut lobby = Lobby::new();
        lobby.key(Key::Down, &tables, area());
        assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("c"));
        tables.insert(1, summary("b"));
        assert_eq!(highlighted(&mut lobby, &tables).as_deref(), Some("c"));
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Join("c".into())
        );
        tables.retain(|t| t.name != "c");
        assert_eq!(
            lobby.key(Key::Enter, &tables, area()),
            Choice::Join("d".into())
        );
    }

    #[test]
    fn the_fingerprint_changes_only_with_what_is_shown() {
        let mut tables: Vec<TableSummary> = (1..=60).map(|n| summary(&format!("t{n}"))).collect();
        let mut lobby = Lobby::new();
        let before = lobby.fingerprint(&tables, "ann", area());
        tables[50].spectators = 3;
        assert_eq!(
            lobby.fingerprint(&tables, "ann", area()),
            before,
            "t51 is off screen"
        );
        tables[0].spectators = 1;
        assert_ne!(lobby.fingerprint(&tables, "ann", area()), before);
    }
}
