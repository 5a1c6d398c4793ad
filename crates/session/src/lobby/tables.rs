//! The tables page: the highlight moves over the tables and follows its
//! table as others come and go; a table is joined, watched or made.

use super::{Choice, Lobby, PageLines, TableSummary};
use crate::action::LobbyStep;
use std::ops::Range;

impl Lobby {
    /// A step on the tables page, with `tables` listed in `rows` lines:
    /// the highlight moves, a table is joined, watched or made, or a key
    /// added.
    pub(super) fn tables_step(
        &mut self,
        step: LobbyStep,
        tables: &[TableSummary],
        rows: usize,
    ) -> Choice {
        self.follow(tables, rows);
        let last = tables.len().saturating_sub(1);
        let to = match step {
            LobbyStep::Up => self.selected.saturating_sub(1),
            LobbyStep::Down => self.selected + 1,
            LobbyStep::PageUp => self.selected.saturating_sub(rows),
            LobbyStep::PageDown => self.selected + rows,
            LobbyStep::Top => 0,
            LobbyStep::Bottom => last,
            LobbyStep::Choose => return self.chosen.clone().map_or(Choice::Stay, Choice::Join),
            LobbyStep::Watch => return self.chosen.clone().map_or(Choice::Stay, Choice::Watch),
            LobbyStep::Create => return Choice::Create,
            LobbyStep::AddKey => return Choice::AddKey,
            _ => return Choice::Stay,
        };
        self.selected = to.min(last);
        self.chosen = tables.get(self.selected).map(|t| t.name.clone());
        self.follow(tables, rows);
        Choice::Stay
    }

    /// Puts the highlight back on the chosen table in `tables` (or as
    /// near its line as the list allows), and scrolls to show it in
    /// `rows` lines.
    pub(super) fn follow(&mut self, tables: &[TableSummary], rows: usize) {
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

    /// The lines of `tables` shown: from the first shown, as many as
    /// `rows` hold.
    fn shown(&self, tables: &[TableSummary], rows: usize) -> Range<usize> {
        let start = self.offset.min(tables.len());
        start..(start + rows).min(tables.len())
    }

    /// The tables page in `rows` lines: a table a line (name, game,
    /// clock, whether a seat is free, who sits, how many watch), the
    /// title counting the lines shown when not all are.
    pub(super) fn table_lines(&self, tables: &[TableSummary], rows: usize) -> PageLines {
        let shown = self.shown(tables, rows);
        let lines: Vec<String> = tables[shown.clone()]
            .iter()
            .map(|t| {
                let state = if t.over {
                    "over"
                } else if t.open {
                    "open"
                } else {
                    "full"
                };
                format!(
                    "{:<16} {:<12} {:<6} {:<5} {}  watching: {}",
                    t.name,
                    t.game,
                    t.time.as_deref().unwrap_or("-"),
                    state,
                    t.seats.join(", "),
                    t.spectators
                )
            })
            .collect();
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
        if lines.is_empty() {
            return PageLines {
                title,
                lines: vec![
                    "No tables yet: press c to make one, or p for a quick game.".to_string(),
                ],
                highlighted: None,
                prose: true,
            };
        }
        PageLines {
            title,
            lines,
            highlighted: self
                .selected
                .checked_sub(shown.start)
                .filter(|i| *i < shown.len()),
            prose: false,
        }
    }
}
