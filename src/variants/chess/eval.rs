//! The chess evaluation: material, piece placement, mobility, pawn
//! structure, king shelter, and a bare-endgame term that drives a lone King
//! to the edge and the winning King towards it, so won endgames are won.
//!
//! Every term has a middlegame and an endgame weight, blended by how much
//! material is left (a tapered evaluation).

use super::Chess;
use crate::ai::Evaluate;
use crate::core::{Cell, Leap, LineKind, PieceKind, Seat};

/// Middlegame and endgame values of Pawn, Knight, Bishop, Rook, Queen.
const VALUE_MG: [i32; 5] = [85, 320, 335, 480, 980];
const VALUE_EG: [i32; 5] = [105, 290, 310, 530, 950];

/// Game phase weight of each kind (24 with every piece on the board).
const PHASE: [i32; 5] = [0, 1, 1, 2, 4];
const PHASE_TOTAL: i32 = 24;

/// Pawn advancement by relative rank, middlegame and endgame.
const PAWN_ADVANCE_MG: [i32; 8] = [0, 0, 2, 6, 14, 25, 45, 0];
const PAWN_ADVANCE_EG: [i32; 8] = [0, 0, 4, 12, 24, 42, 70, 0];
/// Extra for a passed pawn by relative rank.
const PASSED_MG: [i32; 8] = [0, 5, 8, 14, 25, 45, 75, 0];
const PASSED_EG: [i32; 8] = [0, 10, 16, 30, 55, 90, 140, 0];
/// The King's home-rank placement by file in the middlegame (castled is best).
const KING_FILE_MG: [i32; 8] = [20, 30, 10, 0, 0, 10, 30, 20];

/// How many steps `rank, file` lies from the edge-free centre: 0 in the
/// four middle cells to 6 in a corner (a Manhattan distance).
#[inline]
fn centre_distance(file: i32, rank: i32) -> i32 {
    let df = (2 * file - 7).abs() / 2;
    let dr = (2 * rank - 7).abs() / 2;
    df + dr
}

/// A middlegame and an endgame score, kept apart until the end.
#[derive(Clone, Copy, Default)]
struct Taper {
    mg: i32,
    eg: i32,
}

impl Taper {
    #[inline]
    fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// The index of a chess kind in the value tables (none for the King).
#[inline]
fn kind_index(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::Pawn => Some(0),
        PieceKind::Knight => Some(1),
        PieceKind::Bishop => Some(2),
        PieceKind::Rook => Some(3),
        PieceKind::Queen => Some(4),
        _ => None,
    }
}

impl Chess {
    /// The position's score for White, in centipawns.
    pub fn evaluate_white(&self) -> i32 {
        let geo = self.geo;
        let board = &self.board;
        // Pawn files: per seat, the lowest and highest rank of a pawn on each file.
        let mut low = [[8i32; 8]; 2];
        let mut high = [[-1i32; 8]; 2];
        let mut pawns_on_file = [[0i32; 8]; 2];
        let mut phase = 0;
        let mut material = [0i32; 2];
        let mut pawns = [0i32; 2];
        let mut bishops = [0i32; 2];
        for (cell, piece) in board.pieces(64) {
            let s = piece.seat().index() & 1;
            let (f, r) = (geo.file(cell) as usize, geo.rank(cell) as i32);
            match piece.kind() {
                PieceKind::Pawn => {
                    low[s][f] = low[s][f].min(r);
                    high[s][f] = high[s][f].max(r);
                    pawns_on_file[s][f] += 1;
                    pawns[s] += 1;
                }
                PieceKind::Bishop => bishops[s] += 1,
                _ => {}
            }
            if let Some(k) = kind_index(piece.kind()) {
                phase += PHASE[k];
                if k > 0 {
                    material[s] += VALUE_MG[k];
                }
            }
        }

        let mut score = [Taper::default(); 2];
        for (cell, piece) in board.pieces(64) {
            let seat = piece.seat();
            let s = seat.index() & 1;
            let file = geo.file(cell) as i32;
            let rank = geo.rank(cell) as i32;
            let rel_rank = if s == 0 { rank } else { 7 - rank };
            let centre = 6 - centre_distance(file, rank);
            let t = &mut score[s];
            match piece.kind() {
                PieceKind::Pawn => {
                    t.add(VALUE_MG[0], VALUE_EG[0]);
                    let r = rel_rank as usize;
                    t.add(PAWN_ADVANCE_MG[r], PAWN_ADVANCE_EG[r]);
                    if (3..=4).contains(&file) && (3..=4).contains(&rel_rank) {
                        t.add(12, 0);
                    }
                    let f = file as usize;
                    let them = 1 - s;
                    let passed = (f.saturating_sub(1)..=(f + 1).min(7)).all(|g| {
                        if s == 0 {
                            high[them][g] <= rank
                        } else {
                            low[them][g] >= rank
                        }
                    });
                    if passed {
                        t.add(PASSED_MG[r], PASSED_EG[r]);
                    }
                    let isolated = (f == 0 || pawns_on_file[s][f - 1] == 0)
                        && (f == 7 || pawns_on_file[s][f + 1] == 0);
                    if isolated {
                        t.add(-10, -14);
                    }
                }
                PieceKind::Knight => {
                    t.add(VALUE_MG[1], VALUE_EG[1]);
                    t.add(6 * centre - 18, 5 * centre - 15);
                    let mobility = geo
                        .leaps(cell, Leap::Knight)
                        .iter()
                        .filter(|&&c| board.get(c).is_none_or(|p| p.seat() != seat))
                        .count() as i32;
                    t.add(4 * (mobility - 4), 4 * (mobility - 4));
                }
                PieceKind::Bishop => {
                    t.add(VALUE_MG[2], VALUE_EG[2]);
                    t.add(2 * centre, 2 * centre);
                    let m = self.slider_mobility(cell, seat, LineKind::Diagonal);
                    t.add(5 * (m - 6), 5 * (m - 6));
                }
                PieceKind::Rook => {
                    t.add(VALUE_MG[3], VALUE_EG[3]);
                    if rel_rank == 6 {
                        t.add(20, 12);
                    }
                    let f = file as usize;
                    if pawns_on_file[s][f] == 0 {
                        if pawns_on_file[1 - s][f] == 0 {
                            t.add(25, 10);
                        } else {
                            t.add(12, 6);
                        }
                    }
                    let m = self.slider_mobility(cell, seat, LineKind::Orthogonal);
                    t.add(2 * (m - 6), 4 * (m - 6));
                }
                PieceKind::Queen => {
                    t.add(VALUE_MG[4], VALUE_EG[4]);
                    t.add(centre, 4 * centre);
                    let m = self.slider_mobility(cell, seat, LineKind::Orthogonal)
                        + self.slider_mobility(cell, seat, LineKind::Diagonal);
                    t.add(m - 12, 2 * (m - 12));
                }
                PieceKind::King => {
                    let home = match rel_rank {
                        0 => KING_FILE_MG[file as usize],
                        1 => -15,
                        _ => -45,
                    };
                    let shelter = self.pawn_shelter(cell, seat);
                    t.add(home + shelter, 7 * centre - 20);
                }
                _ => {}
            }
        }
        for s in 0..2 {
            if bishops[s] >= 2 {
                score[s].add(30, 50);
            }
        }
        let white = score[0];
        let black = score[1];
        let mg = white.mg - black.mg;
        let eg = white.eg - black.eg;
        let phase = phase.min(PHASE_TOTAL);
        let mut total = (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
        total += self.bare_king_term(material, pawns);
        total = Self::scale_drawish(total, material, pawns);
        total
    }

    /// How many cells a slider on `cell` reaches along `line` (empty cells
    /// and enemy pieces).
    #[inline]
    fn slider_mobility(&self, cell: Cell, seat: Seat, line: LineKind) -> i32 {
        let mut n = 0;
        for ray in self.geo.rays(cell, line) {
            for &c in ray {
                match self.board.get(c) {
                    None => n += 1,
                    Some(p) => {
                        if p.seat() != seat {
                            n += 1;
                        }
                        break;
                    }
                }
            }
        }
        n
    }

    /// Own pawns in front of a King on its first two ranks (the castled
    /// shelter), 12 each, in the middlegame.
    fn pawn_shelter(&self, king: Cell, seat: Seat) -> i32 {
        let rank = self.geo.rank(king) as i32;
        let rel = if seat == Seat::WHITE { rank } else { 7 - rank };
        if rel > 1 {
            return 0;
        }
        let file = self.geo.file(king) as i32;
        let dir = if seat == Seat::WHITE { 1 } else { -1 };
        let mut shelter = 0;
        for f in file - 1..=file + 1 {
            for step in 1..=2 {
                if let Some(c) = self.geo.at(f, rank + dir * step)
                    && self
                        .board
                        .get(c)
                        .is_some_and(|p| p.is(seat, PieceKind::Pawn))
                {
                    shelter += if step == 1 { 12 } else { 8 };
                    break;
                }
            }
        }
        shelter - 20
    }

    /// Against a lone King: the nearer it is driven to a corner and the
    /// nearer the winning King comes, the better for the stronger side.
    fn bare_king_term(&self, material: [i32; 2], pawns: [i32; 2]) -> i32 {
        for strong in 0..2 {
            let weak = 1 - strong;
            let mating_force = material[strong] >= VALUE_MG[3];
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
        if pawns[strong] == 0 && material[strong] - material[1 - strong] < VALUE_MG[3] {
            total / 4
        } else {
            total
        }
    }
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
        kind_index(kind).map_or(0, |k| VALUE_MG[k])
    }

    fn exchange_value(&self, mv: crate::core::Move) -> Option<i32> {
        Some(self.static_exchange(mv))
    }

    fn null_move_safe(&self) -> bool {
        [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ]
        .iter()
        .any(|&k| self.board.count(self.side, k) > 0)
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
}
