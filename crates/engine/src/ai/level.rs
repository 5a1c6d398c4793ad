//! Playing strengths as search budgets: how deep, how many nodes, how long,
//! and how much randomness.

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

/// A playing strength of the computer opponent.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// 2 plies; plays any move within about two thirds of a pawn of the best.
    Casual,
    /// 3 plies; the best move it sees.
    Club,
    /// 4 plies; the best move it sees.
    Strong,
    /// Iterative deepening to a time budget: as strong as the engine gets.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Casual, Level::Club, Level::Strong, Level::Master];

    /// The level's name on the command line and in setup (`"club"`).
    pub const fn id(self) -> &'static str {
        match self {
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Strong => "strong",
            Level::Master => "master",
        }
    }

    /// The level's name for people (`"Club"`).
    pub const fn name(self) -> &'static str {
        match self {
            Level::Casual => "Casual",
            Level::Club => "Club",
            Level::Strong => "Strong",
            Level::Master => "Master",
        }
    }

    /// The level's budget, Master thinking for [`DEFAULT_THINK_MS`]; Casual's
    /// random choice is seeded from the clock.
    pub fn limits(self) -> Limits {
        self.limits_with_think_ms(DEFAULT_THINK_MS)
    }

    /// The level's budget with Master thinking `think_ms` milliseconds a move
    /// (the other levels ignore it).
    pub fn limits_with_think_ms(self, think_ms: u64) -> Limits {
        let seed = seed_from_clock();
        match self {
            Level::Casual => Limits {
                depth: 2,
                nodes: Some(60_000),
                time: None,
                random_margin: Some(67),
                seed,
            },
            Level::Club => Limits {
                depth: 3,
                nodes: Some(250_000),
                time: None,
                random_margin: None,
                seed,
            },
            Level::Strong => Limits {
                depth: 4,
                nodes: Some(1_000_000),
                time: None,
                random_margin: None,
                seed,
            },
            Level::Master => Limits {
                depth: MAX_DEPTH,
                nodes: None,
                time: Some(Duration::from_millis(think_ms.max(1))),
                random_margin: None,
                seed,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Level {
    type Err = String;

    /// Reads `casual`, `club`, `strong` or `master` (any case).
    fn from_str(s: &str) -> Result<Level, String> {
        let lower = s.trim().to_ascii_lowercase();
        Level::ALL
            .iter()
            .copied()
            .find(|l| l.id() == lower)
            .ok_or_else(|| {
                format!(
                    "There is no level {}; choose one of casual, club, strong or master.",
                    crate::text::quoted(s)
                )
            })
    }
}

/// What one search may spend, and how it picks its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Stop after this many nodes, if given.
    pub nodes: Option<u64>,
    /// Stop after this long, if given (no new iteration starts once half of
    /// it has gone, as it would not finish).
    pub time: Option<Duration>,
    /// Pick at random among root moves scoring within this many centipawns
    /// of the best (Casual), if given.
    pub random_margin: Option<i32>,
    /// The seed of that random choice.
    pub seed: u64,
}

impl Limits {
    /// A search to `depth` plies with no other limit and no randomness.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: depth.clamp(1, MAX_DEPTH),
            nodes: None,
            time: None,
            random_margin: None,
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

    /// The same limits with another seed for the random choice.
    pub fn with_seed(self, seed: u64) -> Limits {
        Limits { seed, ..self }
    }

    /// The limits for a game of `seats` seats: a level's node cap is for
    /// games of up to three seats; with more, every seat's turn in the tree
    /// is one more army's moves, so the cap is scaled by 2 / seats (half
    /// for four armies), keeping a round of computer moves as quick as a
    /// three-seat one. Depth, time and randomness are unchanged.
    pub fn for_seats(&self, seats: usize) -> Limits {
        let mut limits = self.clone();
        if seats > 3 {
            limits.nodes = self.nodes.map(|n| (n * 2 / seats as u64).max(1));
        }
        limits
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
    fn levels_parse_by_name_and_refuse_others_in_one_sentence() {
        for level in Level::ALL {
            assert_eq!(level.id().parse::<Level>(), Ok(level));
        }
        assert_eq!("Strong".parse::<Level>(), Ok(Level::Strong));
        let err = "grandmaster".parse::<Level>().unwrap_err();
        assert_eq!(
            err,
            "There is no level 'grandmaster'; choose one of casual, club, strong or master."
        );
    }

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
        let depths: Vec<u32> = Level::ALL.iter().map(|l| l.limits().depth).collect();
        assert_eq!(depths, [2, 3, 4, MAX_DEPTH]);
        assert!(Level::Casual.limits().random_margin.is_some());
        assert!(Level::Club.limits().random_margin.is_none());
        for level in [Level::Casual, Level::Club, Level::Strong] {
            assert!(level.limits().nodes.is_some(), "{level} has a node cap");
        }
        assert_eq!(
            Level::Master.limits_with_think_ms(500).time,
            Some(Duration::from_millis(500))
        );
    }
}
