//! The Cat Chess evaluation: one score for each of the three seats.
//!
//! White and Black play to mate, and a draw is as much a loss for them as
//! being mated: each counts its material and placement against the other's,
//! how near its pieces stand to the enemy King, and how exposed that King
//! is (a King in a zone cannot be mated); both lose by everything that
//! brings a draw nearer (the hundred-turn clock, repetition, too little
//! material to mate). The Cats play for a draw: material kept level, Kings
//! sheltered in zones, attacked pieces kept in zones, little mobility, and
//! the clock and repetition running their way.
//!
//! [`CatChess::eval_terms`] gives the terms apart, so each can be tested.
//! Material and placement are a [`SquareTable`] whose sums the board keeps
//! as pieces move; [`CatChess::terms_from_scratch`] walks the pieces
//! instead, and the two must always agree.

use super::{CATS, CatChess};
use crate::ai::Evaluate;
use crate::ai::multi::Model;
use crate::core::bitboard::cells_of;
use crate::core::{Cell, Game, Geometry, Leap, LineKind, Piece, PieceKind, Seat, SquareTable};
use std::sync::OnceLock;

/// What a piece is worth in centipawns (Kings and Cats: nothing).
pub const fn piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Knight => 320,
        PieceKind::Bishop => 330,
        PieceKind::Rook => 500,
        PieceKind::Queen => 900,
        _ => 0,
    }
}

/// A pawn's bonus by how far it has advanced (relative rank 0 to 7).
const PAWN_ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 35, 60, 0];

/// The shelter of a King in a zone: it cannot be checked, so not mated.
pub const SHELTER_IN_ZONE: i32 = 120;
/// The shelter of a King two steps from a Cat: one Cat step covers it.
pub const SHELTER_NEAR: i32 = 60;
/// The shelter of a King three steps from a Cat.
pub const SHELTER_FAR: i32 = 25;
/// The shelter of a King four steps from a Cat.
pub const SHELTER_DISTANT: i32 = 10;

/// How much more a King's shelter counts for every this many centipawns
/// its army is behind: the King of the losing army is the one to be mated.
pub const DANGER_STEP: i32 = 300;
/// The most a King's shelter is multiplied by.
pub const DANGER_CAP: i32 = 5;

/// The material lead from which an army plays to close a mating net.
pub const MATING_LEAD: i32 = 300;
/// What each flight cell taken from the losing King is worth to the army
/// closing the net.
pub const NET_WEIGHT: i32 = 20;

/// What an army without mating material loses: it cannot win.
pub const NO_MATING_MATERIAL: i32 = 600;

/// The terms of the evaluation, in centipawns, kept apart so that each can
/// be read and tested; [`CatTerms::score_for`] combines them for a seat.
/// Arrays indexed by army hold White's term first, then Black's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CatTerms {
    /// Each army's material.
    pub material: [i32; 2],
    /// Each army's placement: pawns advanced, knights and bishops central.
    pub placement: [i32; 2],
    /// How near each army's pieces stand to the enemy King; well ahead, how
    /// few cells that King has left to step to; against a lone King, how
    /// far it has been driven to the edge.
    pub attack: [i32; 2],
    /// How hard each army's King is to mate now: in a zone, or a Cat's few
    /// steps from one ([`SHELTER_IN_ZONE`], [`SHELTER_NEAR`],
    /// [`SHELTER_FAR`], [`SHELTER_DISTANT`]); see
    /// [`CatTerms::weighted_exposure`].
    pub shelter: [i32; 2],
    /// Whether each army still has material to mate with (a pawn, a rook, a
    /// queen, or two minor pieces).
    pub can_mate: [bool; 2],
    /// How near a draw the hundred-turn clock and repetition have come.
    pub draw_pressure: i32,
    /// The value of the attacked pieces that a zone keeps from being taken.
    pub covered: i32,
    /// The cells both armies' pieces (other than pawns and Kings) reach.
    pub mobility: i32,
}

impl CatTerms {
    /// White's material and placement minus Black's.
    pub fn advantage(&self) -> i32 {
        self.material[0] + self.placement[0] - self.material[1] - self.placement[1]
    }

    /// How exposed army `s`'s King is ([`SHELTER_IN_ZONE`] less its
    /// shelter: nothing in a zone), counting more the further that army is
    /// behind, as its King is then the one in danger of mate (up to
    /// [`DANGER_CAP`] times).
    pub fn weighted_exposure(&self, s: usize) -> i32 {
        let behind = if s == 0 {
            -self.advantage()
        } else {
            self.advantage()
        };
        let factor = 1 + (behind.max(0) / DANGER_STEP).min(DANGER_CAP - 1);
        (SHELTER_IN_ZONE - self.shelter[s]) * factor
    }

    /// The score of `seat` (White, Black or the Cats) from these terms.
    pub fn score_for(&self, seat: Seat) -> i32 {
        if seat == CATS {
            return self.cats_score();
        }
        let (me, them) = if seat == Seat::WHITE { (0, 1) } else { (1, 0) };
        let sign = if me == 0 { 1 } else { -1 };
        // Its own King's shelter is no gain: it can only turn a loss by mate
        // into a loss by a draw (the search still shelters it from a mate
        // it sees coming).
        let mut score = sign * self.advantage() + self.attack[me] - self.attack[them] / 2
            + self.weighted_exposure(them)
            - self.draw_pressure;
        if !self.can_mate[me] {
            score -= NO_MATING_MATERIAL;
        }
        score
    }

    /// The Cats' score: every draw is their win.
    fn cats_score(&self) -> i32 {
        let mut score = self.draw_pressure - self.weighted_exposure(0) - self.weighted_exposure(1)
            + self.covered / 4
            - self.advantage().abs() / 2
            - self.mobility;
        for can in self.can_mate {
            if !can {
                score += NO_MATING_MATERIAL / 4;
            }
        }
        score
    }
}

/// How far `cell` lies from the four middle cells (0 there, 3 on the edge).
#[inline]
fn edge_distance(geo: &Geometry, cell: Cell) -> i32 {
    let f = geo.file(cell) as i32;
    let r = geo.rank(cell) as i32;
    let df = (2 * f - 7).abs() / 2;
    let dr = (2 * r - 7).abs() / 2;
    df.max(dr)
}

/// The placement of `seat`'s piece of `kind` on `cell`: pawns advanced,
/// knights and bishops central.
fn placement(geo: &Geometry, seat: Seat, kind: PieceKind, cell: Cell) -> i32 {
    let rank = geo.rank(cell) as usize;
    let rel_rank = if seat == Seat::WHITE { rank } else { 7 - rank };
    let centre = 3 - edge_distance(geo, cell);
    match kind {
        PieceKind::Pawn => PAWN_ADVANCE[rel_rank],
        PieceKind::Knight => 8 * centre - 8,
        PieceKind::Bishop => 4 * centre,
        _ => 0,
    }
}

/// What an army's piece adds to its material and placement where it
/// stands (a Cat: nothing).
fn worth(geo: &Geometry, piece: Piece, cell: Cell) -> i32 {
    if piece.seat() == CATS {
        return 0;
    }
    piece_value(piece.kind()) + placement(geo, piece.seat(), piece.kind(), cell)
}

/// The table of [`worth`] on every cell, whose sums the board keeps.
pub fn square_table() -> &'static SquareTable {
    static TABLE: OnceLock<SquareTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let geo = Geometry::chess8();
        SquareTable::new(geo.cell_count(), |p, c| worth(geo, p, c))
    })
}

/// The kinds that count for material, with the weight of their nearness
/// to the enemy King (pawns: none).
const ARMED: [(PieceKind, i32); 4] = [
    (PieceKind::Knight, 3),
    (PieceKind::Bishop, 1),
    (PieceKind::Rook, 2),
    (PieceKind::Queen, 4),
];

impl CatChess {
    /// The evaluation's terms for the position.
    pub fn eval_terms(&self) -> CatTerms {
        self.terms(true)
    }

    /// The terms, leaving [`CatTerms::covered`] and [`CatTerms::mobility`]
    /// at nothing unless `for_cats`: only the Cats' score reads them, and
    /// mobility walks every piece's lines. Material and placement come from
    /// the sums the board keeps and the piece counts, the rest from the
    /// bitboards; [`CatChess::terms_from_scratch`] must always agree.
    fn terms(&self, for_cats: bool) -> CatTerms {
        let geo = self.geo;
        let board = self.board();
        let armies = [Seat::WHITE, Seat::BLACK];
        let (Some(white), Some(black)) =
            (board.square_sum(Seat::WHITE), board.square_sum(Seat::BLACK))
        else {
            return self.terms_from_scratch(for_cats);
        };
        let kings = [board.king(Seat::WHITE), board.king(Seat::BLACK)];
        let mut t = CatTerms::default();
        let mut minors = [0; 2];
        let mut majors_or_pawns = [0; 2];
        for (s, seat) in armies.into_iter().enumerate() {
            let count = |kind| board.count(seat, kind) as i32;
            t.material[s] = count(PieceKind::Pawn) * piece_value(PieceKind::Pawn)
                + ARMED
                    .iter()
                    .map(|&(kind, _)| count(kind) * piece_value(kind))
                    .sum::<i32>();
            minors[s] = count(PieceKind::Knight) + count(PieceKind::Bishop);
            majors_or_pawns[s] =
                count(PieceKind::Pawn) + count(PieceKind::Rook) + count(PieceKind::Queen);
            let own = self.bits.seat(seat);
            for &(kind, weight) in &ARMED {
                for cell in cells_of(self.bits.kind(kind) & own) {
                    if for_cats {
                        t.mobility += self.cells_reached(cell, kind, seat);
                    }
                    if let Some(enemy_king) = kings[1 - s] {
                        t.attack[s] += (7 - geo.king_distance(cell, enemy_king)) * weight;
                    }
                }
            }
            if for_cats {
                let king = self.bits.kind(PieceKind::King);
                for cell in cells_of(self.zone_bits & own & !king) {
                    if self.attacked_by(cell, seat.opponent())
                        && let Some(piece) = board.get(cell)
                    {
                        t.covered += piece_value(piece.kind());
                    }
                }
            }
        }
        t.placement = [white - t.material[0], black - t.material[1]];
        self.finish_terms(&mut t, kings, minors, majors_or_pawns);
        debug_assert_eq!(t, self.terms_from_scratch(for_cats));
        t
    }

    /// [`CatChess::terms`] walking every piece on the board (what the
    /// incremental terms must always equal).
    pub fn terms_from_scratch(&self, for_cats: bool) -> CatTerms {
        let geo = self.geo;
        let board = self.board();
        let zones = self.zones();
        let kings = [board.king(Seat::WHITE), board.king(Seat::BLACK)];
        let mut t = CatTerms::default();
        let mut minors = [0; 2];
        let mut majors_or_pawns = [0; 2];
        for (cell, piece) in board.pieces(64) {
            let seat = piece.seat();
            if seat == CATS {
                continue;
            }
            let s = seat.index();
            let kind = piece.kind();
            t.material[s] += piece_value(kind);
            t.placement[s] += placement(geo, seat, kind, cell);
            match kind {
                PieceKind::Pawn | PieceKind::Rook | PieceKind::Queen => majors_or_pawns[s] += 1,
                PieceKind::Knight | PieceKind::Bishop => minors[s] += 1,
                _ => {}
            }
            if !matches!(kind, PieceKind::Pawn | PieceKind::King) {
                if for_cats {
                    t.mobility += self.cells_reached(cell, kind, seat);
                }
                if let Some(enemy_king) = kings[1 - s] {
                    let near = 7 - geo.king_distance(cell, enemy_king);
                    let weight = match kind {
                        PieceKind::Queen => 4,
                        PieceKind::Knight => 3,
                        PieceKind::Rook => 2,
                        _ => 1,
                    };
                    t.attack[s] += near * weight;
                }
            }
            if for_cats
                && zones.contains(cell)
                && kind != PieceKind::King
                && self.attacked_by(cell, seat.opponent())
            {
                t.covered += piece_value(kind);
            }
        }
        self.finish_terms(&mut t, kings, minors, majors_or_pawns);
        t
    }

    /// The terms that follow from material and the Kings: who can mate,
    /// each King's shelter, the mating net, a lone King driven to the
    /// edge, and the draw pressure.
    fn finish_terms(
        &self,
        t: &mut CatTerms,
        kings: [Option<Cell>; 2],
        minors: [i32; 2],
        majors_or_pawns: [i32; 2],
    ) {
        let geo = self.geo;
        for s in 0..2 {
            t.can_mate[s] = majors_or_pawns[s] > 0 || minors[s] >= 2;
            if let Some(king) = kings[s] {
                t.shelter[s] = self.shelter_of(king);
            }
        }
        // Well ahead: close the net, taking the losing King's flight cells
        // (a cell in a zone is a flight cell however attacked).
        for s in 0..2 {
            let ahead = t.material[s] - t.material[1 - s] >= MATING_LEAD;
            if ahead && let Some(theirs) = kings[1 - s] {
                t.attack[s] += NET_WEIGHT * (8 - self.king_flights(theirs, Seat(1 - s as u8)));
            }
        }
        // Against a lone King: drive it to the edge, the stronger King near.
        for s in 0..2 {
            let lone = t.material[1 - s] == 0;
            if lone
                && t.can_mate[s]
                && let (Some(mine), Some(theirs)) = (kings[s], kings[1 - s])
            {
                t.attack[s] +=
                    30 * edge_distance(geo, theirs) + 10 * (7 - geo.king_distance(mine, theirs));
            }
        }
        let clock = self.halfmove_clock() as i32;
        t.draw_pressure = clock * clock / 16 + 150 * self.earlier_occurrences() as i32;
    }

    /// How well a King on `king` is sheltered by the Cats.
    fn shelter_of(&self, king: Cell) -> i32 {
        if self.zones().contains(king) {
            return SHELTER_IN_ZONE;
        }
        let nearest = self
            .cats()
            .iter()
            .map(|&c| self.geo.king_distance(c, king))
            .min()
            .unwrap_or(8);
        match nearest {
            2 => SHELTER_NEAR,
            3 => SHELTER_FAR,
            4 => SHELTER_DISTANT,
            _ => 0,
        }
    }

    /// How many cells the King of `seat` on `king` could step to: empty
    /// neighbours inside a zone or not attacked by an armed enemy.
    fn king_flights(&self, king: Cell, seat: Seat) -> i32 {
        let board = self.board();
        let zones = self.zones();
        let mut n = 0;
        for leap in [Leap::Wazir, Leap::Ferz] {
            for &c in self.geo.leaps(king, leap) {
                if board.is_empty(c) && (zones.contains(c) || !self.attacked_by(c, seat.opponent()))
                {
                    n += 1;
                }
            }
        }
        n
    }

    /// How many cells a piece of `kind` on `cell` reaches: empty cells and
    /// enemy pieces, along its lines or by its leaps.
    fn cells_reached(&self, cell: Cell, kind: PieceKind, seat: Seat) -> i32 {
        let board = self.board();
        let open = |c: Cell| board.get(c).is_none_or(|p| p.seat() != seat);
        if kind == PieceKind::Knight {
            return self
                .geo
                .leaps(cell, Leap::Knight)
                .iter()
                .filter(|&&c| open(c))
                .count() as i32;
        }
        let mut n = 0;
        for line in [LineKind::Orthogonal, LineKind::Diagonal] {
            if !crate::core::attack::slides_along(kind, line) {
                continue;
            }
            for ray in self.geo.rays(cell, line) {
                for &c in ray {
                    if board.is_empty(c) {
                        n += 1;
                    } else {
                        n += open(c) as i32;
                        break;
                    }
                }
            }
        }
        n
    }
}

impl Evaluate for CatChess {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        self.terms(seat == CATS).score_for(seat)
    }

    fn evaluate_all(&self, out: &mut [i32]) {
        let terms = self.eval_terms();
        for (i, score) in out.iter_mut().enumerate() {
            *score = terms.score_for(Seat(i as u8));
        }
    }

    fn evaluate_from_scratch(&self, seat: Seat) -> Option<i32> {
        Some(self.terms_from_scratch(seat == CATS).score_for(seat))
    }

    fn piece_value(&self, kind: PieceKind) -> i32 {
        piece_value(kind)
    }

    /// Every seat looks ahead paranoid. For White and Black that is exact:
    /// the other two lose whenever they win. For the Cats it is pessimistic
    /// (it expects an army to help the other mate it), but it sees further
    /// than max-n in the same time and keeps the Kings sheltered early. In
    /// self-play over the same openings the paranoid Cats won 5 of 5 at
    /// Club against Club armies (max-n: 4) and 6 of 8 at Club against
    /// Strong armies (max-n: 5), thinking a fifth as long a move.
    fn seat_model(&self, _seat: Seat) -> Model {
        Model::Paranoid
    }
}
