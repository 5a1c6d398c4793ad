//! The players' verdicts at the local table: who resigns and when they
//! may, and a computer seat's answer to a draw offered (by its search's
//! judgement, [`crate::keeper::policy::takes_draw`]). Each is a
//! retirement the table plays as a ply ([`catboard::core::Retire`]), so
//! the result is said, shown, saved and kept by `--resume`, and undo
//! takes it back like a move.

use super::{App, Effect, Playing, Screen};
use crate::keeper::policy;
use crate::table::Player;
use crate::words::capitalise;
use catboard::core::{Departure, Game, Retire, Seat};

/// The seat a person at this table resigns: their own where the front end
/// knows it ([`Playing::own_seat`]), else the person to move, or (while a
/// computer is to move) the first seat in the game a person plays.
pub(super) fn resigning_seat(p: &Playing) -> Option<Seat> {
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

/// A computer's answer to the draw offered, from its search's `score` for
/// the side that offered (the side to move).
pub(super) fn judge_draw(app: &mut App, score: i32) -> Vec<Effect> {
    let Screen::Playing(p) = &app.screen else {
        return Vec::new();
    };
    let game = p.table.game();
    let computer = game.to_move().opponent();
    let name = capitalise(game.seat_name(computer));
    if policy::takes_draw(score) {
        app.inform(format!("{name} accepts the draw."));
        super::asking::keeper_retires(app, Retire::Agreement)
    } else {
        app.inform(format!("{name} declines the draw."));
        Vec::new()
    }
}
