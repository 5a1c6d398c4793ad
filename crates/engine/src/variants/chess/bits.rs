//! The chess position's pieces as bitboards, by kind and by seat: kept in
//! step with the board by make and unmake (the board stays the record of
//! what stands where; these are its index for move generation and the
//! evaluation).

use crate::core::bitboard::{Bits, bit};
use crate::core::{Board, Cell, Geometry, Move, MoveKind, PieceKind, Seat};

/// The cells of each orthodox kind (both seats) and of each seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceBits {
    /// Indexed by the kind's code − 1: Pawn, Knight, Bishop, Rook, Queen, King.
    kinds: [Bits; 6],
    /// White's pieces, Black's pieces.
    seats: [Bits; 2],
}

impl PieceBits {
    /// Brings the sets up to date with the cells an orthodox move `mv`
    /// changed on `board`: its origin and destination, the pawn taken en
    /// passant, the castling Rook's corner and the cell it lands on
    /// (between the King's two).
    #[inline(always)]
    pub fn refresh_move(&mut self, board: &Board, mv: Move) {
        self.refresh(board, mv.from);
        self.refresh(board, mv.to);
        match mv.kind {
            MoveKind::EnPassant => self.refresh(board, mv.aux),
            MoveKind::Castle => {
                self.refresh(board, mv.aux);
                let between = Cell(((mv.from.0 as u16 + mv.to.0 as u16) / 2) as u8);
                self.refresh(board, between);
            }
            _ => {}
        }
    }

    /// The bitboards of `board` (an 8 × 8 board).
    pub fn of(board: &Board) -> PieceBits {
        let mut bits = PieceBits::default();
        for cell in Geometry::chess8().cells() {
            bits.refresh(board, cell);
        }
        bits
    }

    /// Brings `cell`'s bit up to date with what stands there on `board`.
    #[inline(always)]
    pub fn refresh(&mut self, board: &Board, cell: Cell) {
        let b = bit(cell);
        for k in self.kinds.iter_mut() {
            *k &= !b;
        }
        self.seats[0] &= !b;
        self.seats[1] &= !b;
        if let Some(p) = board.get(cell) {
            let k = (p.kind() as usize).wrapping_sub(1);
            if let Some(set) = self.kinds.get_mut(k) {
                *set |= b;
            }
            // A piece of a third seat (a Cat) is in no seat's set.
            if let Some(set) = self.seats.get_mut(p.seat().index()) {
                *set |= b;
            }
        }
    }

    /// The cells of `kind` (both seats); empty for a kind chess does not have.
    #[inline(always)]
    pub fn kind(&self, kind: PieceKind) -> Bits {
        self.kinds
            .get((kind as usize).wrapping_sub(1))
            .copied()
            .unwrap_or(0)
    }

    /// The cells of `seat`'s pieces.
    #[inline(always)]
    pub fn seat(&self, seat: Seat) -> Bits {
        self.seats[seat.index() & 1]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> Bits {
        self.seats[0] | self.seats[1]
    }

    /// The cells of `seat`'s pieces of `kind`.
    #[inline(always)]
    pub fn of_kind(&self, seat: Seat, kind: PieceKind) -> Bits {
        self.kind(kind) & self.seat(seat)
    }

    /// The diagonal sliders (Bishops and Queens) of `seat`.
    #[inline(always)]
    pub fn diagonal_sliders(&self, seat: Seat) -> Bits {
        (self.kinds[2] | self.kinds[4]) & self.seat(seat)
    }

    /// The orthogonal sliders (Rooks and Queens) of `seat`.
    #[inline(always)]
    pub fn orthogonal_sliders(&self, seat: Seat) -> Bits {
        (self.kinds[3] | self.kinds[4]) & self.seat(seat)
    }
}
