//! The computer players as the app sees them: what is being thought about
//! (a move for a computer seat, or a hint for a person), how far the search
//! has got, and the request a worker thread carries out. The thinking
//! itself is the library's `catboard::ai::think`, the same call for every
//! variant.

use catboard::ai::{Level, Limits, Thought};
use catboard::core::{Game, Move, Seat};
use catboard::variants::AnyGame;
use std::time::Duration;

/// The shortest time between a computer's move and the next computer's,
/// so a person watching can follow the game.
pub const WATCH_PAUSE: Duration = Duration::from_millis(700);

/// The level the hint key thinks at: the strongest with a fixed budget
/// and no fog.
pub const HINT_LEVEL: Level = Level::Expert;

/// The most moves of the expected line kept for the panel.
const LINE_MOVES: usize = 6;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The move of a seat the computer plays.
    Move,
    /// A hint for the person to move.
    Hint,
    /// A move the person to move asked the computer to play for them
    /// (the computer-move key).
    Requested,
    /// Whether a computer seat takes the draw the person to move offers:
    /// it does when its search finds its side no better than level.
    DrawOffer,
}

/// How far a search has got, as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The last depth finished, in plies.
    pub depth: u32,
    /// Its score in centipawns for the seat thinking.
    pub score: i32,
    /// Nodes visited.
    pub nodes: u64,
    /// The expected line in the move list's notation, best move first.
    pub line: Vec<String>,
}

impl Progress {
    /// `thought` about `game` (the position it was asked about), its
    /// expected line written in the game's notation.
    pub fn of(game: &AnyGame, thought: &Thought) -> Progress {
        Progress {
            depth: thought.depth,
            score: thought.score,
            nodes: thought.nodes,
            line: line_notation(game, &thought.pv),
        }
    }
}

/// `moves`, played in turn from `game`, as the move list writes them; stops
/// at the first move that is not legal.
pub fn line_notation(game: &AnyGame, moves: &[Move]) -> Vec<String> {
    let mut game = game.clone();
    let mut words = Vec::new();
    for &mv in moves.iter().take(LINE_MOVES) {
        if game.outcome().is_some() || !game.legal_move_list().contains(&mv) {
            break;
        }
        words.push(game.move_notation(mv));
        game.make_move(mv);
    }
    words
}

/// A search under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Which request it is; replies with another id are stale.
    pub id: u64,
    /// What it is for.
    pub purpose: Purpose,
    /// The seat it thinks for.
    pub seat: Seat,
    /// The level it thinks at.
    pub level: Level,
    /// What it has found so far (after its first finished depth).
    pub progress: Option<Progress>,
}

/// A search for a worker thread: think about `game` within `limits`, and
/// reply no sooner than `min_time` after starting.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The request's id, sent back with every report.
    pub id: u64,
    /// The position with its history (for repetitions).
    pub game: AnyGame,
    /// The budget.
    pub limits: Limits,
    /// The shortest time before the reply is sent.
    pub min_time: Duration,
}

impl PartialEq for SearchRequest {
    fn eq(&self, other: &SearchRequest) -> bool {
        self.id == other.id
            && self.limits == other.limits
            && self.min_time == other.min_time
            && self.game.position_text() == other.game.position_text()
            && self.game.moves_played() == other.game.moves_played()
    }
}

impl Eq for SearchRequest {}

#[cfg(test)]
mod tests {
    use super::*;
    use catboard::core::Options;
    use catboard::variants::Variant;

    #[test]
    fn the_expected_line_is_written_in_the_move_list_notation() {
        let game = Variant::Chess.new_game(&Options::new());
        let moves: Vec<Move> = ["e2e4", "e7e5", "g1f3"]
            .iter()
            .scan(game.clone(), |g, text| {
                let mv = g.parse_move(text).ok()?;
                g.make_move(mv);
                Some(mv)
            })
            .collect();
        assert_eq!(line_notation(&game, &moves), ["e4", "e5", "Nf3"]);
        // A move that is not legal in turn ends the line.
        let broken = [moves[0], moves[0]];
        assert_eq!(line_notation(&game, &broken), ["e4"]);
    }
}
