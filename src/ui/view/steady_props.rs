//! A steady layout as a property: for every variant and terminal sizes
//! from 60×20 to 220×70, the board (the globe) and the panel keep their
//! places through every event of a game: each move (the longest-written
//! ones, a pass where there is one), short and long messages, review,
//! the cursor on every cell, and the game's end by a flag falling; and
//! the move list keeps its columns.

use super::layout_props::board_and_panel;
use super::panels::MoveGrid;
use super::{Look, playing_layout};
use crate::session::action::{Action, ReviewStep};
use crate::session::app::{App, Message, Playing, Screen, update};
use crate::session::look::LookChoice;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::ui::snapshots::tour::{playing, playing_mut};
use catboard::core::{Departure, Game, Options, Retire};
use catboard::variants::Variant;
use ratatui::layout::Rect;

/// The sizes measured: widths 40 to 220 in steps of 12, heights 20 to 70
/// in steps of 10, and 80×24, 120×40, 200×60.
fn sizes() -> Vec<(u16, u16)> {
    let mut sizes = vec![(80, 24), (120, 40), (200, 60)];
    for w in (40..=220).step_by(12) {
        for h in (20..=70).step_by(10) {
            sizes.push((w, h));
        }
    }
    sizes
}

/// Where the board and the panel are on every size, and how the panel's
/// move list is laid out, for `app` as it is.
type Places = Vec<Option<(Rect, Option<Rect>, Option<MoveGrid>)>>;

/// [`Places`] for `app` as it is.
fn places(app: &App, look: &Look) -> Places {
    let p = playing(app);
    sizes()
        .into_iter()
        .map(|(w, h)| {
            let (body, _, _) = playing_layout(app, look, p, Rect::new(0, 0, w, h));
            board_and_panel(p, body).map(|(board, panel)| {
                let grid = panel.map(|r| MoveGrid::of(p, r.width.saturating_sub(4) as usize));
                (board, panel, grid)
            })
        })
        .collect()
}

#[test]
fn the_board_and_panel_keep_their_places_through_a_whole_game() {
    let look = Look::test_default();
    for &variant in Variant::ALL {
        let seats = variant.seats().len();
        let table = TableGame::new(&TableSpec {
            variant,
            options: Options::new(),
            position: None,
            players: vec![Player::Human; seats],
            time: None,
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let mut app = App::new(
            Screen::Playing(Box::new(Playing::new(table, 0, None))),
            None,
            LookChoice::default(),
        );
        let start = places(&app, &look);
        let check = |app: &mut App, event: &str| {
            for text in [
                None,
                Some("Moved."),
                Some(
                    "Took back the last move. The game goes on; press u to undo again, \
                     r to play the move again, or n for a new game, or go on playing.",
                ),
            ] {
                app.message = text.map(|t| Message {
                    text: t.to_string(),
                    error: false,
                });
                assert_eq!(places(app, &look), start, "{variant:?} after {event}");
            }
        };
        for i in 0..seats * 5 {
            let p = playing_mut(&mut app);
            let game = p.table.game();
            let moves = game.legal_move_list();
            // A pass now and then where there is one, else the move written
            // longest; moves that end the game are left out (it ends by a
            // flag falling, below).
            let goes_on = |m: &catboard::core::Move| {
                let mut after = game.clone();
                after.make_move(*m);
                after.outcome().is_none()
            };
            let pass = moves.iter().copied().find(|m| m.is_pass() && goes_on(m));
            let Some(mv) = pass.filter(|_| i % 3 == 2).or_else(|| {
                moves
                    .iter()
                    .copied()
                    .filter(|m| !m.is_pass() && goes_on(m))
                    .max_by_key(|m| (game.move_notation(*m).len(), m.from.0, m.to.0))
            }) else {
                break;
            };
            let written = game.move_notation(mv);
            p.table.play(mv);
            check(&mut app, &written);
        }
        // The cursor on every cell (the Polar panel's cell words).
        let cells: Vec<_> = playing(&app).table.game().geometry().cells().collect();
        for cell in cells {
            playing_mut(&mut app).cursor = cell;
            assert_eq!(
                places(&app, &look),
                start,
                "{variant:?} with the cursor on {cell:?}"
            );
        }
        update(&mut app, Action::Review(ReviewStep::First));
        check(&mut app, "review");
        update(&mut app, Action::Review(ReviewStep::Live));
        let p = playing_mut(&mut app);
        let mover = p.table.game().to_move();
        p.table
            .retire(Retire::Leave(mover, Departure::Flagged))
            .unwrap_or_else(|e| panic!("{variant:?}: {e}"));
        check(&mut app, "a flag falling");
    }
}
