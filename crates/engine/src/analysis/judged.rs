//! A game's analysis as it is kept — each position's scores for every
//! seat and its best line — and what it says of the moves: each ply's
//! [`Verdict`] (the fall in its mover's winning chances, its class, its
//! accuracy, the better line) and each seat's [`SeatSummary`].

use super::chances::{Class, Scale, accuracy, chances, move_accuracy, win_percent};
use super::pass::PlyBudget;
use crate::ai::score::{MATE, mated_in};
use crate::core::{Move, Outcome, Retire, Seat};

/// What the analysis found in one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// The seat to move.
    pub to_move: Seat,
    /// Every seat's score in turn order, each from its own point of view,
    /// in centipawns or as a mate ([`crate::ai::score`]): with two seats
    /// one is the other's negative; with three or four, the seat to move's
    /// is the search's and the others' their evaluation at the end of its
    /// best line (docs/analysis.md).
    pub scores: Vec<i32>,
    /// The depth searched, in plies (0 for a finished game).
    pub depth: u32,
    /// The best line from here, the best move first (none in a finished
    /// game).
    pub line: Vec<Move>,
}

impl PositionEval {
    /// The position of a finished game: the winner's score a mate, the
    /// others' mated, everybody's 0 in a draw.
    pub fn finished(to_move: Seat, seats: usize, outcome: Outcome) -> PositionEval {
        let scores = (0..seats)
            .map(|s| match outcome.winner {
                None => 0,
                Some(w) if w.index() == s => MATE,
                Some(_) => mated_in(0),
            })
            .collect();
        PositionEval {
            to_move,
            scores,
            depth: 0,
            line: Vec::new(),
        }
    }

    /// `seat`'s score, 0 for a seat the game has not got.
    pub fn score(&self, seat: Seat) -> i32 {
        self.scores.get(seat.index()).copied().unwrap_or(0)
    }
}

/// The analysis of a game: one [`PositionEval`] for each position from
/// the start, in order, as far as the pass got (a cancelled pass keeps
/// what it finished, and a later one goes on from there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAnalysis {
    /// Who analysed: `catboard`, or the engine's name.
    pub by: String,
    /// What each position was given.
    pub budget: PlyBudget,
    /// The positions analysed: the start's first, then the one after each
    /// ply.
    pub positions: Vec<PositionEval>,
}

/// What the analysis says of one ply.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The ply, from 0.
    pub ply: usize,
    /// Who played it.
    pub mover: Seat,
    /// The mover's score before it, with the best move.
    pub best_score: i32,
    /// The mover's score after it.
    pub played_score: i32,
    /// How far the mover's winning chances fell (0 to 2).
    pub loss: f64,
    /// Its class, if it lost enough for one.
    pub class: Option<Class>,
    /// Its accuracy, 0 to 100.
    pub accuracy: f64,
    /// The best line from before the ply when the move played was not
    /// its first move; empty when it was.
    pub better: Vec<Move>,
}

/// A seat's moves over the game, as the analysis judged them.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// How many of its moves were judged.
    pub moves: usize,
    /// How many were inaccuracies, mistakes and blunders, in
    /// [`Class::ALL`]'s order.
    pub counts: [usize; 3],
    /// Its accuracy over the game ([`accuracy`]), none without a move.
    pub accuracy: Option<f64>,
}

impl SeatSummary {
    /// How many of its moves were of `class`.
    pub fn count(&self, class: Class) -> usize {
        self.counts[class as usize]
    }
}

impl GameAnalysis {
    /// An analysis by `by` within `budget` with nothing analysed yet.
    pub fn new(by: impl Into<String>, budget: PlyBudget) -> GameAnalysis {
        GameAnalysis {
            by: by.into(),
            budget,
            positions: Vec::new(),
        }
    }

    /// Whether every position of a game of `plies` plies is analysed.
    pub fn is_complete(&self, plies: usize) -> bool {
        self.positions.len() > plies
    }

    /// Forgets the positions after the first `plies` plies (the game was
    /// taken back to there).
    pub fn truncate(&mut self, plies: usize) {
        self.positions.truncate(plies + 1);
    }

    /// The verdict on each of `moves` (the game's plies from the start),
    /// none for a ply whose positions before and after are not both
    /// analysed and for a retirement.
    pub fn verdicts(&self, moves: &[Move], scale: Scale) -> Vec<Option<Verdict>> {
        moves
            .iter()
            .enumerate()
            .map(|(ply, &mv)| self.verdict(ply, mv, scale))
            .collect()
    }

    /// The verdict on ply `ply`, `mv`.
    pub fn verdict(&self, ply: usize, mv: Move, scale: Scale) -> Option<Verdict> {
        let before = self.positions.get(ply)?;
        let after = self.positions.get(ply + 1)?;
        if Retire::of(mv).is_some() {
            return None;
        }
        let mover = before.to_move;
        let best_score = before.score(mover);
        let played_score = after.score(mover);
        let played_best = before.line.first() == Some(&mv);
        let (chances_before, chances_after) =
            (chances(best_score, scale), chances(played_score, scale));
        let loss = if played_best {
            0.0
        } else {
            (chances_before - chances_after).max(0.0)
        };
        let accuracy = if played_best {
            move_accuracy(0.0, 0.0)
        } else {
            move_accuracy(win_percent(chances_before), win_percent(chances_after))
        };
        Some(Verdict {
            ply,
            mover,
            best_score,
            played_score,
            loss,
            class: Class::of_loss(loss),
            accuracy,
            better: if played_best {
                Vec::new()
            } else {
                before.line.clone()
            },
        })
    }
}

/// Each of `seats` seats' summary of `verdicts`.
pub fn summary(verdicts: &[Option<Verdict>], seats: usize) -> Vec<SeatSummary> {
    (0..seats)
        .map(|s| {
            let seat = Seat(s as u8);
            let mine: Vec<&Verdict> = verdicts
                .iter()
                .flatten()
                .filter(|v| v.mover == seat)
                .collect();
            let mut counts = [0; 3];
            for class in mine.iter().filter_map(|v| v.class) {
                counts[class as usize] += 1;
            }
            let accuracies: Vec<f64> = mine.iter().map(|v| v.accuracy).collect();
            SeatSummary {
                seat,
                moves: mine.len(),
                counts,
                accuracy: accuracy(&accuracies),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Cell;

    fn position(to_move: u8, white: i32, line: &[Move]) -> PositionEval {
        PositionEval {
            to_move: Seat(to_move),
            scores: vec![white, -white],
            depth: 10,
            line: line.to_vec(),
        }
    }

    #[test]
    fn a_move_is_judged_by_its_movers_fall_in_chances_and_the_best_move_by_none() {
        let (a, b, c) = (
            Move::normal(Cell(1), Cell(2)),
            Move::normal(Cell(3), Cell(4)),
            Move::normal(Cell(5), Cell(6)),
        );
        let analysis = GameAnalysis {
            by: "catboard".into(),
            budget: PlyBudget::Nodes(1000),
            positions: vec![
                position(0, 30, &[a]),
                // White played b, not a: from +0.30 to -2.50 is a blunder.
                position(1, -250, &[c]),
                // Black played its best move even though the score moved.
                position(0, -180, &[a]),
            ],
        };
        let verdicts = analysis.verdicts(&[b, c, a], Scale::CHESS);
        assert_eq!(verdicts.len(), 3);
        let white = verdicts[0].as_ref().expect("ply 0 judged");
        assert_eq!(white.class, Some(Class::Blunder));
        assert_eq!(white.better, vec![a]);
        assert!(white.accuracy < 50.0, "{}", white.accuracy);
        let black = verdicts[1].as_ref().expect("ply 1 judged");
        assert_eq!((black.class, black.loss), (None, 0.0));
        assert!(black.better.is_empty());
        assert!(verdicts[2].is_none(), "no position after the last ply");
        let sums = summary(&verdicts, 2);
        assert_eq!(sums[0].count(Class::Blunder), 1);
        assert_eq!((sums[1].moves, sums[1].accuracy), (1, Some(100.0)));
    }

    #[test]
    fn a_finished_game_scores_the_winner_a_mate_and_a_retirement_is_not_judged() {
        let won = PositionEval::finished(
            Seat(1),
            3,
            Outcome {
                winner: Some(Seat(2)),
                reason: crate::core::EndReason::Checkmate,
            },
        );
        assert_eq!(won.scores, vec![mated_in(0), mated_in(0), MATE]);
        let analysis = GameAnalysis {
            by: "catboard".into(),
            budget: PlyBudget::Nodes(1),
            positions: vec![position(0, -900, &[]), won],
        };
        let resign = Retire::Leave(Seat(0), crate::core::Departure::Resigned).to_move();
        assert_eq!(analysis.verdicts(&[resign], Scale::CHESS), vec![None]);
    }
}
