//! Castling moves (the rights and cells are the orthodox armies', in the core).

use super::Chess;
use crate::core::orthodox::castle_candidate;
pub use crate::core::orthodox::{CastleCells, CastleSide, CastlingRights, castle_cells};
use crate::core::{Cell, Move, Seat};

impl Chess {
    /// The castling move of `us` to `side`, if it is legal now (the caller
    /// has checked that `us` is not in check).
    pub(crate) fn castle_move(&self, us: Seat, side: CastleSide) -> Option<Move> {
        let (mv, king_path) = castle_candidate(&self.board, self.state.castling, us, side)?;
        let them = us.opponent();
        if king_path
            .iter()
            .any(|&c| self.attacked(Cell(c), them, None))
        {
            return None;
        }
        Some(mv)
    }
}
