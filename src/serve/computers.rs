//! Computer seats at shared tables: each search runs on a worker thread,
//! and a server-wide budget caps how many think at once, so one table
//! cannot starve the rest (a search waits for a free slot).

use super::log;
use catboard::core::{Game, Move};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Condvar, Mutex, PoisonError};

/// A cap on the searches running at once.
#[derive(Debug)]
pub struct Budget {
    running: Mutex<usize>,
    freed: Condvar,
    cap: usize,
}

/// A search's place in the budget, given back when dropped.
pub struct Slot<'a>(&'a Budget);

impl Budget {
    /// A budget of `cap` searches at once (at least one).
    pub fn new(cap: usize) -> Budget {
        Budget {
            running: Mutex::new(0),
            freed: Condvar::new(),
            cap: cap.max(1),
        }
    }

    /// Waits for a free slot and takes it.
    pub fn acquire(&self) -> Slot<'_> {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        while *running >= self.cap {
            running = self
                .freed
                .wait(running)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *running += 1;
        Slot(self)
    }

    /// How many searches hold a slot now.
    #[cfg(test)]
    pub fn running(&self) -> usize {
        *self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let mut running = self
            .0
            .running
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        *running -= 1;
        self.0.freed.notify_one();
    }
}

/// Starts the search for the computer to move at table `name`, at ply
/// `ply`, on a worker thread, once `budget` has a slot free; `played`
/// hears of its move (a legal one) when it ends.
pub fn start(
    budget: Arc<Budget>,
    name: &str,
    ply: usize,
    game: catboard::variants::AnyGame,
    limits: catboard::ai::Limits,
    played: impl FnOnce(Move) + Send + 'static,
) {
    let name = name.to_string();
    let spawned = std::thread::Builder::new()
        .name(format!("table-{name}"))
        .spawn(move || {
            let thought = {
                let _slot = budget.acquire();
                catboard::ai::think(&game, &limits, &AtomicBool::new(false), |_| {})
            };
            let Some(mv) = thought
                .best
                .filter(|mv| game.legal_move_list().contains(mv))
            else {
                log::event(format!(
                    "table {name}: the computer found no move at ply {ply}"
                ));
                return;
            };
            played(mv);
        });
    if let Err(e) = spawned {
        log::event(format!("table: could not start a computer search: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_holds_a_search_until_a_slot_is_free() {
        let budget = Arc::new(Budget::new(1));
        let first = budget.acquire();
        let (tx, rx) = std::sync::mpsc::channel();
        let waiting = budget.clone();
        let handle = std::thread::spawn(move || {
            let _slot = waiting.acquire();
            let _ = tx.send(());
        });
        let wait = std::time::Duration::from_millis(200);
        assert!(rx.recv_timeout(wait).is_err(), "the second search waits");
        assert_eq!(budget.running(), 1);
        drop(first);
        assert!(rx.recv_timeout(std::time::Duration::from_secs(5)).is_ok());
        let _ = handle.join();
        assert_eq!(budget.running(), 0);
    }
}
