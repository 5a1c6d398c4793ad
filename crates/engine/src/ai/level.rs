//! Playing strengths as search budgets: how deep, how many nodes, how long,
//! and how much randomness.

use super::ladder::{LADDER, Rung};
use super::random::seed_from_clock;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The deepest any search goes.
pub const MAX_DEPTH: u32 = 64;

/// Master's thinking time per move when none is given.
pub const DEFAULT_THINK_MS: u64 = 2_000;

/// The longest thinking time a move the command line accepts: an hour.
pub const MAX_THINK_MS: u64 = 3_600_000;

/// A playing strength of the computer opponent: one rung of the
/// [ladder](super::ladder), weakest first. Each rung's budget, noise and
/// measured strength are in [`super::ladder::LADDER`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    /// About 800: sees two plies through a heavy fog, often misses a capture.
    Beginner,
    /// About 1000.
    Novice,
    /// About 1200.
    Casual,
    /// About 1400.
    Club,
    /// About 1600.
    Advanced,
    /// About 1800.
    Strong,
    /// About 2000: eight plies, no noise.
    Expert,
    /// Iterative deepening to a time budget: as strong as the engine gets.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 8] = [
        Level::Beginner,
        Level::Novice,
        Level::Casual,
        Level::Club,
        Level::Advanced,
        Level::Strong,
        Level::Expert,
        Level::Master,
    ];

    /// The level's rung of the ladder: its budget and measured strength.
    pub fn rung(self) -> &'static Rung {
        &LADDER[self as usize]
    }

    /// The level's name on the command line and in setup (`"club"`).
    pub const fn id(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Advanced => "advanced",
            Level::Strong => "strong",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }

    /// The level's name for people (`"Club"`).
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Novice => "Novice",
            Level::Casual => "Casual",
            Level::Club => "Club",
            Level::Advanced => "Advanced",
            Level::Strong => "Strong",
            Level::Expert => "Expert",
            Level::Master => "Master",
        }
    }

    /// The level's strength on Stockfish's `UCI_Elo` scale, as measured.
    pub fn elo(self) -> u32 {
        self.rung().elo
    }

    /// The level with its measured strength and the measurement's 95%
    /// margin, where a player chooses it: `"Club ≈ 1380 ± 110"`.
    pub fn label(self) -> String {
        let rung = self.rung();
        format!(
            "{} \u{2248} {} \u{b1} {}",
            self.name(),
            rung.elo,
            rung.margin
        )
    }

    /// The rung nearest to `elo` on the ladder's scale (the weaker of two
    /// equally near).
    pub fn nearest(elo: u32) -> Level {
        super::ladder::nearest(elo)
    }

    /// The level's budget, Master thinking for [`DEFAULT_THINK_MS`]; the
    /// noise is seeded from the clock.
    pub fn limits(self) -> Limits {
        self.limits_with_think_ms(DEFAULT_THINK_MS)
    }

    /// The level's budget with Master thinking `think_ms` milliseconds a move
    /// (the other levels ignore it).
    pub fn limits_with_think_ms(self, think_ms: u64) -> Limits {
        self.rung().limits(think_ms, seed_from_clock())
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Level {
    type Err = super::ladder::LevelError;

    /// Reads a rung's name (`club`, any case) or an Elo (`1400`: the
    /// nearest rung), as [`super::ladder::parse`] does.
    fn from_str(s: &str) -> Result<Level, super::ladder::LevelError> {
        super::ladder::parse(s)
    }
}

/// What one search may spend, and how it picks its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Stop after this many nodes, if given.
    pub nodes: Option<u64>,
    /// Stop after this long, if given: a fixed time for the move, used to
    /// its end (a depth left unfinished still offers a better root move),
    /// unless `clock` says it is a share of a running clock.
    pub time: Option<Duration>,
    /// Whether `time` is a share of a running clock (XBoard's `time`,
    /// UCI's `wtime`, a timed table): no new depth starts once half of it
    /// has gone, as it would rarely finish, and the time saved is kept for
    /// later moves. A fixed time a move (`st`, `movetime`, Master's think
    /// time) saves nothing by stopping early.
    pub clock: bool,
    /// How far the static evaluation may be off, in centipawns: each
    /// position's score is moved by up to this much, the same way for the
    /// whole search (0: exact). A weak rung's fog.
    pub noise: i32,
    /// The chance, in thousandths, that a capture (the searcher's own, or
    /// one it should fear) goes unseen in a position: a weak rung's
    /// oversights (0: sees every capture).
    pub oversight: u32,
    /// The seed of the noise and the oversights.
    pub seed: u64,
}

impl Limits {
    /// A search to `depth` plies with no other limit and no randomness.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: depth.clamp(1, MAX_DEPTH),
            nodes: None,
            time: None,
            clock: false,
            noise: 0,
            oversight: 0,
            seed: 0,
        }
    }

    /// A search by time alone, iterating as deep as it can.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::depth(MAX_DEPTH)
        }
    }

    /// The same limits with another seed for the noise and oversights.
    pub fn with_seed(self, seed: u64) -> Limits {
        Limits { seed, ..self }
    }

    /// The limits for a game of `seats` seats: a level's node cap is for
    /// games of up to three seats; with more, every seat's turn in the tree
    /// is one more army's moves, so the cap is scaled by 2 / seats (half
    /// for four armies), keeping a round of computer moves as quick as a
    /// three-seat one. Depth, time, noise and oversights are unchanged.
    pub fn for_seats(&self, seats: usize) -> Limits {
        let mut limits = self.clone();
        if seats > 3 {
            limits.nodes = self.nodes.map(|n| (n * 2 / seats as u64).max(1));
        }
        limits
    }

    /// The same limits playing on a clock: at most `budget` for this move,
    /// a share of the time left (see [`Limits::clock`]).
    pub fn on_clock(self, budget: Duration) -> Limits {
        Limits {
            time: Some(budget),
            clock: true,
            ..self
        }
    }

    /// The same limits with a node cap.
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_seat_games_halve_the_node_cap_and_smaller_games_keep_it() {
        let strong = Level::Strong.limits();
        assert_eq!(strong.for_seats(2), strong);
        assert_eq!(strong.for_seats(3), strong);
        assert_eq!(strong.for_seats(4).nodes, strong.nodes.map(|n| n / 2));
        assert_eq!(strong.for_seats(4).depth, strong.depth);
        assert_eq!(Limits::depth(3).for_seats(4).nodes, None);
    }

    #[test]
    fn levels_are_budgets_growing_with_strength() {
        let limits: Vec<Limits> = Level::ALL.iter().map(|l| l.limits()).collect();
        for pair in limits.windows(2) {
            assert!(pair[0].depth <= pair[1].depth, "{pair:?}");
            assert!(pair[0].noise >= pair[1].noise, "{pair:?}");
            assert!(pair[0].oversight >= pair[1].oversight, "{pair:?}");
        }
        assert!(Level::Beginner.limits().noise > 0);
        assert!(Level::Beginner.limits().oversight > 0);
        for level in Level::ALL.into_iter().filter(|&l| l != Level::Master) {
            assert!(level.limits().nodes.is_some(), "{level} has a node cap");
        }
        let master = Level::Master.limits_with_think_ms(500);
        assert_eq!(master.time, Some(Duration::from_millis(500)));
        assert_eq!((master.noise, master.oversight), (0, 0));
    }

    #[test]
    fn a_level_is_labelled_with_its_strength() {
        let club = Level::Club;
        let rung = club.rung();
        assert_eq!(
            club.label(),
            format!("Club \u{2248} {} \u{b1} {}", rung.elo, rung.margin)
        );
        assert!(Level::ALL.iter().all(|l| l.rung().games >= 40), "measured");
        let elos: Vec<u32> = Level::ALL.iter().map(|l| l.elo()).collect();
        assert!(elos.windows(2).all(|w| w[0] < w[1]), "{elos:?}");
    }
}
