//! The SQLite store's puzzle ratings: each account's standing in each
//! variant (rating, streak, best streak) and each puzzle's own rating,
//! rated and kept in one transaction ([`Store::keep_puzzle`]).
//!
//! [`Store::keep_puzzle`]: crate::serve::store::Store::keep_puzzle

use super::{Database, as_i64, as_u64, rating_at};
use crate::serve::store::{PUZZLES_KEPT, PuzzleAttempt, PuzzleStanding, StoreError};
use catboard::rating::Rating;
use rusqlite::{OptionalExtension, Transaction, params};

/// A streak as kept: the count, within a `u32`.
fn streak_of(n: i64) -> u32 {
    u32::try_from(as_u64(n)).unwrap_or(u32::MAX)
}

impl Database {
    /// [`Store::puzzle_standings`](crate::serve::store::Store::puzzle_standings).
    pub(super) fn read_puzzle_standings(
        &self,
        identity: &str,
    ) -> Result<Vec<(String, PuzzleStanding)>, StoreError> {
        let connection = self.connection();
        let mut rows = connection.prepare(
            "SELECT variant, rating, deviation, volatility, streak, best
             FROM puzzle_standings WHERE identity = ?1 ORDER BY variant",
        )?;
        Ok(rows
            .query_map([identity], |r| {
                Ok((
                    r.get(0)?,
                    PuzzleStanding {
                        rating: rating_at(r, 1)?,
                        streak: streak_of(r.get(4)?),
                        best: streak_of(r.get(5)?),
                    },
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// [`Store::puzzle_ratings`](crate::serve::store::Store::puzzle_ratings).
    pub(super) fn read_puzzle_ratings(
        &self,
        variant: &str,
    ) -> Result<Vec<(String, Rating)>, StoreError> {
        let connection = self.connection();
        let mut rows = connection.prepare(
            "SELECT puzzle, rating, deviation, volatility FROM puzzle_ratings
             WHERE variant = ?1 ORDER BY puzzle LIMIT ?2",
        )?;
        Ok(rows
            .query_map(params![variant, as_i64(PUZZLES_KEPT as u64)], |r| {
                Ok((r.get(0)?, rating_at(r, 1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// [`Store::keep_puzzle`](crate::serve::store::Store::keep_puzzle).
    pub(super) fn write_puzzle(
        &self,
        attempt: &PuzzleAttempt<'_>,
    ) -> Result<(PuzzleStanding, Rating), StoreError> {
        self.write(|tx| {
            let before = standing_in(tx, attempt.identity, attempt.variant)?.unwrap_or_default();
            let rating = puzzle_rating(tx, attempt.puzzle)?.unwrap_or(attempt.start);
            let (standing, rating) = before.after(rating, attempt.won);
            tx.execute(
                "INSERT INTO puzzle_standings
                     (identity, variant, rating, deviation, volatility, streak, best, attempts)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1)
                 ON CONFLICT (identity, variant) DO UPDATE SET
                     rating = excluded.rating, deviation = excluded.deviation,
                     volatility = excluded.volatility, streak = excluded.streak,
                     best = excluded.best, attempts = attempts + 1",
                params![
                    attempt.identity,
                    attempt.variant,
                    standing.rating.rating,
                    standing.rating.deviation,
                    standing.rating.volatility,
                    i64::from(standing.streak),
                    i64::from(standing.best)
                ],
            )?;
            tx.execute(
                "INSERT INTO puzzle_ratings (puzzle, variant, rating, deviation, volatility, attempts)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1)
                 ON CONFLICT (puzzle) DO UPDATE SET
                     rating = excluded.rating, deviation = excluded.deviation,
                     volatility = excluded.volatility, attempts = attempts + 1",
                params![
                    attempt.puzzle,
                    attempt.variant,
                    rating.rating,
                    rating.deviation,
                    rating.volatility
                ],
            )?;
            Ok((standing, rating))
        })
    }
}

/// `identity`'s puzzle standing in `variant`, if kept.
fn standing_in(
    tx: &Transaction<'_>,
    identity: &str,
    variant: &str,
) -> rusqlite::Result<Option<PuzzleStanding>> {
    tx.query_row(
        "SELECT rating, deviation, volatility, streak, best FROM puzzle_standings
         WHERE identity = ?1 AND variant = ?2",
        params![identity, variant],
        |r| {
            Ok(PuzzleStanding {
                rating: rating_at(r, 0)?,
                streak: streak_of(r.get(3)?),
                best: streak_of(r.get(4)?),
            })
        },
    )
    .optional()
}

/// Puzzle `id`'s rating, if kept.
fn puzzle_rating(tx: &Transaction<'_>, id: &str) -> rusqlite::Result<Option<Rating>> {
    tx.query_row(
        "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = ?1",
        [id],
        |r| rating_at(r, 0),
    )
    .optional()
}
