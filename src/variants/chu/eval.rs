//! The Chu Chess evaluation for the computer players: material at the
//! seat's values (Lion 15, Queen 9.5, Crowned Rook 7, Crowned Bishop 5.25,
//! Rook 5, Bishop 3.5, Knight and Commoner 3, Pawn 1, the Bishop pair
//! +0.5), centralisation of the short-range pieces, Pawn advance, and a
//! King that keeps to its back ranks while the board is full.

use super::Chu;
use crate::ai::Evaluate;
use crate::core::{PieceKind, Seat};

/// What a piece of `kind` is worth in centipawns.
pub const fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Lion => 1500,
        PieceKind::Queen => 950,
        PieceKind::CrownedRook => 700,
        PieceKind::CrownedBishop => 525,
        PieceKind::Rook => 500,
        PieceKind::Bishop => 350,
        PieceKind::Knight | PieceKind::Commoner => 300,
        PieceKind::Pawn => 100,
        _ => 0,
    }
}

/// The bonus for holding both Bishops (plain or crowned, on both colours).
const BISHOP_PAIR: i32 = 50;

/// Steps from the four centre cells of the 10 × 10 board: 0 in the centre
/// to 8 in a corner.
fn centre_distance(file: i32, rank: i32) -> i32 {
    (2 * file - 9).abs() / 2 + (2 * rank - 9).abs() / 2
}

impl Chu {
    /// The position's score for White, in centipawns.
    pub fn evaluate_white(&self) -> i32 {
        let geo = &self.t.geo;
        let mut score = [0i32; 2];
        let mut bishop_colours = [[false; 2]; 2];
        let mut heavy = 0;
        for (cell, piece) in self.board.pieces(geo.cell_count()) {
            let s = piece.seat().index() & 1;
            let kind = piece.kind();
            let (file, rank) = (geo.file(cell) as i32, geo.rank(cell) as i32);
            let own_rank = if s == 0 { rank } else { 9 - rank };
            let centre = 8 - centre_distance(file, rank);
            score[s] += value(kind);
            score[s] += match kind {
                PieceKind::Lion => 6 * centre,
                PieceKind::Knight | PieceKind::Commoner => 4 * centre,
                PieceKind::Pawn => 4 * (own_rank - 2).max(0) + centre,
                PieceKind::King => -8 * own_rank,
                _ => centre,
            };
            if matches!(kind, PieceKind::Bishop | PieceKind::CrownedBishop) {
                bishop_colours[s][geo.is_light(cell) as usize] = true;
            }
            if value(kind) >= 500 {
                heavy += 1;
            }
        }
        for s in 0..2 {
            if bishop_colours[s][0] && bishop_colours[s][1] {
                score[s] += BISHOP_PAIR;
            }
        }
        // With few heavy pieces left the King may come forward.
        if heavy <= 2 {
            for seat in [Seat::WHITE, Seat::BLACK] {
                if let Some(k) = self.board.king(seat) {
                    let rank = geo.rank(k) as i32;
                    let own_rank = if seat == Seat::WHITE { rank } else { 9 - rank };
                    let centre = 8 - centre_distance(geo.file(k) as i32, rank);
                    score[seat.index()] += 8 * own_rank + 6 * centre;
                }
            }
        }
        score[0] - score[1]
    }
}

impl Evaluate for Chu {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        let white = self.evaluate_white();
        if seat == Seat::WHITE { white } else { -white }
    }

    fn piece_value(&self, kind: PieceKind) -> i32 {
        value(kind)
    }

    fn null_move_safe(&self) -> bool {
        let us = self.side;
        [
            PieceKind::Lion,
            PieceKind::Queen,
            PieceKind::CrownedRook,
            PieceKind::Rook,
        ]
        .iter()
        .any(|&k| self.board.count(us, k) > 0)
    }
}
