//! Boxes drawn over the screen: the help (made from the keymap), the
//! promotion chooser and the new-game question.

use super::super::app::{App, Playing};
use super::super::glyphs::GlyphSet;
use super::super::input::{Context, help_sections};
use super::super::setup::capitalise;
use super::help_state;
use catboard::core::{Game, Move, Piece};
use catboard::entry::Choice;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

/// A box of `width` × `height` centred in `area` (clipped to it).
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

fn boxed<'a>(app: &App, title: &'a str) -> Block<'a> {
    Block::bordered()
        .border_set(app.look.glyphs.border())
        .border_style(app.look.accent())
        .style(app.look.text())
        .title(Span::styled(title, app.look.accent()))
}

/// The help for the screen it was opened from, in columns of sections.
pub fn help(app: &App, from: Context, frame: &mut Frame, area: Rect) {
    let ascii = app.look.glyphs == GlyphSet::Ascii;
    let columns: Vec<Vec<Context>> = match from {
        Context::Setup => vec![vec![Context::Setup], vec![Context::TextEntry]],
        _ => vec![
            vec![Context::Board],
            vec![Context::TextEntry, Context::Chooser, Context::Confirm],
        ],
    };
    let look = &app.look;
    let rendered: Vec<Vec<Line>> = columns
        .iter()
        .map(|contexts| {
            let mut lines = Vec::new();
            for (title, keys) in help_sections(contexts, ascii, help_state(app)) {
                if !lines.is_empty() {
                    lines.push(Line::default());
                }
                lines.push(Line::styled(title, look.accent()));
                let key_width = keys.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
                for (k, what) in keys {
                    lines.push(Line::from(vec![
                        Span::styled(format!(" {k:<key_width$}  "), look.accent()),
                        Span::styled(what, look.text()),
                    ]));
                }
            }
            lines
        })
        .collect();
    let col_widths: Vec<u16> = rendered
        .iter()
        .map(|lines| lines.iter().map(|l| l.width()).max().unwrap_or(0) as u16 + 2)
        .collect();
    let height = rendered.iter().map(Vec::len).max().unwrap_or(0) as u16 + 2;
    let width = col_widths.iter().sum::<u16>() + 2;
    let popup = centred(area, width, height);
    frame.render_widget(Clear, popup);
    let block = boxed(app, " Keys ");
    let inner = block.inner(popup);
    frame.render_widget(block, popup);
    let mut x = inner.x;
    for (lines, w) in rendered.into_iter().zip(col_widths) {
        let column = Rect {
            x,
            width: w.min(inner.right().saturating_sub(x)),
            ..inner
        };
        frame.render_widget(Paragraph::new(lines), column);
        x = x.saturating_add(w);
    }
}

/// The chooser between moves to one cell: a piece per line for promotions.
pub fn chooser(
    app: &App,
    p: &Playing,
    moves: &[(Choice, Move)],
    index: usize,
    frame: &mut Frame,
    area: Rect,
) {
    let look = &app.look;
    let game = p.table.game();
    let mover = game.to_move();
    let lines: Vec<Line> = moves
        .iter()
        .enumerate()
        .map(|(i, (choice, mv))| {
            let label = match choice {
                Choice::Promote(kind) => format!(
                    "{} {} ({})",
                    look.glyphs.piece(Piece::new(mover, *kind)),
                    capitalise(kind.name()),
                    kind.letter()
                ),
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
    let popup = centred(area, width, lines.len() as u16 + 2);
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(boxed(app, title)), popup);
}

/// A yes/no question.
pub fn confirm(app: &App, question: &str, frame: &mut Frame, area: Rect) {
    let popup = centred(area, question.width() as u16 + 4, 3);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(Line::styled(format!(" {question}"), app.look.text())).block(boxed(app, "")),
        popup,
    );
}
