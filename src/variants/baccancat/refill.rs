//! Refills: when a camp's stretch of an edge or of its long diagonal is
//! wholly empty, its army (if still in play) fills it with Pawns (edge,
//! corner left empty) or Yeomen (diagonal, corner included).

use super::tables::Tables;
use crate::core::{Board, Cell, Piece};
use arrayvec::ArrayVec;

/// Refills every wholly empty camp line of an army in play: only the lines
/// through `vacated` when given (after a move), every line otherwise
/// (after an elimination). All lines are judged before any is filled, so
/// an edge and the diagonal emptied together are both refilled.
/// `filled` hears of every cell filled.
pub fn refill(
    t: &Tables,
    board: &mut Board,
    in_play: [bool; 4],
    vacated: Option<&[Cell]>,
    mut filled: impl FnMut(Cell),
) {
    let mut empty: ArrayVec<u8, 12> = ArrayVec::new();
    let mut consider = |i: u8| {
        let line = &t.lines[i as usize];
        if !empty.contains(&i)
            && in_play[line.seat.index() & 3]
            && line.cells.iter().all(|&c| board.is_empty(c))
        {
            empty.push(i);
        }
    };
    match vacated {
        Some(cells) => {
            for c in cells {
                for &i in &t.lines_through[c.index()] {
                    consider(i);
                }
            }
        }
        None => (0..t.lines.len() as u8).for_each(consider),
    }
    for i in empty {
        let line = &t.lines[i as usize];
        for &c in line.fill_cells() {
            if board.is_empty(c) {
                board.put(c, Piece::new(line.seat, line.fill));
                filled(c);
            }
        }
    }
}
