//! How a BacCanCat move changes the position: the Reserve and rights
//! bookkeeping, refills, the wins by marriage and by promotion, then what
//! it sets off (see [`super::endings`]). BacCanCat plays copy-make: each
//! ply of the game's [`History`] keeps the whole position before it.

use super::BacCanCat;
use super::refill::refill;
use super::state::{Cause, Position};
use super::tables::tables;
use crate::core::history::Snapshot;
use crate::core::orthodox::play_on_board;
use crate::core::{
    Departure, EndReason, History, Move, MoveKind, PieceKind, Ply, Recorded, Retire,
};

impl Position {
    /// Plays the legal move `mv` and everything it sets off.
    pub fn play(&mut self, mv: Move) {
        let mover = self.side;
        self.checked = None;
        if mv.is_pass() {
            self.set_passes(self.passes.saturating_add(1));
        } else {
            self.play_on_board_with_state(mv);
            self.set_passes(0);
            let moved = self.board.get(mv.to).map(|p| p.kind());
            let foot = matches!(moved, Some(PieceKind::Pawn | PieceKind::Yeoman));
            if foot && mv.promotion.is_none() && tables().army(mover).promotion.contains(mv.to) {
                self.finish(mover, EndReason::Promotion);
            } else if self.married(mover) {
                self.finish(mover, EndReason::Marriage);
            }
        }
        self.side = self.next_in_play(mover);
        if self.outcome.is_none() {
            self.settle();
        }
    }

    /// An army leaves (its player resigned or its flag fell): eliminated
    /// as if mated, with no mate credited; play goes on with the next army
    /// in play, and when one army is left it wins. A draw by agreement
    /// changes nothing: BacCanCat has none (the game refuses it before).
    pub fn retire(&mut self, retire: Retire) {
        let Retire::Leave(army, how) = retire else {
            return;
        };
        if !self.in_play(army) || self.outcome.is_some() {
            return;
        }
        if army == self.side {
            self.side = self.next_in_play(army);
        }
        self.eliminate(army, Cause::Left(how));
        if self.in_play_count() == 1 {
            let reason = match how {
                Departure::Resigned => EndReason::Resignation,
                Departure::Flagged => EndReason::Time,
            };
            let last = self.next_in_play(army);
            self.finish(last, reason);
            return;
        }
        self.settle();
    }

    /// The board change of a move with its bookkeeping: partners and
    /// refill pieces follow or lose their marks, promotions draw on the
    /// Reserve, then the camps emptied are refilled.
    fn play_on_board_with_state(&mut self, mv: Move) {
        let captured = mv.kind == MoveKind::Normal && self.board.get(mv.to).is_some();
        let by_foot = self
            .board
            .get(mv.from)
            .is_some_and(|p| matches!(p.kind(), PieceKind::Pawn | PieceKind::Yeoman));
        let was_fresh = self.fresh.contains(mv.from);
        self.set_partner(mv.from, false);
        self.set_partner(mv.to, false);
        self.set_fresh(mv.from, false);
        self.set_fresh(mv.to, false);
        if mv.kind == MoveKind::Castle {
            self.set_partner(mv.aux, false);
        }
        if let Some(kind) = mv.promotion {
            self.set_reserve(kind, self.reserve(kind).saturating_sub(1));
            if captured && !by_foot && kind == PieceKind::Queen {
                self.set_partner(mv.to, true);
            }
        }
        play_on_board(&mut self.board, mv);
        if was_fresh && !captured && mv.promotion.is_none() {
            self.set_fresh(mv.to, true);
        }
        // With every line full before, only a line through a cell the
        // move emptied can be empty now.
        let t = tables();
        let mut emptied = t.line_bits[mv.from.index()];
        if mv.kind == MoveKind::Castle {
            emptied |= t.line_bits[mv.aux.index()];
        }
        if !self.lines_full || emptied != 0 {
            self.refill_camps();
        }
    }

    /// Refills the wholly empty camp lines.
    pub(super) fn refill_camps(&mut self) {
        self.lines_full = true;
        let mut filled = Vec::new();
        let in_play = self.in_play_mask();
        refill(tables(), &mut self.board, in_play, |c| filled.push(c));
        for c in filled {
            self.set_fresh(c, true);
        }
    }
}

/// BacCanCat plays copy-make: a ply's snapshot is the whole position.
impl Snapshot for Position {
    /// The hash (BacCanCat has no repetition rule; the search's
    /// repetition test never looks).
    fn repetition_key(&self) -> u64 {
        self.hash()
    }
}

impl Recorded for BacCanCat {
    type Before = Position;

    fn history_mut(&mut self) -> &mut History<Position> {
        &mut self.history
    }

    fn play(&mut self, mv: Move) -> Position {
        let before = self.pos.clone();
        self.pos.play(mv);
        before
    }

    fn take_back(&mut self, ply: Ply<Position>) {
        self.pos = ply.before;
    }

    fn retire(&mut self, retire: Retire) -> Position {
        let before = self.pos.clone();
        self.pos.retire(retire);
        before
    }

    fn take_back_retire(&mut self, before: Position) {
        self.pos = before;
    }
}
