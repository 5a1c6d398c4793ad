//! How a Chu Chess move changes the board, and how to take it back: plain
//! moves and promotions, castling, en passant, and the Lion's two legs (a
//! first-leg victim on `aux`; `to == from` for igui; `aux == from` for the
//! pass).

use super::castling::rook_landing;
use super::tables::ChuTables;
use crate::core::{Board, Move, MoveKind, Piece, PieceKind};

/// The pieces a move took: on its destination, and on its `aux` cell (a
/// Lion's first-leg victim or the Pawn taken en passant).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Taken {
    /// The piece taken on the destination.
    pub at_to: Option<Piece>,
    /// The piece taken on the transit or en-passant cell.
    pub at_aux: Option<Piece>,
}

impl Taken {
    /// Whether the move took anything.
    pub fn any(self) -> bool {
        self.at_to.is_some() || self.at_aux.is_some()
    }

    /// Whether the move took a Lion.
    pub fn lion(self) -> bool {
        [self.at_to, self.at_aux]
            .iter()
            .any(|p| p.is_some_and(|p| p.kind() == PieceKind::Lion))
    }
}

/// Whether `mv` is the Lion's pass (the turn given up in place).
#[inline(always)]
pub fn is_lion_pass(mv: Move) -> bool {
    mv.kind == MoveKind::TwoLeg && mv.aux == mv.from && mv.to == mv.from
}

/// Plays `mv` on `board`, returning what it took.
#[inline]
pub fn play(t: &ChuTables, board: &mut Board, mv: Move) -> Taken {
    let mut taken = Taken::default();
    match mv.kind {
        MoveKind::Castle => {
            board.shift(mv.aux, rook_landing(t, mv.from, mv.to));
            board.shift(mv.from, mv.to);
        }
        MoveKind::EnPassant => {
            taken.at_aux = board.take(mv.aux);
            board.shift(mv.from, mv.to);
        }
        MoveKind::TwoLeg if mv.aux == mv.from => {}
        MoveKind::TwoLeg => {
            taken.at_aux = board.take(mv.aux);
            if mv.to != mv.from {
                taken.at_to = board.take(mv.to);
                board.shift(mv.from, mv.to);
            }
        }
        _ => {
            taken.at_to = board.take(mv.to);
            if let Some(piece) = board.take(mv.from) {
                let arriving = match mv.promotion {
                    Some(kind) => Piece::new(piece.seat(), kind),
                    None => piece,
                };
                board.put(mv.to, arriving);
            }
        }
    }
    taken
}

/// Undoes [`play`]: `mover` is the piece that moved, as it was before the
/// move; `taken` is what [`play`] returned.
#[inline]
pub fn take_back(t: &ChuTables, board: &mut Board, mv: Move, mover: Piece, taken: Taken) {
    match mv.kind {
        MoveKind::Castle => {
            board.shift(mv.to, mv.from);
            board.shift(rook_landing(t, mv.from, mv.to), mv.aux);
        }
        MoveKind::TwoLeg if mv.aux == mv.from => {}
        _ => {
            if mv.to != mv.from {
                board.take(mv.to);
                board.put(mv.from, mover);
                if let Some(p) = taken.at_to {
                    board.put(mv.to, p);
                }
            }
            if let Some(p) = taken.at_aux {
                board.put(mv.aux, p);
            }
        }
    }
}
