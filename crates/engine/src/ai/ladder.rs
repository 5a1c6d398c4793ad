//! The ladder of playing strengths: one rung per [`Level`], from a
//! beginner of about 800 to Master, each a search budget (depth, nodes or
//! time) with a fog on the evaluation and a chance of overlooking a
//! capture, and each measured on one public scale, Stockfish's `UCI_Elo`
//! (whose floor is 1350: a rung below it is measured against the rung
//! above). The same rungs play every variant; the figures are chess's.
//!
//! ```
//! use catboard::ai::{Level, ladder};
//!
//! let club: Level = "club".parse()?;
//! assert_eq!(club, "Club".parse()?);
//! assert_eq!(ladder::parse("1390")?, club);
//! assert_eq!(club.label(), format!("Club ≈ {} ± {}", club.elo(), club.rung().margin));
//! # Ok::<(), String>(())
//! ```

use super::level::{Level, Limits, MAX_DEPTH};
use std::time::Duration;

/// What a rung's figure was measured against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Stockfish held to this `UCI_Elo` (with `UCI_LimitStrength`).
    Stockfish(u32),
    /// The rung above, whose figure is known.
    RungAbove,
    /// Not measured (no rung of [`LADDER`] is).
    Provisional,
}

/// One rung of the ladder: how the computer plays at a [`Level`], and how
/// strong that was measured to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The level this rung is.
    pub level: Level,
    /// Its strength on Stockfish's `UCI_Elo` scale.
    pub elo: u32,
    /// The measurement's 95% margin, in Elo either way.
    pub margin: u32,
    /// The games the figure was measured over.
    pub games: u32,
    /// What it was measured against.
    pub anchor: Anchor,
    /// The deepest iteration, in plies of a two-seat game.
    pub depth: u32,
    /// The node cap of a move (`None`: Master, which thinks by the clock).
    pub nodes: Option<u64>,
    /// The fog on the evaluation, in centipawns ([`Limits::noise`]).
    pub noise: i32,
    /// The chance of overlooking a capture, in thousandths
    /// ([`Limits::oversight`]).
    pub oversight: u32,
}

impl Rung {
    /// The search budget of this rung with `seed` for its noise; Master
    /// thinks `think_ms` milliseconds a move (the other rungs ignore it).
    pub fn limits(&self, think_ms: u64, seed: u64) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self
                .nodes
                .is_none()
                .then(|| Duration::from_millis(think_ms.max(1))),
            clock: false,
            noise: self.noise,
            oversight: self.oversight,
            seed,
        }
    }
}

/// Every rung, weakest first, in the order of [`Level::ALL`], with the
/// figures measured on 7 December 2026 (docs/computer.md, "The ladder's
/// figures"): chess games from catboard-match's built-in openings,
/// Stockfish 15.1 at 0.1 s a move, the rungs on their node caps (Master
/// at 0.5 s a move against Stockfish at 0.5 s).
pub const LADDER: [Rung; 8] = [
    rung(Level::Beginner, 2, 20_000, 150, 300).measured(640, 150, 240, Anchor::RungAbove),
    rung(Level::Novice, 2, 30_000, 120, 150).measured(930, 140, 240, Anchor::RungAbove),
    rung(Level::Casual, 2, 60_000, 70, 80).measured(1160, 130, 40, Anchor::Stockfish(1350)),
    rung(Level::Club, 3, 100_000, 55, 60).measured(1320, 110, 40, Anchor::Stockfish(1400)),
    rung(Level::Advanced, 4, 300_000, 40, 30).measured(1560, 100, 40, Anchor::Stockfish(1600)),
    rung(Level::Strong, 5, 500_000, 10, 0).measured(1880, 100, 40, Anchor::Stockfish(1800)),
    rung(Level::Expert, 8, 1_000_000, 0, 0).measured(2040, 110, 40, Anchor::Stockfish(2000)),
    Rung {
        nodes: None,
        ..rung(Level::Master, MAX_DEPTH, 0, 0, 0)
    }
    .measured(2220, 90, 40, Anchor::Stockfish(2400)),
];

/// A rung's budget and fog, not measured yet (no figure).
const fn rung(level: Level, depth: u32, nodes: u64, noise: i32, oversight: u32) -> Rung {
    Rung {
        level,
        elo: 0,
        margin: 0,
        games: 0,
        anchor: Anchor::Provisional,
        depth,
        nodes: Some(nodes),
        noise,
        oversight,
    }
}

impl Rung {
    /// This rung with its measured figure: `elo` with a 95% `margin` either
    /// way, over `games` games against `anchor`.
    const fn measured(self, elo: u32, margin: u32, games: u32, anchor: Anchor) -> Rung {
        Rung {
            elo,
            margin,
            games,
            anchor,
            ..self
        }
    }
}

/// The weakest Elo [`parse`] takes.
pub const MIN_ELO: u32 = 100;

/// The strongest Elo [`parse`] takes.
pub const MAX_ELO: u32 = 3500;

/// The rung nearest to `elo` (the weaker of two equally near).
pub fn nearest(elo: u32) -> Level {
    LADDER
        .iter()
        .min_by_key(|r| r.elo.abs_diff(elo))
        .map_or(Level::Master, |r| r.level)
}

/// Why a text names no level: each says its sentence, the text quoted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// An Elo outside [`MIN_ELO`] to [`MAX_ELO`].
    #[error(
        "The level {} is outside the Elo the ladder takes, {MIN_ELO} to {MAX_ELO}.",
        crate::text::quoted(.0)
    )]
    OutsideElo(String),
    /// Neither a rung's name nor an Elo.
    #[error(
        "There is no level {}; choose one of {}, or an Elo such as 1400.",
        crate::text::quoted(.0),
        level_names()
    )]
    Unknown(String),
}

/// A front end whose own errors are still sentences takes its sentence.
impl From<LevelError> for String {
    fn from(error: LevelError) -> String {
        error.to_string()
    }
}

/// The rungs' names as a list to choose from: `beginner, novice … or master`.
fn level_names() -> String {
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.id()).collect();
    let (last, rest) = names.split_last().unwrap_or((&"master", &[]));
    format!("{} or {last}", rest.join(", "))
}

/// A level from what a player wrote: a rung's name in any case (`club`)
/// or an Elo from [`MIN_ELO`] to [`MAX_ELO`] (`1400`: the nearest rung).
/// Anything else is refused ([`LevelError`]).
pub fn parse(text: &str) -> Result<Level, LevelError> {
    let word = text.trim();
    if let Some(level) = Level::ALL
        .into_iter()
        .find(|l| l.id().eq_ignore_ascii_case(word))
    {
        return Ok(level);
    }
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) {
        return match word.parse::<u32>() {
            Ok(elo) if (MIN_ELO..=MAX_ELO).contains(&elo) => Ok(nearest(elo)),
            _ => Err(LevelError::OutsideElo(text.to_string())),
        };
    }
    Err(LevelError::Unknown(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_is_in_level_order_and_climbs() {
        for (i, rung) in LADDER.iter().enumerate() {
            assert_eq!(rung.level, Level::ALL[i]);
            assert_eq!(rung.level.rung(), rung);
        }
        assert!(LADDER.windows(2).all(|w| w[0].elo < w[1].elo));
        let first = LADDER[0].elo;
        let last = LADDER[LADDER.len() - 1].elo;
        assert!(
            (600..=900).contains(&first),
            "the ladder starts near 800: {first}"
        );
        let step = (last - first) / (LADDER.len() as u32 - 1);
        assert!((150..=250).contains(&step), "steps of about 200: {step}");
        assert_eq!(LADDER.iter().filter(|r| r.nodes.is_none()).count(), 1);
    }

    #[test]
    fn a_level_is_read_by_name_or_by_elo() {
        for level in Level::ALL {
            assert_eq!(parse(level.id()), Ok(level));
            assert_eq!(parse(&level.name().to_uppercase()), Ok(level));
            assert_eq!(parse(&level.elo().to_string()), Ok(level));
            assert_eq!(parse(&format!(" {} ", level.elo() + 40)), Ok(level));
        }
        assert_eq!(parse("100"), Ok(Level::Beginner));
        assert_eq!(parse("3500"), Ok(Level::Master));
    }

    #[test]
    fn nearest_takes_the_closest_rung_and_the_weaker_of_a_tie() {
        for pair in LADDER.windows(2) {
            let (low, high) = (&pair[0], &pair[1]);
            let mid = (low.elo + high.elo) / 2;
            let expected = if (high.elo - low.elo) % 2 == 0 {
                low.level
            } else {
                high.level
            };
            assert_eq!(nearest(mid), expected, "{mid}");
            assert_eq!(nearest(mid - 1), low.level);
            assert_eq!(nearest(mid + 1), high.level);
        }
        assert_eq!(nearest(0), Level::Beginner);
        assert_eq!(nearest(u32::MAX), Level::Master);
    }

    #[test]
    fn anything_else_is_refused_in_one_sentence() {
        assert_eq!(
            parse("grandmaster").map_err(|e| e.to_string()),
            Err(
                "There is no level 'grandmaster'; choose one of beginner, novice, casual, \
                 club, advanced, strong, expert or master, or an Elo such as 1400."
                    .to_string()
            )
        );
        for bad in ["99", "3501", "99999999999999999999", "-5", "14OO", ""] {
            let err = parse(bad).expect_err(bad).to_string();
            assert!(err.ends_with('.') && !err.contains('\n'), "{err}");
        }
        assert!(parse("99").unwrap_err().to_string().contains("100 to 3500"));
    }
}
