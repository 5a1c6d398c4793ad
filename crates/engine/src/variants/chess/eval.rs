//! The chess evaluation: material, piece-square tables, mobility, pawn
//! structure (doubled, isolated, connected and passed pawns, and how near
//! each King is to a passed pawn's path), King shelter, attacks on the
//! King's cells and the checks that can be given safely (with a danger
//! growing as the square of the attack), outposts, threats, Rooks on open
//! files, the Bishop pair, and a bare-endgame term that drives a lone King to
//! the edge and the winning King towards it, so won endgames are won.
//!
//! Every term but the last is a count of a feature (White's minus
//! Black's) times a middlegame and an endgame weight, blended by how much
//! material is left (a tapered evaluation): linear in its weights, so the
//! weights ([`super::weights`]) are fitted to the results of catboard's
//! own games (Texel's method; `examples/texel_tune.rs`). The counts come
//! from the position's bitboards.

use super::Chess;
use super::weights::{WEIGHTS_EG, WEIGHTS_MG};
use crate::ai::Evaluate;
use crate::core::bitboard::{BitTables, Bits, bit, cells_of};
use crate::core::{Cell, Direction, Geometry, PieceKind, Seat};
use std::sync::OnceLock;

/// Middlegame values of Pawn, Knight, Bishop, Rook, Queen, for ordering
/// captures and the search's margins.
const VALUE: [i32; 5] = [85, 320, 335, 480, 980];

/// Game phase weight of each kind (24 with every piece on the board).
const PHASE: [i32; 5] = [0, 1, 1, 2, 4];
const PHASE_TOTAL: i32 = 24;

/// Where each group of features starts in the weight tables.
pub mod feature {
    /// Material: Pawn, Knight, Bishop, Rook, Queen.
    pub const MATERIAL: usize = 0;
    /// Piece-square tables: kind (Pawn … King) × 64 cells (relative rank ×
    /// file: Black's ranks are counted from its side).
    pub const PST: usize = 5;
    /// Knight mobility, by cells reached (0 to 8).
    pub const MOB_KNIGHT: usize = PST + 6 * 64;
    /// Bishop mobility (0 to 13).
    pub const MOB_BISHOP: usize = MOB_KNIGHT + 9;
    /// Rook mobility (0 to 14).
    pub const MOB_ROOK: usize = MOB_BISHOP + 14;
    /// Queen mobility (0 to 27).
    pub const MOB_QUEEN: usize = MOB_ROOK + 15;
    /// Passed pawns by relative rank.
    pub const PASSED: usize = MOB_QUEEN + 28;
    /// Connected pawns (side by side or defended by a pawn) by relative rank.
    pub const CONNECTED: usize = PASSED + 8;
    /// A pawn with no pawn of its side on either neighbouring file.
    pub const ISOLATED: usize = CONNECTED + 8;
    /// A pawn with another of its side in front of it on its file.
    pub const DOUBLED: usize = ISOLATED + 1;
    /// A passed pawn whose next cell is taken by an enemy piece.
    pub const PASSED_BLOCKED: usize = DOUBLED + 1;
    /// The Bishop pair.
    pub const BISHOP_PAIR: usize = PASSED_BLOCKED + 1;
    /// A Rook on a file with no pawn.
    pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
    /// A Rook on a file with enemy pawns only.
    pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
    /// Own pawns just in front of the King (its file and the two beside).
    pub const SHELTER_NEAR: usize = ROOK_SEMI_OPEN + 1;
    /// Own pawns two cells in front of the King.
    pub const SHELTER_FAR: usize = SHELTER_NEAR + 1;
    /// The King on a file with no pawn of its own.
    pub const KING_OPEN_FILE: usize = SHELTER_FAR + 1;
    /// Cells round the enemy King attacked, by Knight, Bishop, Rook, Queen.
    pub const KING_ATTACK: usize = KING_OPEN_FILE + 1;
    /// Enemy pieces (not pawns) attacked by a pawn.
    pub const PAWN_THREAT: usize = KING_ATTACK + 4;
    /// Enemy Rooks and Queens attacked by a Knight or Bishop.
    pub const MINOR_THREAT: usize = PAWN_THREAT + 1;
    /// Enemy pieces attacked and not defended.
    pub const HANGING: usize = MINOR_THREAT + 1;
    /// The danger to the enemy King: the square of its attack units (2 a
    /// cell round it a Knight or Bishop attacks, 3 a Rook's, 5 a Queen's,
    /// 4 a safe check) over 16, at most 120.
    pub const KING_DANGER: usize = HANGING + 1;
    /// Cells a Knight, Bishop, Rook or Queen can check the enemy King from,
    /// reached by one, neither guarded by the enemy nor taken by its own.
    pub const SAFE_CHECK: usize = KING_DANGER + 1;
    /// Per passed pawn, the own King's distance from the cell in front of
    /// it, times how far advanced it is (its relative rank less 2).
    pub const PASSED_KING_OWN: usize = SAFE_CHECK + 4;
    /// The same for the enemy King.
    pub const PASSED_KING_THEIRS: usize = PASSED_KING_OWN + 1;
    /// Per passed pawn with nothing on its path, how far advanced it is.
    pub const PASSED_FREE: usize = PASSED_KING_THEIRS + 1;
    /// A Knight, or a Bishop, on the enemy's half defended by a pawn and
    /// out of reach of every enemy pawn.
    pub const OUTPOST: usize = PASSED_FREE + 1;
    /// How many features there are.
    pub const COUNT: usize = OUTPOST + 2;
}

/// Where the evaluation's feature counts go: summed into a score, or
/// listed for the tuner.
pub trait FeatureSink {
    /// Adds `count` (positive for White, negative for Black) of `feature`.
    fn add(&mut self, feature: usize, count: i32);
}

/// A middlegame and an endgame score, kept apart until the end.
#[derive(Clone, Copy, Default)]
struct Taper {
    mg: i32,
    eg: i32,
}

impl FeatureSink for Taper {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.mg += WEIGHTS_MG[feature] as i32 * count;
        self.eg += WEIGHTS_EG[feature] as i32 * count;
    }
}

/// The features of a position as the tuner reads them.
impl FeatureSink for Vec<(usize, i32)> {
    fn add(&mut self, feature: usize, count: i32) {
        if count != 0 {
            self.push((feature, count));
        }
    }
}

/// Masks the pawn terms look at, per seat and cell, built from the board's
/// geometry once.
struct PawnMasks {
    /// The cells in front of a pawn on its file and the two beside it
    /// (where an enemy pawn stops it being passed).
    passed: [[Bits; 64]; 2],
    /// The cells in front of a pawn on its file.
    front: [[Bits; 64]; 2],
    /// The two neighbouring files.
    adjacent_files: [Bits; 64],
    /// The cell's file.
    file: [Bits; 64],
}

fn pawn_masks() -> &'static PawnMasks {
    static MASKS: OnceLock<PawnMasks> = OnceLock::new();
    MASKS.get_or_init(|| {
        let geo = Geometry::chess8();
        let mut m = PawnMasks {
            passed: [[0; 64]; 2],
            front: [[0; 64]; 2],
            adjacent_files: [0; 64],
            file: [0; 64],
        };
        let ray = |c: Cell, d: Direction| geo.ray_towards(c, d).iter().fold(0, |b, &x| b | bit(x));
        for c in geo.cells() {
            let i = c.index();
            let side = |d: Direction| geo.step(c, d);
            m.file[i] = ray(c, Direction::North) | ray(c, Direction::South) | bit(c);
            for d in [Direction::East, Direction::West] {
                if let Some(n) = side(d) {
                    m.adjacent_files[i] |=
                        ray(n, Direction::North) | ray(n, Direction::South) | bit(n);
                }
            }
            for (s, fwd) in [(0, Direction::North), (1, Direction::South)] {
                m.front[s][i] = ray(c, fwd);
                m.passed[s][i] = ray(c, fwd);
                for d in [Direction::East, Direction::West] {
                    if let Some(n) = side(d) {
                        m.passed[s][i] |= ray(n, fwd);
                    }
                }
            }
        }
        m
    })
}

/// The kinds in value-table order.
const KINDS: [PieceKind; 5] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// The index of a chess kind in the value tables (none for the King).
#[inline]
fn kind_index(kind: PieceKind) -> Option<usize> {
    KINDS.iter().position(|&k| k == kind)
}

/// How many steps `rank, file` lies from the edge-free centre: 0 in the
/// four middle cells to 6 in a corner (a Manhattan distance).
#[inline]
fn centre_distance(file: i32, rank: i32) -> i32 {
    let df = (2 * file - 7).abs() / 2;
    let dr = (2 * rank - 7).abs() / 2;
    df + dr
}

/// The piece-square index of a cell seen from `seat`'s side.
#[inline(always)]
fn pst_cell(cell: Cell, seat: Seat) -> usize {
    let (file, rank) = ((cell.0 & 7) as usize, (cell.0 >> 3) as usize);
    let rel_rank = if seat == Seat::WHITE { rank } else { 7 - rank };
    rel_rank * 8 + file
}

impl Chess {
    /// Counts every feature of the position into `sink`, White's counts
    /// positive and Black's negative; returns the game phase (0 to 24).
    pub fn features(&self, sink: &mut impl FeatureSink) -> i32 {
        let t = self.tables();
        let b = &self.bits;
        let masks = pawn_masks();
        let occupied = b.occupied();
        let pawns = b.kind(PieceKind::Pawn);
        let mut pawn_attacks = [0u64; 2];
        let mut attacks = [0u64; 2];
        let mut phase = 0;
        for seat in [Seat::WHITE, Seat::BLACK] {
            let s = seat.index();
            let [a, bdir] =
                crate::core::attack::pawn_capture_directions(super::movegen::forward(seat));
            for c in cells_of(b.of_kind(seat, PieceKind::Pawn)) {
                pawn_attacks[s] |= t.step(c, a) | t.step(c, bdir);
            }
            attacks[s] = pawn_attacks[s];
        }
        // Per seat: material, placement, mobility and what the pieces reach.
        let mut king_attacks = [[0i32; 4]; 2];
        let mut minor_reach = [0u64; 2];
        // What each seat's Knights, Bishops, Rooks and Queens reach.
        let mut reach_by_kind = [[0u64; 4]; 2];
        for seat in [Seat::WHITE, Seat::BLACK] {
            let s = seat.index();
            let sign = if s == 0 { 1 } else { -1 };
            let own = b.seat(seat);
            let them = seat.opponent();
            let enemy_king_zone = self.board.king(them).map_or(0, |k| t.king(k) | bit(k));
            let safe = !own & !pawn_attacks[1 - s];
            for (k, kind) in KINDS.iter().enumerate() {
                let pieces = b.of_kind(seat, *kind);
                let n = pieces.count_ones() as i32;
                sink.add(feature::MATERIAL + k, sign * n);
                phase += PHASE[k] * n;
                for c in cells_of(pieces) {
                    sink.add(feature::PST + k * 64 + pst_cell(c, seat), sign);
                    let reach = match kind {
                        PieceKind::Knight => t.knight(c),
                        PieceKind::Bishop => t.bishop(c, occupied),
                        PieceKind::Rook => t.rook(c, occupied),
                        PieceKind::Queen => t.rook(c, occupied) | t.bishop(c, occupied),
                        _ => continue,
                    };
                    attacks[s] |= reach;
                    let mobility = (reach & safe).count_ones() as usize;
                    let base = match kind {
                        PieceKind::Knight => feature::MOB_KNIGHT,
                        PieceKind::Bishop => feature::MOB_BISHOP,
                        PieceKind::Rook => feature::MOB_ROOK,
                        _ => feature::MOB_QUEEN,
                    };
                    sink.add(base + mobility, sign);
                    king_attacks[s][k - 1] += (reach & enemy_king_zone).count_ones() as i32;
                    reach_by_kind[s][k - 1] |= reach;
                    if matches!(kind, PieceKind::Knight | PieceKind::Bishop) {
                        minor_reach[s] |= reach;
                    }
                }
            }
            if let Some(k) = self.board.king(seat) {
                sink.add(feature::PST + 5 * 64 + pst_cell(k, seat), sign);
                attacks[s] |= t.king(k);
            }
        }
        // Per seat: pawns, King safety, threats, Rooks and Bishops.
        for seat in [Seat::WHITE, Seat::BLACK] {
            let s = seat.index();
            let sign = if s == 0 { 1 } else { -1 };
            let them = seat.opponent();
            let own_pawns = pawns & b.seat(seat);
            let their_pawns = pawns & b.seat(them);
            let fwd = super::movegen::forward(seat);
            let kings = [self.board.king(seat), self.board.king(them)];
            for c in cells_of(own_pawns) {
                let i = c.index();
                let rank = (c.0 >> 3) as usize;
                let rel = if s == 0 { rank } else { 7 - rank };
                if masks.passed[s][i] & their_pawns == 0 && masks.front[s][i] & own_pawns == 0 {
                    sink.add(feature::PASSED + rel, sign);
                    let ahead = t.step(c, fwd);
                    if ahead & b.seat(them) != 0 {
                        sink.add(feature::PASSED_BLOCKED, sign);
                    }
                    let advance = rel.saturating_sub(2) as i32;
                    if advance > 0 && ahead != 0 {
                        let front = Cell(ahead.trailing_zeros() as u8);
                        if let [Some(own), Some(their)] = kings {
                            sink.add(
                                feature::PASSED_KING_OWN,
                                sign * advance * self.geo.king_distance(own, front),
                            );
                            sink.add(
                                feature::PASSED_KING_THEIRS,
                                sign * advance * self.geo.king_distance(their, front),
                            );
                        }
                        if masks.front[s][i] & occupied == 0 {
                            sink.add(feature::PASSED_FREE, sign * advance);
                        }
                    }
                }
                if masks.adjacent_files[i] & own_pawns == 0 {
                    sink.add(feature::ISOLATED, sign);
                }
                if masks.front[s][i] & own_pawns != 0 {
                    sink.add(feature::DOUBLED, sign);
                }
                let beside = t.step(c, Direction::East) | t.step(c, Direction::West);
                if (beside & own_pawns) != 0 || (pawn_attacks[s] & bit(c)) != 0 {
                    sink.add(feature::CONNECTED + rel, sign);
                }
            }
            if let Some(k) = self.board.king(seat) {
                let rank = (k.0 >> 3) as usize;
                let rel = if s == 0 { rank } else { 7 - rank };
                let ahead = t.step(k, fwd);
                if rel <= 1 && ahead != 0 {
                    let a = Cell(ahead.trailing_zeros() as u8);
                    let row = ahead | t.step(a, Direction::East) | t.step(a, Direction::West);
                    let far = cells_of(row).fold(0, |acc, c| acc | t.step(c, fwd));
                    sink.add(
                        feature::SHELTER_NEAR,
                        sign * (row & own_pawns).count_ones() as i32,
                    );
                    sink.add(
                        feature::SHELTER_FAR,
                        sign * (far & own_pawns).count_ones() as i32,
                    );
                }
                if masks.file[k.index()] & own_pawns == 0 {
                    sink.add(feature::KING_OPEN_FILE, sign);
                }
            }
            for (i, &n) in king_attacks[s].iter().enumerate() {
                sink.add(feature::KING_ATTACK + i, sign * n);
            }
            let mut units = 2 * king_attacks[s][0]
                + 2 * king_attacks[s][1]
                + 3 * king_attacks[s][2]
                + 5 * king_attacks[s][3];
            if let Some(k) = self.board.king(them) {
                let safe = !attacks[1 - s] & !b.seat(seat);
                let diagonal = t.bishop(k, occupied);
                let straight = t.rook(k, occupied);
                let from = [t.knight(k), diagonal, straight, diagonal | straight];
                for (i, cells) in from.into_iter().enumerate() {
                    let n = (reach_by_kind[s][i] & cells & safe).count_ones() as i32;
                    sink.add(feature::SAFE_CHECK + i, sign * n);
                    units += 4 * n;
                }
            }
            sink.add(feature::KING_DANGER, sign * (units * units / 16).min(120));
            let rel_half = if s == 0 {
                0xFFFF_FFFF_0000_0000u64
            } else {
                0x0000_0000_FFFF_FFFFu64
            };
            for (i, kind) in [PieceKind::Knight, PieceKind::Bishop]
                .into_iter()
                .enumerate()
            {
                let outposts = cells_of(b.of_kind(seat, kind) & rel_half & pawn_attacks[s])
                    .filter(|c| {
                        masks.passed[s][c.index()] & !masks.file[c.index()] & their_pawns == 0
                    })
                    .count() as i32;
                sink.add(feature::OUTPOST + i, sign * outposts);
            }
            let their_pieces = b.seat(them) & !their_pawns;
            sink.add(
                feature::PAWN_THREAT,
                sign * (pawn_attacks[s] & their_pieces).count_ones() as i32,
            );
            let majors = b.seat(them) & (b.kind(PieceKind::Rook) | b.kind(PieceKind::Queen));
            sink.add(
                feature::MINOR_THREAT,
                sign * (minor_reach[s] & majors).count_ones() as i32,
            );
            sink.add(
                feature::HANGING,
                sign * (attacks[s] & !attacks[1 - s] & their_pieces).count_ones() as i32,
            );
            if b.of_kind(seat, PieceKind::Bishop).count_ones() >= 2 {
                sink.add(feature::BISHOP_PAIR, sign);
            }
            for c in cells_of(b.of_kind(seat, PieceKind::Rook)) {
                let file = masks.file[c.index()];
                if file & own_pawns == 0 {
                    if file & their_pawns == 0 {
                        sink.add(feature::ROOK_OPEN, sign);
                    } else {
                        sink.add(feature::ROOK_SEMI_OPEN, sign);
                    }
                }
            }
        }
        phase.min(PHASE_TOTAL)
    }

    /// The position's score for White, in centipawns.
    pub fn evaluate_white(&self) -> i32 {
        let mut taper = Taper::default();
        let phase = self.features(&mut taper);
        let mut total = (taper.mg * phase + taper.eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
        let b = &self.bits;
        let material = [Seat::WHITE, Seat::BLACK].map(|seat| {
            KINDS[1..]
                .iter()
                .enumerate()
                .map(|(k, &kind)| VALUE[k + 1] * b.of_kind(seat, kind).count_ones() as i32)
                .sum::<i32>()
        });
        let pawns = [Seat::WHITE, Seat::BLACK]
            .map(|seat| b.of_kind(seat, PieceKind::Pawn).count_ones() as i32);
        total += self.bare_king_term(material, pawns);
        Self::scale_drawish(total, material, pawns)
    }

    /// Against a lone King: the nearer it is driven to a corner and the
    /// nearer the winning King comes, the better for the stronger side.
    fn bare_king_term(&self, material: [i32; 2], pawns: [i32; 2]) -> i32 {
        for strong in 0..2 {
            let weak = 1 - strong;
            let mating_force = material[strong] >= VALUE[3];
            if material[weak] == 0 && pawns[weak] == 0 && mating_force {
                let (Some(wk), Some(sk)) = (
                    self.board.king(Seat(weak as u8)),
                    self.board.king(Seat(strong as u8)),
                ) else {
                    return 0;
                };
                let g = self.geo;
                let edge = centre_distance(g.file(wk) as i32, g.rank(wk) as i32);
                let apart = (g.file(wk) as i32 - g.file(sk) as i32).abs()
                    + (g.rank(wk) as i32 - g.rank(sk) as i32).abs();
                let bonus = 200 + 25 * edge + 10 * (14 - apart);
                return if strong == 0 { bonus } else { -bonus };
            }
        }
        0
    }

    /// Pulls the score towards a draw when the side ahead has no pawns and
    /// less than a Rook's worth more material (it cannot force mate).
    fn scale_drawish(total: i32, material: [i32; 2], pawns: [i32; 2]) -> i32 {
        let strong = if total >= 0 { 0 } else { 1 };
        if pawns[strong] == 0 && material[strong] - material[1 - strong] < VALUE[3] {
            total / 4
        } else {
            total
        }
    }
}

/// The bitboard tables the evaluation reads (a shorthand for the tuner).
pub fn tables() -> Option<&'static BitTables> {
    Geometry::chess8().bit_tables()
}

impl Evaluate for Chess {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        let white = self.evaluate_white();
        let tempo = if self.side == seat { 10 } else { -10 };
        if seat == Seat::WHITE {
            white + tempo
        } else {
            -white + tempo
        }
    }

    fn piece_value(&self, kind: PieceKind) -> i32 {
        kind_index(kind).map_or(0, |k| VALUE[k])
    }

    fn exchange_value(&self, mv: crate::core::Move) -> Option<i32> {
        Some(self.static_exchange(mv))
    }

    fn exchange_at_least(&self, mv: crate::core::Move, threshold: i32) -> Option<bool> {
        Some(self.static_exchange_at_least(mv, threshold))
    }

    fn null_move_safe(&self) -> bool {
        self.bits.seat(self.side)
            & !(self.bits.kind(PieceKind::Pawn) | self.bits.kind(PieceKind::King))
            != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Options;

    fn eval(fen: &str) -> i32 {
        Chess::from_fen(fen, &Options::new())
            .expect("valid FEN")
            .evaluate_white()
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(eval(super::super::START_FEN), 0);
    }

    #[test]
    fn mirrored_positions_score_opposite() {
        let white = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let black = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(white, -black);
    }

    #[test]
    fn material_counts() {
        let up_a_knight = eval("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(up_a_knight > 250, "{up_a_knight}");
    }

    #[test]
    fn lone_king_is_better_driven_to_the_edge() {
        let centre = eval("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
        let edge = eval("7k/8/8/8/8/8/8/R3K3 w - - 0 1");
        let kings_close = eval("7k/8/5K2/8/8/8/8/R7 w - - 0 1");
        assert!(edge > centre, "edge {edge} centre {centre}");
        assert!(kings_close > edge, "close {kings_close} edge {edge}");
    }

    #[test]
    fn bare_minor_piece_is_scored_near_a_draw() {
        let knight = eval("8/8/8/4k3/8/8/8/N3K3 w - - 0 1");
        assert!(knight.abs() < 100, "{knight}");
    }

    #[test]
    fn passed_pawn_is_worth_more_than_a_blocked_one() {
        // The same pawns, but on c7 Black's pawn stops White's d-pawn from
        // being passed (and is held back itself).
        let passed = eval("4k3/p7/8/3P4/8/8/8/4K3 w - - 0 1");
        let held = eval("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1");
        assert!(passed > held, "passed {passed} held {held}");
    }

    #[test]
    fn the_features_sum_to_the_linear_score() {
        let game = Chess::from_fen(
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
            &Options::new(),
        )
        .expect("valid FEN");
        let mut list: Vec<(usize, i32)> = Vec::new();
        let phase = game.features(&mut list);
        let mut taper = Taper::default();
        assert_eq!(game.features(&mut taper), phase);
        let (mg, eg) = list.iter().fold((0, 0), |(mg, eg), &(f, n)| {
            (mg + WEIGHTS_MG[f] as i32 * n, eg + WEIGHTS_EG[f] as i32 * n)
        });
        assert_eq!((mg, eg), (taper.mg, taper.eg));
        assert!(list.iter().all(|&(f, _)| f < feature::COUNT));
    }

    /// The count of `feature` in the position (White's less Black's).
    fn count(fen: &str, feature: usize) -> i32 {
        let game = Chess::from_fen(fen, &Options::new()).expect("valid FEN");
        let mut list: Vec<(usize, i32)> = Vec::new();
        game.features(&mut list);
        list.iter()
            .filter(|&&(f, _)| f == feature)
            .map(|&(_, n)| n)
            .sum()
    }

    #[test]
    fn a_safe_check_is_one_the_enemy_does_not_guard() {
        // Qd8+ is safe; the Knight on f3 reaches no checking cell.
        let open = "6k1/5ppp/8/8/8/5N2/8/3Q2K1 w - - 0 1";
        assert_eq!(count(open, feature::SAFE_CHECK + 3), 1);
        assert_eq!(count(open, feature::SAFE_CHECK), 0);
        // A Black Knight on c6 guards d8 (and blocks nothing).
        let guarded = "6k1/5ppp/2n5/8/8/5N2/8/3Q2K1 w - - 0 1";
        assert_eq!(count(guarded, feature::SAFE_CHECK + 3), 0);
        // A safe check is danger; a Queen on a cell next to the King too.
        assert!(count(open, feature::KING_DANGER) > 0);
        let near = "6k1/5ppp/8/6Q1/8/5N2/8/6K1 w - - 0 1";
        assert!(count(near, feature::KING_DANGER) > count(open, feature::KING_DANGER));
    }

    #[test]
    fn a_passed_pawn_counts_the_kings_distances_from_its_path() {
        // d5 is two ranks past the third; d6 is five King steps from g1
        // and four from a2, and the path is clear.
        let fen = "8/8/8/3P4/8/8/k7/6K1 w - - 0 1";
        assert_eq!(count(fen, feature::PASSED_KING_OWN), 2 * 5);
        assert_eq!(count(fen, feature::PASSED_KING_THEIRS), 2 * 4);
        assert_eq!(count(fen, feature::PASSED_FREE), 2);
        let blocked = "3n4/8/8/3P4/8/8/k7/6K1 w - - 0 1";
        assert_eq!(count(blocked, feature::PASSED_FREE), 0);
    }

    #[test]
    fn an_outpost_is_defended_by_a_pawn_and_beyond_the_enemy_pawns() {
        let outpost = "4k3/p7/8/3N4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(count(outpost, feature::OUTPOST), 1);
        // A Black pawn on c7 can drive the Knight away.
        let chased = "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(count(chased, feature::OUTPOST), 0);
    }
}
