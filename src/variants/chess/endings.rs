//! How a game of chess ends: checkmate wins; stalemate, the fifty-move
//! rule and threefold repetition (each rule may be turned off) and
//! insufficient material draw.

use super::Chess;
use super::options::ChessOptions;
use crate::core::{EndRules, PieceKind};

/// The end rules of a game with `options`.
pub const fn end_rules(options: ChessOptions) -> EndRules {
    EndRules::orthodox(options.fifty_moves, options.repetition)
}

/// Whether neither side has the material to mate: bare Kings, a single
/// minor piece, or Bishops that all stand on one colour.
pub fn insufficient_material(game: &Chess) -> bool {
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colours = [false; 2];
    for (cell, piece) in game.board.pieces(64) {
        match piece.kind() {
            PieceKind::King => {}
            PieceKind::Knight => {
                minors += 1;
                knights += 1;
            }
            PieceKind::Bishop => {
                minors += 1;
                bishop_colours[game.geo.is_light(cell) as usize] = true;
            }
            _ => return false,
        }
    }
    minors <= 1 || (knights == 0 && !(bishop_colours[0] && bishop_colours[1]))
}
