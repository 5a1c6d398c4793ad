//! How a game of Polar chess ends: checkmate wins; stalemate, the
//! fifty-move rule, threefold repetition (each rule may be turned off) and
//! bare kings draw.

use super::Polar;
use crate::core::repetition::earlier_occurrences;
use crate::core::{EndReason, Game, MoveList, Outcome, Seat};

/// Half-moves without a capture or a pawn move that draw the game.
pub const FIFTY_MOVES: u16 = 100;

impl Polar {
    /// The result, once the game is over: mate or stalemate of the side to
    /// move first, then the rules that need no move generation.
    pub(crate) fn ending(&self) -> Option<Outcome> {
        let mut moves = MoveList::new();
        self.generate(&mut moves, false);
        if moves.is_empty() {
            return Some(if self.in_check() {
                Outcome {
                    winner: Some(self.side.opponent()),
                    reason: EndReason::Checkmate,
                }
            } else {
                draw(EndReason::Stalemate)
            });
        }
        self.rule_ending()
    }

    /// The fifty-move rule, then repetition, then bare kings.
    pub(crate) fn rule_ending(&self) -> Option<Outcome> {
        if self.fifty_moves && self.halfmove >= FIFTY_MOVES {
            return Some(draw(EndReason::FiftyMoves));
        }
        if self.repetition && self.earlier_occurrences() >= 2 {
            return Some(draw(EndReason::Repetition));
        }
        if self.bare_kings() {
            return Some(draw(EndReason::Material));
        }
        None
    }

    /// How many times the current position (placement, side to move,
    /// double-step rights and a possible en-passant capture) came up before,
    /// since the last capture or pawn move.
    pub(crate) fn earlier_occurrences(&self) -> usize {
        earlier_occurrences(&self.history, self.halfmove as usize, 2, |u| {
            u.hash == self.hash
        })
    }

    /// Whether only the two kings are left.
    pub fn bare_kings(&self) -> bool {
        self.board.kings_only(&[Seat::WHITE, Seat::BLACK])
    }
}

/// A draw, for `reason`.
fn draw(reason: EndReason) -> Outcome {
    Outcome {
        winner: None,
        reason,
    }
}
