//! A tour of the screens of a variant: what the character-set test, the
//! pictures' tests and the goldens of every variant draw. The start, a
//! piece picked with its targets, a game some plies in (the last move
//! marked), the help, how a piece moves, review, the screen reader view,
//! the move prompt and the setup screen.

use super::table_game;
use crate::session::action::Action;
use crate::session::app::{App, Playing, Screen, update};
use crate::session::look::LookChoice;
use crate::session::setup_form::Setup;
use crate::session::table::Player;
use catboard::core::{Cell, Game};
use catboard::variants::Variant;

/// The terminal sizes toured: the smallest common one, a large one with
/// big pieces, and a very large one.
pub(super) const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

/// The game `app` plays.
pub(crate) fn playing(app: &App) -> &Playing {
    match &app.screen {
        Screen::Playing(p) => p,
        Screen::Setup(_) => panic!("not playing"),
    }
}

/// The game `app` plays, to change.
pub(crate) fn playing_mut(app: &mut App) -> &mut Playing {
    match &mut app.screen {
        Screen::Playing(p) => p,
        Screen::Setup(_) => panic!("not playing"),
    }
}

/// The legal move of `game` with the longest notation (captures and checks
/// come early), passes aside; ties broken by its cells, so it is always the
/// same move.
pub(crate) fn longest_move(game: &impl catboard::core::Game) -> Option<catboard::core::Move> {
    game.legal_move_list()
        .iter()
        .copied()
        .filter(|m| !m.is_pass())
        .max_by_key(|m| (game.move_notation(*m).len(), m.from.0, m.to.0))
}

/// The moves a tour plays: each the legal move with the longest
/// notation (captures and checks come early), `plies` of them.
pub(super) fn longest_moves(variant: Variant, plies: usize) -> Vec<String> {
    let mut game = variant.new_game(&catboard::core::Options::new());
    let mut out = Vec::new();
    for _ in 0..plies {
        let Some(mv) = longest_move(&game) else {
            break;
        };
        out.push(game.move_text(mv));
        game.make_move(mv);
    }
    out
}

/// A game of `variant` between people in `look` after `moves`.
pub(super) fn people(variant: Variant, moves: &[String], look: &LookChoice) -> App {
    let seats = variant.seats().len();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    table_game(
        variant,
        vec![Player::Human; seats],
        None,
        &moves,
        0,
        look.clone(),
    )
}

/// A cell of the side to move's piece that has a legal move.
fn movable(app: &App) -> Option<Cell> {
    let game = playing(app).table.game();
    game.legal_move_list()
        .iter()
        .find(|m| !m.is_pass() && m.on_board())
        .map(|m| m.from)
}

/// The screens of `variant` in `look`, each named.
pub(super) fn tour(variant: Variant, look: &LookChoice) -> Vec<(String, App)> {
    let mut screens = Vec::new();
    let start = people(variant, &[], look);
    screens.push(("start".to_string(), start.clone()));
    let mut picked = start.clone();
    if let Some(cell) = movable(&picked) {
        playing_mut(&mut picked).cursor = cell;
        update(&mut picked, Action::Select);
    }
    screens.push(("picked".to_string(), picked));
    let moves = longest_moves(variant, 2 * variant.seats().len() + 1);
    let mut later = people(variant, &moves, look);
    if let Some(cell) = movable(&later) {
        playing_mut(&mut later).cursor = cell;
        update(&mut later, Action::Select);
    }
    screens.push(("later".to_string(), later.clone()));
    let mut help = later.clone();
    update(&mut help, Action::Help);
    screens.push(("help".to_string(), help.clone()));
    for page in 1..4 {
        update(&mut help, Action::Cursor(crate::session::action::Dir::Down));
        for _ in 0..10 {
            update(&mut help, Action::Cursor(crate::session::action::Dir::Down));
        }
        screens.push((format!("help-{page}"), help.clone()));
    }
    let mut explained = start.clone();
    if let Some(cell) = movable(&explained) {
        playing_mut(&mut explained).cursor = cell;
    }
    update(&mut explained, Action::Explain);
    screens.push(("explain".to_string(), explained));
    let mut review = people(variant, &moves, look);
    for _ in 0..moves.len() / 2 {
        update(
            &mut review,
            Action::Review(crate::session::action::ReviewStep::Back),
        );
    }
    screens.push(("review".to_string(), review));
    let mut reader = later.clone();
    reader.reader = true;
    screens.push(("reader".to_string(), reader));
    let mut prompt = later;
    update(&mut prompt, Action::OpenPrompt);
    for c in "zz9".chars() {
        update(&mut prompt, Action::TypeChar(c));
    }
    update(&mut prompt, Action::Submit);
    screens.push(("prompt".to_string(), prompt));
    screens.push((
        "setup".to_string(),
        App::new(
            Screen::Setup(Setup::new(None).against_the_computer()),
            None,
            look.clone(),
        ),
    ));
    screens
}
