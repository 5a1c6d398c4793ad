//! How a chess move changes the position and how it is taken back: the
//! snapshot each ply keeps in the game's [`History`], and the hash.

use super::Chess;
use super::castling::CastlingRights;
use crate::core::orthodox::{play_on_board, take_back_on_board};
use crate::core::zobrist::Zobrist;
use crate::core::{Cell, Game, History, Move, MoveKind, Piece, PieceKind, Ply, Recorded, Seat};

/// What a move changes besides the board, the side to move and the hash
/// (the hash is the ply's repetition key): restored when it is taken back.
#[derive(Clone, Copy, Debug)]
pub struct Before {
    captured: Option<Piece>,
    castling: CastlingRights,
    ep: Option<Cell>,
    halfmove: u16,
    fullmove: u16,
}

impl Chess {
    /// The snapshot of the state now, with `captured` the piece the move
    /// being played takes.
    #[inline(always)]
    fn before(&self, captured: Option<Piece>) -> Before {
        Before {
            captured,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        }
    }

    /// Hands the turn to the other side, counting a move after Black's.
    #[inline(always)]
    fn next_turn(&mut self) {
        if self.side == Seat::BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.hash = self.compute_hash();
    }

    /// The hash of the position from its parts.
    pub(super) fn compute_hash(&self) -> u64 {
        let z = Zobrist::get();
        let mut h =
            self.board.placement_hash() ^ z.seat(self.side) ^ z.extra(self.castling.0 as usize);
        if let Some(ep) = self.ep
            && self.en_passant_capturable(ep)
        {
            h ^= z.extra(16 + ep.index());
        }
        h
    }

    /// Whether a pawn of the side to move stands next to the pawn that just
    /// double-stepped (so the en-passant right is real).
    fn en_passant_capturable(&self, ep: Cell) -> bool {
        let fwd = super::movegen::forward(self.side);
        crate::core::attack::pawn_capture_directions(fwd)
            .iter()
            .any(|&d| {
                self.geo
                    .step(ep, d.opposite())
                    .and_then(|c| self.board.get(c))
                    .is_some_and(|p| p.is(self.side, PieceKind::Pawn))
            })
    }
}

impl Recorded for Chess {
    type Before = Before;

    #[inline(always)]
    fn history(&self) -> &History<Before> {
        &self.history
    }

    #[inline(always)]
    fn history_mut(&mut self) -> &mut History<Before> {
        &mut self.history
    }

    #[inline(always)]
    fn repetition_key(&self) -> u64 {
        self.hash
    }

    #[inline(always)]
    fn play(&mut self, mv: Move) -> Before {
        let pawn_moved = self
            .board
            .get(mv.from)
            .is_some_and(|p| p.kind() == PieceKind::Pawn);
        let captured = play_on_board(&mut self.board, mv);
        let before = self.before(captured);
        self.ep = (mv.kind == MoveKind::DoubleStep).then_some(mv.aux);
        self.castling = self.castling.after_touching(mv.from).after_touching(mv.to);
        self.halfmove = if pawn_moved || captured.is_some() {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        self.next_turn();
        before
    }

    fn pass(&mut self) -> Option<Before> {
        if self.in_check() {
            return None;
        }
        let before = self.before(None);
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        self.next_turn();
        Some(before)
    }

    #[inline(always)]
    fn take_back(&mut self, ply: Ply<Before>) {
        let Ply { mv, key, before } = ply;
        self.side = self.side.opponent();
        if !mv.is_pass() {
            take_back_on_board(&mut self.board, mv, before.captured);
        }
        self.castling = before.castling;
        self.ep = before.ep;
        self.halfmove = before.halfmove;
        self.fullmove = before.fullmove;
        self.hash = key;
    }
}
