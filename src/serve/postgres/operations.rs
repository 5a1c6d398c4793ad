//! The server's operations in PostgreSQL: each method of [`Store`] one
//! transaction, written as the SQLite store's are (the same rows, the
//! same answers; the store test suite holds both to them).

use super::{Fault, Postgres, Serial, hold};
use crate::serve::database::{SEEN_GRAIN, codes};
use crate::serve::log;
use crate::serve::names;
use crate::serve::store::{
    Account, AccountKey, ArchivedGame, ArchivedPlayer, Claim, Conflict, FinishedGame, GameLine,
    KeptMove, NameClaim, NameHolder, Page, PuzzleAttempt, PuzzleStanding, SeatsRecord, Standing,
    Store, StoreError, StoredTable, rate, rated_identities, with_moves,
};
use crate::session::save::SavedGame;
use catboard::rating::Rating;
use std::collections::HashMap;
use tokio_postgres::{Row, Transaction};

fn as_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn as_u64(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

fn count_of(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn as_usize(n: i64) -> usize {
    usize::try_from(n).unwrap_or(0)
}

/// `value` as JSON text, as the SQLite store keeps it.
fn json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| {
        log::event(format!("the PostgreSQL store: could not write JSON: {e}"));
        StoreError::Failed
    })
}

/// The rating in the two columns from `at` (rating, deviation), when kept.
fn rating_at(row: &Row, at: usize) -> Result<Option<Rating>, Fault> {
    let rating: Option<f64> = row.try_get(at)?;
    let deviation: Option<f64> = row.try_get(at + 1)?;
    Ok(rating.zip(deviation).map(|(rating, deviation)| Rating {
        rating,
        deviation,
        volatility: 0.0,
    }))
}

/// The rating of `identity` in `variant`, a new player's when none.
async fn rating_in(tx: &Transaction<'_>, identity: &str, variant: &str) -> Result<Rating, Fault> {
    let row = tx
        .query_opt(
            "SELECT rating, deviation, volatility FROM ratings
             WHERE identity = $1 AND variant = $2",
            &[&identity, &variant],
        )
        .await?;
    Ok(match row {
        Some(r) => Rating {
            rating: r.try_get(0)?,
            deviation: r.try_get(1)?,
            volatility: r.try_get(2)?,
        },
        None => Rating::default(),
    })
}

/// Archives `game`, played at table `name`, its ratings moved (the
/// caller holds the archive's lock): the game's number, the next after
/// the last, so numbers follow the order games were archived in.
async fn put_finished(tx: &Transaction<'_>, name: &str, game: &FinishedGame) -> Result<u64, Fault> {
    let (code, winner, retired) = codes::columns(&game.variant, game.termination);
    let saved = game.saved.as_ref().map(json).transpose()?;
    let id: i64 = tx
        .query_one("SELECT coalesce(max(id), 0) + 1 FROM games", &[])
        .await?
        .try_get(0)?;
    tx.execute(
        "INSERT INTO games (id, tbl, variant, time_control, termination, winner, retired, result,
             rated, finished, plies, pgn, saved)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        &[
            &id,
            &name,
            &game.variant,
            &game.time_control,
            &code,
            &winner,
            &retired,
            &game.result,
            &game.rated,
            &as_i64(game.finished),
            &count_of(game.plies),
            &game.pgn,
            &saved,
        ],
    )
    .await?;
    for (seat, player) in game.players.iter().enumerate() {
        tx.execute(
            "INSERT INTO game_players (game, seat, seat_name, identity, name, score,
                 rating_before, deviation_before, rating_after, deviation_after)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            &[
                &id,
                &count_of(seat),
                &player.seat_name,
                &player.identity,
                &player.name,
                &i64::from(player.score),
                &player.before.map(|r| r.rating),
                &player.before.map(|r| r.deviation),
                &player.after.map(|r| r.rating),
                &player.after.map(|r| r.deviation),
            ],
        )
        .await?;
        let Some(identity) = &player.identity else {
            continue;
        };
        tx.execute(
            "INSERT INTO accounts (identity, name, first_seen, last_seen, games)
             VALUES ($1, $2, $3, $3, $4)
             ON CONFLICT (identity) DO UPDATE SET games = accounts.games + excluded.games,
                 last_seen = greatest(accounts.last_seen, excluded.last_seen)",
            &[
                identity,
                &player.name,
                &as_i64(game.finished),
                &as_i64(game.counted()),
            ],
        )
        .await?;
        if let Some(after) = player.after {
            tx.execute(
                "INSERT INTO ratings (identity, variant, rating, deviation, volatility, games)
                 VALUES ($1, $2, $3, $4, $5, 1)
                 ON CONFLICT (identity, variant) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     games = ratings.games + 1",
                &[
                    identity,
                    &game.variant,
                    &after.rating,
                    &after.deviation,
                    &after.volatility,
                ],
            )
            .await?;
        }
    }
    Ok(as_u64(id))
}

/// The key holding folded name `folded`, if any, and what is kept of it.
async fn holder_of(
    tx: &Transaction<'_>,
    folded: &str,
) -> Result<Option<(String, NameHolder)>, Fault> {
    let Some(row) = tx
        .query_opt(
            "SELECT n.key, coalesce(n.claimed, 0), a.last_seen, a.games
             FROM names n LEFT JOIN accounts a ON a.identity = n.key WHERE n.name = $1",
            &[&folded],
        )
        .await?
    else {
        return Ok(None);
    };
    let seen: Option<i64> = row.try_get(2)?;
    let games: Option<i64> = row.try_get(3)?;
    Ok(Some((
        row.try_get(0)?,
        NameHolder {
            claimed: as_u64(row.try_get(1)?),
            account: seen.zip(games).map(|(s, g)| (as_u64(s), as_u64(g))),
        },
    )))
}

/// When account `identity` was last seen, if it is kept.
async fn seen_at(tx: &Transaction<'_>, identity: &str) -> Result<Option<u64>, Fault> {
    match tx
        .query_opt(
            "SELECT last_seen FROM accounts WHERE identity = $1",
            &[&identity],
        )
        .await?
    {
        Some(row) => Ok(Some(as_u64(row.try_get(0)?))),
        None => Ok(None),
    }
}

/// Whether account `identity` is kept.
async fn has_account(tx: &Transaction<'_>, identity: &str) -> Result<bool, Fault> {
    Ok(tx
        .query_opt("SELECT 1 FROM accounts WHERE identity = $1", &[&identity])
        .await?
        .is_some())
}

/// An ending kept as the archive's columns from `at` (termination,
/// winner, retired), read back.
fn ending_at(
    row: &Row,
    variant: &str,
    at: usize,
) -> Result<Option<catboard::core::Termination>, Fault> {
    let code: String = row.try_get(at)?;
    let winner: Option<i64> = row.try_get(at + 1)?;
    let retired: Option<String> = row.try_get(at + 2)?;
    Ok(codes::termination(
        variant,
        &code,
        winner,
        retired.as_deref(),
    ))
}

/// A table's game and seats as read back (a game or seats that cannot
/// be read are said, as the SQLite store says them).
fn stored_table(
    name: String,
    game: &str,
    seats: Option<String>,
    moves: Vec<KeptMove>,
) -> StoredTable {
    let game = match serde_json::from_str::<SavedGame>(game) {
        Ok(saved) => Ok(with_moves(&name, saved, moves)),
        Err(e) => Err(format!("its game is not readable ({e})")),
    };
    let seats = seats.and_then(|text| match serde_json::from_str(&text) {
        Ok(seats) => Some(seats),
        Err(e) => {
            log::event(format!(
                "table {name}: its seats are not readable ({e}); they are free"
            ));
            None
        }
    });
    StoredTable { name, game, seats }
}

impl Store for Postgres {
    fn tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        self.read(async |tx| {
            let mut moves: HashMap<String, Vec<KeptMove>> = HashMap::new();
            for row in tx
                .query(
                    "SELECT tbl, ply, text, clock_ms FROM live_moves ORDER BY tbl, ply",
                    &[],
                )
                .await?
            {
                moves.entry(row.try_get(0)?).or_default().push(KeptMove {
                    ply: as_usize(row.try_get(1)?),
                    text: row.try_get(2)?,
                    clock_ms: row.try_get::<_, Option<i64>>(3)?.map(as_u64),
                });
            }
            let mut out = Vec::new();
            for row in tx
                .query(
                    "SELECT name, game, seats FROM live_tables ORDER BY touched DESC",
                    &[],
                )
                .await?
            {
                let name: String = row.try_get(0)?;
                let game: String = row.try_get(1)?;
                let kept = moves.remove(&name).unwrap_or_default();
                out.push(stored_table(name, &game, row.try_get(2)?, kept));
            }
            Ok(out)
        })
    }

    fn open_table(
        &self,
        name: &str,
        game: &SavedGame,
        seats: &SeatsRecord,
    ) -> Result<(), StoreError> {
        let (game_text, seats_text) = (json(game)?, json(seats)?);
        let plies = count_of(game.moves.len());
        self.write(async |tx| {
            let made = tx
                .execute(
                    "INSERT INTO live_tables (name, game, plies, seats, touched)
                     VALUES ($1, $2, $3, $4, nextval('table_touches'))
                     ON CONFLICT (name) DO NOTHING",
                    &[&name, &game_text, &plies, &seats_text],
                )
                .await?;
            if made == 0 {
                return Err(Conflict::TableExists.into());
            }
            tx.execute("DELETE FROM live_moves WHERE tbl = $1", &[&name])
                .await?;
            Ok(())
        })
    }

    fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), StoreError> {
        let text = json(game)?;
        let plies = count_of(game.moves.len());
        self.write(async |tx| {
            let kept = tx
                .execute(
                    "UPDATE live_tables SET game = $2, plies = $3, touched = nextval('table_touches')
                     WHERE name = $1",
                    &[&name, &text, &plies],
                )
                .await?;
            if kept == 0 {
                return Err(Conflict::NoTable.into());
            }
            tx.execute("DELETE FROM live_moves WHERE tbl = $1", &[&name])
                .await?;
            Ok(())
        })
    }

    fn record_move(
        &self,
        name: &str,
        ply: usize,
        text: &str,
        clock_ms: Option<u64>,
    ) -> Result<(), StoreError> {
        let (ply_kept, clock) = (count_of(ply), clock_ms.map(as_i64));
        self.write(async |tx| {
            // The table's row locked first: its writers take turns, and the
            // moves read next are all that were kept before this one.
            let Some(table) = tx
                .query_opt(
                    "SELECT plies FROM live_tables WHERE name = $1 FOR UPDATE",
                    &[&name],
                )
                .await?
            else {
                return Err(Conflict::NoTable.into());
            };
            let whole: i64 = table.try_get(0)?;
            let since: i64 = tx
                .query_one(
                    "SELECT coalesce(max(ply), 0) FROM live_moves WHERE tbl = $1",
                    &[&name],
                )
                .await?
                .try_get(0)?;
            let kept = as_usize(whole.max(since));
            if ply != kept + 1 {
                return Err(Conflict::NotNextMove { kept }.into());
            }
            tx.execute(
                "INSERT INTO live_moves (tbl, ply, text, clock_ms) VALUES ($1, $2, $3, $4)",
                &[&name, &ply_kept, &text, &clock],
            )
            .await?;
            Ok(())
        })
    }

    fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), StoreError> {
        let text = json(seats)?;
        self.write(async |tx| {
            let kept = tx
                .execute(
                    "UPDATE live_tables SET seats = $2 WHERE name = $1",
                    &[&name, &text],
                )
                .await?;
            match kept {
                0 => Err(Conflict::NoTable.into()),
                _ => Ok(()),
            }
        })
    }

    fn finish_game(&self, name: &str, game: &FinishedGame) -> Result<ArchivedGame, StoreError> {
        self.write(async |tx| {
            hold(tx, Serial::Archive).await?;
            let gone = tx
                .execute("DELETE FROM live_tables WHERE name = $1", &[&name])
                .await?;
            if gone == 0 {
                return Err(Conflict::NoTable.into());
            }
            tx.execute("DELETE FROM live_moves WHERE tbl = $1", &[&name])
                .await?;
            let mut game = game.clone();
            let before = match rated_identities(&game) {
                Some(ids) => {
                    let mut before = Vec::with_capacity(ids.len());
                    for id in ids {
                        before.push(rating_in(tx, id, &game.variant).await?);
                    }
                    Some(before)
                }
                None => None,
            };
            rate(&mut game, before);
            let id = put_finished(tx, name, &game).await?;
            Ok(ArchivedGame {
                id,
                table: name.to_string(),
                game,
                analysis: None,
            })
        })
    }

    fn drop_table(&self, name: &str) -> Result<bool, StoreError> {
        self.write(async |tx| {
            let gone = tx
                .execute("DELETE FROM live_tables WHERE name = $1", &[&name])
                .await?;
            tx.execute("DELETE FROM live_moves WHERE tbl = $1", &[&name])
                .await?;
            Ok(gone > 0)
        })
    }

    fn archived(&self, id: u64) -> Result<Option<ArchivedGame>, StoreError> {
        let id = as_i64(id);
        self.read(async |tx| {
            let Some(r) = tx
                .query_opt(
                    "SELECT tbl, variant, time_control, termination, winner, retired, result,
                         rated, finished, plies, pgn, saved, analysis
                     FROM games WHERE id = $1",
                    &[&id],
                )
                .await?
            else {
                return Ok(None);
            };
            let variant: String = r.try_get(1)?;
            let termination = ending_at(&r, &variant, 3)?;
            let saved: Option<String> = r.try_get(11)?;
            let mut game = FinishedGame {
                variant,
                time_control: r.try_get(2)?,
                termination,
                result: r.try_get(6)?,
                rated: r.try_get(7)?,
                finished: as_u64(r.try_get(8)?),
                plies: as_usize(r.try_get(9)?),
                pgn: r.try_get(10)?,
                // A game that cannot be read back is still its PGN.
                saved: saved.and_then(|text| serde_json::from_str(&text).ok()),
                players: Vec::new(),
            };
            for p in tx
                .query(
                    "SELECT seat_name, identity, name, score, rating_before, deviation_before,
                         rating_after, deviation_after
                     FROM game_players WHERE game = $1 ORDER BY seat",
                    &[&id],
                )
                .await?
            {
                game.players.push(ArchivedPlayer {
                    seat_name: p.try_get(0)?,
                    identity: p.try_get(1)?,
                    name: p.try_get(2)?,
                    score: u32::try_from(p.try_get::<_, i64>(3)?).unwrap_or(0),
                    before: rating_at(&p, 4)?,
                    after: rating_at(&p, 6)?,
                });
            }
            // An analysis that cannot be read back is computed again.
            let analysis: Option<String> = r.try_get(12)?;
            let analysis = analysis.and_then(|text| match serde_json::from_str(&text) {
                Ok(record) => Some(record),
                Err(e) => {
                    log::event(format!("game {id}: its analysis cannot be read back ({e})"));
                    None
                }
            });
            Ok(Some(ArchivedGame {
                id: as_u64(id),
                table: r.try_get(0)?,
                game,
                analysis,
            }))
        })
    }

    fn keep_analysis(
        &self,
        id: u64,
        analysis: &catboard::analysis::AnalysisRecord,
    ) -> Result<bool, StoreError> {
        let (text, id) = (json(analysis)?, as_i64(id));
        self.write(async |tx| {
            let kept = tx
                .execute(
                    "UPDATE games SET analysis = $1 WHERE id = $2",
                    &[&text, &id],
                )
                .await?;
            Ok(kept > 0)
        })
    }

    fn archive_page(
        &self,
        identity: Option<&str>,
        page: Page<u64>,
    ) -> Result<Vec<GameLine>, StoreError> {
        let after = page.after.map_or(i64::MAX, as_i64);
        let limit = count_of(page.limit);
        self.read(async |tx| {
            let mut lines = Vec::new();
            for r in tx
                .query(
                    "SELECT g.id, g.variant, g.result, g.termination, g.winner, g.retired,
                         g.rated, g.finished,
                         (SELECT string_agg(p.name, ' · ' ORDER BY p.seat)
                          FROM game_players p WHERE p.game = g.id)
                     FROM games g
                     WHERE g.id < $2 AND ($1::text IS NULL OR g.id IN
                         (SELECT DISTINCT game FROM game_players
                          WHERE identity = $1 AND game < $2 ORDER BY game DESC LIMIT $3))
                     ORDER BY g.id DESC LIMIT $3",
                    &[&identity, &after, &limit],
                )
                .await?
            {
                let variant: String = r.try_get(1)?;
                lines.push(GameLine {
                    id: as_u64(r.try_get(0)?),
                    termination: ending_at(&r, &variant, 3)?,
                    variant,
                    result: r.try_get(2)?,
                    rated: r.try_get(6)?,
                    finished: as_u64(r.try_get(7)?),
                    players: r.try_get::<_, Option<String>>(8)?.unwrap_or_default(),
                });
            }
            Ok(lines)
        })
    }

    fn ratings(&self, identities: &[&str], variant: &str) -> Result<Vec<Rating>, StoreError> {
        self.read(async |tx| {
            let mut out = Vec::with_capacity(identities.len());
            for identity in identities {
                out.push(rating_in(tx, identity, variant).await?);
            }
            Ok(out)
        })
    }

    fn rated_together(&self, a: &str, b: &str, since: u64) -> Result<usize, StoreError> {
        let since = as_i64(since);
        self.read(async |tx| {
            let count: i64 = tx
                .query_one(
                    "SELECT count(*) FROM games g
                     WHERE g.rated AND g.finished >= $3
                       AND EXISTS (SELECT 1 FROM game_players p
                                   WHERE p.game = g.id AND p.identity = $1)
                       AND EXISTS (SELECT 1 FROM game_players p
                                   WHERE p.game = g.id AND p.identity = $2)",
                    &[&a, &b, &since],
                )
                .await?
                .try_get(0)?;
            Ok(as_usize(count))
        })
    }

    fn leaderboard(
        &self,
        variant: &str,
        page: Page<Standing>,
    ) -> Result<Vec<Standing>, StoreError> {
        let after = page.after.as_ref();
        let (rating, games, identity) = (
            after.map(|s| s.rating.rating),
            after.map(|s| as_i64(s.games)),
            after.map(|s| s.identity.as_str()),
        );
        let limit = count_of(page.limit);
        self.read(async |tx| {
            let mut out = Vec::new();
            for r in tx
                .query(
                    "SELECT r.identity, coalesce(a.name, r.identity), r.rating, r.deviation,
                         r.volatility, r.games
                     FROM ratings r LEFT JOIN accounts a ON a.identity = r.identity
                     WHERE r.variant = $1 AND ($2::float8 IS NULL OR r.rating < $2
                         OR (r.rating = $2 AND (r.games < $3
                             OR (r.games = $3 AND r.identity > $4))))
                     ORDER BY r.rating DESC, r.games DESC, r.identity LIMIT $5",
                    &[&variant, &rating, &games, &identity, &limit],
                )
                .await?
            {
                out.push(Standing {
                    identity: r.try_get(0)?,
                    name: r.try_get(1)?,
                    rating: Rating {
                        rating: r.try_get(2)?,
                        deviation: r.try_get(3)?,
                        volatility: r.try_get(4)?,
                    },
                    games: as_u64(r.try_get(5)?),
                });
            }
            Ok(out)
        })
    }

    fn claim_name(&self, claim: &NameClaim<'_>) -> Result<Claim, StoreError> {
        // Most logins ask for a name their key holds: answered without
        // taking the accounts' lock. Its account's last sight is written
        // again only once it is SEEN_GRAIN old (or a 24th of the lapse).
        let grain = SEEN_GRAIN.min(claim.lapse / 24);
        let held = self.read(async |tx| {
            Ok(holder_of(tx, claim.folded)
                .await?
                .is_some_and(|(key, _)| key == claim.key)
                && seen_at(tx, claim.key)
                    .await?
                    .is_some_and(|seen| seen.saturating_add(grain) > claim.now))
        })?;
        if held {
            return Ok(Claim::Held);
        }
        let since = claim.now.saturating_sub(claim.lapse);
        let (now, since_kept) = (as_i64(claim.now), as_i64(since));
        self.write(async |tx| {
            hold(tx, Serial::Accounts).await?;
            let answer = match holder_of(tx, claim.folded).await? {
                Some((key, _)) if key == claim.key => Claim::Held,
                Some((_, held)) if claim.still_held(held) => return Ok(Claim::Taken),
                lapsed => {
                    if let Some((key, _)) = lapsed {
                        // Unused longer than the claim's lapse: free; the
                        // account that showed it shows its fallback name.
                        tx.execute("DELETE FROM names WHERE name = $1", &[&claim.folded])
                            .await?;
                        let shown: Option<String> = match tx
                            .query_opt("SELECT name FROM accounts WHERE identity = $1", &[&key])
                            .await?
                        {
                            Some(row) => Some(row.try_get(0)?),
                            None => None,
                        };
                        if shown.is_some_and(|n| names::folded(&n) == claim.folded) {
                            tx.execute(
                                "UPDATE accounts SET name = $1 WHERE identity = $2",
                                &[&names::fallback(&key), &key],
                            )
                            .await?;
                        }
                        log::event(format!(
                            "the name {} of {key} lapsed unused; it is free again",
                            catboard::text::quoted(claim.folded)
                        ));
                    }
                    let mut held = Vec::new();
                    for row in tx
                        .query(
                            "SELECT name FROM names WHERE key = $1 ORDER BY name",
                            &[&claim.key],
                        )
                        .await?
                    {
                        held.push(row.try_get(0)?);
                    }
                    if held.len() >= claim.per_key {
                        return Ok(Claim::KeyFull(held));
                    }
                    // Only the claims that lapse count: those of accounts
                    // that have not played, younger than their lapse.
                    let counted_since = as_i64(claim.counted_since());
                    let all: i64 = tx
                        .query_one(
                            "SELECT count(*) FROM names n JOIN accounts a ON a.identity = n.key
                             WHERE n.claimed >= $1 AND a.games = 0 AND a.last_seen >= $2",
                            &[&counted_since, &since_kept],
                        )
                        .await?
                        .try_get(0)?;
                    if usize::try_from(all).unwrap_or(usize::MAX) >= claim.most {
                        return Ok(Claim::BookFull);
                    }
                    tx.execute(
                        "INSERT INTO names (name, key, shown, claimed) VALUES ($1, $2, $3, $4)",
                        &[&claim.folded, &claim.key, &claim.name, &now],
                    )
                    .await?;
                    Claim::Claimed
                }
            };
            tx.execute(
                "INSERT INTO accounts (identity, name, first_seen, last_seen)
                 VALUES ($1, $2, $3, $3)
                 ON CONFLICT (identity) DO UPDATE
                     SET last_seen = greatest(accounts.last_seen, excluded.last_seen)",
                &[&claim.key, &claim.name, &now],
            )
            .await?;
            Ok(answer)
        })
    }

    fn account(&self, identity: &str) -> Result<Option<Account>, StoreError> {
        self.read(async |tx| {
            match tx
                .query_opt(
                    "SELECT name, first_seen, games FROM accounts WHERE identity = $1",
                    &[&identity],
                )
                .await?
            {
                Some(r) => Ok(Some(Account {
                    name: r.try_get(0)?,
                    first_seen: as_u64(r.try_get(1)?),
                    games: as_u64(r.try_get(2)?),
                })),
                None => Ok(None),
            }
        })
    }

    fn account_of_key(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.read(async |tx| {
            match tx
                .query_opt("SELECT identity FROM account_keys WHERE key = $1", &[&key])
                .await?
            {
                Some(r) => Ok(Some(r.try_get(0)?)),
                None => Ok(None),
            }
        })
    }

    fn link_key(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError> {
        let now = as_i64(now);
        self.write(async |tx| {
            hold(tx, Serial::Accounts).await?;
            if has_account(tx, key).await? {
                return Err(Conflict::KeyHasAccount.into());
            }
            let linked = tx
                .query_opt("SELECT 1 FROM account_keys WHERE key = $1", &[&key])
                .await?;
            if linked.is_some() {
                return Err(Conflict::KeyLinked.into());
            }
            if !has_account(tx, identity).await? {
                return Err(Conflict::NoAccount.into());
            }
            tx.execute(
                "INSERT INTO account_keys (key, identity, added, last_seen) VALUES ($1, $2, $3, $3)",
                &[&key, &identity, &now],
            )
            .await?;
            Ok(())
        })
    }

    fn unlink_key(&self, key: &str, identity: &str) -> Result<bool, StoreError> {
        self.write(async |tx| {
            Ok(tx
                .execute(
                    "DELETE FROM account_keys WHERE key = $1 AND identity = $2",
                    &[&key, &identity],
                )
                .await?
                > 0)
        })
    }

    fn keys(&self, identity: &str, most: usize) -> Result<Vec<AccountKey>, StoreError> {
        let linked = as_i64(most.saturating_sub(1) as u64);
        self.read(async |tx| {
            let Some(first) = tx
                .query_opt(
                    "SELECT first_seen, greatest(key_seen, first_seen) FROM accounts WHERE identity = $1",
                    &[&identity],
                )
                .await?
                .filter(|_| most > 0)
            else {
                return Ok(Vec::new());
            };
            let mut keys = vec![AccountKey {
                key: identity.to_string(),
                first_seen: as_u64(first.try_get(0)?),
                last_seen: as_u64(first.try_get(1)?),
                first: true,
            }];
            for row in tx
                .query(
                    "SELECT key, added, last_seen FROM account_keys WHERE identity = $1
                     ORDER BY added, key LIMIT $2",
                    &[&identity, &linked],
                )
                .await?
            {
                keys.push(AccountKey {
                    key: row.try_get(0)?,
                    first_seen: as_u64(row.try_get(1)?),
                    last_seen: as_u64(row.try_get(2)?),
                    first: false,
                });
            }
            Ok(keys)
        })
    }

    fn key_seen(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError> {
        let now = as_i64(now);
        self.write(async |tx| {
            let ours = if key == identity {
                tx.execute(
                    "UPDATE accounts SET key_seen = greatest(key_seen, $2) WHERE identity = $1",
                    &[&identity, &now],
                )
                .await?
            } else {
                tx.execute(
                    "UPDATE account_keys SET last_seen = greatest(last_seen, $3)
                     WHERE identity = $1 AND key = $2",
                    &[&identity, &key, &now],
                )
                .await?
            };
            if ours > 0 {
                tx.execute(
                    "UPDATE accounts SET last_seen = greatest(last_seen, $2) WHERE identity = $1",
                    &[&identity, &now],
                )
                .await?;
            }
            Ok(())
        })
    }

    fn reserve_guests(&self, count: u64) -> Result<u64, StoreError> {
        let asked = as_i64(count);
        self.write(async |tx| {
            let end: i64 = tx
                .query_one(
                    "INSERT INTO counters (name, value) VALUES ('guests', 1 + $1::bigint)
                     ON CONFLICT (name) DO UPDATE
                         SET value = greatest(counters.value, 1) + $1::bigint
                     RETURNING value",
                    &[&asked],
                )
                .await?
                .try_get(0)?;
            Ok(as_u64(end).saturating_sub(count))
        })
    }

    fn puzzle_standings(
        &self,
        identity: &str,
    ) -> Result<Vec<(String, PuzzleStanding)>, StoreError> {
        self.read_puzzle_standings(identity)
    }

    fn puzzle_ratings(&self, variant: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        self.read_puzzle_ratings(variant)
    }

    fn keep_puzzle(
        &self,
        attempt: &PuzzleAttempt<'_>,
    ) -> Result<(PuzzleStanding, Rating), StoreError> {
        self.write_puzzle(attempt)
    }
}
