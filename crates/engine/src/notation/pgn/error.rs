//! Why a PGN text, file or game is refused, as types: a fault in a game's
//! text at a line ([`TextFault`] at [`AtLine`]), what its tags ask for
//! that cannot be ([`TagFault`]), a move or retirement that cannot be
//! played, the budgets of the text and the file, and what cannot be
//! written. The sentence is each type's `Display`.

use crate::core::{ListedMoveError, OptionError, RetireError};
use crate::limits::LimitError;
use crate::notation::PositionError;
use crate::text::{clause, count, foreign, quoted, shown_path};
use crate::variants::{MoveError, Variant};
use std::path::PathBuf;

/// What is wrong at one line of a game's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextFault {
    /// `{` without its `}`.
    #[error("a comment opened with {{ is never closed")]
    OpenComment,
    /// A tag's value longer than the budget (bytes).
    #[error("a tag's value is longer than the largest allowed, {0} bytes")]
    LongTagValue(u64),
    /// A tag's value without its closing `"` on its line.
    #[error("a tag's value is not closed with \" on its line")]
    OpenTagValue,
    /// `[` not followed by a name, a value and `]`.
    #[error("a tag pair should be written [Name \"value\"]")]
    BadTagPair,
    /// A tag pair inside a variation opened on the line given.
    #[error("a tag pair comes before the variation opened on line {0} is closed")]
    TagInVariation(usize),
    /// `]` alone.
    #[error("a ] stands outside a tag pair")]
    StrayTagClose,
    /// A quoted value outside a tag pair.
    #[error("a quoted value stands outside a tag pair")]
    StrayText,
    /// `)` without its `(`.
    #[error("a ) closes no variation")]
    StrayClose,
    /// `(` without its `)`.
    #[error("a variation opened with ( is never closed")]
    OpenVariation,
    /// A `%clk` reading that is no time.
    #[error("the clock reading {} is no time such as 0:04:58", quoted(.0))]
    BadClock(String),
    /// Too many plies or variations within variations.
    #[error("{}", clause(&.0.to_string()))]
    Limit(Box<LimitError>),
}

/// A fault in a game's text and the line it is on (`line 7: ...`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {fault}")]
pub struct AtLine {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong there.
    pub fault: TextFault,
}

impl AtLine {
    /// `fault` at `line`.
    pub fn new(line: usize, fault: TextFault) -> AtLine {
        AtLine { line, fault }
    }
}

/// What a game's tags ask for that cannot be; the `Display` is a clause.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TagFault {
    /// The `Variant` tag names no game catboard plays; `known` lists the
    /// names it reads, each quoted.
    #[error("its Variant tag {} names no game catboard plays; it reads {known}", quoted(.name))]
    Variant {
        /// The tag's value.
        name: String,
        /// The names read, as a list to choose from.
        known: String,
    },
    /// The `VariantOptions` tag is refused.
    #[error("its VariantOptions tag: {}", clause(&.0.to_string()))]
    Options(OptionError),
    /// The `FEN` tag is no position of the variant.
    #[error("its FEN tag {} is no position of {}: {}", quoted(.text), .variant.name(), clause(&.fault.to_string()))]
    Fen {
        /// The tag's value.
        text: String,
        /// The game's variant.
        variant: Variant,
        /// Why the variant refuses it.
        fault: PositionError,
    },
}

/// Why a PGN text, file or game is refused, or a game cannot be written.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PgnError {
    /// Game `game`'s text is wrong at a line.
    #[error("Game {game}, {fault}.")]
    Text {
        /// The game's number, from 1.
        game: usize,
        /// The fault and its line.
        fault: AtLine,
    },
    /// More games than the budget.
    #[error("{0}")]
    TooManyGames(Box<LimitError>),
    /// Game `game`'s tags ask for what cannot be.
    #[error("Game {game}: {}.", clause(&.fault.to_string()))]
    Tags {
        /// The game's number, from 1.
        game: usize,
        /// What is wrong.
        fault: TagFault,
    },
    /// A move of game `game`, in round `round`, written `text`.
    #[error("Game {game}, {}.", .fault.describe(*.round, .text))]
    Move {
        /// The game's number, from 1.
        game: usize,
        /// The move's round (its move number).
        round: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        fault: ListedMoveError<MoveError>,
    },
    /// A `%retire` command whose argument is no retirement; `seats`
    /// lists the game's seats to choose from.
    #[error("Game {game}, line {line}: the retirement {} is none of resign:SEAT, flag:SEAT or draw:agreed with a seat of {seats}.", quoted(.text))]
    NoRetirement {
        /// The game's number, from 1.
        game: usize,
        /// The comment's line.
        line: usize,
        /// The command's argument.
        text: String,
        /// The seats, as a list to choose from.
        seats: String,
    },
    /// A `%retire` ply that cannot be played where it stands.
    #[error("Game {game}, line {line}: the retirement {} cannot be played: {}.", quoted(.text), clause(&.fault.to_string()))]
    Retirement {
        /// The game's number, from 1.
        game: usize,
        /// The comment's line.
        line: usize,
        /// The command's argument.
        text: String,
        /// Why it cannot be played.
        fault: RetireError,
    },
    /// Game 0 asked for.
    #[error("Games are counted from 1, so there is no game 0.")]
    GameZero,
    /// A game asked for beyond the last; `held` is how many there are.
    #[error("{}", match .held {
        0 => "The PGN holds no game.".to_string(),
        n => format!("The PGN holds {}, so there is no game {}.", count(*n as u64, "game", "games"), .asked),
    })]
    NoSuchGame {
        /// The game asked for.
        asked: usize,
        /// How many games the text holds.
        held: usize,
    },
    /// The text is larger than the budget (bytes).
    #[error("The PGN text is more than the largest allowed, {0} bytes.")]
    TooLarge(u64),
    /// The file could not be read; `why` is the system's words.
    #[error("The PGN file {} could not be read ({}).", shown_path(.path), foreign(.why))]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        why: String,
    },
    /// The file is larger than the budget (bytes).
    #[error("The PGN file {} is more than the largest allowed, {most} bytes.", shown_path(.path))]
    FileTooLarge {
        /// The file.
        path: PathBuf,
        /// The budget.
        most: u64,
    },
    /// The start position is refused by the variant.
    #[error("The start position of the game is no position of {}: {}.", .variant.name(), clause(&.fault.to_string()))]
    Start {
        /// The game's variant.
        variant: Variant,
        /// Why it refuses it.
        fault: PositionError,
    },
    /// A retirement ply (number `ply`, from 1) of a game being written
    /// cannot be played.
    #[error("Ply {ply} of the game, {}, cannot be played: {}.", quoted(.text), clause(&.fault.to_string()))]
    UnwritableRetirement {
        /// The ply, from 1.
        ply: usize,
        /// The retirement as written.
        text: String,
        /// Why it cannot be played.
        fault: RetireError,
    },
    /// A move (ply `ply`, from 1) of a game being written is not legal.
    #[error("Ply {ply} of the game, {}, is not a legal move there.", quoted(.text))]
    UnwritableMove {
        /// The ply, from 1.
        ply: usize,
        /// The move as written.
        text: String,
    },
}
