//! Legal move generation for chess: checks and pins found first from the
//! King's lines, so every move produced is legal without being tried.
//!
//! It works on bitboards ([`BitTables`], built from the board's geometry
//! tables, and the position's [`PieceBits`](super::bits::PieceBits)): the
//! cells a piece reaches, the cells that answer a check and the line a
//! pinned piece keeps to are each one set, and the moves are the cells of
//! their intersection.

use super::Chess;
use super::castling::CastleSide;
use crate::core::attack::pawn_capture_directions;
use crate::core::bitboard::{BitTables, Bits, bit, cells_of};
use crate::core::orthodox::{pawn_start_rank, push_pawn_step};
use crate::core::{Cell, Geometry, Move, MoveList, PieceKind, Seat};

pub use crate::core::orthodox::PROMOTIONS;
pub(crate) use crate::core::orthodox::pawn_forward as forward;

/// The one cell of a set of one.
#[inline(always)]
fn only(bits: Bits) -> Cell {
    Cell(bits.trailing_zeros() as u8)
}

impl Chess {
    /// The chess board's bitboard tables.
    #[inline(always)]
    pub(crate) fn tables(&self) -> &'static BitTables {
        let geo: &'static Geometry = self.geo;
        match geo.bit_tables() {
            Some(t) => t,
            None => unreachable!("the chess board has 64 cells"),
        }
    }

    /// The cells from which a pawn of `seat` would attack `cell`.
    #[inline(always)]
    fn pawn_attackers_of(t: &BitTables, cell: Cell, seat: Seat) -> Bits {
        let [a, b] = pawn_capture_directions(forward(seat));
        t.step(cell, a.opposite()) | t.step(cell, b.opposite())
    }

    /// The pieces of `by` attacking `target` when the occupied cells are
    /// `occupied` (a piece of `by` not in `occupied` attacks nothing).
    #[inline(always)]
    pub(crate) fn attackers_by(
        &self,
        t: &BitTables,
        target: Cell,
        by: Seat,
        occupied: Bits,
    ) -> Bits {
        let b = &self.bits;
        let theirs = b.seat(by) & occupied;
        let kinds = (t.knight(target) & b.kind(PieceKind::Knight))
            | (t.king(target) & b.kind(PieceKind::King))
            | (Self::pawn_attackers_of(t, target, by) & b.kind(PieceKind::Pawn))
            | (t.bishop(target, occupied) & (b.kind(PieceKind::Bishop) | b.kind(PieceKind::Queen)))
            | (t.rook(target, occupied) & (b.kind(PieceKind::Rook) | b.kind(PieceKind::Queen)));
        kinds & theirs
    }

    /// Whether `target` is attacked by `by`, treating `ignore` as empty.
    #[inline(always)]
    pub(crate) fn attacked(&self, target: Cell, by: Seat, ignore: Option<Cell>) -> bool {
        let occupied = self.bits.occupied() & !ignore.map_or(0, bit);
        self.attackers_by(self.tables(), target, by, occupied) != 0
    }

    /// The pieces giving check to the side to move.
    #[inline(always)]
    pub(crate) fn checkers(&self) -> Bits {
        match self.board.king(self.side) {
            Some(k) => {
                self.attackers_by(self.tables(), k, self.side.opponent(), self.bits.occupied())
            }
            None => 0,
        }
    }

    /// Fills `out` with the legal moves of the side to move.
    pub(crate) fn generate(&self, out: &mut MoveList) {
        let us = self.side;
        let them = us.opponent();
        let Some(king) = self.board.king(us) else {
            return;
        };
        let t = self.tables();
        let b = &self.bits;
        let own = b.seat(us);
        let occupied = b.occupied();
        let checkers = self.attackers_by(t, king, them, occupied);
        let without_king = occupied & !bit(king);
        for to in cells_of(t.king(king) & !own) {
            if self.attackers_by(t, to, them, without_king) == 0 {
                out.push(Move::normal(king, to));
            }
        }
        if checkers & (checkers.wrapping_sub(1)) != 0 {
            return; // double check: only the King moves
        }
        let target = if checkers == 0 {
            for side in [CastleSide::King, CastleSide::Queen] {
                if let Some(mv) = self.castle_move(us, side) {
                    out.push(mv);
                }
            }
            !own
        } else {
            checkers | t.between(king, only(checkers))
        };
        // Pieces pinned to the King: one of ours alone between it and a
        // slider of theirs on its line.
        let snipers = (t.rook_rays(king) & b.orthogonal_sliders(them))
            | (t.bishop_rays(king) & b.diagonal_sliders(them));
        let mut pinned = 0;
        for sniper in cells_of(snipers) {
            let between = t.between(king, sniper) & occupied;
            if between & between.wrapping_sub(1) == 0 {
                pinned |= between & own;
            }
        }
        let keep_to = |from: Cell| -> Bits {
            if pinned & bit(from) != 0 {
                target & t.ray_through(king, from)
            } else {
                target
            }
        };
        for from in cells_of(b.of_kind(us, PieceKind::Knight) & !pinned) {
            for to in cells_of(t.knight(from) & target) {
                out.push(Move::normal(from, to));
            }
        }
        for from in cells_of(b.diagonal_sliders(us)) {
            for to in cells_of(t.bishop(from, occupied) & keep_to(from)) {
                out.push(Move::normal(from, to));
            }
        }
        for from in cells_of(b.orthogonal_sliders(us)) {
            for to in cells_of(t.rook(from, occupied) & keep_to(from)) {
                out.push(Move::normal(from, to));
            }
        }
        let geo = self.geo;
        let fwd = forward(us);
        let start_rank = pawn_start_rank(us);
        let enemy = b.seat(them);
        let captures = pawn_capture_directions(fwd);
        for from in cells_of(b.of_kind(us, PieceKind::Pawn)) {
            let allowed = keep_to(from);
            let one = t.step(from, fwd);
            if one != 0 && one & occupied == 0 {
                let one_cell = only(one);
                if one & allowed != 0 {
                    push_pawn_step(geo, us, from, one_cell, out);
                }
                if geo.rank(from) == start_rank {
                    let two = t.step(one_cell, fwd);
                    if two != 0 && two & occupied == 0 && two & allowed != 0 {
                        out.push(Move::double_step(from, only(two), one_cell));
                    }
                }
            }
            for d in captures {
                let to = t.step(from, d);
                if to & enemy & allowed != 0 {
                    push_pawn_step(geo, us, from, only(to), out);
                } else if to != 0 && self.state.ep == Some(only(to)) {
                    let to = only(to);
                    if let Some(taken) = geo.step(to, fwd.opposite())
                        && self.en_passant_is_safe(t, king, from, to, taken)
                    {
                        out.push(Move::en_passant(from, to, taken));
                    }
                }
            }
        }
    }

    /// Whether taking en passant from `from` to `to`, removing the pawn on
    /// `taken`, leaves our King on `king` safe: two pieces leave one rank
    /// at once, so the test is made on the cells as they would be.
    fn en_passant_is_safe(
        &self,
        t: &BitTables,
        king: Cell,
        from: Cell,
        to: Cell,
        taken: Cell,
    ) -> bool {
        let occupied = (self.bits.occupied() & !bit(from) & !bit(taken)) | bit(to);
        self.attackers_by(t, king, self.side.opponent(), occupied) == 0
    }
}
