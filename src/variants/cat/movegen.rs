//! Legal moves of Cat Chess. The armies' moves are generated under the
//! capture rule, then each one that could matter is tried on a copy of the
//! board to see that it leaves the mover's King out of check; the Cats step
//! like a King onto empty cells, or pass.

use super::{CATS, CatChess};
use crate::core::attack::{is_attacked, pawn_capture_directions};
use crate::core::orthodox::{
    CastleSide, castle_candidate, for_each_slide, pawn_forward, pawn_start_rank, play_on_board,
    push_pawn_step, take_back_on_board,
};
use crate::core::{
    Board, Cell, CellSet, Leap, LineKind, Move, MoveKind, MoveList, PieceKind, Seat,
};

/// What a piece finds on a cell it could go to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// An empty cell: it may go there.
    Empty,
    /// An enemy piece it may capture.
    Capture,
    /// A piece it may not capture (its own, a Cat, a King, or a capture the zones forbid).
    Blocked,
}

/// What decides whether an army's candidate move is legal.
struct KingWatch {
    us: Seat,
    king: Cell,
    /// The King stands in a zone: while it stays there nothing can check it.
    sheltered: bool,
    /// The King is in check now.
    checked: bool,
    /// The cells on the King's lines: only a piece leaving one of them (or
    /// an en-passant capture) can open a line onto an unchecked King.
    lines: CellSet,
}

impl CatChess {
    /// Whether an armed piece of `by` attacks `cell` on `board`: pieces in a
    /// zone attack nothing but still block lines.
    #[inline(always)]
    pub(crate) fn attacked_by(&self, board: &Board, cell: Cell, by: Seat) -> bool {
        let zones = self.zones;
        is_attacked(self.geo, board, cell, by, pawn_forward(by), None, |c| {
            !zones.contains(c)
        })
    }

    /// Whether `seat`'s King stands open on `board`: outside every zone and
    /// attacked by an armed enemy. On `seat`'s own turn that is check.
    #[inline(always)]
    pub(crate) fn king_open(&self, board: &Board, seat: Seat) -> bool {
        board
            .king(seat)
            .is_some_and(|k| !self.zones.contains(k) && self.attacked_by(board, k, seat.opponent()))
    }

    /// Fills `out` with the legal moves of the side to move.
    pub(crate) fn generate(&self, out: &mut MoveList) {
        self.generate_some(out, false);
    }

    /// Fills `out` with the legal captures and promotions of the side to
    /// move (none for the Cats): the moves a capture search looks at,
    /// tested for the King's safety only once the rest are dropped.
    pub(crate) fn generate_noisy(&self, out: &mut MoveList) {
        self.generate_some(out, true);
    }

    /// The legal moves of the side to move, or with `noisy_only` just its
    /// captures and promotions.
    fn generate_some(&self, out: &mut MoveList, noisy_only: bool) {
        if self.side == CATS {
            if !noisy_only {
                self.cat_moves(out);
            }
            return;
        }
        let us = self.side;
        let Some(king) = self.board.king(us) else {
            return;
        };
        let mut lines = CellSet::new();
        for line in [LineKind::Orthogonal, LineKind::Diagonal] {
            for ray in self.geo.rays(king, line) {
                for &cell in ray {
                    lines.insert(cell);
                }
            }
        }
        let watch = KingWatch {
            us,
            king,
            sheltered: self.zones.contains(king),
            checked: self.king_open(&self.board, us),
            lines,
        };
        self.army_moves(us, watch.checked, out);
        if noisy_only {
            out.retain(|mv| {
                mv.promotion.is_some()
                    || self.board.get(mv.to).is_some()
                    || mv.kind == MoveKind::EnPassant
            });
        }
        let mut scratch = self.board.clone();
        out.retain(|mv| self.keeps_king_safe(&mut scratch, &watch, *mv));
    }

    /// Whether `mv` leaves the mover's King out of check, trying it on
    /// `scratch` (a copy of the board, restored before returning) only when
    /// it could matter.
    #[inline(always)]
    fn keeps_king_safe(&self, scratch: &mut Board, watch: &KingWatch, mv: Move) -> bool {
        if mv.from == watch.king {
            if self.zones.contains(mv.to) {
                return true;
            }
            let taken = play_on_board(scratch, mv);
            let safe = !self.attacked_by(scratch, mv.to, watch.us.opponent());
            take_back_on_board(scratch, mv, taken);
            return safe;
        }
        if watch.sheltered
            || (!watch.checked && mv.kind != MoveKind::EnPassant && !watch.lines.contains(mv.from))
        {
            return true;
        }
        let taken = play_on_board(scratch, mv);
        let safe = !self.king_open(scratch, watch.us);
        take_back_on_board(scratch, mv, taken);
        safe
    }

    /// What a piece standing armed (or not) finds on `to`.
    #[inline(always)]
    fn reach(&self, to: Cell, armed: bool, them: Seat) -> Reach {
        match self.board.get(to) {
            None => Reach::Empty,
            Some(p)
                if armed
                    && p.seat() == them
                    && p.kind() != PieceKind::King
                    && !self.zones.contains(to) =>
            {
                Reach::Capture
            }
            Some(_) => Reach::Blocked,
        }
    }

    /// The moves of `us`'s pieces under the capture rule, before the test
    /// for the King's safety; castling only when not `in_check`.
    fn army_moves(&self, us: Seat, in_check: bool, out: &mut MoveList) {
        let geo = self.geo;
        let them = us.opponent();
        for from in self.board.occupied_by(us).iter() {
            let Some(piece) = self.board.get(from) else {
                continue;
            };
            let armed = !self.zones.contains(from);
            match piece.kind() {
                PieceKind::Pawn => self.pawn_moves(from, us, armed, out),
                PieceKind::Knight => self.step_moves(from, &[Leap::Knight], armed, them, out),
                PieceKind::King => {
                    self.step_moves(from, &[Leap::Wazir, Leap::Ferz], armed, them, out)
                }
                kind => for_each_slide(geo, &self.board, from, kind, |to, _| {
                    if self.reach(to, armed, them) != Reach::Blocked {
                        out.push(Move::normal(from, to));
                    }
                }),
            }
        }
        if !in_check {
            self.castling_moves(us, out);
        }
    }

    /// A leaper's or King's steps to empty cells and allowed captures.
    #[inline(always)]
    fn step_moves(&self, from: Cell, leaps: &[Leap], armed: bool, them: Seat, out: &mut MoveList) {
        for &leap in leaps {
            for &to in self.geo.leaps(from, leap) {
                if self.reach(to, armed, them) != Reach::Blocked {
                    out.push(Move::normal(from, to));
                }
            }
        }
    }

    /// Castling: the right held, King and Rook at home, the cells between
    /// empty, and no cell the King crosses or lands on attacked, in a zone
    /// or not.
    fn castling_moves(&self, us: Seat, out: &mut MoveList) {
        for side in [CastleSide::King, CastleSide::Queen] {
            if let Some((mv, king_path)) =
                castle_candidate(&self.board, self.state.castling, us, side)
                && !king_path
                    .iter()
                    .any(|&c| self.attacked_by(&self.board, Cell(c), us.opponent()))
            {
                out.push(mv);
            }
        }
    }

    /// A pawn's steps, double step, captures and en passant; a capture is
    /// refused when the pawn, the piece taken or (en passant) the landing
    /// cell is in a zone.
    fn pawn_moves(&self, from: Cell, us: Seat, armed: bool, out: &mut MoveList) {
        let geo = self.geo;
        let fwd = pawn_forward(us);
        let them = us.opponent();
        if let Some(one) = geo.step(from, fwd)
            && self.board.is_empty(one)
        {
            push_pawn_step(geo, us, from, one, out);
            if geo.rank(from) == pawn_start_rank(us)
                && let Some(two) = geo.step(one, fwd)
                && self.board.is_empty(two)
            {
                out.push(Move::double_step(from, two, one));
            }
        }
        if !armed {
            return;
        }
        for d in pawn_capture_directions(fwd) {
            let Some(to) = geo.step(from, d) else {
                continue;
            };
            match self.reach(to, armed, them) {
                Reach::Capture => push_pawn_step(geo, us, from, to, out),
                Reach::Empty if Some(to) == self.state.ep && !self.zones.contains(to) => {
                    if let Some(taken) = geo.step(to, fwd.opposite())
                        && !self.zones.contains(taken)
                        && self
                            .board
                            .get(taken)
                            .is_some_and(|p| p.is(them, PieceKind::Pawn))
                    {
                        out.push(Move::en_passant(from, to, taken));
                    }
                }
                _ => {}
            }
        }
    }

    /// The Cats' moves: each Cat one step onto an empty cell, then the pass.
    fn cat_moves(&self, out: &mut MoveList) {
        let mut cats = self.cats;
        cats.sort();
        for cat in cats {
            self.empty_steps(cat, out);
        }
        out.push(Move::PASS);
    }

    /// A King-like step from `from` to each empty neighbour.
    #[inline(always)]
    fn empty_steps(&self, from: Cell, out: &mut MoveList) {
        for leap in [Leap::Wazir, Leap::Ferz] {
            for &to in self.geo.leaps(from, leap) {
                if self.board.is_empty(to) {
                    out.push(Move::normal(from, to));
                }
            }
        }
    }
}
