//! The hub is the time authority of its tables: each turn is timed on
//! the hub's own clock ([`Shared::time`](super::Shared)), a move is
//! charged the time the hub measured, and a flag falls on the hub's tick
//! when the seat to move runs out, whatever its players' screens do. When
//! the server stops, each timed table keeps the time its seat to move has
//! spent so far, so a restart goes on from there without counting the
//! time it was down.

use super::{RoomCell, Shared, lock};
use crate::serve::log;
use catboard::core::{Game, Retire};

impl Shared {
    /// Lets the flag fall at every table whose seat to move has run out
    /// of time, or has not started the game in time (every
    /// [`crate::serve::limits::LOBBY_TICK`]; [`crate::serve::room::Room::due_flag`]).
    pub(super) fn fall_flags(&self) {
        let now = self.time.now();
        let due: Vec<String> = lock(&self.rooms)
            .iter()
            .filter(|(_, c)| {
                lock(&c.room)
                    .due_flag(now, self.limits.first_move_wait)
                    .is_some()
            })
            .map(|(n, _)| n.clone())
            .collect();
        for name in due {
            if let Some(cell) = self.cell(&name) {
                self.flag(&name, &cell);
            }
        }
    }

    /// The flag of the seat to move at table `name` falls, when its time
    /// is still out once the table's writer lock is held (by the table
    /// policy, [`crate::serve::room::Room::due_flag`]): played, kept
    /// and told like any ply. A flag that cannot be kept is tried again
    /// at the next tick.
    fn flag(&self, name: &str, cell: &RoomCell) {
        let _writing = lock(&cell.writer);
        let (next, text) = {
            let room = lock(&cell.room);
            let Some(flag) = room.due_flag(self.time.now(), self.limits.first_move_wait) else {
                return;
            };
            let mut next = room.table.clone();
            if let Err(e) = next.retire(flag) {
                log::event(format!("table {name}: the flag could not fall: {e}"));
                return;
            }
            (next, room.table.game().move_text(flag.to_move()))
        };
        match self.keep(name, cell, &next, &text) {
            Ok(archived) => {
                let fell = next
                    .last_move()
                    .and_then(Retire::of)
                    .map(|r| r.words(next.game().seat_names()))
                    .unwrap_or_default();
                log::event(format!("table {name}: {fell}"));
                self.moved(name, cell, next, log::Cause::Server);
                self.tell_archived(name, cell, archived, log::Cause::Server);
            }
            Err(e) => log::event(format!("table {name}: the flag was not kept: {e}")),
        }
    }

    /// The server is stopping: every timed table that goes on keeps the
    /// time its seat to move has spent on the turn so far (the game
    /// written whole), so a restart goes on from there. How many were kept.
    pub fn stop_clocks(&self) -> usize {
        let now = self.time.now();
        let cells: Vec<(String, std::sync::Arc<RoomCell>)> = lock(&self.rooms)
            .iter()
            .map(|(n, c)| (n.clone(), c.clone()))
            .collect();
        let mut kept = 0;
        for (name, cell) in cells {
            let _writing = lock(&cell.writer);
            let saved = {
                let room = lock(&cell.room);
                if room.time_left(now).is_none() {
                    continue;
                }
                room.table
                    .saved_during_turn(now.saturating_sub(room.turn_began))
            };
            match self.store.save_game(&name, &saved) {
                Ok(()) => kept += 1,
                Err(e) => log::event(format!("table {name}: its clocks were not kept: {e}")),
            }
        }
        kept
    }
}
