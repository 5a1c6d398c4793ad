//! Polar chess's side of moves at a glance ([`crate::core::glance`]): its
//! six pieces, each shown from a cell half-way between White's pole and
//! the equator (a Pawn from its starting cell, with its double step), with
//! the two Kings the rules need.

use super::Polar;
use crate::core::glance::{Company, Showcase, orthodox_company};
use crate::core::orthodox::{KINDS, letter_of_piece};
use crate::core::{Cell, Game, Options, Piece, PieceKind, Seat};

impl Showcase for Polar {
    fn showcase_kinds(&self) -> Vec<PieceKind> {
        KINDS.to_vec()
    }

    fn showcase_spot(&self, kind: PieceKind) -> (Seat, Cell) {
        let name = if kind == PieceKind::Pawn {
            "15N"
        } else {
            "14N"
        };
        (Seat::WHITE, self.geometry().cell(name).unwrap_or_default())
    }

    fn showcase_company(&self, shown: Piece) -> Company {
        orthodox_company(shown)
    }

    fn arranged(&self, pieces: &[(Cell, Piece)], to_move: Seat) -> Option<Polar> {
        let geo = self.geometry();
        let name = |c: Cell| geo.name(c).to_string();
        let listed: Vec<String> = pieces
            .iter()
            .map(|&(c, p)| format!("{}{}", letter_of_piece(p), name(c)))
            .collect();
        // Every pawn may double-step, as from its starting cell.
        let rights: Vec<String> = pieces
            .iter()
            .filter(|(_, p)| p.kind() == PieceKind::Pawn)
            .map(|&(c, _)| name(c))
            .collect();
        let rights = if rights.is_empty() {
            "-".to_string()
        } else {
            rights.join(",")
        };
        let side = if to_move == Seat::WHITE { "w" } else { "b" };
        let text = format!("{} {side} {rights} - 0 1", listed.join(","));
        Polar::from_text(&text, &Options::new()).ok()
    }
}
