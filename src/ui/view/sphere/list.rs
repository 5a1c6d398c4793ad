//! The cell list, the sphere's main view: every cell in a fixed order
//! (ring by ring away from White's pole, then eastwards round the sphere),
//! each with its name, shade in words (and `△` for a triangle), piece and
//! marks in words, under a heading per ring; it scrolls with the cursor.

use super::super::Look;
use super::super::board::BoardMarks;
use crate::session::describe::piece_words;
use catboard::core::{Cell, Game, Seat};
use catboard::variants::AnyGame;
use catboard::variants::polar::layout::{Spot, list_order, rank_from_white};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// The columns the list wants.
pub const WIDTH: u16 = 33;

/// The mark of `cell` in words, the most telling one: check, picked, a
/// capture or move target, the hint, the last move.
fn mark_word(game: &AnyGame, marks: &BoardMarks, cell: Cell) -> &'static str {
    if game.annotations().checked.contains(cell) {
        "check"
    } else if marks.picked.contains(cell) {
        "picked"
    } else if marks.captures.contains(cell) {
        "take"
    } else if marks.targets.contains(cell) {
        "move"
    } else if marks.hint.contains(cell) {
        "hint"
    } else if marks.last_move.contains(cell) {
        "last"
    } else {
        ""
    }
}

/// The heading over the ring of rank `rank` from White's pole.
fn heading(game: &AnyGame, rank: u8, spot: Spot) -> String {
    let pole = if spot.north { Seat(0) } else { Seat(1) };
    let who = crate::session::words::capitalise(game.seat_name(pole));
    format!(
        "{} {who}'s {}",
        rank + 1,
        spot.ring.words().trim_start_matches("the ")
    )
}

/// Every line of the list and the index of the cursor's line.
pub fn lines(
    game: &AnyGame,
    look: &Look,
    marks: &BoardMarks,
    width: usize,
) -> (Vec<Line<'static>>, usize) {
    let geo = game.geometry();
    let pointer = look.glyphs.marks().pointer;
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut cursor_line = 0;
    let mut last_rank = None;
    for cell in list_order(geo) {
        let Some(spot) = Spot::of(geo, cell) else {
            continue;
        };
        let rank = rank_from_white(spot);
        if last_rank != Some(rank) {
            out.push(Line::styled(heading(game, rank, spot), look.accent()));
            last_rank = Some(rank);
        }
        let here = marks.cursor == Some(cell);
        if here {
            cursor_line = out.len();
        }
        let triangle = if spot.triangle {
            super::map::shade_mark(look.glyphs, geo.is_light(cell), true)
        } else {
            " "
        };
        let shade = if geo.is_light(cell) { "light" } else { "dark" };
        let (glyph, words, glyph_style) = match game.piece_at(cell) {
            Some(p) => {
                let colour = look.theme.seat_colour(p.seat().index());
                (
                    look.glyphs.piece_text(game, p),
                    piece_words(game, p),
                    Style::default().fg(colour),
                )
            }
            None => (" ".to_string(), String::new(), look.dim()),
        };
        let row_style = if here { look.highlight() } else { look.text() };
        let mark = mark_word(game, marks, cell);
        let text = format!(
            "{}{:<4}{triangle}{shade:<6}",
            if here { pointer } else { " " },
            geo.name(cell)
        );
        let tail = format!(" {words:<13}{mark}");
        let mut spans = vec![Span::styled(text, row_style)];
        spans.push(Span::styled(
            glyph,
            if here { row_style } else { glyph_style },
        ));
        spans.push(Span::styled(tail, row_style));
        let mut line = Line::from(spans);
        if width < WIDTH as usize {
            line = truncate(line, width);
        }
        out.push(line);
    }
    (out, cursor_line)
}

/// `line` cut to `width` columns.
fn truncate(line: Line<'static>, width: usize) -> Line<'static> {
    let mut left = width;
    let spans: Vec<Span<'static>> = line
        .spans
        .into_iter()
        .filter_map(|s| {
            if left == 0 {
                return None;
            }
            let text: String = s.content.chars().take(left).collect();
            left -= text.chars().count();
            Some(Span::styled(text, s.style))
        })
        .collect();
    Line::from(spans)
}

/// The first line to show so the cursor's line stays in view, near the
/// middle of `height` lines where the list allows.
pub fn scroll(total: usize, cursor_line: usize, height: usize) -> usize {
    cursor_line
        .saturating_sub(height / 2)
        .min(total.saturating_sub(height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_scrolls_to_keep_the_cursor_in_view() {
        assert_eq!(scroll(78, 0, 20), 0);
        assert_eq!(scroll(78, 30, 20), 20);
        assert_eq!(scroll(78, 77, 20), 58);
        assert_eq!(scroll(10, 5, 20), 0);
        for cursor in 0..78 {
            let top = scroll(78, cursor, 20);
            assert!(top <= cursor && cursor < top + 20, "{cursor}");
        }
    }
}
