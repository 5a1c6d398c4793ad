//! The cell list beside the board: the cursor's cell in words, then its
//! neighbours across each edge and corner, numbered in order round the
//! cell, so `1`–`8` step there. For sighted keyboard players and screen
//! magnifiers; the same words a screen reader hears in the line mode.

use super::Look;
use super::panels::wrap_words as wrap;
use crate::ui::app::Playing;
use crate::ui::describe::position::{cell_detail, neighbour_words};
use catboard::core::Game;
use ratatui::text::Line;

/// The lines of the cell list, wrapped to `width` columns.
pub fn lines(look: &Look, p: &Playing, width: usize) -> Vec<Line<'static>> {
    let game = p.table.game();
    let geo = game.geometry();
    let mut lines: Vec<Line<'static>> = wrap(&cell_detail(game, p.cursor), width)
        .into_iter()
        .map(|l| Line::styled(l, look.text()))
        .collect();
    let way = |to| p.orientation.direction_word(geo, p.cursor, to);
    for text in neighbour_words(game, p.cursor, way) {
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, look.dim())),
        );
    }
    lines
}
