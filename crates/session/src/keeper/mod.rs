//! The keepers of a game. [`update`](crate::app::update) never decides
//! what happens to the game record: what a player asks of the game leaves
//! it as an [`Intent`], and a [`Keeper`] decides. Two keepers implement
//! the one trait: the [`LocalKeeper`] (the record the App holds, timed by
//! the App's clock, its computers on worker threads and its saves: the
//! screen and the line mode) and the server's table keeper (the hub, its
//! clocks and its store; in the `catboard` binary). A keeper's answer
//! comes back to `update` to fold in: at once from the local keeper, as
//! [`Action::Answered`](crate::action::Action::Answered) from one
//! elsewhere, whose record then follows as
//! [`Action::Kept`](crate::action::Action::Kept).
//!
//! The table policy both keepers apply (which seat the computer plays and
//! how long it thinks, the clocks and flags, a seat that has left, the
//! draw) is written once, in [`policy`].

pub mod policy;

pub use crate::app::LocalKeeper;

use crate::computer::Purpose;
use crate::table::TableGame;
use catboard::core::{Game, Move, Seat};

/// What a player asks of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Play this move (a pass included) for the seat to move.
    Play(Move),
    /// Give the game up: the asker's own seat where the keeper knows it,
    /// else the person to move.
    Resign,
    /// Offer a draw, on the asker's turn.
    OfferDraw,
    /// Accept (`true`) or decline the draw offered to the asker.
    AnswerDraw(bool),
    /// Claim the win from the players who have been away long enough: at
    /// a shared table only (a keeper that serves one person refuses).
    ClaimWin,
    /// A new game like this one: at once where one person has the table,
    /// once every player has asked at a shared one (the seats turned).
    Rematch,
    /// Take back the last move (and, where a person plays, the
    /// computer's moves before it).
    TakeBack,
    /// Play again the moves taken back.
    Replay,
    /// Have the computer think for the seat to move: a hint
    /// ([`Purpose::Hint`]) or a move played for the person
    /// ([`Purpose::Requested`]).
    Think(Purpose),
}

/// A keeper's answer to an [`Intent`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Done as asked: the record changed (or the computer was set
    /// thinking).
    Done,
    /// Asked of the other players, who have not all answered yet (a
    /// rematch at a shared table).
    Waiting,
    /// Refused, with the sentence that says why.
    Refused(String),
}

/// The record of a game as its keeper has it: what a front end shows and
/// follows.
#[derive(Clone, Debug)]
pub struct Record {
    /// The game, carrying the time the seat to move has spent so far.
    pub table: TableGame,
    /// The name of the person at each seat, where the keeper knows it
    /// (`None`: a computer's seat).
    pub people: Vec<Option<String>>,
    /// The seat that offered a draw not answered yet.
    pub draw_offer: Option<Seat>,
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        let (a, b) = (&self.table, &other.table);
        a.ply() == b.ply()
            && a.game().hash() == b.game().hash()
            && a.moves().eq(b.moves())
            && a.carried() == b.carried()
            && self.people == other.people
            && self.draw_offer == other.draw_offer
    }
}

impl Eq for Record {}

/// Who decides what happens to a game: it holds the record, times the
/// moves, runs the computers and keeps the game.
pub trait Keeper {
    /// Decides `intent`, asked by the person this keeper serves.
    fn ask(&mut self, intent: Intent) -> Answer;

    /// The record as the keeper has it now (none once the game is gone).
    fn record(&self) -> Option<Record>;
}
