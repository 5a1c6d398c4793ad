//! The rule options chess offers at setup, and the same choices read once
//! into a typed value.

use crate::core::OptionSpec;
use crate::core::options::{FIFTY_MOVES, Options, REPETITION};

/// The options chess offers at setup, as the setup form and `--option`
/// list them.
pub const OPTIONS: &[OptionSpec] = &[FIFTY_MOVES, REPETITION];

/// The options a game of chess is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessOptions {
    /// Whether the fifty-move rule ends the game.
    pub fifty_moves: bool,
    /// Whether threefold repetition ends the game.
    pub repetition: bool,
}

impl ChessOptions {
    /// The typed options from the chosen values (defaults where unset).
    pub fn read(options: &Options) -> ChessOptions {
        ChessOptions {
            fifty_moves: options.is_on(&FIFTY_MOVES),
            repetition: options.is_on(&REPETITION),
        }
    }
}
