//! One shared table: the authoritative game, who sits in each seat, and
//! who is looking. Moves are checked here against the engine's legal moves
//! and the seat of whoever sent them; everyone at the table hears who sat
//! down, left or started watching.

use super::address::Sentence;
use super::identity::Who;
use super::mailbox::{Ending, Mailbox};
use super::store::SeatsRecord;
use crate::session::keeper::policy;
use crate::session::table::TableGame;
use crate::session::words::capitalise;
use catboard::core::{Departure, Game, Move, Retire, Seat};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

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
    mailbox: Arc<Mailbox>,
    /// The seat they play, if any.
    seat: Option<usize>,
    /// Their name, for the notices.
    name: String,
}

/// One table: its game and its people.
#[derive(Debug)]
pub struct Room {
    /// The game, as the engine keeps it.
    pub table: TableGame,
    /// Who holds each seat played by a person (`None`: free, or a computer seat).
    pub holders: Vec<Option<Holder>>,
    /// Whom the table counts against ([`Who::person`] of its maker).
    pub owner: String,
    /// The address its maker connected from ([`Who::address`]), when known.
    pub address: Option<String>,
    /// When a move was last made at it (or it was made, or brought
    /// back), on the hub's clock.
    pub last_move: Duration,
    /// When somebody last came or left, on the hub's clock.
    pub last_seen: Duration,
    /// How long a Master computer thinks per move here.
    pub think_ms: u64,
    /// When the turn under way began, on the hub's clock (the time the
    /// seat to move spent before a restart is the game's
    /// [`TableGame::carried`]).
    pub turn_began: Duration,
    /// The draw offered and not answered yet: the seat that offered it.
    pub draw_offer: Option<Seat>,
    /// The draws each seat has offered in this game, and when it last did.
    offers: Vec<(usize, Option<Duration>)>,
    /// The seats whose players asked for a rematch, once the game is over.
    pub rematch: Vec<bool>,
    /// The connections looking, by connection id.
    viewers: HashMap<u64, Viewer>,
    /// The ply a computer search was started for, so one starts once.
    pub searching: Option<usize>,
    /// Since when each seat has had no connection at the table, on the
    /// hub's clock (`None` while its player is here).
    away: Vec<Option<Duration>>,
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
    /// The name of the person at each seat.
    pub people: Vec<Option<String>>,
}

impl Room {
    /// A table for `table`, made by `owner`, with every person's seat
    /// free, its turn beginning at `now` on the hub's clock.
    pub fn new(table: TableGame, owner: String, think_ms: u64, now: Duration) -> Room {
        let seats = table.players().len();
        Room {
            table,
            holders: vec![None; seats],
            owner,
            address: None,
            last_move: now,
            last_seen: now,
            think_ms,
            turn_began: now,
            draw_offer: None,
            offers: vec![(0, None); seats],
            rematch: vec![false; seats],
            viewers: HashMap::new(),
            searching: None,
            away: vec![Some(now); seats],
        }
    }

    /// Notes at `now` which seats have their player here: a seat nobody
    /// plays from is away from now on, unless it was already.
    pub fn note_presence(&mut self, now: Duration) {
        for (seat, away) in self.away.iter_mut().enumerate() {
            let here = self.viewers.values().any(|v| v.seat == Some(seat));
            *away = match (here, *away) {
                (true, _) => None,
                (false, Some(since)) => Some(since),
                (false, None) => Some(now),
            };
        }
    }

    /// The person seats other than `own` still in the game whose player
    /// is away at `now`, each with how long they have been.
    pub fn absent_seats(&self, own: usize, now: Duration) -> Vec<(usize, Duration)> {
        let game = self.table.game();
        (0..self.away.len())
            .filter(|&s| s != own && self.is_person_seat(s))
            .filter(|&s| {
                game.may_retire(Retire::Leave(Seat(s as u8), Departure::Resigned))
                    .is_ok()
            })
            .filter_map(|s| Some((s, now.saturating_sub(self.away[s]?))))
            .collect()
    }

    /// The time the seat to move has spent on its turn at `now` (the time
    /// carried from before a restart included); zero while its clock does
    /// not run ([`policy::clock_runs`]: an untimed table, a finished game,
    /// a person's first move).
    pub fn turn_so_far(&self, now: Duration) -> Duration {
        if !policy::clock_runs(&self.table) {
            return Duration::ZERO;
        }
        self.table.carried() + now.saturating_sub(self.turn_began)
    }

    /// The time the seat to move has left at `now`, when its clock runs.
    pub fn time_left(&self, now: Duration) -> Option<Duration> {
        policy::time_left(&self.table, now.saturating_sub(self.turn_began))
    }

    /// The flag that falls at `now` for the seat to move, if one does: its
    /// time has run out ([`policy::fallen_flag`]), or it is a person who
    /// has not started the game within `first_move_wait`
    /// ([`policy::first_move_flag`]; the game is then aborted).
    pub fn due_flag(&self, now: Duration, first_move_wait: Duration) -> Option<Retire> {
        let spent = now.saturating_sub(self.turn_began);
        policy::fallen_flag(&self.table, spent)
            .or_else(|| policy::first_move_flag(&self.table, spent, first_move_wait))
    }

    /// The game as a viewer should have it at `now`: carrying the time
    /// spent on the turn so far, so every screen shows the same clock.
    pub fn table_at(&self, now: Duration) -> TableGame {
        let mut table = self.table.clone();
        if table.clocks().is_some() && table.outcome().is_none() {
            table.set_carried(self.turn_so_far(now));
        }
        table
    }

    /// The time control, as the lobby and the archive write it (`5+3`).
    pub fn time_control(&self) -> Option<String> {
        self.table.time_control().map(|t| t.text())
    }

    /// The seats as kept on disk; `holders` instead of the room's own when given.
    pub fn record(&self, holders: Option<&[Option<Holder>]>) -> SeatsRecord {
        // A guest's seat is never kept: a guest cannot come back as the
        // same guest, so a kept seat would only stay empty.
        let holders = holders.unwrap_or(&self.holders);
        SeatsRecord {
            owner: self.owner.clone(),
            holders: holders
                .iter()
                .map(|h| {
                    h.clone()
                        .filter(|h| !h.identity.starts_with(super::identity::GUEST_PREFIX))
                })
                .collect(),
            think_ms: Some(self.think_ms),
            address: self.address.clone(),
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

    /// The seat `who` would get: the one they hold (a reconnection), else
    /// a free person's seat (`preferred` first) when `play`, else none.
    pub fn seat_for(&self, who: &Who, play: bool, preferred: Option<usize>) -> Option<usize> {
        let free = |s: &usize| self.is_person_seat(*s) && self.holders[*s].is_none();
        match self.seat_of(who) {
            Some(held) => Some(held),
            None if play => preferred
                .filter(free)
                .or_else(|| (0..self.holders.len()).find(free)),
            None => None,
        }
    }

    /// The holders with `who` in `seat`, when that changes who holds it.
    pub fn holders_with(&self, who: &Who, seat: usize) -> Option<Vec<Option<Holder>>> {
        let holder = Holder {
            identity: who.identity.clone(),
            name: who.name.clone(),
        };
        if self.holders.get(seat)? == &Some(holder.clone()) {
            return None;
        }
        let mut holders = self.holders.clone();
        holders[seat] = Some(holder);
        Some(holders)
    }

    /// Brings connection `conn` of `who` to the table, in `seat` (from
    /// [`Room::seat_for`]) or watching; an older connection of the seat's
    /// holder is closed, and everyone else hears who came.
    pub fn join(
        &mut self,
        conn: u64,
        who: &Who,
        mailbox: Arc<Mailbox>,
        seat: Option<usize>,
    ) -> Joined {
        if let Some(s) = seat {
            self.viewers.retain(|_, v| {
                let older = v.seat == Some(s);
                if older {
                    v.mailbox.end(Ending::TakenOver);
                }
                !older
            });
            self.holders[s] = Some(Holder {
                identity: who.identity.clone(),
                name: who.name.clone(),
            });
        }
        let news = match seat {
            Some(s) => format!("{} sits down as {}.", who.name, self.seat_name(s)),
            None => format!("{} is watching.", who.name),
        };
        self.tell(Some(conn), &news);
        self.viewers.insert(
            conn,
            Viewer {
                mailbox,
                seat,
                name: who.name.clone(),
            },
        );
        self.broadcast();
        Joined {
            seat,
            table: self.table.clone(),
            seats: self.seat_words(),
            people: self.people(),
        }
    }

    /// Connection `conn` of `who` leaves; a guest's seat is given up, and
    /// everyone left hears of it. Returns whether the seats changed.
    pub fn leave(&mut self, conn: u64, who: &Who) -> bool {
        let Some(viewer) = self.viewers.remove(&conn) else {
            return false;
        };
        let (news, changed) = match viewer.seat {
            Some(seat) if who.guest => {
                self.holders[seat] = None;
                (
                    format!(
                        "{} left; {}'s seat is free.",
                        viewer.name,
                        self.seat_name(seat)
                    ),
                    true,
                )
            }
            // Once the game is over there is no seat to keep: only a
            // rematch would need it, and it is asked for at the table.
            Some(_) if self.table.outcome().is_some() => {
                (format!("{} left the table.", viewer.name), false)
            }
            Some(seat) => (
                format!(
                    "{} left; {}'s seat is kept for them.",
                    viewer.name,
                    self.seat_name(seat)
                ),
                false,
            ),
            None => (format!("{} stopped watching.", viewer.name), false),
        };
        self.tell(None, &news);
        self.broadcast();
        changed
    }

    /// The seat connection `conn` plays, if it plays one.
    pub fn seat_of_connection(&self, conn: u64) -> Option<usize> {
        self.viewers.get(&conn).and_then(|v| v.seat)
    }

    /// Checks that connection `conn` may play `mv` now: it plays the seat
    /// to move and the move is legal; a retirement goes to
    /// [`Room::check_retire`]. The refusal says why.
    pub fn check(&self, conn: u64, mv: Move) -> Result<(), String> {
        if let Some(retire) = Retire::of(mv) {
            return self.check_retire(conn, retire);
        }
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
                self.seat_name(seat)
            ));
        }
        match policy::move_refusal(&self.table, mv) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    /// Checks that connection `conn` may play `retire` now: a resignation
    /// of its own seat, or a draw agreed by answering an offer the other
    /// army made here. A flag is never a client's to play: the hub's
    /// clock lets it fall. The refusal says why.
    pub fn check_retire(&self, conn: u64, retire: Retire) -> Result<(), String> {
        if let Some(outcome) = self.table.outcome() {
            return Err(format!(
                "The game is over ({}).",
                self.table.outcome_words(outcome)
            ));
        }
        let Some(own) = self.seat_of_connection(conn) else {
            return Err(
                "You are watching this table; only its players resign or agree a draw.".into(),
            );
        };
        match retire {
            Retire::Leave(_, Departure::Flagged) => {
                return Err("A flag falls by the server's clock, never by a player's word.".into());
            }
            Retire::Leave(seat, Departure::Resigned) if seat.index() != own => {
                return Err(format!(
                    "You play {}; only {} can resign for {}.",
                    self.seat_name(own),
                    self.seat_name(seat.index()),
                    self.seat_name(seat.index())
                ));
            }
            Retire::Leave(..) => {}
            Retire::Agreement => match self.draw_offer {
                Some(from) if from.opponent().index() == own => {}
                Some(from) if from.index() == own => {
                    return Err("You offered the draw; the other side answers it.".into());
                }
                _ => return Err("No draw has been offered to you.".into()),
            },
        }
        self.table
            .game()
            .may_retire(retire)
            .map_err(|e| e.to_string())
    }

    /// Checks that connection `conn` may offer a draw at `now`, with
    /// `limits` on how many and how often: a player, where the table
    /// policy lets their seat offer ([`policy::offer_refusal`]), no offer
    /// waiting, and within the seat's budget. The seat offering, or why not.
    pub fn check_offer(&self, conn: u64, now: Duration) -> Result<Seat, String> {
        use super::limits::{DRAW_OFFER_GAP, DRAW_OFFERS_PER_GAME};
        if self.table.outcome().is_some() {
            return Err("The game is already over.".into());
        }
        let Some(own) = self.seat_of_connection(conn) else {
            return Err("You are watching this table; only its players offer draws.".into());
        };
        if let Some(why) = policy::offer_refusal(&self.table, Seat(own as u8)) {
            return Err(why);
        }
        if self.draw_offer.is_some() {
            return Err("A draw offer is waiting for its answer already.".into());
        }
        let (made, last) = self.offers.get(own).copied().unwrap_or((0, None));
        if made >= DRAW_OFFERS_PER_GAME {
            return Err(format!(
                "You have offered {made} draws in this game, the most one player may."
            ));
        }
        if let Some(last) = last {
            let next = last + DRAW_OFFER_GAP;
            if now < next {
                return Err(format!(
                    "You offered a draw a moment ago; you may offer again in {} s.",
                    (next - now).as_secs().max(1)
                ));
            }
        }
        Ok(Seat(own as u8))
    }

    /// Seat `seat` offers a draw at `now` (checked by [`Room::check_offer`]).
    pub fn offer_draw(&mut self, seat: Seat, now: Duration) {
        self.draw_offer = Some(seat);
        if let Some(slot) = self.offers.get_mut(seat.index()) {
            slot.0 += 1;
            slot.1 = Some(now);
        }
        self.broadcast();
    }

    /// The connections of the players at the table, and the seat each plays.
    pub fn players_here(&self) -> Vec<(usize, Arc<Mailbox>)> {
        self.viewers
            .values()
            .filter_map(|v| v.seat.map(|s| (s, v.mailbox.clone())))
            .collect()
    }

    /// Tells every viewer the game changed.
    pub fn broadcast(&self) {
        for viewer in self.viewers.values() {
            viewer.mailbox.table_changed();
        }
    }

    /// Tells every viewer but `except` the sentence `text`.
    pub fn tell(&self, except: Option<u64>, text: &str) {
        self.say(except, text.into(), false);
    }

    /// Tells every viewer `sentence`, which may name the server's address.
    pub fn tell_all(&self, sentence: Sentence) {
        self.say(None, sentence, false);
    }

    /// Tells every viewer the failure `text`.
    pub fn warn(&self, text: &str) {
        self.say(None, text.into(), true);
    }

    /// Tells every viewer but `except` (who was told already) the failure `text`.
    pub fn warn_others(&self, except: u64, text: &str) {
        self.say(Some(except), text.into(), true);
    }

    fn say(&self, except: Option<u64>, text: Sentence, error: bool) {
        for (id, viewer) in &self.viewers {
            if Some(*id) != except {
                viewer.mailbox.notice(text.clone(), error);
            }
        }
    }

    /// Whether anyone is looking.
    pub fn is_watched(&self) -> bool {
        !self.viewers.is_empty()
    }

    /// Whether a game is being played here at `now`: somebody is at the
    /// table, or a move was made at it less than `recent` ago. Such a
    /// table is never closed to make room.
    pub fn in_play(&self, now: Duration, recent: Duration) -> bool {
        self.is_watched() || (self.table.ply() > 0 && now.saturating_sub(self.last_move) < recent)
    }

    /// Whether every person's seat has made a move (a game is under way,
    /// not just set up; [`policy::unplayed`]).
    pub fn each_person_moved(&self) -> bool {
        !policy::unplayed(&self.table)
    }

    /// Why the table should be closed at `now`, if it should: nobody is
    /// at it, and it has gone `idle` without a move, or `empty` without
    /// anybody while its players have not each moved.
    pub fn expired(&self, now: Duration, idle: Duration, empty: Duration) -> Option<&'static str> {
        if self.is_watched() || self.table.outcome().is_some() {
            return None;
        }
        if now.saturating_sub(self.last_move) >= idle {
            return Some("nobody moved at it for a long time");
        }
        let unused = now.saturating_sub(self.last_seen.max(self.last_move));
        (unused >= empty && !self.each_person_moved())
            .then_some("nobody was at it and no game had begun")
    }

    /// How many connections watch without a seat.
    pub fn spectators(&self) -> usize {
        self.viewers.values().filter(|v| v.seat.is_none()).count()
    }

    /// Seat `seat`'s name, capitalised.
    pub fn seat_name(&self, seat: usize) -> String {
        capitalise(
            self.table
                .game()
                .seat_names()
                .get(seat)
                .copied()
                .unwrap_or("?"),
        )
    }

    /// What the panel shows for each seat a person plays: the name of
    /// whoever holds it, or "free"; `None` for a computer's seat.
    pub fn people(&self) -> Vec<Option<String>> {
        (0..self.holders.len())
            .map(|s| match &self.holders[s] {
                Some(h) => Some(h.name.clone()),
                None if self.is_person_seat(s) => Some("free".to_string()),
                None => None,
            })
            .collect()
    }

    /// Each seat in words: `White: ann`, `Black: free`, `Black: computer (club)`.
    pub fn seat_words(&self) -> Vec<String> {
        (0..self.holders.len())
            .map(|s| {
                let who = match (&self.holders[s], self.table.players()[s].level()) {
                    (_, Some(_)) => self.table.players()[s].label(),
                    (Some(h), None) => h.name.clone(),
                    (None, None) => "free".to_string(),
                };
                format!("{}: {who}", self.seat_name(s))
            })
            .collect()
    }

    /// Whether a person's seat is free.
    pub fn has_free_seat(&self) -> bool {
        (0..self.holders.len()).any(|s| self.is_person_seat(s) && self.holders[s].is_none())
    }

    /// The game is now `table` (a move already checked and kept), its
    /// next turn beginning at `now`. A draw offered stands until answered,
    /// or until the side it was offered to moves instead (which declines
    /// it), or the game ends.
    pub fn play(&mut self, table: TableGame, now: Duration) {
        self.table = table;
        self.turn_began = now;
        self.last_move = now;
        let declined = self.draw_offer.is_some_and(|from| {
            self.table.outcome().is_some() || self.table.last_mover() == Some(from.opponent())
        });
        if declined {
            self.draw_offer = None;
        }
        self.broadcast();
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
            person: id.into(),
            address: String::new(),
            first_seen: None,
            key: (!guest).then(|| id.to_string()),
        }
    }

    fn chess_room() -> Room {
        let table = TableGame::new(&TableSpec {
            variant: Variant::Chess,
            options: catboard::core::Options::new(),
            position: None,
            players: vec![Player::Human; 2],
            time: None,
        })
        .expect("chess");
        Room::new(table, "owner".into(), 1000, Duration::ZERO)
    }

    fn mv(room: &Room, text: &str) -> Move {
        room.table.game().parse_move(text).expect("a legal move")
    }

    fn come(room: &mut Room, conn: u64, who: &Who, play: bool) -> (Option<usize>, Arc<Mailbox>) {
        let mailbox = Arc::new(Mailbox::new());
        let seat = room.seat_for(who, play, None);
        let joined = room.join(conn, who, mailbox.clone(), seat);
        (joined.seat, mailbox)
    }

    fn said(mailbox: &Mailbox) -> Vec<String> {
        mailbox
            .take()
            .notices
            .into_iter()
            .map(|n| n.text.plain())
            .collect()
    }

    #[test]
    fn seats_go_to_players_in_turn_and_a_third_watches() {
        let mut room = chess_room();
        assert_eq!(come(&mut room, 1, &who("a", false), true).0, Some(0));
        assert_eq!(come(&mut room, 2, &who("b", false), true).0, Some(1));
        assert_eq!(come(&mut room, 3, &who("c", false), true).0, None);
        assert_eq!(room.spectators(), 1);
        assert_eq!(
            room.people(),
            [Some("a".to_string()), Some("b".to_string())]
        );
    }

    #[test]
    fn only_the_seat_to_move_moves_and_only_legally() {
        let mut room = chess_room();
        come(&mut room, 1, &who("a", false), true);
        come(&mut room, 2, &who("b", false), true);
        come(&mut room, 3, &who("c", false), false);
        let e4 = mv(&room, "e4");
        let err = room.check(2, e4).expect_err("Black may not move for White");
        assert!(err.contains("White's move"), "{err}");
        assert!(
            room.check(3, e4)
                .expect_err("a spectator")
                .contains("watching")
        );
        room.check(1, e4).expect("White may");
    }

    #[test]
    fn a_person_keeps_the_seat_across_a_reconnection_and_a_guest_does_not() {
        let mut room = chess_room();
        come(&mut room, 1, &who("a", false), true);
        come(&mut room, 2, &who("g", true), true);
        assert!(!room.leave(1, &who("a", false)), "a's seat is kept");
        assert!(
            room.leave(2, &who("g", true)),
            "the guest's seat is given up"
        );
        assert_eq!(come(&mut room, 3, &who("x", false), true).0, Some(1));
        assert_eq!(come(&mut room, 4, &who("a", false), true).0, Some(0));
    }

    #[test]
    fn a_newer_connection_of_a_seat_holder_takes_the_seat_and_closes_the_older() {
        let mut room = chess_room();
        let (_, old) = come(&mut room, 1, &who("a", false), true);
        let (seat, _) = come(&mut room, 2, &who("a", false), true);
        assert_eq!(seat, Some(0), "the newer connection plays a's seat");
        assert_eq!(old.take().ending, Some(Ending::TakenOver));
        let e4 = mv(&room, "e4");
        assert!(room.check(1, e4).is_err(), "the older one moves no more");
        room.check(2, e4).expect("the newer one moves");
    }

    #[test]
    fn everyone_at_the_table_hears_who_sits_down_watches_and_leaves() {
        let mut room = chess_room();
        let (_, ann) = come(&mut room, 1, &who("ann", false), true);
        assert!(said(&ann).is_empty(), "nobody to tell but herself");
        let (_, bob) = come(&mut room, 2, &who("bob", false), true);
        assert_eq!(said(&ann), ["bob sits down as Black."]);
        let (_, cat) = come(&mut room, 3, &who("cat", false), false);
        assert_eq!(said(&ann), ["cat is watching."]);
        assert_eq!(said(&bob), ["cat is watching."]);
        room.leave(2, &who("bob", false));
        assert_eq!(said(&ann), ["bob left; Black's seat is kept for them."]);
        assert_eq!(said(&cat), ["bob left; Black's seat is kept for them."]);
        room.leave(3, &who("cat", false));
        assert_eq!(said(&ann), ["cat stopped watching."]);
        assert!(said(&bob).is_empty(), "bob has gone");
    }

    #[test]
    fn a_player_who_leaves_after_the_game_is_not_said_to_keep_a_seat() {
        let mut room = chess_room();
        let (_, ann) = come(&mut room, 1, &who("ann", false), true);
        come(&mut room, 2, &who("bob", false), true);
        let _ = said(&ann);
        for m in ["f3", "e5", "g4", "Qh4#"] {
            let played = mv(&room, m);
            room.table.play(played);
        }
        assert!(room.table.outcome().is_some(), "the game is over");
        room.leave(2, &who("bob", false));
        assert_eq!(said(&ann), ["bob left the table."]);
    }

    #[test]
    fn a_seat_offers_so_many_draws_a_game_and_not_too_often() {
        use crate::serve::limits::{DRAW_OFFER_GAP, DRAW_OFFERS_PER_GAME};
        let mut room = chess_room();
        come(&mut room, 1, &who("a", false), true);
        come(&mut room, 2, &who("b", false), true);
        let mut now = Duration::from_secs(100);
        for made in 1..=DRAW_OFFERS_PER_GAME {
            let seat = room.check_offer(1, now).expect("within the budget");
            room.offer_draw(seat, now);
            room.draw_offer = None;
            let soon = now + DRAW_OFFER_GAP - Duration::from_secs(1);
            let err = room.check_offer(1, soon).expect_err("too soon");
            if made < DRAW_OFFERS_PER_GAME {
                assert!(err.contains("again in 1 s"), "{err}");
            }
            now += DRAW_OFFER_GAP;
        }
        let err = room.check_offer(1, now).expect_err("spent");
        assert!(err.contains("the most one player may"), "{err}");
    }
}
