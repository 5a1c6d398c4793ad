//! How a Cat Chess turn changes the position and how it is taken back: an
//! army's move on the board, or a Cat's step (or the Cats' pass) with the
//! zones worked out afresh; the state a turn changes besides, kept whole in
//! each ply's snapshot in the game's [`History`], and the keys.

use super::{CATS, CatChess, next_seat, previous_seat, zones};
use crate::core::bitboard::bit;
use crate::core::history::{self, Snapshot};
use crate::core::orthodox::{CastlingRights, play_on_board, take_back_on_board};
use crate::core::zobrist::Zobrist;
use crate::core::{
    Cell, History, Move, MoveKind, Piece, PieceKind, Ply, Recorded, Retire, Retirements,
};

/// What a turn changes besides the board, the Cats (with their zones) and
/// the side to move.
#[derive(Clone, Copy, Debug)]
pub struct State {
    /// The castling rights.
    pub(super) castling: CastlingRights,
    /// The cell a pawn just passed over with a double step; cleared by the next turn.
    pub(super) ep: Option<Cell>,
    /// Turns, the Cats' included, since the last capture or pawn move.
    pub(super) halfmove: u16,
    /// The number of the round being played, from 1 (it goes up after the Cats' turn).
    pub(super) fullmove: u16,
    /// The position's hash.
    pub(super) hash: u64,
    /// Who has left the game (resigned, flag fallen) and whether a draw
    /// was agreed.
    pub(super) retired: Retirements,
    /// The key repetition compares: the placement and the side to move.
    pub(super) repetition_key: u64,
}

impl history::RecordsRetirements for State {
    fn retirements_mut(&mut self) -> &mut Retirements {
        &mut self.retired
    }
}

/// The hash's extra key of a game whose Cats' flag has fallen.
const CATS_GONE_KEY: usize = 1000;

/// A ply's snapshot: the state before the turn and the piece it took.
pub type Before = history::Before<State, Option<Piece>>;

impl Snapshot for State {
    /// The placement and the side to move: Cat Chess's repetition ignores
    /// castling rights and the en-passant cell.
    fn repetition_key(&self) -> u64 {
        self.repetition_key
    }
}

impl CatChess {
    /// Sets the hash and the repetition key from the position's parts.
    pub(super) fn refresh_keys(&mut self) {
        let z = Zobrist::get();
        self.state.repetition_key = self.board.placement_hash() ^ z.seat(self.side);
        let mut h = self.state.repetition_key ^ z.extra(self.state.castling.0 as usize);
        if let Some(ep) = self.state.ep {
            h ^= z.extra(16 + ep.index());
        }
        if self.state.retired.of(CATS).is_some() {
            // The Cats' flag fell: from here on they only pass.
            h ^= z.extra(CATS_GONE_KEY);
        }
        self.state.hash = h;
    }

    /// Moves the Cat on `from` to `to` (or back), keeping the zones current.
    fn move_cat(&mut self, from: Cell, to: Cell) {
        self.board.shift(from, to);
        for cat in self.cats.iter_mut() {
            if *cat == from {
                *cat = to;
                break;
            }
        }
        self.cat_bits ^= bit(from) | bit(to);
        self.zone_bits = zones::zone_bits(self.tables(), &self.cats);
    }

    /// Brings the bitboards up to date with the cells `mv` changed.
    #[inline(always)]
    fn refresh_bits(&mut self, mv: Move) {
        self.bits.refresh_move(&self.board, mv);
    }
}

impl Recorded for CatChess {
    type Before = Before;

    fn history_mut(&mut self) -> &mut History<Before> {
        &mut self.history
    }

    fn play(&mut self, mv: Move) -> Before {
        let state = self.state;
        let mut reset_clock = false;
        let mut captured = None;
        if self.side == CATS {
            if !mv.is_pass() {
                self.move_cat(mv.from, mv.to);
            }
        } else {
            reset_clock = self
                .board
                .get(mv.from)
                .is_some_and(|p| p.kind() == PieceKind::Pawn);
            captured = play_on_board(&mut self.board, mv);
            self.refresh_bits(mv);
            self.state.castling = state.castling.after_touching(mv.from).after_touching(mv.to);
        }
        self.state.ep = (mv.kind == MoveKind::DoubleStep).then_some(mv.aux);
        self.state.halfmove = if reset_clock || captured.is_some() {
            0
        } else {
            state.halfmove.saturating_add(1)
        };
        if self.side == CATS {
            self.state.fullmove = state.fullmove.saturating_add(1);
        }
        self.side = next_seat(self.side);
        self.refresh_keys();
        Before {
            state,
            change: captured,
        }
    }

    fn take_back(&mut self, ply: Ply<Before>) {
        let Ply { mv, before } = ply;
        self.side = previous_seat(self.side);
        if self.side == CATS {
            if !mv.is_pass() {
                self.move_cat(mv.to, mv.from);
            }
        } else {
            take_back_on_board(&mut self.board, mv, before.change);
            self.refresh_bits(mv);
        }
        self.state = before.state;
    }

    fn retire(&mut self, retire: Retire) -> Before {
        let before = Before::retiring(&mut self.state, retire);
        self.refresh_keys();
        before
    }

    fn take_back_retire(&mut self, before: Before) {
        self.state = before.state;
    }
}
