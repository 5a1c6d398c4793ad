//! The BacCanCat evaluation for the multi-seat search: each army's
//! material (its pieces, and what its foot soldiers near promotion could
//! draw from the Reserve, or the game they win when it is empty), its
//! progress towards a marriage, its King's safety against each other army
//! (the army moving right after it counting most), and simple placement,
//! against the average of the other armies in play.

use super::BacCanCat;
use super::armies::{ARMIES, Frame};
use super::pieces::{hops, slides};
use super::state::Position;
use super::tables::{Tables, tables};
use crate::ai::Evaluate;
use crate::ai::multi::Model;
use crate::core::{Cell, Direction, LineKind, PieceKind, Seat};

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
/// A foot soldier within four steps of promotion while the Reserve has
/// nothing to give (reaching the edge then wins the game): this times the
/// square of the steps it has come past the twelfth.
pub const EMPTY_RESERVE_RUN: i32 = 60;
/// Each of Queen, Tank and compound within two steps of its King (a
/// marriage is a move or two away).
pub const MARRIAGE_CLOSE: i32 = 40;
/// A King attacked now by another army (it must answer, or be mated once
/// that army is next to move).
pub const KING_ATTACKED: i32 = 250;
/// Per line towards the King that an enemy slider could open by one piece
/// moving away, or on which an enemy hopper has its screen or lacks only one.
pub const KING_LINE: i32 = 30;
/// Per enemy piece (not a foot soldier) within three steps of the King.
pub const KING_ATTACKER: i32 = 12;
/// Per one of the King's eight neighbours that no piece of its own army holds.
pub const KING_SHELTER: i32 = 8;
/// The army moving right after counts this many halves of the others'
/// danger: a King it attacks when its turn comes is mated at once.
pub const NEXT_ARMY_HALVES: i32 = 3;

impl BacCanCat {
    /// `seat`'s own score, before comparing with the others: material,
    /// marriage progress, advancement, King safety.
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
                        score += if best_reserve > 0 {
                            best_reserve * (reach - 11) / 8
                        } else {
                            EMPTY_RESERVE_RUN * (reach - 11) * (reach - 11)
                        };
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
        if let Some(k) = king {
            let near = |x: Cell| {
                (geo.file(x) as i32 - geo.file(k) as i32)
                    .abs()
                    .max((geo.rank(x) as i32 - geo.rank(k) as i32).abs())
                    <= 2
            };
            score += MARRIAGE_CLOSE * parts.iter().flatten().filter(|&&c| near(c)).count() as i32;
            score -= king_danger(t, pos, seat, k);
        }
        score
    }
}

/// How much danger `seat`'s King on `king` is in from the other armies in
/// play: attacks on it now, lines towards it an enemy slider or hopper
/// could soon fire along, enemy pieces near it and empty cells round it;
/// the army moving right after `seat` weighs [`NEXT_ARMY_HALVES`] halves.
pub fn king_danger(t: &Tables, pos: &Position, seat: Seat, king: Cell) -> i32 {
    let geo = t.geo;
    let board = &pos.board;
    let next = pos.next_in_play(seat);
    let mut by_army = [0i32; 4];
    for d in Direction::ALL {
        let line = if d.is_diagonal() {
            LineKind::Diagonal
        } else {
            LineKind::Orthogonal
        };
        let mut between = 0;
        for &c in geo.ray_towards(king, d) {
            let Some(p) = board.get(c) else {
                continue;
            };
            let army = p.seat();
            if army != seat {
                let kind = p.kind();
                let hits = match between {
                    0 => slides(kind, line),
                    1 => hops(kind, line),
                    _ => false,
                };
                let soon = match between {
                    1 => slides(kind, line),
                    0 | 2 => hops(kind, line),
                    _ => false,
                };
                if hits {
                    by_army[army.index() & 3] += KING_ATTACKED;
                } else if soon {
                    by_army[army.index() & 3] += KING_LINE;
                }
            }
            between += 1;
            if between > 2 {
                break;
            }
        }
    }
    let (kf, kr) = (geo.file(king) as i32, geo.rank(king) as i32);
    let mut open = 0;
    for df in -3..=3 {
        for dr in -3..=3 {
            let Some(c) = geo.at(kf + df, kr + dr) else {
                continue;
            };
            let piece = board.get(c);
            let neighbour = df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0);
            match piece {
                Some(p) if p.seat() != seat => {
                    if !matches!(p.kind(), PieceKind::Pawn | PieceKind::Yeoman) {
                        by_army[p.seat().index() & 3] += KING_ATTACKER;
                    }
                    if neighbour {
                        open += 1;
                    }
                }
                None if neighbour => open += 1,
                _ => {}
            }
        }
    }
    let mut danger = KING_SHELTER * open;
    for (i, &d) in by_army.iter().enumerate() {
        danger += if Seat(i as u8) == next {
            d * NEXT_ARMY_HALVES / 2
        } else {
            d
        };
    }
    danger
}

impl BacCanCat {
    /// Every army's score less the average of the other armies in play
    /// ([`OUT_SCORE`] for an army out), each army scored once.
    fn scores_against_the_rest(&self) -> [i32; 4] {
        let pos = self.position();
        let mut own = [0; 4];
        let mut playing = 0;
        let mut total = 0;
        for seat in ARMIES.into_iter().filter(|&s| pos.in_play(s)) {
            own[seat.index()] = self.army_score(seat);
            playing += 1;
            total += own[seat.index()];
        }
        let mut relative = [OUT_SCORE; 4];
        for seat in ARMIES.into_iter().filter(|&s| pos.in_play(s)) {
            let i = seat.index();
            let others = playing - 1;
            let average = if others == 0 {
                0
            } else {
                (total - own[i]) / others
            };
            relative[i] = own[i] - average;
        }
        relative
    }
}

impl Evaluate for BacCanCat {
    fn evaluate_for(&self, seat: Seat) -> i32 {
        self.scores_against_the_rest()[seat.index() % 4]
    }

    fn piece_value(&self, kind: PieceKind) -> i32 {
        piece_value(kind)
    }

    fn evaluate_all(&self, out: &mut [i32]) {
        for (score, relative) in out.iter_mut().zip(self.scores_against_the_rest()) {
            *score = relative;
        }
    }

    fn seats_in_play(&self) -> Option<usize> {
        Some(self.position().in_play_count())
    }

    fn seat_model(&self, _seat: Seat) -> Model {
        Model::Paranoid
    }
}
