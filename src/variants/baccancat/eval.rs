//! The BacCanCat evaluation for the multi-seat search: each army's
//! material (its pieces, and what its foot soldiers near promotion could
//! draw from the Reserve), its progress towards a marriage, and simple
//! placement, against the average of the other armies in play.

use super::BacCanCat;
use super::armies::{ARMIES, Frame};
use super::tables::tables;
use crate::ai::Evaluate;
use crate::ai::multi::Model;
use crate::core::{PieceKind, Seat};

/// What a piece is worth in centipawns (the King: nothing).
pub const fn piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn | PieceKind::Yeoman => 100,
        PieceKind::Knight | PieceKind::Camel | PieceKind::Zebra | PieceKind::Zemel => 300,
        PieceKind::Catapult | PieceKind::Camper | PieceKind::Gazelle | PieceKind::Cogazelle => 380,
        PieceKind::Bishop | PieceKind::Arrow => 330,
        PieceKind::Cannon => 400,
        PieceKind::Rook => 500,
        PieceKind::Gnu | PieceKind::Zebu => 650,
        PieceKind::Achates | PieceKind::Gallop => 750,
        PieceKind::Tank => 850,
        PieceKind::Queen => 950,
        _ => 0,
    }
}

/// What an army out of the game is worth to itself.
pub const OUT_SCORE: i32 = -30_000;
/// What each of Queen, Tank and compound held is worth towards marriage.
pub const MARRIAGE_PART: i32 = 60;
/// The bonus for holding all three, less `MARRIAGE_DISTANCE` per step
/// the three stand from the King.
pub const MARRIAGE_ALL: i32 = 300;
/// See [`MARRIAGE_ALL`].
pub const MARRIAGE_DISTANCE: i32 = 12;
/// Per step a foot soldier has advanced from its camp's corner.
pub const ADVANCE: i32 = 3;

impl BacCanCat {
    /// `seat`'s own score, before comparing with the others: material,
    /// marriage progress, advancement.
    pub fn army_score(&self, seat: Seat) -> i32 {
        let pos = self.position();
        let t = tables();
        let geo = t.geo;
        let frame = Frame::of(seat);
        let compound = pos.leapers().kinds()[2];
        let best_reserve = pos
            .leapers()
            .promotion_order()
            .iter()
            .filter(|&&k| pos.reserve(k) > 0)
            .map(|&k| piece_value(k))
            .max()
            .unwrap_or(0);
        let king = pos.board.king(seat);
        let mut score = 0;
        let mut parts = [None; 3];
        for cell in pos.board.occupied_by(seat).iter() {
            let Some(piece) = pos.board.get(cell) else {
                continue;
            };
            let kind = piece.kind();
            score += piece_value(kind);
            match kind {
                PieceKind::Pawn | PieceKind::Yeoman => {
                    let (x, y) = frame.relative(geo, cell);
                    let reach = x.max(y);
                    score += ADVANCE * reach;
                    if reach >= 12 {
                        score += best_reserve * (reach - 11) / 8;
                    }
                }
                PieceKind::Queen => parts[0] = Some(cell),
                PieceKind::Tank => parts[1] = Some(cell),
                k if k == compound => parts[2] = Some(cell),
                _ => {}
            }
        }
        let held = parts.iter().filter(|p| p.is_some()).count() as i32;
        score += MARRIAGE_PART * held;
        if let (Some(k), [Some(a), Some(b), Some(c)]) = (king, parts) {
            let distance = |x: crate::core::Cell| {
                (geo.file(x) as i32 - geo.file(k) as i32)
                    .abs()
                    .max((geo.rank(x) as i32 - geo.rank(k) as i32).abs())
            };
            score += (MARRIAGE_ALL - MARRIAGE_DISTANCE * (distance(a) + distance(b) + distance(c)))
                .max(0);
        }
        score
    }
}

impl Evaluate for BacCanCat {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        let pos = self.position();
        if !pos.in_play(seat) {
            return OUT_SCORE;
        }
        let others: Vec<i32> = ARMIES
            .into_iter()
            .filter(|&s| s != seat && pos.in_play(s))
            .map(|s| self.army_score(s))
            .collect();
        let average = if others.is_empty() {
            0
        } else {
            others.iter().sum::<i32>() / others.len() as i32
        };
        self.army_score(seat) - average
    }

    fn piece_value(&self, kind: PieceKind) -> i32 {
        piece_value(kind)
    }

    fn evaluate_all(&self, out: &mut [i32]) {
        let pos = self.position();
        let own: Vec<i32> = ARMIES.iter().map(|&s| self.army_score(s)).collect();
        let playing: Vec<usize> = (0..4).filter(|&i| pos.in_play(Seat(i as u8))).collect();
        for (i, score) in out.iter_mut().enumerate().take(4) {
            if !playing.contains(&i) {
                *score = OUT_SCORE;
                continue;
            }
            let others: Vec<i32> = playing
                .iter()
                .filter(|&&j| j != i)
                .map(|&j| own[j])
                .collect();
            let average = if others.is_empty() {
                0
            } else {
                others.iter().sum::<i32>() / others.len() as i32
            };
            *score = own[i] - average;
        }
    }

    fn seat_model(&self, _seat: Seat) -> Model {
        Model::Paranoid
    }
}
