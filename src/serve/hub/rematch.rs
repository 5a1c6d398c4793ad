//! A rematch at a finished table: once every player at it has asked (`n`
//! at the table), a new table is made with the same game, the seats
//! turned one place (colours swapped, for two), and every player is sent
//! there; anyone watching is told where it is.

use super::{Shared, lock};
use crate::serve::identity::Who;
use crate::serve::log;
use crate::serve::room::Room;
use crate::session::table::{TableGame, TableSpec};

/// The seats turned one place: seat `i` of the rematch is seat `i + 1`
/// of the game before (for two seats, the colours swapped).
pub fn turned<T: Clone>(seats: &[T]) -> Vec<T> {
    let n = seats.len();
    (0..n).map(|i| seats[(i + 1) % n].clone()).collect()
}

/// A name for the rematch of table `name`: `t1` → `t1-2`, `t1-2` →
/// `t1-3`, the first of them that `taken` does not have.
pub fn rematch_name(name: &str, taken: impl Fn(&str) -> bool) -> String {
    let base = match name.rsplit_once('-') {
        Some((base, n))
            if !base.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) =>
        {
            base
        }
        _ => name,
    };
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|candidate| !taken(candidate))
        .unwrap_or_else(|| format!("{name}-rematch"))
}

impl Shared {
    /// Connection `conn` of `who` asks for a rematch at table `name`,
    /// whose game is over: the others are asked, and once every player
    /// has asked the new table is made and they are all sent there. The
    /// new table's name when it was made; the refusal says why. May write.
    pub fn rematch(&self, name: &str, conn: u64, who: &Who) -> Result<Option<String>, String> {
        let cell = self
            .cell(name)
            .ok_or_else(|| format!("The table {name} is gone."))?;
        let _making = lock(&self.creating);
        let (room, players) = {
            let mut room = lock(&cell.room);
            if room.table.outcome().is_none() {
                return Err("The game goes on; a rematch can be asked for once it is over.".into());
            }
            let Some(seat) = room.seat_of_connection(conn) else {
                return Err("Only the players at this table can ask for a rematch.".into());
            };
            let here = room.players_here();
            let people: Vec<usize> = (0..room.table.players().len())
                .filter(|s| room.table.players()[*s].level().is_none())
                .collect();
            if let Some(gone) = people.iter().find(|s| !here.iter().any(|(h, _)| h == *s)) {
                return Err(format!(
                    "{} has left the table; a rematch needs every player here.",
                    room.seat_name(*gone)
                ));
            }
            if room.rematch.get(seat).copied().unwrap_or(false) {
                return Err(
                    "You have asked for a rematch; the others have not answered yet.".into(),
                );
            }
            if let Some(slot) = room.rematch.get_mut(seat) {
                *slot = true;
            }
            if !people
                .iter()
                .all(|s| room.rematch.get(*s).copied().unwrap_or(false))
            {
                let news = format!(
                    "{} asks for a rematch, the seats turned: n accepts.",
                    who.name
                );
                room.tell(Some(conn), &news);
                room.broadcast();
                return Ok(None);
            }
            let old = &room.table;
            let spec = TableSpec {
                variant: old.variant(),
                options: old.options().clone(),
                position: Some(old.start_position().to_string()),
                players: turned(old.players()),
                time: old.time_control(),
            };
            let mut table = TableGame::new(&spec).map_err(|e| e.to_string())?;
            if let Some(ms) = old.think_ms() {
                table.set_think_ms(ms);
            }
            let mut next = Room::new(table, room.owner.clone(), room.think_ms, self.time.now());
            next.address = room.address.clone();
            next.holders = turned(&room.holders);
            (next, here)
        };
        let new_name = rematch_name(name, |n| self.exists(n));
        self.open(&new_name, room)?;
        log::caused(
            log::Cause::Conn(conn),
            format!("table {new_name}: the rematch of table {name}"),
        );
        let room = lock(&cell.room);
        room.tell(None, &format!("The rematch is at table {new_name}."));
        for (_, mailbox) in players {
            mailbox.go_to(&new_name);
        }
        Ok(Some(new_name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seats_turn_one_place_and_the_name_counts_up() {
        assert_eq!(turned(&["ann", "bob"]), ["bob", "ann"]);
        assert_eq!(turned(&[1, 2, 3, 4]), [2, 3, 4, 1]);
        let taken = |n: &str| n == "t1-2";
        assert_eq!(rematch_name("t1", taken), "t1-3");
        assert_eq!(rematch_name("t1-3", |_| false), "t1-2");
        assert_eq!(rematch_name("ann-1", |_| false), "ann-2");
        assert_eq!(rematch_name("-7", |_| false), "-7-2");
    }
}
