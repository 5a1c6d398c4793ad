//! Move text for chess: UCI coordinates (`e2e4`, `e7e8q`) out, SAN for the
//! move list, and either read back.

use super::Chess;
use crate::core::Move;
use crate::core::orthodox::coordinate_text;
use crate::notation::san;

/// `mv` in coordinates, as UCI writes it.
pub fn move_text(game: &Chess, mv: Move) -> String {
    coordinate_text(game.geo, mv)
}

/// `mv` in SAN; `mv` must be legal now.
pub fn move_notation(game: &Chess, mv: Move) -> String {
    san::to_san(game, mv)
}

/// Reads a move in coordinates or SAN and checks that it is legal.
pub fn parse_move(game: &Chess, text: &str) -> Result<Move, san::SanError> {
    san::parse_coordinate_or_san(game, text)
}
