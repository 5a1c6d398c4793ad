//! Legal moves of Polar chess. Pieces move along the board's tables
//! (rays that end in triangles and close round loops, knight leaps, the
//! pawns' forward cells); each move that could expose the King is tried
//! on a copy of the board.

use super::Polar;
use crate::core::attack::is_attacked;
use crate::core::orthodox::{PROMOTIONS, for_each_slide, play_on_board, take_back_on_board};
use crate::core::{Board, Cell, CellSet, Direction, Leap, LineKind, Move, MoveKind, MoveList};
use crate::core::{PieceKind, Seat};

impl Polar {
    /// Whether `by` attacks `target` on `board`. The core's test covers the
    /// sliders, knights and King from the board's tables (a graph has no
    /// grid steps, so it finds no pawn); pawns are looked up in the
    /// board's capture table.
    #[inline(always)]
    pub(crate) fn attacked(&self, board: &Board, target: Cell, by: Seat) -> bool {
        let geo = self.tables.geometry();
        self.tables
            .pawn_attackers(by, target)
            .iter()
            .any(|&c| board.get(c).is_some_and(|p| p.is(by, PieceKind::Pawn)))
            || is_attacked(geo, board, target, by, Direction::North, None, |_| true)
    }

    /// Whether `seat`'s King is attacked on `board`.
    #[inline(always)]
    pub(crate) fn king_attacked(&self, board: &Board, seat: Seat) -> bool {
        board
            .king(seat)
            .is_some_and(|k| self.attacked(board, k, seat.opponent()))
    }

    /// Fills `out` with the legal moves of the side to move, or with
    /// `noisy_only` just its captures and promotions.
    pub(crate) fn generate(&self, out: &mut MoveList, noisy_only: bool) {
        let us = self.side;
        self.pseudo_moves(us, out);
        if noisy_only {
            out.retain(|mv| {
                mv.promotion.is_some()
                    || mv.kind == MoveKind::EnPassant
                    || self.board.get(mv.to).is_some()
            });
        }
        let Some(king) = self.board.king(us) else {
            return;
        };
        let checked = self.king_attacked(&self.board, us);
        let mut lines = CellSet::new();
        let geo = self.tables.geometry();
        for line in [LineKind::Orthogonal, LineKind::Diagonal] {
            for ray in geo.rays(king, line) {
                for &cell in ray {
                    lines.insert(cell);
                }
            }
        }
        let mut scratch = self.board.clone();
        out.retain(|mv| {
            // A piece off the King's lines cannot open one onto it.
            let may_expose = checked
                || mv.from == king
                || mv.kind == MoveKind::EnPassant
                || lines.contains(mv.from);
            if !may_expose {
                return true;
            }
            let taken = play_on_board(&mut scratch, *mv);
            let safe = !self.king_attacked(&scratch, us);
            take_back_on_board(&mut scratch, *mv, taken);
            safe
        });
    }

    /// Every move of `us`'s pieces by their movement alone, before the test
    /// for the King's safety. A cell two rays reach (round a loop either
    /// way) gives one move.
    fn pseudo_moves(&self, us: Seat, out: &mut MoveList) {
        let geo = self.tables.geometry();
        let them = us.opponent();
        let open = |to: Cell| self.board.get(to).is_none_or(|p| p.seat() == them);
        for from in self.board.occupied_by(us).iter() {
            let Some(piece) = self.board.get(from) else {
                continue;
            };
            match piece.kind() {
                PieceKind::Pawn => self.pawn_moves(from, us, out),
                PieceKind::Knight => {
                    for &to in geo.leaps(from, Leap::Knight) {
                        if open(to) {
                            out.push(Move::normal(from, to));
                        }
                    }
                }
                PieceKind::King => {
                    for leap in [Leap::Wazir, Leap::Ferz] {
                        for &to in geo.leaps(from, leap) {
                            if open(to) {
                                out.push(Move::normal(from, to));
                            }
                        }
                    }
                }
                kind => {
                    let mut seen = CellSet::new();
                    for_each_slide(geo, &self.board, from, kind, |to, occupant| {
                        if occupant.is_none_or(|p| p.seat() == them) && !seen.contains(to) {
                            seen.insert(to);
                            out.push(Move::normal(from, to));
                        }
                    });
                }
            }
        }
    }

    /// A pawn's steps across forward edges (into empty quads), double steps
    /// from its starting cell, captures along forward diagonals and en
    /// passant; each arrival on an enemy central cell promotes.
    fn pawn_moves(&self, from: Cell, us: Seat, out: &mut MoveList) {
        let t = self.tables;
        let promotes = t.promotion_cells(us);
        let push = |to: Cell, out: &mut MoveList| {
            if promotes.contains(to) {
                for kind in PROMOTIONS {
                    out.push(Move::promoting(from, to, kind));
                }
            } else {
                out.push(Move::normal(from, to));
            }
        };
        // Only a capture enters or leaves a triangle.
        let steps = if t.is_triangle(from) {
            &[][..]
        } else {
            t.forward_edges(us, from)
        };
        for &to in steps {
            if self.board.is_empty(to) && !t.is_triangle(to) {
                push(to, out);
            }
        }
        if self.state.rights.contains(from) && !t.is_triangle(from) {
            for &(over, to) in t.double_steps(us, from) {
                if self.board.is_empty(over) && self.board.is_empty(to) {
                    if promotes.contains(to) {
                        // A double step onto a promotion cell promotes and
                        // leaves nothing to take en passant.
                        push(to, out);
                    } else {
                        out.push(Move::double_step(from, to, over));
                    }
                }
            }
        }
        for &to in t.forward_diagonals(us, from) {
            match self.board.get(to) {
                Some(p) if p.seat() != us => push(to, out),
                None => {
                    if let Some(ep) = self.state.ep
                        && ep.over == to
                        && self
                            .board
                            .get(ep.landing)
                            .is_some_and(|p| p.is(us.opponent(), PieceKind::Pawn))
                    {
                        out.push(Move::en_passant(from, to, ep.landing));
                    }
                }
                _ => {}
            }
        }
    }
}
