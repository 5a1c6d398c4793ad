//! The PostgreSQL store's puzzle ratings: each account's standing in
//! each variant (rating, streak, best streak) and each puzzle's own
//! rating, rated and kept in one transaction under the puzzles' lock
//! ([`Store::keep_puzzle`]).
//!
//! [`Store::keep_puzzle`]: crate::serve::store::Store::keep_puzzle

use super::{Fault, Postgres, Serial, hold};
use crate::serve::store::{PUZZLES_KEPT, PuzzleAttempt, PuzzleStanding, StoreError};
use catboard::rating::Rating;
use tokio_postgres::Row;

/// A streak as kept: the count, within a `u32`.
fn streak_of(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

/// The standing in columns `at`.. of `row`: rating, deviation,
/// volatility, streak, best.
fn standing_at(row: &Row, at: usize) -> Result<PuzzleStanding, Fault> {
    Ok(PuzzleStanding {
        rating: rating_at(row, at)?,
        streak: streak_of(row.try_get(at + 3)?),
        best: streak_of(row.try_get(at + 4)?),
    })
}

/// The rating in columns `at`.. of `row`: rating, deviation, volatility.
fn rating_at(row: &Row, at: usize) -> Result<Rating, Fault> {
    Ok(Rating {
        rating: row.try_get(at)?,
        deviation: row.try_get(at + 1)?,
        volatility: row.try_get(at + 2)?,
    })
}

impl Postgres {
    /// [`Store::puzzle_standings`](crate::serve::store::Store::puzzle_standings).
    pub(super) fn read_puzzle_standings(
        &self,
        identity: &str,
    ) -> Result<Vec<(String, PuzzleStanding)>, StoreError> {
        self.read(async |tx| {
            let mut out = Vec::new();
            for row in tx
                .query(
                    "SELECT variant, rating, deviation, volatility, streak, best
                     FROM puzzle_standings WHERE identity = $1 ORDER BY variant",
                    &[&identity],
                )
                .await?
            {
                out.push((row.try_get(0)?, standing_at(&row, 1)?));
            }
            Ok(out)
        })
    }

    /// [`Store::puzzle_ratings`](crate::serve::store::Store::puzzle_ratings).
    pub(super) fn read_puzzle_ratings(
        &self,
        variant: &str,
    ) -> Result<Vec<(String, Rating)>, StoreError> {
        let limit = i64::try_from(PUZZLES_KEPT).unwrap_or(i64::MAX);
        self.read(async |tx| {
            let mut out = Vec::new();
            for row in tx
                .query(
                    "SELECT puzzle, rating, deviation, volatility FROM puzzle_ratings
                     WHERE variant = $1 ORDER BY puzzle LIMIT $2",
                    &[&variant, &limit],
                )
                .await?
            {
                out.push((row.try_get(0)?, rating_at(&row, 1)?));
            }
            Ok(out)
        })
    }

    /// [`Store::keep_puzzle`](crate::serve::store::Store::keep_puzzle).
    pub(super) fn write_puzzle(
        &self,
        attempt: &PuzzleAttempt<'_>,
    ) -> Result<(PuzzleStanding, Rating), StoreError> {
        self.write(async |tx| {
            hold(tx, Serial::Puzzles).await?;
            let before = match tx
                .query_opt(
                    "SELECT rating, deviation, volatility, streak, best FROM puzzle_standings
                     WHERE identity = $1 AND variant = $2",
                    &[&attempt.identity, &attempt.variant],
                )
                .await?
            {
                Some(row) => standing_at(&row, 0)?,
                None => PuzzleStanding::default(),
            };
            let rating = match tx
                .query_opt(
                    "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1",
                    &[&attempt.puzzle],
                )
                .await?
            {
                Some(row) => rating_at(&row, 0)?,
                None => attempt.start,
            };
            let (standing, rating) = before.after(rating, attempt.won);
            let (streak, best) = (i64::from(standing.streak), i64::from(standing.best));
            tx.execute(
                "INSERT INTO puzzle_standings
                     (identity, variant, rating, deviation, volatility, streak, best, attempts)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 1)
                 ON CONFLICT (identity, variant) DO UPDATE SET
                     rating = excluded.rating, deviation = excluded.deviation,
                     volatility = excluded.volatility, streak = excluded.streak,
                     best = excluded.best, attempts = puzzle_standings.attempts + 1",
                &[
                    &attempt.identity,
                    &attempt.variant,
                    &standing.rating.rating,
                    &standing.rating.deviation,
                    &standing.rating.volatility,
                    &streak,
                    &best,
                ],
            )
            .await?;
            tx.execute(
                "INSERT INTO puzzle_ratings (puzzle, variant, rating, deviation, volatility, attempts)
                 VALUES ($1, $2, $3, $4, $5, 1)
                 ON CONFLICT (puzzle) DO UPDATE SET
                     rating = excluded.rating, deviation = excluded.deviation,
                     volatility = excluded.volatility, attempts = puzzle_ratings.attempts + 1",
                &[
                    &attempt.puzzle,
                    &attempt.variant,
                    &rating.rating,
                    &rating.deviation,
                    &rating.volatility,
                ],
            )
            .await?;
            Ok((standing, rating))
        })
    }
}
