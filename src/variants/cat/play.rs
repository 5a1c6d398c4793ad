//! How a Cat Chess turn changes the position and how it is taken back: an
//! army's move on the board, or a Cat's step (or the Cats' pass) with the
//! zones worked out afresh; the snapshot each ply keeps in the game's
//! [`History`], and the keys.

use super::{CATS, CatChess, next_seat, previous_seat, zones};
use crate::core::orthodox::{CastlingRights, play_on_board, take_back_on_board};
use crate::core::zobrist::Zobrist;
use crate::core::{Cell, CellSet, History, Move, MoveKind, Piece, PieceKind, Ply, Recorded};

/// What a turn changes besides the board, the side to move and the
/// repetition key (the ply's own key): restored when it is taken back.
#[derive(Clone, Copy, Debug)]
pub struct Before {
    captured: Option<Piece>,
    castling: CastlingRights,
    ep: Option<Cell>,
    halfmove: u16,
    fullmove: u16,
    zones: CellSet,
    hash: u64,
}

impl CatChess {
    /// Sets the hash and the repetition key from the position's parts.
    pub(super) fn refresh_keys(&mut self) {
        let z = Zobrist::get();
        self.repetition_key = self.board.placement_hash() ^ z.seat(self.side);
        let mut h = self.repetition_key ^ z.extra(self.castling.0 as usize);
        if let Some(ep) = self.ep {
            h ^= z.extra(16 + ep.index());
        }
        self.hash = h;
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
        self.zones = zones::zones_of(self.geo, &self.cats);
    }
}

impl Recorded for CatChess {
    type Before = Before;

    fn history(&self) -> &History<Before> {
        &self.history
    }

    fn history_mut(&mut self) -> &mut History<Before> {
        &mut self.history
    }

    /// The placement and the side to move: Cat Chess's repetition ignores
    /// castling rights and the en-passant cell.
    fn repetition_key(&self) -> u64 {
        self.repetition_key
    }

    fn play(&mut self, mv: Move) -> Before {
        let mut before = Before {
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            zones: self.zones,
            hash: self.hash,
        };
        let mut reset_clock = false;
        if self.side == CATS {
            if !mv.is_pass() {
                self.move_cat(mv.from, mv.to);
            }
        } else {
            reset_clock = self
                .board
                .get(mv.from)
                .is_some_and(|p| p.kind() == PieceKind::Pawn);
            before.captured = play_on_board(&mut self.board, mv);
            self.castling = self.castling.after_touching(mv.from).after_touching(mv.to);
        }
        self.ep = (mv.kind == MoveKind::DoubleStep).then_some(mv.aux);
        self.halfmove = if reset_clock || before.captured.is_some() {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == CATS {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = next_seat(self.side);
        self.refresh_keys();
        before
    }

    fn take_back(&mut self, ply: Ply<Before>) {
        let Ply { mv, key, before } = ply;
        self.side = previous_seat(self.side);
        if self.side == CATS {
            if !mv.is_pass() {
                self.move_cat(mv.to, mv.from);
            }
        } else {
            take_back_on_board(&mut self.board, mv, before.captured);
        }
        self.castling = before.castling;
        self.ep = before.ep;
        self.halfmove = before.halfmove;
        self.fullmove = before.fullmove;
        self.zones = before.zones;
        self.hash = before.hash;
        self.repetition_key = key;
    }
}
