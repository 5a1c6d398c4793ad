//! The best-lines box: the lines found for the position shown, best
//! first, each its score for the side to move, its depth and its moves in
//! the move list's notation, broken between moves to fit; "searching"
//! while the search is still at it. Drawn over the screen, centred, above
//! the key hints (which say how to close it).

use super::Look;
use super::overlay::{boxed, centred};
use super::wrap::wrap_words;
use crate::session::best_lines::{ShownLines, in_move_list, moves_words};
use catboard::analysis::PlyBudget;
use catboard::core::Game;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

/// The widest the box is drawn, in columns (borders included).
const WIDTH: u16 = 72;

/// The columns of a line's number, score and depth, before its moves.
const SCORE_COLUMNS: usize = 24;

/// The box's title: whose lines.
pub fn title(shown: &ShownLines) -> String {
    let seat = catboard::text::capitalised(shown.game.seat_name(shown.game.to_move()));
    format!(" Best lines for {seat} ")
}

/// What the search was given: `30000 nodes`, `3 s`.
fn budget_words(budget: PlyBudget) -> String {
    match budget {
        PlyBudget::Nodes(n) => format!("{n} nodes"),
        PlyBudget::Time(t) => format!("{} s", t.as_secs_f64()),
    }
}

/// The box's text at `width` columns inside its borders.
pub fn lines(look: &Look, shown: &ShownLines, width: usize) -> Vec<Line<'static>> {
    // The head, its space, the moves and one column clear of the border.
    let room = width.saturating_sub(SCORE_COLUMNS + 2).max(8);
    let mut out = Vec::new();
    for (i, line) in shown.lines.iter().enumerate() {
        let head = format!(
            " {}. {:<11} depth {:<2}",
            i + 1,
            line.score_words(),
            line.depth
        );
        let head = format!("{head:<SCORE_COLUMNS$} ");
        let moves = moves_words(&shown.game, &line.moves, &in_move_list).join(" ");
        for (j, part) in wrap_words(&moves, room).into_iter().enumerate() {
            let lead = if j == 0 {
                Span::styled(head.clone(), look.accent())
            } else {
                Span::raw(" ".repeat(head.width()))
            };
            out.push(Line::from(vec![lead, Span::styled(part, look.text())]));
        }
    }
    let state = if shown.running {
        if shown.lines.is_empty() {
            " Searching…".to_string()
        } else {
            " Searching deeper…".to_string()
        }
    } else if shown.lines.is_empty() {
        " No line was found.".to_string()
    } else {
        format!(" Done: {}.", budget_words(shown.budget))
    };
    out.push(Line::styled(state, look.dim()));
    out
}

/// Draws the box for `shown` centred in `area`.
pub fn draw(look: &Look, shown: &ShownLines, frame: &mut Frame<'_>, area: Rect) {
    let width = WIDTH.min(area.width);
    let text = lines(look, shown, width.saturating_sub(2) as usize);
    let popup = centred(area, width, text.len() as u16 + 2);
    let title = title(shown);
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(text).block(boxed(look, &title)), popup);
}
