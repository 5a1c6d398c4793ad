//! Legal move generation for chess: checks and pins found first from the
//! King's rays, so every move produced is legal without being tried.

use super::Chess;
use super::castling::CastleSide;
use crate::core::attack::{is_attacked, pawn_capture_directions, slides_along};
use crate::core::orthodox::{for_each_slide, pawn_start_rank, push_pawn_step};
use crate::core::{Cell, CellSet, Leap, LineKind, Move, MoveList, PieceKind, Seat};

pub use crate::core::orthodox::PROMOTIONS;
pub(crate) use crate::core::orthodox::pawn_forward as forward;

/// Where the side to move may go: the cells that answer a check, and the
/// lines pinned pieces must keep to.
struct Constraints {
    checkers: u32,
    /// Cells that block or capture the single checker.
    check_mask: CellSet,
    pinned: CellSet,
    pins: [(Cell, CellSet); 8],
    pin_count: usize,
}

impl Constraints {
    /// The cells a non-King piece on `from` may move to, or `None` if any.
    #[inline(always)]
    fn allowed(&self, from: Cell) -> Option<CellSet> {
        let mut mask = (self.checkers > 0).then_some(self.check_mask);
        if self.pinned.contains(from) {
            for &(cell, line) in &self.pins[..self.pin_count] {
                if cell == from {
                    mask = Some(match mask {
                        Some(m) => m.intersection(&line),
                        None => line,
                    });
                }
            }
        }
        mask
    }
}

impl Chess {
    /// Whether `target` is attacked by `by`, treating `ignore` as empty.
    #[inline(always)]
    pub(crate) fn attacked(&self, target: Cell, by: Seat, ignore: Option<Cell>) -> bool {
        is_attacked(
            self.geo,
            &self.board,
            target,
            by,
            forward(by),
            ignore,
            |_| true,
        )
    }

    fn constraints(&self, king: Cell, us: Seat) -> Constraints {
        let (geo, board) = (self.geo, &self.board);
        let mut c = Constraints {
            checkers: 0,
            check_mask: CellSet::EMPTY,
            pinned: CellSet::EMPTY,
            pins: [(Cell(0), CellSet::EMPTY); 8],
            pin_count: 0,
        };
        for line in [LineKind::Orthogonal, LineKind::Diagonal] {
            for ray in geo.rays(king, line) {
                let mut shield: Option<Cell> = None;
                for (i, &cell) in ray.iter().enumerate() {
                    let Some(p) = board.get(cell) else { continue };
                    if p.seat() == us {
                        if shield.is_some() {
                            break;
                        }
                        shield = Some(cell);
                        continue;
                    }
                    if slides_along(p.kind(), line) {
                        let segment: CellSet = ray[..=i].iter().copied().collect();
                        match shield {
                            Some(s) => {
                                c.pinned.insert(s);
                                c.pins[c.pin_count] = (s, segment);
                                c.pin_count += 1;
                            }
                            None => {
                                c.checkers += 1;
                                c.check_mask = c.check_mask.union(&segment);
                            }
                        }
                    }
                    break;
                }
            }
        }
        let them = us.opponent();
        for &cell in geo.leaps(king, Leap::Knight) {
            if board
                .get(cell)
                .is_some_and(|p| p.seat() == them && p.kind() == PieceKind::Knight)
            {
                c.checkers += 1;
                c.check_mask.insert(cell);
            }
        }
        for d in pawn_capture_directions(forward(us)) {
            if let Some(cell) = geo.step(king, d)
                && board
                    .get(cell)
                    .is_some_and(|p| p.seat() == them && p.kind() == PieceKind::Pawn)
            {
                c.checkers += 1;
                c.check_mask.insert(cell);
            }
        }
        c
    }

    /// Fills `out` with the legal moves of the side to move.
    pub(crate) fn generate(&self, out: &mut MoveList) {
        let us = self.side;
        let Some(king) = self.board.king(us) else {
            return;
        };
        let c = self.constraints(king, us);
        self.king_moves(king, us, c.checkers == 0, out);
        if c.checkers >= 2 {
            return;
        }
        let geo = self.geo;
        for from in self.board.occupied_by(us).iter() {
            let Some(piece) = self.board.get(from) else {
                continue;
            };
            let allowed = c.allowed(from);
            match piece.kind() {
                PieceKind::Pawn => self.pawn_moves(from, us, allowed, out),
                PieceKind::Knight => {
                    for &to in geo.leaps(from, Leap::Knight) {
                        self.push_if(from, to, us, allowed, out);
                    }
                }
                PieceKind::King => {}
                kind => for_each_slide(geo, &self.board, from, kind, |to, occupant| {
                    if occupant.is_none_or(|p| p.seat() != us)
                        && allowed.is_none_or(|m| m.contains(to))
                    {
                        out.push(Move::normal(from, to));
                    }
                }),
            }
        }
    }

    #[inline(always)]
    fn push_if(
        &self,
        from: Cell,
        to: Cell,
        us: Seat,
        allowed: Option<CellSet>,
        out: &mut MoveList,
    ) {
        if self.board.get(to).is_none_or(|p| p.seat() != us)
            && allowed.is_none_or(|m| m.contains(to))
        {
            out.push(Move::normal(from, to));
        }
    }

    fn king_moves(&self, king: Cell, us: Seat, may_castle: bool, out: &mut MoveList) {
        let them = us.opponent();
        for leap in [Leap::Wazir, Leap::Ferz] {
            for &to in self.geo.leaps(king, leap) {
                if self.board.get(to).is_none_or(|p| p.seat() != us)
                    && !self.attacked(to, them, Some(king))
                {
                    out.push(Move::normal(king, to));
                }
            }
        }
        if may_castle {
            for side in [CastleSide::King, CastleSide::Queen] {
                if let Some(mv) = self.castle_move(us, side) {
                    out.push(mv);
                }
            }
        }
    }

    fn pawn_moves(&self, from: Cell, us: Seat, allowed: Option<CellSet>, out: &mut MoveList) {
        let geo = self.geo;
        let fwd = forward(us);
        let start_rank = pawn_start_rank(us);
        let ok = |to: Cell| allowed.is_none_or(|m| m.contains(to));
        let push = |to: Cell, out: &mut MoveList| push_pawn_step(geo, us, from, to, out);
        if let Some(one) = geo.step(from, fwd)
            && self.board.is_empty(one)
        {
            if ok(one) {
                push(one, out);
            }
            if geo.rank(from) == start_rank
                && let Some(two) = geo.step(one, fwd)
                && self.board.is_empty(two)
                && ok(two)
            {
                out.push(Move::double_step(from, two, one));
            }
        }
        for d in pawn_capture_directions(fwd) {
            let Some(to) = geo.step(from, d) else {
                continue;
            };
            match self.board.get(to) {
                Some(p) if p.seat() != us && ok(to) => push(to, out),
                None if Some(to) == self.state.ep => {
                    if let Some(taken) = geo.step(to, fwd.opposite())
                        && self.en_passant_is_safe(from, to, taken, us)
                    {
                        out.push(Move::en_passant(from, to, taken));
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether taking en passant leaves our King safe: tried on a copy, as it
    /// removes two pieces from one rank at once.
    fn en_passant_is_safe(&self, from: Cell, to: Cell, taken: Cell, us: Seat) -> bool {
        let mut board = self.board.clone();
        if board.take(taken).is_none() {
            return false;
        }
        board.shift(from, to);
        let Some(king) = board.king(us) else {
            return false;
        };
        let them = us.opponent();
        !is_attacked(self.geo, &board, king, them, forward(them), None, |_| true)
    }
}
