//! A series of games between the same seats: how many games have been
//! finished and each seat's running total, in half points (a game may
//! share its points so that a seat scores 2.5).
//!
//! The rule against counting a game twice: a series holds only *closed*
//! games. A game's points join it once, when the next game of the series
//! begins ([`Series::after`], which returns a new series and changes
//! nothing). Until then the game is open: undoing its last move and
//! finishing it another way changes what it will add, never adds it again.

use crate::core::Game;

/// The games finished so far in a series and each seat's total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Series {
    games: u32,
    totals: Vec<u32>,
}

/// Why a saved series is refused: its counts disagree. The `Display` is
/// a clause.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeriesError {
    /// Points scored but no game finished.
    #[error("the series has points but no finished game")]
    PointsWithoutGames,
    /// Games finished but no totals kept.
    #[error("the series has {} but no totals", crate::text::count(*.0, "finished game", "finished games"))]
    GamesWithoutTotals(u32),
}

impl Series {
    /// A fresh series: no game finished, nothing scored.
    pub fn new() -> Series {
        Series::default()
    }

    /// A series as a save records it: `games` finished and the seats'
    /// `totals` in half points; refused, in one sentence, when the two
    /// disagree (points without a game, or a game without totals).
    pub fn from_parts(games: u32, totals: Vec<u32>) -> Result<Series, SeriesError> {
        if games == 0 && totals.iter().any(|&t| t > 0) {
            return Err(SeriesError::PointsWithoutGames);
        }
        if games > 0 && totals.is_empty() {
            return Err(SeriesError::GamesWithoutTotals(games));
        }
        Ok(Series { games, totals })
    }

    /// How many games of the series have been finished and counted.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The number of the game being played now (one more than the finished).
    pub fn current_game(&self) -> u32 {
        self.games.saturating_add(1)
    }

    /// Each seat's total in half points, in seat order; empty before the
    /// first game is counted.
    pub fn totals(&self) -> &[u32] {
        &self.totals
    }

    /// Whether nothing has been counted yet.
    pub fn is_fresh(&self) -> bool {
        self.games == 0
    }

    /// The series once a game scoring `points` (half points per seat) is
    /// counted: one more game, each seat's points added to its total.
    /// `self` is left as it was, so asking again gives the same answer.
    pub fn after(&self, points: &[u8]) -> Series {
        let seats = self.totals.len().max(points.len());
        let totals = (0..seats)
            .map(|i| {
                let before = self.totals.get(i).copied().unwrap_or(0);
                before.saturating_add(u32::from(points.get(i).copied().unwrap_or(0)))
            })
            .collect();
        Series {
            games: self.games.saturating_add(1),
            totals,
        }
    }

    /// The series once `game` is counted: with its points when it has
    /// ended and its variant scores points, else unchanged (an unfinished
    /// game, or a variant without points, adds nothing).
    pub fn after_game(&self, game: &impl Game) -> Series {
        match (game.outcome(), game.points()) {
            (Some(_), Some(points)) => self.after(&points),
            _ => self.clone(),
        }
    }

    /// Whether the seat counts of this series and `seats` agree (a fresh
    /// series agrees with any).
    pub fn fits(&self, seats: usize) -> bool {
        self.totals.is_empty() || self.totals.len() == seats
    }
}

/// Half points written as points: `3`, `2.5`.
pub fn half_points_text(half_points: u32) -> String {
    if half_points.is_multiple_of(2) {
        format!("{}", half_points / 2)
    } else {
        format!("{}.5", half_points / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_add_their_half_points_to_the_totals() {
        let one = Series::new().after(&[12, 0, 0, 0]);
        assert_eq!((one.games(), one.totals()), (1, &[12, 0, 0, 0][..]));
        let two = one.after(&[0, 2, 5, 5]);
        assert_eq!((two.games(), two.totals()), (2, &[12, 2, 5, 5][..]));
        assert_eq!(two.current_game(), 3);
        let shown: Vec<String> = two.totals().iter().map(|&h| half_points_text(h)).collect();
        assert_eq!(shown, ["6", "1", "2.5", "2.5"]);
    }

    #[test]
    fn counting_is_a_function_of_the_series_before_so_never_twice() {
        let before = Series::new().after(&[4, 4, 2, 2]);
        let once = before.after(&[12, 0, 0, 0]);
        // Asking again for the same game gives the same series.
        assert_eq!(before.after(&[12, 0, 0, 0]), once);
        // The game finished another way replaces, never adds to, the first.
        let other = before.after(&[0, 12, 0, 0]);
        assert_eq!(other.totals(), &[4, 16, 2, 2]);
        assert_eq!(other.games(), 2);
    }

    #[test]
    fn a_saved_series_is_checked() {
        assert!(Series::from_parts(0, vec![0, 0]).is_ok());
        assert!(Series::from_parts(0, vec![1, 0]).is_err());
        assert!(Series::from_parts(2, Vec::new()).is_err());
        let s = Series::from_parts(1, vec![6, 6]).expect("valid");
        assert!(s.fits(2) && !s.fits(4) && Series::new().fits(4));
    }
}
