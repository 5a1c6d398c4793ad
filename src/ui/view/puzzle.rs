//! The puzzle screen: a title (which puzzle, its rating, the player's
//! rating and streak), the board as big as fits with the hint's and the
//! last move's cells marked, what was said beside or under it, the move
//! prompt while it is open, and the keymap's hints at the bottom.

use super::Look;
use super::board::{BoardMarks, BoardView};
use super::glance::{Drawn, place_board};
use super::sphere::globe;
use super::wrap::wrap_words;
use crate::session::keymap::{HelpState, hints};
use crate::session::look::GlyphSet;
use crate::session::orientation::Orientation;
use crate::session::puzzles::PuzzleApp;
use catboard::core::{CellSet, Game};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

/// The narrowest column of words beside the board.
const TEXT_MIN: u16 = 24;

/// Draws `app` on the whole frame.
pub fn draw(app: &PuzzleApp, look: &Look, frame: &mut Frame<'_>) {
    let area = frame.area();
    if area.height < 4 || area.width < 20 {
        return;
    }
    let standing = app.standing();
    let p = &app.attempt.puzzle;
    // The title's items, as many whole ones as the row holds (a narrow
    // screen drops the last, never cuts one).
    let items = [
        format!(
            "{} puzzle {}/{} ·",
            app.variant.name(),
            app.index + 1,
            app.puzzles.len()
        ),
        format!("{} ·", p.id),
        format!("rated {:.0} ·", p.rating.rating),
        format!("you {:.0} ·", standing.rating.rating),
        format!("streak {} (best {})", standing.streak, standing.best),
    ];
    let title = super::wrap::wrap_items(&items, area.width as usize)
        .into_iter()
        .next()
        .unwrap_or_default()
        .trim_end_matches(" ·")
        .to_string();
    frame.render_widget(
        Paragraph::new(Line::styled(title, look.accent())),
        Rect { height: 1, ..area },
    );
    let body = Rect {
        y: area.y + 1,
        height: area.height - 2,
        ..area
    };
    let ascii = look.glyphs == GlyphSet::Ascii;
    let hint: Vec<String> = hints(app.context(), ascii, HelpState::default())
        .into_iter()
        .map(|(text, _)| text)
        .collect();
    frame.render_widget(
        Paragraph::new(Line::styled(hint.join("  "), look.dim())),
        Rect {
            y: area.bottom() - 1,
            height: 1,
            ..area
        },
    );
    // The board on the left, the words in what is left (beside, or under
    // when the board takes the width).
    let room = Rect {
        width: body.width.saturating_sub(TEXT_MIN + 1),
        ..body
    };
    let board = place_board(app.game(), room).or_else(|| {
        place_board(
            app.game(),
            Rect {
                height: body.height * 2 / 3,
                ..body
            },
        )
    });
    let text = match &board {
        Some(drawn) if drawn.area().right() + 1 + TEXT_MIN <= body.right() => Rect {
            x: drawn.area().right() + 1,
            width: body.right() - drawn.area().right() - 1,
            ..body
        },
        Some(drawn) => Rect {
            y: drawn.area().bottom(),
            height: body.bottom().saturating_sub(drawn.area().bottom()),
            ..body
        },
        None => body,
    };
    let mut marks = BoardMarks::default();
    if let Some(cell) = app.hint {
        marks.hint.insert(cell);
    }
    if let Some(mv) = app.last {
        let mut cells = CellSet::new();
        if !mv.is_pass() {
            cells.insert(mv.from);
        }
        cells.insert(mv.to);
        marks.last_move = cells;
    }
    let orientation = Orientation::new(app.attempt.solver().index(), app.game().seat_names().len());
    match &board {
        Some(Drawn::Grid(size, at)) => frame.render_widget(
            BoardView {
                game: app.game(),
                look,
                marks: &marks,
                orientation,
                size: *size,
            },
            *at,
        ),
        Some(Drawn::Globe(g)) => globe::render(g, app.game(), look, &marks, frame.buffer_mut()),
        None => {}
    }
    let width = usize::from(text.width.max(1));
    let mut lines: Vec<Line<'static>> = Vec::new();
    for said in &app.said {
        for l in wrap_words(said, width) {
            lines.push(Line::styled(l, look.text()));
        }
    }
    if let Some(prompt) = &app.prompt {
        lines.push(Line::styled(
            format!("Your move: {prompt}_"),
            look.highlight(),
        ));
    }
    // The newest words stay in sight.
    let rows = usize::from(text.height);
    let skip = lines.len().saturating_sub(rows);
    frame.render_widget(Paragraph::new(lines.split_off(skip)), text);
}
