//! The Lion's moves and the Lion-trading rules.
//!
//! One move per outcome: a Lion move is its origin, destination and the
//! cells it captured on.
//! - A jump or step to any of the 24 cells within two king steps (with or
//!   without a capture there) is a [`MoveKind::Normal`](crate::core::MoveKind::Normal) move; a two-step
//!   whose first leg lands on an empty cell is this same move.
//! - A two-step whose first leg captures is [`MoveKind::TwoLeg`](crate::core::MoveKind::TwoLeg)
//!   `from → aux → to`, `aux` being the first-leg victim: `to` may be empty
//!   (hit and run), hold an enemy (double capture) or be `from` (igui).
//! - The pass is `TwoLeg` with `aux == to == from`; it needs an empty
//!   neighbour, and is written with the first empty neighbour in the
//!   board's step order (N, S, E, W, then the diagonals) (`e1e2,e2e1`).
//!
//! The moves themselves and the trading rules are judged by the move
//! generator ([`super::movegen`]).

use super::tables::ChuTables;
use crate::core::{Board, Cell};

/// An empty neighbour of `from`, the first in step order: the cell a
/// pass is written through.
pub fn pass_cell(t: &ChuTables, board: &Board, from: Cell) -> Option<Cell> {
    t.ring[from.index()]
        .iter()
        .copied()
        .find(|&c| board.is_empty(c))
}
