//! Winning chances, move classes and accuracy: how an analysis judges a
//! move by what it cost its player.
//!
//! A score (centipawns, or a mate) becomes the mover's winning chances,
//! a number from −1 (lost) through 0 (even) to +1 (won), by lichess's
//! logistic curve `2 / (1 + e^(−k·cp)) − 1` with the score held within
//! ±1000 centipawns and a mate counted ±1. `k` is the variant's
//! [`Scale`]: lichess's 0.00368208 for chess, smaller where a pawn
//! decides less (docs/analysis.md gives each variant's). A move's loss
//! is how far the mover's chances fell from the best move's to the
//! move played; it is classed by lichess's thresholds ([`Class`]).
//! The accuracy of a move is lichess's formula over the same fall in
//! win percent, and a seat's accuracy over a game the mean of the
//! arithmetic and the harmonic means of its moves' ([`accuracy`]).

use crate::ai::score::is_mate;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How steeply a variant's scores turn into winning chances: the `k` of
/// `2 / (1 + e^(−k·cp)) − 1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale(pub f64);

impl Scale {
    /// lichess's scale for chess, fitted to its players' results.
    pub const CHESS: Scale = Scale(0.003_682_08);

    /// The scale of `variant` (docs/analysis.md says why each is what it
    /// is).
    pub fn of(variant: crate::variants::Variant) -> Scale {
        use crate::variants::Variant;
        match variant {
            Variant::Chu => Scale(0.002),
            Variant::BacCanCat => Scale(0.0025),
            _ => Scale::CHESS,
        }
    }
}

/// The largest score in centipawns that still changes the chances.
const HELD: i32 = 1000;

/// The winning chances of `score` (centipawns or a mate, for the seat
/// it belongs to) on `scale`, from −1 to +1.
pub fn chances(score: i32, scale: Scale) -> f64 {
    if is_mate(score) {
        return if score > 0 { 1.0 } else { -1.0 };
    }
    let cp = f64::from(score.clamp(-HELD, HELD));
    2.0 / (1.0 + (-scale.0 * cp).exp()) - 1.0
}

/// Winning chances as a percentage, 0 to 100 (50 is even).
pub fn win_percent(chances: f64) -> f64 {
    50.0 + 50.0 * chances
}

/// What a move cost its player, by how far it let the winning chances
/// fall (lichess's thresholds: a tenth, a fifth and three tenths of the
/// scale from −1 to +1, that is 5, 10 and 15 points of win percent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Class {
    /// The chances fell by at least 0.1.
    Inaccuracy,
    /// The chances fell by at least 0.2.
    Mistake,
    /// The chances fell by at least 0.3.
    Blunder,
}

impl Class {
    /// Every class, mildest first.
    pub const ALL: [Class; 3] = [Class::Inaccuracy, Class::Mistake, Class::Blunder];

    /// The class of a move that let the chances fall by `loss` (0 to 2),
    /// none below an inaccuracy.
    pub fn of_loss(loss: f64) -> Option<Class> {
        Class::ALL
            .into_iter()
            .rev()
            .find(|class| loss >= class.threshold())
    }

    /// The least fall in chances of the class.
    pub const fn threshold(self) -> f64 {
        match self {
            Class::Inaccuracy => 0.1,
            Class::Mistake => 0.2,
            Class::Blunder => 0.3,
        }
    }

    /// The class's mark after a move: `?!`, `?`, `??`.
    pub const fn mark(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    /// The class's Numeric Annotation Glyph in PGN: `$6` (dubious), `$2`
    /// (poor), `$4` (very poor), as python-chess and lichess read them.
    pub const fn nag(self) -> u8 {
        match self {
            Class::Inaccuracy => 6,
            Class::Mistake => 2,
            Class::Blunder => 4,
        }
    }

    /// The class of a NAG (and of the marks `?!`, `?`, `??` read as
    /// NAGs), if it is one of the three.
    pub fn of_nag(nag: u8) -> Option<Class> {
        Class::ALL.into_iter().find(|c| c.nag() == nag)
    }

    /// The class's name: `inaccuracy`, `mistake`, `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// The plural of the name.
    pub const fn plural(self) -> &'static str {
        match self {
            Class::Inaccuracy => "inaccuracies",
            Class::Mistake => "mistakes",
            Class::Blunder => "blunders",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The accuracy of one move, 0 to 100, from the mover's win percent
/// before it (with the best move) and after it: lichess's fitted curve
/// `103.1668 · e^(−0.04354 · fall) − 3.1669`, plus one point for the
/// engine's own uncertainty, within 0 and 100.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let fall = (before - after).max(0.0);
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * fall).exp() - 3.166_924_740_191_411 + 1.0)
        .clamp(0.0, 100.0)
}

/// A seat's accuracy over its moves' accuracies: the mean of their
/// arithmetic mean and their harmonic mean (each move counted as at least
/// one point), so one blunder weighs more than in a plain average, as in
/// lichess's game accuracy. `None` without a move.
pub fn accuracy(moves: &[f64]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let n = moves.len() as f64;
    let mean = moves.iter().sum::<f64>() / n;
    let harmonic = n / moves.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
    Some((mean + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::score::{MATE, mated_in};

    #[test]
    fn chances_follow_lichess_curve_and_mates_are_certain() {
        let s = Scale::CHESS;
        assert_eq!(chances(0, s), 0.0);
        // lichess: +1.00 is about 59 % (chances 0.18).
        assert!(
            (chances(100, s) - 0.182).abs() < 0.001,
            "{}",
            chances(100, s)
        );
        assert!((chances(-300, s) + chances(300, s)).abs() < 1e-12);
        assert_eq!(chances(5000, s), chances(HELD, s));
        assert_eq!(chances(MATE - 3, s), 1.0);
        assert_eq!(chances(mated_in(4), s), -1.0);
        assert_eq!(win_percent(chances(0, s)), 50.0);
    }

    #[test]
    fn losses_are_classed_by_the_thresholds_and_marks_map_to_nags() {
        assert_eq!(Class::of_loss(0.05), None);
        assert_eq!(Class::of_loss(0.1), Some(Class::Inaccuracy));
        assert_eq!(Class::of_loss(0.25), Some(Class::Mistake));
        assert_eq!(Class::of_loss(1.7), Some(Class::Blunder));
        for class in Class::ALL {
            assert_eq!(Class::of_nag(class.nag()), Some(class));
            assert_eq!(Class::of_loss(class.threshold()), Some(class));
        }
        assert_eq!(Class::of_nag(1), None);
        assert_eq!(Class::Blunder.mark(), "??");
    }

    #[test]
    fn accuracy_is_full_for_the_best_move_and_falls_with_the_loss() {
        assert_eq!(move_accuracy(60.0, 60.0), 100.0);
        assert_eq!(move_accuracy(40.0, 70.0), 100.0);
        let small = move_accuracy(60.0, 55.0);
        let large = move_accuracy(60.0, 20.0);
        assert!(small > large && large > 0.0, "{small} {large}");
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
        assert_eq!(accuracy(&[]), None);
        assert_eq!(accuracy(&[100.0, 100.0]), Some(100.0));
        // One blunder among good moves costs more than its share.
        let a = accuracy(&[100.0, 100.0, 100.0, 10.0]).unwrap_or_default();
        assert!(a < 77.5, "{a}");
    }
}
