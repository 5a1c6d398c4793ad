//! How a chess move changes the position and how it is taken back: the
//! state a move changes besides the board, kept whole in each ply's
//! snapshot in the game's [`History`], and the hash.

use super::Chess;
use super::castling::CastlingRights;
use crate::core::history::{self, Snapshot};
use crate::core::orthodox::{play_on_board, take_back_on_board};
use crate::core::zobrist::Zobrist;
use crate::core::{
    Cell, Game, History, Move, MoveKind, Piece, PieceKind, Ply, Recorded, Retire, Retirements, Seat,
};

/// What a move changes besides the board and the side to move.
#[derive(Clone, Copy, Debug)]
pub struct State {
    /// The castling rights.
    pub(super) castling: CastlingRights,
    /// The cell a pawn just passed over with a double step.
    pub(super) ep: Option<Cell>,
    /// Half-moves since the last capture or pawn move.
    pub(super) halfmove: u16,
    /// The number of the move being played, from 1.
    pub(super) fullmove: u16,
    /// The position's hash.
    pub(super) hash: u64,
    /// Who has left the game (resigned, flag fallen) and whether a draw
    /// was agreed.
    pub(super) retired: Retirements,
}

impl history::RecordsRetirements for State {
    fn retirements_mut(&mut self) -> &mut Retirements {
        &mut self.retired
    }
}

/// A ply's snapshot: the state before the move and the piece it took.
pub type Before = history::Before<State, Option<Piece>>;

impl Snapshot for State {
    /// The whole hash.
    #[inline(always)]
    fn repetition_key(&self) -> u64 {
        self.hash
    }
}

impl Chess {
    /// Hands the turn to the other side, counting a move after Black's.
    #[inline(always)]
    fn next_turn(&mut self) {
        if self.side == Seat::BLACK {
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.state.hash = self.compute_hash();
    }

    /// The hash of the position from its parts.
    pub(super) fn compute_hash(&self) -> u64 {
        let z = Zobrist::get();
        let mut h = self.board.placement_hash()
            ^ z.seat(self.side)
            ^ z.extra(self.state.castling.0 as usize);
        if let Some(ep) = self.state.ep
            && self.en_passant_capturable(ep)
        {
            h ^= z.extra(16 + ep.index());
        }
        h
    }

    /// Brings the bitboards up to date with the cells `mv` changed.
    #[inline(always)]
    fn refresh_bits(&mut self, mv: Move) {
        self.bits.refresh_move(&self.board, mv);
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

    fn history_mut(&mut self) -> &mut History<Before> {
        &mut self.history
    }

    #[inline(always)]
    fn play(&mut self, mv: Move) -> Before {
        let state = self.state;
        let pawn_moved = self
            .board
            .get(mv.from)
            .is_some_and(|p| p.kind() == PieceKind::Pawn);
        let captured = play_on_board(&mut self.board, mv);
        self.refresh_bits(mv);
        self.state.ep = (mv.kind == MoveKind::DoubleStep).then_some(mv.aux);
        self.state.castling = state.castling.after_touching(mv.from).after_touching(mv.to);
        self.state.halfmove = if pawn_moved || captured.is_some() {
            0
        } else {
            state.halfmove.saturating_add(1)
        };
        self.next_turn();
        Before {
            state,
            change: captured,
        }
    }

    fn pass(&mut self) -> Option<Before> {
        if self.in_check() {
            return None;
        }
        let state = self.state;
        self.state.ep = None;
        self.state.halfmove = state.halfmove.saturating_add(1);
        self.next_turn();
        Some(Before {
            state,
            change: None,
        })
    }

    #[inline(always)]
    fn take_back(&mut self, ply: Ply<Before>) {
        let Ply { mv, before } = ply;
        self.side = self.side.opponent();
        if !mv.is_pass() {
            take_back_on_board(&mut self.board, mv, before.change);
            self.refresh_bits(mv);
        }
        self.state = before.state;
    }

    fn retire(&mut self, retire: Retire) -> Before {
        Before::retiring(&mut self.state, retire)
    }

    fn take_back_retire(&mut self, before: Before) {
        self.state = before.state;
    }
}
