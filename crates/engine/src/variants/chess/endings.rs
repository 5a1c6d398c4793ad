//! How a game of chess ends: checkmate wins; stalemate, the fifty-move
//! rule and threefold repetition (each rule may be turned off) and
//! insufficient material draw.

use super::Chess;
use super::options::ChessOptions;
use crate::core::{EndRules, PieceKind, Seat};

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

/// Whether `seat` could still mate by some series of legal moves, for a
/// flag falling against it (FIDE 6.9): not with a lone King, not with a
/// single minor piece against a lone King, nor where neither side can
/// mate at all ([`insufficient_material`]); otherwise yes, since the other
/// side's own pieces may block its King in.
pub fn can_mate(game: &Chess, seat: Seat) -> bool {
    let mut minors = 0;
    for (_, piece) in game.board.pieces(64) {
        if piece.seat() != seat {
            continue;
        }
        match piece.kind() {
            PieceKind::King => {}
            PieceKind::Knight | PieceKind::Bishop => minors += 1,
            _ => return true,
        }
    }
    let others_alone = game.board.total(seat.opponent()) <= 1;
    minors > 0 && !(minors == 1 && others_alone) && !insufficient_material(game)
}
