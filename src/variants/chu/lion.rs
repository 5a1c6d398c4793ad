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

use super::attack::attacked;
use super::play::Taken;
use super::tables::ChuTables;
use crate::core::{Board, Cell, Move, MoveList, Piece, PieceKind, Seat};

/// Adds the Lion's pseudo-legal moves from `from` for `us`.
pub fn push_lion_moves(t: &ChuTables, board: &Board, from: Cell, us: Seat, out: &mut MoveList) {
    let free = |c: Cell| board.get(c).is_none_or(|p| p.seat() != us);
    for &to in &t.area[from.index()] {
        if free(to) {
            out.push(Move::normal(from, to));
        }
    }
    let mut has_empty_neighbour = false;
    for &mid in &t.ring[from.index()] {
        match board.get(mid) {
            None => has_empty_neighbour = true,
            Some(p) if p.seat() != us => {
                for &to in &t.ring[mid.index()] {
                    if to == from || free(to) {
                        out.push(Move::two_leg(from, mid, to));
                    }
                }
            }
            Some(_) => {}
        }
    }
    if has_empty_neighbour {
        out.push(Move::two_leg(from, from, from));
    }
}

/// Trading rule 1 (with rule 2 and the bridge), judged on `after`, the
/// board once `mover`'s move `mv` has been played and took `taken`: a
/// Lion taking the enemy Lion from two steps away is refused when any
/// enemy piece but the King could take back on that cell, unless its first
/// leg took a piece other than a Pawn.
pub fn trade_allowed(t: &ChuTables, after: &Board, mover: Piece, mv: Move, taken: Taken) -> bool {
    if mover.kind() != PieceKind::Lion
        || taken.at_to.is_none_or(|p| p.kind() != PieceKind::Lion)
        || t.adjacent(mv.from, mv.to)
    {
        return true;
    }
    let bridge = taken.at_aux.is_some_and(|p| p.kind() != PieceKind::Pawn);
    bridge || !attacked(t, after, mv.to, mover.seat().opponent(), false)
}

/// An empty neighbour of `from`, the first in step order: the cell a
/// pass is written through.
pub fn pass_cell(t: &ChuTables, board: &Board, from: Cell) -> Option<Cell> {
    t.ring[from.index()]
        .iter()
        .copied()
        .find(|&c| board.is_empty(c))
}
