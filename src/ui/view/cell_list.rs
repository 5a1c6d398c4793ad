//! The cell list beside the board: the cursor's cell in words, then its
//! neighbours across each edge and corner, numbered in order round the
//! cell, so `1`–`8` step there. For sighted keyboard players and screen
//! magnifiers; the same words a screen reader hears in the line mode.

use super::Look;
use super::wrap::wrap_words as wrap;
use crate::session::app::Playing;
use crate::session::describe::position::{cell_detail, neighbour_words};
use crate::session::speech::Voice;
use catboard::core::Game;
use ratatui::text::Line;

/// The lines of the cell list, wrapped to `width` columns.
pub fn lines(look: &Look, p: &Playing, width: usize) -> Vec<Line<'static>> {
    let game = p.shown_game();
    let geo = game.geometry();
    let mut lines: Vec<Line<'static>> = wrap(&cell_detail(game, Voice::SCREEN, p.cursor), width)
        .into_iter()
        .map(|l| Line::styled(l, look.text()))
        .collect();
    let way = |to| p.orientation.direction_word(geo, p.cursor, to);
    let numbered = p.orientation.numbered_neighbours(geo, p.cursor);
    for text in neighbour_words(game, Voice::SCREEN, &numbered, way) {
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, look.dim())),
        );
    }
    lines
}

#[cfg(test)]
mod tests {
    use crate::session::describe::position::cell_detail;
    use crate::session::speech::Voice;
    use catboard::core::{Game, Options};
    use catboard::variants::Variant;

    #[test]
    fn a_camp_cell_is_named_as_its_armys_camp() {
        let game = Variant::BacCanCat.new_game(&Options::new());
        let geo = game.geometry();
        let at = |name: &str| {
            geo.cells()
                .find(|c| geo.name(*c) == name)
                .unwrap_or_else(|| panic!("no cell {name}"))
        };
        for (cell, camp) in [
            ("aa", "Red"),
            ("fk", "Orange"),
            ("pp", "Green"),
            ("ka", "Blue"),
        ] {
            let text = cell_detail(&game, Voice::SCREEN, at(cell));
            assert!(text.contains(&format!(", in {camp}'s camp.")), "{text}");
        }
        // Outside every camp, and just outside Red's.
        for cell in ["hh", "ga", "ag"] {
            let text = cell_detail(&game, Voice::SCREEN, at(cell));
            assert!(!text.contains("camp"), "{text}");
        }
        let chess = Variant::Chess.new_game(&Options::new());
        let e4 = chess
            .geometry()
            .cells()
            .find(|c| chess.geometry().name(*c) == "e4");
        assert!(e4.is_some_and(|c| !cell_detail(&chess, Voice::SCREEN, c).contains("camp")));
    }
}
