//! Why a table cannot be set up or read back ([`TableError`]), and why a
//! player's name is refused ([`UnknownPlayer`]): the session's errors as
//! types, each saying its sentence (or, for a save's contents, the clause
//! set after "The save … cannot be read:").

use super::Player;
use catboard::clock::TimeControlError;
use catboard::core::{EndReason, ListedMoveError, OptionError, RetireError};
use catboard::notation::PositionError;
use catboard::series::SeriesError;
use catboard::text::{clause, count, noun, quoted};
use catboard::variants::{MoveError, UnknownVariant, Variant};

/// Why a table cannot be set up as asked, or a save read back.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TableError {
    /// The start position's text is refused.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The players given are not one a seat.
    #[error(
        "{} has {} but {} {} given.",
        .variant.name(),
        count(*.seats as u64, "seat", "seats"),
        count(*.players as u64, "player", "players"),
        noun(*.players as u64, "was", "were")
    )]
    Seats {
        /// The variant.
        variant: Variant,
        /// Its seats.
        seats: usize,
        /// The players given.
        players: usize,
    },
    /// The save names a variant catboard does not know.
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    /// The save's options are refused.
    #[error("{0}")]
    Option(#[from] OptionError),
    /// The save names an unknown player.
    #[error(transparent)]
    Player(#[from] UnknownPlayer),
    /// The save's time control is refused.
    #[error("{}", clause(&.0.to_string()))]
    TimeControl(#[from] TimeControlError),
    /// The save's clock readings do not match its moves.
    #[error(
        "it has {} but {}",
        count(*.moves as u64, "move", "moves"),
        count(*.readings as u64, "clock reading", "clock readings")
    )]
    ClockReadings {
        /// The moves saved.
        moves: usize,
        /// The clock readings saved.
        readings: usize,
    },
    /// The save's series is refused.
    #[error("{0}")]
    Series(#[from] SeriesError),
    /// The save's series has totals for another number of seats.
    #[error(
        "the series has {} but {} has {}",
        count(*.totals as u64, "total", "totals"),
        .variant.name(),
        count(*.seats as u64, "seat", "seats")
    )]
    SeriesSeats {
        /// The totals saved.
        totals: usize,
        /// The variant.
        variant: Variant,
        /// Its seats.
        seats: usize,
    },
    /// An older save's verdict names no seat of the game.
    #[error("the game has no seat {} to resign", quoted(.0))]
    VerdictSeat(String),
    /// An older save's verdict is of a kind this version does not read.
    #[error("the ending {} is not one this version reads", quoted(.0))]
    VerdictKind(String),
    /// A saved engine's seat is not one of the game's.
    #[error("the game has no seat {} for an engine", quoted(.0))]
    EngineSeat(String),
    /// A saved engine's seat is a person's.
    #[error("the engine's seat {} is a person's", quoted(.0))]
    EnginePersonsSeat(String),
    /// A saved engine is not written as an engine.
    #[error("the engine {} is not written uci:COMMAND or xboard:COMMAND", quoted(.0))]
    EngineNotWritten(String),
    /// A saved engine or its option is refused by the engine protocol's
    /// reader (its sentence as a clause).
    #[error("{}", clause(&.0.to_string()))]
    Engine(#[from] catboard::protocol::engine::SpecError),
    /// A saved move cannot be played.
    #[error("{}", .fault.describe(*.number, .text))]
    Move {
        /// Its number in the list, from 1.
        number: usize,
        /// The move as saved.
        text: String,
        /// Why it cannot be played.
        fault: ListedMoveError<MoveError>,
    },
    /// A game read from PGN goes on after catboard's rules end it.
    #[error(
        "Game {game} goes on after move {after}, where catboard's rules end it by {}.",
        .reason.describe()
    )]
    GoesOnAfterEnd {
        /// The game's number in its file.
        game: usize,
        /// The moves before the end.
        after: usize,
        /// How the rules end it.
        reason: EndReason,
    },
    /// A retirement is refused.
    #[error(transparent)]
    Retire(#[from] RetireError),
}

/// A player's name that is neither `human`, a level's name nor an Elo.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownPlayer {
    /// No player is called so.
    #[error(
        "There is no player {}; choose {}, or an Elo such as 1400.",
        quoted(.0),
        known_players()
    )]
    Name(String),
    /// An Elo the ladder refuses.
    #[error(transparent)]
    Elo(catboard::ai::ladder::LevelError),
}

/// The players' names as a list to choose from: `human, novice … or master`.
fn known_players() -> String {
    let known: Vec<&str> = Player::ALL.iter().map(|p| p.id()).collect();
    let (last, rest) = known.split_last().unwrap_or((&"human", &[]));
    format!("{} or {last}", rest.join(", "))
}

#[cfg(test)]
mod every_sentence;
