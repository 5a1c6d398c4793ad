//! The Polar chess evaluation: material, the pieces' reach from where they
//! stand (how many cells their lines and leaps cover on the empty sphere),
//! and pawn progress towards the enemy pole, most of all one step from
//! promotion.

use super::Polar;
use crate::ai::Evaluate;
use crate::core::{Cell, Leap, LineKind, PieceKind, Seat};
use std::sync::OnceLock;

/// Pawn, Knight, Bishop, Rook, Queen, in centipawns.
const VALUES: [i32; 5] = [100, 300, 320, 500, 920];

/// A pawn's worth by its rank from home (0 its own central cells, 4 the
/// enemy ring, next to promotion).
const PAWN_PROGRESS: [i32; 6] = [0, 0, 10, 25, 60, 0];

/// Centipawns per cell of reach beyond the average.
const REACH_WEIGHT: i32 = 3;

fn kind_index(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::Pawn => Some(0),
        PieceKind::Knight => Some(1),
        PieceKind::Bishop => Some(2),
        PieceKind::Rook => Some(3),
        PieceKind::Queen => Some(4),
        _ => None,
    }
}

/// Per cell, how many cells a knight, bishop and rook there reach on the
/// empty board; built once.
fn reach_table(game: &Polar) -> &'static [[i32; 3]] {
    static TABLE: OnceLock<Vec<[i32; 3]>> = OnceLock::new();
    let geo = game.tables().geometry();
    TABLE.get_or_init(|| {
        geo.cells()
            .map(|c| {
                let line = |kind| geo.rays(c, kind).map(|r| r.len() as i32).sum::<i32>();
                [
                    geo.leaps(c, Leap::Knight).len() as i32,
                    line(LineKind::Diagonal),
                    line(LineKind::Orthogonal),
                ]
            })
            .collect()
    })
}

impl Polar {
    /// The placement bonus of `seat`'s piece of `kind` on `cell`.
    fn placement(&self, seat: Seat, kind: PieceKind, cell: Cell, reach: &[[i32; 3]]) -> i32 {
        let r = reach[cell.index()];
        match kind {
            PieceKind::Pawn => {
                PAWN_PROGRESS[self.tables.rank_from_home(seat, cell).min(5) as usize]
            }
            PieceKind::Knight => REACH_WEIGHT * 2 * (r[0] - 7),
            PieceKind::Bishop => REACH_WEIGHT * (r[1] - 20),
            PieceKind::Queen => (r[1] - 20 + r[2] - 22) / 2,
            _ => 0,
        }
    }
}

impl Evaluate for Polar {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        let reach = reach_table(self);
        let mut score = 0;
        for (cell, piece) in self.board.pieces(72) {
            let Some(i) = kind_index(piece.kind()) else {
                continue;
            };
            let value = VALUES[i] + self.placement(piece.seat(), piece.kind(), cell, reach);
            score += if piece.seat() == seat { value } else { -value };
        }
        score
    }

    fn piece_value(&self, kind: PieceKind) -> i32 {
        kind_index(kind).map_or(0, |i| VALUES[i])
    }

    fn null_move_safe(&self) -> bool {
        let b = &self.board;
        let s = self.side;
        b.total(s) > b.count(s, PieceKind::King) as u32 + b.count(s, PieceKind::Pawn) as u32
    }
}
