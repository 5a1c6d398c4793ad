//! Legal moves of Polar chess, on `u128` bitboards of the sphere's lines
//! ([`LineSets`], built from the board's tables: rays that end in
//! triangles and close round loops, knight leaps) and the pawns' tables.
//!
//! Checks and pins come first, from walking the King's rays: a check by a
//! slider is answered on the cells of its ray up to it, any other by
//! taking the checker, and a piece alone between the King and an enemy
//! slider keeps to that ray (on a sphere a piece may be pinned along two
//! rays at once, and one slider may check along two). So every move is
//! legal as produced; a King's step and en passant are judged on the cells
//! as they would be.

use super::Polar;
use crate::core::bitboard::{BitSet, cells_of};
use crate::core::line_sets::LineSets;
use crate::core::orthodox::PROMOTIONS;
use crate::core::{Cell, Leap, LineKind, Move, MoveKind, MoveList, PieceKind, Seat};
use arrayvec::ArrayVec;

/// The bit of `cell` on the sphere.
#[inline(always)]
fn bit(cell: Cell) -> u128 {
    u128::bit(cell)
}

/// The line kinds, with the kinds that slide along each.
const LINES: [(LineKind, [PieceKind; 2]); 2] = [
    (LineKind::Orthogonal, [PieceKind::Rook, PieceKind::Queen]),
    (LineKind::Diagonal, [PieceKind::Bishop, PieceKind::Queen]),
];

/// What the King's rays say about the moves of the side to move.
struct KingLines {
    /// Where a piece other than the King must go: every cell out of
    /// check, the cells answering every check in it (none when no one
    /// move answers them all).
    target: u128,
    /// Our pinned pieces with the cells each may keep to.
    pins: ArrayVec<(Cell, u128), 16>,
    /// The pinned pieces as one set.
    pinned: u128,
}

impl KingLines {
    /// Where the piece on `from` may go.
    #[inline(always)]
    fn keep_to(&self, from: Cell) -> u128 {
        if (self.pinned & bit(from)).is_empty() {
            return self.target;
        }
        self.pins
            .iter()
            .filter(|(c, _)| *c == from)
            .fold(self.target, |keep, (_, ray)| keep & *ray)
    }
}

impl Polar {
    /// The sphere's lines and leaps as bitboards.
    #[inline(always)]
    fn lines(&self) -> &'static LineSets<u128> {
        self.tables.line_sets()
    }

    /// Whether any of `theirs` (pieces of `by`) attacks `target` when
    /// `occupied` is occupied: a pawn from its capture cells, a knight by
    /// its leap, a King by a step, a slider from the first piece on one of
    /// `target`'s rays of its line.
    #[inline(always)]
    pub(crate) fn attacked_over(
        &self,
        target: Cell,
        by: Seat,
        theirs: u128,
        occupied: u128,
    ) -> bool {
        let l = self.lines();
        let s = &self.sets;
        let kind = |k: PieceKind| s.kind(k) & theirs;
        if !((self.tables.pawn_attacker_bits(by, target) & kind(PieceKind::Pawn))
            | (l.leap(target, Leap::Knight) & kind(PieceKind::Knight))
            | (l.steps(target) & kind(PieceKind::King)))
        .is_empty()
        {
            return true;
        }
        let queens = kind(PieceKind::Queen);
        LINES.iter().any(|&(line, [slider, _])| {
            let sliders = kind(slider) | queens;
            !sliders.is_empty()
                && l.rays(target, line).iter().any(|ray| {
                    !(ray.cells & sliders).is_empty()
                        && l.first(ray, occupied)
                            .is_some_and(|(c, _)| !(sliders & bit(c)).is_empty())
                })
        })
    }

    /// Whether `by` attacks `target` as the pieces stand.
    #[inline(always)]
    pub(crate) fn attacked(&self, target: Cell, by: Seat) -> bool {
        self.attacked_over(target, by, self.sets.seat(by), self.sets.occupied())
    }

    /// Whether `seat`'s King is attacked.
    #[inline(always)]
    pub(crate) fn king_attacked(&self, seat: Seat) -> bool {
        self.board
            .king(seat)
            .is_some_and(|k| self.attacked(k, seat.opponent()))
    }

    /// Checks and pins of the King on `king`, from its rays.
    fn king_lines(&self, king: Cell) -> KingLines {
        let us = self.side;
        let them = us.opponent();
        let l = self.lines();
        let s = &self.sets;
        let theirs = s.seat(them);
        let occupied = s.occupied();
        let mut lines = KingLines {
            target: !0,
            pins: ArrayVec::new(),
            pinned: 0,
        };
        let leapers = (self.tables.pawn_attacker_bits(them, king) & s.kind(PieceKind::Pawn))
            | (l.leap(king, Leap::Knight) & s.kind(PieceKind::Knight))
            | (l.steps(king) & s.kind(PieceKind::King));
        for checker in cells_of(leapers & theirs) {
            lines.target &= bit(checker);
        }
        for (line, [slider, queen]) in LINES {
            let sliders = (s.kind(slider) | s.kind(queen)) & theirs;
            for ray in l.rays(king, line) {
                if (ray.cells & sliders).is_empty() {
                    continue;
                }
                let Some((first, upto)) = l.first(ray, occupied) else {
                    continue;
                };
                if !(sliders & bit(first)).is_empty() {
                    lines.target &= upto;
                    continue;
                }
                if (s.seat(us) & bit(first)).is_empty() {
                    continue;
                }
                if let Some((second, upto)) = l.first(ray, occupied & !upto)
                    && !(sliders & bit(second)).is_empty()
                {
                    lines.pinned |= bit(first);
                    let _ = lines.pins.try_push((first, upto));
                }
            }
        }
        lines
    }

    /// Fills `out` with the legal moves of the side to move, or with
    /// `noisy_only` just its captures and promotions.
    pub(crate) fn generate(&self, out: &mut MoveList, noisy_only: bool) {
        self.all_moves(out);
        if noisy_only {
            out.retain(|mv| {
                mv.promotion.is_some()
                    || mv.kind == MoveKind::EnPassant
                    || self.board.get(mv.to).is_some()
            });
        }
    }

    /// Every legal move of the side to move.
    fn all_moves(&self, out: &mut MoveList) {
        let us = self.side;
        let them = us.opponent();
        let l = self.lines();
        let s = &self.sets;
        let own = s.seat(us);
        let occupied = s.occupied();
        let lines = match self.board.king(us) {
            Some(king) => self.king_lines(king),
            None => KingLines {
                target: !0,
                pins: ArrayVec::new(),
                pinned: 0,
            },
        };
        for from in cells_of(own) {
            let Some(piece) = self.board.get(from) else {
                continue;
            };
            let reach = match piece.kind() {
                PieceKind::Pawn => {
                    self.pawn_moves(from, us, lines.keep_to(from), out);
                    continue;
                }
                PieceKind::King => {
                    let without = occupied & !bit(from);
                    for to in cells_of(l.steps(from) & !own) {
                        let theirs = s.seat(them) & !bit(to);
                        if !self.attacked_over(to, them, theirs, without | bit(to)) {
                            out.push(Move::normal(from, to));
                        }
                    }
                    continue;
                }
                PieceKind::Knight => l.leap(from, Leap::Knight),
                PieceKind::Rook => l.slide(from, LineKind::Orthogonal, occupied),
                PieceKind::Bishop => l.slide(from, LineKind::Diagonal, occupied),
                PieceKind::Queen => {
                    l.slide(from, LineKind::Orthogonal, occupied)
                        | l.slide(from, LineKind::Diagonal, occupied)
                }
                _ => 0,
            };
            for to in cells_of(reach & !own & lines.keep_to(from)) {
                out.push(Move::normal(from, to));
            }
        }
    }

    /// A pawn's steps across forward edges (into empty quads), double steps
    /// from its starting cell, captures along forward diagonals and en
    /// passant; each arrival on an enemy central cell promotes. `keep_to`
    /// says where the pawn may go.
    fn pawn_moves(&self, from: Cell, us: Seat, keep_to: u128, out: &mut MoveList) {
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
        let allowed = |to: Cell| !(keep_to & bit(to)).is_empty();
        // Only a capture enters or leaves a triangle.
        let steps = if t.is_triangle(from) {
            &[][..]
        } else {
            t.forward_edges(us, from)
        };
        for &to in steps {
            if self.board.is_empty(to) && !t.is_triangle(to) && allowed(to) {
                push(to, out);
            }
        }
        if self.state.rights.contains(from) && !t.is_triangle(from) {
            for &(over, to) in t.double_steps(us, from) {
                if self.board.is_empty(over) && self.board.is_empty(to) && allowed(to) {
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
                Some(p) if p.seat() != us && allowed(to) => push(to, out),
                None => {
                    if let Some(ep) = self.state.ep
                        && ep.over == to
                        && self
                            .board
                            .get(ep.landing)
                            .is_some_and(|p| p.is(us.opponent(), PieceKind::Pawn))
                        && self.en_passant_is_safe(from, to, ep.landing)
                    {
                        out.push(Move::en_passant(from, to, ep.landing));
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether taking en passant from `from` to `to`, removing the pawn on
    /// `taken`, leaves the King unattacked: two cells are emptied at once,
    /// so the test is made on the cells as they would be.
    fn en_passant_is_safe(&self, from: Cell, to: Cell, taken: Cell) -> bool {
        let them = self.side.opponent();
        let s = &self.sets;
        let occupied = (s.occupied() & !bit(from) & !bit(taken)) | bit(to);
        let theirs = s.seat(them) & !bit(taken);
        self.board
            .king(self.side)
            .is_none_or(|k| !self.attacked_over(k, them, theirs, occupied))
    }
}
