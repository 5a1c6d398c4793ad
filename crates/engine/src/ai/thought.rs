//! What a search reports: the move it would play, its score, how deep it
//! got and the line it expects; shared by the two-seat and the many-seat
//! searches and everyone who runs them.

use crate::core::Move;
use std::time::Duration;

/// What a search has found: passed to the progress callback after every
/// finished depth, and returned at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play: the best of the last finished depth (`None` only
    /// when there is no legal move).
    pub best: Option<Move>,
    /// Its score in centipawns for the side to move (see [`super::score`]).
    pub score: i32,
    /// The last depth finished, in plies (0 if none was).
    pub depth: u32,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
}
