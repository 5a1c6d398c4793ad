//! Puzzles at the server: the starter sets shipped with catboard
//! ([`catboard::puzzle::starter`]), each puzzle's rating as the store
//! keeps it, and each account's puzzle standing (Glicko-2 rating,
//! streak) per variant, rated and kept by the store
//! ([`Store::keep_puzzle`](crate::serve::store::Store::keep_puzzle)).
//! A puzzle's solution is stored with it, so solving costs no search;
//! what an attempt costs is one write, and an account has at most
//! [`PUZZLES_RATED`] rated in [`PUZZLE_WINDOW`]. A guest solves too, and
//! its rating lasts the connection.

use super::{Shared, lock};
use crate::serve::identity::Who;
use crate::serve::limits::{PUZZLE_WINDOW, PUZZLES_RATED};
use crate::serve::quota::{self, Quota};
use crate::serve::store::{PuzzleAttempt, PuzzleStanding};
use crate::session::puzzles::Finished;
use catboard::puzzle::{self, Puzzle};
use catboard::rating::Rating;
use catboard::variants::Variant;
use std::collections::HashMap;
use std::sync::Mutex;

/// The puzzles the server sets, and the attempts each account had rated
/// lately.
#[derive(Debug)]
pub struct Puzzles {
    /// Each variant's set as read (by identifier), its ratings as kept.
    sets: Mutex<HashMap<&'static str, Vec<Puzzle>>>,
    /// The attempts rated lately, by account.
    rated: Mutex<Quota>,
}

impl Default for Puzzles {
    fn default() -> Puzzles {
        Puzzles {
            sets: Mutex::new(HashMap::new()),
            rated: Mutex::new(Quota::new(PUZZLES_RATED, PUZZLE_WINDOW)),
        }
    }
}

/// Why a guest's puzzles are not kept (the session's lobby says it).
pub use crate::session::lobby::GUEST_PUZZLES;

impl Shared {
    /// The puzzles of `variant`: its starter set, each with its rating as
    /// the store keeps it (the set's own for one never tried here). The
    /// set is read once; the ratings are the store's, read with it and
    /// moved with every attempt kept.
    pub fn puzzle_set(&self, variant: Variant) -> Result<Vec<Puzzle>, String> {
        let mut sets = lock(&self.puzzles.sets);
        if let Some(set) = sets.get(variant.id()) {
            return Ok(set.clone());
        }
        let mut set = puzzle::read_file(variant, puzzle::starter::text(variant))
            .map_err(|e| e.to_string())?;
        if set.is_empty() {
            return Err(format!("There are no puzzles of {} here.", variant.name()));
        }
        let kept: HashMap<String, Rating> = self
            .store
            .puzzle_ratings(variant.id())
            .map_err(|e| format!("The puzzles' ratings could not be read: {e}"))?
            .into_iter()
            .collect();
        for p in &mut set {
            if let Some(r) = kept.get(&p.id) {
                p.rating = *r;
            }
        }
        sets.insert(variant.id(), set.clone());
        Ok(set)
    }

    /// `who`'s puzzle standing in each variant tried (nothing for a
    /// guest, whose standing is not kept).
    pub fn puzzle_standings(&self, who: &Who) -> Result<Vec<(String, PuzzleStanding)>, String> {
        if who.guest {
            return Ok(Vec::new());
        }
        self.store
            .puzzle_standings(&who.identity)
            .map_err(|e| format!("Your puzzle ratings could not be read: {e}"))
    }

    /// Rates and keeps `who`'s attempt `finished` at a puzzle of
    /// `variant`: the standing and the puzzle's rating after it. Refused
    /// in one sentence to a guest, past [`PUZZLES_RATED`] attempts in
    /// [`PUZZLE_WINDOW`] (counted before the store is written), and when
    /// the store fails.
    pub fn keep_puzzle(
        &self,
        who: &Who,
        variant: Variant,
        finished: &Finished,
    ) -> Result<(PuzzleStanding, Rating), String> {
        if who.guest {
            return Err(GUEST_PUZZLES.to_string());
        }
        {
            let now = self.time.now();
            let mut rated = lock(&self.puzzles.rated);
            if let Err(wait) = rated.check(&who.identity, now) {
                return Err(format!(
                    "Not rated: at most {PUZZLES_RATED} puzzles a minute are; the next is in {}.",
                    quota::wait_words(wait)
                ));
            }
            rated.take(&who.identity, now);
        }
        let start = lock(&self.puzzles.sets)
            .get(variant.id())
            .and_then(|set| set.iter().find(|p| p.id == finished.puzzle))
            .map_or(finished.rating, |p| p.rating);
        let (standing, rating) = self
            .store
            .keep_puzzle(&PuzzleAttempt {
                identity: &who.identity,
                variant: variant.id(),
                puzzle: &finished.puzzle,
                start,
                won: finished.won,
            })
            .map_err(|e| format!("Your puzzle rating could not be kept: {e}"))?;
        if let Some(p) = lock(&self.puzzles.sets)
            .get_mut(variant.id())
            .and_then(|set| set.iter_mut().find(|p| p.id == finished.puzzle))
        {
            p.rating = rating;
        }
        Ok((standing, rating))
    }
}
