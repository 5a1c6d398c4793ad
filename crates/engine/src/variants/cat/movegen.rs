//! Legal moves of Cat Chess, on chess's bitboards ([`BitTables`] from the
//! board's geometry, the armies' [`PieceBits`](crate::variants::chess::bits::PieceBits))
//! with the zones as one more set: a piece in a zone attacks and captures
//! nothing and cannot be captured, but still blocks lines.
//!
//! Every move is legal as produced: checks and pins come from the King's
//! lines, counting only armed enemy pieces; a King standing in a zone
//! cannot be checked while it stays there; a King's step is safe in a zone
//! or where no armed enemy attacks it; en passant is tested on the cells as
//! they would be. The Cats step like a King onto empty cells, or pass.

use super::{CATS, CatChess};
use crate::core::attack::pawn_capture_directions;
use crate::core::bitboard::{BitTables, Bits, bit, cells_of};
use crate::core::orthodox::{CastleSide, castle_candidate, pawn_forward, pawn_start_rank};
use crate::core::orthodox::{PROMOTIONS, promotion_rank};
use crate::core::{Cell, Geometry, Move, MoveList, PieceKind, Seat};

/// The one cell of a set of one.
#[inline(always)]
fn only(bits: Bits) -> Cell {
    Cell(bits.trailing_zeros() as u8)
}

impl CatChess {
    /// The board's bitboard tables.
    #[inline(always)]
    pub(crate) fn tables(&self) -> &'static BitTables {
        let geo: &'static Geometry = self.geo;
        match geo.bit_tables() {
            Some(t) => t,
            None => unreachable!("the Cat Chess board has 64 cells"),
        }
    }

    /// Every occupied cell, the Cats' included.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bits {
        self.bits.occupied() | self.cat_bits
    }

    /// The armed pieces of `by` (outside every zone) attacking `target`
    /// when the occupied cells are `occupied`.
    #[inline(always)]
    fn armed_attackers(&self, t: &BitTables, target: Cell, by: Seat, occupied: Bits) -> Bits {
        let b = &self.bits;
        let [x, y] = pawn_capture_directions(pawn_forward(by));
        let pawns = t.step(target, x.opposite()) | t.step(target, y.opposite());
        let kinds = (t.knight(target) & b.kind(PieceKind::Knight))
            | (t.king(target) & b.kind(PieceKind::King))
            | (pawns & b.kind(PieceKind::Pawn))
            | (t.bishop(target, occupied) & (b.kind(PieceKind::Bishop) | b.kind(PieceKind::Queen)))
            | (t.rook(target, occupied) & (b.kind(PieceKind::Rook) | b.kind(PieceKind::Queen)));
        kinds & b.seat(by) & occupied & !self.zone_bits
    }

    /// Whether an armed piece of `by` attacks `cell`: pieces in a zone
    /// attack nothing but still block lines.
    #[inline(always)]
    pub(crate) fn attacked_by(&self, cell: Cell, by: Seat) -> bool {
        self.armed_attackers(self.tables(), cell, by, self.occupied()) != 0
    }

    /// Whether `seat`'s King stands open: outside every zone and attacked
    /// by an armed enemy. On `seat`'s own turn that is check.
    #[inline(always)]
    pub(crate) fn king_open(&self, seat: Seat) -> bool {
        self.board
            .king(seat)
            .is_some_and(|k| self.zone_bits & bit(k) == 0 && self.attacked_by(k, seat.opponent()))
    }

    /// Fills `out` with the legal moves of the side to move.
    pub(crate) fn generate(&self, out: &mut MoveList) {
        if self.side == CATS {
            self.cat_moves(out);
        } else {
            self.army_moves(out, false);
        }
    }

    /// Fills `out` with the legal captures and promotions of the side to
    /// move (none for the Cats): the moves a capture search looks at.
    pub(crate) fn generate_noisy(&self, out: &mut MoveList) {
        if self.side != CATS {
            self.army_moves(out, true);
        }
    }

    /// The legal moves of the army to move, or with `noisy_only` just its
    /// captures and promotions.
    fn army_moves(&self, out: &mut MoveList, noisy_only: bool) {
        let us = self.side;
        let them = us.opponent();
        let Some(king) = self.board.king(us) else {
            return;
        };
        let t = self.tables();
        let b = &self.bits;
        let zones = self.zone_bits;
        let own = b.seat(us);
        let occupied = self.occupied();
        let empty = !occupied;
        // What an armed piece may take: an enemy outside every zone, not its King.
        let prey = b.seat(them) & !zones & !b.kind(PieceKind::King);
        // A quiet move's cells, when only captures and promotions are wanted.
        let quiet = if noisy_only { 0 } else { empty };
        let reach = |from: Cell| -> Bits {
            if zones & bit(from) == 0 {
                quiet | prey
            } else {
                quiet
            }
        };
        let sheltered = zones & bit(king) != 0;
        let checkers = if sheltered {
            0
        } else {
            self.armed_attackers(t, king, them, occupied)
        };
        // The King's steps: into a zone, or where no armed enemy attacks
        // with the King gone from its cell.
        let without_king = occupied & !bit(king);
        for to in cells_of(t.king(king) & reach(king)) {
            if zones & bit(to) != 0 || self.armed_attackers(t, to, them, without_king) == 0 {
                out.push(Move::normal(king, to));
            }
        }
        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check: only the King moves
        }
        let target = if checkers == 0 {
            if !noisy_only {
                self.castling_moves(us, occupied, out);
            }
            !0
        } else {
            checkers | t.between(king, only(checkers))
        };
        // Pieces pinned to an unsheltered King: one piece of ours alone
        // between it and an armed slider of theirs on its line.
        let mut pinned = 0;
        if !sheltered {
            let snipers = ((t.rook_rays(king) & b.orthogonal_sliders(them))
                | (t.bishop_rays(king) & b.diagonal_sliders(them)))
                & !zones;
            for sniper in cells_of(snipers) {
                let between = t.between(king, sniper) & occupied;
                if between & between.wrapping_sub(1) == 0 {
                    pinned |= between & own;
                }
            }
        }
        let keep_to = |from: Cell| -> Bits {
            if pinned & bit(from) != 0 {
                target & t.ray_through(king, from)
            } else {
                target
            }
        };
        for from in cells_of(b.of_kind(us, PieceKind::Knight) & !pinned) {
            for to in cells_of(t.knight(from) & reach(from) & target) {
                out.push(Move::normal(from, to));
            }
        }
        for from in cells_of(b.diagonal_sliders(us)) {
            for to in cells_of(t.bishop(from, occupied) & reach(from) & keep_to(from)) {
                out.push(Move::normal(from, to));
            }
        }
        for from in cells_of(b.orthogonal_sliders(us)) {
            for to in cells_of(t.rook(from, occupied) & reach(from) & keep_to(from)) {
                out.push(Move::normal(from, to));
            }
        }
        self.pawn_moves(t, us, king, occupied, prey, noisy_only, &keep_to, out);
    }

    /// The pawns' steps, double steps, captures and en passant: a capture
    /// is refused when the pawn, the piece taken or (en passant) the
    /// landing cell is in a zone; `keep_to` says where each pawn may go.
    #[allow(
        clippy::too_many_arguments,
        reason = "the generator's sets, worked out once per position and passed down"
    )]
    fn pawn_moves(
        &self,
        t: &BitTables,
        us: Seat,
        king: Cell,
        occupied: Bits,
        prey: Bits,
        noisy_only: bool,
        keep_to: &impl Fn(Cell) -> Bits,
        out: &mut MoveList,
    ) {
        let geo = self.geo;
        let b = &self.bits;
        let zones = self.zone_bits;
        let fwd = pawn_forward(us);
        let start_rank = pawn_start_rank(us);
        let last_rank = promotion_rank(us);
        let push = |from: Cell, to: Cell, out: &mut MoveList| {
            if geo.rank(to) == last_rank {
                for kind in PROMOTIONS {
                    out.push(Move::promoting(from, to, kind));
                }
            } else {
                out.push(Move::normal(from, to));
            }
        };
        for from in cells_of(b.of_kind(us, PieceKind::Pawn)) {
            let allowed = keep_to(from);
            let one = t.step(from, fwd);
            if one != 0 && one & occupied == 0 {
                let one_cell = only(one);
                let promotes = geo.rank(one_cell) == last_rank;
                if one & allowed != 0 && (!noisy_only || promotes) {
                    push(from, one_cell, out);
                }
                if !noisy_only && geo.rank(from) == start_rank {
                    let two = t.step(one_cell, fwd);
                    if two != 0 && two & occupied == 0 && two & allowed != 0 {
                        out.push(Move::double_step(from, only(two), one_cell));
                    }
                }
            }
            if zones & bit(from) != 0 {
                continue;
            }
            for d in pawn_capture_directions(fwd) {
                let to = t.step(from, d);
                if to & prey & allowed != 0 {
                    push(from, only(to), out);
                } else if to != 0 && self.state.ep == Some(only(to)) && to & zones == 0 {
                    let to = only(to);
                    if let Some(taken) = geo.step(to, fwd.opposite())
                        && zones & bit(taken) == 0
                        && b.of_kind(us.opponent(), PieceKind::Pawn) & bit(taken) != 0
                        && self.en_passant_is_safe(t, king, from, to, taken)
                    {
                        out.push(Move::en_passant(from, to, taken));
                    }
                }
            }
        }
    }

    /// Whether taking en passant from `from` to `to`, removing the pawn on
    /// `taken`, leaves our King on `king` sheltered or unattacked: two
    /// pieces leave their cells at once, so the test is made on the cells
    /// as they would be.
    fn en_passant_is_safe(
        &self,
        t: &BitTables,
        king: Cell,
        from: Cell,
        to: Cell,
        taken: Cell,
    ) -> bool {
        if self.zone_bits & bit(king) != 0 {
            return true;
        }
        let occupied = (self.occupied() & !bit(from) & !bit(taken)) | bit(to);
        self.armed_attackers(t, king, self.side.opponent(), occupied) == 0
    }

    /// Castling (the caller has found the King out of check): the right
    /// held, King and Rook at home, the cells between empty, and no cell
    /// the King crosses or lands on attacked by an armed enemy, in a zone
    /// or not.
    fn castling_moves(&self, us: Seat, occupied: Bits, out: &mut MoveList) {
        let t = self.tables();
        for side in [CastleSide::King, CastleSide::Queen] {
            if let Some((mv, king_path)) =
                castle_candidate(&self.board, self.state.castling, us, side)
                && !king_path
                    .iter()
                    .any(|&c| self.armed_attackers(t, Cell(c), us.opponent(), occupied) != 0)
            {
                out.push(mv);
            }
        }
    }

    /// The Cats' moves: each Cat one step onto an empty cell, then the pass.
    fn cat_moves(&self, out: &mut MoveList) {
        let t = self.tables();
        let empty = !self.occupied();
        let mut cats = self.cats;
        cats.sort();
        for cat in cats {
            for to in cells_of(t.king(cat) & empty) {
                out.push(Move::normal(cat, to));
            }
        }
        out.push(Move::PASS);
    }
}
