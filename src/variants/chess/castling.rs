//! Castling rights and castling moves.

use super::Chess;
use crate::core::{Cell, Move, PieceKind, Seat};

/// Which way a King castles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastleSide {
    /// Towards the h-file (O-O).
    King,
    /// Towards the a-file (O-O-O).
    Queen,
}

/// The four castling rights as bits: White king-side, White queen-side,
/// Black king-side, Black queen-side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    /// Every right.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The bit of `seat` castling to `side`.
    pub const fn bit(seat: Seat, side: CastleSide) -> u8 {
        let base = if seat.0 == 0 { 1 } else { 4 };
        match side {
            CastleSide::King => base,
            CastleSide::Queen => base << 1,
        }
    }

    /// Whether `seat` may still castle to `side`.
    pub const fn has(self, seat: Seat, side: CastleSide) -> bool {
        self.0 & CastlingRights::bit(seat, side) != 0
    }

    /// The rights left after a move touches `cell` (from or to): moving the
    /// King or a Rook, or capturing a Rook on its corner, gives rights up.
    pub const fn after_touching(self, cell: Cell) -> CastlingRights {
        let lost = match cell.0 {
            4 => 1 | 2,
            7 => 1,
            0 => 2,
            60 => 4 | 8,
            63 => 4,
            56 => 8,
            _ => 0,
        };
        CastlingRights(self.0 & !lost)
    }

    /// The rights as the FEN field writes them (`KQkq`, `-`).
    pub fn fen(self) -> String {
        let s: String = [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')]
            .iter()
            .filter(|(b, _)| self.0 & b != 0)
            .map(|(_, c)| *c)
            .collect();
        if s.is_empty() { "-".to_string() } else { s }
    }
}

/// The cells of one castling: the King's start and end, the Rook's start,
/// the cells that must be empty and the cells the King crosses or lands on.
pub(crate) struct CastleCells {
    pub king_from: u8,
    pub king_to: u8,
    pub rook_from: u8,
    pub empty: &'static [u8],
    pub king_path: &'static [u8],
}

/// The cells involved when `seat` castles to `side`.
pub(crate) const fn castle_cells(seat: Seat, side: CastleSide) -> CastleCells {
    let white = seat.0 == 0;
    match (white, side) {
        (true, CastleSide::King) => CastleCells {
            king_from: 4,
            king_to: 6,
            rook_from: 7,
            empty: &[5, 6],
            king_path: &[5, 6],
        },
        (true, CastleSide::Queen) => CastleCells {
            king_from: 4,
            king_to: 2,
            rook_from: 0,
            empty: &[1, 2, 3],
            king_path: &[3, 2],
        },
        (false, CastleSide::King) => CastleCells {
            king_from: 60,
            king_to: 62,
            rook_from: 63,
            empty: &[61, 62],
            king_path: &[61, 62],
        },
        (false, CastleSide::Queen) => CastleCells {
            king_from: 60,
            king_to: 58,
            rook_from: 56,
            empty: &[57, 58, 59],
            king_path: &[59, 58],
        },
    }
}

impl Chess {
    /// The castling move of `us` to `side`, if it is legal now (the caller
    /// has checked that `us` is not in check).
    pub(crate) fn castle_move(&self, us: Seat, side: CastleSide) -> Option<Move> {
        if !self.castling.has(us, side) {
            return None;
        }
        let cc = castle_cells(us, side);
        let (king, rook) = (Cell(cc.king_from), Cell(cc.rook_from));
        if !self.board.get(king)?.is(us, PieceKind::King)
            || !self.board.get(rook)?.is(us, PieceKind::Rook)
        {
            return None;
        }
        if cc.empty.iter().any(|&c| !self.board.is_empty(Cell(c))) {
            return None;
        }
        let them = us.opponent();
        if cc
            .king_path
            .iter()
            .any(|&c| self.attacked(Cell(c), them, None))
        {
            return None;
        }
        Some(Move::castle(king, Cell(cc.king_to), rook))
    }
}
