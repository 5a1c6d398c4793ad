//! What can go wrong with puzzles, each a sentence (its `Display`).

use crate::text::quoted;
use crate::variants::Variant;
use std::fmt;

/// A fault of a puzzle, a puzzle file or the search checking one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// A puzzle's position is no position of its variant.
    Position {
        /// The puzzle's identifier.
        id: String,
        /// Its variant.
        variant: Variant,
        /// What the variant said of the position (a clause).
        why: String,
    },
    /// A puzzle's line is faulty: what is wrong with it (a clause).
    Faulty(String),
    /// A line of a puzzle file is faulty.
    Line {
        /// The line's number, from 1.
        number: usize,
        /// The file's variant.
        variant: Variant,
        /// What is wrong with it (a clause).
        why: String,
    },
    /// A puzzle file holds more than [`super::MAX_PUZZLES`] puzzles.
    TooMany,
    /// The analyst checking a puzzle failed: its sentence.
    Analyst(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Position { id, variant, why } => write!(
                f,
                "Puzzle {}'s position is no position of {}: {why}.",
                quoted(id),
                variant.name()
            ),
            PuzzleError::Faulty(why) => write!(f, "The puzzle is faulty: {why}."),
            PuzzleError::Line {
                number,
                variant,
                why,
            } => write!(
                f,
                "Line {number} of the puzzles of {}: {why}.",
                variant.name()
            ),
            PuzzleError::TooMany => write!(
                f,
                "The puzzle file holds more than {} puzzles.",
                super::MAX_PUZZLES
            ),
            PuzzleError::Analyst(sentence) => f.write_str(sentence),
        }
    }
}

impl std::error::Error for PuzzleError {}
