//! A BacCanCat position: the board and everything else the rules look at
//! (army to move, armies out, castling partners, refill pieces that may
//! still double-step, the Reserve, passes in a row, the result), with its
//! Zobrist key kept up to date as each part changes.

use super::armies::{ARMIES, after};
use super::pieces::Leapers;
use crate::core::zobrist::Zobrist;
use crate::core::{Board, Cell, CellSet, Departure, Outcome, PieceKind, Seat};
use arrayvec::ArrayVec;

/// Where each part of the position takes its keys in [`Zobrist::extra`].
const PARTNER_KEYS: usize = 0;
const FRESH_KEYS: usize = 256;
const RESERVE_KEYS: usize = 512;
const OUT_KEYS: usize = 960;
const PASS_KEYS: usize = 980;

/// Why an army went out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cause {
    /// Mated, the mate credited to this army.
    MatedBy(Seat),
    /// Its player resigned or its flag fell: out as if mated, with no mate
    /// credited to anyone.
    Left(Departure),
}

/// Why an army went out, in words: `mated by Red`, `resigned`, `out of time`.
pub fn cause_words(cause: Cause) -> String {
    match cause {
        Cause::MatedBy(by) => format!("mated by {}", super::armies::army_name(by)),
        Cause::Left(Departure::Resigned) => "resigned".to_string(),
        Cause::Left(Departure::Flagged) => "out of time".to_string(),
    }
}

/// One army knocked out: who, and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Knockout {
    /// The army that went out.
    pub army: Seat,
    /// Why: mated by an army, or left.
    pub cause: Cause,
}

/// A position with its state beyond the board.
#[derive(Clone)]
pub struct Position {
    /// The pieces.
    pub board: Board,
    /// The army to move (after a game has ended: the next army in play).
    pub(super) side: Seat,
    /// The leaper sub-variant.
    pub(super) leapers: Leapers,
    /// Armies out, in the order they went out.
    pub(super) out: ArrayVec<Knockout, 4>,
    /// Cells whose piece is an unmoved castling partner: a starting Rook or
    /// long-diagonal Bishop, or a Queen made by capture promotion.
    pub(super) partners: CellSet,
    /// Cells whose piece is a refill Pawn or Yeoman that has not captured.
    pub(super) fresh: CellSet,
    /// The Reserve, by kind code (Pawns and Yeomen never run out and are not counted).
    pub(super) reserve: [u8; 32],
    /// Passes in a row since the last other move or elimination.
    pub(super) passes: u8,
    /// The result, once the game is over.
    pub(super) outcome: Option<Outcome>,
    /// The key of everything but the placement and the army to move.
    pub(super) key: u64,
    /// What the last settling found of the army to move: whether its King
    /// is attacked (`None` until worked out for this position): the move
    /// generator's first question, answered once.
    pub(super) checked: Option<bool>,
    /// Whether every camp line of an army in play is known to hold a
    /// piece (so only a line the next move empties can need refilling).
    pub(super) lines_full: bool,
}

impl Position {
    /// An empty board with Red to move, nobody out, an empty Reserve.
    pub fn empty(leapers: Leapers) -> Position {
        Position {
            board: Board::new(),
            side: Seat(0),
            leapers,
            out: ArrayVec::new(),
            partners: CellSet::new(),
            fresh: CellSet::new(),
            reserve: [0; 32],
            passes: 0,
            outcome: None,
            key: 0,
            checked: None,
            lines_full: false,
        }
    }

    /// The position's hash.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.board.placement_hash() ^ Zobrist::get().seat(self.side) ^ self.key
    }

    /// The key worked out from scratch (what [`Position::hash`]'s
    /// incremental key must always equal).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut fresh = Position::empty(self.leapers);
        for (cell, piece) in self.board.pieces(256) {
            fresh.board.put(cell, piece);
        }
        fresh.side = self.side;
        for c in self.partners.iter() {
            fresh.set_partner(c, true);
        }
        for c in self.fresh.iter() {
            fresh.set_fresh(c, true);
        }
        for kind in PieceKind::ALL {
            fresh.set_reserve(kind, self.reserve(kind));
        }
        for k in &self.out {
            fresh.knock_out_record(*k);
        }
        fresh.set_passes(self.passes);
        fresh.hash()
    }

    /// The army to move.
    pub fn side(&self) -> Seat {
        self.side
    }

    /// The leaper sub-variant.
    pub fn leapers(&self) -> Leapers {
        self.leapers
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Armies out, in the order they went out.
    pub fn knocked_out(&self) -> &[Knockout] {
        &self.out
    }

    /// Whether `seat` is still in play.
    #[inline]
    pub fn in_play(&self, seat: Seat) -> bool {
        !self.out.iter().any(|k| k.army == seat)
    }

    /// Per army, whether it is in play.
    #[inline]
    pub fn in_play_mask(&self) -> [bool; 4] {
        ARMIES.map(|s| self.in_play(s))
    }

    /// How many armies are in play.
    pub fn in_play_count(&self) -> usize {
        4 - self.out.len()
    }

    /// The next army in play after `seat` in turn order (`seat` itself if
    /// it is the only one).
    pub fn next_in_play(&self, seat: Seat) -> Seat {
        let mut s = after(seat);
        for _ in 0..4 {
            if self.in_play(s) {
                return s;
            }
            s = after(s);
        }
        seat
    }

    /// The cells of unmoved castling partners.
    pub fn partners(&self) -> CellSet {
        self.partners
    }

    /// The cells of refill pieces that may still double-step.
    pub fn fresh(&self) -> CellSet {
        self.fresh
    }

    /// How many pieces of `kind` the Reserve holds.
    #[inline]
    pub fn reserve(&self, kind: PieceKind) -> u8 {
        self.reserve[kind.code() as usize & 31]
    }

    /// Passes in a row.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Marks or clears `cell` as holding an unmoved castling partner.
    pub(super) fn set_partner(&mut self, cell: Cell, on: bool) {
        mark(&mut self.partners, &mut self.key, PARTNER_KEYS, cell, on);
    }

    /// Marks or clears `cell` as holding a refill piece that may double-step.
    pub(super) fn set_fresh(&mut self, cell: Cell, on: bool) {
        mark(&mut self.fresh, &mut self.key, FRESH_KEYS, cell, on);
    }

    fn reserve_key(kind: PieceKind, count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            Zobrist::get().extra(RESERVE_KEYS + kind.code() as usize * 16 + (count as usize & 15))
        }
    }

    /// Sets how many pieces of `kind` the Reserve holds.
    pub(super) fn set_reserve(&mut self, kind: PieceKind, count: u8) {
        let old = self.reserve(kind);
        self.key ^= Position::reserve_key(kind, old) ^ Position::reserve_key(kind, count);
        self.reserve[kind.code() as usize & 31] = count;
    }

    /// Sets the passes in a row.
    pub(super) fn set_passes(&mut self, passes: u8) {
        let z = Zobrist::get();
        let key = |n: u8| {
            if n == 0 {
                0
            } else {
                z.extra(PASS_KEYS + n as usize)
            }
        };
        self.key ^= key(self.passes) ^ key(passes);
        self.passes = passes;
    }

    fn out_key(&self) -> u64 {
        let mask = self.out.iter().fold(0, |m, k| m | 1 << k.army.index());
        Zobrist::get().extra(OUT_KEYS + mask)
    }

    /// Records `knockout` in the list of armies out (the pieces are the caller's business).
    pub(super) fn knock_out_record(&mut self, knockout: Knockout) {
        self.key ^= self.out_key();
        self.out.push(knockout);
        self.key ^= self.out_key();
    }
}

/// Puts `cell` into `set` or takes it out, keeping `key` (whose keys for
/// this set start at `base`) in step.
fn mark(set: &mut CellSet, key: &mut u64, base: usize, cell: Cell, on: bool) {
    if set.contains(cell) != on {
        *key ^= Zobrist::get().extra(base + cell.index());
        if on {
            set.insert(cell);
        } else {
            set.remove(cell);
        }
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&super::position::write(self))
    }
}
