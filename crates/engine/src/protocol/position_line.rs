//! The `position` line both UCI dialects share (`uci` for every variant,
//! `uci-cat` for Cat Chess): its words read into a game, and the typed
//! reasons a protocol line is refused.

use crate::core::{Game, ListedMoveError};
use crate::limits::LimitError;
use crate::notation::PositionError;
use crate::text::{clause, quoted};
use std::fmt;

/// Why a protocol line is refused, for a game whose move refusals are
/// `R`; the `Display` is a clause, set after `info string error:` with a
/// full stop.
#[derive(Clone, Debug, PartialEq)]
pub enum LineError<R> {
    /// `position` without a position.
    NoPosition,
    /// The position text is refused.
    Position {
        /// The text given.
        fen: String,
        /// Why it is refused.
        fault: PositionError,
    },
    /// Move `number` (from 1) of the list, written `text`, cannot be played.
    Move {
        /// The move's number in the list.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        fault: ListedMoveError<R>,
    },
    /// `go KEY` without its number.
    MissingNumber(String),
    /// `go KEY WORD` where WORD is no whole number.
    NotANumber {
        /// The limit's word.
        key: String,
        /// What was written after it.
        word: String,
    },
    /// A number of `go` out of its range.
    Number(LimitError),
}

impl<R: fmt::Display> fmt::Display for LineError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NoPosition => f.write_str(
                "the position line names no position; give startpos or fen and a position",
            ),
            LineError::Position { fen, fault } => write!(
                f,
                "in the position {}: {}",
                quoted(fen),
                clause(&fault.to_string())
            ),
            LineError::Move {
                number,
                text,
                fault,
            } => match fault {
                ListedMoveError::Refused(why) => write!(
                    f,
                    "at move {number} of the list: {}",
                    clause(&why.to_string())
                ),
                over => f.write_str(&over.describe(*number, text)),
            },
            LineError::MissingNumber(key) => write!(f, "go {key} needs a whole number after it."),
            LineError::NotANumber { key, word } => {
                write!(f, "go {key} takes a whole number, not {}", quoted(word))
            }
            LineError::Number(fault) => write!(f, "{fault}"),
        }
    }
}

impl<R: fmt::Debug + fmt::Display> std::error::Error for LineError<R> {}

impl<R> From<LimitError> for LineError<R> {
    fn from(fault: LimitError) -> Self {
        LineError::Number(fault)
    }
}

/// Reads the words after `position`: `startpos` (the game `start` makes),
/// `fen` and a position text or the text alone (read by `from_text`),
/// then perhaps `moves` and the moves, each checked and played (so they
/// count for repetition and the draw rules).
pub fn read_position<G: Game>(
    words: &[&str],
    start: impl FnOnce() -> G,
    from_text: impl FnOnce(&str) -> Result<G, PositionError>,
) -> Result<G, LineError<G::Refusal>> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut game = match setup {
        [] => return Err(LineError::NoPosition),
        ["startpos"] => start(),
        ["fen", rest @ ..] | rest => {
            let fen = rest.join(" ");
            from_text(&fen).map_err(|fault| LineError::Position { fen, fault })?
        }
    };
    for (i, text) in moves.iter().enumerate() {
        let mv = game
            .read_listed_move(text)
            .map_err(|fault| LineError::Move {
                number: i + 1,
                text: text.to_string(),
                fault,
            })?;
        game.make_move(mv);
    }
    Ok(game)
}
