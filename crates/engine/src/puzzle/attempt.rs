//! Solving a puzzle: the solver's moves checked against the solution
//! (a move that wins the game at once is right too), the other seats'
//! replies played from it, a hint, and the rest of the solution after a
//! wrong move.

use super::{Puzzle, PuzzleError};
use crate::core::{Cell, Game, Move, Seat};
use crate::variants::AnyGame;

/// What a move of the solver's did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// It was right: the replies that followed it (already played), and
    /// whether the puzzle is solved.
    Right {
        /// The other seats' replies, in turn.
        replies: Vec<Move>,
        /// Whether that was the last move to find.
        solved: bool,
    },
    /// It was wrong (and is not played): the puzzle is failed.
    Wrong,
    /// The attempt is over already, or the move is not legal: nothing
    /// happened.
    Ignored,
}

/// One attempt at a puzzle.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The puzzle.
    pub puzzle: Puzzle,
    game: AnyGame,
    solver: Seat,
    next: usize,
    result: Option<bool>,
    hinted: bool,
}

impl Attempt {
    /// An attempt at `puzzle` from its position.
    pub fn new(puzzle: Puzzle) -> Result<Attempt, PuzzleError> {
        let game = puzzle.game()?;
        Ok(Attempt {
            solver: game.to_move(),
            game,
            puzzle,
            next: 0,
            result: None,
            hinted: false,
        })
    }

    /// The position now.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The seat solving.
    pub fn solver(&self) -> Seat {
        self.solver
    }

    /// `Some(true)` once solved, `Some(false)` once failed.
    pub fn result(&self) -> Option<bool> {
        self.result
    }

    /// Whether a hint was asked for.
    pub fn hinted(&self) -> bool {
        self.hinted
    }

    /// How many of the solver's moves are found so far.
    pub fn found(&self) -> usize {
        let mut walk = self.puzzle.game().ok();
        let mut n = 0;
        for &mv in &self.puzzle.solution[..self.next] {
            if let Some(g) = walk.as_mut() {
                n += usize::from(g.to_move() == self.solver);
                g.make_move(mv);
            }
        }
        n
    }

    /// The cell of the piece the solver should move next (a pass has
    /// none), noting that a hint was given.
    pub fn hint(&mut self) -> Option<Cell> {
        let mv = *self.puzzle.solution.get(self.next)?;
        if self.result.is_some() {
            return None;
        }
        self.hinted = true;
        (!mv.is_pass()).then_some(mv.from)
    }

    /// The solution from the position now, every ply, in turn.
    pub fn rest(&self) -> &[Move] {
        &self.puzzle.solution[self.next.min(self.puzzle.solution.len())..]
    }

    /// The solution from the position now in the variant's notation, each
    /// after the one before: `Qxf7#` or `Rd8+ Kh7 Qh5#`.
    pub fn rest_words(&self) -> String {
        let mut walk = self.game.clone();
        let mut words = Vec::new();
        for &mv in self.rest() {
            words.push(walk.move_notation(mv));
            walk.make_move(mv);
        }
        words.join(" ")
    }

    /// Plays the solver's move `mv`.
    pub fn play(&mut self, mv: Move) -> Step {
        if self.result.is_some()
            || self.game.to_move() != self.solver
            || !self.game.legal_move_list().contains(&mv)
        {
            return Step::Ignored;
        }
        let expected = self.puzzle.solution.get(self.next).copied();
        let mut after = self.game.clone();
        after.make_move(mv);
        let wins_now = after
            .outcome()
            .is_some_and(|o| o.winner == Some(self.solver));
        if Some(mv) != expected && !wins_now {
            self.result = Some(false);
            return Step::Wrong;
        }
        self.game = after;
        self.next += 1;
        if wins_now {
            self.next = self.puzzle.solution.len();
        }
        let mut replies = Vec::new();
        while let Some(&reply) = self.puzzle.solution.get(self.next) {
            if self.game.to_move() == self.solver || self.game.outcome().is_some() {
                break;
            }
            self.game.make_move(reply);
            replies.push(reply);
            self.next += 1;
        }
        let solved = self.next >= self.puzzle.solution.len();
        if solved {
            self.result = Some(true);
        }
        Step::Right { replies, solved }
    }

    /// Gives up: the puzzle is failed.
    pub fn give_up(&mut self) {
        if self.result.is_none() {
            self.result = Some(false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Options;
    use crate::puzzle::{Source, Tag};
    use crate::rating::Rating;
    use crate::variants::Variant;

    fn puzzle(position: &str, solution: &[&str]) -> Puzzle {
        let mut game = Variant::Chess
            .from_position(position, &Options::new())
            .expect("a position");
        let solution = solution
            .iter()
            .map(|t| {
                let mv = game.parse_move(t).expect("a move");
                game.make_move(mv);
                mv
            })
            .collect();
        Puzzle {
            id: "chess-test".into(),
            variant: Variant::Chess,
            position: position.into(),
            solution,
            tags: vec![Tag::MateIn(2)],
            rating: Rating::default(),
            source: Source::SelfPlay,
        }
    }

    /// White mates on the back rank with the Queen or the Rook: Qd8# or
    /// Re8#.
    const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1";
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn the_right_moves_solve_with_the_replies_played_and_a_wrong_one_fails() {
        let p = puzzle(START, &["e2e4", "e7e5", "g1f3"]);
        let mut a = Attempt::new(p.clone()).expect("attempt");
        let e4 = a.game().parse_move("e2e4").expect("move");
        assert_eq!(a.hint(), Some(e4.from));
        assert!(a.hinted());
        let e5 = p.solution[1];
        assert_eq!(
            a.play(e4),
            Step::Right {
                replies: vec![e5],
                solved: false
            }
        );
        assert_eq!((a.found(), a.result()), (1, None));
        assert_eq!(a.rest_words(), "Nf3");
        let nf3 = a.game().parse_move("g1f3").expect("move");
        assert_eq!(
            a.play(nf3),
            Step::Right {
                replies: vec![],
                solved: true
            }
        );
        assert_eq!(a.result(), Some(true));
        assert_eq!(a.play(nf3), Step::Ignored);

        let mut b = Attempt::new(p).expect("attempt");
        let wrong = b.game().parse_move("d2d4").expect("move");
        assert_eq!(b.play(wrong), Step::Wrong);
        assert_eq!(b.result(), Some(false));
        assert_eq!(b.rest_words(), "e4 e5 Nf3");
    }

    #[test]
    fn another_move_that_wins_at_once_is_right_too() {
        let mut a = Attempt::new(puzzle(BACK_RANK, &["d1d8"])).expect("attempt");
        let rook = a.game().parse_move("e1e8").expect("move");
        assert!(matches!(a.play(rook), Step::Right { solved: true, .. }));
        let mut b = Attempt::new(puzzle(BACK_RANK, &["d1d8"])).expect("attempt");
        let illegal = b.game().parse_move("d1d8").expect("move");
        let mut other = illegal;
        other.to = other.from;
        assert_eq!(b.play(other), Step::Ignored);
        assert_eq!(b.result(), None);
    }
}
