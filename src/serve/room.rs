//! One shared table: the authoritative game, who sits in each seat, and
//! who is looking. Moves are checked here against the engine's legal moves
//! and the seat of whoever sent them.

use super::event::ConnEvent;
use super::identity::Who;
use crate::session::table::TableGame;
use crate::session::words::capitalise;
use catboard::core::{Game, Move};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::mpsc::Sender;

/// The person holding a seat; the seat is theirs while they are away,
/// unless they are a guest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    /// Their identity ([`Who::identity`]).
    pub identity: String,
    /// Their name.
    pub name: String,
}

/// A connection looking at the table.
#[derive(Debug)]
struct Viewer {
    /// Where to say the table changed.
    tx: Sender<ConnEvent>,
    /// The seat they play, if any.
    seat: Option<usize>,
}

/// One table: its game and its people.
#[derive(Debug)]
pub struct Room {
    /// The game, as the engine keeps it.
    pub table: TableGame,
    /// Who holds each seat played by a person (`None`: free, or a computer seat).
    pub holders: Vec<Option<Holder>>,
    /// The identity of whoever made the table.
    pub owner: String,
    /// The connections looking, by connection id.
    viewers: HashMap<u64, Viewer>,
    /// The ply a computer search was started for, so one starts once.
    pub searching: Option<usize>,
}

/// What a connection gets when it comes to a table.
#[derive(Clone, Debug)]
pub struct Joined {
    /// The seat it plays, or `None` to watch.
    pub seat: Option<usize>,
    /// The game as it stands.
    pub table: TableGame,
    /// Each seat and who holds it, in words.
    pub seats: Vec<String>,
}

impl Room {
    /// A table for `table`, made by `owner`, with every person's seat free.
    pub fn new(table: TableGame, owner: String) -> Room {
        let seats = table.players().len();
        Room {
            table,
            holders: vec![None; seats],
            owner,
            viewers: HashMap::new(),
            searching: None,
        }
    }

    /// Whether seat `seat` is played by a person.
    fn is_person_seat(&self, seat: usize) -> bool {
        self.table
            .players()
            .get(seat)
            .is_some_and(|p| p.level().is_none())
    }

    /// The seat `who` holds already.
    fn seat_of(&self, who: &Who) -> Option<usize> {
        self.holders
            .iter()
            .position(|h| h.as_ref().is_some_and(|h| h.identity == who.identity))
    }

    /// The newest connection of a seat's holder plays it: an older one
    /// (a connection that dropped unnoticed, another window) is closed.
    fn take_over(&mut self, seat: usize) {
        self.viewers.retain(|_, v| {
            let older = v.seat == Some(seat);
            if older {
                let _ = v.tx.send(ConnEvent::Close);
            }
            !older
        });
    }

    /// Brings connection `conn` of `who` to the table: to the seat they
    /// hold (a reconnection), else to a free person's seat (`preferred`
    /// first) when `play`, else to watch.
    pub fn join(
        &mut self,
        conn: u64,
        who: &Who,
        tx: Sender<ConnEvent>,
        play: bool,
        preferred: Option<usize>,
    ) -> Joined {
        let free = |s: &usize| self.is_person_seat(*s) && self.holders[*s].is_none();
        let seat = match self.seat_of(who) {
            Some(held) => {
                self.take_over(held);
                Some(held)
            }
            None if play => preferred
                .filter(free)
                .or_else(|| (0..self.holders.len()).find(free)),
            None => None,
        };
        if let Some(s) = seat {
            self.holders[s] = Some(Holder {
                identity: who.identity.clone(),
                name: who.name.clone(),
            });
        }
        self.viewers.insert(conn, Viewer { tx, seat });
        Joined {
            seat,
            table: self.table.clone(),
            seats: self.seat_words(),
        }
    }

    /// Connection `conn` leaves; a guest's seat is given up. Returns
    /// whether the seats changed.
    pub fn leave(&mut self, conn: u64, who: &Who) -> bool {
        let Some(viewer) = self.viewers.remove(&conn) else {
            return false;
        };
        match viewer.seat {
            Some(seat) if who.guest => {
                self.holders[seat] = None;
                true
            }
            _ => false,
        }
    }

    /// Plays `mv` for connection `conn`, after checking it is that
    /// connection's seat to move and the move is legal; the refusal says why.
    pub fn play(&mut self, conn: u64, mv: Move) -> Result<(), String> {
        let seat = self.viewers.get(&conn).and_then(|v| v.seat);
        let game = self.table.game();
        let to_move = game.to_move();
        if let Some(outcome) = self.table.outcome() {
            return Err(format!(
                "The game is over ({}).",
                self.table.outcome_words(outcome)
            ));
        }
        let Some(seat) = seat else {
            return Err("You are watching this table; only its players move.".into());
        };
        if to_move.index() != seat {
            return Err(format!(
                "It is {}'s move; you play {}.",
                capitalise(game.seat_name(to_move)),
                capitalise(game.seat_names().get(seat).copied().unwrap_or("?"))
            ));
        }
        if !game.legal_move_list().contains(&mv) {
            return Err("That move is not legal here.".into());
        }
        self.table.play(mv);
        Ok(())
    }

    /// Tells every viewer the game changed.
    pub fn broadcast(&mut self) {
        self.viewers
            .retain(|_, v| v.tx.send(ConnEvent::TableChanged).is_ok());
    }

    /// How many connections watch without a seat.
    pub fn spectators(&self) -> usize {
        self.viewers.values().filter(|v| v.seat.is_none()).count()
    }

    /// Each seat in words: `White: ann`, `Black: free`, `Black: computer (club)`.
    pub fn seat_words(&self) -> Vec<String> {
        let game = self.table.game();
        (0..self.holders.len())
            .map(|s| {
                let who = match (&self.holders[s], self.table.players()[s].level()) {
                    (_, Some(_)) => self.table.players()[s].label(),
                    (Some(h), None) => h.name.clone(),
                    (None, None) => "free".to_string(),
                };
                let seat = game.seat_names().get(s).copied().unwrap_or("?");
                format!("{}: {who}", capitalise(seat))
            })
            .collect()
    }

    /// Whether a person's seat is free.
    pub fn has_free_seat(&self) -> bool {
        (0..self.holders.len()).any(|s| self.is_person_seat(s) && self.holders[s].is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::table::{Player, TableSpec};
    use catboard::variants::Variant;

    fn who(id: &str, guest: bool) -> Who {
        Who {
            identity: id.into(),
            name: id.into(),
            guest,
        }
    }

    fn chess_room() -> Room {
        let table = TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: catboard::core::Options::new(),
            position: None,
            players: vec![Player::Human; 2],
        })
        .expect("chess");
        Room::new(table, "owner".into())
    }

    fn mv(room: &Room, text: &str) -> Move {
        room.table.game().parse_move(text).expect("a legal move")
    }

    #[test]
    fn seats_go_to_players_in_turn_and_a_third_watches() {
        let mut room = chess_room();
        let (tx, _rx) = std::sync::mpsc::channel();
        assert_eq!(
            room.join(1, &who("a", false), tx.clone(), true, None).seat,
            Some(0)
        );
        assert_eq!(
            room.join(2, &who("b", false), tx.clone(), true, None).seat,
            Some(1)
        );
        assert_eq!(
            room.join(3, &who("c", false), tx.clone(), true, None).seat,
            None
        );
        assert_eq!(room.spectators(), 1);
    }

    #[test]
    fn only_the_seat_to_move_moves_and_only_legally() {
        let mut room = chess_room();
        let (tx, _rx) = std::sync::mpsc::channel();
        room.join(1, &who("a", false), tx.clone(), true, None);
        room.join(2, &who("b", false), tx.clone(), true, None);
        room.join(3, &who("c", false), tx.clone(), false, None);
        let e4 = mv(&room, "e4");
        let err = room.play(2, e4).expect_err("Black may not move for White");
        assert!(err.contains("White's move"), "{err}");
        assert!(
            room.play(3, e4)
                .expect_err("a spectator")
                .contains("watching")
        );
        room.play(1, e4).expect("White moves");
        assert_eq!(room.table.ply(), 1);
        assert!(room.play(1, e4).is_err(), "not White's move any more");
    }

    #[test]
    fn a_person_keeps_the_seat_across_a_reconnection_and_a_guest_does_not() {
        let mut room = chess_room();
        let (tx, _rx) = std::sync::mpsc::channel();
        room.join(1, &who("a", false), tx.clone(), true, None);
        room.join(2, &who("g", true), tx.clone(), true, None);
        room.leave(1, &who("a", false));
        room.leave(2, &who("g", true));
        assert_eq!(
            room.join(3, &who("x", false), tx.clone(), true, None).seat,
            Some(1),
            "the guest's seat is free"
        );
        assert_eq!(
            room.join(4, &who("a", false), tx.clone(), true, None).seat,
            Some(0),
            "a's seat was kept"
        );
    }

    #[test]
    fn a_newer_connection_of_a_seat_holder_takes_the_seat_and_closes_the_older() {
        let mut room = chess_room();
        let (old_tx, old_rx) = std::sync::mpsc::channel();
        let (tx, _rx) = std::sync::mpsc::channel();
        room.join(1, &who("a", false), old_tx, true, None);
        let newer = room.join(2, &who("a", false), tx, true, None);
        assert_eq!(newer.seat, Some(0), "the newer connection plays a's seat");
        assert!(
            matches!(old_rx.try_recv(), Ok(ConnEvent::Close)),
            "the older one is closed"
        );
        let e4 = mv(&room, "e4");
        assert!(room.play(1, e4).is_err(), "the older one moves no more");
        room.play(2, e4).expect("the newer one moves");
    }
}
