//! Chu Chess's side of moves at a glance ([`crate::core::glance`]): its
//! ten pieces, each shown from e4 (a Pawn from e2, so its double step
//! shows), with the two Kings the rules need.

use super::Chu;
use super::pieces::{KINDS, piece_text};
use crate::core::glance::{Company, Showcase, grid_placement, orthodox_company};
use crate::core::{Cell, Game, Options, Piece, PieceKind, Seat};

impl Showcase for Chu {
    fn showcase_kinds(&self) -> Vec<PieceKind> {
        KINDS.to_vec()
    }

    fn showcase_spot(&self, kind: PieceKind) -> (Seat, Cell) {
        let name = if kind == PieceKind::Pawn { "e2" } else { "e4" };
        (Seat::WHITE, self.geometry().cell(name).unwrap_or_default())
    }

    fn showcase_company(&self, shown: Piece) -> Company {
        orthodox_company(shown)
    }

    fn arranged(&self, pieces: &[(Cell, Piece)], to_move: Seat) -> Option<Chu> {
        let placement = grid_placement(self.geometry(), pieces, piece_text);
        let side = if to_move == Seat::WHITE { "w" } else { "b" };
        Chu::from_fen(&format!("{placement} {side} - - 0 1"), &Options::new()).ok()
    }
}
