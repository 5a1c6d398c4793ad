//! Refills: when a camp's stretch of an edge or of its long diagonal is
//! wholly empty, its army (if still in play) fills it with Pawns (edge,
//! corner left empty) or Yeomen (diagonal, corner included).

use super::tables::Tables;
use crate::core::{Board, Cell, Piece};
use arrayvec::ArrayVec;

/// The camp lines of armies in play that are wholly empty.
pub fn empty_lines(t: &Tables, board: &Board, in_play: [bool; 4]) -> ArrayVec<u8, 12> {
    let mut empty = ArrayVec::new();
    let occupied = board.occupied();
    for (i, (line, cells)) in t.lines.iter().zip(&t.line_sets).enumerate() {
        if in_play[line.seat.index() & 3] && !cells.meets(&occupied) {
            empty.push(i as u8);
        }
    }
    empty
}

/// Refills every wholly empty camp line of an army in play (after every
/// move and every elimination, whoever made it). All lines are judged
/// before any is filled, so an edge and the diagonal emptied together are
/// both refilled. `filled` hears of every cell filled.
pub fn refill(t: &Tables, board: &mut Board, in_play: [bool; 4], mut filled: impl FnMut(Cell)) {
    for i in empty_lines(t, board, in_play) {
        let line = &t.lines[i as usize];
        for &c in line.fill_cells() {
            if board.is_empty(c) {
                board.put(c, Piece::new(line.seat, line.fill));
                filled(c);
            }
        }
    }
}
