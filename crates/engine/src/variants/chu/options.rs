//! The rule options Chu Chess offers at setup, and the same choices read
//! once into a typed value.

use super::promotion::PromotionMode;
use crate::core::OptionSpec;
use crate::core::options::{ON_OFF, Options, REPETITION};

/// The promotion mode: Chess-like or Shogi-like.
pub const PROMOTION: OptionSpec = OptionSpec {
    key: "promotion",
    label: "Promotion",
    choices: &["chess", "shogi"],
};

/// The move-count rule: a hundred half-moves without a capture or a Pawn move.
pub const FIFTY_MOVES: OptionSpec = OptionSpec {
    key: "fifty_moves",
    label: "100 half-moves rule",
    choices: ON_OFF,
};

/// The draw when only the two Kings are left.
pub const BARE_KINGS: OptionSpec = OptionSpec {
    key: "bare_kings",
    label: "Bare Kings draw",
    choices: ON_OFF,
};

/// The options Chu Chess offers at setup, as the setup form and `--option`
/// list them.
pub const OPTIONS: &[OptionSpec] = &[PROMOTION, FIFTY_MOVES, REPETITION, BARE_KINGS];

/// The options a game of Chu Chess is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChuOptions {
    /// How pieces promote.
    pub promotion: PromotionMode,
    /// Whether a hundred half-moves without a capture or a Pawn move draw.
    pub fifty_moves: bool,
    /// Whether threefold repetition draws.
    pub repetition: bool,
    /// Whether bare Kings draw.
    pub bare_kings: bool,
}

impl ChuOptions {
    /// The typed options from the chosen values (defaults where unset).
    pub fn read(options: &Options) -> ChuOptions {
        ChuOptions {
            promotion: PromotionMode::from_value(options.value(&PROMOTION)),
            fifty_moves: options.is_on(&FIFTY_MOVES),
            repetition: options.is_on(&REPETITION),
            bare_kings: options.is_on(&BARE_KINGS),
        }
    }
}
