//! Draws offered at a shared table. An offer goes through the hub: it is
//! recorded in the [`Room`](crate::serve::room::Room) (one waiting at a
//! time, each seat within its budget), everyone at the table is told, and
//! the other army's screens ask their player; the answer comes back
//! through the hub, which alone plays the agreed draw. A computer seat
//! judges an offer by the table policy every keeper shares
//! ([`policy::takes_draw`]): by its search, taking the draw when it finds
//! its side no better than level.

use super::{Shared, lock};
use crate::serve::computers::Job;
use crate::serve::log;
use crate::session::keeper::policy;
use catboard::core::{Game, Retire};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

impl Shared {
    /// Connection `conn` offers a draw at table `name`: recorded, told to
    /// the table, and asked of the other army (a person answers on their
    /// screen, a computer by its search). Refused in a sentence (see
    /// [`crate::serve::room::Room::check_offer`]).
    pub fn offer_draw(&self, name: &str, conn: u64) -> Result<(), String> {
        let cell = self
            .cell(name)
            .ok_or_else(|| format!("The table {name} is gone."))?;
        let now = self.time.now();
        let mut room = lock(&cell.room);
        let offerer = room.check_offer(conn, now)?;
        room.offer_draw(offerer, now);
        let other = offerer.opponent();
        let (offers, answers) = (
            room.seat_name(offerer.index()),
            room.seat_name(other.index()),
        );
        log::caused(
            log::Cause::Conn(conn),
            format!("table {name}: {offers} offers a draw"),
        );
        let Some(level) = policy::draw_judge(&room.table, offerer) else {
            room.tell(
                None,
                &format!("{offers} offers a draw; {answers} answers y or n."),
            );
            return Ok(());
        };
        room.tell(
            None,
            &format!("{offers} offers a draw; {answers} thinks it over."),
        );
        let ply = room.table.ply();
        let game = room.table.game().clone();
        // The search is given the offerer's turn's budget.
        let limits = policy::search_limits(
            &room.table,
            level,
            self.limits.think_ms_for(room.think_ms),
            room.time_left(now),
        );
        let (shared, table) = (self.me.clone(), name.to_string());
        self.searches.submit(Job {
            owner: room.owner.clone(),
            not_before: Instant::now(),
            run: Box::new(move || {
                let thought = catboard::ai::think(&game, &limits, &AtomicBool::new(false), |_| {});
                if let Some(shared) = shared.upgrade() {
                    shared.judged(&table, ply, thought.score);
                }
            }),
        });
        Ok(())
    }

    /// Connection `conn` declines the draw offered to its seat at table
    /// `name`; everyone is told.
    pub fn decline_draw(&self, name: &str, conn: u64) -> Result<(), String> {
        let cell = self
            .cell(name)
            .ok_or_else(|| format!("The table {name} is gone."))?;
        let mut room = lock(&cell.room);
        let own = room.seat_of_connection(conn);
        match room.draw_offer {
            Some(from) if Some(from.opponent().index()) == own => {
                room.draw_offer = None;
                let answers = room.seat_name(from.opponent().index());
                // The one declining said so on their own screen.
                room.tell(Some(conn), &format!("{answers} declines the draw."));
                room.broadcast();
                log::caused(
                    log::Cause::Conn(conn),
                    format!("table {name}: {answers} declines the draw"),
                );
                Ok(())
            }
            _ => Err("No draw has been offered to you.".into()),
        }
    }

    /// A computer's search about the draw offered at table `name` at ply
    /// `ply` scored `score` for the side that offered: it takes the draw
    /// (played and kept as any ply) or declines it. Ignored when the
    /// table has moved on or the offer is gone. May write.
    fn judged(&self, name: &str, ply: usize, score: i32) {
        let Some(cell) = self.cell(name) else {
            return;
        };
        let _writing = lock(&cell.writer);
        let (next, text, answers) = {
            let mut room = lock(&cell.room);
            let Some(from) = room.draw_offer.filter(|_| room.table.ply() == ply) else {
                return;
            };
            let answers = room.seat_name(from.opponent().index());
            if !policy::takes_draw(score) {
                room.draw_offer = None;
                room.tell(None, &format!("{answers} declines the draw."));
                room.broadcast();
                log::event(format!("table {name}: {answers} declines the draw"));
                return;
            }
            let mut next = room.table.clone();
            if let Err(e) = next.retire(Retire::Agreement) {
                room.draw_offer = None;
                room.warn(&e.to_string());
                return;
            }
            let text = room.table.game().move_text(Retire::Agreement.to_move());
            (next, text, answers)
        };
        match self.keep(name, &cell, &next, &text) {
            Ok(archived) => {
                lock(&cell.room).tell(None, &format!("{answers} accepts the draw."));
                log::event(format!("table {name}: {answers} accepts the draw"));
                self.moved(name, &cell, next, log::Cause::Server);
                self.tell_archived(name, &cell, archived, log::Cause::Server);
            }
            Err(e) => {
                let mut room = lock(&cell.room);
                room.draw_offer = None;
                room.warn(&format!("The draw was not agreed: {e}"));
            }
        }
    }
}
