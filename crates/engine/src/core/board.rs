//! The mailbox board every grid and graph variant keeps its pieces on.

use super::cell::{Cell, CellSet, MAX_CELLS};
use super::piece::{Piece, PieceKind, Seat};
use super::square_table::SquareTable;
use super::zobrist::Zobrist;

/// Pieces by cell, with the King of each seat, piece counts, a placement
/// hash and, once given a [`SquareTable`], each seat's sum of it, all kept
/// up to date as pieces are put and taken.
#[derive(Clone)]
pub struct Board {
    squares: [Option<Piece>; MAX_CELLS],
    kings: [Option<Cell>; 4],
    occupied: [CellSet; 4],
    counts: [[u8; 32]; 4],
    placement_hash: u64,
    zobrist: &'static Zobrist,
    square_table: Option<&'static SquareTable>,
    square_sums: [i32; 4],
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board {
            squares: [None; MAX_CELLS],
            kings: [None; 4],
            occupied: [CellSet::EMPTY; 4],
            counts: [[0; 32]; 4],
            placement_hash: 0,
            zobrist: Zobrist::get(),
            square_table: None,
            square_sums: [0; 4],
        }
    }

    /// The piece on `cell`.
    #[inline(always)]
    pub fn get(&self, cell: Cell) -> Option<Piece> {
        self.squares[cell.index()]
    }

    /// Whether `cell` is empty.
    #[inline(always)]
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.squares[cell.index()].is_none()
    }

    /// Puts `piece` on the empty `cell`.
    #[inline(always)]
    pub fn put(&mut self, cell: Cell, piece: Piece) {
        debug_assert!(self.squares[cell.index()].is_none());
        self.squares[cell.index()] = Some(piece);
        self.placement_hash ^= self.zobrist.piece(piece, cell);
        let seat = piece.seat().index();
        self.occupied[seat].insert(cell);
        self.counts[seat][piece.code() as usize & 31] += 1;
        if let Some(table) = self.square_table {
            self.square_sums[seat] += table.value(piece, cell);
        }
        if piece.kind() == PieceKind::King {
            self.kings[seat] = Some(cell);
        }
    }

    /// Takes the piece off `cell`, if any.
    #[inline(always)]
    pub fn take(&mut self, cell: Cell) -> Option<Piece> {
        let piece = self.squares[cell.index()].take()?;
        self.placement_hash ^= self.zobrist.piece(piece, cell);
        let seat = piece.seat().index();
        self.occupied[seat].remove(cell);
        self.counts[seat][piece.code() as usize & 31] -= 1;
        if let Some(table) = self.square_table {
            self.square_sums[seat] -= table.value(piece, cell);
        }
        if piece.kind() == PieceKind::King && self.kings[seat] == Some(cell) {
            self.kings[seat] = None;
        }
        Some(piece)
    }

    /// Moves the piece on `from` to the empty `to`.
    #[inline(always)]
    pub fn shift(&mut self, from: Cell, to: Cell) {
        if let Some(p) = self.take(from) {
            self.put(to, p);
        }
    }

    /// The cell of `seat`'s King.
    #[inline(always)]
    pub fn king(&self, seat: Seat) -> Option<Cell> {
        self.kings[seat.index() & 3]
    }

    /// The cells `seat`'s pieces stand on.
    #[inline(always)]
    pub fn occupied_by(&self, seat: Seat) -> CellSet {
        self.occupied[seat.index() & 3]
    }

    /// Every occupied cell, whoever's piece stands there.
    #[inline(always)]
    pub fn occupied(&self) -> CellSet {
        let [a, b, c, d] = &self.occupied;
        a.union(b).union(&c.union(d))
    }

    /// How many pieces of `kind` `seat` has on the board.
    #[inline(always)]
    pub fn count(&self, seat: Seat, kind: PieceKind) -> u8 {
        self.counts[seat.index() & 3][kind.code() as usize]
    }

    /// How many pieces `seat` has on the board.
    pub fn total(&self, seat: Seat) -> u32 {
        self.counts[seat.index() & 3]
            .iter()
            .map(|&c| c as u32)
            .sum()
    }

    /// Whether `seats` have nothing left on the board but their Kings (the
    /// bare-kings draw of two-army games).
    pub fn kings_only(&self, seats: &[Seat]) -> bool {
        seats
            .iter()
            .all(|&seat| self.total(seat) == u32::from(self.count(seat, PieceKind::King)))
    }

    /// The hash of the placement alone (which piece stands where).
    #[inline(always)]
    pub fn placement_hash(&self) -> u64 {
        self.placement_hash
    }

    /// Keeps each seat's sum of `table` over its pieces from now on
    /// (summed afresh here), for an evaluation to read with
    /// [`Board::square_sum`].
    pub fn use_square_table(&mut self, table: &'static SquareTable) {
        self.square_table = Some(table);
        self.square_sums = table.sums(self);
    }

    /// The table whose sums the board keeps, if it was given one.
    pub fn square_table(&self) -> Option<&'static SquareTable> {
        self.square_table
    }

    /// `seat`'s sum of the board's [`SquareTable`] over its pieces; `None`
    /// if the board was given no table.
    #[inline(always)]
    pub fn square_sum(&self, seat: Seat) -> Option<i32> {
        self.square_table?;
        Some(self.square_sums[seat.index() & 3])
    }

    /// The occupied cells among the first `cell_count`, with their pieces.
    pub fn pieces(&self, cell_count: usize) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        self.squares[..cell_count.min(MAX_CELLS)]
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Cell(i as u8), p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_tracks_kings_counts_and_hash() {
        let mut b = Board::new();
        let k = Piece::new(Seat::WHITE, PieceKind::King);
        let empty_hash = b.placement_hash();
        b.put(Cell(4), k);
        b.put(Cell(12), Piece::new(Seat::WHITE, PieceKind::Pawn));
        assert_eq!(b.king(Seat::WHITE), Some(Cell(4)));
        assert_eq!(b.count(Seat::WHITE, PieceKind::Pawn), 1);
        let h = b.placement_hash();
        b.shift(Cell(4), Cell(5));
        assert_eq!(b.king(Seat::WHITE), Some(Cell(5)));
        assert_ne!(b.placement_hash(), h);
        b.shift(Cell(5), Cell(4));
        assert_eq!(b.placement_hash(), h);
        b.take(Cell(4));
        b.take(Cell(12));
        assert_eq!(b.placement_hash(), empty_hash);
        assert_eq!(b.total(Seat::WHITE), 0);
    }
}
