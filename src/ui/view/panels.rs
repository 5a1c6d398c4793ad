//! The side panels: players and the side to move, check and result,
//! captured pieces, the variant's notes, and the move list.

use super::super::app::{App, Playing};
use super::super::setup::capitalise;
use super::super::table::Table;
use catboard::core::{Game, Outcome, Piece, Seat};
use catboard::notation::pgn::result_token;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph};

/// "Game over 0-1: Black won by checkmate."
pub fn result_sentence(table: &Table, outcome: Outcome) -> String {
    format!(
        "Game over {}: {}.",
        result_token(Some(outcome)),
        capitalise(&table.outcome_words(outcome))
    )
}

/// Draws the panels into `area`: the game box on top, the moves below.
pub fn draw(app: &App, p: &Playing, frame: &mut Frame, area: Rect) {
    let game_lines = game_lines(app, p);
    let game_height = (game_lines.len() as u16 + 2).min(area.height.saturating_sub(3));
    let [top, bottom] =
        Layout::vertical([Constraint::Length(game_height), Constraint::Min(3)]).areas(area);
    let look = &app.look;
    let block = |title: String| {
        Block::bordered()
            .border_set(look.glyphs.border())
            .border_style(look.dim())
            .padding(Padding::horizontal(1))
            .title(Span::styled(title, look.accent()))
    };
    frame.render_widget(
        Paragraph::new(game_lines).block(block(format!(" {} ", p.table.variant().name()))),
        top,
    );
    let moves_block = block(" Moves ".to_string());
    let inner = moves_block.inner(bottom);
    frame.render_widget(moves_block, bottom);
    frame.render_widget(
        Paragraph::new(move_lines(app, p, inner.height as usize)),
        inner,
    );
}

/// The game box: each seat and its player, the side to move, check or the
/// result, captured pieces and the variant's notes.
fn game_lines(app: &App, p: &Playing) -> Vec<Line<'static>> {
    let look = &app.look;
    let game = p.table.game();
    let outcome = p.table.outcome();
    let to_move = game.to_move();
    let mut lines = Vec::new();
    for (i, player) in p.table.players().iter().enumerate() {
        let seat = Seat(i as u8);
        let moving = seat == to_move && outcome.is_none();
        let mark = if moving {
            look.glyphs.marks().to_move
        } else {
            " "
        };
        let style = if moving { look.accent() } else { look.text() };
        lines.push(Line::from(vec![
            Span::styled(format!("{mark} "), style),
            Span::styled(format!("{:<7}", capitalise(game.seat_name(seat))), style),
            Span::styled(player.id().to_string(), look.dim()),
        ]));
    }
    match outcome {
        Some(o) => {
            lines.push(Line::styled(
                format!("Result {}", result_token(Some(o))),
                look.accent(),
            ));
            let why = capitalise(&p.table.outcome_words(o));
            lines.push(Line::styled(why, look.accent()));
        }
        None if game.in_check() => {
            lines.push(Line::styled(
                format!("{} is in check!", capitalise(game.seat_name(to_move))),
                look.error(),
            ));
        }
        None => lines.push(Line::styled(
            format!("{} to move", capitalise(game.seat_name(to_move))),
            look.text(),
        )),
    }
    for i in 0..p.table.players().len() {
        let seat = Seat(i as u8);
        let taken: String = p
            .table
            .captured_by(seat)
            .into_iter()
            .map(|piece: Piece| look.glyphs.piece(piece))
            .collect();
        if !taken.is_empty() {
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{} took ", capitalise(game.seat_name(seat))),
                    look.dim(),
                ),
                Span::styled(taken, look.text()),
            ]));
        }
    }
    for (label, value) in game.annotations().notes {
        lines.push(Line::from(vec![
            Span::styled(format!("{label}: "), look.dim()),
            Span::styled(value, look.text()),
        ]));
    }
    lines
}

/// The move list, numbered by rounds, scrolled so the current move shows;
/// moves taken back (that redo would replay) follow, dimmed.
fn move_lines(app: &App, p: &Playing, height: usize) -> Vec<Line<'static>> {
    let look = &app.look;
    let seats = p.table.players().len().max(1);
    let first = p.table.first_mover().index() % seats;
    let played: Vec<&str> = p.table.notation().collect();
    let undone: Vec<&str> = p.table.undone_notation().collect();
    let current = played.len().checked_sub(1);
    let all: Vec<(&str, Style, bool)> = played
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let is_current = Some(i) == current;
            let style = if is_current {
                look.highlight()
            } else {
                look.text()
            };
            (*m, style, is_current)
        })
        .chain(undone.iter().map(|m| (*m, look.dim(), false)))
        .collect();
    if all.is_empty() {
        return vec![Line::styled("No moves yet.", look.dim())];
    }
    let rounds = (first + all.len()).div_ceil(seats);
    let mut lines: Vec<Line<'static>> = (0..rounds)
        .map(|round| {
            let mut spans = vec![Span::styled(format!("{:>3}.", round + 1), look.dim())];
            for slot in round * seats..(round + 1) * seats {
                let entry = slot.checked_sub(first).and_then(|i| all.get(i));
                let text = match entry {
                    Some((m, style, is_current)) => {
                        let mark = if *is_current {
                            look.glyphs.marks().pointer
                        } else {
                            " "
                        };
                        Span::styled(format!("{mark}{m:<7}"), *style)
                    }
                    None if slot < first => {
                        Span::styled(format!(" {:<7}", look.glyphs.marks().ellipsis), look.dim())
                    }
                    None => continue,
                };
                spans.push(Span::raw(" "));
                spans.push(text);
            }
            Line::from(spans)
        })
        .collect();
    // Keep the current move in view with one round after it when there is one.
    let current_round = current.map_or(0, |i| (first + i) / seats);
    let height = height.max(1);
    let end = lines.len().min((current_round + 2).max(height));
    lines.drain(..end.saturating_sub(height));
    lines.truncate(height);
    lines
}
