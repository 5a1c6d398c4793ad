//! How a Polar chess move changes the position and how it is taken back:
//! the board change (the orthodox army's), the double-step rights lost,
//! the en-passant chance, the clocks; the snapshot each ply keeps in the
//! game's [`History`], and the keys.

use super::{EN_PASSANT_LANDING_KEYS, EN_PASSANT_OVER_KEYS, EnPassant, Polar, RIGHTS_KEYS};
use crate::core::history::{self, Snapshot};
use crate::core::orthodox::{play_on_board, take_back_on_board};
use crate::core::zobrist::Zobrist;
use crate::core::{
    Cell, CellSet, Game, History, Move, MoveKind, Piece, PieceKind, Ply, Recorded, Retire,
    Retirements, Seat,
};

/// What a move changes besides the board and the side to move.
#[derive(Clone, Copy, Debug)]
pub struct State {
    /// The cells of the pawns that have never moved, which may double-step.
    pub(super) rights: CellSet,
    /// The Zobrist keys of `rights`, kept up to date as rights are lost.
    pub(super) rights_key: u64,
    /// The pawn that has just double-stepped.
    pub(super) ep: Option<EnPassant>,
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
    /// The whole hash: the placement, the side to move, the double-step
    /// rights and a possible en-passant capture.
    #[inline(always)]
    fn repetition_key(&self) -> u64 {
        self.hash
    }
}

impl Polar {
    /// Hands the turn to the other side, counting a move after Black's.
    #[inline(always)]
    fn next_turn(&mut self) {
        if self.side == Seat::BLACK {
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.state.hash = self.compute_hash();
    }

    /// Sets the rights' keys and the hash from the position's parts.
    pub(super) fn refresh_keys(&mut self) {
        let z = Zobrist::get();
        self.state.rights_key = self
            .state
            .rights
            .iter()
            .fold(0, |k, c| k ^ z.extra(RIGHTS_KEYS + c.index()));
        self.state.hash = self.compute_hash();
    }

    /// The hash from the incrementally kept parts: the placement, the side
    /// to move, the double-step rights and an en-passant capture that a
    /// pawn of the side to move could make.
    fn compute_hash(&self) -> u64 {
        let z = Zobrist::get();
        let mut h = self.board.placement_hash() ^ z.seat(self.side) ^ self.state.rights_key;
        if let Some(ep) = self.state.ep
            && self.en_passant_possible(ep)
        {
            h ^= z.extra(EN_PASSANT_OVER_KEYS + ep.over.index())
                ^ z.extra(EN_PASSANT_LANDING_KEYS + ep.landing.index());
        }
        h
    }

    /// Whether a pawn of the side to move could take en passant on `ep.over`.
    pub(super) fn en_passant_possible(&self, ep: EnPassant) -> bool {
        self.tables
            .pawn_attackers(self.side, ep.over)
            .iter()
            .any(|&c| {
                self.board
                    .get(c)
                    .is_some_and(|p| p.is(self.side, PieceKind::Pawn))
            })
    }

    /// Brings the bitboards up to date with the cells `mv` changed: its
    /// origin and destination and the pawn taken en passant (Polar chess
    /// has no castling).
    #[inline(always)]
    fn refresh_bits(&mut self, mv: Move) {
        self.sets.refresh(&self.board, mv.from);
        self.sets.refresh(&self.board, mv.to);
        if mv.kind == MoveKind::EnPassant {
            self.sets.refresh(&self.board, mv.aux);
        }
    }

    /// Takes away the double-step right of the pawn on `cell`, if it had one.
    fn lose_right(&mut self, cell: Cell) {
        if self.state.rights.contains(cell) {
            self.state.rights.remove(cell);
            self.state.rights_key ^= Zobrist::get().extra(RIGHTS_KEYS + cell.index());
        }
    }
}

impl Recorded for Polar {
    type Before = Before;

    fn history_mut(&mut self) -> &mut History<Before> {
        &mut self.history
    }

    fn play(&mut self, mv: Move) -> Before {
        let state = self.state;
        let pawn_moved = self
            .board
            .get(mv.from)
            .is_some_and(|p| p.kind() == PieceKind::Pawn);
        let captured = play_on_board(&mut self.board, mv);
        self.refresh_bits(mv);
        self.lose_right(mv.from);
        self.lose_right(mv.to);
        if mv.kind == MoveKind::EnPassant {
            self.lose_right(mv.aux);
        }
        self.state.ep = (mv.kind == MoveKind::DoubleStep).then_some(EnPassant {
            over: mv.aux,
            landing: mv.to,
        });
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
