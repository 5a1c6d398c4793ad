//! Computer seats at shared tables: a fixed pool of search threads (the
//! server-wide `--searches`) shared fairly by the people who made the
//! tables. Waiting searches are taken in turn by owner, round robin, and
//! no owner has more than half the threads at once, so ten Master tables
//! of one guest take their turns beside everybody else's instead of
//! ahead of them.

use super::log;
use catboard::core::{Game, Move};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// A search waiting for a thread.
pub struct Job {
    /// Whose turn it takes ([`super::identity::Who::person`] of the table's maker).
    pub owner: String,
    /// Not to start before this (a pause after a computer's move, so a
    /// person watching can follow).
    pub not_before: Instant,
    /// The search, and what to do with its move.
    pub run: Box<dyn FnOnce() + Send>,
}

/// The waiting searches by owner, and who runs how many.
#[derive(Default)]
struct Queue {
    waiting: HashMap<String, VecDeque<Job>>,
    /// Each owner with searches waiting, once, in the order their turns come.
    order: VecDeque<String>,
    running: HashMap<String, usize>,
}

/// The pool of search threads.
pub struct Searches {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// The most searches one owner runs at once.
    per_owner: usize,
}

impl std::fmt::Debug for Searches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searches")
            .field("per_owner", &self.per_owner)
            .finish_non_exhaustive()
    }
}

impl Searches {
    /// A pool of `threads` search threads (at least one), started now.
    pub fn start(threads: usize) -> Arc<Searches> {
        let threads = threads.max(1);
        let searches = Searches::idle(threads);
        for n in 0..threads {
            let pool = searches.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("search-{n}"))
                .spawn(move || {
                    loop {
                        let (owner, job) = pool.next();
                        (job.run)();
                        pool.finished(&owner);
                    }
                });
            if let Err(e) = spawned {
                log::event(format!("could not start a search thread: {e}"));
            }
        }
        searches
    }

    /// The pool's queue, for `threads` threads started elsewhere.
    fn idle(threads: usize) -> Arc<Searches> {
        Arc::new(Searches {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            per_owner: threads.max(1).div_ceil(2),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `job` behind its owner's other searches.
    pub fn submit(&self, job: Job) {
        let mut queue = self.lock();
        let owner = job.owner.clone();
        let waiting = queue.waiting.entry(owner.clone()).or_default();
        waiting.push_back(job);
        if waiting.len() == 1 {
            queue.order.push_back(owner);
        }
        drop(queue);
        self.ready.notify_all();
    }

    /// Waits for the next search whose turn it is, and marks it running.
    fn next(&self) -> (String, Job) {
        let mut queue = self.lock();
        loop {
            let soonest = match self.pick(&mut queue, Instant::now()) {
                Ok(next) => return next,
                Err(soonest) => soonest,
            };
            queue = match soonest {
                Some(at) => {
                    let wait = at.saturating_duration_since(Instant::now());
                    self.ready
                        .wait_timeout(queue, wait)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0
                }
                None => self
                    .ready
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner),
            };
        }
    }

    /// The search whose turn it is at `now`, marked running: the first
    /// owner in turn below the cap whose next search may start. Else when
    /// the soonest one may.
    fn pick(&self, queue: &mut Queue, now: Instant) -> Result<(String, Job), Option<Instant>> {
        let mut soonest: Option<Instant> = None;
        let mut chosen = None;
        for (i, owner) in queue.order.iter().enumerate() {
            if queue.running.get(owner).copied().unwrap_or(0) >= self.per_owner {
                continue;
            }
            let Some(front) = queue.waiting.get(owner).and_then(|w| w.front()) else {
                continue;
            };
            if front.not_before <= now {
                chosen = Some(i);
                break;
            }
            soonest = Some(soonest.map_or(front.not_before, |s| s.min(front.not_before)));
        }
        let owner = chosen.and_then(|i| queue.order.remove(i)).ok_or(soonest)?;
        let waiting = queue.waiting.get_mut(&owner).ok_or(soonest)?;
        let job = waiting.pop_front().ok_or(soonest)?;
        if waiting.is_empty() {
            queue.waiting.remove(&owner);
        } else {
            queue.order.push_back(owner.clone());
        }
        *queue.running.entry(owner.clone()).or_default() += 1;
        Ok((owner, job))
    }

    /// One of `owner`'s searches has ended.
    fn finished(&self, owner: &str) {
        let mut queue = self.lock();
        if let Some(n) = queue.running.get_mut(owner) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                queue.running.remove(owner);
            }
        }
        drop(queue);
        self.ready.notify_all();
    }
}

/// The move the computer plays in `game` within `limits`; `None` when it
/// finds none, or its search failed (both logged; a search that panics
/// does not take its thread with it).
pub fn search(
    table: &str,
    game: &catboard::variants::AnyGame,
    limits: &catboard::ai::Limits,
) -> Option<Move> {
    let thinking = std::panic::AssertUnwindSafe(|| {
        catboard::ai::think(game, limits, &AtomicBool::new(false), |_| {})
    });
    let Ok(thought) = std::panic::catch_unwind(thinking) else {
        log::event(format!("table {table}: the computer's search failed"));
        return None;
    };
    let found = thought
        .best
        .filter(|mv| game.legal_move_list().contains(mv));
    if found.is_none() {
        log::event(format!("table {table}: the computer found no move"));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    fn job(owner: &str, tag: &str, ran: &mpsc::Sender<String>) -> Job {
        let (ran, tag) = (ran.clone(), tag.to_string());
        Job {
            owner: owner.into(),
            not_before: Instant::now(),
            run: Box::new(move || {
                let _ = ran.send(tag);
            }),
        }
    }

    /// Takes the next search and runs it: its tag, or `None`.
    fn run_next(pool: &Searches, ran: &mpsc::Receiver<String>) -> Option<String> {
        let now = Instant::now() + Duration::from_secs(1);
        let picked = pool.pick(&mut pool.lock(), now).ok()?;
        (picked.1.run)();
        ran.try_recv().ok()
    }

    #[test]
    fn owners_take_turns_and_a_late_comer_goes_before_a_heavy_owners_rest() {
        let pool = Searches::idle(1);
        let (tx, ran) = mpsc::channel();
        for (owner, tag) in [
            ("a", "a1"),
            ("a", "a2"),
            ("a", "a3"),
            ("b", "b1"),
            ("a", "a4"),
            ("c", "c1"),
        ] {
            pool.submit(job(owner, tag, &tx));
        }
        let mut order = Vec::new();
        while let Some(tag) = run_next(&pool, &ran) {
            let owner = tag[..1].to_string();
            pool.finished(&owner);
            order.push(tag);
        }
        assert_eq!(order, ["a1", "b1", "c1", "a2", "a3", "a4"]);
    }

    #[test]
    fn one_owner_never_holds_more_than_half_the_threads() {
        let pool = Searches::idle(2);
        let (tx, ran) = mpsc::channel();
        for tag in ["a1", "a2", "a3"] {
            pool.submit(job("a", tag, &tx));
        }
        assert_eq!(run_next(&pool, &ran).as_deref(), Some("a1"));
        // a1 is still running (not finished): a may not take the second thread.
        assert_eq!(run_next(&pool, &ran), None);
        pool.submit(job("b", "b1", &tx));
        assert_eq!(run_next(&pool, &ran).as_deref(), Some("b1"));
        pool.finished("a");
        assert_eq!(run_next(&pool, &ran).as_deref(), Some("a2"));
    }

    #[test]
    fn a_search_waits_for_its_start_time_on_the_threads() {
        let pool = Searches::start(1);
        let (tx, rx) = mpsc::channel();
        let at = Instant::now() + Duration::from_millis(300);
        pool.submit(Job {
            owner: "a".into(),
            not_before: at,
            run: Box::new(move || {
                let _ = tx.send(Instant::now());
            }),
        });
        let ran = rx.recv_timeout(Duration::from_secs(10)).expect("it runs");
        assert!(ran >= at, "not before its time");
    }
}
