//! Cat Chess's side of moves at a glance ([`crate::core::glance`]): the
//! chess pieces shown from d4 (a Pawn from e2) and a Cat from d4 with its
//! zone, with the Kings and the other Cats the rules need.

use super::{CATS, CatChess};
use crate::core::glance::{Company, Showcase, grid_placement, orthodox_company};
use crate::core::orthodox::{KINDS, letter_of_piece};
use crate::core::{Cell, Game, Piece, PieceKind, Seat};

impl Showcase for CatChess {
    /// Chess's six and the Cat.
    fn showcase_kinds(&self) -> Vec<PieceKind> {
        let mut kinds = KINDS.to_vec();
        kinds.push(PieceKind::Cat);
        kinds
    }

    fn showcase_spot(&self, kind: PieceKind) -> (Seat, Cell) {
        let (seat, name) = match kind {
            PieceKind::Pawn => (Seat::WHITE, "e2"),
            PieceKind::Cat => (CATS, "d4"),
            _ => (Seat::WHITE, "d4"),
        };
        (seat, self.geometry().cell(name).unwrap_or_default())
    }

    fn showcase_company(&self, shown: Piece) -> Company {
        let cat = Piece::new(CATS, PieceKind::Cat);
        if shown.kind() == PieceKind::Cat {
            // The Cats' turn: the other Cat and both Kings; a White
            // Knight stands in for the target (a Cat never takes) and
            // for a piece in its way.
            let knight = Piece::new(Seat::WHITE, PieceKind::Knight);
            Company {
                fixtures: vec![
                    Piece::new(Seat::WHITE, PieceKind::King),
                    Piece::new(Seat::BLACK, PieceKind::King),
                    cat,
                ],
                target: knight,
                blocker: knight,
            }
        } else {
            let mut company = orthodox_company(shown);
            company.fixtures.extend([cat, cat]);
            company
        }
    }

    fn arranged(&self, pieces: &[(Cell, Piece)], to_move: Seat) -> Option<CatChess> {
        let placement = grid_placement(self.geometry(), pieces, |p| letter_of_piece(p).to_string());
        let side = match to_move.0 {
            0 => "w",
            1 => "b",
            _ => "c",
        };
        CatChess::from_fen(&format!("{placement} {side} - - 0 1")).ok()
    }
}
