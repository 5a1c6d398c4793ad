//! What can go wrong with puzzles, each a sentence (its `Display`).

use super::{MAX_LINE_BYTES, MAX_PUZZLES, MAX_SOLVER_MOVES};
use crate::notation::PositionError;
use crate::protocol::engine::EngineError;
use crate::text::{clause, quoted};
use crate::variants::Variant;

/// A fault of a puzzle, a puzzle file or the search checking one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A puzzle's position is no position of its variant.
    #[error(
        "Puzzle {}'s position is no position of {}: {}.",
        quoted(.id),
        .variant.name(),
        clause(&.why.to_string())
    )]
    Position {
        /// The puzzle's identifier.
        id: String,
        /// Its variant.
        variant: Variant,
        /// What the variant said of the position.
        why: PositionError,
    },
    /// A puzzle's line is faulty.
    #[error("The puzzle is faulty: {0}.")]
    Faulty(LineFault),
    /// A line of a puzzle file is faulty.
    #[error("Line {number} of the puzzles of {}: {why}.", .variant.name())]
    Line {
        /// The line's number, from 1.
        number: usize,
        /// The file's variant.
        variant: Variant,
        /// What is wrong with it.
        why: LineFault,
    },
    /// A puzzle file holds more than [`MAX_PUZZLES`] puzzles.
    #[error("The puzzle file holds more than {MAX_PUZZLES} puzzles.")]
    TooMany,
    /// A set of puzzles to play holds none.
    #[error("There are no puzzles to play.")]
    NoPuzzles,
    /// The engine checking a puzzle failed.
    #[error(transparent)]
    Analyst(#[from] EngineError),
}

/// What is wrong with a puzzle's line ([`super::Puzzle::line`]): a clause,
/// the text at fault quoted.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LineFault {
    /// Longer than [`MAX_LINE_BYTES`].
    #[error("it is longer than {MAX_LINE_BYTES} bytes")]
    TooLong,
    /// Not eight fields.
    #[error("it has {0} fields, not 8")]
    Fields(usize),
    /// A rating, deviation or volatility that is no number in its range.
    #[error("its {what} {} is no number from {least} to {most}", quoted(.text))]
    Number {
        /// Which (`rating`).
        what: &'static str,
        /// The text written.
        text: String,
        /// The least allowed.
        least: f64,
        /// The most allowed.
        most: f64,
    },
    /// A tag no puzzle has.
    #[error("its tag {} is unknown", quoted(.0))]
    Tag(String),
    /// A source other than `selfplay` or `game`.
    #[error("its source {} is neither selfplay nor game", quoted(.0))]
    Source(String),
    /// Its position is none of its variant's.
    #[error("{}", clause(&.0.to_string()))]
    Position(Box<PuzzleError>),
    /// Its position is a finished game.
    #[error("its position is a finished game")]
    Finished,
    /// Its solution has far too many moves to read.
    #[error("its solution is too long")]
    SolutionTooLong,
    /// A move of its solution is not legal.
    #[error("its solution's move {} is not legal there", quoted(.0))]
    Illegal(String),
    /// Its solution has too few or too many of the solver's moves.
    #[error("its solution has {0} of the solver's moves, not 1 to {MAX_SOLVER_MOVES}")]
    SolverMoves(usize),
    /// Its solution ends with the other side's reply.
    #[error("its solution ends with another seat's move")]
    EndsWithReply,
}

/// A range's ends are the puzzle module's constants, never NaN.
impl Eq for LineFault {}
