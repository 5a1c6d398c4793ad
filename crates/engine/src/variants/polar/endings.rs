//! How a game of Polar chess ends: checkmate wins; stalemate, the
//! fifty-move rule, threefold repetition (each rule may be turned off) and
//! bare kings draw.

use super::Polar;
use super::options::PolarOptions;
use crate::core::{EndRules, Seat};

/// The end rules of a game with `options`.
pub const fn end_rules(options: PolarOptions) -> EndRules {
    EndRules::orthodox(options.fifty_moves, options.repetition)
}

/// The material ending: only the two kings are left.
pub fn insufficient_material(game: &Polar) -> bool {
    game.board.kings_only(&[Seat::WHITE, Seat::BLACK])
}
