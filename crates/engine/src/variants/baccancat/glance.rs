//! BacCanCat's side of moves at a glance ([`crate::core::glance`]): Red's
//! pieces of the game's leaper sub-variant, each shown from the middle of
//! the board, a Pawn and a Yeoman just outside Red's camp so that the way
//! the camp sends them shows; with Red's and Green's Kings (Orange and Blue
//! out of play), a Green piece to take and a Red one in the way.

use super::BacCanCat;
use super::armies::army_letter;
use super::pieces::letter;
use crate::core::glance::{Company, Showcase, grid_placement};
use crate::core::{Cell, Game, Piece, PieceKind, Seat};

/// The army whose pieces are shown (Red), and the one they take (Green).
const SHOWN: Seat = Seat(0);
const OTHER: Seat = Seat(2);

impl Showcase for BacCanCat {
    /// The King, the pieces a promotion may choose, the Pawn and the
    /// Yeoman.
    fn showcase_kinds(&self) -> Vec<PieceKind> {
        let mut kinds = vec![PieceKind::King];
        kinds.extend(self.position().leapers().promotion_order());
        kinds.extend([PieceKind::Pawn, PieceKind::Yeoman]);
        kinds
    }

    fn showcase_spot(&self, kind: PieceKind) -> (Seat, Cell) {
        let name = match kind {
            // Below Red's long diagonal, just right of its camp.
            PieceKind::Pawn => "ge",
            // On the long diagonal, just beyond the camp's corner.
            PieceKind::Yeoman => "gg",
            _ => "hh",
        };
        (SHOWN, self.geometry().cell(name).unwrap_or_default())
    }

    fn showcase_company(&self, shown: Piece) -> Company {
        let [n, _, _] = self.position().leapers().kinds();
        let mut fixtures = Vec::new();
        if shown.kind() != PieceKind::King {
            fixtures.push(Piece::new(shown.seat(), PieceKind::King));
        }
        fixtures.push(Piece::new(OTHER, PieceKind::King));
        Company {
            fixtures,
            target: Piece::new(OTHER, n),
            blocker: Piece::new(shown.seat(), n),
        }
    }

    fn arranged(&self, pieces: &[(Cell, Piece)], to_move: Seat) -> Option<BacCanCat> {
        let placement = grid_placement(self.geometry(), pieces, |p| {
            format!("{}{}", army_letter(p.seat()), letter(p.kind()))
        });
        // Orange and Blue are out, mated by Red.
        let text = format!(
            "{placement} {} or,br - - - 0 {}",
            army_letter(to_move),
            self.position().leapers().number()
        );
        BacCanCat::from_text(&text).ok()
    }
}
