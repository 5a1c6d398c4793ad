//! Move ordering: the hash move first, then captures by most valuable
//! victim and least valuable attacker, then killer moves, then the rest by
//! their history of causing cut-offs, and last the captures that lose
//! material by exchange (where the variant can tell).

use super::evaluate::Evaluate;
use crate::core::{Game, Move, MoveList};

/// Deepest ply the search tracks killers and principal variations for.
pub const MAX_PLY: usize = 96;

const HASH_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
/// The largest a history score grows, either way.
pub const HISTORY_MAX: i32 = 1 << 20;
/// Captures that lose material by exchange come after every quiet move.
const BAD_CAPTURE: i32 = -(1 << 24);

/// What the search learns about quiet moves while it runs: two killer
/// moves per ply and a history score per (side, from, to).
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics::new()
    }
}

impl Heuristics {
    /// Empty tables.
    pub fn new() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 4 * 256 * 256],
        }
    }

    /// Forgets the killers and ages the history, between searches.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for h in self.history.iter_mut() {
            *h /= 8;
        }
    }

    #[inline]
    fn history_index(side: usize, mv: Move) -> usize {
        ((side & 3) << 16) | ((mv.from.index()) << 8) | mv.to.index()
    }

    /// The history score of the quiet move `mv` by `side`.
    #[inline]
    pub fn history_of(&self, side: usize, mv: Move) -> i32 {
        self.history[Self::history_index(side, mv)]
    }

    /// Whether `mv` is a killer at `ply`.
    #[inline]
    pub fn is_killer(&self, ply: usize, mv: Move) -> bool {
        self.killers
            .get(ply)
            .is_some_and(|k| k[0] == Some(mv) || k[1] == Some(mv))
    }

    /// Records that the quiet move `mv` caused a cut-off at `ply` after a
    /// search of `depth`; the quiet moves tried before it are marked down.
    pub fn reward(&mut self, side: usize, ply: usize, depth: i32, mv: Move, tried: &[Move]) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(mv)
        {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        let mut adjust = |m: Move, delta: i32| {
            let h = &mut self.history[Self::history_index(side, m)];
            // In 64 bits: a score near the cap times a deep search's bonus
            // does not fit in 32 (and the score stays within the cap).
            let decay = i64::from(*h) * i64::from(delta.abs()) / i64::from(HISTORY_MAX);
            *h += delta - decay as i32;
        };
        adjust(mv, bonus * 32);
        for &m in tried {
            if m != mv {
                adjust(m, -bonus * 32);
            }
        }
    }

    /// Gives every move in `moves` an ordering score (higher first).
    pub fn score_moves<G: Game + Evaluate>(
        &self,
        game: &G,
        moves: &MoveList,
        hash_move: Option<Move>,
        ply: usize,
        scores: &mut [i32],
    ) {
        let side = game.to_move().index();
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == hash_move {
                HASH_MOVE
            } else if let Some(victim) = game.captured(mv) {
                let attacker = game
                    .piece_at(mv.from)
                    .map_or(0, |p| game.piece_value(p.kind()));
                let order = game.piece_value(victim.kind()) * 16 - attacker / 16
                    + mv.promotion.map_or(0, |k| game.piece_value(k));
                if game.exchange_at_least(mv, 0) == Some(false) {
                    BAD_CAPTURE + order
                } else {
                    GOOD_CAPTURE + order
                }
            } else if let Some(kind) = mv.promotion {
                // Promoting to a strong piece comes with the captures;
                // under-promotions come last.
                let value = game.piece_value(kind);
                if value >= 800 {
                    GOOD_CAPTURE + value
                } else {
                    -HISTORY_MAX - 1000 + value
                }
            } else if self.is_killer(ply, mv) {
                KILLER
            } else {
                self.history[Self::history_index(side, mv)]
            };
        }
    }
}

/// Moves the highest-scored move among `moves[from..]` to `from`, keeping
/// `scores` in step, and returns it (selection sort, one step at a time, as
/// a cut-off often comes early).
#[inline]
pub fn pick_next(moves: &mut MoveList, scores: &mut [i32], from: usize) -> Move {
    let mut best = from;
    for i in from + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    scores.swap(from, best);
    moves[from]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Cell;

    #[test]
    fn history_scores_stay_within_their_cap_however_deep_the_searches() {
        let mut h = Heuristics::new();
        let quiet = |from: u8, to: u8| Move::normal(Cell(from), Cell(to));
        let (good, bad) = (quiet(1, 18), quiet(6, 21));
        for _ in 0..2_000 {
            h.reward(0, 3, 40, good, &[bad, good]);
        }
        let score = |m| h.history[Heuristics::history_index(0, m)];
        assert!(
            score(good) > 0 && score(good) <= HISTORY_MAX,
            "{}",
            score(good)
        );
        assert!(
            score(bad) < 0 && score(bad) >= -HISTORY_MAX,
            "{}",
            score(bad)
        );
    }
}
