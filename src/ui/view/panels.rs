//! The side panels: players and the side to move, check and result, the
//! cell under the cursor, the
//! computer's thinking and the hint, captured pieces, the variant's notes,
//! and the move list in rounds (one column per seat).

use super::wrap::wrap_words;
use super::{Look, plain};
use crate::session::app::Playing;
use crate::session::computer::{Purpose, Thinking};
use crate::session::describe;
use crate::session::table::TableGame;
use crate::session::words::capitalise;
use catboard::ai::score;
use catboard::core::{Game, Outcome, Piece, Seat};
use catboard::notation::pgn::result_token;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph};

/// The result as a score (`1-0`, `1/2-1/2`), for two-seat games only.
fn result_score(table: &TableGame, outcome: Outcome) -> Option<&'static str> {
    (table.players().len() == 2).then(|| result_token(Some(outcome)))
}

/// The columns a written move takes in the move list (longer ones, such as
/// `Cats pass`, run into the gap after them).
const MOVE_COLUMN: usize = 7;

/// The width the panels want: room for a round of moves per line, one
/// column per seat, the last move of a round allowed two columns more.
pub fn wanted_width(p: &Playing) -> u16 {
    let seats = p.table.players().len().max(1);
    // Borders and padding, the round number, a mark and a gap per move.
    (4 + 4 + seats * (MOVE_COLUMN + 2) + 2) as u16
}

/// Draws the panels into `area`: the game box on top, the moves below.
pub fn draw(look: &Look, p: &Playing, frame: &mut Frame, area: Rect) {
    let text_width = area.width.saturating_sub(4) as usize;
    let game_lines = game_lines(look, p, text_width);
    let game_height = (game_lines.len() as u16 + 2).min(area.height.saturating_sub(3));
    let [top, bottom] =
        Layout::vertical([Constraint::Length(game_height), Constraint::Min(3)]).areas(area);
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
    if p.cell_list {
        let cell_block = block(" Cell ".to_string());
        let inner = cell_block.inner(bottom);
        frame.render_widget(cell_block, bottom);
        frame.render_widget(
            Paragraph::new(super::cell_list::lines(look, p, inner.width as usize)),
            inner,
        );
        return;
    }
    let moves_block = block(" Moves ".to_string());
    let inner = moves_block.inner(bottom);
    frame.render_widget(moves_block, bottom);
    frame.render_widget(
        Paragraph::new(move_lines(look, p, inner.height as usize)),
        inner,
    );
}

/// A node count for people: `812`, `41k`, `1.3M`.
fn count(nodes: u64) -> String {
    match nodes {
        0..1_000 => nodes.to_string(),
        1_000..1_000_000 => format!("{}k", nodes / 1_000),
        _ => format!("{:.1}M", nodes as f64 / 1e6),
    }
}

/// What the search under way has found: who thinks and at what level, the
/// depth, evaluation and nodes, and the expected line.
fn thinking_lines(look: &Look, p: &Playing, t: &Thinking, width: usize) -> Vec<Line<'static>> {
    let game = p.table.game();
    let seat = capitalise(game.seat_name(t.seat));
    let dots = plain(look, "…");
    let mut lines = vec![match t.purpose {
        Purpose::Move => Line::styled(format!("{seat} thinks{dots}"), look.accent()),
        Purpose::Hint => Line::styled(format!("Finding a hint{dots}"), look.accent()),
        Purpose::Requested => Line::styled(
            format!("The computer chooses {seat}'s move{dots}"),
            look.accent(),
        ),
    }];
    match &t.progress {
        Some(progress) => {
            lines.push(Line::styled(
                format!(
                    "Depth {}  eval {}  {} nodes",
                    progress.depth,
                    score::describe(progress.score),
                    count(progress.nodes)
                ),
                look.text(),
            ));
            if !progress.line.is_empty() {
                let text = format!("Line {}", progress.line.join(" "));
                if let Some(first) = wrap_words(&text, width).into_iter().next() {
                    lines.push(Line::styled(first, look.dim()));
                }
            }
        }
        None => lines.push(Line::styled("Depth 0", look.dim())),
    }
    lines
}

/// The game box: each seat and its player, the side to move, check or the
/// result, the computer's thinking, the hint, captured pieces and the
/// variant's notes.
fn game_lines(look: &Look, p: &Playing, width: usize) -> Vec<Line<'static>> {
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
            Span::styled(
                match p.people.get(i) {
                    Some(Some(name)) if player.level().is_none() => name.clone(),
                    _ => player.label(),
                },
                look.dim(),
            ),
        ]));
    }
    match outcome {
        Some(o) => {
            if let Some(score) = result_score(&p.table, o) {
                lines.push(Line::styled(format!("Result {score}"), look.accent()));
            }
            let why = plain(look, &p.table.outcome_words(o));
            for part in wrap_words(&why, width) {
                lines.push(Line::styled(part, look.accent()));
            }
        }
        None if game.in_check() => {
            lines.push(Line::styled(
                format!("{} is in check!", capitalise(game.seat_name(to_move))),
                look.error(),
            ));
        }
        // The thinking line below says who is to move.
        None if p
            .thinking
            .as_ref()
            .is_some_and(|t| t.purpose == Purpose::Move) => {}
        None => lines.push(Line::styled(
            format!("{} to move", capitalise(game.seat_name(to_move))),
            look.text(),
        )),
    }
    if outcome.is_none() {
        if let Some(t) = &p.thinking {
            lines.extend(thinking_lines(look, p, t, width));
        } else if p.paused && p.table.player_to_move().level().is_some() {
            lines.push(Line::styled("Computer paused (s resumes)", look.dim()));
        }
    }
    if let Some(mv) = p.hint {
        lines.push(Line::from(vec![
            Span::styled("Hint: ", look.dim()),
            Span::styled(game.move_notation(mv), look.accent()),
        ]));
    }
    // The cell under the cursor in words, for magnifiers and a quick look
    // (the cell list says more, when it is shown).
    if !p.cell_list {
        for part in wrap_words(&describe::cell(game, p.cursor), width) {
            lines.push(Line::styled(part, look.dim()));
        }
    }
    for i in 0..p.table.players().len() {
        let seat = Seat(i as u8);
        let taken: String = p
            .table
            .captured_by(seat)
            .into_iter()
            .map(|piece: Piece| {
                let mark = look.glyphs.seat_mark(piece).unwrap_or("");
                format!("{}{mark}", look.glyphs.piece(piece))
            })
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
        lines.extend(labelled_lines(look, &label, &value, width));
    }
    lines.extend(series_lines(look, &p.table, width));
    lines
}

/// The series, for a variant that scores points once a game of it has
/// ended: "Series: game 2" and each seat's total, this game counted when
/// it is over.
fn series_lines(look: &Look, table: &TableGame, width: usize) -> Vec<Line<'static>> {
    if !table.shows_series() {
        return Vec::new();
    }
    let mut lines = vec![Line::from(vec![
        Span::styled("Series: ", look.dim()),
        Span::styled(
            format!("game {}", table.series().current_game()),
            look.text(),
        ),
    ])];
    let totals = describe::series_totals(table.game(), &table.series_with_this_game());
    lines.extend(labelled_lines(look, "Totals", &totals, width));
    lines
}

/// "`label`: `value`" broken between words into lines of at most `width`
/// columns, the label dimmed.
fn labelled_lines(look: &Look, label: &str, value: &str, width: usize) -> Vec<Line<'static>> {
    let prefix = format!("{label}: ");
    wrap_words(&format!("{prefix}{value}"), width)
        .into_iter()
        .enumerate()
        .map(
            |(i, part)| match part.strip_prefix(&prefix).filter(|_| i == 0) {
                Some(rest) => Line::from(vec![
                    Span::styled(prefix.clone(), look.dim()),
                    Span::styled(rest.to_string(), look.text()),
                ]),
                None => Line::styled(part, look.text()),
            },
        )
        .collect()
}

/// The move list, numbered by rounds, scrolled so the current move shows;
/// moves taken back (that redo would replay) follow, dimmed.
fn move_lines(look: &Look, p: &Playing, height: usize) -> Vec<Line<'static>> {
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
                        Span::styled(format!("{mark}{m:<MOVE_COLUMN$}"), *style)
                    }
                    None if slot < first => {
                        let dots = look.glyphs.marks().ellipsis;
                        Span::styled(format!(" {dots:<MOVE_COLUMN$}"), look.dim())
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
