//! The BacCanCat evaluation for the multi-seat search: each army's
//! material (its pieces, and what its foot soldiers near promotion could
//! draw from the Reserve, or the game they win when it is empty), its
//! progress towards a marriage, its King's safety against each other army
//! (the army moving right after it counting most), and simple placement,
//! against the average of the other armies in play.
//!
//! Material and advancement are a [`SquareTable`] whose sums the board
//! keeps as pieces move (a copy of the position copies them); the King's
//! surroundings are read from cell sets. [`BacCanCat::army_score_from_scratch`]
//! walks the pieces and cells one by one instead, and the two must always
//! agree.

use super::BacCanCat;
use super::armies::{ARMIES, Frame};
use super::pieces::{hops, slides};
use super::state::Position;
use super::tables::{Tables, tables};
use crate::ai::Evaluate;
use crate::ai::multi::Model;
use crate::core::cell::MAX_CELLS as CELLS;
use crate::core::{
    Cell, CellSet, Direction, Geometry, LineKind, Piece, PieceKind, Seat, SquareTable,
};
use std::sync::OnceLock;

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

/// What `seat`'s foot soldier `reach` steps out from its camp's corner
/// earns for the promotion ahead (nothing before the twelfth step): the
/// best piece the Reserve could give, or the game when it is empty.
fn promotion_bonus(reach: i32, best_reserve: i32) -> i32 {
    if reach < 12 {
        0
    } else if best_reserve > 0 {
        best_reserve * (reach - 11) / 8
    } else {
        EMPTY_RESERVE_RUN * (reach - 11) * (reach - 11)
    }
}

/// How many steps out from `seat`'s camp's corner `cell` lies (the farther
/// of its two axes).
fn reach(geo: &Geometry, seat: Seat, cell: Cell) -> i32 {
    let (x, y) = Frame::of(seat).relative(geo, cell);
    x.max(y)
}

/// What a piece adds to its army's score wherever it stands: its value
/// and, for a foot soldier, [`ADVANCE`] per step from its camp's corner.
fn worth(geo: &Geometry, piece: Piece, cell: Cell) -> i32 {
    let kind = piece.kind();
    let advance = match kind {
        PieceKind::Pawn | PieceKind::Yeoman => ADVANCE * reach(geo, piece.seat(), cell),
        _ => 0,
    };
    piece_value(kind) + advance
}

/// The cell sets the evaluation reads instead of walking the board.
struct Masks {
    /// Per army, the cells twelve or more steps out from its camp's corner
    /// (where a foot soldier nears promotion).
    far: [CellSet; 4],
    /// Per cell, the cells within three King steps of it, itself included.
    near: Box<[CellSet; CELLS]>,
    /// Per cell, its (up to eight) neighbours.
    around: Box<[CellSet; CELLS]>,
}

fn masks() -> &'static Masks {
    static MASKS: OnceLock<Masks> = OnceLock::new();
    MASKS.get_or_init(|| {
        let geo = tables().geo;
        let box_of = |cell: Cell, radius: i32, with_centre: bool| {
            let (f, r) = (geo.file(cell) as i32, geo.rank(cell) as i32);
            let mut set = CellSet::new();
            for df in -radius..=radius {
                for dr in -radius..=radius {
                    if (df, dr) == (0, 0) && !with_centre {
                        continue;
                    }
                    if let Some(c) = geo.at(f + df, r + dr) {
                        set.insert(c);
                    }
                }
            }
            set
        };
        let per_cell = |radius, with_centre| {
            let mut sets = Box::new([CellSet::new(); CELLS]);
            for cell in geo.cells() {
                sets[cell.index()] = box_of(cell, radius, with_centre);
            }
            sets
        };
        Masks {
            far: ARMIES.map(|seat| {
                let mut set = CellSet::new();
                for cell in geo.cells().filter(|&c| reach(geo, seat, c) >= 12) {
                    set.insert(cell);
                }
                set
            }),
            near: per_cell(3, true),
            around: per_cell(1, false),
        }
    })
}

/// The table of [`worth`] on every cell, whose sums the board keeps.
pub fn square_table() -> &'static SquareTable {
    static TABLE: OnceLock<SquareTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let geo = tables().geo;
        SquareTable::new(geo.cell_count(), |p, c| worth(geo, p, c))
    })
}

impl BacCanCat {
    /// Has the board keep the sums of [`square_table`] (a position set up
    /// without them is evaluated walking its pieces, with the same result).
    pub(super) fn keep_square_sums(pos: &mut Position) {
        pos.board.use_square_table(square_table());
    }

    /// `seat`'s own score, before comparing with the others: material,
    /// marriage progress, advancement, King safety. Material and
    /// advancement come from the sums the board keeps; only the foot
    /// soldiers near promotion and the marriage pieces are looked up.
    pub fn army_score(&self, seat: Seat) -> i32 {
        let pos = self.position();
        let board = &pos.board;
        let Some(sum) = board.square_sum(seat) else {
            return self.army_score_from_scratch(seat);
        };
        let t = tables();
        let geo = t.geo;
        let best_reserve = best_reserve(pos);
        let own = board.occupied_by(seat);
        let mut score = sum;
        for cell in own.intersection(&masks().far[seat.index() & 3]).iter() {
            if board
                .get(cell)
                .is_some_and(|p| matches!(p.kind(), PieceKind::Pawn | PieceKind::Yeoman))
            {
                score += promotion_bonus(reach(geo, seat, cell), best_reserve);
            }
        }
        let parts = marriage_parts(pos, seat);
        score += self.marriage_and_king(t, seat, parts, king_danger);
        debug_assert_eq!(score, self.army_score_from_scratch(seat));
        score
    }

    /// [`BacCanCat::army_score`] walking every piece of the army (what the
    /// incremental score must always equal).
    pub fn army_score_from_scratch(&self, seat: Seat) -> i32 {
        let pos = self.position();
        let t = tables();
        let geo = t.geo;
        let compound = pos.leapers().kinds()[2];
        let best_reserve = best_reserve(pos);
        let mut score = 0;
        let mut parts = [None; 3];
        for cell in pos.board.occupied_by(seat).iter() {
            let Some(piece) = pos.board.get(cell) else {
                continue;
            };
            let kind = piece.kind();
            score += worth(geo, piece, cell);
            match kind {
                PieceKind::Pawn | PieceKind::Yeoman => {
                    score += promotion_bonus(reach(geo, seat, cell), best_reserve);
                }
                PieceKind::Queen => parts[0] = Some(cell),
                PieceKind::Tank => parts[1] = Some(cell),
                k if k == compound => parts[2] = Some(cell),
                _ => {}
            }
        }
        score + self.marriage_and_king(t, seat, parts, king_danger_from_scratch)
    }

    /// The marriage terms of `seat` holding its Queen, Tank and compound on
    /// `parts`, less its King's danger as `danger` works it out.
    fn marriage_and_king(
        &self,
        t: &Tables,
        seat: Seat,
        parts: [Option<Cell>; 3],
        danger: fn(&Tables, &Position, Seat, Cell) -> i32,
    ) -> i32 {
        let pos = self.position();
        let geo = t.geo;
        let king = pos.board.king(seat);
        let held = parts.iter().filter(|p| p.is_some()).count() as i32;
        let mut score = MARRIAGE_PART * held;
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
            score -= danger(t, pos, seat, k);
        }
        score
    }
}

/// The most valuable piece the Reserve holds that a promotion could take
/// (0 when it is empty).
fn best_reserve(pos: &Position) -> i32 {
    pos.leapers()
        .promotion_order()
        .iter()
        .filter(|&&k| pos.reserve(k) > 0)
        .map(|&k| piece_value(k))
        .max()
        .unwrap_or(0)
}

/// The cells of `seat`'s Queen, Tank and compound (of several of a kind,
/// the last in the board's order), found walking only as far as needed.
fn marriage_parts(pos: &Position, seat: Seat) -> [Option<Cell>; 3] {
    let board = &pos.board;
    let kinds = [PieceKind::Queen, PieceKind::Tank, pos.leapers().kinds()[2]];
    let counts = kinds.map(|k| board.count(seat, k));
    let mut left: u32 = counts.iter().map(|&c| c as u32).sum();
    let mut parts = [None; 3];
    if left == 0 {
        return parts;
    }
    for cell in board.occupied_by(seat).iter() {
        let Some(kind) = board.get(cell).map(|p| p.kind()) else {
            continue;
        };
        if let Some(i) = kinds.iter().position(|&k| k == kind) {
            parts[i] = Some(cell);
            left -= 1;
            if left == 0 {
                break;
            }
        }
    }
    parts
}

/// How much danger `seat`'s King on `king` is in from the other armies in
/// play: attacks on it now, lines towards it an enemy slider or hopper
/// could soon fire along, enemy pieces near it and empty cells round it;
/// the army moving right after `seat` weighs [`NEXT_ARMY_HALVES`] halves.
pub fn king_danger(t: &Tables, pos: &Position, seat: Seat, king: Cell) -> i32 {
    let board = &pos.board;
    let mut by_army = line_danger(t, pos, seat, king);
    let m = masks();
    let near = &m.near[king.index()];
    for army in ARMIES.into_iter().filter(|&a| a != seat) {
        for c in board.occupied_by(army).intersection(near).iter() {
            if board
                .get(c)
                .is_some_and(|p| !matches!(p.kind(), PieceKind::Pawn | PieceKind::Yeoman))
            {
                by_army[army.index()] += KING_ATTACKER;
            }
        }
    }
    // A neighbour is open unless a piece of the King's own army holds it.
    let around = &m.around[king.index()];
    let open = (around.len() - board.occupied_by(seat).intersection(around).len()) as i32;
    weigh_danger(pos, seat, by_army, open)
}

/// [`king_danger`] looking at every cell within three steps of the King
/// one by one (what the set-based count must always equal).
pub fn king_danger_from_scratch(t: &Tables, pos: &Position, seat: Seat, king: Cell) -> i32 {
    let geo = t.geo;
    let board = &pos.board;
    let mut by_army = line_danger(t, pos, seat, king);
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
    weigh_danger(pos, seat, by_army, open)
}

/// Per army, the danger to `seat`'s King on `king` from the lines
/// towards it: attacks now ([`KING_ATTACKED`]) and lines an enemy slider
/// or hopper could soon fire along ([`KING_LINE`]).
fn line_danger(t: &Tables, pos: &Position, seat: Seat, king: Cell) -> [i32; 4] {
    let geo = t.geo;
    let board = &pos.board;
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
    by_army
}

/// The King's danger from each army's share and its `open` neighbours:
/// the army moving right after `seat` weighs [`NEXT_ARMY_HALVES`] halves.
fn weigh_danger(pos: &Position, seat: Seat, by_army: [i32; 4], open: i32) -> i32 {
    let next = pos.next_in_play(seat);
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
        self.against_the_rest(BacCanCat::army_score)
    }

    /// Every army's score from `army_score` less the average of the other
    /// armies in play.
    fn against_the_rest(&self, army_score: fn(&BacCanCat, Seat) -> i32) -> [i32; 4] {
        let pos = self.position();
        let mut own = [0; 4];
        let mut playing = 0;
        let mut total = 0;
        for seat in ARMIES.into_iter().filter(|&s| pos.in_play(s)) {
            own[seat.index()] = army_score(self, seat);
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

    fn evaluate_from_scratch(&self, seat: Seat) -> Option<i32> {
        Some(self.against_the_rest(BacCanCat::army_score_from_scratch)[seat.index() % 4])
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
