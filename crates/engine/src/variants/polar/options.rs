//! The rule options Polar chess offers at setup, and the same choices read
//! once into a typed value.

use super::Formation;
use crate::core::OptionSpec;
use crate::core::options::{FIFTY_MOVES, Options, REPETITION};

/// The starting formation.
pub const FORMATION: OptionSpec = OptionSpec {
    key: "formation",
    label: "Starting position",
    choices: &["option1", "option2", "rooks_and_pawns", "original_2004"],
};

/// The options Polar chess offers at setup, as the setup form and
/// `--option` list them: the formation, then the draw rules as chess has
/// them.
pub const OPTIONS: &[OptionSpec] = &[FORMATION, FIFTY_MOVES, REPETITION];

/// The options a game of Polar chess is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolarOptions {
    /// The formation the game starts from.
    pub formation: Formation,
    /// Whether the fifty-move rule ends the game.
    pub fifty_moves: bool,
    /// Whether threefold repetition ends the game.
    pub repetition: bool,
}

impl PolarOptions {
    /// The typed options from the chosen values (defaults where unset).
    pub fn read(options: &Options) -> PolarOptions {
        PolarOptions {
            formation: Formation::from_key(options.value(&FORMATION)).unwrap_or_default(),
            fifty_moves: options.is_on(&FIFTY_MOVES),
            repetition: options.is_on(&REPETITION),
        }
    }
}
