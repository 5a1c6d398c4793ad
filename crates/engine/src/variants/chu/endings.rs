//! How a game of Chu Chess ends: checkmate wins; stalemate, a hundred
//! half-moves without a capture or a Pawn move, threefold repetition and
//! bare Kings draw, each of the last three where its option is on.

use super::Chu;
use super::options::ChuOptions;
use crate::core::{EndRules, Seat};

/// The end rules of a game with `options`.
pub const fn end_rules(options: ChuOptions) -> EndRules {
    EndRules::orthodox(options.fifty_moves, options.repetition)
}

/// Whether only the two Kings are left.
pub fn bare_kings_only(game: &Chu) -> bool {
    game.board.kings_only(&[Seat::WHITE, Seat::BLACK])
}

/// The material ending: bare Kings, where that option is on.
pub fn insufficient_material(game: &Chu) -> bool {
    game.options.bare_kings && bare_kings_only(game)
}
