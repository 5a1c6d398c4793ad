//! The incremental part of a variant's evaluation: what each piece adds to
//! its seat's score by its kind and the cell it stands on (material and
//! placement together), as one table the variant builds once. A [`Board`]
//! given the table keeps each seat's sum up to date as pieces are put and
//! taken, just as it keeps the placement hash, so every way a move changes
//! the board (captures, promotions, castling, refills, armies removed) and
//! every take-back moves the sums with it, and an evaluation reads them
//! instead of walking the pieces.

use super::board::Board;
use super::cell::Cell;
use super::piece::{Piece, PieceKind, Seat};

/// How many piece codes there are: a kind code in the low five bits, the
/// seat in the two above.
const PIECE_CODES: usize = 128;

/// Per piece (kind and seat) and cell, what the piece standing there adds
/// to its seat's score.
#[derive(Debug)]
pub struct SquareTable {
    cells: usize,
    values: Box<[i32]>,
}

impl SquareTable {
    /// The table of a board of `cells` cells, each entry `value(piece, cell)`.
    pub fn new(cells: usize, value: impl Fn(Piece, Cell) -> i32) -> SquareTable {
        let mut values = vec![0; PIECE_CODES * cells];
        for code in 0..PIECE_CODES {
            let Some(kind) = PieceKind::from_code(code as u8 & 31) else {
                continue;
            };
            let piece = Piece::new(Seat((code >> 5) as u8), kind);
            for (i, entry) in values[code * cells..(code + 1) * cells]
                .iter_mut()
                .enumerate()
            {
                *entry = value(piece, Cell(i as u8));
            }
        }
        SquareTable {
            cells,
            values: values.into_boxed_slice(),
        }
    }

    /// What `piece` on `cell` adds to its seat's score (nothing off the table's cells).
    #[inline(always)]
    pub fn value(&self, piece: Piece, cell: Cell) -> i32 {
        if cell.index() >= self.cells {
            return 0;
        }
        self.values
            .get(piece.code() as usize * self.cells + cell.index())
            .copied()
            .unwrap_or(0)
    }

    /// Each seat's sum over the pieces of `board`, worked out from scratch
    /// (what a board keeping the sums must always hold).
    pub fn sums(&self, board: &Board) -> [i32; 4] {
        let mut sums = [0; 4];
        for (cell, piece) in board.pieces(self.cells) {
            sums[piece.seat().index() & 3] += self.value(piece, cell);
        }
        sums
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_keeps_the_sums_through_puts_takes_and_shifts() {
        static TABLE: std::sync::OnceLock<SquareTable> = std::sync::OnceLock::new();
        let table = TABLE.get_or_init(|| {
            SquareTable::new(100, |p, c| {
                p.kind().code() as i32 * 1000 + p.seat().index() as i32 * 100 + c.index() as i32
            })
        });
        let mut board = Board::new();
        let rook = Piece::new(Seat::BLACK, PieceKind::Rook);
        board.put(Cell(7), rook);
        assert_eq!(board.square_sum(Seat::BLACK), None, "no table yet");
        board.use_square_table(table);
        assert_eq!(board.square_sum(Seat::BLACK), Some(4107));
        board.put(Cell(50), Piece::new(Seat::WHITE, PieceKind::Lion));
        board.shift(Cell(7), Cell(9));
        assert_eq!(board.square_sum(Seat::BLACK), Some(4109));
        let copy = board.clone();
        board.take(Cell(50));
        assert_eq!(board.square_sum(Seat::WHITE), Some(0));
        assert_eq!(
            copy.square_sum(Seat::WHITE),
            Some(PieceKind::Lion.code() as i32 * 1000 + 50)
        );
        assert_eq!(table.sums(&board), [0, 4109, 0, 0]);
        assert_eq!(table.value(rook, Cell(200)), 0, "off the table's cells");
    }
}
