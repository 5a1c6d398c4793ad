//! How a game of Cat Chess ends: checkmate wins, and every draw — stalemate,
//! a hundred turns, threefold repetition, too little material — is a win
//! for the Cats. When several hold at once the first in that order is given.

use super::{CATS, CatChess};
use crate::core::endings::THREEFOLD;
use crate::core::{EndReason, EndRules, Leaving, MoveCountRule, PieceKind, Seat};

/// Turns without a capture or a pawn move, the Cats' counted, that end the game.
pub const HUNDRED_TURNS: MoveCountRule = MoveCountRule {
    plies: 100,
    reason: EndReason::HundredTurns,
};

/// The end rules of Cat Chess: the seed's, with no option to change them.
pub const END_RULES: EndRules = EndRules {
    no_legal_move: true,
    move_count: Some(HUNDRED_TURNS),
    repetition: Some(THREEFOLD),
    draw_goes_to: Some(CATS),
    leaving: Leaving::TwoArmies,
};

/// The material ending: only the two Kings are left, or a King and a
/// single Bishop or Knight against a lone King (the Cats do not count).
pub fn insufficient_material(game: &CatChess) -> bool {
    let board = &game.board;
    let mut others = 0;
    let mut minors = 0;
    for seat in [Seat::WHITE, Seat::BLACK] {
        others += board.total(seat) - board.count(seat, PieceKind::King) as u32;
        minors += board.count(seat, PieceKind::Bishop) as u32
            + board.count(seat, PieceKind::Knight) as u32;
    }
    others == 0 || (others == 1 && minors == 1)
}
