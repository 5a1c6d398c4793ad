//! A two-seat position's pieces as bitboards, by kind and by seat, kept in
//! step with its [`Board`] by make and unmake (the board stays the record
//! of what stands where; these are its index for move generation): what
//! chess keeps in `u64` sets, for any board a [`BitSet`] holds.

use super::bitboard::BitSet;
use super::board::Board;
use super::cell::Cell;
use super::piece::{PieceKind, Seat};

/// How many kind codes the sets keep (codes 1 to 15: every kind of chess,
/// Chu Chess and Polar chess).
const KINDS: usize = 16;

/// The cells of each kind (both seats, by kind code) and of each of the
/// two seats. A piece of a kind coded 16 or more, or of a third seat, is
/// in no set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceSets<B: BitSet> {
    kinds: [B; KINDS],
    seats: [B; 2],
}

impl<B: BitSet> PieceSets<B> {
    /// The sets of the first `cell_count` cells of `board`.
    pub fn of(board: &Board, cell_count: usize) -> PieceSets<B> {
        let mut sets = PieceSets {
            kinds: [B::EMPTY; KINDS],
            seats: [B::EMPTY; 2],
        };
        for (cell, _) in board.pieces(cell_count) {
            sets.refresh(board, cell);
        }
        sets
    }

    /// Brings `cell`'s bit up to date with what stands there on `board`.
    #[inline(always)]
    pub fn refresh(&mut self, board: &Board, cell: Cell) {
        let b = B::bit(cell);
        for k in self.kinds.iter_mut() {
            *k &= !b;
        }
        self.seats[0] &= !b;
        self.seats[1] &= !b;
        if let Some(p) = board.get(cell) {
            if let Some(set) = self.kinds.get_mut(p.kind() as usize) {
                *set |= b;
            }
            if let Some(set) = self.seats.get_mut(p.seat().index()) {
                *set |= b;
            }
        }
    }

    /// The cells of `kind` (both seats).
    #[inline(always)]
    pub fn kind(&self, kind: PieceKind) -> B {
        self.kinds.get(kind as usize).copied().unwrap_or(B::EMPTY)
    }

    /// The cells of `seat`'s pieces.
    #[inline(always)]
    pub fn seat(&self, seat: Seat) -> B {
        self.seats[seat.index() & 1]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.seats[0] | self.seats[1]
    }

    /// The cells of `seat`'s pieces of `kind`.
    #[inline(always)]
    pub fn of_kind(&self, seat: Seat, kind: PieceKind) -> B {
        self.kind(kind) & self.seat(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Piece;

    #[test]
    fn sets_follow_the_board_cell_by_cell() {
        let mut board = Board::new();
        let rook = Piece::new(Seat::BLACK, PieceKind::Rook);
        board.put(Cell(100), rook);
        board.put(Cell(3), Piece::new(Seat::WHITE, PieceKind::Lion));
        board.put(Cell(4), Piece::new(Seat::THIRD, PieceKind::Cat));
        let mut sets = PieceSets::<u128>::of(&board, 128);
        assert_eq!(sets.of_kind(Seat::BLACK, PieceKind::Rook), 1 << 100);
        assert_eq!(sets.kind(PieceKind::Lion), 1 << 3);
        assert_eq!(sets.occupied(), (1 << 100) | (1 << 3), "no third seat");
        board.take(Cell(100));
        board.put(Cell(101), rook);
        sets.refresh(&board, Cell(100));
        sets.refresh(&board, Cell(101));
        assert_eq!(sets, PieceSets::of(&board, 128));
        assert_eq!(sets.seat(Seat::BLACK), 1 << 101);
        assert_eq!(
            sets.kind(PieceKind::Gallop),
            0,
            "codes past 15 are kept nowhere"
        );
    }
}
