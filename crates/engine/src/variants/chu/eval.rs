//! The Chu Chess evaluation for the computer players: material at the
//! seat's values (Lion 15, Queen 9.5, Crowned Rook 7, Crowned Bishop 5.25,
//! Rook 5, Bishop 3.5, Knight and Commoner 3, Pawn 1, the Bishop pair
//! +0.5), centralisation of the short-range pieces, Pawn advance, and a
//! King that keeps to its back ranks while the board is full.
//!
//! Each piece's value and placement are a [`SquareTable`] whose sums the
//! board keeps as pieces move; the rest is read from the piece counts and
//! bitboards. [`Chu::score_from_scratch`] walks the pieces instead, and the
//! two must always agree.

use super::Chu;
use super::tables::ChuTables;
use crate::ai::Evaluate;
use crate::core::{Cell, Geometry, Piece, PieceKind, Seat, SquareTable};
use std::sync::OnceLock;

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

/// What `piece` adds to its seat's score on `cell`: its value and its
/// placement (the King's forward-step bonus late in the game aside).
fn worth(geo: &Geometry, piece: Piece, cell: Cell) -> i32 {
    let s = piece.seat().index() & 1;
    let kind = piece.kind();
    let (file, rank) = (geo.file(cell) as i32, geo.rank(cell) as i32);
    let own_rank = if s == 0 { rank } else { 9 - rank };
    let centre = 8 - centre_distance(file, rank);
    value(kind)
        + match kind {
            PieceKind::Lion => 6 * centre,
            PieceKind::Knight | PieceKind::Commoner => 4 * centre,
            PieceKind::Pawn => 4 * (own_rank - 2).max(0) + centre,
            PieceKind::King => -8 * own_rank,
            _ => centre,
        }
}

/// The table of [`worth`] on every cell, whose sums the board keeps.
pub fn square_table(t: &'static ChuTables) -> &'static SquareTable {
    static TABLE: OnceLock<SquareTable> = OnceLock::new();
    TABLE.get_or_init(|| SquareTable::new(t.geo.cell_count(), |p, c| worth(&t.geo, p, c)))
}

/// The kinds worth a Rook or more (with few left, the King may come forward).
const HEAVY: [PieceKind; 5] = [
    PieceKind::Lion,
    PieceKind::Queen,
    PieceKind::CrownedRook,
    PieceKind::CrownedBishop,
    PieceKind::Rook,
];

impl Chu {
    /// The position's score for White, in centipawns: the pieces' worth
    /// from the sums the board keeps, then the Bishop pair and the King's
    /// late-game bonus.
    pub fn evaluate_white(&self) -> i32 {
        let board = &self.board;
        let (Some(white), Some(black)) =
            (board.square_sum(Seat::WHITE), board.square_sum(Seat::BLACK))
        else {
            return self.score_from_scratch();
        };
        let mut score = [white, black];
        let light = light_cells(&self.t.geo);
        for (s, seat) in [Seat::WHITE, Seat::BLACK].into_iter().enumerate() {
            let bishops = self.sets.of_kind(seat, PieceKind::Bishop)
                | self.sets.of_kind(seat, PieceKind::CrownedBishop);
            if bishops & light != 0 && bishops & !light != 0 {
                score[s] += BISHOP_PAIR;
            }
        }
        let heavy: u32 = [Seat::WHITE, Seat::BLACK]
            .iter()
            .flat_map(|&seat| HEAVY.iter().map(move |&k| board.count(seat, k) as u32))
            .sum();
        self.add_king_advance(&mut score, heavy);
        debug_assert_eq!(score[0] - score[1], self.score_from_scratch());
        score[0] - score[1]
    }

    /// With few heavy pieces left the King may come forward.
    fn add_king_advance(&self, score: &mut [i32; 2], heavy: u32) {
        if heavy > 2 {
            return;
        }
        let geo = &self.t.geo;
        for seat in [Seat::WHITE, Seat::BLACK] {
            if let Some(k) = self.board.king(seat) {
                let rank = geo.rank(k) as i32;
                let own_rank = if seat == Seat::WHITE { rank } else { 9 - rank };
                let centre = 8 - centre_distance(geo.file(k) as i32, rank);
                score[seat.index()] += 8 * own_rank + 6 * centre;
            }
        }
    }

    /// [`Chu::evaluate_white`] walking every piece (what the incremental
    /// evaluation must always equal).
    pub fn score_from_scratch(&self) -> i32 {
        let geo = &self.t.geo;
        let mut score = [0i32; 2];
        let mut bishop_colours = [[false; 2]; 2];
        let mut heavy = 0;
        for (cell, piece) in self.board.pieces(geo.cell_count()) {
            let s = piece.seat().index() & 1;
            let kind = piece.kind();
            score[s] += worth(geo, piece, cell);
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
        self.add_king_advance(&mut score, heavy);
        score[0] - score[1]
    }
}

/// The light cells of the board as a set.
fn light_cells(geo: &Geometry) -> u128 {
    static LIGHT: OnceLock<u128> = OnceLock::new();
    *LIGHT.get_or_init(|| {
        geo.cells()
            .filter(|&c| geo.is_light(c))
            .fold(0, |set, c| set | 1u128 << c.index())
    })
}

impl Evaluate for Chu {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        let white = self.evaluate_white();
        if seat == Seat::WHITE { white } else { -white }
    }

    fn evaluate_from_scratch(&self, seat: Seat) -> Option<i32> {
        let white = self.score_from_scratch();
        Some(if seat == Seat::WHITE { white } else { -white })
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
