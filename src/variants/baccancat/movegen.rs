//! Move generation: every piece's moves from the tables, castling and
//! cathedralling, capture promotion and promotion from the Reserve, and
//! the legality test (the mover's King not attacked after the move and its
//! refills).

use super::attack::{attacked_along, direction_between, is_attacked};
use super::pieces::{capture_promotion, hops, leaps, slides};
use super::refill::{empty_lines, refill};
use super::state::Position;
use super::tables::{FootSteps, tables};
use crate::core::orthodox::play_on_board;
use crate::core::{Cell, Direction, LineKind, Move, MoveKind, MoveList, Piece, PieceKind};

/// The castling distances: the partner stands 3 or 4 steps from the King.
const PARTNER_DISTANCES: [usize; 2] = [3, 4];

impl Position {
    /// Whether `seat`'s King is attacked by any other army.
    pub fn king_attacked(&self, seat: crate::core::Seat) -> bool {
        self.board
            .king(seat)
            .is_some_and(|k| is_attacked(tables(), &self.board, self.leapers, k, |s| s != seat))
    }

    /// Fills `out` with the legal moves of the army to move: `pass` alone
    /// when it has none; nothing once the game is over.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let quiet = self.quiet();
        for &mv in pseudo.iter() {
            if self.is_legal(mv, quiet) {
                out.push(mv);
            }
        }
        if out.is_empty() {
            out.push(Move::PASS);
        }
    }

    /// Whether the army to move has a legal move other than passing.
    pub fn has_legal_move(&self) -> bool {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let quiet = self.quiet();
        pseudo.iter().any(|&mv| self.is_legal(mv, quiet))
    }

    /// Whether the mover is in check, and whether some camp line already
    /// stands empty (to be refilled after any move).
    fn quiet(&self) -> Quiet {
        Quiet {
            in_check: self.king_attacked(self.side),
            empty_line: !empty_lines(tables(), &self.board, self.in_play_mask()).is_empty(),
        }
    }

    /// Whether a pseudo-legal `mv` keeps the mover's King safe, after its
    /// refills; castling also not out of or through check.
    fn is_legal(&self, mv: Move, quiet: Quiet) -> bool {
        let t = tables();
        let us = self.side;
        if !quiet.in_check && !quiet.empty_line && self.cannot_expose_king(mv) {
            return true;
        }
        if let Some(safe) = self.lines_stay_safe(mv, quiet) {
            return safe;
        }
        if mv.kind == MoveKind::Castle {
            if quiet.in_check {
                return false;
            }
            let crossed = Cell(((mv.from.0 as u16 + mv.to.0 as u16) / 2) as u8);
            let mut board = self.board.clone();
            board.shift(mv.from, crossed);
            if is_attacked(t, &board, self.leapers, crossed, |s| s != us) {
                return false;
            }
        }
        let mut board = self.board.clone();
        play_on_board(&mut board, mv);
        refill(t, &mut board, self.in_play_mask(), |_| {});
        board
            .king(us)
            .is_none_or(|k| !is_attacked(t, &board, self.leapers, k, |s| s != us))
    }

    /// Whether `mv` plainly leaves the mover's King (not in check) as safe
    /// as it was: not a King's move, neither cell on a line through the
    /// King (where a slider could be unmasked or a hopper given a screen),
    /// and no refill possible (the cell left is on no camp line). Leapers'
    /// and foot soldiers' attacks do not depend on other pieces.
    #[inline]
    fn cannot_expose_king(&self, mv: Move) -> bool {
        let t = tables();
        let Some(king) = self.board.king(self.side) else {
            return true;
        };
        mv.kind != MoveKind::Castle
            && mv.from != king
            && t.lines_through[mv.from.index()].is_empty()
            && !t.rays[king.index()].contains(mv.from)
            && !t.rays[king.index()].contains(mv.to)
    }

    /// For a move that changes only its two cells (not a King's move nor a
    /// castling, no refill possible, the mover not in check): whether the
    /// King is still safe, looking only along the King's lines through
    /// those two cells, the only attacks the move can open. `None` when
    /// the move needs the full test.
    fn lines_stay_safe(&self, mv: Move, quiet: Quiet) -> Option<bool> {
        let t = tables();
        let king = self.board.king(self.side)?;
        if quiet.in_check
            || quiet.empty_line
            || mv.kind == MoveKind::Castle
            || mv.from == king
            || !t.lines_through[mv.from.index()].is_empty()
        {
            return None;
        }
        let mut board = self.board.clone();
        play_on_board(&mut board, mv);
        let us = self.side;
        let by = |s: crate::core::Seat| s != us;
        let mut seen = None;
        for cell in [mv.from, mv.to] {
            if !t.rays[king.index()].contains(cell) {
                continue;
            }
            let Some(d) = direction_between(t, king, cell) else {
                continue;
            };
            if seen == Some(d) {
                continue;
            }
            seen = Some(d);
            if attacked_along(t, &board, king, d, &by) {
                return Some(false);
            }
        }
        Some(true)
    }

    /// The captures and promotions of the army to move that are legal.
    pub fn capture_moves(&self, out: &mut MoveList) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let quiet = self.quiet();
        for &mv in pseudo.iter() {
            let capture = mv.kind == MoveKind::Normal && self.board.get(mv.to).is_some();
            if (capture || mv.promotion.is_some()) && self.is_legal(mv, quiet) {
                out.push(mv);
            }
        }
    }

    /// Every move of the army to move by the pieces' movement alone.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        let t = tables();
        let us = self.side;
        for from in self.board.occupied_by(us).iter() {
            let Some(piece) = self.board.get(from) else {
                continue;
            };
            match piece.kind() {
                PieceKind::Pawn => self.foot_moves(&t.army(us).pawn, from, out),
                PieceKind::Yeoman => self.foot_moves(&t.army(us).yeoman, from, out),
                PieceKind::King => {
                    for d in Direction::ALL {
                        if let Some(to) = t.geo.step(from, d) {
                            self.arrive(piece, from, to, out);
                        }
                    }
                    self.castlings(from, out);
                }
                kind => {
                    for &leap in leaps(kind) {
                        for &to in t.geo.leaps(from, leap) {
                            self.arrive(piece, from, to, out);
                        }
                    }
                    for line in [LineKind::Orthogonal, LineKind::Diagonal] {
                        let (slider, hopper) = (slides(kind, line), hops(kind, line));
                        if slider || hopper {
                            for ray in t.geo.rays(from, line) {
                                self.ride(piece, from, ray, hopper, out);
                            }
                        }
                    }
                }
            }
        }
    }

    /// A slider's or hopper's moves along one ray: every empty cell up to
    /// the first piece, then a slider's capture of that piece or a
    /// hopper's capture of the next piece beyond it.
    fn ride(&self, piece: Piece, from: Cell, ray: &[Cell], hopper: bool, out: &mut MoveList) {
        let mut screened = false;
        for &to in ray {
            if self.board.is_empty(to) {
                if !screened {
                    out.push(Move::normal(from, to));
                }
                continue;
            }
            if hopper && !screened {
                screened = true;
                continue;
            }
            self.arrive(piece, from, to, out);
            break;
        }
    }

    /// A step, leap or slide of `piece` to `to`: a move if `to` is empty,
    /// a capture (with its optional capture promotion) if an enemy stands there.
    #[inline]
    fn arrive(&self, piece: Piece, from: Cell, to: Cell, out: &mut MoveList) {
        match self.board.get(to) {
            None => out.push(Move::normal(from, to)),
            Some(victim) if victim.seat() != piece.seat() => {
                out.push(Move::normal(from, to));
                if let Some(kind) = capture_promotion(self.leapers, piece.kind(), victim.kind())
                    && self.reserve(kind) > 0
                {
                    out.push(Move::promoting(from, to, kind));
                }
            }
            Some(_) => {}
        }
    }

    /// A Pawn's or Yeoman's moves from `from`.
    fn foot_moves(&self, steps: &FootSteps, from: Cell, out: &mut MoveList) {
        let i = from.index();
        if let Some(to) = steps.push[i]
            && self.board.is_empty(to)
        {
            self.foot_arrival(from, to, out);
            if self.fresh.contains(from)
                && let Some(far) = steps.double[i]
                && self.board.is_empty(far)
            {
                out.push(Move::double_step(from, far, to));
            }
        }
        for to in steps.captures[i].into_iter().flatten() {
            if self.board.get(to).is_some_and(|p| p.seat() != self.side) {
                self.foot_arrival(from, to, out);
            }
        }
    }

    /// A foot soldier's arrival on `to`: on a promotion cell one move per
    /// piece the Reserve can give, or the winning move when it can give none.
    fn foot_arrival(&self, from: Cell, to: Cell, out: &mut MoveList) {
        if !tables().army(self.side).promotion.contains(to) {
            out.push(Move::normal(from, to));
            return;
        }
        let before = out.len();
        for kind in self.leapers.promotion_order() {
            if self.reserve(kind) > 0 {
                out.push(Move::promoting(from, to, kind));
            }
        }
        if out.len() == before {
            out.push(Move::normal(from, to));
        }
    }

    /// Castling and cathedralling of the King on `from`, if that is its
    /// home: with an unmoved partner 3 or 4 steps away along a line it may
    /// use, every cell between empty. Check is the legality test's business.
    fn castlings(&self, from: Cell, out: &mut MoveList) {
        let t = tables();
        if from != t.army(self.side).home {
            return;
        }
        for d in Direction::ALL {
            let ray = t.geo.ray_towards(from, d);
            for distance in PARTNER_DISTANCES {
                let Some(&partner) = ray.get(distance - 1) else {
                    break;
                };
                if ray[..distance - 1].iter().any(|&c| !self.board.is_empty(c)) {
                    break;
                }
                if self.partners.contains(partner)
                    && self.board.get(partner).is_some_and(|p| {
                        p.seat() == self.side && partner_line_ok(p.kind(), d.is_diagonal())
                    })
                {
                    out.push(Move::castle(from, ray[1], partner));
                }
            }
        }
    }
}

/// What the legality test needs to know of the position once.
#[derive(Clone, Copy)]
struct Quiet {
    in_check: bool,
    empty_line: bool,
}

/// Whether a castling partner of `kind` may castle along a diagonal
/// (`diagonal`) or orthogonal line: Rooks only orthogonally, Bishops only
/// diagonally, Queens either way.
fn partner_line_ok(kind: PieceKind, diagonal: bool) -> bool {
    match kind {
        PieceKind::Rook => !diagonal,
        PieceKind::Bishop => diagonal,
        PieceKind::Queen => true,
        _ => false,
    }
}
