//! The players' verdicts: a resignation, and a draw offered, then
//! accepted or declined (by a computer seat on its search's judgement).
//! Each ends the game with a [`Verdict`] the table records and the save
//! keeps, so the result is said, shown and kept by `--resume`.

use super::{App, Effect, Screen};
use crate::session::computer::Purpose;
use crate::session::describe::{self, Event, EventKind};
use crate::session::table::{Player, Verdict};
use crate::session::words::capitalise;
use catboard::core::{Game, Seat};
use std::time::Duration;

/// How much better than level (in centipawns, by its own search) a
/// computer may find its side and still take a draw offered.
pub const DRAW_MARGIN: i32 = 25;

/// Ends the game by `verdict` and says the result.
pub(super) fn end(app: &mut App, verdict: Verdict) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if let Err(e) = p.table.end_by(verdict) {
        app.error(e);
        return Vec::new();
    }
    p.draw_offer = None;
    p.cancel_entry();
    let effects = p.save();
    if let Some(ending) = p.table.outcome() {
        let text = describe::result_in(&p.table, ending, app.voice);
        app.emit(Event::new(EventKind::Result, text));
    }
    effects
}

/// The person to move gives the game up (or, while a computer is to
/// move, the first seat a person plays).
pub(super) fn resign(app: &mut App) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    if p.table.outcome().is_some() {
        app.error("The game is already over.");
        return Vec::new();
    }
    if !p.table.has_human() {
        app.error("Only a person can resign; the computer plays every seat here.");
        return Vec::new();
    }
    let seat = match p.table.player_to_move() {
        Player::Human => p.table.game().to_move(),
        Player::Computer(_) => Seat(p.table.first_human_seat() as u8),
    };
    end(app, Verdict::Resigned(seat))
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
    let seats = game.seat_names().len();
    if seats != 2 {
        let name = p.table.variant().name();
        app.error(format!(
            "A draw is offered between two players; {name} has {seats} seats."
        ));
        return Vec::new();
    }
    if p.table.player_to_move() != Player::Human {
        app.error("Offer a draw on your own turn.");
        return Vec::new();
    }
    let offerer = game.to_move();
    let other = Seat(1 - offerer.0.min(1));
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
            let how = if app.typed {
                "type accept or decline; a move declines it"
            } else {
                "a move declines it"
            };
            app.inform(format!("{offers} offers a draw. {answers}: {how}."));
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
        return end(app, Verdict::Agreed);
    }
    let other = Seat(1 - offerer.0.min(1));
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
    let computer = Seat(1 - game.to_move().0.min(1));
    let name = capitalise(game.seat_name(computer));
    if -score <= DRAW_MARGIN {
        app.inform(format!("{name} accepts the draw."));
        end(app, Verdict::Agreed)
    } else {
        app.inform(format!("{name} declines the draw."));
        Vec::new()
    }
}
