//! The Polar chess evaluation: material, the pieces' reach from where they
//! stand (how many cells their lines and leaps cover on the empty sphere),
//! and pawn progress towards the enemy pole, most of all one step from
//! promotion.
//!
//! Every term is a piece's worth by where it stands, so the whole
//! evaluation is a [`SquareTable`] whose sums the board keeps as pieces
//! move; [`Polar::score_from_scratch`] walks the pieces instead, and
//! the two must always agree.

use super::Polar;
use super::tables::PolarBoard;
use crate::ai::Evaluate;
use crate::core::{Cell, Leap, LineKind, Piece, PieceKind, Seat, SquareTable};
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
fn reach_table(tables: &PolarBoard) -> &'static [[i32; 3]] {
    static TABLE: OnceLock<Vec<[i32; 3]>> = OnceLock::new();
    let geo = tables.geometry();
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

/// The placement bonus of `seat`'s piece of `kind` on `cell`.
fn placement(tables: &PolarBoard, seat: Seat, kind: PieceKind, cell: Cell) -> i32 {
    let r = reach_table(tables)[cell.index()];
    match kind {
        PieceKind::Pawn => PAWN_PROGRESS[tables.rank_from_home(seat, cell).min(5) as usize],
        PieceKind::Knight => REACH_WEIGHT * 2 * (r[0] - 7),
        PieceKind::Bishop => REACH_WEIGHT * (r[1] - 20),
        PieceKind::Queen => (r[1] - 20 + r[2] - 22) / 2,
        _ => 0,
    }
}

/// What a piece is worth where it stands: its value and placement bonus
/// (a King: nothing).
fn worth(tables: &PolarBoard, piece: Piece, cell: Cell) -> i32 {
    kind_index(piece.kind()).map_or(0, |i| {
        VALUES[i] + placement(tables, piece.seat(), piece.kind(), cell)
    })
}

/// The table of [`worth`] on every cell, whose sums the board keeps.
pub fn square_table(tables: &'static PolarBoard) -> &'static SquareTable {
    static TABLE: OnceLock<SquareTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        SquareTable::new(tables.geometry().cell_count(), |piece, cell| {
            worth(tables, piece, cell)
        })
    })
}

impl Polar {
    /// The evaluation for `seat` walking the pieces (what the incremental
    /// one must always equal).
    pub fn score_from_scratch(&self, seat: Seat) -> i32 {
        let mut score = 0;
        for (cell, piece) in self.board.pieces(72) {
            let value = worth(self.tables, piece, cell);
            score += if piece.seat() == seat { value } else { -value };
        }
        score
    }
}

impl Evaluate for Polar {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        let sums = self
            .board
            .square_sum(seat)
            .zip(self.board.square_sum(seat.opponent()));
        let Some((ours, theirs)) = sums else {
            return self.score_from_scratch(seat);
        };
        debug_assert_eq!(ours - theirs, self.score_from_scratch(seat));
        ours - theirs
    }

    fn evaluate_from_scratch(&self, seat: Seat) -> Option<i32> {
        Some(self.score_from_scratch(seat))
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
