//! Review as a property: for every variant, a game is played (captures
//! first, so the captured lists grow), and at every ply the screen of the
//! game reviewed there is compared with the screen of a live game stopped
//! at that ply: the game box (side to move, check, the cursor's cell in
//! words, captured pieces, notes) and the board are the same, the review's
//! own line aside; `e` opens the reviewed position's piece and the key
//! line is never empty.

use super::layout_props::board_and_panel;
use super::{Look, panels, playing_layout, view};
use crate::session::action::{Action, Dir, ReviewStep};
use crate::session::app::{App, Overlay, Playing, Screen, update};
use crate::session::look::LookChoice;
use crate::session::table::{Player, TableGame, TableSpec};
use crate::ui::snapshots::tour::{playing, playing_mut};
use catboard::core::{Game, Move, Options};
use catboard::variants::Variant;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Plies played in each variant's game.
const PLIES: usize = 14;

fn table(variant: Variant) -> TableGame {
    TableGame::new(&TableSpec {
        variant,
        options: Options::new(),
        position: None,
        players: vec![Player::Human; variant.seats().len()],
        time: None,
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The moves of a game of `variant`: a capture whenever there is one,
/// else the first legal move that is not a pass.
fn a_game(variant: Variant) -> Vec<Move> {
    let mut t = table(variant);
    let mut moves = Vec::new();
    while moves.len() < PLIES && t.outcome().is_none() {
        let game = t.game();
        let legal = game.legal_move_list();
        let Some(mv) = legal
            .iter()
            .copied()
            .find(|m| game.captured(*m).is_some())
            .or_else(|| legal.iter().copied().find(|m| !m.is_pass()))
        else {
            break;
        };
        t.play(mv);
        moves.push(mv);
    }
    moves
}

fn app_of(t: TableGame) -> App {
    App::new(
        Screen::Playing(Box::new(Playing::new(t, 0, None))),
        None,
        LookChoice::default(),
    )
}

/// The text of the game box at `width`, every group kept.
fn game_box(look: &Look, p: &Playing) -> Vec<String> {
    panels::game_lines(look, p, 40, 200, false)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

/// The rows of the board (the globe) on a 120×40 screen.
fn board_rows(look: &Look, app: &App) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    terminal
        .draw(|frame| view(app, look, frame))
        .expect("drawn");
    let buffer: &Buffer = terminal.backend().buffer();
    let p = playing(app);
    let (body, _, _) = playing_layout(app, look, p, Rect::new(0, 0, 120, 40));
    let (board, _) = board_and_panel(p, body).expect("the board fits 120x40");
    (board.top()..board.bottom())
        .map(|y| {
            (board.left()..board.right())
                .map(|x| buffer[(x, y)].symbol())
                .collect()
        })
        .collect()
}

#[test]
fn a_reviewed_position_shows_what_the_live_game_showed_at_that_ply() {
    let look = Look::test_default();
    for &variant in Variant::ALL {
        let moves = a_game(variant);
        let mut full = table(variant);
        for &mv in &moves {
            full.play(mv);
        }
        let mut reviewing = app_of(full);
        update(&mut reviewing, Action::Review(ReviewStep::First));
        for ply in 0..moves.len() {
            if ply > 0 {
                update(&mut reviewing, Action::Review(ReviewStep::Forward));
            }
            let mut live = table(variant);
            for &mv in &moves[..ply] {
                live.play(mv);
            }
            let mut live = app_of(live);
            // The cursor on the cell the last move reached, which later
            // moves may have changed.
            let cursor = ply
                .checked_sub(1)
                .map(|i| moves[i])
                .filter(|m| m.on_board())
                .map_or(playing(&live).cursor, |m| m.to);
            playing_mut(&mut live).cursor = cursor;
            playing_mut(&mut reviewing).cursor = cursor;
            reviewing.message = None;
            let p = playing(&reviewing);
            assert_eq!(p.shown_ply(), ply, "{variant:?}");
            let mut shown = game_box(&look, p);
            let before = shown.len();
            shown.retain(|l| !l.starts_with("Reviewing move"));
            assert_eq!(before, shown.len() + 1, "{variant:?} ply {ply}: {shown:?}");
            assert_eq!(
                shown,
                game_box(&look, playing(&live)),
                "{variant:?}, reviewing ply {ply}"
            );
            assert_eq!(
                board_rows(&look, &reviewing),
                board_rows(&look, &live),
                "{variant:?}, the board at ply {ply}"
            );
        }
    }
}

#[test]
fn in_review_e_explains_the_reviewed_piece_and_the_key_line_says_the_keys() {
    let look = Look::test_default();
    for &variant in Variant::ALL {
        let moves = a_game(variant);
        let mut t = table(variant);
        for &mv in &moves {
            t.play(mv);
        }
        let mut app = app_of(t);
        update(&mut app, Action::Review(ReviewStep::First));
        // The cursor on a piece of the start position.
        let start = playing(&app).shown_game().clone();
        let cell = start
            .geometry()
            .cells()
            .find(|c| start.piece_at(*c).is_some())
            .expect("a piece");
        playing_mut(&mut app).cursor = cell;
        update(&mut app, Action::Explain);
        let Some(Overlay::Glance(v)) = &app.overlay else {
            panic!("{variant:?}: e opened nothing in review");
        };
        let kind = start.piece_at(cell).map(|p| p.kind());
        assert_eq!(v.kinds.get(v.index).copied(), kind, "{variant:?}");
        update(&mut app, Action::Cancel);
        assert!(
            playing(&app).review.is_some(),
            "{variant:?}: still reviewing"
        );
        // The cursor moves in review; the bottom row names the keys.
        let before = playing(&app).cursor;
        update(&mut app, Action::Cursor(Dir::Up));
        if playing(&app).cursor == before {
            update(&mut app, Action::Cursor(Dir::Down));
        }
        assert!(app.message.as_ref().is_none_or(|m| !m.error), "{variant:?}");
        assert_ne!(
            playing(&app).cursor,
            before,
            "{variant:?}: the cursor moved"
        );
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
        terminal
            .draw(|frame| view(&app, &look, frame))
            .expect("drawn");
        let buffer = terminal.backend().buffer();
        let last: String = (0..80).map(|x| buffer[(x, 23)].symbol()).collect();
        assert!(
            last.contains("back to the game") && last.contains("step"),
            "{variant:?}: {last:?}"
        );
    }
}
