//! The players' verdicts: a resignation, and a draw offered, then
//! accepted or declined (by a computer seat on its search's judgement),
//! and a flag falling. Each is a retirement the table plays as a ply
//! ([`catboard::core::Retire`]), so the result is said, shown, saved and
//! kept by `--resume`, and undo takes it back like a move.

use super::{App, Effect, Playing, Screen};
use crate::computer::Purpose;
use crate::describe::{self, Event, EventKind};
use crate::table::Player;
use crate::words::capitalise;
use catboard::core::{Departure, Game, Leaving, Retire, Seat};
use std::time::Duration;

/// How much better than level (in centipawns, by its own search) a
/// computer may find its side and still take a draw offered.
pub const DRAW_MARGIN: i32 = 25;

/// Plays `retire` and says what it did: the result when it ended the
/// game, else who left (a BacCanCat army out, the Cats passing from now on).
pub(super) fn end(app: &mut App, retire: Retire) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if let Err(e) = p.table.retire(retire) {
        app.error(e.to_string());
        return Vec::new();
    }
    p.draw_offer = None;
    p.cancel_entry();
    let effects = p.save();
    match p.table.outcome() {
        Some(outcome) => {
            let text = describe::result_in(&p.table, outcome, app.voice);
            app.emit(Event::new(EventKind::Result, text));
        }
        None => {
            let text = describe::left_the_game(&p.table, retire);
            app.emit(Event::new(EventKind::Move, text));
        }
    }
    effects
}

/// Whether a computer whose search scores its position `score` (in
/// centipawns, for the side that offered the draw) takes the draw: when
/// it finds its own side no better than [`DRAW_MARGIN`] above level.
pub fn takes_draw(score: i32) -> bool {
    -score <= DRAW_MARGIN
}

/// The seat a person at this table resigns: their own where the front end
/// knows it ([`Playing::own_seat`]), else the person to move, or (while a
/// computer is to move) the first seat in the game a person plays.
fn resigning_seat(p: &Playing) -> Option<Seat> {
    let game = p.table.game();
    let in_game = |s: &Seat| game.retirements().of(*s).is_none();
    if let Some(own) = p.own_seat {
        return Some(own).filter(in_game);
    }
    match p.table.player_to_move() {
        Player::Human => Some(game.to_move()),
        Player::Computer(_) => (0..p.table.players().len())
            .map(|i| Seat(i as u8))
            .filter(in_game)
            .find(|s| p.table.player(*s) == Player::Human),
    }
}

/// Why the person at this table cannot resign now, if they cannot.
pub(super) fn cannot_resign(p: &Playing) -> Option<String> {
    if p.table.outcome().is_some() {
        return Some("The game is already over.".into());
    }
    let Some(seat) = resigning_seat(p) else {
        if p.own_seat.is_some() {
            return Some("You are out of this game already.".into());
        }
        return Some("Only a person can resign; the computer plays every seat here.".into());
    };
    p.table
        .game()
        .may_retire(Retire::Leave(seat, Departure::Resigned))
        .err()
        .map(|e| e.to_string())
}

/// The person to move gives the game up (or, while a computer is to
/// move, the first seat a person plays).
pub(super) fn resign(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    if let Some(why) = cannot_resign(p) {
        app.error(why);
        return Vec::new();
    }
    match resigning_seat(p) {
        Some(seat) => end(app, Retire::Leave(seat, Departure::Resigned)),
        None => Vec::new(),
    }
}

/// The person to move offers a draw: a computer opponent thinks it over,
/// a person is asked.
pub(super) fn offer_draw(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if p.table.outcome().is_some() {
        app.error("The game is already over.");
        return Vec::new();
    }
    let game = p.table.game();
    if game.end_rules().leaving != Leaving::TwoArmies {
        let name = p.table.variant().name();
        app.error(format!("There are no draws by agreement in {name}."));
        return Vec::new();
    }
    if p.table.player_to_move() != Player::Human {
        app.error("Offer a draw on your own turn.");
        return Vec::new();
    }
    let offerer = game.to_move();
    if offerer.0 >= 2 {
        let name = capitalise(game.seat_name(offerer));
        app.error(format!(
            "{name} may not offer a draw; only the two armies can."
        ));
        return Vec::new();
    }
    let other = offerer.opponent();
    let (offers, answers) = (
        capitalise(game.seat_name(offerer)),
        capitalise(game.seat_name(other)),
    );
    match p.table.player(other) {
        Player::Computer(_) => {
            if p.thinking.is_some() {
                app.error("The engine is busy; offer the draw again when it has answered.");
                return Vec::new();
            }
            app.inform(format!("{offers} offers a draw; {answers} thinks it over."));
            app.start_search(Purpose::DrawOffer, Duration::ZERO)
        }
        Player::Human => {
            p.draw_offer = Some(offerer);
            if app.typed {
                app.inform(format!(
                    "{offers} offers a draw. {answers}: type accept or decline; a move declines it."
                ));
            } else {
                app.inform(format!(
                    "{offers} offers a draw. {answers}: accept? y or n."
                ));
                app.overlay = Some(super::Overlay::DrawOffered(offerer));
            }
            Vec::new()
        }
    }
}

/// A person answers the draw offered.
pub(super) fn answer_draw(app: &mut App, yes: bool) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    let Some(offerer) = p.draw_offer.take() else {
        app.error("No draw has been offered.");
        return Vec::new();
    };
    if yes {
        return end(app, Retire::Agreement);
    }
    let other = offerer.opponent();
    let name = capitalise(p.table.game().seat_name(other));
    app.inform(format!("{name} declines the draw."));
    Vec::new()
}

/// A computer's answer to the draw offered, from its search's `score` for
/// the side that offered (the side to move).
pub(super) fn judge_draw(app: &mut App, score: i32) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    let game = p.table.game();
    let computer = game.to_move().opponent();
    let name = capitalise(game.seat_name(computer));
    if takes_draw(score) {
        app.inform(format!("{name} accepts the draw."));
        end(app, Retire::Agreement)
    } else {
        app.inform(format!("{name} declines the draw."));
        Vec::new()
    }
}
