//! The server's table keeper: the [`Keeper`] of a game at a shared table,
//! for one connection's player. What the player asks goes to the hub,
//! which checks it against the seat the connection plays and the table
//! policy, times it on its own clock, keeps it in the store before anyone
//! sees it and tells everyone at the table; the connection's App then
//! follows the record ([`Shared::view`]).

use super::hub::Shared;
use super::identity::Who;
use crate::session::computer::Purpose;
use crate::session::keeper::{Answer, Intent, Keeper, Record};
use catboard::core::Retire;
use std::sync::Arc;

/// Why moves are not taken back at a shared table.
pub const NO_TAKE_BACK: &str = "Moves cannot be taken back at a shared table.";

/// Why there are no hints at a shared table.
pub const NO_HINTS: &str = "There are no hints at a shared table.";

/// Why the computer plays no move for a person at a shared table.
pub const OWN_SEATS_ONLY: &str = "At a shared table the computer plays only its own seats.";

/// The keeper of table `table` for connection `conn` of `who`. Its
/// answers may write to the store: call it where blocking is allowed.
#[derive(Clone, Debug)]
pub struct TableKeeper {
    shared: Arc<Shared>,
    table: String,
    conn: u64,
    who: Who,
}

impl TableKeeper {
    /// The keeper of `table` at `shared` for connection `conn` of `who`.
    pub fn new(shared: Arc<Shared>, table: &str, conn: u64, who: Who) -> TableKeeper {
        TableKeeper {
            shared,
            table: table.to_string(),
            conn,
            who,
        }
    }

    /// The table's name.
    pub fn table(&self) -> &str {
        &self.table
    }
}

impl Keeper for TableKeeper {
    fn ask(&mut self, intent: Intent) -> Answer {
        let (shared, table, conn) = (&self.shared, self.table.as_str(), self.conn);
        let done = |result: Result<(), String>| match result {
            Ok(()) => Answer::Done,
            Err(why) => Answer::Refused(why),
        };
        match intent {
            Intent::Play(mv) => done(shared.play(table, conn, mv)),
            Intent::Resign => done(shared.resign(table, conn)),
            Intent::OfferDraw => done(shared.offer_draw(table, conn)),
            Intent::AnswerDraw(true) => done(shared.play(table, conn, Retire::Agreement.to_move())),
            Intent::AnswerDraw(false) => done(shared.decline_draw(table, conn)),
            Intent::ClaimWin => done(shared.claim_win(table, conn)),
            Intent::Rematch => match shared.rematch(table, conn, &self.who) {
                Ok(Some(_)) => Answer::Done,
                Ok(None) => Answer::Waiting,
                Err(why) => Answer::Refused(why),
            },
            Intent::TakeBack | Intent::Replay => Answer::Refused(NO_TAKE_BACK.into()),
            Intent::Think(Purpose::Hint) => Answer::Refused(NO_HINTS.into()),
            Intent::Think(_) => Answer::Refused(OWN_SEATS_ONLY.into()),
        }
    }

    fn record(&self) -> Option<Record> {
        self.shared.view(&self.table)
    }
}
