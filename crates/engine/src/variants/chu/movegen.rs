//! Chu Chess move generation on `u128` bitboards: every piece's
//! pseudo-legal moves from the board's tables, then the legality test.
//!
//! Checks and pins come from the King's lines first, so that the move of
//! any piece but the King and the Lion is judged from two sets (the cells
//! that answer a check, the line a pinned piece keeps to). A King's move,
//! a Lion's move (which may empty two cells) and en passant are judged on
//! the cells as they would be after the move, without playing it, and a
//! Lion taking a Lion answers to trading rule 1 there too.
//!
//! The Lion's moves are one move per outcome: its origin, destination and
//! the cells it captured on.
//! - A jump or step to any of the 24 cells within two king steps (with or
//!   without a capture there) is a [`MoveKind::Normal`](crate::core::MoveKind::Normal) move; a two-step
//!   whose first leg lands on an empty cell is this same move.
//! - A two-step whose first leg captures is [`MoveKind::TwoLeg`](crate::core::MoveKind::TwoLeg)
//!   `from → aux → to`, `aux` being the first-leg victim: `to` may be empty
//!   (hit and run), hold an enemy (double capture) or be `from` (igui).
//! - The pass is `TwoLeg` with `aux == to == from`; it needs an empty
//!   neighbour, and is written as XBoard's null move `@@@@`
//!   ([`super::notation`]).

use super::Chu;
use super::attack::{attackers, is_attacked, outer};
use super::castling::push_castles;
use super::promotion::{PromotionMode, push_with_promotions, shogi_promotion};
use crate::core::attack::pawn_capture_directions;
use crate::core::bitboard::{BitSet, cells_of, only};
use crate::core::geometry::WideBitTables;
use crate::core::orthodox::pawn_forward;
use crate::core::{Cell, Game, Leap, Move, MoveKind, MoveList, PieceKind, Seat};

/// The rank `seat`'s Pawns start on and may double-step from.
const fn pawn_start_rank(seat: Seat) -> u8 {
    if seat.0 == 0 { 2 } else { 7 }
}

/// The bit of `cell` on the Chu board.
#[inline(always)]
fn bit(cell: Cell) -> u128 {
    u128::bit(cell)
}

/// What the King's lines say about the moves of the side to move.
struct KingLines {
    /// The King's cell (none on a board without one: then nothing checks).
    king: Option<Cell>,
    /// Enemy pieces attacking the King.
    checkers: u128,
    /// Where a piece other than the King must go to answer the check:
    /// every cell when there is none, nothing in double check.
    target: u128,
    /// Our pieces pinned to the King by an enemy slider.
    pinned: u128,
    /// The cells between the King and an enemy slider on one of its
    /// lines: only emptying one of them can open a line onto the King.
    exposed: u128,
}

impl Chu {
    /// Fills `out` with the legal moves of the side to move.
    pub(crate) fn generate(&self, out: &mut MoveList) {
        let us = self.side;
        let them = us.opponent();
        let t = self.t.wide();
        let s = &self.sets;
        let own = s.seat(us);
        let occupied = s.occupied();
        let lines = self.king_lines(t);
        // Trading rule 3: only a Lion may take a Lion this move.
        let shielded = if self.state.lion_ban {
            s.of_kind(them, PieceKind::Lion)
        } else {
            0
        };
        let has_lion = self.board.count(us, PieceKind::Lion) > 0;
        for from in cells_of(own) {
            let Some(piece) = self.board.get(from) else {
                continue;
            };
            let kind = piece.kind();
            let keep_to = match lines.king {
                Some(king) if lines.pinned & bit(from) != 0 => {
                    lines.target & t.ray_through(king, from)
                }
                _ => lines.target,
            };
            let reach = match kind {
                PieceKind::Lion => {
                    self.lion_moves(t, &lines, from, own, occupied, out);
                    continue;
                }
                PieceKind::Pawn => {
                    self.pawn_moves(t, &lines, from, keep_to, has_lion, shielded, out);
                    continue;
                }
                PieceKind::King => {
                    for to in cells_of(t.king(from) & !own & !shielded) {
                        let mv = Move::normal(from, to);
                        if self.king_move_is_safe(t, mv) {
                            out.push(mv);
                        }
                    }
                    if lines.checkers.is_empty() {
                        self.castling_moves(t, out);
                    }
                    continue;
                }
                PieceKind::Knight => t.knight(from),
                PieceKind::Rook => t.rook(from, occupied),
                PieceKind::Bishop => t.bishop(from, occupied),
                PieceKind::Queen => t.rook(from, occupied) | t.bishop(from, occupied),
                PieceKind::CrownedRook => t.rook(from, occupied) | t.leap(from, Leap::Ferz),
                PieceKind::CrownedBishop => t.bishop(from, occupied) | t.leap(from, Leap::Wazir),
                _ => t.king(from),
            };
            let cells = reach & !own & !shielded & keep_to;
            if !self.may_promote(kind) {
                for to in cells_of(cells) {
                    out.push(Move::normal(from, to));
                }
                continue;
            }
            for to in cells_of(cells) {
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
        }
    }

    /// Whether a move of a piece of `kind` may ever promote under the
    /// promotion mode in force (if not, its moves are plain).
    #[inline(always)]
    fn may_promote(&self, kind: PieceKind) -> bool {
        match self.options.promotion {
            PromotionMode::Chess => kind == PieceKind::Pawn,
            PromotionMode::Shogi => shogi_promotion(kind, false).is_some(),
        }
    }

    /// The King's castling moves (the caller has found it out of check).
    fn castling_moves(&self, t: &WideBitTables, out: &mut MoveList) {
        let us = self.side;
        let them = us.opponent();
        let s = &self.sets;
        let (theirs, occupied) = (s.seat(them), s.occupied());
        push_castles(
            self.t,
            &self.board,
            self.state.castling,
            us,
            |c| is_attacked(t, s, c, them, theirs, occupied, true),
            out,
        );
    }

    /// Fills `out` with the legal captures and promotions of the side to
    /// move: the moves a capture search looks at.
    pub(crate) fn generate_noisy(&self, out: &mut MoveList) {
        self.generate(out);
        out.retain(|&mv| mv.promotion.is_some() || self.captured(mv).is_some());
    }

    /// The Lion's pseudo-legal moves from `from` (see [`super::lion`]):
    /// a step or jump to any cell of its area not its own side's, a first
    /// leg capturing an adjacent enemy followed by a step anywhere free or
    /// back home, and the pass when a neighbour is empty.
    fn lion_moves(
        &self,
        t: &WideBitTables,
        lines: &KingLines,
        from: Cell,
        own: u128,
        occupied: u128,
        out: &mut MoveList,
    ) {
        let mut push = |mv: Move| {
            if self.lion_move_is_legal(t, lines, mv) {
                out.push(mv);
            }
        };
        let ring = t.king(from);
        for to in cells_of((ring | outer(t, from)) & !own) {
            push(Move::normal(from, to));
        }
        for mid in cells_of(ring & occupied & !own) {
            for to in cells_of(t.king(mid) & (!own | bit(from))) {
                push(Move::two_leg(from, mid, to));
            }
        }
        if !(ring & !occupied).is_empty() {
            push(Move::two_leg(from, from, from));
        }
    }

    /// A Pawn's step, double step, captures and en passant, with its
    /// promotions.
    #[allow(
        clippy::too_many_arguments,
        reason = "the generator's sets, worked out once per position and passed down"
    )]
    fn pawn_moves(
        &self,
        t: &WideBitTables,
        lines: &KingLines,
        from: Cell,
        keep_to: u128,
        has_lion: bool,
        shielded: u128,
        out: &mut MoveList,
    ) {
        let us = self.side;
        let geo = &self.t.geo;
        let occupied = self.sets.occupied();
        let push = |to: Cell, out: &mut MoveList| {
            push_with_promotions(
                geo,
                self.options.promotion,
                us,
                PieceKind::Pawn,
                has_lion,
                from,
                to,
                out,
            )
        };
        let fwd = pawn_forward(us);
        let one = t.step(from, fwd);
        if !one.is_empty() && (one & occupied).is_empty() {
            if !(one & keep_to).is_empty() {
                push(only(one), out);
            }
            if geo.rank(from) == pawn_start_rank(us) {
                let two = t.step(only(one), fwd);
                if !(two & keep_to).is_empty() && (two & occupied).is_empty() {
                    out.push(Move::double_step(from, only(two), only(one)));
                }
            }
        }
        let enemy = self.sets.seat(us.opponent()) & !shielded;
        for d in pawn_capture_directions(fwd) {
            let to = t.step(from, d);
            if !(to & enemy & keep_to).is_empty() {
                push(only(to), out);
            } else if !to.is_empty()
                && (to & occupied).is_empty()
                && self.state.ep == Some(only(to))
                && let Some(taken) = geo.step(only(to), fwd.opposite())
            {
                let mv = Move::en_passant(from, only(to), taken);
                if self.en_passant_is_safe(t, lines, mv) {
                    out.push(mv);
                }
            }
        }
    }

    /// Checks and pins of the side to move's King.
    fn king_lines(&self, t: &WideBitTables) -> KingLines {
        let us = self.side;
        let Some(king) = self.board.king(us) else {
            return KingLines {
                king: None,
                checkers: 0,
                target: !0,
                pinned: 0,
                exposed: 0,
            };
        };
        let them = us.opponent();
        let s = &self.sets;
        let occupied = s.occupied();
        let theirs = s.seat(them);
        let checkers = attackers(t, s, king, them, theirs, occupied, true);
        let target = if checkers.is_empty() {
            !0
        } else if checkers.several() {
            0
        } else if !(checkers & s.kind(PieceKind::Lion)).is_empty() {
            checkers // a Lion's jump cannot be blocked
        } else {
            checkers | t.between(king, only(checkers))
        };
        let orthogonal =
            s.kind(PieceKind::Rook) | s.kind(PieceKind::Queen) | s.kind(PieceKind::CrownedRook);
        let diagonal =
            s.kind(PieceKind::Bishop) | s.kind(PieceKind::Queen) | s.kind(PieceKind::CrownedBishop);
        let snipers =
            ((t.rook_rays(king) & orthogonal) | (t.bishop_rays(king) & diagonal)) & theirs;
        let mut pinned = 0;
        let mut exposed = 0;
        for sniper in cells_of(snipers) {
            exposed |= t.between(king, sniper);
            let between = t.between(king, sniper) & occupied;
            if !between.several() {
                pinned |= between & s.seat(us);
            }
        }
        KingLines {
            king: Some(king),
            checkers,
            target,
            pinned,
            exposed,
        }
    }

    /// Whether the King's step, jump or castling `mv` lands where no enemy
    /// piece attacks it, with the King (and a castling Rook) moved.
    fn king_move_is_safe(&self, t: &WideBitTables, mv: Move) -> bool {
        let them = self.side.opponent();
        let s = &self.sets;
        let mut occupied = (s.occupied() & !bit(mv.from)) | bit(mv.to);
        if mv.kind == MoveKind::Castle {
            let landing = super::castling::rook_landing(self.t, mv.from, mv.to);
            occupied = (occupied & !bit(mv.aux)) | bit(landing);
        }
        let theirs = s.seat(them) & !bit(mv.to);
        !is_attacked(t, s, mv.to, them, theirs, occupied, true)
    }

    /// Whether taking en passant leaves the King unattacked: two cells
    /// are emptied at once, so the test is made on the cells as they
    /// would be.
    fn en_passant_is_safe(&self, t: &WideBitTables, lines: &KingLines, mv: Move) -> bool {
        let them = self.side.opponent();
        let s = &self.sets;
        let occupied = (s.occupied() & !bit(mv.from) & !bit(mv.aux)) | bit(mv.to);
        let theirs = s.seat(them) & !bit(mv.aux);
        lines
            .king
            .is_none_or(|k| !is_attacked(t, s, k, them, theirs, occupied, true))
    }

    /// Whether the Lion's move `mv` leaves the King unattacked, judged on
    /// the cells as they would be (a Lion may empty its cell and take on
    /// two), and obeys trading rule 1 (with rule 2 and the bridge): a Lion
    /// taking the enemy Lion from two steps away is refused when any enemy
    /// piece but the King could take back on that cell, unless its first
    /// leg took a piece other than a Pawn.
    fn lion_move_is_legal(&self, t: &WideBitTables, lines: &KingLines, mv: Move) -> bool {
        let them = self.side.opponent();
        let s = &self.sets;
        let mut occupied = s.occupied();
        let mut theirs = s.seat(them);
        let mut first_leg = None;
        let mut at_to = None;
        if mv.kind == MoveKind::TwoLeg {
            if mv.aux == mv.from {
                // The pass changes nothing: it is legal out of check.
                return lines.checkers.is_empty();
            }
            first_leg = self.board.get(mv.aux);
            occupied &= !bit(mv.aux);
            theirs &= !bit(mv.aux);
        }
        if mv.to != mv.from {
            at_to = self.board.get(mv.to);
            occupied = (occupied & !bit(mv.from)) | bit(mv.to);
            theirs &= !bit(mv.to);
        }
        // Out of check, a move that empties no cell between the King and
        // an enemy slider leaves it safe.
        let emptied = bit(mv.from)
            | if mv.kind == MoveKind::TwoLeg {
                bit(mv.aux)
            } else {
                0
            };
        let may_expose = !lines.checkers.is_empty() || !(emptied & lines.exposed).is_empty();
        if may_expose
            && lines
                .king
                .is_some_and(|k| is_attacked(t, s, k, them, theirs, occupied, true))
        {
            return false;
        }
        let takes_lion = at_to.is_some_and(|p| p.kind() == PieceKind::Lion);
        if !takes_lion || t.king(mv.from) & bit(mv.to) != 0 {
            return true;
        }
        let bridge = first_leg.is_some_and(|p| p.kind() != PieceKind::Pawn);
        bridge || !is_attacked(t, s, mv.to, them, theirs, occupied, false)
    }
}
