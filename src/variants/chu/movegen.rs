//! Chu Chess move generation: every piece's pseudo-legal moves from the
//! board tables, then each tried on a scratch board and kept when it leaves
//! its own King safe and obeys trading rule 1.

use super::Chu;
use super::attack::{attacked, slides, steps};
use super::castling::push_castles;
use super::lion::{push_lion_moves, trade_allowed};
use super::play::{play, take_back};
use super::promotion::push_with_promotions;
use crate::core::attack::pawn_capture_directions;
use crate::core::orthodox::pawn_forward;
use crate::core::{Cell, Leap, LineKind, Move, MoveKind, MoveList, Piece, PieceKind, Seat};

/// The rank `seat`'s Pawns start on and may double-step from.
const fn pawn_start_rank(seat: Seat) -> u8 {
    if seat.0 == 0 { 2 } else { 7 }
}

impl Chu {
    /// Whether a non-Lion piece of `us` may move onto a cell holding
    /// `target`: empty, or an enemy that trading rule 3 does not shield.
    #[inline(always)]
    fn may_enter(&self, target: Option<Piece>, us: Seat, mover: PieceKind) -> bool {
        match target {
            None => true,
            Some(p) => {
                p.seat() != us
                    && !(self.state.lion_ban
                        && p.kind() == PieceKind::Lion
                        && mover != PieceKind::Lion)
            }
        }
    }

    /// Adds the move of a non-Lion piece to `to`, with its promotions.
    #[inline(always)]
    fn push_to(&self, kind: PieceKind, from: Cell, to: Cell, out: &mut MoveList) {
        let us = self.side;
        let has_lion = self.board.count(us, PieceKind::Lion) > 0;
        push_with_promotions(
            &self.t.geo,
            self.options.promotion,
            us,
            kind,
            has_lion,
            from,
            to,
            out,
        );
    }

    /// Fills `out` with the pseudo-legal moves of the side to move.
    fn pseudo_moves(&self, out: &mut MoveList) {
        let us = self.side;
        let geo = &self.t.geo;
        for from in self.board.occupied_by(us).iter() {
            let Some(piece) = self.board.get(from) else {
                continue;
            };
            let kind = piece.kind();
            match kind {
                PieceKind::Lion => push_lion_moves(self.t, &self.board, from, us, out),
                PieceKind::Pawn => self.pawn_moves(from, out),
                PieceKind::Knight => {
                    for &to in geo.leaps(from, Leap::Knight) {
                        if self.may_enter(self.board.get(to), us, kind) {
                            self.push_to(kind, from, to, out);
                        }
                    }
                }
                _ => {
                    for line in [LineKind::Orthogonal, LineKind::Diagonal] {
                        let slider = slides(kind, line);
                        if !slider && !steps(kind, line) {
                            continue;
                        }
                        for ray in geo.rays(from, line) {
                            let reach = if slider { ray.len() } else { ray.len().min(1) };
                            for &to in &ray[..reach] {
                                let target = self.board.get(to);
                                if self.may_enter(target, us, kind) {
                                    self.push_to(kind, from, to, out);
                                }
                                if target.is_some() {
                                    break;
                                }
                            }
                        }
                    }
                    if kind == PieceKind::King {
                        push_castles(self.t, &self.board, self.state.castling, us, out);
                    }
                }
            }
        }
    }

    fn pawn_moves(&self, from: Cell, out: &mut MoveList) {
        let us = self.side;
        let geo = &self.t.geo;
        let fwd = pawn_forward(us);
        if let Some(one) = geo.step(from, fwd)
            && self.board.is_empty(one)
        {
            self.push_to(PieceKind::Pawn, from, one, out);
            if geo.rank(from) == pawn_start_rank(us)
                && let Some(two) = geo.step(one, fwd)
                && self.board.is_empty(two)
            {
                out.push(Move::double_step(from, two, one));
            }
        }
        for d in pawn_capture_directions(fwd) {
            let Some(to) = geo.step(from, d) else {
                continue;
            };
            match self.board.get(to) {
                Some(p) if self.may_enter(Some(p), us, PieceKind::Pawn) => {
                    self.push_to(PieceKind::Pawn, from, to, out);
                }
                None if Some(to) == self.state.ep => {
                    if let Some(taken) = geo.step(to, fwd.opposite()) {
                        out.push(Move::en_passant(from, to, taken));
                    }
                }
                _ => {}
            }
        }
    }

    /// Fills `out` with the legal moves of the side to move.
    pub(crate) fn generate(&self, out: &mut MoveList) {
        self.generate_where(out, |_| true);
    }

    /// Fills `out` with the legal moves of the side to move for which
    /// `wanted` is true (asked before the costlier legality test).
    pub(crate) fn generate_where(&self, out: &mut MoveList, wanted: impl Fn(Move) -> bool) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let us = self.side;
        let them = us.opponent();
        let king = self.board.king(us);
        let in_check = king.is_some_and(|k| attacked(self.t, &self.board, k, them, true));
        let mut scratch = self.board.clone();
        for &mv in pseudo.iter() {
            if !wanted(mv) {
                continue;
            }
            let Some(mover) = scratch.get(mv.from) else {
                continue;
            };
            // Out of check, a move by a piece other than the King that
            // empties only cells off the King's lines cannot expose it: the
            // cell it leaves, and a Lion's first-leg victim (en passant is
            // always tried, and a Lion taking a Lion answers to rule 1).
            let needs_trial = in_check
                || mover.kind() == PieceKind::King
                || mv.kind == MoveKind::EnPassant
                || king.is_none_or(|k| {
                    self.t.aligned(k, mv.from)
                        || (mv.kind == MoveKind::TwoLeg && self.t.aligned(k, mv.aux))
                })
                || (mover.kind() == PieceKind::Lion
                    && self
                        .board
                        .get(mv.to)
                        .is_some_and(|p| p.is(them, PieceKind::Lion)));
            if !needs_trial {
                out.push(mv);
                continue;
            }
            let taken = play(self.t, &mut scratch, mv);
            let safe = scratch
                .king(us)
                .is_none_or(|k| !attacked(self.t, &scratch, k, them, true));
            let ok = safe && trade_allowed(self.t, &scratch, mover, mv, taken);
            take_back(self.t, &mut scratch, mv, mover, taken);
            if ok {
                out.push(mv);
            }
        }
    }
}
