//! The setup screen: one row per choice, the highlighted one marked.

use super::{Look, hint_line};
use crate::session::app::{App, FieldPurpose, Overlay};
use crate::session::setup_form::{Setup, SetupRow};
use crate::ui::glyphs::GlyphDrawing;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

/// Width of the label column.
const LABEL_WIDTH: usize = 22;

/// Draws the setup screen.
pub fn draw(app: &App, look: &Look, setup: &Setup, frame: &mut Frame<'_>, area: Rect) {
    let rows = setup.rows();
    let width = area.width.saturating_sub(2).min(72);
    // Lines under the variant's row (two at most) say what the variant is.
    let room = (area.width.saturating_sub(2).min(72) as usize).saturating_sub(LABEL_WIDTH + 5);
    let mut summary = super::wrap::wrap_words(setup.variant.summary(), room);
    if summary.len() > 2 {
        summary.truncate(2);
        summary[1] = format!("{}…", summary[1].trim_end());
    }
    let height = (rows.len() as u16 + 4 + summary.len() as u16).min(area.height.saturating_sub(2));
    let boxed = Rect {
        x: area.x + (area.width.saturating_sub(width)) / 2,
        y: area.y + 1.min(area.height),
        width,
        height,
    };
    let editing = match &app.overlay {
        Some(Overlay::Field {
            purpose: FieldPurpose::Position,
            text,
        }) => Some(text.as_str()),
        _ => None,
    };
    let marks = look.glyphs.marks();
    let value_room = (width as usize).saturating_sub(LABEL_WIDTH + 8);
    let mut lines = vec![Line::default()];
    for (i, row) in rows.iter().enumerate() {
        let (label, value) = setup.describe(*row);
        // The screen reader view marks no row: the line below says it.
        let current = i == setup.row && !app.reader;
        let cycles = matches!(
            row,
            SetupRow::Variant
                | SetupRow::Seat(_)
                | SetupRow::Option(_)
                | SetupRow::MasterTime
                | SetupRow::Clock
                | SetupRow::Start
                | SetupRow::NearSide
        );
        let shown = match (row, editing) {
            (SetupRow::Position, Some(text)) => format!("{text}_"),
            _ if cycles => format!("< {value} >"),
            _ => value,
        };
        let shown = fit_tail(&super::plain(look, &shown), value_room);
        let pointer = if current { marks.pointer } else { " " };
        let style = if current {
            look.highlight()
        } else {
            look.text()
        };
        let label_style = if *row == SetupRow::Begin || *row == SetupRow::Resume {
            if current {
                look.highlight()
            } else {
                look.accent()
            }
        } else {
            style
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {pointer} "), style),
            Span::styled(format!("{label:<LABEL_WIDTH$}"), label_style),
            Span::styled(shown, style),
        ]));
        if *row == SetupRow::Variant {
            for part in &summary {
                lines.push(Line::styled(
                    format!("   {:LABEL_WIDTH$}{}", "", super::plain(look, part)),
                    look.dim(),
                ));
            }
        }
    }
    let block = Block::bordered()
        .border_set(look.glyphs.border())
        .border_style(look.dim())
        .title(Span::styled(" catboard: new game ", look.accent()));
    frame.render_widget(Paragraph::new(lines).block(block), boxed);
    let below = Rect {
        x: boxed.x,
        y: boxed.bottom(),
        width: boxed.width,
        height: area.bottom().saturating_sub(boxed.bottom() + 1),
    };
    if let Some(m) = &app.message {
        let style = if m.error { look.error() } else { look.text() };
        frame.render_widget(
            Paragraph::new(Line::styled(m.text.clone(), style)).wrap(Wrap { trim: true }),
            below,
        );
    } else if app.reader
        && let Some(row) = rows.get(setup.row)
    {
        let (label, value) = setup.describe(*row);
        let text = match editing {
            Some(typed) => format!("{label}: {typed}"),
            None => format!("{label}: {value}."),
        };
        frame.render_widget(
            Paragraph::new(Line::styled(text, look.text())).wrap(Wrap { trim: true }),
            below,
        );
    }
    if app.reader && below.height > 0 {
        frame.set_cursor_position((below.x, below.y));
    }
    if area.height > 0 {
        let hints = Rect {
            x: area.x + 1,
            y: area.bottom() - 1,
            width: area.width.saturating_sub(2),
            height: 1,
        };
        hint_line(app, look, frame, hints);
    }
}

/// `text` cut to `room` columns, keeping its end (where typing happens).
fn fit_tail(text: &str, room: usize) -> String {
    if text.width() <= room {
        return text.to_string();
    }
    let mut out: Vec<char> = Vec::new();
    let mut used = 1;
    for c in text.chars().rev() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > room {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('<');
    out.iter().rev().collect()
}
