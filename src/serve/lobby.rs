//! The lobby: the server's tables, one a line, with keys to join a free
//! seat, watch, make a table or leave.

use super::hub::TableSummary;
use crate::session::keymap::Key;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

/// The lobby's state: the highlighted table and a sentence to show.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    /// The highlighted line.
    pub selected: usize,
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
const KEYS: &str = "Up/Down choose · Enter join · w watch · c new table · q leave";

impl Lobby {
    /// A lobby with the first table highlighted.
    pub fn new() -> Lobby {
        Lobby::default()
    }

    /// What `key` asks for, with `tables` listed.
    pub fn key(&mut self, key: Key, tables: &[TableSummary]) -> Choice {
        self.note = None;
        let chosen = || tables.get(self.selected).map(|t| t.name.clone());
        match key {
            Key::Up | Key::Char('k') => {
                self.selected = self.selected.saturating_sub(1);
                Choice::Stay
            }
            Key::Down | Key::Char('j') => {
                self.selected = (self.selected + 1).min(tables.len().saturating_sub(1));
                Choice::Stay
            }
            Key::Enter | Key::Char(' ') => chosen().map_or(Choice::Stay, Choice::Join),
            Key::Char('w') => chosen().map_or(Choice::Stay, Choice::Watch),
            Key::Char('c') | Key::Char('n') => Choice::Create,
            Key::Char('q') | Key::Ctrl('c') | Key::Ctrl('d') => Choice::Quit,
            _ => Choice::Stay,
        }
    }

    /// Draws the lobby for `name` with `tables`.
    pub fn view(&self, tables: &[TableSummary], name: &str, frame: &mut Frame) {
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
        let mut lines: Vec<Line> = tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
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
        frame.render_widget(
            Paragraph::new(lines).block(Block::default().borders(Borders::TOP).title("Tables")),
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

    #[test]
    fn the_keys_choose_a_table_and_stop_at_the_ends() {
        let tables = [summary("a"), summary("b")];
        let mut lobby = Lobby::new();
        assert_eq!(lobby.key(Key::Up, &tables), Choice::Stay);
        assert_eq!(lobby.key(Key::Enter, &tables), Choice::Join("a".into()));
        lobby.key(Key::Down, &tables);
        lobby.key(Key::Down, &tables);
        assert_eq!(
            lobby.key(Key::Char('w'), &tables),
            Choice::Watch("b".into())
        );
        assert_eq!(lobby.key(Key::Enter, &[]), Choice::Stay);
        assert_eq!(lobby.key(Key::Char('q'), &tables), Choice::Quit);
    }
}
