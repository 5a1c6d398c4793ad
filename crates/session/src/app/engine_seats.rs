//! The seats other engines play: the request for an engine's move (in
//! place of catboard's search, for a seat the table gives an engine), and
//! what an engine brings back other than a move: a failure, after which
//! catboard's computer plays the seat and the game goes on, or a
//! resignation.

use super::{App, Effect, Screen};
use crate::engines::{EngineNews, EngineRequest};
use crate::table::TableGame;
use catboard::core::{Departure, Game, Retire, Seat};
use catboard::protocol::engine::Budget;
use std::time::Duration;

/// The request for the move of the seat to move, when an engine plays it:
/// the whole game, and `budget` to think (`--think-ms`, or the clocks).
pub(super) fn request(
    table: &TableGame,
    id: u64,
    budget: Budget,
    min_time: Duration,
) -> Option<EngineRequest> {
    let seat = table.game().to_move();
    let spec = table.engine(seat)?;
    Some(EngineRequest {
        id,
        seat,
        spec: spec.clone(),
        game: table.game().clone(),
        options: table.options().clone(),
        budget,
        min_time,
    })
}

/// An engine's news about request `id`: a failure hands its seat to
/// catboard's computer (said in a sentence; the game goes on, the next
/// search started as soon as this action is done), a resignation ends the
/// game. News about a request no longer wanted is ignored.
pub(super) fn news(app: &mut App, id: u64, seat: Seat, news: EngineNews) -> Vec<Effect> {
    let Screen::Playing(p) = &mut app.screen else {
        return Vec::new();
    };
    if p.thinking.take_if(|t| t.id == id).is_none() {
        return Vec::new();
    }
    match news {
        EngineNews::Failed(why) => {
            let said = p.table.fallback_sentence(seat, &why);
            p.table.retire_engine(seat);
            let effects = p.save();
            app.error(said);
            effects
        }
        EngineNews::Resigned => {
            super::asking::keeper_retires(app, Retire::Leave(seat, Departure::Resigned))
        }
    }
}
