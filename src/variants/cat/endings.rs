//! How a game of Cat Chess ends: checkmate wins, and every draw — stalemate,
//! a hundred turns, threefold repetition, too little material — is a win
//! for the Cats. When several hold at once the first in that order is given.

use super::{CATS, CatChess};
use crate::core::repetition::earlier_occurrences;
use crate::core::{EndReason, Game, MoveList, Outcome, PieceKind, Seat};

/// Turns without a capture or a pawn move, the Cats' counted, that end the game.
pub const HUNDRED_TURNS: u16 = 100;

/// A win for the Cats, for `reason`.
fn cats_win(reason: EndReason) -> Outcome {
    Outcome {
        winner: Some(CATS),
        reason,
    }
}

impl CatChess {
    /// The result, once the game is over: mate or stalemate of the side to
    /// move first, then the rules that need no move generation.
    pub(crate) fn ending(&self) -> Option<Outcome> {
        if self.side != CATS {
            let mut moves = MoveList::new();
            self.generate(&mut moves);
            if moves.is_empty() {
                return Some(if self.in_check() {
                    Outcome {
                        winner: Some(self.side.opponent()),
                        reason: EndReason::Checkmate,
                    }
                } else {
                    cats_win(EndReason::Stalemate)
                });
            }
        }
        self.rule_ending()
    }

    /// A hundred turns, then repetition, then material.
    pub(crate) fn rule_ending(&self) -> Option<Outcome> {
        if self.halfmove >= HUNDRED_TURNS {
            return Some(cats_win(EndReason::HundredTurns));
        }
        if self.earlier_occurrences() >= 2 {
            return Some(cats_win(EndReason::Repetition));
        }
        if self.bare_material() {
            return Some(cats_win(EndReason::Material));
        }
        None
    }

    /// How many times the current placement, with the same side to move,
    /// came up before in this game (the start included). Only positions
    /// since the last capture or pawn move can match, and only every third
    /// turn has the same side to move.
    pub(crate) fn earlier_occurrences(&self) -> usize {
        earlier_occurrences(&self.history, self.halfmove as usize, 3, |u| {
            u.repetition_key == self.repetition_key
        })
    }

    /// Whether only the two Kings are left, or a King and a single Bishop
    /// or Knight against a lone King (the Cats do not count).
    pub fn bare_material(&self) -> bool {
        let board = &self.board;
        let mut others = 0;
        let mut minors = 0;
        for seat in [Seat::WHITE, Seat::BLACK] {
            others += board.total(seat) - board.count(seat, PieceKind::King) as u32;
            minors += board.count(seat, PieceKind::Bishop) as u32
                + board.count(seat, PieceKind::Knight) as u32;
        }
        others == 0 || (others == 1 && minors == 1)
    }
}
