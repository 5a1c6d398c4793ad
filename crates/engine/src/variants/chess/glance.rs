//! Chess's side of moves at a glance ([`crate::core::glance`]): its six
//! pieces, each shown from d4 (a Pawn from e2, so its double step shows),
//! with the two Kings the rules need.

use super::Chess;
use crate::core::glance::{Company, Showcase, grid_placement, orthodox_company};
use crate::core::orthodox::{KINDS, letter_of_piece};
use crate::core::{Cell, Game, Options, Piece, PieceKind, Seat};

impl Showcase for Chess {
    fn showcase_kinds(&self) -> Vec<PieceKind> {
        KINDS.to_vec()
    }

    fn showcase_spot(&self, kind: PieceKind) -> (Seat, Cell) {
        let name = if kind == PieceKind::Pawn { "e2" } else { "d4" };
        (Seat::WHITE, self.geometry().cell(name).unwrap_or_default())
    }

    fn showcase_company(&self, shown: Piece) -> Company {
        orthodox_company(shown)
    }

    fn arranged(&self, pieces: &[(Cell, Piece)], to_move: Seat) -> Option<Chess> {
        let placement = grid_placement(self.geometry(), pieces, |p| letter_of_piece(p).to_string());
        let side = if to_move == Seat::WHITE { "w" } else { "b" };
        Chess::from_fen(&format!("{placement} {side} - - 0 1"), &Options::new()).ok()
    }
}
