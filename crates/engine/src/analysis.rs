//! The best lines of a position as an analysis shows them: each line's
//! depth, score for the side to move and moves, found by catboard's own
//! search ([`Line::of_thought`]) or read from another engine's output
//! (`protocol::engine`), and said in words for the screen and the line
//! mode ([`Line::describe`]).

pub mod annotate;
pub mod chances;
pub mod judged;
pub mod pass;
pub mod record;

pub use chances::{Class, Scale};
pub use judged::{GameAnalysis, PositionEval, SeatSummary, Verdict, summary};
pub use pass::{Analyst, EngineAnalyst, OwnSearch, PlyBudget, Progress};
pub use record::{AnalysisRecord, RecordFault};

use crate::ai::Thought;
use crate::ai::score::{MATE, MATE_BOUND, mate_in_moves, mated_in};

/// The farthest mate a score tells, in moves.
const MAX_MATE_MOVES: i32 = (MATE - MATE_BOUND) / 2 - 1;
use crate::core::{Game, Move};

/// One of the best lines of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The depth it was searched to, in plies.
    pub depth: u32,
    /// Its score for the side to move, in centipawns, mates as the search
    /// scores them ([`crate::ai::score`]).
    pub score: i32,
    /// Its moves, the first the move to play; each legal in turn.
    pub moves: Vec<Move>,
}

impl Line {
    /// The line a search found.
    pub fn of_thought(thought: &Thought) -> Line {
        Line {
            depth: thought.depth,
            score: thought.score,
            moves: thought.pv.clone(),
        }
    }

    /// The score of a mate in `moves` moves for the side to move (when
    /// positive) or against it (when negative or zero), as UCI's `score
    /// mate N` says it.
    pub fn mate_score(moves: i32) -> i32 {
        // Mates further than the search counts are as far as it counts.
        let moves = moves.clamp(-MAX_MATE_MOVES, MAX_MATE_MOVES);
        if moves > 0 {
            MATE - (2 * moves - 1)
        } else {
            mated_in((-2 * moves) as usize)
        }
    }

    /// An engine's score in centipawns, kept short of the mate scores.
    pub fn centipawn_score(centipawns: i64) -> i32 {
        let most = i64::from(MATE_BOUND - 1);
        centipawns.clamp(-most, most) as i32
    }

    /// The score in words for the side to move: `+0.35`, `-1.20`, `mates
    /// in 3`, `is mated in 2`.
    pub fn score_words(&self) -> String {
        match mate_in_moves(self.score) {
            Some(n) if n > 0 => format!("mates in {n}"),
            Some(n) => format!("is mated in {}", n.abs()),
            None => format!("{:+.2}", f64::from(self.score) / 100.0),
        }
    }

    /// The line's moves as the move list writes them (SAN for chess),
    /// each after the one before: `e4 e5 Nf3`.
    pub fn moves_words<G: Game>(&self, game: &G) -> String {
        let mut game = game.clone();
        let mut words = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            if !game.legal_move_list().contains(&mv) {
                break;
            }
            words.push(game.move_notation(mv));
            game.make_move(mv);
        }
        words.join(" ")
    }

    /// The line as a sentence for the side to move, `seat`: `White +0.35
    /// at depth 12: e4 e5 Nf3.`
    pub fn describe<G: Game>(&self, game: &G) -> String {
        let seat = crate::text::capitalised(game.seat_name(game.to_move()));
        let moves = self.moves_words(game);
        let moves = if moves.is_empty() {
            "no move".to_string()
        } else {
            moves
        };
        format!(
            "{seat} {} at depth {}: {moves}.",
            self.score_words(),
            self.depth
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Options;
    use crate::variants::Variant;

    #[test]
    fn mate_scores_read_back_and_lines_are_said_in_the_move_list_notation() {
        for n in [1, 2, 7, -1, -3] {
            assert_eq!(mate_in_moves(Line::mate_score(n)), Some(n), "{n}");
        }
        let game = Variant::Chess.new_game(&Options::new());
        let moves: Vec<Move> = ["e2e4", "e7e5", "g1f3"]
            .iter()
            .scan(game.clone(), |g, t| {
                let mv = g.parse_move(t).ok()?;
                g.make_move(mv);
                Some(mv)
            })
            .collect();
        let line = Line {
            depth: 9,
            score: 35,
            moves,
        };
        assert_eq!(line.describe(&game), "White +0.35 at depth 9: e4 e5 Nf3.");
        let mated = Line {
            score: Line::mate_score(-2),
            ..line.clone()
        };
        assert_eq!(mated.score_words(), "is mated in 2");
        assert_eq!(
            Line {
                score: -120,
                ..line
            }
            .score_words(),
            "-1.20"
        );
    }
}
