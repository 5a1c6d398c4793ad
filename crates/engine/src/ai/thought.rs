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
    /// The deepest ply any line of the search reached (quiescence
    /// included): UCI's `seldepth`.
    pub seldepth: u32,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
}

/// What a watched search ([`super::Searcher::analyse`]) reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum Report<'a> {
    /// A finished depth of one of the best lines: `rank` 0 is the best,
    /// 1 the second best, and so on.
    Line {
        /// The line's place among the best, from 0.
        rank: usize,
        /// What the search found for it.
        thought: &'a Thought,
        /// How full the hash table is, in thousandths, where the search
        /// can tell.
        hashfull: Option<u32>,
    },
    /// A root move about to be searched.
    RootMove {
        /// The move.
        mv: Move,
        /// Its place in the order the root moves are searched, from 1.
        number: usize,
        /// The depth being searched.
        depth: u32,
        /// Nodes visited so far.
        nodes: u64,
        /// Time spent so far.
        elapsed: Duration,
    },
}
