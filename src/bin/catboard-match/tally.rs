//! The match score: wins, draws and losses of the first engine, its score
//! with a 95% error margin, and the Elo difference that score implies.

/// Results counted from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score as a fraction (a draw is half a point).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    /// Half the width of the 95% confidence interval of the score, from
    /// the spread of the game results.
    pub fn margin(&self) -> f64 {
        let n = self.games() as f64;
        if n < 2.0 {
            return 0.5;
        }
        let mean = self.score();
        let squares = (self.wins as f64 + self.draws as f64 / 4.0) / n;
        let variance = (squares - mean * mean).max(0.0);
        1.96 * (variance / n).sqrt()
    }

    /// The Elo difference a score implies (clamped short of infinity).
    pub fn elo(score: f64) -> f64 {
        let s = score.clamp(0.001, 0.999);
        -400.0 * (1.0 / s - 1.0).log10()
    }

    /// The summary line: `+W =D -L`, score, margin and Elo.
    pub fn summary(&self) -> String {
        let s = self.score();
        let m = self.margin();
        format!(
            "{} games: +{} ={} -{}; score {:.1}% ± {:.1}% (95%); Elo difference {:+.0} (range {:+.0} to {:+.0})",
            self.games(),
            self.wins,
            self.draws,
            self.losses,
            s * 100.0,
            m * 100.0,
            Self::elo(s),
            Self::elo(s - m),
            Self::elo(s + m)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_margin_and_elo() {
        let t = Tally {
            wins: 6,
            draws: 2,
            losses: 2,
        };
        assert_eq!(t.games(), 10);
        assert!((t.score() - 0.7).abs() < 1e-9);
        // Results 1 ×6, ½ ×2, 0 ×2: mean of squares 0.65, variance 0.65 - 0.49.
        assert!((t.margin() - 1.96 * (0.16f64 / 10.0).sqrt()).abs() < 1e-9);
        assert!((Tally::elo(0.5)).abs() < 1e-9);
        assert!((Tally::elo(0.75) - 190.85).abs() < 0.1);
        assert!(t.summary().starts_with("10 games: +6 =2 -2; score 70.0%"));
    }
}
