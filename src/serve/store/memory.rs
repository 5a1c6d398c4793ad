//! The store kept in memory: the second implementation of [`Store`],
//! which passes the same test suite ([`super::suite`]) as SQLite and so
//! shows the trait says all a store must do. Each method checks first
//! and changes after, under one lock, so it is one transaction.

use super::{
    Account, AccountKey, ArchivedGame, Claim, Conflict, FinishedGame, GameLine, KeptMove,
    NameClaim, NameHolder, PUZZLES_KEPT, Page, PuzzleAttempt, PuzzleStanding, SeatsRecord,
    Standing, Store, StoreError, StoredTable, rate, rated_identities, with_moves,
};
use crate::session::save::SavedGame;
use catboard::analysis::AnalysisRecord;
use catboard::rating::Rating;
use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Everything kept, in memory.
#[derive(Debug, Default)]
pub struct MemoryStore {
    state: Mutex<State>,
}

/// A table in play.
#[derive(Debug)]
struct Live {
    game: SavedGame,
    seats: SeatsRecord,
    moves: Vec<KeptMove>,
    touched: u64,
}

impl Live {
    fn kept(&self) -> usize {
        self.moves.last().map_or(self.game.moves.len(), |m| m.ply)
    }
}

#[derive(Debug, Default)]
struct State {
    tables: BTreeMap<String, Live>,
    touched: u64,
    /// Each name claimed (folded), its key and when it claimed it.
    names: BTreeMap<String, (String, u64)>,
    accounts: BTreeMap<String, Account>,
    /// When each account was last seen (a login, a finished game).
    seen: BTreeMap<String, u64>,
    /// Each key linked, and its account.
    keys: BTreeMap<String, String>,
    /// Each key's first and last sight: a linked key's, and an
    /// account's first key's.
    sights: BTreeMap<String, (u64, u64)>,
    /// Each account's rating in each variant, and its rated games.
    ratings: BTreeMap<(String, String), (Rating, u64)>,
    /// The archive: game `n` at `n - 1`.
    games: Vec<ArchivedGame>,
    /// The first guest number not set aside.
    guests: u64,
    /// Each account's puzzle standing in each variant.
    puzzle_standings: BTreeMap<(String, String), PuzzleStanding>,
    /// Each puzzle's rating, by variant and identifier.
    puzzle_ratings: BTreeMap<(String, String), Rating>,
}

impl MemoryStore {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl State {
    fn table(&mut self, name: &str) -> Result<&mut Live, StoreError> {
        self.tables
            .get_mut(name)
            .ok_or(StoreError::Conflict(Conflict::NoTable))
    }

    fn rating(&self, identity: &str, variant: &str) -> Rating {
        self.ratings
            .get(&(identity.to_string(), variant.to_string()))
            .map_or_else(Rating::default, |(r, _)| *r)
    }

    /// Account `identity` is seen at `now` (a later sight kept).
    fn saw(&mut self, identity: &str, now: u64) {
        let seen = self.seen.entry(identity.to_string()).or_insert(now);
        *seen = (*seen).max(now);
    }

    /// What is kept of key `key`, which claimed a name at `claimed`.
    fn holder(&self, key: &str, claimed: u64) -> NameHolder {
        NameHolder {
            claimed,
            account: self.accounts.get(key).map(|account| {
                let seen = self.seen.get(key).copied().unwrap_or(account.first_seen);
                (seen, account.games)
            }),
        }
    }

    fn open_account(&mut self, identity: &str, name: &str, now: u64) {
        self.accounts
            .entry(identity.to_string())
            .or_insert_with(|| Account {
                name: name.to_string(),
                first_seen: now,
                games: 0,
            });
    }
}

impl Store for MemoryStore {
    fn tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let state = self.state();
        let mut live: Vec<(&String, &Live)> = state.tables.iter().collect();
        live.sort_by_key(|(_, t)| std::cmp::Reverse(t.touched));
        Ok(live
            .into_iter()
            .map(|(name, t)| StoredTable {
                name: name.clone(),
                game: Ok(with_moves(name, t.game.clone(), t.moves.clone())),
                seats: Some(t.seats.clone()),
            })
            .collect())
    }

    fn open_table(
        &self,
        name: &str,
        game: &SavedGame,
        seats: &SeatsRecord,
    ) -> Result<(), StoreError> {
        let mut state = self.state();
        if state.tables.contains_key(name) {
            return Err(Conflict::TableExists.into());
        }
        state.touched += 1;
        let touched = state.touched;
        state.tables.insert(
            name.to_string(),
            Live {
                game: game.clone(),
                seats: seats.clone(),
                moves: Vec::new(),
                touched,
            },
        );
        Ok(())
    }

    fn save_game(&self, name: &str, game: &SavedGame) -> Result<(), StoreError> {
        let mut state = self.state();
        state.touched += 1;
        let touched = state.touched;
        let table = state.table(name)?;
        table.game = game.clone();
        table.moves.clear();
        table.touched = touched;
        Ok(())
    }

    fn record_move(
        &self,
        name: &str,
        ply: usize,
        text: &str,
        clock_ms: Option<u64>,
    ) -> Result<(), StoreError> {
        let mut state = self.state();
        let table = state.table(name)?;
        let kept = table.kept();
        if ply != kept + 1 {
            return Err(Conflict::NotNextMove { kept }.into());
        }
        table.moves.push(KeptMove {
            ply,
            text: text.to_string(),
            clock_ms,
        });
        Ok(())
    }

    fn save_seats(&self, name: &str, seats: &SeatsRecord) -> Result<(), StoreError> {
        self.state().table(name)?.seats = seats.clone();
        Ok(())
    }

    fn drop_table(&self, name: &str) -> Result<bool, StoreError> {
        Ok(self.state().tables.remove(name).is_some())
    }

    fn finish_game(&self, name: &str, game: &FinishedGame) -> Result<ArchivedGame, StoreError> {
        let mut state = self.state();
        state.table(name)?;
        let mut game = game.clone();
        let before = rated_identities(&game).map(|ids| {
            ids.iter()
                .map(|id| state.rating(id, &game.variant))
                .collect::<Vec<_>>()
        });
        rate(&mut game, before);
        for player in &game.players {
            let Some(identity) = &player.identity else {
                continue;
            };
            state.open_account(identity, &player.name, game.finished);
            state.saw(identity, game.finished);
            if let Some(account) = state.accounts.get_mut(identity) {
                account.games += game.counted();
            }
            if let Some(after) = player.after {
                let entry = state
                    .ratings
                    .entry((identity.clone(), game.variant.clone()))
                    .or_insert((after, 0));
                *entry = (after, entry.1 + 1);
            }
        }
        state.tables.remove(name);
        let archived = ArchivedGame {
            id: state.games.len() as u64 + 1,
            table: name.to_string(),
            game,
            analysis: None,
        };
        state.games.push(archived.clone());
        Ok(archived)
    }

    fn rated_together(&self, a: &str, b: &str, since: u64) -> Result<usize, StoreError> {
        let state = self.state();
        let has = |game: &FinishedGame, id: &str| {
            game.players
                .iter()
                .any(|p| p.identity.as_deref() == Some(id))
        };
        Ok(state
            .games
            .iter()
            .map(|archived| &archived.game)
            .filter(|g| g.rated && g.finished >= since && has(g, a) && has(g, b))
            .count())
    }

    fn archived(&self, id: u64) -> Result<Option<ArchivedGame>, StoreError> {
        let state = self.state();
        let at = usize::try_from(id).ok().and_then(|id| id.checked_sub(1));
        let mut game = at.and_then(|at| state.games.get(at)).cloned();
        // The archive keeps a rating and its deviation, not its volatility.
        for player in game.iter_mut().flat_map(|g| g.game.players.iter_mut()) {
            for rating in [&mut player.before, &mut player.after]
                .into_iter()
                .flatten()
            {
                rating.volatility = 0.0;
            }
        }
        Ok(game)
    }

    fn keep_analysis(&self, id: u64, analysis: &AnalysisRecord) -> Result<bool, StoreError> {
        let mut state = self.state();
        let at = usize::try_from(id).ok().and_then(|id| id.checked_sub(1));
        let Some(game) = at.and_then(|at| state.games.get_mut(at)) else {
            return Ok(false);
        };
        game.analysis = Some(analysis.clone());
        Ok(true)
    }

    fn archive_page(
        &self,
        identity: Option<&str>,
        page: Page<u64>,
    ) -> Result<Vec<GameLine>, StoreError> {
        let state = self.state();
        Ok(state
            .games
            .iter()
            .rev()
            .filter(|g| page.after.is_none_or(|after| g.id < after))
            .filter(|g| {
                identity.is_none_or(|id| {
                    g.game
                        .players
                        .iter()
                        .any(|p| p.identity.as_deref() == Some(id))
                })
            })
            .take(page.limit)
            .map(|g| GameLine {
                id: g.id,
                variant: g.game.variant.clone(),
                players: g
                    .game
                    .players
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(" · "),
                result: g.game.result.clone(),
                termination: g.game.termination,
                rated: g.game.rated,
                finished: g.game.finished,
            })
            .collect())
    }

    fn ratings(&self, identities: &[&str], variant: &str) -> Result<Vec<Rating>, StoreError> {
        let state = self.state();
        Ok(identities
            .iter()
            .map(|id| state.rating(id, variant))
            .collect())
    }

    fn leaderboard(
        &self,
        variant: &str,
        page: Page<Standing>,
    ) -> Result<Vec<Standing>, StoreError> {
        let state = self.state();
        let mut board: Vec<Standing> = state
            .ratings
            .iter()
            .filter(|((_, v), _)| v == variant)
            .map(|((identity, _), (rating, games))| Standing {
                identity: identity.clone(),
                name: state
                    .accounts
                    .get(identity)
                    .map_or_else(|| identity.clone(), |a| a.name.clone()),
                rating: *rating,
                games: *games,
            })
            .collect();
        let order = |a: &Standing, b: &Standing| {
            b.rating
                .rating
                .total_cmp(&a.rating.rating)
                .then(b.games.cmp(&a.games))
                .then(a.identity.cmp(&b.identity))
        };
        board.sort_by(order);
        Ok(board
            .into_iter()
            .filter(|s| {
                page.after
                    .as_ref()
                    .is_none_or(|after| order(after, s).is_lt())
            })
            .take(page.limit)
            .collect())
    }

    fn claim_name(&self, claim: &NameClaim<'_>) -> Result<Claim, StoreError> {
        let mut state = self.state();
        let holder = state.names.get(claim.folded).cloned();
        let answer = match holder {
            Some((key, _)) if key == claim.key => Claim::Held,
            Some((key, at)) if claim.still_held(state.holder(&key, at)) => {
                return Ok(Claim::Taken);
            }
            lapsed => {
                // A lapsed name passes on: the account that showed it
                // shows its fallback name, so no two accounts show one.
                if let Some((old, _)) = lapsed
                    && let Some(account) = state.accounts.get_mut(&old)
                    && crate::serve::names::folded(&account.name) == claim.folded
                {
                    account.name = crate::serve::names::fallback(&old);
                }
                let held: Vec<String> = state
                    .names
                    .iter()
                    .filter(|(_, (key, _))| key == claim.key)
                    .map(|(name, _)| name.clone())
                    .collect();
                if held.len() >= claim.per_key {
                    return Ok(Claim::KeyFull(held));
                }
                // Only the claims that lapse count: those of accounts
                // that have not played, younger than their lapse.
                let counted = state
                    .names
                    .values()
                    .filter(|(key, at)| {
                        let holder = state.holder(key, *at);
                        holder.account.is_some_and(|(_, games)| games == 0)
                            && claim.still_held(holder)
                    })
                    .count();
                if counted >= claim.most {
                    return Ok(Claim::BookFull);
                }
                state
                    .names
                    .insert(claim.folded.to_string(), (claim.key.to_string(), claim.now));
                Claim::Claimed
            }
        };
        state.open_account(claim.key, claim.name, claim.now);
        state.saw(claim.key, claim.now);
        Ok(answer)
    }

    fn account(&self, identity: &str) -> Result<Option<Account>, StoreError> {
        Ok(self.state().accounts.get(identity).cloned())
    }

    fn account_of_key(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.state().keys.get(key).cloned())
    }

    fn link_key(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError> {
        let mut state = self.state();
        let conflict = if state.accounts.contains_key(key) {
            Some(Conflict::KeyHasAccount)
        } else if state.keys.contains_key(key) {
            Some(Conflict::KeyLinked)
        } else if !state.accounts.contains_key(identity) {
            Some(Conflict::NoAccount)
        } else {
            None
        };
        if let Some(conflict) = conflict {
            return Err(conflict.into());
        }
        state.keys.insert(key.to_string(), identity.to_string());
        state.sights.insert(key.to_string(), (now, now));
        Ok(())
    }

    fn unlink_key(&self, key: &str, identity: &str) -> Result<bool, StoreError> {
        let mut state = self.state();
        if state.keys.get(key).map(String::as_str) != Some(identity) {
            return Ok(false);
        }
        state.keys.remove(key);
        state.sights.remove(key);
        Ok(true)
    }

    fn keys(&self, identity: &str, most: usize) -> Result<Vec<AccountKey>, StoreError> {
        let state = self.state();
        let Some(account) = state.accounts.get(identity).filter(|_| most > 0) else {
            return Ok(Vec::new());
        };
        let sight = |key: &str, or: u64| state.sights.get(key).map_or(or, |s| s.1);
        let mut keys = vec![AccountKey {
            key: identity.to_string(),
            first_seen: account.first_seen,
            last_seen: sight(identity, account.first_seen),
            first: true,
        }];
        let mut linked: Vec<AccountKey> = state
            .keys
            .iter()
            .filter(|(_, of)| *of == identity)
            .map(|(key, _)| {
                let (first_seen, last_seen) = state.sights.get(key).copied().unwrap_or_default();
                AccountKey {
                    key: key.clone(),
                    first_seen,
                    last_seen,
                    first: false,
                }
            })
            .collect();
        linked.sort_by(|a, b| (a.first_seen, &a.key).cmp(&(b.first_seen, &b.key)));
        keys.extend(linked.into_iter().take(most - 1));
        Ok(keys)
    }

    fn key_seen(&self, key: &str, identity: &str, now: u64) -> Result<(), StoreError> {
        let mut state = self.state();
        let ours = if key == identity {
            state.accounts.contains_key(identity)
        } else {
            state.keys.get(key).map(String::as_str) == Some(identity)
        };
        if ours {
            let sight = state.sights.entry(key.to_string()).or_insert((now, now));
            sight.1 = sight.1.max(now);
            state.saw(identity, now);
        }
        Ok(())
    }

    fn reserve_guests(&self, count: u64) -> Result<u64, StoreError> {
        let mut state = self.state();
        let first = state.guests.max(1);
        state.guests = first.saturating_add(count);
        Ok(first)
    }

    fn puzzle_standings(
        &self,
        identity: &str,
    ) -> Result<Vec<(String, PuzzleStanding)>, StoreError> {
        Ok(self
            .state()
            .puzzle_standings
            .iter()
            .filter(|((who, _), _)| who == identity)
            .map(|((_, variant), s)| (variant.clone(), *s))
            .collect())
    }

    fn puzzle_ratings(&self, variant: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        Ok(self
            .state()
            .puzzle_ratings
            .iter()
            .filter(|((v, _), _)| v == variant)
            .take(PUZZLES_KEPT)
            .map(|((_, id), r)| (id.clone(), *r))
            .collect())
    }

    fn keep_puzzle(
        &self,
        attempt: &PuzzleAttempt<'_>,
    ) -> Result<(PuzzleStanding, Rating), StoreError> {
        let mut state = self.state();
        let who = (attempt.identity.to_string(), attempt.variant.to_string());
        let puzzle = (attempt.variant.to_string(), attempt.puzzle.to_string());
        let before = state
            .puzzle_standings
            .get(&who)
            .copied()
            .unwrap_or_default();
        let rating = state
            .puzzle_ratings
            .get(&puzzle)
            .copied()
            .unwrap_or(attempt.start);
        let (standing, rating) = before.after(rating, attempt.won);
        state.puzzle_standings.insert(who, standing);
        state.puzzle_ratings.insert(puzzle, rating);
        Ok((standing, rating))
    }
}

#[cfg(test)]
mod tests {
    use super::MemoryStore;
    use crate::serve::store::suite::{Subject, store_suite};
    use std::sync::Arc;

    store_suite!(((), Arc::new(MemoryStore::default()) as Subject));
}
